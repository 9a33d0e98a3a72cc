"""Every bot level plays Moons at 2 to 6 seats through the protocol and its seat's view: a legal answer to every
kind of decision, whole games that end and verify, the same choice from the same view and seed."""

from __future__ import annotations

import pytest
from moons_samples import KINDS, samples

from moontable.bots import make_bot
from moontable.bots.levels import levels_for, strongest_for
from moontable.games.moons import MOONS
from moontable.record import verify
from moontable.selfplay import play_game, seating

LEVELS = ["random", "heuristic", "ismcts:iterations=24"]
SAMPLES = samples()


def test_the_samples_cover_every_decision_kind_and_seat_count():
    assert {d.kind for _, d in SAMPLES} >= set(KINDS)
    assert {s.n for s, _ in SAMPLES} == {2, 3, 5, 6}


def test_moons_is_played_by_random_heuristic_and_ismcts():
    assert set(levels_for(MOONS)) >= {"random", "heuristic", "ismcts"} and "ai-card" not in levels_for(MOONS)
    assert strongest_for(MOONS) in ("ismcts", "heuristic")


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_answers_every_decision_kind_legally(level):
    for i, (s, d) in enumerate(SAMPLES):
        action = make_bot(level, MOONS, d.seat, seed=i).choose(MOONS.view(s, d.seat), d)
        assert action in d.options, (level, d.kind, action)


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_depends_on_the_seed_and_the_view_only(level):
    for i, (s, d) in enumerate(SAMPLES[::4]):
        view = MOONS.view(s, d.seat)
        first = make_bot(level, MOONS, d.seat, seed=100 + i).choose(view, d)
        again = make_bot(level, MOONS, d.seat, seed=100 + i).choose(MOONS.view(s.clone(), d.seat), d)
        assert first == again, (level, d.kind)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_levels_play_whole_games_at_every_seat_count(seats):
    levels = ("ismcts:iterations=4", "heuristic") if seats in (3, 5) else ("heuristic", "random")
    out = play_game("moons", seating(levels, seats - 1, seats), seats - 1, seed=11)
    assert out.reason in MOONS.info.reasons and len(out.levels) == seats
    assert out.levels[(seats - 1) % seats] == levels[0]
    assert verify(out.record).ok


def test_a_whole_game_between_seeded_bots_replays_exactly():
    a = play_game("moons", ["ismcts:iterations=6", "heuristic", "random"], 3, seed=5)
    b = play_game("moons", ["ismcts:iterations=6", "heuristic", "random"], 3, seed=5)
    assert a.record["moves"] == b.record["moves"] and a.record["result"] == b.record["result"]


@pytest.mark.parametrize("others", ["0", "1"])
def test_ismcts_answers_legally_with_the_other_seats_modelled_or_in_its_tree(others):
    """`ismcts:model_others=0|1`: the other seats' moves as the quick player's, or as nodes of the tree."""
    for i, (s, d) in enumerate(SAMPLES[::3]):
        bot = make_bot(f"ismcts:iterations=24;model_others={others}", MOONS, d.seat, seed=i)
        assert bot._model_others is (others == "1")
        assert bot.choose(MOONS.view(s, d.seat), d) in d.options


def test_a_bad_model_others_value_is_one_clear_error():
    with pytest.raises(ValueError, match="model_others must be 0 or 1"):
        make_bot("ismcts:model_others=maybe", MOONS, 0, 1)
