"""Self-play tournaments: two bot levels play many games, sides alternating, in parallel processes.

Game i (from 0) seats `bots[0]` in seat 0 when i is even and `bots[1]` when it is odd. With N seats (Moons:
2 to 6) `bots[0]` sits in seat i mod N and `bots[1]` in every other seat: one bot against the others, each
seat in turn; with two seats that is the same alternation. Its fair seed
and its bots' seeds are derived from the base seed and i, so a tournament is reproducible (up to the
wall clock of time-budgeted bots). Every game is a real `Match`: its record verifies.

The summary gives each bot's win rate with a 95% Wilson interval, overall, by seat and by role (the
court it led in Courts, the seat's Jack in Moonflight, read from its seat's view), each role's win rate
against each other role (the per-pair table: Jack against Jack), how the games ended and how long they
were. `write_report` writes summary.json, records/NNNN.json and selfplay.png.

Roles are dealt evenly where the game lets the options choose them (`even_roles`, the default): in
Moonflight game i gets the ordered pair of Jacks number (i // 2) mod 12 (seat 0's Jack, seat 1's), so
every 24 games cover every pair of Jacks in both seat orders with each bot on each side; the Jacks are
then in the record's options and it verifies as any other. With `even_roles=False` the game's own fair
stream deals them (Moonflight: after the first-player draw).
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path
from typing import Any

from moontable import games
from moontable.bots import make_bot, parse_level
from moontable.match import Match

__all__ = ["GameOutcome", "game_options", "outcome_from_record", "play_game", "play_tournament", "pool_reports",
           "run_selfplay", "summarize", "wilson", "write_report"]

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate wins/n (0..1); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return lo, hi


def _derive(seed: int, index: int, what: str) -> bytes:
    return hashlib.sha256(f"moontable-selfplay/{seed}/{index}/{what}".encode()).digest()


# the band each role's win rate should lie in between equal bots (the notes' "balance we aim at")
BALANCE_AIM: dict[str, tuple[float, float]] = {"courts": (0.45, 0.55), "moonflight": (0.40, 0.60),
                                               "bluemoon": (0.40, 0.60)}

_MOONFLIGHT_JACKS = ("clay", "words", "cot", "bond")
_MOONFLIGHT_PAIRS = tuple(permutations(_MOONFLIGHT_JACKS, 2))  # 12 ordered pairs: (seat 0's Jack, seat 1's)
_BLUEMOON_PAIRS = tuple(permutations(("cindermark", "hollowroot", "duskveil", "galewright"), 2))  # peoples


def game_options(game_id: str, index: int, even_roles: bool = True) -> dict[str, Any] | None:
    """The options of game `index` of a tournament (None: the game's defaults for two seats).

    Moonflight with `even_roles`: the Jacks of ordered pair (index // 2) mod 12, so that games 2k and
    2k + 1 (the bots swapped) have the same Jacks and every 24 games cover every pair evenly.
    """
    if game_id == "moonflight" and even_roles:
        pair = _MOONFLIGHT_PAIRS[(index // 2) % len(_MOONFLIGHT_PAIRS)]
        return {"seats": 2, "jacks": list(pair)}
    if game_id == "bluemoon" and even_roles:  # each seat one base deck: every ordered pair of peoples in turn
        pair = _BLUEMOON_PAIRS[(index // 2) % len(_BLUEMOON_PAIRS)]
        return {"seats": 2, "mode": "base", "decks": [[{"people": pair[0]}], [{"people": pair[1]}]]}
    return None


def role_of(view: dict[str, Any], seat: int) -> str | None:
    """A seat's role, read from its own view: its court in Courts, its Jack in Moonflight."""
    you = view.get("you")
    if isinstance(you, str):
        return you
    players = view.get("players")
    if isinstance(players, list) and seat < len(players) and isinstance(players[seat], dict):
        role = players[seat].get("jack") or players[seat].get("people")  # Moonflight's Jack, Blue Moon's people
        return role if isinstance(role, str) else None
    return None


@dataclass(slots=True)
class GameOutcome:
    """One finished game, as the summary needs it, and its record."""

    index: int
    levels: list[str]  # by seat
    roles: list[str | None]  # by seat: the court (Courts), the Jack (Moonflight) or None
    winner: int | None
    reason: str
    turns: int | None
    decisions: int
    think: list[float] = field(default_factory=list)  # seconds spent choosing, by seat
    chosen: list[int] = field(default_factory=list)  # decisions with more than one option, by seat
    record: dict[str, Any] = field(default_factory=dict)
    score: Any = None  # the result's score, as the game gives it


def seating(bots: Sequence[str], index: int, seats: int = 2) -> list[str]:
    """The levels by seat of game `index`: `bots[0]` in seat index mod N, `bots[1]` in the others."""
    levels = [bots[1]] * seats
    levels[index % seats] = bots[0]
    return levels


def play_game(game_id: str, levels: Sequence[str], index: int, seed: int, even_roles: bool = True) -> GameOutcome:
    """Play game `index` of a tournament to the end; `levels` are by seat."""
    game = games.get_game(game_id)
    seats = [{"name": f"{level} (seat {i})", "bot": True, "level": level} for i, level in enumerate(levels)]
    match = Match.new(game, game_options(game_id, index, even_roles), seats, seed=_derive(seed, index, "game"))
    bots = [make_bot(level, game, i, int.from_bytes(_derive(seed, index, f"bot{i}")[:8], "big"))
            for i, level in enumerate(levels)]
    roles: list[str | None] = []
    for i in range(len(levels)):
        roles.append(role_of(game.view(match.state, i), i))
    think = [0.0] * len(levels)
    chosen = [0] * len(levels)
    limit = game.info.max_decisions
    n = 0
    while not match.ended:
        if n > limit:
            raise RuntimeError(f"{game_id}: game {index} went past {limit} decisions")
        d = game.pending(match.state)[0]
        start = time.perf_counter()
        action = bots[d.seat].choose(game.view(match.state, d.seat), d)
        if len(d.options) > 1:
            think[d.seat] += time.perf_counter() - start
            chosen[d.seat] += 1
        match.play(d.seat, action)
        n += 1
    result = match.record["result"]
    if None in roles:  # a role chosen during the game (Blue Moon's secret deck choice): read it at the end
        roles = [role_of(game.view(match.state, i), i) for i in range(len(levels))]
    turns = getattr(match.state, "turn", getattr(match.state, "round", None))
    return GameOutcome(index=index, levels=list(levels), roles=roles, winner=result["winner"],
                       reason=result["reason"], turns=turns if isinstance(turns, int) else None, decisions=n,
                       think=think, chosen=chosen, record=match.public_record(), score=result.get("score"))


def outcome_from_record(record: dict[str, Any], index: int) -> GameOutcome:
    """A finished game's outcome read back from its record (replayed, so the record must verify).

    The time each bot spent thinking is not in a record: `think` and `chosen` stay empty."""
    from moontable.record import RecordError, verify

    report = verify(record)
    if not report.ok:
        raise RecordError("; ".join(str(c) for c in report.failed))
    game = games.get_game(record["game"])
    state = report.state  # verify's own replay: the game is played through once
    seats = range(len(record["seats"]))
    turns = getattr(state, "turn", getattr(state, "round", None))
    result = record["result"]
    return GameOutcome(index=index, levels=[s["level"] for s in record["seats"]],
                       roles=[role_of(game.view(state, i), i) for i in seats], winner=result["winner"],
                       reason=result["reason"], turns=turns if isinstance(turns, int) else None,
                       decisions=len(record["moves"]), think=[0.0 for _ in seats], chosen=[0 for _ in seats],
                       record=record, score=result.get("score"))


def _play_args(args: tuple[str, list[str], int, int, bool]) -> GameOutcome:
    return play_game(*args)


def run_selfplay(
    game_id: str,
    n_games: int,
    bots: Sequence[str] = ("heuristic", "heuristic"),
    *,
    jobs: int = 1,
    out_dir: str | Path | None = None,
    seed: int = 0,
    progress: Callable[[GameOutcome, int], None] | None = None,
    even_roles: bool = True,
    seats: int = 2,
) -> dict[str, Any]:
    """Play a tournament (`play_tournament`), write its report to `out_dir` if given; return the summary."""
    start = time.perf_counter()
    outcomes = play_tournament(game_id, n_games, bots, jobs=jobs, seed=seed, progress=progress,
                               even_roles=even_roles, seats=seats)
    summary = summarize(outcomes, bots, game_id, seed, time.perf_counter() - start)
    summary["jobs"] = jobs
    summary["even_roles"] = even_roles
    if out_dir is not None:
        write_report(out_dir, outcomes, summary)
    return summary


def play_tournament(
    game_id: str,
    n_games: int,
    bots: Sequence[str] = ("heuristic", "heuristic"),
    *,
    jobs: int = 1,
    seed: int = 0,
    progress: Callable[[GameOutcome, int], None] | None = None,
    even_roles: bool = True,
    seats: int = 2,
) -> list[GameOutcome]:
    """Play `n_games` games between the two levels in `bots`, sides alternating (`seating`), on `jobs` processes.

    `progress(outcome, done)` is called as each game ends (in the order they end). The outcomes come
    back ordered by game index.
    """
    if n_games < 1:
        raise ValueError("--games must be at least 1")
    if len(bots) != 2:
        raise ValueError("self-play takes two bot levels, such as heuristic,random")
    game = games.get_game(game_id)
    if not game.info.min_seats <= seats <= game.info.max_seats:
        lo, hi = game.info.min_seats, game.info.max_seats
        raise ValueError(f"{game.info.name} is not a two-seat game" if seats == 2 else
                         f"{game.info.name} is for {lo}-{hi} seats, not {seats}")
    for level in bots:
        parse_level(level)
    tasks = [(game_id, seating(bots, i, seats), i, seed, even_roles) for i in range(n_games)]
    out: list[GameOutcome] = []
    if jobs <= 1:
        for task in tasks:
            outcome = _play_args(task)
            out.append(outcome)
            if progress is not None:
                progress(outcome, len(out))
    else:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process that may run threads
        with ProcessPoolExecutor(max_workers=min(jobs, n_games), mp_context=ctx) as pool:
            futures = [pool.submit(_play_args, task) for task in tasks]
            try:
                for future in as_completed(futures):
                    outcome = future.result()
                    out.append(outcome)
                    if progress is not None:
                        progress(outcome, len(out))
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
    out.sort(key=lambda o: o.index)
    return out


# -- the summary ------------------------------------------------------------------------------------


def _rate(wins: int, draws: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "draws": draws, "losses": n - wins - draws,
            "win_rate": wins / n if n else 0.0, "ci95": [lo, hi]}


def summarize(outcomes: Sequence[GameOutcome], bots: Sequence[str], game_id: str, seed: int,
              seconds: float | None = None) -> dict[str, Any]:
    """The tournament's figures as JSON-able data."""
    n = len(outcomes)
    seats = len(outcomes[0].levels) if outcomes else 2
    per_bot: dict[str, Any] = {}
    labels = [f"A: {bots[0]}", f"B: {bots[1]}"] if bots[0] == bots[1] else list(bots)
    for b in (0, 1):
        def seats_of(o: GameOutcome, b: int = b) -> list[int]:
            one = o.index % seats  # bot 0 sits in seat i mod N; bot 1 in the others (with two seats: seat b)
            return [one] if b == 0 else [s for s in range(seats) if s != one]

        mine = list(outcomes)
        wins = sum(1 for o in mine if o.winner in seats_of(o))
        draws = sum(1 for o in mine if o.winner is None)
        by_seat = {}
        for seat in range(seats):
            sel = [o for o in mine if seat in seats_of(o)]
            by_seat[str(seat)] = _rate(sum(1 for o in sel if o.winner == seat),
                                       sum(1 for o in sel if o.winner is None), len(sel))
        roles = sorted({o.roles[s] for o in mine for s in seats_of(o) if o.roles[s] is not None})
        by_role = {}
        for role in roles:
            sel = [o for o in mine if any(o.roles[s] == role for s in seats_of(o))]
            by_role[role] = _rate(sum(1 for o in sel if o.winner in seats_of(o) and o.roles[o.winner] == role),
                                  sum(1 for o in sel if o.winner is None), len(sel))
        think = sum(o.think[s] for o in mine for s in seats_of(o))
        chosen = sum(o.chosen[s] for o in mine for s in seats_of(o))
        per_bot[labels[b]] = {
            "level": bots[b], **_rate(wins, draws, n), "by_seat": by_seat, "by_role": by_role,
            "ms_per_decision": 1000 * think / chosen if chosen else 0.0, "decisions_chosen": chosen,
        }
    role_names = sorted({r for o in outcomes for r in o.roles if r is not None})
    by_role_all = {}
    for role in role_names:  # over the games in which some seat had the role
        sel = [o for o in outcomes if role in o.roles]
        wins = sum(1 for o in sel if o.winner is not None and o.roles[o.winner] == role)
        by_role_all[role] = _rate(wins, sum(1 for o in sel if o.winner is None), len(sel))
    reasons = Counter(o.reason for o in outcomes)
    turns = [o.turns for o in outcomes if o.turns is not None]
    by_pair = _pairs(outcomes, role_names)
    decisions = [o.decisions for o in outcomes]

    def won_by(reason: str) -> dict[str, int]:
        """How many games that ended for `reason` each role won (Courts: the Moon wins its Highwold)."""
        won = Counter(o.roles[o.winner] for o in outcomes
                      if o.reason == reason and o.winner is not None and o.roles[o.winner] is not None)
        return {role: won[role] for role in role_names}

    def spread(xs: list[int]) -> dict[str, Any]:
        if not xs:
            return {}
        return {"mean": statistics.fmean(xs), "median": statistics.median(xs), "min": min(xs), "max": max(xs),
                "histogram": {str(k): v for k, v in sorted(Counter(xs).items())}}

    out = {
        "game": game_id,
        "games": n,
        "bots": list(bots),
        "seed": seed,
        "seconds": seconds,
        "per_bot": per_bot,
        "by_role": by_role_all,
        "by_pair": by_pair,
        "length_unit": "round" if game_id in ("moonflight", "moons") else "turn",
        "reasons": {k: {"games": v, "share": v / n, "by_role": won_by(k)} for k, v in reasons.most_common()},
        "turns": spread(turns),
        "decisions": spread(decisions),
    }
    if seats > 2 or game_id == "moons":  # games of more seats: each seat's own win rate, against 1/N
        out["seats"] = seats
        out["baseline"] = 1 / seats
        out["by_seat"] = {str(seat): _rate(sum(1 for o in outcomes if o.winner == seat),
                                           sum(1 for o in outcomes if o.winner is None), n) for seat in range(seats)}
    scored = [o.score for o in outcomes if isinstance(o.score, dict)]
    points = [x["points"] for x in scored if isinstance(x.get("points"), list) and x["points"]]
    if points:  # how far apart the scores end: the winner's, the margin over the next, the lowest
        ranked = [sorted(p, reverse=True) for p in points]
        out["points"] = {"winner": spread([r[0] for r in ranked]),
                         "margin": spread([r[0] - r[1] for r in ranked if len(r) > 1]),
                         "lowest": spread([r[-1] for r in ranked])}
    tricks = [x["tricks"] for x in scored if isinstance(x.get("tricks"), int)]
    if tricks:
        out["tricks"] = spread(tricks)
    return out


def _pairs(outcomes: Sequence[GameOutcome], role_names: list[str]) -> dict[str, Any]:
    """Each role against each other role: "A vs B" is A's win rate in the games between A and B
    (whichever bot played A), with its 95% Wilson interval; a pair is listed once, A before B in
    `role_names` order."""
    out: dict[str, Any] = {}
    for i, a in enumerate(role_names):
        for b in role_names[i + 1:]:
            sel = [o for o in outcomes if len(o.roles) == 2 and set(o.roles) == {a, b}]
            if not sel:
                continue
            wins = sum(1 for o in sel if o.winner is not None and o.roles[o.winner] == a)
            draws = sum(1 for o in sel if o.winner is None)
            out[f"{a} vs {b}"] = {"role": a, "against": b, **_rate(wins, draws, len(sel))}
    return out


def write_report(out_dir: str | Path, outcomes: Sequence[GameOutcome], summary: dict[str, Any]) -> list[Path]:
    """Write summary.json, records/NNNN.json (game index from 1) and selfplay.png; return the paths."""
    from moontable.record import save_record

    out = Path(out_dir)
    records = out / "records"
    records.mkdir(parents=True, exist_ok=True)
    for o in outcomes:
        save_record(o.record, records / f"{o.index + 1:04d}.json")
    summary_path = out / "summary.json"
    summary_path.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    plot_path = out / "selfplay.png"
    plot_summary(summary, plot_path)
    return [summary_path, records, plot_path]


def pool_reports(dirs: Sequence[str | Path]) -> dict[str, Any]:
    """One summary of several self-play runs of the same game and bots (other seeds, other sessions).

    Each run's records are replayed and verified, so a pooled figure rests on games that verify.
    A run's game i keeps its seat order: runs are laid end to end at even offsets. The time per
    decision is the runs' own, weighted by their decisions."""
    from moontable.record import RecordError, load_record

    if not dirs:
        raise ValueError("name at least one self-play folder")
    outcomes: list[GameOutcome] = []
    first: dict[str, Any] | None = None
    seeds, seconds = [], 0.0
    think: dict[str, list[float]] = {}
    for d in dirs:
        path = Path(d)
        try:
            run = json.loads((path / "summary.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise ValueError(f"{path}: no readable summary.json ({e.__class__.__name__})") from None
        if first is None:
            first = run
        elif (run.get("game"), run.get("bots")) != (first["game"], first["bots"]):
            raise ValueError(f"{path}: {run.get('game')} {run.get('bots')} does not pool with "
                             f"{first['game']} {first['bots']} (same game and bots, in the same order)")
        records = sorted((path / "records").glob("*.json"))
        if len(records) != run.get("games"):
            raise ValueError(f"{path}: summary.json counts {run.get('games')} games but records/ holds {len(records)}")
        seats = int(run.get("seats", 2))  # a run's game i keeps its seating: offsets are multiples of N
        offset = -(-len(outcomes) // seats) * seats
        for rec_path in records:
            try:
                index = int(rec_path.stem) - 1
                outcomes.append(outcome_from_record(load_record(rec_path), offset + index))
            except (RecordError, ValueError) as e:
                raise ValueError(f"{rec_path}: {e}") from None
        seeds.append(run.get("seed"))
        seconds += run.get("seconds") or 0.0
        for label, b in run.get("per_bot", {}).items():
            t = think.setdefault(label, [0.0, 0])
            t[0] += b.get("ms_per_decision", 0.0) * b.get("decisions_chosen", 0) / 1000
            t[1] += b.get("decisions_chosen", 0)
    assert first is not None
    summary = summarize(outcomes, first["bots"], first["game"], first.get("seed", 0), seconds)
    summary["seed"] = seeds
    summary["pooled"] = [str(d) for d in dirs]
    for label, b in summary["per_bot"].items():
        secs, chosen = think.get(label, (0.0, 0))
        b["ms_per_decision"] = 1000 * secs / chosen if chosen else 0.0
        b["decisions_chosen"] = chosen
    return summary


def plot_summary(summary: dict[str, Any], path: Path) -> None:
    """Win rates with their 95% intervals, how games ended, and game length, in one PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pairs = summary.get("by_pair") or {}
    fig, axes = plt.subplots(1, 4 if pairs else 3, figsize=(20 if pairs else 15, 4.8))
    names, rates, los, his = [], [], [], []
    seats = int(summary.get("seats", 2))
    for label, b in summary["per_bot"].items():
        rows = [(label, b)] + [(f"{label}\nseat {s}", r) for s, r in b["by_seat"].items()]
        rows += [(f"{label}\n{role}", r) for role, r in b["by_role"].items()]
        if seats > 2:  # one bot against the others: the one bot's rows, then every seat's (either bot)
            if label != next(iter(summary["per_bot"])):
                continue
            rows += [(f"seat {s}\n(either bot)", r) for s, r in summary["by_seat"].items()]
        for name, r in rows:
            names.append(name)
            rates.append(r["win_rate"])
            los.append(max(0.0, r["win_rate"] - r["ci95"][0]))
            his.append(max(0.0, r["ci95"][1] - r["win_rate"]))
    ax = axes[0]
    ax.barh(range(len(names)), rates, xerr=[los, his], color="#5b7fb0", capsize=3)
    ax.set_yticks(range(len(names)), names, fontsize=7)
    ax.invert_yaxis()
    if seats > 2:
        base = 1 / seats
        ax.axvspan(base - 0.05, base + 0.05, color="#dfe8df", zorder=0, label="1/N ± 5 points")
        ax.axvline(base, color="grey", lw=0.8, ls="--")
        ax.legend(fontsize=7, loc="lower right")
    else:
        ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title(f"{summary['game']}: {summary['games']} games")
    reasons = summary["reasons"]
    ax = axes[1]
    roles = list(summary.get("by_role") or {})
    if roles and len(roles) <= 6:  # each reason's bar split by the role that won it
        bottom = [0.0] * len(reasons)
        colours = ("#4a5f8c", "#d8a93b", "#b0825b", "#6aa06a", "#8a6bb0", "#a05b5b")
        for role, colour in zip(roles, colours, strict=False):
            part = [r.get("by_role", {}).get(role, 0) / summary["games"] for r in reasons.values()]
            ax.bar(list(reasons), part, bottom=bottom, color=colour, label=f"won by {role}")
            bottom = [b + p for b, p in zip(bottom, part, strict=True)]
        rest = [r["share"] - b for r, b in zip(reasons.values(), bottom, strict=True)]
        if any(x > 1e-9 for x in rest):
            ax.bar(list(reasons), rest, bottom=bottom, color="#bbbbbb", label="no winner")
        ax.legend(fontsize=7)
    else:
        ax.bar(list(reasons), [r["share"] for r in reasons.values()], color="#b0825b")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title("how games ended")
    ax.tick_params(axis="x", labelrotation=30)
    ax = axes[2]
    length = summary["turns"] or summary["decisions"]
    unit = f"{summary.get('length_unit', 'turn')} reached" if summary["turns"] else "decisions"
    hist = length.get("histogram", {})
    ax.bar([int(k) for k in hist], list(hist.values()), color="#6aa06a")
    ax.set_xlabel(unit)
    ax.set_ylabel("games")
    ax.set_title(f"game length (median {length.get('median', 0):g})")
    if pairs:
        ax = axes[3]
        names = list(pairs)
        rates = [r["win_rate"] for r in pairs.values()]
        los = [max(0.0, r["win_rate"] - r["ci95"][0]) for r in pairs.values()]
        his = [max(0.0, r["ci95"][1] - r["win_rate"]) for r in pairs.values()]
        ax.barh(range(len(names)), rates, xerr=[los, his], color="#8a6bb0", capsize=3, height=0.5)
        ax.set_yticks(range(len(names)), names, fontsize=8)
        ax.set_ylim(len(names) - 0.25, -0.75 if len(names) > 1 else -1.5)  # one pair: a bar, not a block
        lo, hi = BALANCE_AIM.get(summary["game"], (0.45, 0.55))
        ax.axvspan(lo, hi, color="#dfe8df", zorder=0, label=f"aim {lo:.0%}–{hi:.0%}")
        ax.legend(fontsize=7, loc="lower right")
        ax.axvline(0.5, color="grey", lw=0.8, ls="--")
        ax.set_xlim(0, 1)
        ax.set_xlabel("first role's win rate (95% Wilson interval)")
        ax.set_title("role against role")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
