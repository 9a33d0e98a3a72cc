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


# -- Blue Moon: the other hand, both draw piles and the other's secret deck choice ---------------------------

BM_SAMPLES = None


def _bm_samples():
    global BM_SAMPLES
    if BM_SAMPLES is None:
        from bluemoon.bm_samples import samples as bm_samples

        BM_SAMPLES = bm_samples(per_kind=3, seed=7)
    return BM_SAMPLES


@pytest.mark.parametrize("level", LEVELS)
def test_a_blue_moon_choice_does_not_change_when_the_hidden_cards_are_dealt_again(level):
    from bluemoon.bm_samples import hidden
    from moontable.games.bluemoon import BLUEMOON

    assert_choices_ignore_hidden(BLUEMOON, _bm_samples(), level, hidden)


def test_the_blue_moon_redeals_really_differ_in_what_is_hidden():
    from bluemoon.bm_samples import hidden
    from moontable.games.bluemoon import BLUEMOON

    assert count_redeals_that_differ(BLUEMOON, _bm_samples(), hidden,
                                     lambda st, seat: st.players[1 - seat].hand) >= 10
