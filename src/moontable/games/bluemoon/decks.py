"""Decks: the three modes, the deck rules (each broken rule named by its ID and in words), deck files.

A deck is plain JSON: {"format": "moontable-bluemoon-deck/1", "name", "leader", "inquisitor",
"emissary", "cards"}. In a game's options a seat's decks are given the same way, or in short:
{"people": P} (a base deck: the people's 30 cards) and {"people": P, "emissary": E} (a quick-start
deck: the 30, the people's 3 expansion cards and the emissary's 7).

Modes (BM39): "base" (BM35, BM36), "quick" (BM41-BM44), "build" (BM45-BM48, BM77, BM78).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from moontable.games.bluemoon.content import CARDS, EMISSARIES, INQUISITORS, LEADERS, PEOPLE_ORDER, PEOPLES

MODES = ("base", "quick", "build")
MODE_NAMES = {"base": "base decks", "quick": "quick start with emissaries", "build": "deck building with inquisitors"}
DECK_FORMAT = "moontable-bluemoon-deck/1"
QUICK_SIZE = 40  # BM42


@dataclass(frozen=True, slots=True)
class Problem:
    rule: str  # the checklist ID, e.g. "BM36"
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


class DeckError(ValueError):
    """A deck that breaks the rules: every broken rule, by ID and in words."""

    def __init__(self, problems: list[Problem], name: str = "the deck") -> None:
        self.problems = problems
        super().__init__(f"{name} breaks the deck rules: " + "; ".join(str(p) for p in problems))


def base_deck(people: str) -> dict[str, Any]:
    p = PEOPLES[people]
    return {"name": f"{p.name} base deck", "leader": p.leader_id, "inquisitor": None, "emissary": None,
            "cards": list(p.base)}


def quick_deck(people: str, emissary: str) -> dict[str, Any]:
    p = PEOPLES[people]
    e = EMISSARIES[emissary]
    return {"name": f"{p.name} with {e.name}", "leader": p.leader_id, "inquisitor": None, "emissary": emissary,
            "cards": [*p.base, *p.expansion, *e.cards]}


def foreign_moons(leader: str, cards: list[str]) -> int:
    """The moons on cards not of the leader's people (cards of no people included, BM78)."""
    people = LEADERS.get(leader)
    return sum(CARDS[c].moons for c in cards if c in CARDS and CARDS[c].people != people)


def check_deck(deck: dict[str, Any], mode: str) -> list[Problem]:
    """Every rule of `mode` the deck breaks (empty: a legal deck)."""
    out: list[Problem] = []
    if mode not in MODES:
        return [Problem("BM39", f"the mode is one of {', '.join(MODES)}, not {mode!r}")]
    leader, inquisitor, emissary = (x if isinstance(x, str) or x is None else repr(x)
                                    for x in (deck.get("leader"), deck.get("inquisitor"), deck.get("emissary")))
    cards = deck.get("cards")
    if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
        return [Problem("BM1", "the deck's cards must be a list of card ids")]
    if leader not in LEADERS:
        known = ", ".join(LEADERS)
        out.append(Problem("BM1", f"a deck needs a leader beside it: {leader!r} is not one ({known})"))
    for c in sorted(set(cards)):
        if c in LEADERS:
            out.append(Problem("BM1", f"the leader {c} lies beside the board, not in the deck"))
        elif c in INQUISITORS:
            out.append(Problem("BM46", f"the inquisitor {c} lies beside the board, not in the deck"))
        elif c in EMISSARIES:
            out.append(Problem("BM43", f"the emissary {c} only adds its cards; the emissary itself is not a card of "
                                       "the deck"))
        elif c not in CARDS:
            out.append(Problem("BM35", f"{c!r} is not a card"))
    cards = list(cards)
    twice = sorted(c for c, n in Counter(cards).items() if n > 1)
    if twice:
        rule = {"base": "BM35", "quick": "BM44", "build": "BM47"}[mode]
        out.append(Problem(rule, "only one copy of a card may be in a deck: " + ", ".join(
            f"{c} appears {Counter(cards)[c]} times" for c in twice)))
    if mode == "base":
        out += _check_base(leader, inquisitor, emissary, cards)
    elif mode == "quick":
        out += _check_quick(leader, inquisitor, emissary, cards)
    else:
        out += _check_build(leader, inquisitor, emissary, cards)
    return out


def _check_base(leader: Any, inquisitor: Any, emissary: Any, cards: list[str]) -> list[Problem]:
    out: list[Problem] = []
    if inquisitor is not None or emissary is not None:
        out.append(Problem("BM39", "a base-deck match uses no emissary and no inquisitor"))
    if leader in LEADERS:
        size = PEOPLES[LEADERS[leader]].deck_size
        if len(cards) != size:
            out.append(Problem("BM35", f"a base deck holds exactly {size} cards besides its leader; this one holds "
                                       f"{len(cards)}"))
        moons = foreign_moons(leader, cards)
        allowed = PEOPLES[LEADERS[leader]].moons
        if moons > allowed:
            out.append(Problem("BM36", f"the cards not of the leader's people carry {moons} moons; at most "
                                       f"{allowed} are allowed"))
    return out


def _check_quick(leader: Any, inquisitor: Any, emissary: Any, cards: list[str]) -> list[Problem]:
    out: list[Problem] = []
    if inquisitor is not None:
        out.append(Problem("BM39", "a quick-start match uses emissaries, not inquisitors"))
    if emissary not in EMISSARIES:
        out.append(Problem("BM42", f"a quick-start deck has an emissary beside it ({', '.join(EMISSARIES)}), not "
                                   f"{emissary!r}"))
    if len(cards) != QUICK_SIZE:
        out.append(Problem("BM42", f"a quick-start deck holds exactly {QUICK_SIZE} cards; this one holds "
                                   f"{len(cards)}"))
    if leader in LEADERS:
        p = PEOPLES[LEADERS[leader]]
        have = set(cards)
        missing = [c for c in (*p.base, *p.expansion) if c not in have]
        if missing:
            out.append(Problem("BM41", f"a quick-start deck is the {p.name} deck with its three expansion cards; "
                                       f"missing: {', '.join(missing)}"))
        listed = set(EMISSARIES[emissary].cards) if emissary in EMISSARIES else set()
        missing_e = sorted(listed - have)
        if missing_e:
            out.append(Problem("BM42", f"the emissary's seven cards are all added; missing: {', '.join(missing_e)}"))
        extra = sorted(c for c in have if c in CARDS and c not in set(p.base) | set(p.expansion) | listed)
        if extra:
            out.append(Problem("BM41", "a quick-start deck holds only its people's cards and its emissary's "
                                       f"seven; not: {', '.join(extra)}"))
    return out


def _check_build(leader: Any, inquisitor: Any, emissary: Any, cards: list[str]) -> list[Problem]:
    out: list[Problem] = []
    if emissary is not None:
        out.append(Problem("BM39", "a deck-building match uses inquisitors, not emissaries"))
    if inquisitor not in INQUISITORS:
        out.append(Problem("BM45", f"a deck for deck building has exactly one inquisitor beside its leader "
                                   f"({', '.join(INQUISITORS)}), not {inquisitor!r}"))
        return out
    if leader not in LEADERS:
        return out
    p = PEOPLES[LEADERS[leader]]
    q = INQUISITORS[inquisitor]
    size = p.deck_size + q.deck_size  # BM48
    if len(cards) != size:
        out.append(Problem("BM46", f"with {q.name} the deck holds exactly {size} cards ({p.deck_size} "
                                   f"{q.deck_size:+d}); this one holds {len(cards)}"))
    moons = foreign_moons(leader, cards)
    allowed = p.moons + q.moons
    if moons > allowed:
        out.append(Problem("BM47", f"the cards not of the leader's people (crystal cards included) carry {moons} "
                                   f"moons; with {q.name} at most {allowed} ({p.moons} {q.moons:+d}) are allowed"))
    known = [CARDS[c] for c in cards if c in CARDS]
    if q.rule == "max_leadership":
        n = sum(1 for c in known if c.kind == "leadership")
        if n > q.rule_n:
            out.append(Problem("BM77", f"{q.name} allows at most {q.rule_n} leadership cards (Chosen Ones "
                                       f"included); the deck holds {n}"))
    elif q.rule == "own_characters":
        foreign = sorted(c.id for c in known if c.kind == "character" and c.people != p.id)
        if foreign:
            out.append(Problem("BM77", f"with {q.name} every character is of the leader's people; not: "
                                       f"{', '.join(foreign)}"))
    return out


def label(deck: dict[str, Any]) -> str:
    """The deck as both players see it once revealed: its leader, and inquisitor or emissary."""
    people = PEOPLES[LEADERS[deck["leader"]]]
    text = f"{people.name} ({people.leader})"
    if deck.get("emissary"):
        text += f" with {EMISSARIES[deck['emissary']].name}"
    if deck.get("inquisitor"):
        text += f" and {INQUISITORS[deck['inquisitor']].name}"
    return text


def resolve(spec: Any, mode: str) -> dict[str, Any]:
    """`_resolve`, remembered: the same deck in the same mode is checked once."""
    try:
        key = json.dumps([spec, mode], sort_keys=True)
    except (TypeError, ValueError):
        return _resolve(spec, mode)
    hit = _RESOLVED.get(key)
    if hit is None:
        hit = _resolve(spec, mode)
        if len(_RESOLVED) < 4096:
            _RESOLVED[key] = hit
    return dict(hit)


_RESOLVED: dict[str, dict[str, Any]] = {}


def _resolve(spec: Any, mode: str) -> dict[str, Any]:
    """A seat's deck from the options, checked: {"leader", "people", "inquisitor", "emissary", "cards",
    "name", "label", "public"}; `public`: a preassembled deck, whose list both players know. DeckError
    names every broken rule."""
    if not isinstance(spec, dict):
        raise DeckError([Problem("BM39", f"a deck is an object, not {spec!r}")])
    public = "cards" not in spec  # a preassembled deck: its list is known to both players
    if not public:
        deck = {"name": str(spec.get("name") or "a deck"), "leader": spec.get("leader"),
                "inquisitor": spec.get("inquisitor"), "emissary": spec.get("emissary"), "cards": spec["cards"]}
    else:
        people = spec.get("people")
        if people not in PEOPLES:
            raise DeckError([Problem("BM74", f"the peoples are {', '.join(PEOPLE_ORDER)}, not {people!r}")])
        if mode == "base":
            deck = base_deck(people)
        elif mode == "quick":
            if spec.get("emissary") not in EMISSARIES:
                raise DeckError([Problem("BM42", f"a quick-start deck names its emissary ({', '.join(EMISSARIES)})")])
            deck = quick_deck(people, spec["emissary"])
        else:
            raise DeckError([Problem("BM45", "in deck building a deck lists its leader, inquisitor and cards")])
    problems = check_deck(deck, mode)
    if problems:
        raise DeckError(problems, repr(deck["name"]))
    deck["people"] = LEADERS[deck["leader"]]
    deck["cards"] = tuple(deck["cards"])
    deck["label"] = label(deck)
    deck["public"] = public
    return deck


@cache
def _default_decks(mode: str) -> str:
    if mode == "base":
        return json.dumps([{"people": p} for p in PEOPLE_ORDER])
    if mode == "quick":
        return json.dumps([{"people": p, "emissary": e} for p in PEOPLE_ORDER for e in EMISSARIES])
    from moontable.games.bluemoon.builder import build_deck

    return json.dumps([build_deck(p, q) for p in PEOPLE_ORDER for q in INQUISITORS])


def default_decks(mode: str) -> list[dict[str, Any]]:
    """The decks a seat chooses from when the options name none: every people (and emissary); in deck
    building, one deck per people and inquisitor built by the deck builder."""
    return json.loads(_default_decks(mode))


# -- deck files -----------------------------------------------------------------------------------------


def deck_file(deck: dict[str, Any]) -> dict[str, Any]:
    return {"format": DECK_FORMAT, "name": deck.get("name", ""), "leader": deck.get("leader"),
            "inquisitor": deck.get("inquisitor"), "emissary": deck.get("emissary"), "cards": list(deck["cards"])}


def load_deck(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a deck file; ValueError with one line naming the file if it cannot be used as a deck."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: not a JSON deck file ({e})") from None
    if not isinstance(data, dict) or data.get("format") != DECK_FORMAT:
        raise ValueError(f"{path}: not a Blue Moon deck (format must be {DECK_FORMAT!r})")
    return data


def save_deck(deck: dict[str, Any], path: str | os.PathLike[str]) -> None:
    Path(path).write_text(json.dumps(deck_file(deck), indent=2) + "\n", encoding="utf-8")


def mode_of(deck: dict[str, Any]) -> str:
    """The mode a deck file is for: an inquisitor means deck building, an emissary quick start."""
    if deck.get("inquisitor"):
        return "build"
    if deck.get("emissary"):
        return "quick"
    return "base"
