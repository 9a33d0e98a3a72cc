"""No bot sees hidden information: with the same seed, a bot's choice does not change when what its
seat cannot see (the other hand, a face-down herald, the draw pile; in Moons the other hands, face-down
tableau cards, the others' small Asteroids and the draw pile's order) is dealt again."""

from __future__ import annotations

import pytest
from bot_samples import samples
from moons_samples import samples as moons_samples

from moontable.games.courts import COURTS
from moontable.games.moons import MOONS
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


MOONS_SAMPLES = moons_samples(per_kind=1, seed=7)


def _moons_hidden(s, seat):
    """What `seat` cannot see in Moons: the other hands, face-down tableaux, the others' small Asteroids and the
    small Asteroid draw pile's order."""
    others = [i for i in range(s.n) if i != seat]
    return ([s.hands[i] for i in others], None if s.revealed else [s.tableaux[i] for i in others],
            [s.smalls[i] for i in others], s.small_pile)


@pytest.mark.parametrize("level", LEVELS)
def test_a_moons_choice_does_not_change_when_the_hidden_cards_are_dealt_again(level):
    assert_choices_ignore_hidden(MOONS, MOONS_SAMPLES, level, _moons_hidden)


def test_the_moons_redeals_really_differ_in_what_is_hidden():
    def next_hand(st, seat):
        return st.hands[(seat + 1) % st.n]

    assert count_redeals_that_differ(MOONS, MOONS_SAMPLES, _moons_hidden, next_hand) >= 20


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
