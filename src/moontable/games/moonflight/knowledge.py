"""Bot knowledge for Moonflight: what the heuristic and ISMCTS bots (bots/) need from the game.

A state is dealt from the seat's view (infoset.py). Every decision is answered by the policy's option
values (policy.py), which take a few hundred microseconds; tree search branches on the Acts only and
lets the policy finish everything else. The evaluation (`evaluate`) compares the two players' prospects
in points of final score (worth.py) and turns the difference into a chance of winning:

- the final hand each is heading for, from their cards' white scores (before the Turn a share of the
  best hand they could trash down to; after it, nearer the End, more of what a hand would hold now);
- before the Turn, the deck's engine: what its cards make per play times the plays left before the
  Turn, and the coin tokens in hand;
- after the Turn, coin tokens (they still buy scoring cards) and the tempo of the End: a player whose
  cycle already fits in their hand ends the game at the next Reset with the hand they hold.

The search (bots/ismcts.py) does not judge a position mid-Round, where the prospects miss what the cards
still in hand will make: its leaf (`playout`) plays the Round out with the policy for every seat and judges
it after the Reset. It is flat (the heuristic's three best Acts, each followed by the policy) and keeps the
heuristic's Act unless another is better by two standard errors over the same deals and dice. The choices
inside a move are searched the same way, each option followed by the game played to its End
(`to_the_end`): that is where the heuristic leaves wins behind (docs/bots.md).
"""

from __future__ import annotations

import math
from typing import Any

from moontable.engine import Action, Decision, play_on
from moontable.games.moonflight.core import hand_limit
from moontable.games.moonflight.policy import best, option_values
from moontable.games.moonflight.state import MoonflightState
from moontable.games.moonflight.worth import (
    ECON,
    POST_COIN,
    PPC,
    WHITE_SCORE,
    cycle_cards,
    plays_left,
    score_value,
)

TEMPERATURE = 2.0  # points of final score per unit of logit
MAJOR = frozenset(("act",))


def prospect(s: MoonflightState, seat: int) -> float:
    """A player's prospects in points of final score."""
    p = s.players[seat]
    v = score_value(s, seat)
    if not s.turned:
        cards = cycle_cards(p)
        table = ECON[p.jack]
        per_card = sum(table[c] for c in cards) / max(1, len(cards))
        h = hand_limit(s, seat)
        v += PPC * per_card * h * plays_left(s, seat) / max(0.2, min(1.0, h / max(5, len(cards))))
        v += PPC * min(p.coins, 8) * 0.6
        v += PPC * 0.5 * sum(table[c] for c in p.hand)
    else:
        v += POST_COIN * min(p.coins, 7)
        cyc = len(p.deck) + len(p.discard) + len(p.hand)
        if cyc <= hand_limit(s, seat):
            v += 0.5 + 0.1 * sum(WHITE_SCORE[c] for c in p.hand)
    return v


def evaluate(s: MoonflightState, seat: int) -> float:
    if s.over:
        if s.winner is None:
            return 0.5
        return 1.0 if s.winner == seat else 0.0
    mine = prospect(s, seat)
    other = max(prospect(s, i) for i in range(s.n) if i != seat) if s.n > 1 else 8.0
    x = (mine - other) / TEMPERATURE
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def playout(s: MoonflightState, seat: int, chance: Any) -> float:
    """The search's leaf: the rest of the Round played by the policy for every seat (with the search's own
    dice), judged after its Reset (`evaluate`). Judged mid-Round the prospects miss what the cards still in
    hand will make this Round; at the Reset every hand has just been drawn afresh."""
    from moontable.games.moonflight import MOONFLIGHT

    start = s.round
    play_on(MOONFLIGHT, s, best, chance, lambda s: s.round == start, 5000, "a Round")
    return evaluate(s, seat)


def to_the_end(s: MoonflightState, seat: int, chance: Any) -> float:
    """The leaf of a choice inside a move (which card to pay, to retain, to Set, to take...): the game played
    to its End by the policy for every seat, with the search's dice; won, drawn or lost. Measured on 1,311 such
    choices of heuristic games, an option this leaf finds better than the heuristic's over ten paired walks
    (two standard errors) is better on thirty walks more, where on the Acts it finds nothing."""
    from moontable.games.moonflight import MOONFLIGHT

    play_on(MOONFLIGHT, s, best, chance, lambda s: True, 30000, "a game")
    return evaluate(s, seat)


class MoonflightKnowledge:
    """The Knowledge protocol (bots/knowledge.py) for Moonflight.

    The search is flat (bots/ismcts.py): each of the heuristic's three best Acts is followed by the policy's
    play to the end of the Round (`playout`), on the same deals and dice for every option, and the heuristic's
    choice stands unless another Act is better by two standard errors of the paired differences. A choice
    inside a move is searched with the game played to its End as the leaf (`fine_leaf`)."""

    flat = True
    width = 3
    keep_z = 2.0
    # MF93: "keeping up to" the higher limit never forces a card to stay, so the heuristic's answer is proven
    exact = frozenset({"precedence"})

    def fine_leaf(self, s: MoonflightState, seat: int, chance: Any) -> float:
        return to_the_end(s, seat, chance)

    def playout(self, s: MoonflightState, seat: int, chance: Any) -> float:
        return playout(s, seat, chance)

    def deal(self, view: dict[str, Any], rng: Any) -> MoonflightState:
        from moontable.games.moonflight.infoset import from_view

        return from_view(view, rng)

    def evaluate(self, s: MoonflightState, seat: int) -> float:
        return evaluate(s, seat)

    def quick(self, s: MoonflightState, decision: Decision, rng: Any) -> Action:
        return best(s, decision)

    def best(self, s: MoonflightState, decision: Decision, rng: Any) -> Action:
        return best(s, decision)

    def option_values(self, s: MoonflightState, decision: Decision, rng: Any) -> dict[Action, float]:
        return option_values(s, decision)

    def reply(self, s: MoonflightState, decision: Decision, rng: Any, chance: Any) -> Action:
        return best(s, decision)

    def option_key(self, s: MoonflightState, decision: Decision, action: Action) -> Any:
        return action

    def priors(self, s: MoonflightState, decision: Decision) -> list[float]:
        values = option_values(s, decision)
        xs = [values.get(o, -5.0) for o in decision.options]
        top = max(xs)
        ex = [math.exp(max(-30.0, (x - top) / 0.5)) for x in xs]
        total = sum(ex)
        return [e / total for e in ex]

    def is_major(self, kind: str) -> bool:
        return kind in MAJOR

    def is_fine(self, kind: str) -> bool:
        return kind not in MAJOR

    def complete(self, s: MoonflightState, rng: Any, chance: Any) -> None:
        from moontable.games.moonflight import MOONFLIGHT

        n = 0
        while not s.over and s.decisions and s.decisions[0].kind not in MAJOR:
            d = s.decisions[0]
            MOONFLIGHT.advance(s, d.seat, best(s, d), chance)
            n += 1
            if n > 2000:
                raise RuntimeError("moonflight: the policy did not reach an Act")


# The default opponent: the flat search with the choices inside a move searched to the End won 171 of 300
# games against the heuristic, 57.0% [51.3-62.5] (docs/bots.md), so the table seats it.
STRONGEST = "ismcts"
KNOWLEDGE = MoonflightKnowledge()
