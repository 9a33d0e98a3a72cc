"""What a table keeps of its game beside the record: the log, and the moves that may still be taken back.

`LogBook` holds every log line of the game for each stream (a seat's, the spectators'), tagged with the
move that made it, so that a reload or a restart shows the whole log again and an undone move takes its
lines with it. Lines that every stream reads alike are kept once.

`Takeback` holds the last moves of one seat that may still be undone, each with the game's state from
just before it. A move can be taken back until one of these follows it: a move that drew from the fair
stream (a shuffle, a die), one that showed anyone something hidden (a card drawn, a hand or a face-down
card turned up: `Game.reveals`), a move the table or a bot made, or any other seat's move. Such a move
draws nothing, so taking one back is putting the state back: the stream has not moved.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["LogBook", "Step", "Takeback", "log_languages", "with_names"]

_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")  # "Seat 2 lays ..." at the start of a line too
# Portuguese (Moons): "o lugar 2" takes an article a name does not ("O lugar 2 joga" -> "Ana joga", "do lugar 2"
# -> "de Ana")
_LUGAR = re.compile(r"\b(?:([Oo]|[Dd]o|[Aa]o|[Nn]o|[Pp]elo|[Pp]ara o) )?lugar (\d+)\b")
_BARE = {"o": "", "do": "de ", "ao": "a ", "no": "em ", "pelo": "por ", "para o": "para "}


def _lugar(m: re.Match[str], names: Sequence[str]) -> str:
    n = int(m[2])
    if n >= len(names):
        return m[0]
    article = m[1] or ""
    bare = _BARE[article.lower()] if article else ""
    if article[:1].isupper():
        bare = bare[:1].upper() + bare[1:]
    return bare + names[n]


def log_languages(game: Any) -> dict[str, Any]:
    """The game in each language it is written in besides its own (Moons: Portuguese): the table writes its
    log in every one of them, and the page shows the reader's."""
    return {lang: game.in_language(lang) for lang in game.languages if lang != game.lang}


def with_names(line: str, names: Sequence[str]) -> str:
    """A game's text with each "seat N" (N from 0) written as that seat's player's name."""
    line = _SEAT.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], line)
    return _LUGAR.sub(lambda m: _lugar(m, names), line) if "lugar" in line else line


Key = int | None  # a seat, or None for the spectators


class LogBook:
    __slots__ = ("moves",)

    def __init__(self) -> None:
        # (move number, lines): one tuple when every stream reads the same, else a tuple for each stream
        self.moves: list[tuple[int, tuple[str, ...] | dict[Key, tuple[str, ...]]]] = []

    def add(self, n: int, lines: Mapping[Key, Sequence[str]]) -> None:
        per = {k: tuple(v) for k, v in lines.items()}
        if not any(per.values()):
            return
        first = next(iter(per.values()))
        self.moves.append((n, first if all(v == first for v in per.values()) else per))

    def drop_after(self, n: int) -> None:
        """Forget the lines of every move after `n`: they were taken back."""
        while self.moves and self.moves[-1][0] > n:
            self.moves.pop()

    def lines(self, key: Key, last: int) -> tuple[int, list[list[Any]]]:
        """The stream's last `last` lines as [[n, text], ...], with the number of the first (from 1)."""
        out: list[list[Any]] = []
        for n, lines in self.moves:
            mine = lines if isinstance(lines, tuple) else lines.get(key, ())
            out.extend([n, text] for text in mine)
        shown = out[-last:] if last else []
        return len(out) - len(shown) + 1, shown


def kept(state: Any) -> bytes:
    """A game's state as a step keeps it: pickled, one bytes object, not the lists and objects of a copy, which
    the collector's young generation walked at every pass while the move could be taken back (140,000 lists at
    1,000 tables, each young collection 100-170 ms: docs/server-profile.md)."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


@dataclass(slots=True)
class Step:
    seat: int
    state: bytes  # the game's state just before the move (`kept`)
    text: str  # the move in words, for the seat that made it
    left: float  # seconds its decision had left when it was made

    def before(self) -> Any:
        """The game's state just before the move, a new one each time."""
        return pickle.loads(self.state)


class Takeback:
    __slots__ = ("steps",)

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def note(self, step: Step | None) -> None:
        """After a move: `step` if it may be taken back, None if it stands for good."""
        if step is None or (self.steps and self.steps[-1].seat != step.seat):
            self.steps.clear()
        if step is not None:
            self.steps.append(step)

    def last_for(self, seat: int | None) -> Step | None:
        """The move `seat` may take back now, if any: its own last move."""
        return self.steps[-1] if self.steps and seat is not None and self.steps[-1].seat == seat else None

    def pop(self) -> Step:
        return self.steps.pop()

    def clear(self) -> None:
        self.steps.clear()
