"""How the Blue Moon bots play: a fast rule for every decision (`quick`, for search playouts) and the
heuristic's option values (`option_values`: each option played out to the end of the bot's turn by the
quick rule, then the position judged by `evaluate`).

The position is judged in dragons: the dragons on each side, the fight running (will the player to move
be able to answer, or must they retreat?), the cards each has left (a card is worth a fraction of a
dragon: fights are paid for in cards, and the player who runs out ends the game), crystal cards on
display, and what is in hand.
"""

from __future__ import annotations

import math
from typing import Any

from moontable.engine import Action, Decision
from moontable.games.bluemoon.builder import card_worth
from moontable.games.bluemoon.content import CARDS, DRAGON_IDS
from moontable.games.bluemoon.flow import dragons_won
from moontable.games.bluemoon.reach import character_reaches
from moontable.games.bluemoon.state import BlueMoonState

W_DRAGON = 1.0
W_CARD = 0.16  # a card left (hand or draw pile), in dragons
W_HAND = 0.03  # per point of worth in hand
W_CRYSTAL = 0.8
W_FIGHT = 0.85  # the dragons the fight running is about to give, discounted
TEMPERATURE = 1.1

WORTH = {c: card_worth(c) for c in CARDS}
DRAGON_INDEX = {d: i for i, d in enumerate(DRAGON_IDS)}


# -- judging a position ---------------------------------------------------------------------------------


def can_answer(s: BlueMoonState, seat: int) -> bool:
    """Whether `seat`, about to play in the fight, holds a character that reaches the power check."""
    for c in s.players[seat].hand:
        if CARDS[c].kind == "character" and character_reaches(s, seat, c):
            return True
    return False


def fight_outlook(s: BlueMoonState, seat: int) -> float:
    """The dragons `seat` can expect from the fight running, judged when a turn begins: if the player to
    move cannot answer the power check, the other wins the fight."""
    if s.element is None or not s.decisions:
        return 0.0
    d = s.decisions[0]
    if d.kind not in ("leadership", "play"):
        return 0.0
    mover = d.seat
    if can_answer(s, mover):
        return 0.0
    n = min(2, dragons_won(s, 1 - mover))
    return float(n if mover != seat else -n)


def side_score(s: BlueMoonState, seat: int) -> float:
    p = s.players[seat]
    return (W_CARD * (len(p.hand) + len(p.deck)) + W_HAND * sum(WORTH[c] for c in p.hand)
            + W_CRYSTAL * len(p.crystals))


def margin(s: BlueMoonState, seat: int) -> float:
    """The position's worth to `seat` in dragons (0: even)."""
    d = s.dragons.count(seat) - s.dragons.count(1 - seat)
    x = W_DRAGON * d + side_score(s, seat) - side_score(s, 1 - seat)
    return x + W_FIGHT * fight_outlook(s, seat)


def evaluate(s: BlueMoonState, seat: int) -> float:
    """A chance of winning, 0..1."""
    if s.over:
        return 1.0 if s.winner == seat else 0.0
    x = margin(s, seat) / TEMPERATURE
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


# -- the quick rule -------------------------------------------------------------------------------------


def _hand_strength(s: BlueMoonState, seat: int, element: str) -> float:
    vals = sorted((CARDS[c].value(element) for c in s.players[seat].hand if CARDS[c].kind in
                   ("character", "booster", "support")), reverse=True)
    return sum(vals[:4])


def _start_option(s: BlueMoonState, d: Decision) -> Action:
    """Start a fight in the element of the strongest hand, with its strongest character."""
    chars = [o for o in d.options if o[0] == "character"]
    if not chars:
        return d.options[-1]
    el = max(("fire", "earth"), key=lambda e: (_hand_strength(s, d.seat, e), e == "fire"))
    return max((o for o in chars if o[2] == el), key=lambda o: (CARDS[o[1]].value(el), -WORTH[o[1]], o))


def _play_option(s: BlueMoonState, d: Decision) -> Action:
    if s.element is None:
        return _start_option(s, d)
    boosters = [o for o in d.options if o[0] == "retrieve" and CARDS[o[1]].kind == "booster"]
    if boosters:
        return boosters[0]
    chars = [o for o in d.options if o[0] == "character"]
    if not chars:
        return ("retreat",) if ("retreat",) in d.options else d.options[0]
    # the weakest character that reaches: the fight goes on at the least cost
    return min(chars, key=lambda o: (WORTH[o[1]], o))


def _boost_option(s: BlueMoonState, d: Decision) -> Action:
    opts = [o for o in d.options if o != ("done",)]
    if ("done",) not in d.options:  # short of the power check (or an "I must"): the cheapest card that does
        return min(opts, key=lambda o: (WORTH[o[1]], o))
    seat = d.seat
    pair = [o for o in opts if o[0] == "character"]
    if pair:
        return pair[0]
    supports = [o for o in opts if o[0] == "support"]
    if supports and len(s.players[seat].hand) >= 4:
        return max(supports, key=lambda o: (CARDS[o[1]].keyword == "rooted", CARDS[o[1]].value(s.element or "fire"),
                                            o))
    free = [o for o in opts if "free" in CARDS[o[1]].icons and CARDS[o[1]].value(s.element or "fire") >= 2]
    if free and len(s.players[seat].hand) >= 5:
        return free[0]
    return ("done",)


def _lead_option(s: BlueMoonState, d: Decision) -> Action:
    seat = d.seat
    crystals = [o for o in d.options if o[0] == "lead" and CARDS[o[1]].kind == "crystal"]
    if crystals:
        return crystals[0]
    for o in d.options:
        if o[0] != "lead":
            continue
        steps = {n for n, _ in CARDS[o[1]].effects}
        if steps & {"draw", "must_draw"} and len(s.players[seat].deck) > 6:
            return o
        if s.element is not None and steps & {"power", "shield"} and not can_answer(s, seat):
            return o
        if s.element is not None and "scrap" in steps and (s.players[1 - seat].supports or any(
                CARDS[c].kind == "booster" for layer in s.players[1 - seat].combat[-1:] for c in layer)):
            return o
    replace = [o for o in d.options if o[0] == "replace" and WORTH[o[1]] < 3.5]
    if replace and s.players[seat].deck:
        return min(replace, key=lambda o: (WORTH[o[1]], o))
    return ("pass",)


def _dragon_option(s: BlueMoonState, d: Decision) -> Action:
    """Take (or send back) the dragon whose crystal cards matter: ours to play, theirs to deny."""
    me = s.players[d.seat]
    mine = {CARDS[c].dragon for c in me.hand if CARDS[c].kind == "crystal"}
    for o in d.options:
        if o[1] in mine:
            return o
    return d.options[0]


def quick(s: BlueMoonState, d: Decision) -> Action:
    kind = d.kind
    if len(d.options) == 1:
        return d.options[0]
    if kind == "play":
        return _play_option(s, d)
    if kind == "boost":
        return _boost_option(s, d)
    if kind == "leadership":
        return _lead_option(s, d)
    if kind == "deck":
        return d.options[0]
    if kind in ("discard", "decline", "crystal"):
        cards = [o for o in d.options if o[0] == "card"]
        if kind == "decline" and ("done",) in d.options:
            weak = [o for o in cards if WORTH[o[1]] < 3.0]
            if not weak:
                return ("done",)
            cards = weak
        return min(cards, key=lambda o: (WORTH[o[1]], o))
    if kind == "redraw":
        weak = [o for o in d.options if o[0] == "card" and WORTH[o[1]] < 3.0]
        return min(weak, key=lambda o: (WORTH[o[1]], o)) if weak else ("done",)
    if kind == "recover":
        cards = [o for o in d.options if o[0] == "card"]
        return max(cards, key=lambda o: (WORTH[o[1]], o)) if cards else ("done",)
    if kind == "scrap":
        el = s.element or "fire"
        return max(d.options, key=lambda o: (CARDS[o[1]].value(el), o))
    if kind == "dragon":
        return _dragon_option(s, d)
    if kind == "replace":
        return ("draw",)
    return d.options[0]


# -- the heuristic: each option played out to the end of the turn ---------------------------------------


def finish_turn(s: BlueMoonState, seat: int, chance: Any) -> None:
    """Play on with the quick rule while `seat` (or a choice it caused) is deciding."""
    from moontable.games.bluemoon import BLUEMOON

    n = 0
    while not s.over and s.decisions:
        d = s.decisions[0]
        if d.seat != seat and d.kind in ("leadership", "play"):
            return
        if d.seat == seat and d.kind == "leadership" and n:
            return  # a new turn of ours: the fight was decided
        BLUEMOON.advance(s, d.seat, quick(s, d), chance)
        n += 1
        if n > 60:
            return


def redeal(s: BlueMoonState, seat: int, rng: Any) -> BlueMoonState:
    """A copy with what `seat` cannot see dealt again: the other hand (less its shown cards) and the other
    draw pile from their cards together, and `seat`'s own draw pile in a new order."""
    t = s.clone()
    foe = t.players[1 - seat]
    shown = list(foe.shown)
    pool = foe.hand + foe.deck
    for c in shown:
        pool.remove(c)
    pool.sort()
    rng.shuffle(pool)
    k = len(foe.hand) - len(shown)
    foe.hand = sorted(shown + pool[:k])
    foe.deck = pool[k:]
    rng.shuffle(t.players[seat].deck)
    return t


def option_values(s: BlueMoonState, d: Decision, chance: Any, rng: Any = None, deals: int = 1
                  ) -> dict[Action, float]:
    """Each option played out to the end of the turn and judged, averaged over `deals` deals of what the
    deciding seat cannot see (with `rng`; the first deal is `s` itself)."""
    from moontable.games.bluemoon import BLUEMOON

    out: dict[Action, float] = dict.fromkeys(d.options, 0.0)
    for k in range(deals):
        base = s if k == 0 or rng is None else redeal(s, d.seat, rng)
        for o in d.options:
            t = base.clone()
            BLUEMOON.advance(t, d.seat, o, chance)
            finish_turn(t, d.seat, chance)
            out[o] += margin(t, d.seat) if not t.over else (50.0 if t.winner == d.seat else -50.0)
    return {o: v / deals for o, v in out.items()}


DEALS = 4  # deals of the hidden cards the heuristic averages each option over


def best(s: BlueMoonState, d: Decision, chance: Any, rng: Any = None) -> Action:
    if len(d.options) == 1:
        return d.options[0]
    if d.kind == "deck":
        return deck_choice(s, d)
    values = option_values(s, d, chance, rng, DEALS if rng is not None else 1)
    return max(d.options, key=lambda o: (values[o], o == quick(s, d)))


def deck_choice(s: BlueMoonState, d: Decision) -> Action:
    """The deck with the best cards (a bot picks among its prepared decks, not knowing the other's)."""
    decks = s.decks[d.seat]

    def rating(o: Action) -> float:
        cards = decks[o[1]]["cards"]
        return sum(WORTH[c] for c in cards) / max(1, len(cards)) + 0.05 * sum(
            1 for c in cards if CARDS[c].kind == "crystal")

    return max(d.options, key=lambda o: (rating(o), -o[1]))

