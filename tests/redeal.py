"""The hidden-information check every bot level passes, for any game: with the same seed, a bot's choice
does not change when what its seat cannot see is dealt again."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from moontable.bots import make_bot


def redealt(game: Any, s: Any, seat: int, rng: random.Random, hidden: Callable[[Any, int], Any]) -> Any:
    """A second real state, the same for `seat`, with its hidden part dealt again (None if it never differs)."""
    for _ in range(20):
        other = game.determinize(s, seat, rng)
        if hidden(other, seat) != hidden(s, seat):
            return other
    return None


def assert_choices_ignore_hidden(game: Any, samples: list[tuple[Any, Any]], level: str,
                                 hidden: Callable[[Any, int], Any], at_least: int = 20) -> None:
    rng = random.Random(3)
    tried = 0
    for i, (s, d) in enumerate(samples):
        other = redealt(game, s, d.seat, rng, hidden)
        if other is None:
            continue
        view = game.view(s, d.seat)
        assert game.view(other, d.seat) == view  # the seat cannot tell the two states apart
        assert [x for x in other.decisions if x.seat == d.seat] == [d]
        a = make_bot(level, game, d.seat, seed=i).choose(view, d)
        b = make_bot(level, game, d.seat, seed=i).choose(game.view(other, d.seat), d)
        assert a == b, (level, d.kind)
        tried += 1
    assert tried >= at_least


def count_redeals_that_differ(game: Any, samples: list[tuple[Any, Any]], hidden: Callable[[Any, int], Any],
                              foe_hand: Callable[[Any, int], list[Any]]) -> int:
    """In how many samples the redealt state gives the other side another hand (the check has teeth)."""
    rng = random.Random(3)
    differ = 0
    for s, d in samples:
        other = redealt(game, s, d.seat, rng, hidden)
        if other is not None and sorted(foe_hand(other, d.seat)) != sorted(foe_hand(s, d.seat)):
            differ += 1
    return differ
