"""The OpenSpiel adapter: OpenSpiel's own random-simulation checks for every game and seat count, its IS-MCTS
playing each game, chance that is our fair stream, and resampling through our determinize."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from adapters.cases import SEAT_COUNTS
from moontable import fair
from moontable.adapters import openspiel as mo
from moontable.adapters.actions import action_space
from moontable.games import GAME_IDS, get_game
from moontable.match import Match


def _load(game_id, players):
    return pyspiel.load_game(mo.short_name(game_id), {"players": players})


@pytest.mark.parametrize(("game_id", "players"), SEAT_COUNTS)
def test_openspiel_random_simulation_checks_pass(game_id, players):
    pyspiel.random_sim_test(_load(game_id, players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), SEAT_COUNTS)
def test_openspiel_random_simulation_checks_pass_for_many_games(game_id, players):
    pyspiel.random_sim_test(_load(game_id, players), num_sims=20, serialize=False, verbose=False)


def test_every_game_is_registered_with_its_type():
    for game_id in GAME_IDS:
        game = _load(game_id, get_game(game_id).info.min_seats)
        kind = game.get_type()
        assert kind.short_name == f"python_moontable_{game_id}"
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert game.num_distinct_actions() == action_space(game_id).size
    assert _load("moons", 5).num_players() == 5
    with pytest.raises(ValueError, match="Courts of Sun and Moon is for 2-2 players, not 3"):
        mo.GAME_CLASSES["courts"]({"players": 3})


@pytest.mark.parametrize(("game_id", "players"), [("courts", 2), ("moons", 4), ("moonflight", 3), ("bluemoon", 2)])
def test_chance_outcomes_are_our_fair_streams_draws(game_id, players):
    """Chance answered with the stream's own below(n), move for move, deals and plays the game Match plays."""
    seed = bytes(range(32))
    stream = fair.FairStream(seed)
    match = Match.new(get_game(game_id), None, [{"name": f"p{i}"} for i in range(players)], seed=seed)
    state = _load(game_id, players).new_initial_state()
    rng = random.Random(1)
    moves = 0
    while not state.is_terminal() and moves < 40:
        if state.is_chance_node():
            n = len(state.chance_outcomes())
            assert all(p == pytest.approx(1 / n) for _, p in state.chance_outcomes())
            state.apply_action(stream.below(n))
            continue
        seat = state.current_player()
        number = rng.choice(state.legal_actions())
        match.play(seat, action_space(game_id).legal(match.state, seat)[number])
        state.apply_action(number)
        moves += 1
    while state.is_chance_node():  # the draws the last move made
        state.apply_action(stream.below(len(state.chance_outcomes())))
    assert [d for d in stream.draws if d[0] > 1] == [d for d in match.record["draws"] if d[0] > 1]
    engine = get_game(game_id)
    for seat in range(players):  # every seat sees the same game in both
        assert state.observation_string(seat) == state.view_text(seat)
        assert engine.view(match.state, seat) == engine.view(state._base, seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resampling_keeps_what_the_seat_knows_and_redeals_the_rest(game_id):
    game = _load(game_id, 2)
    state = game.new_initial_state()
    rs = np.random.RandomState(4)
    for _ in range(400):  # into the game, to a decision
        if state.is_chance_node():
            state.apply_action(rs.randint(len(state.chance_outcomes())))
        elif state.move_number() > 20 and not state.is_terminal():
            break
        else:
            state.apply_action(rs.choice(state.legal_actions()))
    seat = state.current_player()
    assert seat >= 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for _ in range(12):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions() == state.legal_actions()
        others.add(other.view_text(1 - seat))  # what the other seat holds
    assert state.information_state_string(seat) != state.information_state_string(1 - seat)
    assert len(others) > 1, "the hidden cards were dealt again"


def _ismcts(game, rs, simulations):
    """OpenSpiel's IS-MCTS with random rollouts, as its own examples make it."""
    return ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=simulations,
                            random_state=rs, allow_inconsistent_action_sets=True)


@pytest.mark.parametrize(("game_id", "players"), [("courts", 2), ("moons", 3), ("moonflight", 2), ("bluemoon", 2)])
def test_openspiel_ismcts_plays_each_game(game_id, players):
    game = _load(game_id, players)
    rs = np.random.RandomState(2)
    bot = _ismcts(game, rs, 8)
    state = game.new_initial_state()
    decided = 0
    while not state.is_terminal() and decided < 3:
        if state.is_chance_node():
            state.apply_action(rs.randint(len(state.chance_outcomes())))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decided += 1
    assert decided == 3


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), [("courts", 2), ("moons", 3), ("moonflight", 2), ("bluemoon", 2)])
def test_openspiel_ismcts_plays_whole_games_against_random(game_id, players):
    game = _load(game_id, players)
    rs = np.random.RandomState(3)
    bot = _ismcts(game, rs, 20)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rs.randint(len(state.chance_outcomes())))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rs.choice(state.legal_actions()))
    assert len(state.returns()) == players
