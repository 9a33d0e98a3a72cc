"""Our games as PettingZoo AEC environments (`pip install 'moontable[pettingzoo]'`).

    from moontable.adapters.pettingzoo import env
    e = env("courts")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

One agent per seat ("player_0", ...). The action space is the game's fixed numbered space
(`moontable.adapters.actions`) with a mask of the legal numbers. An observation is what the seat's view shows
and nothing else: the view as compact UTF-8 JSON in a fixed-size byte array (`decode_observation` turns it
back into the view). Rewards come at the end: +1 to the winner and -1 to every other seat, 0 to all in a draw;
a solo Moonflight game's reward is its score. Every deal and die comes from our fair stream, seeded from the
`seed` given to `reset`, so `record()` is a game record `moontable verify` accepts.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from moontable import fair
from moontable.adapters import default_seats, end_rewards
from moontable.adapters.actions import ActionSpace, action_space
from moontable.engine import Game
from moontable.games import get_game
from moontable.match import Match

__all__ = ["MoontableEnv", "decode_observation", "env", "observation", "seed_bytes"]

# Room for the largest view of any game (measured over random games: at most about 6,500 bytes).
OBSERVATION_BYTES = 16384


def seed_bytes(seed: int) -> bytes:
    """The fair stream's 32-byte seed for an integer seed given to `reset`."""
    return hashlib.sha256(f"moontable/pettingzoo/{seed}".encode()).digest()


def decode_observation(observation: dict[str, Any]) -> dict[str, Any]:
    """The seat's view back from an observation."""
    raw = bytes(observation["observation"]).rstrip(b"\0")
    return json.loads(raw.decode("utf-8"))


def observation(game: Game, state: Any, seat: int, space: ActionSpace | None = None) -> dict[str, np.ndarray]:
    """What `seat` observes of `state`: its view as JSON bytes, and the mask of its legal action numbers
    (`space`: the game's action space, when the caller holds it already)."""
    view = game.view(state, seat)
    raw = json.dumps(view, separators=(",", ":"), sort_keys=True).encode("utf-8")
    if len(raw) > OBSERVATION_BYTES:
        raise ValueError(f"{game.info.name} view of {len(raw)} bytes is over the {OBSERVATION_BYTES} an "
                         "observation holds")
    obs = np.zeros(OBSERVATION_BYTES, np.uint8)
    obs[: len(raw)] = np.frombuffer(raw, np.uint8)
    space = space or action_space(game.info.id)
    mask = np.zeros(space.size, np.int8)
    mask[list(space.legal(state, seat))] = 1
    return {"observation": obs, "action_mask": mask}


class MoontableEnv(AECEnv):
    """One table of one game, every seat an agent."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: str, seats: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = get_game(game)
        info = self.game.info
        n = seats if seats is not None else default_seats(info)
        if not info.min_seats <= n <= info.max_seats:
            raise ValueError(f"{info.name} is for {info.min_seats}-{info.max_seats} seats, not {n}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.metadata = {**self.metadata, "name": f"moontable_{info.id}_{n}_v0"}
        self.seats = n
        self.options = options
        self.render_mode = render_mode
        self.space = action_space(info.id)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0, 255, (OBSERVATION_BYTES,), np.uint8),
                "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
            })
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # -- the AEC cycle ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        stream_seed = fair.new_seed() if seed is None else seed_bytes(seed)
        seats = [{"name": a, "bot": False} for a in self.possible_agents]
        self.match = Match.new(self.game, self.options, seats, seed=stream_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_decide()
        if self.match.ended:  # a game that ends in its deal (none of ours does; the cycle still holds)
            self._finish()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None, "call reset() before step()"
        seat = self._seat[agent]
        legal = self.space.legal(self.match.state, seat)
        if action is None or int(action) not in legal:
            shown = sorted(legal)[:8]
            raise ValueError(f"{action!r} is not a legal action for {agent} now (legal numbers start {shown})")
        self._cumulative_rewards[agent] = 0.0
        self.match.play(seat, legal[int(action)])
        if self.match.ended:
            self._finish()
        else:
            self.agent_selection = self._to_decide()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.match is not None, "call reset() before observe()"
        return observation(self.game, self.match.state, self._seat[agent], self.space)

    def render(self) -> str | None:
        if self.render_mode is None or self.match is None:
            return None
        text = self.game.render(self.match.state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- beyond PettingZoo -----------------------------------------------------------------------

    def view(self, agent: str) -> dict[str, Any]:
        """The seat's view as a dict (what the observation holds)."""
        assert self.match is not None, "call reset() before view()"
        return self.game.view(self.match.state, self._seat[agent])

    def record(self) -> dict[str, Any]:
        """The game record as anyone may see it (with its seed once the game has ended)."""
        assert self.match is not None, "call reset() before record()"
        return self.match.public_record()

    def bot(self, agent: str, level: str = "heuristic", seed: int | None = None) -> Any:
        """One of our bots as an agent for `agent`'s seat: a function of the observation that returns a legal
        number. It sees what the seat sees (its view and its open decision), as at the table."""
        from moontable.bots import make_bot

        seat = self._seat[agent]
        bot = make_bot(level, self.game, seat, seed)

        def act(observation: dict[str, np.ndarray]) -> int:
            assert self.match is not None
            decision = self.game.decision_for(self.match.state, seat)
            assert decision is not None, f"{agent} has nothing to decide now"
            action = bot.choose(decode_observation(observation), decision)
            return self.space.index(self.match.state, seat, action)

        return act

    def _to_decide(self) -> str:
        assert self.match is not None
        # simultaneous decisions are asked in seat order; the engine shows nothing of them until all are in
        return self.possible_agents[min(d.seat for d in self.game.pending(self.match.state))]

    def _finish(self) -> None:
        assert self.match is not None
        result = self.game.result(self.match.state)
        assert result is not None
        rewards = end_rewards(result, self.seats)
        for agent, seat in self._seat.items():
            self.rewards[agent] = rewards[seat]
            self.terminations[agent] = True
            self.infos[agent] = {"result": result.to_json()}


def env(game: str, seats: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> MoontableEnv:
    """A PettingZoo AEC environment for `game` ("courts", "moonflight", "moons", "bluemoon")."""
    return MoontableEnv(game, seats, options, render_mode)
