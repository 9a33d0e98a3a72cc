"""Moons balance across seat counts: one plot (and a table) from the self-play runs of N = 2..6.

    moontable selfplay moons --seats N --games G --bots heuristic,heuristic --jobs 1 --seed S --out DIR_N
    .venv/bin/python bench/moons_balance.py DIR_2 DIR_3 DIR_4 DIR_5 DIR_6 --out docs/img/moons-balance.png

Each DIR holds a summary.json written by `moontable selfplay`. The plot shows, per seat count, every seat's
win rate with its 95% interval against 1/N and the +-5 point band of MO50, the first and the last seat marked;
how games ended; rounds and tricks; and the score spread (the winner's points, the margin to the next).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def load(dirs: list[str]) -> list[dict[str, Any]]:
    out = []
    for d in dirs:
        summary = json.loads((Path(d) / "summary.json").read_text(encoding="utf-8"))
        if summary.get("game") != "moons":
            raise SystemExit(f"{d}: not a Moons self-play run")
        out.append(summary)
    return sorted(out, key=lambda s: s["seats"])


def table(runs: list[dict[str, Any]]) -> str:
    lines = ["| seats | games | first seat | last seat | 1/N | supply empty | every seat dealt | rounds (mean) | "
             "tricks (mean) | decisions (mean) | winner's points (median) | margin (median) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in runs:
        n = s["seats"]
        first, last = s["by_seat"]["0"], s["by_seat"][str(n - 1)]

        def rate(r: dict[str, Any]) -> str:
            return f"{100 * r['win_rate']:.1f}% ({100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f})"

        ends = {k: v["share"] for k, v in s["reasons"].items()}
        lines.append(
            f"| {n} | {s['games']} | {rate(first)} | {rate(last)} | {100 / n:.1f}% | "
            f"{100 * ends.get('supply', 0):.0f}% | {100 * ends.get('dealt', 0):.0f}% | {s['turns']['mean']:.2f} | "
            f"{s['tricks']['mean']:.1f} | {s['decisions']['mean']:.0f} | {s['points']['winner']['median']:g} | "
            f"{s['points']['margin']['median']:g} |")
    return "\n".join(lines)


def seats_table(runs: list[dict[str, Any]]) -> str:
    """Every seat's win share at each seat count (seat 0 first), each with its 95% interval."""
    lines = ["| seats | games | 1/N | " + " | ".join(f"seat {i}" for i in range(6)) + " | largest gap |",
             "|---|---|---|" + "---|" * 6 + "---|"]
    for s in runs:
        n = s["seats"]
        cells, gap = [], 0.0
        for i in range(6):
            if i >= n:
                cells.append("")
                continue
            r = s["by_seat"][str(i)]
            gap = max(gap, abs(r["win_rate"] - 1 / n))
            cells.append(f"{100 * r['win_rate']:.1f}% ({100 * r['ci95'][0]:.0f}-{100 * r['ci95'][1]:.0f})")
        lines.append(f"| {n} | {s['games']} | {100 / n:.1f}% | " + " | ".join(cells) + f" | {100 * gap:.1f} |")
    return "\n".join(lines)


def plot(runs: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 4, figsize=(20, 5))
    ax = axes[0]
    for s in runs:
        n = s["seats"]
        base = 1 / n
        ax.fill_between([n - 0.4, n + 0.4], base - 0.05, base + 0.05, color="#dfe8df", zorder=0)
        ax.plot([n - 0.4, n + 0.4], [base, base], color="grey", lw=0.8, ls="--")
        for seat in range(n):
            r = s["by_seat"][str(seat)]
            x = n - 0.3 + 0.6 * seat / max(1, n - 1)
            colour = "#c0392b" if seat == 0 else "#2c6fbb" if seat == n - 1 else "#888888"
            ax.errorbar([x], [r["win_rate"]], yerr=[[r["win_rate"] - r["ci95"][0]], [r["ci95"][1] - r["win_rate"]]],
                        fmt="o", color=colour, ms=4, capsize=2)
    ax.set_xticks([s["seats"] for s in runs])
    ax.set_xlabel("seats (each dot a seat: first red, last blue)")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title("seat balance: 1/N and the ±5 point band")
    ax.set_ylim(0, 0.7)
    ax = axes[1]
    xs = [s["seats"] for s in runs]
    supply = [s["reasons"].get("supply", {}).get("share", 0) for s in runs]
    dealt = [s["reasons"].get("dealt", {}).get("share", 0) for s in runs]
    ax.bar(xs, supply, color="#b0825b", label="the supply ran out")
    ax.bar(xs, dealt, bottom=supply, color="#6aa06a", label="every seat had dealt")
    ax.set_ylim(0, 1)
    ax.set_xlabel("seats")
    ax.set_ylabel("share of games")
    ax.set_title("how games end")
    ax.legend(fontsize=8)
    ax = axes[2]
    rounds = [s["turns"]["mean"] for s in runs]
    tricks = [s["tricks"]["mean"] for s in runs]
    ax.plot(xs, rounds, "o-", color="#4a5f8c", label="rounds")
    ax.plot(xs, xs, ":", color="#4a5f8c", lw=0.8, label="at most N rounds")
    ax.set_xlabel("seats")
    ax.set_ylabel("rounds (mean)")
    ax2 = ax.twinx()
    ax2.plot(xs, tricks, "s-", color="#d8a93b", label="tricks")
    ax2.set_ylabel("tricks (mean)")
    ax.set_title("game length")
    ax.legend(loc="upper left", fontsize=8)
    ax2.legend(loc="upper right", fontsize=8)
    ax = axes[3]
    for key, colour, label in (("winner", "#8a6bb0", "winner's points"), ("margin", "#a05b5b", "margin to 2nd"),
                               ("lowest", "#5b7fb0", "lowest points")):
        med = [s["points"][key]["median"] for s in runs]
        lo = [s["points"][key]["min"] for s in runs]
        hi = [s["points"][key]["max"] for s in runs]
        ax.plot(xs, med, "o-", color=colour, label=f"{label} (median, range)")
        ax.fill_between(xs, lo, hi, color=colour, alpha=0.12)
    ax.set_xlabel("seats")
    ax.set_ylabel("points")
    ax.set_title("score spread")
    ax.legend(fontsize=8)
    fig.suptitle(f"Moons between equal bots ({runs[0]['bots'][0]}), {sum(s['games'] for s in runs)} games")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dirs", nargs="+", help="self-play folders, one per seat count")
    parser.add_argument("--out", default="docs/img/moons-balance.png", help="where to write the plot")
    args = parser.parse_args()
    runs = load(args.dirs)
    plot(runs, Path(args.out))
    print(table(runs))
    print()
    print(seats_table(runs))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
