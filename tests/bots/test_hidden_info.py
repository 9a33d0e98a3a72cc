"""No bot sees hidden information: with the same seed, a bot's choice does not change when what its
seat cannot see (the other hand, a face-down herald, the draw pile) is dealt again."""

from __future__ import annotations

import random

import pytest
from bot_samples import samples

from moontable.games.courts import COURTS
from redeal import assert_choices_ignore_hidden, redealt

LEVELS = ["random", "heuristic", "ismcts:iterations=24"]
SAMPLES = samples(per_kind=2, seed=7)


def _hidden(s, seat):
    """What `seat` cannot see: the other hand, the draw pile, the heralds (face down until played)."""
    return s.hands[1 - s.court_of(seat)], s.draw, s.heralds


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_does_not_change_when_the_hidden_cards_are_dealt_again(level):
    assert_choices_ignore_hidden(COURTS, SAMPLES, level, _hidden)


def test_the_redealt_states_really_differ_in_what_is_hidden():
    rng = random.Random(3)
    differ = 0
    for s, d in SAMPLES:
        other = redealt(COURTS, s, d.seat, rng, _hidden)
        foe = 1 - s.court_of(d.seat)
        if other is not None and sorted(other.hands[foe]) != sorted(s.hands[foe]):
            differ += 1
    assert differ >= 10
