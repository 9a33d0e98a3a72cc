"""Blue Moon at the command line: `moontable deck check | new` and the match `moontable play bluemoon` plays.

Decks are plain JSON files (decks.py). A match is played game after game until a player holds the target
crystals; `--record FILE` writes the match record to FILE and each game's own record beside it
(FILE-game1.json, ...), every one of which `moontable verify` checks on its own; `moontable verify FILE`
on the match record checks them all and that they add up.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from moontable.cli import CliError, _clean_errors, _err, _out
from moontable.games.bluemoon.decks import (
    MODE_NAMES,
    MODES,
    base_deck,
    check_deck,
    foreign_moons,
    load_deck,
    mode_of,
    quick_deck,
    save_deck,
)
from moontable.words import count

deck_app = typer.Typer(no_args_is_help=True, help="Blue Moon decks as JSON files: check one, or make a new one.")


@deck_app.command("check")
@_clean_errors
def deck_check(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="a deck file (.json)")],
    mode: Annotated[str | None, typer.Option(help="base, quick or build (default: from the deck: an inquisitor "
                                                  "means build, an emissary quick)")] = None,
) -> None:
    """Check a deck against every deck rule of its mode; each broken rule is named by its ID and in words."""
    deck = load_deck(path)
    mode = mode or mode_of(deck)
    if mode not in MODES:
        raise CliError(f"--mode is one of {', '.join(MODES)}, not {mode!r}")
    problems = check_deck(deck, mode)
    out = _out()
    if not problems:
        cards = deck["cards"]
        out.print(f"{path}: a legal deck for {MODE_NAMES[mode]} ({len(cards)} cards, "
                  f"{count(foreign_moons(deck['leader'], cards), 'moon')} on cards of other peoples or none)")
        return
    out.print(f"{path}: {len(problems)} broken deck rule{'s' if len(problems) > 1 else ''} for {MODE_NAMES[mode]}:")
    for p in problems:
        out.print(f"  {p}")
    raise typer.Exit(1)


@deck_app.command("new")
@_clean_errors
def deck_new(
    people: Annotated[str, typer.Argument(help="cindermark, hollowroot, duskveil or galewright")],
    emissary: Annotated[str | None, typer.Option(help="quick start: salt or lantern")] = None,
    inquisitor: Annotated[str | None, typer.Option(help="deck building: vell or grane (the deck builder picks "
                                                        "the cards)")] = None,
    seed: Annotated[int | None, typer.Option(help="deck building: vary the builder's choices")] = None,
    out_file: Annotated[Path | None, typer.Option("--out", metavar="FILE", help="write it here (default: print)")
                        ] = None,
) -> None:
    """A new legal deck: a people's base deck, its quick-start deck with an emissary, or a built deck."""
    import json
    import random

    from moontable.games.bluemoon.builder import build_deck
    from moontable.games.bluemoon.content import EMISSARIES, INQUISITORS, PEOPLES
    from moontable.games.bluemoon.decks import deck_file

    if people not in PEOPLES:
        raise CliError(f"the peoples are {', '.join(PEOPLES)}, not {people!r}")
    if emissary is not None and inquisitor is not None:
        raise CliError("a deck has an emissary (quick start) or an inquisitor (deck building), not both")
    if emissary is not None:
        if emissary not in EMISSARIES:
            raise CliError(f"--emissary is one of {', '.join(EMISSARIES)}, not {emissary!r}")
        deck = quick_deck(people, emissary)
    elif inquisitor is not None:
        if inquisitor not in INQUISITORS:
            raise CliError(f"--inquisitor is one of {', '.join(INQUISITORS)}, not {inquisitor!r}")
        deck = build_deck(people, inquisitor, random.Random(seed) if seed is not None else None)
    else:
        deck = base_deck(people)
    if out_file is None:
        typer.echo(json.dumps(deck_file(deck), indent=2))
        return
    if not out_file.parent.is_dir():
        raise CliError(f"--out: there is no folder {out_file.parent}")
    save_deck(deck, out_file)
    _out().print(f"wrote {out_file}: {deck['name']}, {len(deck['cards'])} cards ({MODE_NAMES[mode_of(deck)]})")


def _game_file(record: Path, k: int) -> Path:
    return record.with_name(f"{record.stem}-game{k}{record.suffix or '.json'}")


def _game_seed(seed: bytes | None, k: int) -> bytes | None:
    """Game k's seed, derived from the match's --seed (each game gets its own, fresh when none is given)."""
    return None if seed is None else hashlib.sha256(seed + b"/game/" + str(k).encode()).digest()


def parse_decks(specs: list[str], mode: str) -> dict[int, list[dict[str, Any]]]:
    """--deck SEAT=FILE, repeated: each seat's prepared decks."""
    out: dict[int, list[dict[str, Any]]] = {}
    for spec in specs:
        seat_text, eq, path = spec.partition("=")
        if not eq or seat_text.strip() not in ("0", "1"):
            raise CliError(f"--deck takes SEAT=FILE with seat 0 or 1, not {spec!r}")
        deck = load_deck(path)
        problems = check_deck(deck, mode)
        if problems:
            raise CliError(f"--deck {spec}: not a legal deck for {MODE_NAMES[mode]}: " + "; ".join(map(str, problems)))
        out.setdefault(int(seat_text), []).append(deck)
    return out


def play_match(levels: dict[int, str], seed: bytes | None, record: Path | None, mode: str, deck_specs: list[str],
               keep: bool, target: int) -> None:
    """Play a whole match at the terminal table; every game's record is written as it ends."""
    from moontable.bots import make_bot
    from moontable.games.bluemoon import BLUEMOON
    from moontable.games.bluemoon.decks import default_decks
    from moontable.games.bluemoon.series import MatchPlan, Series
    from moontable.match import Match
    from moontable.record import save_record
    from moontable.terminal import InputClosed, describe_result, run_table

    if mode not in MODES:
        raise CliError(f"--mode is one of {', '.join(MODES)}, not {mode!r}")
    if target < 1:
        raise CliError("--target must be at least 1")
    given = parse_decks(deck_specs, mode)
    decks = [given.get(seat) or default_decks(mode) for seat in (0, 1)]
    seats = [{"name": f"{levels[s]} bot", "bot": True, "level": levels[s]} if s in levels
             else {"name": "player", "bot": False, "level": None} for s in (0, 1)]
    series = Series(MatchPlan(mode=mode, decks=decks, keep=keep, target=target), seats)
    out = _out()
    out.print(f"Blue Moon match to {count(target, 'crystal')}, {MODE_NAMES[mode]}"
              + (", each keeping one deck" if keep else ", a deck chosen before every game"))
    k = 0
    while not series.over:
        k += 1
        game_seed = _game_seed(seed, k)
        match = Match.new(BLUEMOON, series.next_options(), seats, seed=game_seed)
        # with --seed the bots are seeded too, so that the same seed plays the same match
        bots = {s: make_bot(level, BLUEMOON, s, None if game_seed is None else game_seed[s] * 256 + game_seed[2])
                for s, level in levels.items()}
        out.print(f"game {k}: crystals {series.crystals[0]}-{series.crystals[1]}; commitment "
                  f"{match.record['commitment']}")
        try:
            run_table(match, bots, out, sys.stdin.readline)
        except (InputClosed, KeyboardInterrupt) as e:
            if record is not None:
                save_record(match.public_record(), _game_file(record, k))
                _write_match(series, record)
                _err().print(f"partial records written to {record} and {_game_file(record, k)}")
            raise typer.Exit(1 if isinstance(e, InputClosed) else 130) from None
        name = _game_file(record, k).name if record is not None else None
        series.add(match.record, name)
        if record is not None:
            save_record(match.public_record(), _game_file(record, k))
            _write_match(series, record)
        out.print(f"game {k} over: {describe_result(match)}; seed {match.seed.hex()}")
        out.print(f"crystals: seat 0 {series.crystals[0]}, seat 1 {series.crystals[1]}")
    who = series.winner
    out.print(f"match over: seat {who} ({seats[who or 0]['name']}) wins {series.crystals[who or 0]}-"
              f"{series.crystals[1 - (who or 0)]} after {count(len(series.games), 'game')}")
    if record is not None:
        out.print(f"match record written to {record} (its games beside it)")


def _write_match(series: Any, path: Path) -> None:
    import json

    path.write_text(json.dumps(series.record(), indent=2) + "\n", encoding="utf-8")


def verify_match_file(path: Path) -> list[str]:
    """The problems of a match record and the game records it lists (beside it)."""
    import json

    from moontable.games.bluemoon.series import verify_match
    from moontable.record import load_record

    match = json.loads(path.read_text(encoding="utf-8"))
    return verify_match(match, lambda name: load_record(path.parent / name))
