"""The engine protocol every game implements.

A game is a state machine that always knows who must decide what. `pending(state)` lists the
open decisions, each with its legal options; every option is one small JSON-able action (a tuple
of strings and ints; a list in JSON). `apply` takes one of them, or raises `IllegalAction` and
leaves the state as it was. Randomness comes only from the `Chance` passed to `new_state` and
`apply`: the table passes the fair stream, bots pass their own generator.

Views and events are per seat: `view(state, seat)` is what that seat may know (`None` is a
spectator), and `visible(event, seat)` filters an event the same way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from moontable.fair import Chance

__all__ = [
    "Action",
    "Decision",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Result",
    "as_action",
    "play_on",
    "visible",
]

Action = tuple[Any, ...]
Event = dict[str, Any]


class IllegalAction(ValueError):
    """An action that is not legal now. Its message is for the player; the state is unchanged."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One open decision: `seat` must pick one of `options` (never empty)."""

    seat: int
    kind: str
    options: tuple[Action, ...]
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended. `winner` is a seat, or None for a draw."""

    winner: int | None
    reason: str
    score: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "score": self.score}


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game, checked by the generic test battery."""

    id: str
    name: str
    min_seats: int
    max_seats: int
    max_decisions: int
    reasons: tuple[str, ...] = field(default_factory=tuple)
    options: tuple[str, ...] = ("seats",)  # the option names a host may set when it creates a table


def as_action(raw: Any) -> Action:
    """Turn an action from JSON (a list) or a caller (a tuple) into the engine's tuple form."""
    if isinstance(raw, tuple):
        return raw
    if isinstance(raw, list):
        return tuple(raw)
    raise IllegalAction(f"an action is a list such as [\"play\", 3, \"place\"], not {raw!r}")


def visible(event: Event, seat: int | None) -> Event | None:
    """The event as `seat` may see it, or None if it is not for that seat.

    An event with `"only": s` is for seat s alone; one with `"hide": s` is for everyone but s.
    """
    only = event.get("only")
    if only is not None and only != seat:
        return None
    hide = event.get("hide")
    if hide is not None and hide == seat:
        return None
    if only is None and hide is None:
        return event
    return {k: v for k, v in event.items() if k not in ("only", "hide")}


class Game(ABC):
    """One game's rules. Stateless: every method takes the state it works on."""

    info: ClassVar[GameInfo]
    rules_version: ClassVar[str]
    # Whether the table lets a player take back a move (see `reveals`). A game turns it on once its
    # `reveals` names every public event that turns something up: until then an undo could show a secret.
    undoable: ClassVar[bool] = False
    # The language of the game's texts, and every language it is written in: the table writes its log in each
    # (table/history.log_languages) and the page shows the reader's. English only unless a game says more.
    lang: str = "en"
    languages: ClassVar[tuple[str, ...]] = ("en",)

    @abstractmethod
    def default_options(self, seats: int) -> dict[str, Any]:
        """The options a game with this many seats starts with."""

    @abstractmethod
    def new_state(self, options: dict[str, Any], chance: Chance) -> Any:
        """A new game, with its set-up randomness drawn from `chance`."""

    @abstractmethod
    def pending(self, state: Any) -> list[Decision]:
        """Open decisions; empty once the game has ended."""

    @abstractmethod
    def _apply(self, state: Any, seat: int, action: Action, chance: Chance) -> list[Event]:
        """Apply a legal action (already checked) and return the events it made."""

    @abstractmethod
    def result(self, state: Any) -> Result | None:
        """The result once the game has ended, else None."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may know, JSON-able; None is a spectator."""

    def views(self, state: Any, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        """The views of several seats at once (the table's after a move), each equal to `view`'s. A game whose
        views have much in common makes it once: the views may then share parts, so none may be changed."""
        return {seat: self.view(state, seat) for seat in seats}

    @abstractmethod
    def safe_action(self, state: Any, decision: Decision) -> Action:
        """A cautious legal action for an open decision: what the table plays on a timeout."""

    @abstractmethod
    def clone(self, state: Any) -> Any:
        """An independent copy, cheap enough for tree search."""

    @abstractmethod
    def determinize(self, state: Any, seat: int, rng: Any) -> Any:
        """A copy in which what `seat` cannot see is redealt at random with `rng` (not the stream)."""

    @abstractmethod
    def content(self) -> dict[str, Any]:
        """The game's content (map, cards) as data, for `moontable rules GAME --json`."""

    def at_rules(self, version: str) -> Game:
        """The rules as they were at `version` (a record's "rules"), to replay a record of an older version:
        an engine keeps every version it has shipped (DESIGN.md, "A record verifies for ever").
        ValueError, readable, if this engine does not know that version."""
        if version == self.rules_version:
            return self
        raise ValueError(f"{self.info.name} rules {version!r} are not known to this engine "
                         f"(it plays {self.rules_version!r})")

    def option_types(self) -> dict[str, type]:
        """The JSON type of each option a host may set (`info.options`): int, str, bool, float, dict, list, or
        list[element type] (list[str | None]); the lobby refuses a value of another type, naming the option,
        before the game sees it. An option with no type here and no default is left to the game's own checks."""
        return {"seats": int}

    def public_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options as anyone may see them before the game ends (a game record's header): by default
        all of them; a game whose options hold a seat's secret (Blue Moon's built decks) hides it."""
        return options

    def seat_choices(self) -> list[dict[str, Any]]:
        """What a host may choose for its own seat at a new table: [{"option", "label", "values"}], where
        `option` names a per-seat list option and `values` are [value, text] pairs (value None: let the game
        deal it). The other seats' entries stay None."""
        return []

    def describe_action(self, state: Any, action: Action) -> str:
        """A short readable text for an option (the terminal table)."""
        return " ".join(str(a) for a in action)

    def describe_move(self, state: Any, seat: int, action: Action) -> str | None:
        """What `seat`'s move did, for the log: past tense, without the player ("placed sway in Mistfen"),
        from the state before it. None (the default): the game has no such words, and the log says the move
        as its option reads (describe_action)."""
        return None

    def render(self, state: Any, seat: int | None) -> str:
        """A readable text board for the terminal."""
        return repr(self.view(state, seat))

    # Texts name a seat as "seat N" (N from 0): the table writes the player's name in its place.

    def describe_event(self, event: Event) -> str | None:
        """One readable log line for an event, or None to leave it out of the log."""
        return None

    def describe_result(self, state: Any) -> str:
        """Who won and why, in words."""
        r = self.result(state)
        if r is None:
            return "the game goes on"
        return f"seat {r.winner} wins ({r.reason})" if r.winner is not None else f"a draw ({r.reason})"

    def describe_reason(self, state: Any) -> str:
        """Why the game ended, as the end of "You win: ..." or "You lose: ..." (the table adds the start)."""
        r = self.result(state)
        return "" if r is None else r.reason

    def in_language(self, lang: str) -> Game:
        """The same rules with every text in `lang` (one of `languages`); ValueError for any other. A game
        written in more languages than English gives its own."""
        if lang != self.lang:
            raise ValueError(f"{self.info.name} is written in English only (en), not {lang!r}")
        return self

    def table_words(self) -> dict[str, str]:
        """The table's own words (a timeout, the terminal's prompts) in the game's language, where it has its
        own; the table's English otherwise."""
        return {}

    def hands(self, state: Any) -> list[list[str]] | None:
        """Each seat's cards in hand, in words, seat by seat: what the replay of an ended game shows of every
        hand at once (nothing is secret any more). None if the game does not say."""
        return None

    def reveals(self, event: Event) -> bool:
        """Whether `event` shows some seat what it could not see before (a card drawn, a hand or a face-down
        card turned up): the move that made it cannot be taken back. By default an event for one seat's eyes
        only does; a game adds the public events that turn something up."""
        return event.get("only") is not None

    def content_text(self) -> str:
        """The game's content, readable (`moontable rules GAME`)."""
        import json

        return json.dumps(self.content(), indent=2)

    def advance(self, state: Any, seat: int, action: Action, chance: Chance) -> None:
        """Apply a known-legal action with no check and no events: for search and simulation."""
        self._apply(state, seat, action, chance)

    # -- final wrappers -------------------------------------------------------------------------

    def decision_for(self, state: Any, seat: int) -> Decision | None:
        for d in self.pending(state):
            if d.seat == seat:
                return d
        return None

    def is_legal(self, state: Any, seat: int, action: Action) -> bool:
        d = self.decision_for(state, seat)
        return d is not None and action in d.options

    def apply(self, state: Any, seat: int, action: Any, chance: Chance) -> list[Event]:
        """Check and apply one action. Raises IllegalAction (state unchanged) if it is not legal."""
        if self.result(state) is not None:
            raise IllegalAction("the game is over")
        act = as_action(action)
        d = self.decision_for(state, seat)
        if d is None:
            raise IllegalAction(f"seat {seat} has nothing to decide now")
        if act not in d.options:
            raise IllegalAction(f"{list(act)} is not one of the legal options for this {d.kind} decision")
        return self._apply(state, seat, act, chance)

    def events_for(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        out = []
        for e in events:
            v = visible(e, seat)
            if v is not None:
                out.append(v)
        return out


def play_on(game: Game, state: Any, choose: Callable[[Any, Decision], Action], chance: Chance,
            going: Callable[[Any], bool], limit: int, what: str) -> None:
    """For search and simulation, on a state that keeps `over` and its open `decisions` (Moonflight's, Moons'):
    `choose(state, decision)` answers the first open decision, with no check and no events, while the game
    goes on and `going(state)` holds. More than `limit` answers is a policy that never gets there: `what` it
    did not finish is the error."""
    n = 0
    while not state.over and state.decisions and going(state):
        d = state.decisions[0]
        game.advance(state, d.seat, choose(state, d), chance)
        n += 1
        if n > limit:
            raise RuntimeError(f"{game.info.id}: the policy did not finish {what}")
