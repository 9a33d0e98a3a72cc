"""The command line (DESIGN.md, "Command line — contract"): play | verify | rules | bench.

Every error is one clear line on stderr and a non-zero exit (2: bad arguments or input file), never
a traceback; set MOONTABLE_DEBUG=1 to see the traceback of an unexpected error.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from moontable import games
from moontable.benchmark import BenchStats, run_bench
from moontable.bots import BOT_LEVELS, Bot, make_bot
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
        if level not in BOT_LEVELS:
            raise CliError(f"--bot {spec}: unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
        levels[seat] = level
    return levels


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
) -> None:
    """Play at a terminal table: human seats are asked for moves, bot seats play themselves."""
    game = _game(game_id)
    n = _seat_count(game, seats)
    levels = _parse_bots(bot or [], n)
    seed_bytes = _parse_seed(seed)
    if record is not None and not record.parent.is_dir():
        raise CliError(f"--record: there is no folder {record.parent}")
    seat_specs = [
        {"name": f"{levels[s]} bot", "bot": True, "level": levels[s]} if s in levels
        else {"name": "player", "bot": False, "level": None}
        for s in range(n)
    ]
    match = Match.new(game, None, seat_specs, seed=seed_bytes)
    bots: dict[int, Bot] = {s: make_bot(level, game, s) for s, level in levels.items()}
    out = _out()
    out.print(f"{game.info.name}, {n} seats; commitment {match.record['commitment']}")
    try:
        run_table(match, bots, out, sys.stdin.readline)
    except (InputClosed, KeyboardInterrupt) as e:
        if record is not None:
            save_record(match.public_record(), record)
            _err().print(f"partial record written to {record}")
        _fail("input closed: game abandoned" if isinstance(e, InputClosed) else "interrupted: game abandoned",
              1 if isinstance(e, InputClosed) else 130)
    out.print(f"game over: {describe_result(match)}")
    out.print(f"seed {match.seed.hex()}")
    if record is not None:
        save_record(match.public_record(), record)
        out.print(f"record written to {record}")


@app.command("verify")
@_clean_errors
def verify_cmd(path: Annotated[Path, typer.Argument(metavar="RECORD", help="a game record (.json)")]) -> None:
    """Check a finished game's record: commitment, every draw, every move, the result."""
    report = verify(load_record(path))
    out = _out()
    if report.ok:
        out.print("verified")
        return
    for check in report.failed:
        out.print(f"failed: {check.name}: {check.message}")
    raise typer.Exit(1)


@app.command()
@_clean_errors
def rules(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    as_json: Annotated[bool, typer.Option("--json", help="the game's content as JSON")] = False,
) -> None:
    """Print a game's rules summary, or its content (map, cards) as data."""
    game = _game(game_id)
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
) -> None:
    """Random-play speed on one core: games/s, decisions/s, with and without the fair stream."""
    game = _game(game_id)
    options = game.default_options(_seat_count(game, seats))
    out = _out()
    results: dict[str, BenchStats] = {}
    phases = [("random chance", seconds, games_, False), ("fair stream", seconds / 5, None, True)]
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[games]} games"),
                  TimeElapsedColumn(), console=out, transient=True) as progress:
        for name, secs, count, fair in phases:
            total = float(count) if count is not None else max(secs, 1e-9)
            task = progress.add_task(f"{game.info.id} {name}", total=total, games=0)

            def tick(stats: BenchStats, task: Any = task, count: int | None = count) -> None:
                done = stats.games if count is not None else stats.seconds
                progress.update(task, completed=done, games=stats.games)

            results[name] = run_bench(game, options, seconds=secs, games=count, fair=fair, progress=tick)
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


_LATER = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}


@app.command(context_settings=_LATER, add_help_option=False)
def serve(ctx: typer.Context) -> None:
    """(not built yet) Run the online table."""
    _fail("moontable serve is not built yet", 2)


@app.command(context_settings=_LATER, add_help_option=False)
def selfplay(ctx: typer.Context) -> None:
    """(not built yet) Bots play each other for balance reports."""
    _fail("moontable selfplay is not built yet", 2)


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
