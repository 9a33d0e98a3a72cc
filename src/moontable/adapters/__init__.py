"""Adapters that wrap our games for outside frameworks (PettingZoo, OpenSpiel). Adapters import games; games never
import adapters. Each framework's adapter needs its optional extra: pip install 'moontable[pettingzoo]'."""

from __future__ import annotations

from typing import Any

from moontable.engine import GameInfo, Result


def default_seats(info: GameInfo) -> int:
    """The seats a wrapped game has when none are asked for: two where the game takes two (Moonflight's one is
    its solo Score Mode)."""
    return max(2, info.min_seats) if info.max_seats >= 2 else info.min_seats


def end_rewards(result: Result, seats: int, loss: float = -1.0) -> list[float]:
    """What each seat gets at the end of a game: 1 the winner and `loss` each of the others (-1; a zero-sum
    framework gives -1/(seats-1)), 0 all round for a draw; a solo game (Moonflight's Score Mode) its score."""
    if seats == 1:
        score: Any = result.score if isinstance(result.score, dict) else {}
        return [float(score.get("scores", [1 if result.winner == 0 else 0])[0])]
    if result.winner is None:
        return [0.0] * seats
    return [1.0 if seat == result.winner else loss for seat in range(seats)]
