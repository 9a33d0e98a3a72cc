"""Our ismcts against OpenSpiel's IS-MCTS playing through moontable.adapters.openspiel, at equal time a decision.

    .venv/bin/python bench/openspiel_match.py courts --games 20 --seconds 0.2 --seed 1

Every game is dealt by the fair stream of its seed; the OpenSpiel state follows the same game (the stream's
draws are its chance outcomes, the moves its actions), and OpenSpiel's bot sees it only through the adapter's
information states and `resample_from_infostate`. Seats alternate. OpenSpiel's IS-MCTS (random-rollout
evaluator, UCT c=2) counts simulations, not time: each of its decisions gets as many as its rate so far fits
in `--seconds` of its own CPU time, as ours gets `--seconds` of CPU time (its thread time, both).
"""

from __future__ import annotations

import argparse
import hashlib
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from moontable.adapters import openspiel as mo
from moontable.adapters.actions import action_space
from moontable.bots import make_bot
from moontable.games import get_game
from moontable.match import Match
from moontable.selfplay import wilson


class TimedOpenSpielBot:
    """OpenSpiel's ISMCTSBot with a time budget: simulations = rate so far x seconds."""

    def __init__(self, game: pyspiel.Game, seconds: float, seed: int) -> None:
        self.rs = np.random.RandomState(seed)
        self.game, self.seconds = game, seconds
        self.sims, self.spent = 0, 0.0

    def step(self, state: pyspiel.State) -> int:
        rate = self.sims / self.spent if self.spent > 0 else 20.0 / self.seconds
        budget = max(2, int(rate * self.seconds))
        bot = ismcts.ISMCTSBot(self.game, mcts.RandomRolloutEvaluator(1, self.rs), uct_c=2.0,
                               max_simulations=budget, random_state=self.rs, allow_inconsistent_action_sets=True)
        start = time.thread_time()
        action = bot.step(state)
        if len(state.legal_actions()) > 1:
            self.spent += time.thread_time() - start
            self.sims += budget
        return int(action)


def play_one(game_id: str, seed: bytes, ours_at: int, seconds: float, bot_seed: int) -> tuple[int | None, dict]:
    engine = get_game(game_id)
    space = action_space(game_id)
    os_game = pyspiel.load_game(mo.short_name(game_id), {"players": 2})
    match = Match.new(engine, None, [{"name": "a"}, {"name": "b"}], seed=seed)
    state = os_game.new_initial_state()
    fed = 0

    def follow() -> None:  # the stream's draws since the last move, as chance outcomes
        nonlocal fed
        draws = match.record["draws"]
        while fed < len(draws):
            n, value = draws[fed]
            fed += 1
            if n > 1:
                assert state.is_chance_node() and len(state.chance_outcomes()) == n
                state.apply_action(value)
        assert not state.is_chance_node()

    ours = make_bot(f"ismcts:seconds={seconds}", engine, ours_at, bot_seed)
    theirs = TimedOpenSpielBot(os_game, seconds, bot_seed)
    follow()
    while not match.ended:
        seat = state.current_player()
        decision = engine.decision_for(match.state, seat)
        assert decision is not None
        if seat == ours_at:
            action = ours.choose(engine.view(match.state, seat), decision)
            number = space.index(match.state, seat, action)
        else:  # OpenSpiel's bot answers with the number: the action is looked up once, not found back again
            number = theirs.step(state)
            action = space.legal(match.state, seat)[number]
        state.apply_action(number)
        match.play(seat, action)
        follow()
    rate = theirs.sims / theirs.spent if theirs.spent else 0.0
    its = ours.stats.iterations / ours.stats.seconds if ours.stats.seconds else 0.0
    return match.record["result"]["winner"], {"openspiel_sims_per_s": rate, "ours_iterations_per_s": its}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=["courts", "bluemoon", "moons", "moonflight"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wins = draws = 0
    rates: list[float] = []
    ours_rates: list[float] = []
    for g in range(args.games):
        seed = hashlib.sha256(f"openspiel-match/{args.game}/{args.seed}/{g}".encode()).digest()
        ours_at = g % 2
        winner, speed = play_one(args.game, seed, ours_at, args.seconds, args.seed * 1000 + g)
        wins += winner == ours_at
        draws += winner is None
        rates.append(speed["openspiel_sims_per_s"])
        ours_rates.append(speed["ours_iterations_per_s"])
        print(f"game {g + 1}: {'ours' if winner == ours_at else 'draw' if winner is None else 'OpenSpiel'} "
              f"(ours at seat {ours_at})", flush=True)
    lo, hi = wilson(wins + 0.5 * draws, args.games)
    print(f"ours won {wins} of {args.games} ({draws} draws): {100 * (wins + 0.5 * draws) / args.games:.1f}% "
          f"[{100 * lo:.1f}-{100 * hi:.1f}] at {args.seconds} s a decision; OpenSpiel's IS-MCTS ran "
          f"{sum(rates) / len(rates):.0f} simulations a second, ours {sum(ours_rates) / len(ours_rates):.0f} "
          "iterations")


if __name__ == "__main__":
    main()
