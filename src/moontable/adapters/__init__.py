"""Adapters that wrap our games for outside frameworks (PettingZoo, OpenSpiel). Adapters import games; games never
import adapters. Each framework's adapter needs its optional extra: pip install 'moontable[pettingzoo]'."""

from __future__ import annotations

from moontable.engine import GameInfo


def default_seats(info: GameInfo) -> int:
    """The seats a wrapped game has when none are asked for: two where the game takes two (Moonflight's one is
    its solo Score Mode)."""
    return max(2, info.min_seats) if info.max_seats >= 2 else info.min_seats
