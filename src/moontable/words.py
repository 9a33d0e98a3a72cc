"""Counts in words, for every game's texts: "1 card", "2 cards", never "2 card(s)"."""

from __future__ import annotations

__all__ = ["count"]


def count(n: int, one: str, many: str | None = None) -> str:
    """`n` and the noun in its number: count(1, "card") is "1 card", count(0, "coin token") "0 coin tokens"."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"
