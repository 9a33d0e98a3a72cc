"""The course of a game: rounds, the deal, the tableaux, the first player, the round's end and the game's end
(MO4-MO18, MO36-MO47)."""

from __future__ import annotations

from moontable.engine import Decision
from moontable.fair import Chance, shuffle
from moontable.games.moons.content import DECK, MOON_CARDS, RANK, SUITS, TABLEAU, tricks_per_round
from moontable.games.moons.core import ALL_PLANETS, emit, emit_private, end_game, frame, mask_of
from moontable.games.moons.state import MoonsState

TABLEAU_ACT = tuple(("tableau", c) for c in range(MOON_CARDS))
PROMPT_TABLEAU = tuple(f"lay a Moon card face down in your tableau ({k} of 3)" for k in range(1, TABLEAU + 1))


def deal(s: MoonsState, start: int, chance: Chance) -> None:
    """Gather the 60 cards, shuffle them and deal them all out one at a time clockwise from `start` (MO8, MO43)."""
    deck = list(range(DECK))
    shuffle(chance, deck)
    n = s.n
    hands: list[list[int]] = [[] for _ in range(n)]
    for i, c in enumerate(deck):
        hands[(start + i) % n].append(c)
    for h in hands:
        h.sort()
    s.hands = hands


@frame("game")
def _game_run(s: MoonsState, f: list, chance: Chance) -> bool:
    """A new round: deal, tableaux, tricks, the round's end (MO16, MO43, MO44)."""
    n = s.n
    s.round += 1
    if s.round == 1:
        deal(s, 0, chance)  # before the first player is known: from seat 0 (the host)
        emit(s, "round", round=1, dealer=None)
    else:
        deal(s, (s.first + 1) % n, chance)  # the first player deals, starting on their left
        emit(s, "round", round=s.round, dealer=s.first)
    s.tableaux = [[] for _ in range(n)]
    s.revealed = False
    s.trick = []
    s.led = -1
    s.trick_no = 0
    s.tricks = [0] * n
    s.played = []
    s.last_trick = []
    s.last_leader = s.last_winner = -1
    s.shown = [[] for _ in range(n)]
    s.void = [0] * n
    s.leader = s.first
    s.tab = [None] * n
    s.stack.extend((["round_end"], ["tricks"], ["tableau"]))
    return False


def _tableau_act(s: MoonsState, f: list, seat: int, action: tuple, chance: Chance) -> None:
    card = action[1]
    s.hands[seat].remove(card)
    s.tableaux[seat].append(card)
    s.tab[seat] = None
    emit_private(s, seat, "picked", {"seat": seat, "k": len(s.tableaux[seat])}, {"card": card})


@frame("tableau", _tableau_act)
def _tableau_run(s: MoonsState, f: list, chance: Chance) -> bool:
    """Every seat lays three Moon cards face down, one decision a card, all at once (MO12, MO14); the reveal
    waits until all are in (MO13)."""
    decisions = []
    tab = s.tab
    for seat in range(s.n):
        k = len(s.tableaux[seat])
        if k < TABLEAU:
            d = tab[seat]
            if d is None:  # the others' decisions stay as they were (the same clocks at a table)
                d = tab[seat] = Decision(seat, "tableau", tuple([TABLEAU_ACT[c] for c in s.hands[seat]
                                                                  if c < MOON_CARDS]), PROMPT_TABLEAU[k])
            decisions.append(d)
    if decisions:
        s.decisions = decisions
        return True
    s.stack.pop()
    s.revealed = True
    emit(s, "reveal", tableaux=[t[:] for t in s.tableaux])
    if s.round == 1:  # MO17, MO18, MO42
        s.first = s.earth = first_by_tableau(s.tableaux)
        s.leader = s.first
        emit(s, "first", seat=s.first)
    return False


def first_by_tableau(tableaux: list[list[int]]) -> int:
    """The seat with the highest tableau card by rank; ties by the second, then the third card, then the first
    seat clockwise from seat 0 (MO18)."""
    keys = [sorted((RANK[c] for c in t), reverse=True) for t in tableaux]
    best = max(keys)
    return keys.index(best)


@frame("tricks")
def _tricks_run(s: MoonsState, f: list, chance: Chance) -> bool:
    """One trick after another until every hand is empty (MO9)."""
    if s.trick_no >= tricks_per_round(s.n):
        s.stack.pop()
        return False
    s.stack.append(["trick"])
    return False


def clockwise(s: MoonsState, start: int) -> list[int]:
    return [(start + i) % s.n for i in range(s.n)]


@frame("round_end")
def _round_end_run(s: MoonsState, f: list, chance: Chance) -> bool:
    """The round-end awards (MO36-MO38, MO31): most tricks first, then no tricks, each clockwise from the first
    player; then the Block token and the marker move (round_close)."""
    s.stack.pop()
    s.stack.append(["round_close"])
    order = clockwise(s, s.first)
    most = max(s.tricks)
    awards = []
    if most > 0:
        for seat in order:
            if s.tricks[seat] == most:
                emit(s, "most", seat=seat, n=most)
                awards.append(["award", seat, ALL_PLANETS, 0])
    for seat in order:
        if s.tricks[seat] == 0:
            awards.append(["award", seat, mask_of(s.tableaux[seat]), 1])
    s.stack.extend(reversed(awards))
    return False


@frame("round_close")
def _round_close_run(s: MoonsState, f: list, chance: Chance) -> bool:
    """The Block token goes to the fewest tricks (MO11); the marker passes left, or the game ends when it would
    come back to the Earth token (MO39-MO41, MO47)."""
    s.stack.pop()
    order = clockwise(s, s.first)
    fewest = min(s.tricks)
    s.block = next(seat for seat in order if s.tricks[seat] == fewest)
    emit(s, "block_to", seat=s.block)
    nxt = (s.first + 1) % s.n
    if nxt == s.earth:
        end_game(s, "dealt")
        return False
    s.first = nxt
    emit(s, "marker", seat=nxt)
    return False


__all__ = ["SUITS", "clockwise", "deal", "first_by_tableau"]
