"""Our games as OpenSpiel Python games (`pip install 'moontable[openspiel]'`).

    import pyspiel
    import moontable.adapters.openspiel  # registers python_moontable_courts, ..._moonflight, ..._moons, ..._bluemoon
    game = pyspiel.load_game("python_moontable_moons", {"players": 3})

Chance is explicit, and it is exactly our fair stream's: every `below(n)` the engine asks for (a shuffle is
several) is one chance node with n equally likely outcomes, in the order the engine asks for them. The engine
cannot stop half way through a move, so a chance node is made by running the move (or the deal) again with
the outcomes chosen so far until it asks for one more; a state stands between engine positions only while its
outcomes are being chosen. Actions are the game's fixed numbered space (`moontable.adapters.actions`).
Simultaneous decisions (Courts' heralds, Moons' tableaux) are asked one seat after the other, and no seat's
information shows another's choice until all are in, as at the table.

A seat's information state is what its view shows and the actions it took itself (perfect recall of its own
moves); its observation is the view alone. `resample_from_infostate` deals what the seat cannot see again with
the game's own `determinize`. Returns: +1 to the winner and -1/(n-1) to each other seat (0 to all in a draw);
a solo Moonflight game returns its score.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from moontable.adapters import default_seats, end_rewards
from moontable.adapters.actions import ActionSpace, action_space
from moontable.engine import Action, Game
from moontable.games import GAME_IDS, get_game

__all__ = ["GAME_NAMES", "MAX_CHANCE_OUTCOMES", "MoontableGame", "MoontableState", "short_name"]

# Room for every below(n) of every game: the largest is a shuffle of a deck (Courts has 95 cards).
MAX_CHANCE_OUTCOMES = 256


def short_name(game_id: str) -> str:
    return f"python_moontable_{game_id}"


class _NeedDraw(BaseException):  # not an Exception: no engine code may catch it on the way out
    def __init__(self, n: int) -> None:
        self.n = n


class _Script:
    """A Chance that answers from the outcomes chosen so far, and stops the engine at the first one more."""

    __slots__ = ("draws", "used")

    def __init__(self, draws: list[int]) -> None:
        self.draws, self.used = draws, 0

    def below(self, n: int) -> int:
        if n == 1:  # no randomness: no chance node (the stream reads nothing for it either)
            return 0
        if self.used == len(self.draws):
            raise _NeedDraw(n)
        value = self.draws[self.used]
        self.used += 1
        return value


class _Shared:
    """What every state of one game shares (the rules, the action space): OpenSpiel clones a Python state by
    deep-copying its attributes, and these must not be copied."""

    __slots__ = ("engine", "space", "players")

    def __init__(self, engine: Game, space: ActionSpace, players: int) -> None:
        self.engine, self.space, self.players = engine, space, players

    def __deepcopy__(self, memo: Any) -> _Shared:
        return self


class _Held:
    """An engine state, copied by the engine's own cheap `clone` when OpenSpiel clones the state around it."""

    __slots__ = ("engine", "state")

    def __init__(self, engine: Game, state: Any) -> None:
        self.engine, self.state = engine, state

    def __deepcopy__(self, memo: Any) -> _Held:
        return _Held(self.engine, self.engine.clone(self.state))


class MoontableGame(pyspiel.Game):
    """One of our games, for a number of players (the "players" parameter). Each game has its subclass (which
    OpenSpiel registers: a class, not a closure, as a registered function outlives the interpreter)."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        self.engine: Game = get_game(game_id)
        self.space: ActionSpace = action_space(game_id)
        info = self.engine.info
        params = dict(params or {})
        n = int(params.get("players", default_seats(info)))
        if not info.min_seats <= n <= info.max_seats:
            raise ValueError(f"{info.name} is for {info.min_seats}-{info.max_seats} players, not {n}")
        self.players = n
        self.shared = _Shared(self.engine, self.space, n)
        # a solo Moonflight game returns its score: a card scores -1 to 6, and these bounds are far outside any
        best, worst = (1000.0, -1000.0) if n == 1 else (1.0, -1.0)
        zero_sum = info.min_seats > 1  # as its game type says (Moonflight's type takes one player too)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=MAX_CHANCE_OUTCOMES, num_players=n,
            min_utility=worst, max_utility=best, utility_sum=0.0 if zero_sum else None,
            # decisions, and a generous room for the chance nodes between them
            max_game_length=info.max_decisions * 64)
        super().__init__(_game_type(game_id), game_info, {"players": n})

    def new_initial_state(self) -> MoontableState:
        return MoontableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(perfect_recall)


class MoontableState(pyspiel.State):
    """A game between engine positions (choosing chance outcomes) or at one (a seat to decide, or the end)."""

    def __init__(self, game: MoontableGame) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._held: _Held | None = None  # the engine state after the last complete step (None before the deal)
        self._step: tuple[int, Action] | None = None  # the move being applied, None for the deal
        self._draws: list[int] = []
        self._need = 0  # n of the chance node we stand at (0: none)
        self._own: list[list[int]] = [[] for _ in range(game.players)]  # each seat's own actions
        self._run()

    @property
    def _engine(self) -> Game:
        return self._shared.engine

    @property
    def _space(self) -> ActionSpace:
        return self._shared.space

    @property
    def _base(self) -> Any:
        return None if self._held is None else self._held.state

    # -- stepping ---------------------------------------------------------------------------------------

    def _run(self) -> None:
        """Run the step under way with the outcomes chosen so far: done, or stopped at the next chance node."""
        chance = _Script(self._draws)
        engine = self._engine
        try:
            if self._held is None:
                options = engine.default_options(self._shared.players)
                state = engine.new_state(json.loads(json.dumps(options)), chance)
            else:
                assert self._step is not None
                state = engine.clone(self._held.state)
                engine.advance(state, self._step[0], self._step[1], chance)
        except _NeedDraw as need:
            if need.n > MAX_CHANCE_OUTCOMES:
                raise ValueError(f"{engine.info.name} asked for below({need.n}): over the "
                                 f"{MAX_CHANCE_OUTCOMES} chance outcomes this adapter declares") from None
            self._need = need.n
            return
        self._held, self._step, self._draws, self._need = _Held(engine, state), None, [], 0

    def _seat(self) -> int | None:
        pending = self._engine.pending(self._base)
        return min(d.seat for d in pending) if pending else None

    def current_player(self) -> int:
        if self._need:
            return pyspiel.PlayerId.CHANCE
        if self._engine.result(self._base) is not None:
            return pyspiel.PlayerId.TERMINAL
        seat = self._seat()
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._space.legal(self._base, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._need, "not a chance node"
        p = 1.0 / self._need
        return [(k, p) for k in range(self._need)]

    def _apply_action(self, action: int) -> None:
        if self._need:
            if not 0 <= action < self._need:
                raise ValueError(f"chance outcome {action} is not below {self._need}")
            self._draws.append(int(action))
        else:
            seat = self.current_player()
            legal = self._space.legal(self._base, seat)
            if action not in legal:
                raise ValueError(f"{action} ({self._space.label(action)}) is not legal for player {seat} now")
            self._own[seat].append(int(action))
            self._step = (seat, legal[action])
        self._run()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"below({self._need})={action}"
        return self._space.label(action)

    def is_terminal(self) -> bool:
        return not self._need and self._engine.result(self._base) is not None

    def returns(self) -> list[float]:
        n = self._shared.players
        result = None if self._need else self._engine.result(self._base)
        if result is None:
            return [0.0] * n
        return end_rewards(result, n, loss=-1.0 / max(1, n - 1))  # zero-sum, as the game type says

    # -- what a seat knows ------------------------------------------------------------------------------

    def view_text(self, seat: int) -> str:
        if self._base is None:
            return "{}"  # before the deal, no one knows anything yet
        return json.dumps(self._engine.view(self._base, seat), sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MoontableState:
        """A state the seat cannot tell from this one: what it cannot see dealt again (the game's determinize),
        with a generator seeded from OpenSpiel's sampler."""
        if self._need:
            raise ValueError("resample_from_infostate is for a state between moves, not among chance outcomes")
        rng = random.Random(int(probability_sampler() * 2**53))
        other = self.clone()
        other._held = _Held(self._engine, self._engine.determinize(self._base, player_id, rng))
        return other

    def __str__(self) -> str:
        if self._need:
            return f"chance: below({self._need}), {len(self._draws)} outcomes chosen in this step"
        return "{}" if self._base is None else json.dumps(self._engine.view(self._base, None))


class _Observer:
    """Information state (perfect recall: the view and the seat's own actions) or observation (the view)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: MoontableState, player: int) -> None:
        pass

    def string_from(self, state: MoontableState, player: int) -> str:
        view = state.view_text(player)
        if not self.perfect_recall:
            return view
        return f"{view}|mine:{','.join(map(str, state._own[player]))}"


def _game_type(game_id: str) -> pyspiel.GameType:
    info = get_game(game_id).info
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"moontable {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if info.min_seats > 1 else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_seats, min_num_players=info.min_seats,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"players": default_seats(info)})


GAME_NAMES = {game_id: short_name(game_id) for game_id in GAME_IDS}
GAME_CLASSES: dict[str, type[MoontableGame]] = {}
for _id in GAME_IDS:
    GAME_CLASSES[_id] = type(f"Moontable_{_id}", (MoontableGame,), {"game_id": _id})
    pyspiel.register_game(_game_type(_id), GAME_CLASSES[_id])
