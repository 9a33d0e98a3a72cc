"""How sure is a Courts evaluation of a win? Fits the temperature of `win_chance` per turn.

Plays games between two heuristic bots; at every card play with a choice it deals a state from the
mover's view (as the search's leaves are) and notes the mover's value there (`evaluate` less
`exposure`) and whether the mover went on to win. For each turn it finds the temperature T that
makes 1 / (1 + exp(-value / T)) the best guess of a win (the greatest mean log-likelihood, on a grid
of whole points), prints the table next to the temperature in use and draws
docs/img/courts-calibration.png. (The search's leaves use one temperature for every turn: a fitted one
per turn measured no stronger, docs/bots.md.)

Run: .venv/bin/python bench/courts_calibration.py [games] [jobs]   (200 games: about 4 minutes of one core)
"""

from __future__ import annotations

import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path

from rich.progress import BarColumn, Progress, TextColumn

from moontable.games.courts import COURTS
from moontable.games.courts.knowledge import KNOWLEDGE, TEMPERATURE, WIN, evaluate, exposure
from moontable.record import ReplayChance
from moontable.selfplay import play_game

SEED = 99
GRID = [float(t) for t in range(2, 46)]


def play(index: int) -> list[tuple[int, float, bool]]:
    """(turn, the mover's value in a state dealt from its view, whether it won) at each card play."""
    record = play_game("courts", ["heuristic", "heuristic"], index, SEED).record
    chance = ReplayChance(record["draws"])  # the game again, move by move, from its record
    s = COURTS.new_state(record["options"], chance)
    rng = random.Random(index)
    points: list[tuple[int, int, float]] = []
    for seat, action, *_ in record["moves"]:
        d = COURTS.pending(s)[0]
        if d.kind == "play" and len(d.options) > 1:
            dealt = KNOWLEDGE.deal(COURTS.view(s, seat), rng)
            court = dealt.court_of(seat)
            points.append((seat, dealt.turn, evaluate(dealt, court) - exposure(dealt, court)))
        COURTS.apply(s, seat, action, chance)
    winner = record["result"]["winner"]
    return [(turn, value, seat == winner) for seat, turn, value in points]


def log_likelihood(rows: list[tuple[float, bool]], t: float) -> float:
    total = 0.0
    for value, won in rows:
        p = 1.0 / (1.0 + math.exp(max(-30.0, min(30.0, -value / t))))
        p = min(max(p, 1e-6), 1.0 - 1e-6)
        total += math.log(p if won else 1.0 - p)
    return total / len(rows)


def main(games: int, jobs: int) -> None:
    by_turn: dict[int, list[tuple[float, bool]]] = {}
    with Pool(jobs) as pool, Progress(TextColumn("games"), BarColumn(),
                                      TextColumn("{task.completed}/{task.total}")) as bar:
        task = bar.add_task("games", total=games)
        for rows in pool.imap_unordered(play, range(games)):
            for turn, value, won in rows:
                if abs(value) < WIN:  # a decided game says nothing about the temperature
                    by_turn.setdefault(turn, []).append((value, won))
            bar.advance(task)
    print(f"{'turn':>4} {'plays':>6} {'fitted T':>9} {'in use':>7} {'log-lik. fitted':>16} {'in use':>7}")
    fitted = {}
    for turn in sorted(by_turn):
        rows = by_turn[turn]
        best = max(GRID, key=lambda t: log_likelihood(rows, t))
        fitted[turn] = best
        used = TEMPERATURE
        print(f"{turn:>4} {len(rows):>6} {best:>9.0f} {used:>7.0f} {log_likelihood(rows, best):>16.4f} "
              f"{log_likelihood(rows, used):>7.4f}")
    plot(by_turn, fitted)


def plot(by_turn: dict[int, list[tuple[float, bool]]], fitted: dict[int, float]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for turn, colour in ((2, "tab:blue"), (5, "tab:green"), (8, "tab:orange"), (10, "tab:red")):
        rows = sorted(by_turn.get(turn, []))
        if len(rows) < 100:
            continue
        size = len(rows) // 8
        xs, ys = [], []
        for i in range(0, len(rows) - size + 1, size):
            chunk = rows[i:i + size]
            xs.append(sum(v for v, _ in chunk) / len(chunk))
            ys.append(sum(1 for _, w in chunk if w) / len(chunk))
        ax.plot(xs, ys, "o", color=colour, label=f"turn {turn} (T = {fitted[turn]:.0f})")
        grid = [x / 2 for x in range(-100, 101)]
        ax.plot(grid, [1 / (1 + math.exp(-x / fitted[turn])) for x in grid], "-", color=colour, alpha=0.6)
    ax.set_xlabel("the mover's value (points)")
    ax.set_ylabel("share of these positions the mover won")
    ax.set_title("Courts: how sure the evaluation is, by turn (heuristic self-play)")
    ax.legend()
    ax.grid(alpha=0.3)
    out = Path(__file__).resolve().parent.parent / "docs" / "img" / "courts-calibration.png"
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print(f"plot: {out}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300, int(sys.argv[2]) if len(sys.argv) > 2 else 2)
