"""The command line (DESIGN.md, "Command line — contract"): serve | play | verify | rules | bench.

Every error is one clear line on stderr and a non-zero exit (2: bad arguments or input file), never
a traceback; set MOONTABLE_DEBUG=1 to see the traceback of an unexpected error.
"""

from __future__ import annotations

import functools
import ipaddress
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from moontable import games
from moontable.benchmark import BenchStats, run_bench
from moontable.bots import BOT_LEVELS, Bot, make_bot, parse_level
from moontable.engine import Game
from moontable.match import Match
from moontable.record import RecordError, load_record, save_record, verify
from moontable.terminal import InputClosed, describe_result, run_table

__all__ = ["app", "main"]

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="moontable: four moon card games with verifiable shuffles and dice.",
)

F = TypeVar("F", bound=Callable[..., Any])


class CliError(Exception):
    """A failure to report as one line, with an exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def _out() -> Console:
    return Console(highlight=False, soft_wrap=True, markup=False, emoji=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)


def _fail(message: str, code: int) -> NoReturn:
    _err().print(message)
    raise typer.Exit(code)


def _clean_errors(fn: F) -> F:
    """Turn every error into one line on stderr and an exit code."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except CliError as e:
            _fail(f"error: {e}", e.code)
        except (RecordError, ValueError) as e:
            _fail(f"error: {e}", 2)
        except OSError as e:
            _fail(f"error: {e.strerror or e}" + (f": {e.filename}" if e.filename else ""), 1)
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except Exception as e:
            if os.environ.get("MOONTABLE_DEBUG"):
                raise
            _fail(f"error: internal error: {type(e).__name__}: {e} (MOONTABLE_DEBUG=1 shows a traceback)", 1)

    return wrapper  # type: ignore[return-value]


def _game(game_id: str) -> Game:
    return games.get_game(game_id)  # looked up at call time: tests register games by patching it


def _parse_seed(text: str | None) -> bytes | None:
    if text is None:
        return None
    try:
        seed = bytes.fromhex(text)
    except ValueError:
        seed = b""
    if len(seed) != 32:
        raise CliError("--seed must be 64 hex characters (32 bytes)")
    return seed


def _parse_bots(specs: list[str], seats: int) -> dict[int, str]:
    levels: dict[int, str] = {}
    for spec in specs:
        seat_text, eq, level = spec.partition("=")
        if not eq or not seat_text.strip().isdigit():
            raise CliError(f"--bot takes SEAT=LEVEL, such as 1=random, not {spec!r}")
        seat = int(seat_text)
        if not 0 <= seat < seats:
            raise CliError(f"--bot {spec}: seats are numbered 0 to {seats - 1}")
        if seat in levels:
            raise CliError(f"--bot: seat {seat} is given twice")
        if level.partition(":")[0] not in BOT_LEVELS:
            raise CliError(f"--bot {spec}: unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
        try:
            parse_level(level)  # a level may take options: ismcts:iterations=400
        except ValueError as e:
            raise CliError(f"--bot {spec}: {e}") from None
        levels[seat] = level
    return levels


def _in_language(game: Game, lang: str | None) -> Game:
    """The game with its texts in `lang` (en, pt); English is every game's language."""
    if lang is None:
        return game
    try:
        return game.in_language(lang)
    except ValueError as e:
        raise CliError(f"--lang: {e}") from None


def _seat_count(game: Game, seats: int | None) -> int:
    n = game.info.min_seats if seats is None else seats
    if not game.info.min_seats <= n <= game.info.max_seats:
        lo, hi = game.info.min_seats, game.info.max_seats
        raise CliError(f"{game.info.name} is for {lo}-{hi} seats, not {n}" if lo != hi else
                       f"{game.info.name} is for {lo} seats, not {n}")
    return n


@app.command()
@_clean_errors
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="courts, moonflight, moons or bluemoon")],
    seats: Annotated[int | None, typer.Option(help="number of seats (default: the game's fewest)")] = None,
    bot: Annotated[list[str] | None, typer.Option(metavar="SEAT=LEVEL", help="a bot seat: 1=random")] = None,
    seed: Annotated[str | None, typer.Option(metavar="HEX", help="the game's secret seed, 64 hex")] = None,
    record: Annotated[Path | None, typer.Option(metavar="FILE", help="write the game record here")] = None,
    lang: Annotated[str | None, typer.Option(metavar="en|pt", help="the language of the table (Moons: en, pt)")]
    = None,
    mode: Annotated[str | None, typer.Option(help="Blue Moon: base, quick or build")] = None,
    deck: Annotated[list[str] | None, typer.Option(metavar="SEAT=FILE", help="Blue Moon: a prepared deck")] = None,
    keep: Annotated[bool, typer.Option("--keep", help="Blue Moon: each keeps one deck all match")] = False,
    target: Annotated[int, typer.Option(help="Blue Moon: crystals that win the match")] = 5,
) -> None:
    """Play at a terminal table: human seats are asked for moves, bot seats play themselves. Blue Moon plays
    a whole match: games until a player holds the target crystals."""
    from moontable.terminal import words

    game = _in_language(_game(game_id), lang)
    n = _seat_count(game, seats)
    levels = _parse_bots(bot or [], n)
    seed_bytes = _parse_seed(seed)
    if record is not None and not record.parent.is_dir():
        raise CliError(f"--record: there is no folder {record.parent}")
    if game.info.id == "bluemoon":
        from moontable.cli_bluemoon import play_match

        play_match(levels, seed_bytes, record, mode or "base", deck or [], keep, target)
        return
    if mode is not None or deck or keep or target != 5:
        raise CliError("--mode, --deck, --keep and --target are for Blue Moon matches")
    w = {"title": "{game}, {n} seats; commitment {commitment}", "over": "game over: {text}", "seed": "seed {seed}",
         "record": "record written to {path}", "player": "player", "bot": "{level} bot", **words(game)}
    seat_specs = [
        {"name": w["bot"].format(level=levels[s]), "bot": True, "level": levels[s]} if s in levels
        else {"name": w["player"], "bot": False, "level": None}
        for s in range(n)
    ]
    match = Match.new(game, None, seat_specs, seed=seed_bytes)
    bots: dict[int, Bot] = {s: make_bot(level, game, s) for s, level in levels.items()}
    out = _out()
    out.print(w["title"].format(game=game.info.name, n=n, commitment=match.record["commitment"]))
    try:
        run_table(match, bots, out, sys.stdin.readline)
    except (InputClosed, KeyboardInterrupt) as e:
        if record is not None:
            save_record(match.public_record(), record)
            _err().print(f"partial record written to {record}")
        _fail("input closed: game abandoned" if isinstance(e, InputClosed) else "interrupted: game abandoned",
              1 if isinstance(e, InputClosed) else 130)
    out.print(w["over"].format(text=describe_result(match)))
    out.print(w["seed"].format(seed=match.seed.hex()))
    if record is not None:
        save_record(match.public_record(), record)
        out.print(w["record"].format(path=record))


@app.command("verify")
@_clean_errors
def verify_cmd(path: Annotated[Path, typer.Argument(metavar="RECORD", help="a game record (.json)")]) -> None:
    """Check a finished game's record: commitment, every draw, every move, the result. A Blue Moon match
    record: every game it lists, and that their crystals add up."""
    if _is_match_record(path):
        from moontable.cli_bluemoon import verify_match_file

        problems = verify_match_file(path)
        if not problems:
            _out().print("verified (the match and every game)")
            return
        for problem in problems:
            _out().print(f"failed: {problem}")
        raise typer.Exit(1)
    report = verify(load_record(path))
    out = _out()
    if report.ok:
        out.print("verified")
        return
    for check in report.failed:
        out.print(f"failed: {check.name}: {check.message}")
    raise typer.Exit(1)


def _is_match_record(path: Path) -> bool:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False  # load_record says what is wrong with the file
    return isinstance(data, dict) and data.get("format") == "moontable-match/1"


@app.command()
@_clean_errors
def rules(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    as_json: Annotated[bool, typer.Option("--json", help="the game's content as JSON")] = False,
    lang: Annotated[str | None, typer.Option(metavar="en|pt", help="the language of the text (Moons: en, pt)")]
    = None,
) -> None:
    """Print a game's rules summary, or its content (map, cards) as data."""
    game = _in_language(_game(game_id), lang)
    text = getattr(game, "content_text", None)
    if as_json or text is None:
        typer.echo(json.dumps(game.content(), indent=2))
    else:
        typer.echo(text())


@app.command()
@_clean_errors
def bench(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    seconds: Annotated[float, typer.Option(min=0, help="how long to play random games")] = 5.0,
    games_: Annotated[int | None, typer.Option("--games", min=1, help="play exactly N games instead")] = None,
    seats: Annotated[int | None, typer.Option(help="number of seats (default: the game's fewest)")] = None,
    bot_seconds: Annotated[float | None, typer.Option(
        min=0, help="how long to time each bot level (default: --seconds; 0: no bots)")] = None,
) -> None:
    """Speed on one core: random play (games/s, decisions/s, with and without the fair stream), then the
    time each bot level takes to decide and the ISMCTS iterations per second."""

    from moontable.benchmark import BotStats, bench_bot

    game = _game(game_id)
    options = game.default_options(_seat_count(game, seats))
    out = _out()
    results: dict[str, BenchStats] = {}
    bot_results: list[BotStats] = []
    if bot_seconds is None:
        bot_seconds = seconds
    phases = [("random chance", seconds, games_, False), ("fair stream", seconds / 5, None, True)]
    levels = []
    for level in BOT_LEVELS if bot_seconds else ():
        try:
            make_bot(level, game, 0, 1)
        except ValueError:
            continue  # a level this game has no knowledge for
        levels.append(level)
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[games]}"),
                  TimeElapsedColumn(), console=out, transient=True) as progress:
        for name, secs, count, fair in phases:
            total = float(count) if count is not None else max(secs, 1e-9)
            task = progress.add_task(f"{game.info.id} {name}", total=total, games="0 games")

            def tick(stats: BenchStats, task: Any = task, count: int | None = count) -> None:
                done = stats.games if count is not None else stats.seconds
                progress.update(task, completed=done, games=f"{stats.games} games")

            results[name] = run_bench(game, options, seconds=secs, games=count, fair=fair, progress=tick)
        for level in levels:
            task = progress.add_task(f"{game.info.id} {level} bot", total=bot_seconds, games="0 decisions")

            def bot_tick(stats: BotStats, task: Any = task, started: float = time.perf_counter()) -> None:
                progress.update(task, completed=min(bot_seconds, time.perf_counter() - started),
                                games=f"{stats.decisions} decisions")

            bot_results.append(bench_bot(game, options, level, seconds=bot_seconds, progress=bot_tick))
    table = Table(title=f"{game.info.name}: random play, one core")
    table.add_column("")
    for name in results:
        table.add_column(name, justify="right")
    rows: list[tuple[str, Callable[[BenchStats], str]]] = [
        ("games", lambda s: str(s.games)),
        ("seconds", lambda s: f"{s.seconds:.2f}"),
        ("games/s", lambda s: f"{s.games_per_s:,.1f}"),
        ("decisions/s", lambda s: f"{s.decisions_per_s:,.0f}"),
        ("decisions/game", lambda s: f"{s.decisions_per_game:.1f}"),
    ]
    for label, fmt in rows:
        table.add_row(label, *(fmt(s) for s in results.values()))
    out.print(table)
    if bot_results:
        bots = Table(title=f"{game.info.name}: bots, one core, decisions with more than one option; "
                           "ISMCTS searches and its iterations per second of CPU")
        for col in ("level", "decisions", "ms/decision", "ms/search", "iter./s", "iter./search"):
            bots.add_column(col, justify="left" if col == "level" else "right")
        for b in bot_results:
            n = b.searches
            bots.add_row(b.level, str(b.decisions), f"{b.ms_per_decision:,.2f}",
                         f"{1000 * b.search_seconds / n:,.0f}" if n else "-",
                         f"{b.iterations_per_s:,.0f}" if n else "-", f"{b.iterations / n:,.0f}" if n else "-")
        out.print(bots)


_LATER = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}


@app.command()
@_clean_errors
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="the port to listen on")] = 8000,
    db: Annotated[str, typer.Option(metavar="URL", help="sqlite:///FILE or postgresql://USER@HOST/DB")]
    = "sqlite:///moontable.db",
    cluster: Annotated[str | None, typer.Option(
        metavar="HOST:PORT", help="one of several processes on one PostgreSQL database: the address the others "
                                  "reach this one at (table leases, forwarding)")] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        metavar="ADDRESS", help="a load balancer in front (or a cluster's other process), by address or network "
                                "(10.0.0.0/8); may be given again: the client's address is the one its "
                                "X-Forwarded-For says, for the per-address limits; no one else's is believed")]
    = None,
) -> None:
    """Run the online table: the lobby, live tables, bots in empty seats, game records, verify."""
    import uvicorn

    from moontable.server import Settings, create_app
    from moontable.server.app import UVICORN
    from moontable.server.store import async_url

    url = async_url(db)  # a bad URL is one clear line here, not a traceback from the server's start
    if url.startswith("sqlite"):
        path = url.split(":///", 1)[1] if ":///" in url else ""
        if path and path != ":memory:" and not Path(path).resolve().parent.is_dir():
            raise CliError(f"--db: there is no folder {Path(path).resolve().parent}")
    else:
        try:
            import asyncpg  # noqa: F401
        except ImportError:
            raise CliError("--db: PostgreSQL needs asyncpg: pip install 'moontable[postgres]'") from None
    for proxy in trusted_proxy or []:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise CliError(f"--trusted-proxy: {proxy!r} is not an address or a network (such as 10.0.0.0/8)") \
                from None
    shown = f"[{host}]" if ":" in host else "127.0.0.1" if host == "0.0.0.0" else host
    _out().print(f"moontable: open http://{shown}:{port}/  (database {db}; Ctrl-C stops)")
    # the server's own limit on a WebSocket frame (the app answers smaller but too large messages itself),
    # and sockets that read nothing cut off
    settings = Settings(db_url=db, cluster=cluster, trusted_proxies=tuple(trusted_proxy or ()))
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", timeout_graceful_shutdown=5,
                **UVICORN)


@app.command()
@_clean_errors
def selfplay(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    games_: Annotated[int, typer.Option("--games", min=1, help="how many games to play")],
    bots: Annotated[str, typer.Option(metavar="LEVEL,LEVEL",
                                      help="the two bot levels, such as heuristic,random "
                                           "(ismcts takes options: ismcts:seconds=0.5 or ismcts:iterations=400)")
                    ] = "heuristic,heuristic",
    jobs: Annotated[int | None, typer.Option(min=1, help="parallel processes (default: the CPU count)")] = None,
    out_dir: Annotated[Path | None, typer.Option("--out", metavar="DIR",
                                                 help="where to write summary.json, records/ and selfplay.png "
                                                      "(default: selfplay/GAME-A-B-SEED)")] = None,
    seed: Annotated[int, typer.Option(min=0, help="base seed: the same seed deals the same games")] = 0,
    stream_roles: Annotated[bool, typer.Option(
        "--stream-roles", help="let each game's fair stream deal the roles (Moonflight's Jacks) instead of "
                               "covering every pair evenly")] = False,
    seats: Annotated[int, typer.Option(min=2, help="seats a game (Moons: 2-6): the first level in one seat, "
                                                   "in turn, the second in all the others")] = 2,
) -> None:
    """Bots play each other, sides alternating, in parallel: win rates with 95% intervals, how games ended."""
    from moontable.bots import parse_level
    from moontable.selfplay import GameOutcome, run_selfplay

    game = _game(game_id)
    _seat_count(game, seats)
    levels = [b.strip() for b in bots.split(",")]
    if len(levels) != 2 or not all(levels):
        raise CliError(f"--bots takes two levels, such as heuristic,random, not {bots!r}")
    for level in levels:
        try:
            parse_level(level)
        except ValueError as e:
            raise CliError(f"--bots: {e}") from None
    n_jobs = max(1, min(jobs or os.cpu_count() or 1, games_))
    if out_dir is None:
        slug = "-".join(level.replace(":", "_").replace(";", "_").replace("=", "") for level in levels)
        out_dir = Path("selfplay") / (f"{game.info.id}-{slug}-{seed}" if seats == 2 else
                                      f"{game.info.id}{seats}-{slug}-{seed}")
    out = _out()
    seating = ("sides alternating" if seats == 2 else
               f"{seats} seats: {levels[0]} in one seat, each in turn, {levels[1]} in the others")
    out.print(f"{game.info.name}: {games_} games, {levels[0]} vs {levels[1]}, {seating}, "
              f"{n_jobs} process{'es' if n_jobs > 1 else ''}, seed {seed}")
    wins = [0, 0]
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total} games"),
                  TextColumn("{task.fields[score]}"), TimeElapsedColumn(), console=out) as progress:
        task = progress.add_task("self-play", total=games_, score="")

        def tick(outcome: GameOutcome, done: int) -> None:
            if outcome.winner is not None:
                wins[0 if outcome.winner == outcome.index % seats else 1] += 1
            score = f"{levels[0]} {wins[0]} - {wins[1]} {levels[1]}"
            progress.update(task, completed=done, score=score)
            # rich draws no bar when the output is a file or a pipe: a line every twentieth of the run instead
            if not out.is_terminal and (done % every == 0 or done == games_):
                out.print(f"{done}/{games_} games, {score}, {time.perf_counter() - started:.0f} s")

        every = max(1, games_ // 20)
        started = time.perf_counter()
        summary = run_selfplay(game.info.id, games_, levels, jobs=n_jobs, out_dir=out_dir, seed=seed, progress=tick,
                               even_roles=not stream_roles, seats=seats)
    _print_selfplay(out, summary)
    out.print(f"wrote {out_dir / 'summary.json'}, {out_dir / 'records'}/ and {out_dir / 'selfplay.png'}")


@app.command("selfplay-pool")
@_clean_errors
def selfplay_pool(
    dirs: Annotated[list[Path], typer.Argument(metavar="DIR...", help="self-play folders of the same game and bots")],
    out_dir: Annotated[Path, typer.Option("--out", metavar="DIR", help="where to write the pooled summary.json "
                                                                       "and selfplay.png")],
) -> None:
    """Pool self-play runs (other seeds, other days) into one report; every record is replayed and verified."""
    from moontable.selfplay import plot_summary, pool_reports

    try:
        summary = pool_reports(dirs)
    except ValueError as e:
        raise CliError(str(e)) from None
    out = _out()
    seeds = ", ".join(str(x) for x in summary["seed"])
    out.print(f"{summary['games']} games of {summary['game']}, {' vs '.join(summary['bots'])}, "
              f"pooled from {len(dirs)} run{'s' if len(dirs) > 1 else ''} (seeds {seeds})")
    _print_selfplay(out, summary)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    plot_summary(summary, out_dir / "selfplay.png")
    out.print(f"wrote {out_dir / 'summary.json'} and {out_dir / 'selfplay.png'}")


def _print_selfplay(out: Console, summary: dict[str, Any]) -> None:
    table = Table(title=f"win rate with its 95% Wilson interval ({summary['games']} games, "
                        f"{summary['seconds']:.0f} s)")
    for col in ("bot", "games", "wins", "draws", "win rate", "95% interval", "ms/decision"):
        table.add_column(col, justify="left" if col == "bot" else "right")

    def row(label: str, r: dict[str, Any], ms: str = "") -> None:
        lo, hi = r["ci95"]
        table.add_row(label, str(r["games"]), str(r["wins"]), str(r["draws"]), f"{100 * r['win_rate']:.1f}%",
                      f"{100 * lo:.1f}-{100 * hi:.1f}%", ms)

    for label, b in summary["per_bot"].items():
        row(label, b, f"{b['ms_per_decision']:.1f}")
        for seat, r in b["by_seat"].items():
            if r["games"]:
                row(f"  in seat {seat}", r)
        for role, r in b["by_role"].items():
            row(f"  as {role}", r)
    for role, r in summary["by_role"].items():
        row(f"{role} (either bot)", r)
    if summary.get("seats", 2) > 2 or "by_seat" in summary:
        for seat, r in summary.get("by_seat", {}).items():
            row(f"seat {seat} (either bot)", r)
    out.print(table)
    if "baseline" in summary:
        out.print(f"one seat of {summary['seats']}: the baseline win rate is 1/{summary['seats']} = "
                  f"{100 * summary['baseline']:.1f}%")
    pairs = summary.get("by_pair") or {}
    if len(pairs) > 1:
        pt = Table(title="role against role (either bot): the first role's win rate")
        for col in ("pair", "games", "wins", "draws", "win rate", "95% interval"):
            pt.add_column(col, justify="left" if col == "pair" else "right")
        for name, r in pairs.items():
            lo, hi = r["ci95"]
            pt.add_row(name, str(r["games"]), str(r["wins"]), str(r["draws"]), f"{100 * r['win_rate']:.1f}%",
                       f"{100 * lo:.1f}-{100 * hi:.1f}%")
        out.print(pt)
    ends = Table(title="how games ended")
    roles = list(summary.get("by_role") or {})
    for col in ("reason", "games", "share", *(f"won by {role}" for role in roles)):
        ends.add_column(col, justify="left" if col == "reason" else "right")
    for reason, r in summary["reasons"].items():
        won = r.get("by_role", {})
        ends.add_row(reason, str(r["games"]), f"{100 * r['share']:.1f}%", *(str(won.get(role, 0)) for role in roles))
    out.print(ends)
    length = Table(title="game length and points" if summary.get("points") else "game length")
    for col in ("", "mean", "median", "min", "max"):
        length.add_column(col, justify="left" if not col else "right")
    rows = [(f"{summary.get('length_unit', 'turn')} reached", "turns"), ("decisions", "decisions")]
    rows += [("tricks", "tricks")] if summary.get("tricks") else []
    for name, key in rows:
        s = summary[key]
        if s:
            length.add_row(name, f"{s['mean']:.1f}", f"{s['median']:g}", str(s["min"]), str(s["max"]))
    for what, s in (summary.get("points") or {}).items():
        if s:
            length.add_row(f"points: {what}", f"{s['mean']:.1f}", f"{s['median']:g}", str(s["min"]), str(s["max"]))
    out.print(length)


from moontable.cli_bluemoon import deck_app  # noqa: E402 - it uses the helpers above

app.add_typer(deck_app, name="deck")

# typer bundles its own click; its usage errors derive from ClickException, reached through a public class
_CLICK_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


def main() -> None:
    """The console script: usage errors are one line (`error: ...`) and exit 2, like our own errors."""
    try:
        code = app(prog_name="moontable", standalone_mode=False)
    except _CLICK_ERROR as e:  # type: ignore[misc]
        ctx = getattr(e, "ctx", None)
        where = ctx.command_path if ctx is not None else "moontable"
        if e.format_message():  # empty when the help was shown for a bare command
            print(f"error: {e.format_message()} (see '{where} --help')", file=sys.stderr)
        raise SystemExit(e.exit_code) from None
    except typer.Abort:
        raise SystemExit(130) from None
    raise SystemExit(code if isinstance(code, int) else 0)
