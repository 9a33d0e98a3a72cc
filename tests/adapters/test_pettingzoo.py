"""The PettingZoo adapter: PettingZoo's own API and seed tests for every game and seat count, and what a
researcher relies on beyond them (views only, rewards at the end, a verifiable record, clear errors)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from adapters.cases import SEAT_COUNTS
from moontable.adapters.pettingzoo import decode_observation, env, observation
from moontable.games import GAME_IDS
from moontable.record import verify

# PettingZoo suggests a flat Box observation; a Dict of observation and action_mask is its classic games' own form
pytestmark = [pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
              pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")]


@pytest.mark.parametrize(("game_id", "seats"), SEAT_COUNTS)
def test_pettingzoo_api_test_passes(game_id, seats):
    api_test(env(game_id, seats), num_cycles=20)


@pytest.mark.parametrize(("game_id", "seats"), SEAT_COUNTS)
def test_pettingzoo_seed_test_passes(game_id, seats):
    seed_test(lambda: env(game_id, seats), num_cycles=20)


def _play_out(e, seed):
    """A whole game by masked random agents; the rewards each agent was given at each of its turns."""
    e.reset(seed=seed)
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(seed + i)
    seen = {a: [] for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        seen[agent].append(reward)
        e.step(None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"]))
    return seen


@pytest.mark.parametrize(("game_id", "seats"), [("courts", 2), ("moons", 4), ("bluemoon", 2), ("moonflight", 2)])
def test_a_whole_game_rewards_only_at_the_end_and_its_record_verifies(game_id, seats):
    e = env(game_id, seats)
    seen = _play_out(e, seed=5)
    assert not e.agents  # every agent stepped out after the end
    record = e.record()
    winner = record["result"]["winner"]
    for seat, agent in enumerate(e.possible_agents):
        *during, last = seen[agent]
        assert all(r == 0 for r in during)
        assert last == (0 if winner is None else 1 if seat == winner else -1)
    report = verify(record)
    assert report.ok, report.failed


def test_a_solo_moonflight_game_rewards_its_score():
    e = env("moonflight", 1)
    seen = _play_out(e, seed=3)
    assert seen["player_0"][-1] == e.record()["result"]["score"]["scores"][0]


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    a, b, c = env("courts"), env("courts"), env("courts")
    a.reset(seed=11)
    b.reset(seed=11)
    c.reset(seed=12)
    assert a.record()["commitment"] == b.record()["commitment"] != c.record()["commitment"]
    assert a.record()["draws"] == b.record()["draws"] != c.record()["draws"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_observation_is_the_seats_view_and_nothing_more(game_id):
    e = env(game_id)
    e.reset(seed=2)
    rng = random.Random(0)
    for _ in range(40):
        agent = e.agent_selection
        obs = e.observe(agent)
        for seat, other in enumerate(e.possible_agents):
            seen = e.observe(other)
            assert decode_observation(seen) == json.loads(json.dumps(e.view(other)))
            # what the seat cannot see, redealt at random, changes nothing it observes
            redealt = observation(e.game, e.game.determinize(e.match.state, seat, rng), seat)
            assert np.array_equal(redealt["observation"], seen["observation"])
            assert np.array_equal(redealt["action_mask"], seen["action_mask"])
        mask = obs["action_mask"]
        assert mask.sum() == len(e.game.decision_for(e.match.state, e.possible_agents.index(agent)).options)
        assert e.match.seed.hex().encode() not in bytes(obs["observation"])  # the fair stream's seed never shows
        e.step(int(rng.choice(np.flatnonzero(mask))))
        if e.match.ended:
            break


def test_an_illegal_number_is_one_clear_error_and_changes_nothing():
    e = env("moons", 3)
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = e.record()["moves"][:]
    with pytest.raises(ValueError, match=f"{bad} is not a legal action for {agent} now"):
        e.step(bad)
    assert e.record()["moves"] == before and e.agent_selection == agent


def test_a_seat_count_the_game_does_not_take_is_refused():
    with pytest.raises(ValueError, match="Courts of Sun and Moon is for 2-2 seats, not 3"):
        env("courts", 3)


def test_our_bots_play_as_agents():
    e = env("bluemoon")
    e.reset(seed=9)
    bots = {a: e.bot(a, "heuristic", seed=i) for i, a in enumerate(e.possible_agents)}
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else bots[agent](obs))
    assert verify(e.record()).ok


def test_the_example_prints_win_rates():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).parents[2] / "examples" / "pettingzoo_winrates.py"
    out = subprocess.run([sys.executable, str(script), "moons", "--games", "2", "--seats", "3"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    lines = out.splitlines()
    assert lines[0].startswith("player_0 (heuristic): won ") and lines[0].endswith("%)")
    assert len(lines) == 3 and sum(int(line.split("won ")[1].split(" of")[0]) for line in lines) <= 2


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "seats"), SEAT_COUNTS)
def test_whole_random_games_through_the_environment(game_id, seats):
    # every view fits an observation, and every record verifies
    e = env(game_id, seats)
    for seed in range(10):
        _play_out(e, seed)
        assert verify(e.record()).ok
