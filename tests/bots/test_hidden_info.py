"""No bot sees hidden information: with the same seed, a bot's choice does not change when what its
seat cannot see (the other hand, a face-down herald, the draw pile) is dealt again."""

from __future__ import annotations

import random

import pytest
from bot_samples import samples

from moontable.bots import make_bot
from moontable.games.courts import COURTS

LEVELS = ["random", "heuristic", "ismcts:iterations=24"]
SAMPLES = samples(per_kind=2, seed=7)


def _redealt(s, seat, rng):
    """A second real state: the same for `seat`, the rest dealt again (never the same hidden cards)."""
    for _ in range(20):
        other = COURTS.determinize(s, seat, rng)
        hidden = (other.hands[1 - s.court_of(seat)], other.draw, other.heralds)
        if hidden != (s.hands[1 - s.court_of(seat)], s.draw, s.heralds):
            return other
    return None


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_does_not_change_when_the_hidden_cards_are_dealt_again(level):
    rng = random.Random(3)
    tried = 0
    for i, (s, d) in enumerate(SAMPLES):
        other = _redealt(s, d.seat, rng)
        if other is None:
            continue
        view = COURTS.view(s, d.seat)
        assert COURTS.view(other, d.seat) == view  # the seat cannot tell the two states apart
        assert [x for x in other.decisions if x.seat == d.seat] == [d]
        a = make_bot(level, COURTS, d.seat, seed=i).choose(view, d)
        b = make_bot(level, COURTS, d.seat, seed=i).choose(COURTS.view(other, d.seat), d)
        assert a == b, (level, d.kind)
        tried += 1
    assert tried >= 20


def test_the_redealt_states_really_differ_in_what_is_hidden():
    rng = random.Random(3)
    differ = 0
    for s, d in SAMPLES:
        other = _redealt(s, d.seat, rng)
        foe = 1 - s.court_of(d.seat)
        if other is not None and sorted(other.hands[foe]) != sorted(s.hands[foe]):
            differ += 1
    assert differ >= 10
