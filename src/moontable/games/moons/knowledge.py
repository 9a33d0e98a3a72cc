"""What the heuristic and search bots know about Moons (the Knowledge protocol, bots/knowledge.py).

Every method works on a full state dealt from one seat's view (infoset.py), never on the table's state.

- `evaluate`: each seat's prospect in points — its set points now, the tricks its hand can still take this
  round (a card counts for less the more higher cards of its planet the others hold), the small Asteroids and
  the Block token in hand, each worth about one token — and the seat's lead over the best other prospect,
  through a logistic whose width shrinks as the supply empties.
- `quick`: a fast player. It lays middling cards of planets it needs to the tableau; leads a card no one can
  beat if it has one; follows with the cheapest card that wins when it is last or sure to win, else
  the lowest card (or a large Asteroid, for the small one it draws); with no card of the led suit, it throws a
  low card of the planet whose token it needs most. It plays Capture, Stardust, Tractor Beam and Meteor Shower
  at once, Orbital Swap when it gains, Gravity Assist with a sure winner; it takes the token worth most.
- `best`: a greedy lookahead over a turn: each option is played on copies of a few deals, the trick finished
  by the quick player, and the end of the trick evaluated.
- `evaluate_all` (the search's leaf, not the heuristic's): the round played out by the quick player and
  judged at its end (`round_chances`).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from typing import Any

from moontable.engine import Action, Decision, play_on
from moontable.fair import RandomChance
from moontable.games.moons.content import LARGE, MOON_CARDS, RANK, RANKS, SUIT, SUITS, best_with_stardust, set_points
from moontable.games.moons.state import MoonsState

MAJOR = frozenset({"play"})  # the decisions a tree search branches on
DEALS = 3  # deals the heuristic averages a turn's options over
SMALL_WORTH = 0.7  # a small Asteroid in hand, in tokens
BLOCK_WORTH = 0.4
GOOD_SMALLS = ("capture", "stardust", "tractor", "shower")
# from this many seats a search judges its leaf at the end of the root's trick, as the heuristic does; below
# it, at its own next card (a trick further: measured the stronger at 3 seats, docs/moons-bots.md)
TRICK_LEAF_SEATS = 4
# the search (not the heuristic) judges a leaf by playing the round out with the quick player, and searches
# its tableau cards too (docs/moons-bots.md)
ROUND_LEAF = True
SEARCH_TABLEAU = False


def gain(tokens: list[int], planet: int) -> int:
    """The points one more token of `planet` adds: it joins the layer above its count, where the planets
    already holding more make a set that grows by one (1, 3, 6, 10 -> it adds one more than they number)."""
    have = tokens[planet]
    return 1 + sum(1 for t in tokens if t > have)


def higher_elsewhere(s: MoonsState, seat: int, card: int, seats: Any = None) -> int:
    """How many cards of `card`'s planet above it the other seats (or `seats`) hold."""
    top = (SUIT[card] + 1) * RANKS
    cnt = 0
    for o in range(s.n) if seats is None else seats:
        if o != seat:
            h = s.hands[o]
            cnt += bisect_left(h, top) - bisect_right(h, card)
    return cnt


def token_worth(s: MoonsState, seat: int) -> float:
    """What a token of one of its tableau planets (or its best planets) is worth to `seat`, in points."""
    tokens = s.tokens[seat]
    gains = sorted((gain(tokens, p) for p in range(SUITS)), reverse=True)
    return (gains[0] + gains[1]) / 2


def prospect(s: MoonsState, seat: int, strength: float, total: float, left: int) -> float:
    sd = s.stardust[seat]
    points = best_with_stardust(s.tokens[seat], sd)[0] if sd else set_points(s.tokens[seat])
    worth = token_worth(s, seat)
    tricks = left * strength / total if total > 0 else left / s.n
    extra = len(s.smalls[seat]) * SMALL_WORTH + (BLOCK_WORTH if s.block == seat else 0.0)
    return points + worth * (tricks + extra)


WIN_CHANCE = tuple(0.9 * 0.45 ** h for h in range(64))  # a card's chance to take a trick, by higher cards elsewhere


def hand_strengths(s: MoonsState) -> list[float]:
    """Each seat's expected share of the tricks left, unnormalised: one pass down each planet's ranks."""
    n = s.n
    holder = [-1] * MOON_CARDS
    for seat, hand in enumerate(s.hands):
        for c in hand:
            if c < MOON_CARDS:
                holder[c] = seat
    out = [0.1] * n
    for suit in range(SUITS):
        above = 0
        mine = [0] * n
        for c in range(suit * RANKS + RANKS - 1, suit * RANKS - 1, -1):
            h = holder[c]
            if h >= 0:
                out[h] += WIN_CHANCE[above - mine[h]]
                above += 1
                mine[h] += 1
    return out


def chances(s: MoonsState, left: int | None = None) -> list[float]:
    """Every seat's chance of winning: a softmax over the prospects, as wide as the supply left can swing
    the scores (with two seats, the logistic of the difference). `left`: the tricks still to count for the
    hands (default: the hands' own)."""
    n = s.n
    if s.over:
        winners = s.winners or []
        return [1.0 / len(winners) if i in winners else 0.0 for i in range(n)]
    if left is None:
        left = len(s.hands[s.leader]) if s.revealed else len(s.hands[0]) - 3
    strengths = hand_strengths(s)
    total = sum(strengths)
    values = [prospect(s, i, strengths[i], total, left) for i in range(n)]
    width = 2.0 + 0.6 * math.sqrt(sum(s.supply))
    top = max(values)
    ex = [math.exp(max(-30.0, (v - top) / width)) for v in values]
    z = sum(ex)
    return [e / z for e in ex]


def settled(s: MoonsState) -> MoonsState:
    """`s` itself at a trick's edge; in the middle of a trick (cards on the table, or a small Asteroid played
    before a card), a copy with the trick finished by the quick player. The prospects count the cards in
    hand, so judged mid-trick the seats that have played look a card weaker than those still to play; a
    search's leaves fall mid-trick when its seat loses a trick (the others lead the next) and at its edge
    when it wins (it leads), and unsettled that would count against winning a trick."""
    if s.over or not (s.trick or s.used_small) or not s.decisions:
        return s
    t = s.clone()
    finish_trick(t, RandomChance(random.Random(t.tricks_played)))
    return t


def evaluate(s: MoonsState, seat: int) -> float:
    return chances(settled(s))[seat]


def round_chances(s: MoonsState) -> list[float]:
    """Every seat's chance judged at the end of the round: a copy of `s` played out by the quick player, its
    round-end awards taken, and judged on the tokens, small Asteroids and Block token alone (the next round's
    hands are not dealt yet for the search's purpose: they count for nothing). Slower than `chances`, and it
    sees what the tableaux and the hands make of the tricks still to play."""
    from moontable.games.moons import MOONS

    if s.over:
        return chances(s)
    t = s.clone()
    start = t.round
    play_on(MOONS, t, quick, RandomChance(random.Random(t.tricks_played)), lambda t: t.round == start, 2000,
            "a round")
    return chances(t, left=0)


# -- the quick player ------------------------------------------------------------------------------------------


def _beats(card: int, best: int, retro: bool) -> bool:
    return RANK[card] < RANK[best] if retro else RANK[card] > RANK[best]


def _winning(s: MoonsState) -> int:
    """The card winning the trick so far (-1: none of the led suit yet)."""
    led, best = s.led, -1
    for c in s.trick:
        if SUIT[c] == led and (best < 0 or _beats(c, best, s.retro)):
            best = c
    return best


def _to_play(s: MoonsState, seat: int) -> list[int]:
    """The seats still to play after `seat` in this trick."""
    done = len(s.trick) + 1
    return [(seat + i) % s.n for i in range(1, s.n - done + 1)]


def _sure(s: MoonsState, seat: int, card: int, later: list[int]) -> bool:
    if s.retro:
        return False
    return higher_elsewhere(s, seat, card, later) == 0


def quick_card(s: MoonsState, seat: int, cards: list[int]) -> int:
    moons = [c for c in cards if c < MOON_CARDS]
    large = [c for c in cards if c >= MOON_CARDS]
    if not moons:
        return cards[0]
    led = s.led
    if not s.trick or led < 0:  # leading (or nothing led yet): a card no one can beat, else the safest
        later = _to_play(s, seat)
        return min(moons, key=lambda c: (higher_elsewhere(s, seat, c, later), -RANK[c] if not later else RANK[c]))
    follow = [c for c in moons if SUIT[c] == led]
    if follow:
        best = _winning(s)
        beating = [c for c in follow if _beats(c, best, s.retro)]
        later = _to_play(s, seat)
        if beating:
            cheapest = min(beating, key=lambda c: abs(RANK[c] - RANK[best]))
            if not later:
                return cheapest
            sure = [c for c in beating if _sure(s, seat, c, later)]
            if sure:
                return min(sure, key=lambda c: RANK[c])
        if large:
            return large[0]
        return min(follow, key=lambda c: RANK[c]) if not s.retro else max(follow, key=lambda c: RANK[c])
    # no card of the led suit (or Solar Wind): throw the low card whose planet is worth most
    tokens = s.tokens[seat]
    worth = [gain(tokens, p) for p in range(SUITS)]
    throw = min(moons, key=lambda c: RANK[c] - 1.5 * worth[SUIT[c]])
    if large and RANK[throw] > 5:
        return large[0]
    return throw


def _swap_gain(s: MoonsState, seat: int) -> int:
    mine = s.tokens[seat]
    base = set_points(mine)
    best = -99
    for other in range(s.n):
        if other == seat:
            continue
        for p in range(SUITS):
            if s.tokens[other][p]:
                for q in range(SUITS):
                    if q != p and mine[q]:
                        t = mine[:]
                        t[q] -= 1
                        t[p] += 1
                        best = max(best, set_points(t) - base)
    return best


def quick_play(s: MoonsState, d: Decision) -> Action:
    seat = d.seat
    smalls = [o[1] for o in d.options if o[0] == "small"]
    cards = [o[1] for o in d.options if o[0] == "card"]
    if smalls:
        for k in GOOD_SMALLS:
            if k in smalls:
                return ("small", k)
        if "orbit_swap" in smalls and _swap_gain(s, seat) >= 2:
            return ("small", "orbit_swap")
        if "assist" in smalls:
            c = quick_card(s, seat, cards)
            if SUIT[c] != LARGE and (not s.trick or SUIT[c] == s.led) and _sure(s, seat, c, _to_play(s, seat)):
                if not s.trick or _beats(c, _winning(s), s.retro):
                    return ("small", "assist")
    return ("card", quick_card(s, seat, cards))


def keep_value(s: MoonsState, seat: int, card: int) -> float:
    """What a Moon card is worth kept in hand: its chance to win a trick, or a low card to throw."""
    win = WIN_CHANCE[higher_elsewhere(s, seat, card)]
    return win + (0.3 if RANK[card] <= 2 else 0.0)


def tableau_scores(s: MoonsState, d: Decision) -> dict[Action, float]:
    """The quick player's liking for each tableau card: a planet it does not show yet and needs, a card it
    would not miss in hand."""
    seat = d.seat
    have = {SUIT[c] for c in s.tableaux[seat]}
    tokens = s.tokens[seat]
    need = [gain(tokens, p) for p in range(SUITS)]
    return {o: (0.6 if SUIT[o[1]] not in have else 0.0) + 0.15 * need[SUIT[o[1]]] - keep_value(s, seat, o[1])
            for o in d.options}


def quick_tableau(s: MoonsState, d: Decision) -> Action:
    score = tableau_scores(s, d)
    return max(d.options, key=lambda o: (score[o], -o[1]))


def quick_target(s: MoonsState, d: Decision) -> Action:
    seat, kind, opts = d.seat, d.kind, d.options
    tokens = s.tokens[seat]
    if kind in ("take", "capture"):
        takes = [o for o in opts if o[0] == "take"]
        return max(takes, key=lambda o: (gain(tokens, o[1]), s.supply[o[1]], -o[1])) if takes else opts[0]
    if kind in ("swap_take", "tractor"):
        return max(opts, key=lambda o: (gain(tokens, o[2]), sum(s.tokens[o[1]]), -o[1], -o[2]))
    if kind == "swap_give":
        return max(opts, key=lambda o: (set_points([tokens[p] - (p == o[1]) for p in range(SUITS)]), -o[1]))
    if kind == "realign_out":  # take back the card most likely to win a trick
        return max(opts, key=lambda o: (RANK[o[1]], -o[1]))
    if kind == "realign_in":  # lay the card least useful in hand
        return min(opts, key=lambda o: (keep_value(s, seat, o[1]), o[1]))
    if kind == "eclipse_mine":
        return min(opts, key=lambda o: (gain(tokens, SUIT[o[1]]), o[1]))
    if kind == "eclipse_theirs":
        return max(opts, key=lambda o: (gain(tokens, SUIT[o[2]]), -o[1], -o[2]))
    return opts[0]


def quick(s: MoonsState, d: Decision) -> Action:
    if d.kind == "play":
        return quick_play(s, d)
    if d.kind == "tableau":
        return quick_tableau(s, d)
    return quick_target(s, d)


# -- the heuristic: a turn looked ahead to the end of its trick ------------------------------------------------


def finish_trick(s: MoonsState, chance: Any) -> None:
    """Play on with the quick player until the current trick is over (or the round, or the game)."""
    from moontable.games.moons import MOONS

    mark = (s.round, s.trick_no)
    play_on(MOONS, s, quick, chance, lambda s: (s.round, s.trick_no) == mark, 200, "a trick")


def lookahead(s: MoonsState, d: Decision, option: Action, rng: Any) -> float:
    from moontable.games.moons import MOONS

    t = s.clone()
    chance = RandomChance(rng)
    MOONS.advance(t, d.seat, option, chance)
    finish_trick(t, chance)
    return evaluate(t, d.seat)


def option_values(s: MoonsState, d: Decision, rng: Any, deals: int = 1) -> dict[Action, float]:
    if d.kind != "play":
        chosen = quick(s, d)
        return {o: 1.0 if o == chosen else 0.0 for o in d.options}
    states = [s]
    if deals > 1:
        from moontable.games.moons.infoset import from_view
        from moontable.games.moons.view import view

        v = view(s, d.seat)
        states += [from_view(v, rng) for _ in range(deals - 1)]
    out = {}
    for o in d.options:
        seed = rng.getrandbits(32)
        out[o] = sum(lookahead(st, d, o, random.Random(seed)) for st in states) / len(states)
    return out


def best(s: MoonsState, d: Decision, rng: Any) -> Action:
    if len(d.options) == 1:
        return d.options[0]
    if d.kind != "play":
        return quick(s, d)
    values = option_values(s, d, rng, DEALS)
    return max(d.options, key=lambda o: values[o])


class MoonsKnowledge:
    """The Knowledge protocol (bots/knowledge.py) for Moons."""

    horizon = 1
    model_others = True  # in a search the others play as the quick player: a tree of one's own cards only

    def mark(self, s: MoonsState, seat: int) -> tuple[int, int]:
        return (s.round, s.trick_no)

    def stop(self, s: MoonsState, seat: int, mark: tuple[int, int]) -> bool:
        """Where a search's walk ends, at TRICK_LEAF_SEATS or more seats: once the trick of its root is over."""
        return s.n >= TRICK_LEAF_SEATS and (s.over or (s.round, s.trick_no) != mark)

    def deal(self, view: dict[str, Any], rng: Any) -> MoonsState:
        from moontable.games.moons.infoset import from_view

        return from_view(view, rng)

    def evaluate(self, s: MoonsState, seat: int) -> float:
        return evaluate(s, seat)

    def evaluate_all(self, s: MoonsState) -> list[float]:
        return round_chances(s) if ROUND_LEAF else chances(settled(s))

    def quick(self, s: MoonsState, decision: Decision, rng: Any) -> Action:
        return quick(s, decision)

    def best(self, s: MoonsState, decision: Decision, rng: Any) -> Action:
        return best(s, decision, rng)

    def option_values(self, s: MoonsState, decision: Decision, rng: Any) -> dict[Action, float]:
        # the search's shortlist and priors: over as many deals as the heuristic's own choice, so that the
        # option the heuristic would play is in it (one deal ranks a lead of 17 cards too noisily to keep 6)
        if decision.kind == "tableau":
            return tableau_scores(s, decision)
        return option_values(s, decision, rng, DEALS)

    def reply(self, s: MoonsState, decision: Decision, rng: Any, chance: Any) -> Action:
        return quick(s, decision)

    def option_key(self, s: MoonsState, decision: Decision, action: Action) -> Any:
        return action

    def priors(self, s: MoonsState, decision: Decision) -> list[float]:
        chosen = quick(s, decision)
        k = len(decision.options)
        return [0.5 + 0.5 / k if o == chosen else 0.5 / k for o in decision.options]

    def is_major(self, kind: str) -> bool:
        return kind in MAJOR or (SEARCH_TABLEAU and kind == "tableau")

    def is_fine(self, kind: str) -> bool:
        return not self.is_major(kind)

    def complete(self, s: MoonsState, rng: Any, chance: Any) -> None:
        from moontable.games.moons import MOONS

        k = 0
        while not s.over and s.decisions and s.decisions[0].kind not in MAJOR:
            d = s.decisions[0]
            MOONS.advance(s, d.seat, quick(s, d), chance)
            k += 1
            if k > 500:
                raise RuntimeError("moons: the quick player did not reach a card play")


KNOWLEDGE = MoonsKnowledge()
