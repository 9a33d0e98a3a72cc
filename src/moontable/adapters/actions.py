"""A fixed, numbered action space for each game, for frameworks that want every action as an integer.

The engine lists each decision's legal options as small tuples; a learning agent wants one integer range per
game that never changes, and a mask of the legal ones. Each game's space here is built from its content
(card ids, towns, markets, seats) as a list of *forms*: a head and the domain of each argument. Every
combination is one index.

An action names things by content, except where the engine names a card in play by a number handed out as
the game goes (Moonflight's uids): there the space names it by its place among the acting seat's cards in
play ("the third card I have in play"), so the index means the same thing in every game. The engine's own
action is always found back through the legal options of the moment (`legal`), never guessed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from moontable.engine import Action, Game
from moontable.games import get_game

__all__ = ["ActionSpace", "action_space"]

Key = Callable[[Any, int, Action], Action]


def _same(state: Any, seat: int, action: Action) -> Action:
    return action


@dataclass
class ActionSpace:
    """Every possible action of one game, numbered 0..size-1."""

    game: Game
    forms: Sequence[tuple[Any, ...]]  # (head, domain, domain, ...): each domain a tuple of values
    key: Key = _same  # the engine's action as seen by the space (a card in play by its place)
    actions: list[Action] = field(init=False)
    _index: dict[Action, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.actions = []
        for head, *domains in self.forms:
            self.actions.extend((head, *args) for args in itertools.product(*domains))
        self._index = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError(f"{self.game.info.id}: two forms make the same action")

    @property
    def size(self) -> int:
        return len(self.actions)

    def index(self, state: Any, seat: int, action: Action) -> int:
        """The number of `action` (legal for `seat` in `state`); ValueError if the space has no such action."""
        k = self.key(state, seat, action)
        try:
            return self._index[k]
        except KeyError:
            raise ValueError(f"{self.game.info.name} action {list(action)} has no number in the action space") from None

    def legal(self, state: Any, seat: int) -> dict[int, Action]:
        """The seat's legal actions now, by number (empty if it has nothing to decide)."""
        d = self.game.decision_for(state, seat)
        if d is None:
            return {}
        out = {self.index(state, seat, a): a for a in d.options}
        if len(out) != len(d.options):
            raise ValueError(f"{self.game.info.name}: two legal {d.kind} options share one number")
        return out

    def label(self, number: int) -> str:
        """A readable name for a number, e.g. "play 12 place" (a card in play shows as its place, "#2")."""
        return " ".join(str(x) for x in self.actions[number])


def _ids(items: Sequence[dict[str, Any]]) -> tuple[Any, ...]:
    return tuple(x["id"] for x in items)


def _choose_width(effect: Any) -> int:
    """The most options any "choose" step of a Courts card offers (its effects are nested lists)."""
    best = 0
    if isinstance(effect, (list, tuple)):
        if len(effect) == 2 and effect[0] == "choose" and isinstance(effect[1], dict):
            best = len(effect[1].get("options", ()))
        for part in effect:
            best = max(best, _choose_width(part))
    elif isinstance(effect, dict):
        for part in effect.values():
            best = max(best, _choose_width(part))
    return best


def _courts() -> ActionSpace:
    game = get_game("courts")
    c = game.content()
    from moontable.games.courts.cards import BELL
    from moontable.games.courts.effects_play import USES

    cards = (BELL, *_ids(c["cards"]))
    towns = _ids(c["towns"])
    width = max(_choose_width(card["effect"]) for card in c["cards"])
    return ActionSpace(game, [
        ("play", cards, ("event", "place", "upset", "persuade", "road")),
        ("herald", cards), ("card", cards), ("town", towns), ("choose", tuple(range(width))),
        ("use", USES), ("order", ("before", "after")), ("done",), ("none",),
        ("discard", cards), ("keep",),  # the Lamp Keeper's gift at a turn's end
    ])


# Moonflight: at most this many cards in play at once per player (eleven seen in thousands of random games).
MOONFLIGHT_IN_PLAY = 32


def _moonflight() -> ActionSpace:
    game = get_game("moonflight")
    from moontable.games.moonflight.content import CARDS, END, END_V1, GENERIC, JACKS, MARKETS_PER_JACK
    from moontable.games.moonflight.core import CHARACTER

    cards = tuple(CARDS)
    places = tuple(range(MOONFLIGHT_IN_PLAY))
    markets = tuple(range(len(GENERIC) + MARKETS_PER_JACK * len(JACKS)))
    # the most Spend abilities one end of one card has, under every rules version
    spends = max(len(e.spend) for table in (END, END_V1) for side in table for e in side.values())

    def place(state: Any, seat: int, uid: int) -> Any:
        if uid == CHARACTER:
            return "jack"
        return state.players[seat].uids.index(uid)

    def key(state: Any, seat: int, a: Action) -> Action:
        head = a[0]
        if head in ("play", "settled") and len(a) == 2 and isinstance(a[1], int):
            return (head, place(state, seat, a[1]))
        if head == "set":
            return ("set", a[1], place(state, seat, a[2]))
        if head == "spend":
            return ("spend", place(state, seat, a[1]), a[2])
        return a

    return ActionSpace(game, [
        ("pass",), ("build",), ("rest",), ("done",),
        ("play", cards + places), ("spend", (*places, "jack"), tuple(range(spends))),
        ("shop", markets), ("set", cards, places), ("return", cards, markets), ("market", markets),
        ("seat", tuple(range(game.info.max_seats))), ("counter", ("end", "turn")),
        ("card", cards), ("first", cards), ("keep", cards), ("settled", places),
        ("precedence", cards),  # Reset step 2: which retain limit of two cards in play holds
    ], key)


def _moons() -> ActionSpace:
    game = get_game("moons")
    c = game.content()
    from moontable.games.moons.content import KIND_ORDER, SUITS

    cards = tuple(range(len(c["cards"])))
    seats = tuple(range(game.info.max_seats))
    planets = tuple(range(SUITS))
    return ActionSpace(game, [
        ("card", cards), ("tableau", cards), ("hand", cards), ("their", seats, cards), ("token", seats, planets),
        ("take", planets), ("block", planets), ("give", planets), ("small", KIND_ORDER), ("decline",),
    ])


def _bluemoon() -> ActionSpace:
    game = get_game("bluemoon")
    c = game.content()
    cards = _ids(c["cards"])
    from moontable.games.bluemoon.cards import KINDS
    from moontable.games.bluemoon.flow import ELEMENTS

    # a seat chooses among its people's decks, or among the decks it built (the lobby takes at most 12)
    decks = tuple(range(max(len(c["peoples"]), 12)))
    return ActionSpace(game, [
        *((kind, cards) for kind in KINDS),  # a card played as what it is (boosting: any kind the rules let)
        ("character", cards, ELEMENTS),
        ("card", cards), ("lead", cards), ("replace", cards), ("retrieve", cards),
        ("dragon", _ids(c["dragons"])), ("deck", decks),
        ("decline",), ("retreat",), ("pass",), ("done",), ("draw",), ("no_draw",),
    ])


_BUILDERS = {"courts": _courts, "moonflight": _moonflight, "moons": _moons, "bluemoon": _bluemoon}


@cache
def action_space(game_id: str) -> ActionSpace:
    """The fixed action space of a registered game."""
    try:
        build = _BUILDERS[game_id]
    except KeyError:
        get_game(game_id)  # the registry's own readable error for an unknown game
        raise ValueError(f"no action space for {game_id!r} yet") from None
    return build()
