"""Game records (DESIGN.md, "Game records — contract"): read, write, replay and verify.

`verify` runs ordered checks — format, commitment, draws, replay, result — and says which failed
and, where it applies, at which move (counted from 1).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from moontable import games
from moontable.engine import Game, IllegalAction
from moontable.fair import FairStream
from moontable.match import FORMAT

__all__ = [
    "KEYS",
    "Check",
    "DrawMismatch",
    "RecordError",
    "ReplayChance",
    "VerifyReport",
    "begin",
    "load_record",
    "replay",
    "save_record",
    "validate_record",
    "verify",
]

KEYS = ("format", "game", "rules", "options", "seats", "commitment", "client_seeds", "seed", "moves", "draws",
        "result")
_HEX64 = re.compile(r"[0-9a-f]{64}")


class RecordError(ValueError):
    """A record that cannot be read or used. The message is one line for a person."""


class DrawMismatch(RecordError):
    """The engine asked for a draw the record does not have (another n, or more draws)."""


# -- reading and writing ------------------------------------------------------------------------------


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_keys(rec: dict[str, Any]) -> None:
    for key in KEYS:
        if key not in rec and key != "seed":
            raise RecordError(f"missing key {key!r}")
    for key in ("game", "rules", "commitment"):
        if not isinstance(rec[key], str):
            raise RecordError(f"{key!r} must be a string")
    if not isinstance(rec["options"], dict):
        raise RecordError("'options' must be an object")
    if not isinstance(rec["seats"], list) or not rec["seats"]:
        raise RecordError("'seats' must be a non-empty list")
    for i, s in enumerate(rec["seats"]):
        if not (isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("bot"), bool)
                and (s.get("level") is None or isinstance(s.get("level"), str))
                and (s.get("author") is None or isinstance(s.get("author"), str) and s["bot"] is True)):
            raise RecordError(f"seat {i} must be {{\"name\": str, \"bot\": bool, \"level\": str | null}}"
                              " (and \"author\": str for a bot a program plays)")
    if not _HEX64.fullmatch(rec["commitment"]):
        raise RecordError("'commitment' must be 64 lowercase hex characters")
    if not isinstance(rec["client_seeds"], list) or not all(isinstance(c, str) for c in rec["client_seeds"]):
        raise RecordError("'client_seeds' must be a list of strings")
    seed = rec.get("seed")
    if seed is not None and not (isinstance(seed, str) and _HEX64.fullmatch(seed)):
        raise RecordError("'seed' must be 64 lowercase hex characters")
    if not isinstance(rec["moves"], list):
        raise RecordError("'moves' must be a list")
    for i, m in enumerate(rec["moves"], 1):
        if not (isinstance(m, list) and len(m) in (2, 3) and _is_int(m[0]) and isinstance(m[1], list)
                and (len(m) == 2 or _is_mark(m[2]))):
            raise RecordError(f"move {i} must be [seat, action], [seat, action, {{\"auto\": true}}] (a timeout)"
                              " or [seat, action, {\"bot\": level}] (a bot playing for an absent player)")
    if not isinstance(rec["draws"], list):
        raise RecordError("'draws' must be a list")
    for i, d in enumerate(rec["draws"], 1):
        if not (isinstance(d, list) and len(d) == 2 and _is_int(d[0]) and _is_int(d[1]) and 0 <= d[1] < d[0]):
            raise RecordError(f"draw {i} must be [n, value] with 0 <= value < n")
    res = rec["result"]
    if res is not None and not (isinstance(res, dict) and isinstance(res.get("reason"), str)
                                and (res.get("winner") is None or _is_int(res.get("winner")))):
        raise RecordError("'result' must be null or {\"winner\": seat | null, \"reason\": str, ...}")


def _is_mark(mark: Any) -> bool:
    """A move's third element: the table played it on a timeout, or a bot played it for an absent player."""
    if isinstance(mark, dict) and mark.keys() == {"bot"}:
        return isinstance(mark["bot"], str)
    return mark == {"auto": True}


def validate_record(rec: Any) -> Game:
    """Check the shape of a record and return its game's rules; RecordError says what is wrong."""
    if not isinstance(rec, dict):
        raise RecordError("not a moontable record (expected a JSON object)")
    if rec.get("format") != FORMAT:
        raise RecordError(f"not a moontable record: format is {rec.get('format')!r}, expected {FORMAT!r}")
    _check_keys(rec)
    try:
        return games.get_game(rec["game"], rec["rules"])  # the rules it was played under
    except ValueError as e:
        raise RecordError(str(e)) from None


def _ends_early(text: str, e: json.JSONDecodeError) -> bool:
    """Whether the JSON is fine as far as it goes but stops: a file cut short."""
    rest = text[e.pos :].rstrip()
    return not rest or e.msg.startswith("Unterminated string") or any(
        w.startswith(rest) for w in ("true", "false", "null"))


def load_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check a record file. Every problem is a RecordError with one line naming the file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a UTF-8 text file") from None
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    if not text.strip():
        raise RecordError(f"{path}: empty file")
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as e:
        if _ends_early(text, e):
            raise RecordError(f"{path}: truncated file (the JSON ends early)") from None
        raise RecordError(f"{path}: not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    try:
        validate_record(rec)
    except RecordError as e:
        raise RecordError(f"{path}: {e}") from None
    return rec


def save_record(record: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write a record as UTF-8 JSON, one move and one draw per line, replacing the file atomically."""
    keys = [k for k in KEYS if k in record] + [k for k in record if k not in KEYS]
    lines = []
    for k in keys:
        v = record[k]
        if k in ("moves", "draws") and v:
            body = ",\n    ".join(json.dumps(x, ensure_ascii=False) for x in v)
            lines.append(f"  {json.dumps(k)}: [\n    {body}\n  ]")
        else:
            lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}")
    text = "{\n" + ",\n".join(lines) + "\n}\n"
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, target)


# -- replay --------------------------------------------------------------------------------------------


class ReplayChance:
    """A Chance that serves the recorded draws in order, and refuses any other draw."""

    __slots__ = ("draws", "used")

    def __init__(self, draws: list[list[int]]) -> None:
        self.draws = draws
        self.used = 0

    def below(self, n: int) -> int:
        i = self.used
        if i >= len(self.draws):
            raise DrawMismatch(f"the engine asked for draw {i + 1} (below({n})) but the record has only "
                               f"{len(self.draws)} draws")
        rn, value = self.draws[i]
        if rn != n:
            raise DrawMismatch(f"the engine asked for draw {i + 1} as below({n}), the record has below({rn})")
        self.used += 1
        return value


def begin(record: dict[str, Any]) -> tuple[Game, ReplayChance, Any]:
    """A record's rules, its recorded draws as a Chance, and the state after its set-up: where every replay of
    it (verify, the replay viewer, a game's end) starts. RecordError if the record's shape is wrong."""
    game = validate_record(record)
    chance = ReplayChance(record["draws"])
    try:
        state = game.new_state(record["options"], chance)
    except DrawMismatch as e:
        raise DrawMismatch(f"set-up: {e}") from None
    return game, chance, state


def replay(record: dict[str, Any], check_draws: bool = True) -> Any:
    """The state after the record's moves, played through its engine with the recorded draws.

    Works on an unfinished record too (no seed needed). With `check_draws`, every recorded draw must
    be used; without it, left-over draws are allowed (e.g. a record whose moves were cut short).
    Raises RecordError naming the move (from 1) that is illegal or asks for a draw not recorded.
    """
    game, chance, state = begin(record)
    for i, (seat, action, *_) in enumerate(record["moves"], 1):
        try:
            game.apply(state, seat, action, chance)
        except DrawMismatch as e:
            raise DrawMismatch(f"move {i}: {e}") from None
        except IllegalAction as e:
            raise RecordError(f"move {i} (seat {seat}, {json.dumps(action)}) is illegal: {e}") from None
    if check_draws and chance.used != len(record["draws"]):
        raise DrawMismatch(f"the record has {len(record['draws'])} draws but the moves made {chance.used}")
    return state


# -- verify --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    ok: bool
    message: str

    def __str__(self) -> str:
        return f"{self.name}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "ok": self.ok, "message": self.message}


@dataclass(slots=True)
class VerifyReport:
    checks: list[Check] = field(default_factory=list)
    state: Any = field(default=None, repr=False)  # the state the replay reached, for callers that read it

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks)

    @property
    def failed(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "checks": [c.to_json() for c in self.checks]}


def _plain(x: Any) -> Any:
    """The value as JSON would give it back (tuples become lists)."""
    return json.loads(json.dumps(x))


def _check_draws(record: dict[str, Any], seed: bytes) -> Check:
    stream = FairStream(seed, record["client_seeds"])
    for i, (n, value) in enumerate(record["draws"], 1):
        want = stream.below(n)
        if want != value:
            return Check("draws", False, f"draw {i} is below({n}) = {value} but the fair stream gives {want}")
    return Check("draws", True, f"all {len(record['draws'])} draws match the fair stream")


def _check_replay(game: Game, record: dict[str, Any], seed: bytes) -> tuple[Check, Any]:
    """Replay with a fresh fair stream; the engine must make exactly the recorded draws."""
    rec_draws = record["draws"]
    stream = FairStream(seed, record["client_seeds"])

    def draws_differ(where: str, start: int) -> str | None:
        made = stream.draws
        for k in range(start, len(made)):
            if k >= len(rec_draws):
                n, v = made[k]
                return f"{where} made draw {k + 1} (below({n}) = {v}), more draws than the record has"
            if made[k] != rec_draws[k]:
                (n, v), (rn, rv) = made[k], rec_draws[k]
                return f"{where} made draw {k + 1} as below({n}) = {v} but the record has below({rn}) = {rv}"
        return None

    def fail(msg: str) -> tuple[Check, Any]:
        if record["rules"] != game.rules_version:
            msg += f" (recorded with rules {record['rules']!r}, this engine is {game.rules_version!r})"
        return Check("replay", False, msg), None

    try:
        state = game.new_state(record["options"], stream)
    except Exception as e:  # a bad record must not crash the verifier
        return fail(f"set-up failed: {type(e).__name__}: {e}")
    if (msg := draws_differ("set-up", 0)) is not None:
        return fail(msg)
    checked = len(stream.draws)
    moves = record["moves"]
    for i, (seat, action, *_) in enumerate(moves, 1):
        if game.result(state) is not None:
            return fail(f"move {i} was made after the game had ended ({len(moves) - i + 1} moves left over)")
        try:
            game.apply(state, seat, action, stream)
        except IllegalAction as e:
            return fail(f"move {i} (seat {seat}, {json.dumps(action)}) is illegal: {e}")
        except Exception as e:
            return fail(f"move {i} (seat {seat}, {json.dumps(action)}) made the engine fail: "
                        f"{type(e).__name__}: {e}")
        if (msg := draws_differ(f"move {i}", checked)) is not None:
            return fail(msg)
        checked = len(stream.draws)
    if len(stream.draws) < len(rec_draws):
        return fail(f"the record has {len(rec_draws)} draws but the moves made only {len(stream.draws)}")
    if game.result(state) is None:
        return fail(f"the game has not ended after all {len(moves)} moves")
    passed = Check("replay", True, f"all {len(moves)} moves are legal and make exactly the recorded draws")
    return passed, state


def verify(record: Any) -> VerifyReport:
    """Check a finished record: format, commitment, draws, replay, result — in that order."""
    report = VerifyReport()
    try:
        game = validate_record(record)
        if record.get("seed") is None:
            raise RecordError("the record has no seed: the game has not ended")
        if record["result"] is None:
            raise RecordError("the record has a seed but no result")
    except RecordError as e:
        report.checks.append(Check("format", False, str(e)))
        return report
    report.checks.append(Check("format", True, f"a {game.info.id} record with {len(record['moves'])} moves"))
    seed = bytes.fromhex(record["seed"])
    if hashlib.sha256(seed).hexdigest() == record["commitment"]:
        report.checks.append(Check("commitment", True, "SHA-256(seed) equals the commitment"))
    else:
        report.checks.append(Check("commitment", False, "SHA-256(seed) does not equal the commitment"))
    report.checks.append(_check_draws(record, seed))
    check, state = _check_replay(game, record, seed)
    report.checks.append(check)
    report.state = state
    if state is None:
        return report
    got = _plain(game.result(state).to_json())  # type: ignore[union-attr]
    if got == _plain(record["result"]):
        report.checks.append(Check("result", True, "the replayed result equals the recorded one"))
    else:
        report.checks.append(Check("result", False, f"the record says {json.dumps(record['result'])} but the "
                                                    f"replay gives {json.dumps(got)}"))
    return report
