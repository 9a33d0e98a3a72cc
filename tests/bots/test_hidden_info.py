"""No bot sees hidden information: with the same seed, a bot's choice does not change when what its
seat cannot see (the other hand, a face-down herald, the draw pile) is dealt again."""

from __future__ import annotations

import pytest
from bot_samples import samples

from moontable.games.courts import COURTS
from redeal import assert_choices_ignore_hidden, count_redeals_that_differ

LEVELS = ["random", "heuristic", "ismcts:iterations=24"]
SAMPLES = samples(per_kind=2, seed=7)


def _hidden(s, seat):
    """What `seat` cannot see: the other hand, the draw pile, the heralds (face down until played)."""
    return s.hands[1 - s.court_of(seat)], s.draw, s.heralds


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_does_not_change_when_the_hidden_cards_are_dealt_again(level):
    assert_choices_ignore_hidden(COURTS, SAMPLES, level, _hidden)


def test_the_redealt_states_really_differ_in_what_is_hidden():
    assert count_redeals_that_differ(COURTS, SAMPLES, _hidden, lambda st, seat: st.hands[1 - st.court_of(seat)]) >= 10
