"""The languages Moons is written in, and a lookup of its words (the texts themselves: text_en.py, text_pt.py)."""

from __future__ import annotations

from typing import Any

from moontable.games.moons.text_en import TEXT as EN
from moontable.games.moons.text_pt import TEXT as PT

LANGUAGES = ("en", "pt")
TEXTS: dict[str, dict[str, Any]] = {"en": EN, "pt": PT}


class Words:
    """One language's texts, with the lookups the board, the log and the terminal make."""

    __slots__ = ("lang", "t", "ui")

    def __init__(self, lang: str) -> None:
        if lang not in TEXTS:
            raise ValueError(f"Moons is written in {', '.join(LANGUAGES)}, not {lang!r}")
        self.lang = lang
        self.t = TEXTS[lang]
        self.ui: dict[str, str] = self.t["ui"]

    def __call__(self, key: str, **fields: Any) -> str:
        return self.ui[key].format(**fields)

    def count(self, key: str, n: int, **fields: Any) -> str:
        """`key`'s text for a number: its `key_one` form for exactly one ("1 trick"), `key` for any other
        ("0 tricks", "2 tricks"); in both languages zero takes the plural."""
        one = f"{key}_one"
        return self(one if n == 1 and one in self.ui else key, n=n, **fields)

    def planet(self, suit: int) -> str:
        from moontable.games.moons.content import PLANETS

        return str(self.t["planets"][PLANETS[suit]])

    def card(self, c: int) -> str:
        from moontable.games.moons.content import MOON_CARDS, MOON_KEY, RANK, SUIT

        if c >= MOON_CARDS:
            return str(self.t["large_asteroid"]["name"])
        return str(self.t["card"].format(moon=self.t["moons"][MOON_KEY[c]][0], planet=self.planet(SUIT[c]),
                                         rank=RANK[c]))

    def asteroid(self, kind: str) -> str:
        return str(self.t["asteroids"][kind]["name"])

    def seat(self, n: int) -> str:
        return self("seat", n=n)

    def join(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + self.ui["and"] + items[-1]
