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
from dataclasses import dataclass
from typing import Any

from moontable.engine import Action, Decision
from moontable.games.bluemoon.builder import card_worth
from moontable.games.bluemoon.cards import SHIELD_OF
from moontable.games.bluemoon.content import CARDS, DRAGON_IDS
from moontable.games.bluemoon.core import power, rooted
from moontable.games.bluemoon.flow import dragons_won
from moontable.games.bluemoon.reach import character_reaches
from moontable.games.bluemoon.state import BlueMoonState

WORTH = {c: card_worth(c) for c in CARDS}
DRAGON_INDEX = {d: i for i, d in enumerate(DRAGON_IDS)}
_FIGHTERS = frozenset(("character", "booster", "support"))


@dataclass(frozen=True, slots=True)
class Weights:
    """What the position is judged by, in dragons."""

    dragon: float = 1.0
    card: float = 0.16  # a card left (hand or draw pile)
    hand: float = 0.03  # per point of worth in hand
    crystal: float = 0.8
    answer: float = 0.85  # the fight's dragons, when the player to move cannot answer
    fuel: float = 0.8  # the fight's likely winner, by what each holds in its element
    start: float = 0.35  # the next fight's starter names its element
    root: float = 0.3  # a ROOTED support on the way to three (a fight won outright)
    scale: float = 6.0  # points of fuel per unit of tanh
    temperature: float = 1.1


DEFAULT = Weights()


# -- judging a position ---------------------------------------------------------------------------------


def can_answer(s: BlueMoonState, seat: int) -> bool:
    """Whether `seat`, about to play in the fight, holds a character that reaches the power check."""
    need = power(s, 1 - seat)
    for c in s.players[seat].hand:
        if CARDS[c].kind == "character" and character_reaches(s, seat, c, need):
            return True
    return False


# what each card puts into a fight in each element, as `fuel` counts it: (is a character, its worth)
_FUEL = {el: {c: (card.kind == "character",
                  (max(card.value(el), 4) if card.keyword == "mirror" else card.value(el))
                  + (3 if SHIELD_OF[el] in card.icons else 0) if card.kind == "character" else card.value(el))
              for c, card in CARDS.items() if card.kind in _FIGHTERS}
         for el in ("fire", "earth")}
_VALUE = {el: {c: card.value(el) for c, card in CARDS.items()} for el in ("fire", "earth")}


def fuel(s: BlueMoonState, seat: int, el: str) -> float:
    """What a player can still put into a fight in `el`: their best three characters and best two boosters
    or supports in hand, and the supports already counting."""
    chars: list[int] = []
    extras: list[int] = []
    table = _FUEL[el]
    for c in s.players[seat].hand:
        got = table.get(c)
        if got is not None:
            (chars if got[0] else extras).append(got[1])
    chars.sort(reverse=True)
    extras.sort(reverse=True)
    values = _VALUE[el]
    board = sum(values[c] for c in s.players[seat].supports) if s.element == el else 0
    return sum(chars[:3]) + sum(extras[:2]) + board


def fight_outlook(s: BlueMoonState, seat: int, w: Weights = DEFAULT) -> float:
    """The dragons `seat` can expect from the fight running (or the next one), in dragons."""
    if not s.decisions:
        return 0.0
    d = s.decisions[0]
    if s.element is not None:
        if d.kind in ("leadership", "play"):
            mover = d.seat
            if not can_answer(s, mover):  # the player to move must retreat: the other wins the fight
                n = min(2, dragons_won(s, 1 - mover))
                return w.answer * (n if mover != seat else -n)
        el = s.element
        roots = rooted(s, seat) - rooted(s, 1 - seat)
        return w.fuel * math.tanh((fuel(s, seat, el) - fuel(s, 1 - seat, el)) / w.scale) + w.root * roots
    if d.kind not in ("leadership", "play"):
        return 0.0
    starter = d.seat  # no fight: the player to move starts one in the element they choose
    best = max(fuel(s, starter, el) - fuel(s, 1 - starter, el) for el in ("fire", "earth"))
    v = w.start * math.tanh(best / w.scale)
    return v if starter == seat else -v


def side_score(s: BlueMoonState, seat: int, w: Weights = DEFAULT) -> float:
    p = s.players[seat]
    return (w.card * (len(p.hand) + len(p.deck)) + w.hand * sum(WORTH[c] for c in p.hand)
            + w.crystal * len(p.crystals))


def margin(s: BlueMoonState, seat: int, w: Weights = DEFAULT) -> float:
    """The position's worth to `seat` in dragons (0: even)."""
    d = s.dragons.count(seat) - s.dragons.count(1 - seat)
    x = w.dragon * d + side_score(s, seat, w) - side_score(s, 1 - seat, w)
    return x + fight_outlook(s, seat, w)


def evaluate(s: BlueMoonState, seat: int, w: Weights = DEFAULT) -> float:
    """A chance of winning, 0..1."""
    if s.over:
        return 1.0 if s.winner == seat else 0.0
    x = margin(s, seat, w) / w.temperature
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
        if kind == "decline":
            hand = s.players[d.seat].hand
            if not any(CARDS[c].kind == "character" for c in hand):  # forced: make room to draw characters
                cards = [o for o in cards if CARDS[o[1]].kind != "character"] or cards
            elif ("done",) in d.options:
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


def option_values(s: BlueMoonState, d: Decision, chance: Any, rng: Any = None, deals: int = 1,
                  w: Weights = DEFAULT) -> dict[Action, float]:
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
            out[o] += margin(t, d.seat, w) if not t.over else (50.0 if t.winner == d.seat else -50.0)
    return {o: v / deals for o, v in out.items()}


DEALS = 4  # deals of the hidden cards the heuristic averages each option over


def best(s: BlueMoonState, d: Decision, chance: Any, rng: Any = None, w: Weights = DEFAULT) -> Action:
    if len(d.options) == 1:
        return d.options[0]
    if d.kind == "deck":
        return deck_choice(s, d)
    values = option_values(s, d, chance, rng, DEALS if rng is not None else 1, w)
    return max(d.options, key=lambda o: (values[o], o == quick(s, d)))


def deck_choice(s: BlueMoonState, d: Decision) -> Action:
    """The deck with the best cards (a bot picks among its prepared decks, not knowing the other's)."""
    decks = s.decks[d.seat]

    def rating(o: Action) -> float:
        cards = decks[o[1]]["cards"]
        return sum(WORTH[c] for c in cards) / max(1, len(cards)) + 0.05 * sum(
            1 for c in cards if CARDS[c].kind == "crystal")

    return max(d.options, key=lambda o: (rating(o), -o[1]))

