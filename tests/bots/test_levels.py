"""Every bot level answers every kind of Courts decision with a legal option, plays whole games, and
is deterministic given its seed."""

from __future__ import annotations

import pytest
from bot_samples import KINDS, samples

from moontable.bots import BOT_LEVELS, make_bot
from moontable.games.courts import COURTS
from moontable.selfplay import play_game

LEVELS = ["random", "heuristic", "ismcts:iterations=24"]
SAMPLES = samples()


def test_the_samples_cover_every_decision_kind():
    assert {d.kind for _, d in SAMPLES} >= set(KINDS)


def test_every_level_is_registered():
    assert set(BOT_LEVELS) >= {"random", "heuristic", "ismcts"}


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_answers_every_decision_kind_legally(level):
    for i, (s, d) in enumerate(SAMPLES):
        bot = make_bot(level, COURTS, d.seat, seed=i)
        action = bot.choose(COURTS.view(s, d.seat), d)
        assert action in d.options, (level, d.kind, action)


@pytest.mark.parametrize("levels", [("heuristic", "random"), ("heuristic", "heuristic"),
                                    ("ismcts:iterations=8", "heuristic")])
def test_levels_play_whole_games(levels):
    for index in range(2):
        out = play_game("courts", levels if index % 2 == 0 else levels[::-1], index, seed=11)
        assert out.reason in COURTS.info.reasons
        assert out.record["result"] is not None


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_depends_on_the_seed_and_the_view_only(level):
    for i, (s, d) in enumerate(SAMPLES[::3]):
        view = COURTS.view(s, d.seat)
        first = make_bot(level, COURTS, d.seat, seed=100 + i).choose(view, d)
        again = make_bot(level, COURTS, d.seat, seed=100 + i).choose(COURTS.view(s.clone(), d.seat), d)
        assert first == again, (level, d.kind)


def test_a_whole_game_between_seeded_bots_replays_exactly():
    a = play_game("courts", ["ismcts:iterations=6", "heuristic"], 3, seed=5)
    b = play_game("courts", ["ismcts:iterations=6", "heuristic"], 3, seed=5)
    assert a.record["moves"] == b.record["moves"]
    assert a.record["result"] == b.record["result"]


def test_single_option_decisions_take_no_search():
    s, d = next((s, d) for s, d in SAMPLES if d.kind == "play")
    bot = make_bot("ismcts", COURTS, d.seat, seed=1)
    one = type(d)(d.seat, d.kind, d.options[:1], d.prompt)
    assert bot.choose(COURTS.view(s, d.seat), one) == d.options[0]
    assert bot.stats.searches == 0


def test_unknown_levels_and_options_are_refused():
    for spec in ("grandmaster", "ismcts:depth=3", "ismcts:seconds=abc", "ismcts:iterations=0", "heuristic:seconds=1"):
        with pytest.raises(ValueError):
            make_bot(spec, COURTS, 0, seed=1)


@pytest.mark.parametrize("horizon", [1, 2])
def test_ismcts_judges_a_courts_leaf_after_its_horizon_of_own_moves(horizon):
    """Courts searches look two moves of their own ahead by default: the reply model plays the searching
    court's next card too (and the other court's answer to it) before the leaf is judged; with horizon 1
    the leaf comes at the searching court's next card, which the model never plays."""
    s, d = next((s, d) for s, d in SAMPLES if d.kind == "play" and s.turn < 8 and len(d.options) > 4)
    bot = make_bot(f"ismcts:iterations=40;horizon={horizon}", COURTS, d.seat, seed=3)
    assert make_bot("ismcts", COURTS, d.seat).horizon == 2
    played = []

    class Watching(type(bot.knowledge)):
        def reply(self, state, decision, rng, chance):
            played.append((decision.seat, decision.kind))
            return super().reply(state, decision, rng, chance)

    bot.knowledge = Watching()
    assert bot.choose(COURTS.view(s, d.seat), d) in d.options
    own_plays = sum(1 for seat, kind in played if seat == d.seat and kind == "play")
    other_plays = sum(1 for seat, kind in played if seat != d.seat and kind == "play")
    assert other_plays > 0
    assert (own_plays > 0) == (horizon == 2), (horizon, own_plays)
