"""Hand-made Moonflight positions for rule and card tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from moontable.games.moonflight import MOONFLIGHT
from moontable.games.moonflight.cards_common import GENERIC
from moontable.games.moonflight.content import CARDS, generic_stack, supply_cards
from moontable.games.moonflight.core import RUN
from moontable.games.moonflight.game import settle
from moontable.games.moonflight.state import MoonflightState, Player

G = MOONFLIGHT


def _hold(s: MoonflightState, f: list, chance: Any) -> bool:
    """A test-only frame that stops the work: nothing below it runs."""
    s.decisions = []
    return True


RUN["hold"] = _hold


class Script:
    """A scripted chance: the listed values in order (mod n), then 0. Shuffles with 0s are deterministic."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.asked: list[int] = []

    def below(self, n: int) -> int:
        self.asked.append(n)
        return self.values.pop(0) % n if self.values else 0


def position(jacks: Iterable[str] = ("clay", "words"), *, hands: dict[int, list[str]] | None = None,
             decks: dict[int, list[str]] | None = None, discards: dict[int, list[str]] | None = None,
             trash: dict[int, list[str]] | None = None, play: dict[int, list[str]] | None = None,
             settled: dict[tuple[int, int], list[str]] | None = None, coins: dict[int, int] | None = None,
             turned: bool = False, first: int = 0, markets: dict[int, list[str]] | None = None,
             supply: dict[str, list[str]] | None = None, mode: str = "standard", tokens: tuple[int, int] = (8, 8),
             stack: str = "hold", rules: int = 2) -> MoonflightState:
    """A position with the given zones (decks and stacks: top last); seat `first` holds the marker.

    Markets: the five generic stacks for the player count, then three per Jack holding one card each
    (the first three of its supply in content order); the supply holds the other 21. `stack`: "hold"
    (nothing runs; use `run_card` and friends), "round" (a Round starts: the Action phase asks) or
    "reset" (the Reset starts at step 1). `rules`: the N of the rules version moonflight/N it plays.
    """
    jacks = list(jacks)
    n = len(jacks)
    players = [Player(jack=j) for j in jacks]
    mk = [generic_stack(c, n) for c in GENERIC]
    suits = ["generic"] * len(GENERIC)
    sup: dict[str, list[str]] = {}
    for j in jacks:
        cards = supply_cards(j)
        for _ in range(3):
            mk.append([cards.pop(0)])
            suits.append(j)
        sup[j] = cards
    for m, cards in (markets or {}).items():
        mk[m] = list(cards)
    for j, cards in (supply or {}).items():
        sup[j] = list(cards)
    s = MoonflightState(players=players, markets=mk, market_suit=suits, supply=sup, turned=turned, first=first,
                        active=first, mode=mode, rules=rules)
    s.tokens = list(tokens)
    uid = 1
    for i, p in enumerate(players):
        p.hand = sorted((hands or {}).get(i, []))
        p.deck = list((decks or {}).get(i, []))
        p.discard = list((discards or {}).get(i, []))
        p.trash = list((trash or {}).get(i, []))
        p.coins = (coins or {}).get(i, 0)
        for k, card in enumerate((play or {}).get(i, [])):
            p.play.append(card)
            p.uids.append(uid)
            p.settled.append(list((settled or {}).get((i, k), [])))
            uid += 1
    s.next_uid = uid
    s.bank = 40 - sum(p.coins for p in players)
    s.trace = []
    if stack == "round":
        s.stack = [["game"]]
        settle(s, Script())
    elif stack == "reset":  # the Action phase is over: the Reset starts at step 1
        s.stack = [["game"], ["reset", "1", 0, 0]]
        settle(s, Script())
    else:
        s.stack = [["hold"]]
    return s


def uid_of(s: MoonflightState, seat: int, card: str, nth: int = 0) -> int:
    p = s.players[seat]
    return [u for u, c in zip(p.uids, p.play, strict=True) if c == card][nth]


def run_card(s: MoonflightState, seat: int, card: str, chance: Any = None) -> MoonflightState:
    """Put `card` into play for `seat` (as the Play Act does) and resolve its instructions."""
    p = s.players[seat]
    uid = s.next_uid
    s.next_uid += 1
    p.play.append(card)
    p.uids.append(uid)
    p.settled.append([])
    s.stack.append(["ops", seat, uid, card, 1 if s.turned else 0, "play", 0, 0])
    settle(s, chance or Script())
    return s


def run_spend(s: MoonflightState, seat: int, uid: int, k: int = 0, chance: Any = None) -> MoonflightState:
    """Resolve Spend ability k of the card `uid` (-1: the character) without paying (the test pays)."""
    from moontable.games.moonflight.content import JACKS

    p = s.players[seat]
    card = JACKS[p.jack].card.id if uid == -1 else p.play[p.uids.index(uid)]
    s.stack.append(["ops", seat, uid, card, 1 if s.turned else 0, "spend", k, 0])
    settle(s, chance or Script())
    return s


def fire(s: MoonflightState, seat: int, event: str, times: int = 1, chance: Any = None) -> MoonflightState:
    """Make `event` happen for `seat` and resolve its triggers."""
    s.fired += [[seat, event] for _ in range(times)]
    s.stack.append(["ops", seat, 0, "money", 0, "play", 0, 99])  # an empty boundary: the triggers run here
    settle(s, chance or Script())
    return s


def answer(s: MoonflightState, action: Any, chance: Any = None, seat: int | None = None) -> list[dict]:
    """Answer the open decision, checked like the real table; returns the events."""
    if seat is None:
        seat = s.decisions[0].seat
    return G.apply(s, seat, action, chance or Script())


def options(s: MoonflightState) -> list[tuple]:
    assert s.decisions, "no decision is open"
    return list(s.decisions[0].options)


def kind(s: MoonflightState) -> str | None:
    return s.decisions[0].kind if s.decisions else None


def score(card: str, white: bool) -> int:
    return CARDS[card].end(white).score


def quiet(d: Any) -> tuple:
    """A do-nothing answer: Pass, stop, move the rest in order, else the first option."""
    for o in (("pass",), ("done",), ("rest",)):
        if o in d.options:
            return o
    return d.options[0]


def until(s: MoonflightState, stop: Any, choose: Any = quiet, chance: Any = None, limit: int = 500) -> None:
    """Answer decisions with `choose` until `stop(s)` is true or the game is over."""
    for _ in range(limit):
        if s.over or stop(s):
            return
        d = s.decisions[0]
        G.apply(s, d.seat, choose(d), chance or Script())
    raise AssertionError("the position never got there")


def to_end(s: MoonflightState, choose: Any = quiet, chance: Any = None) -> None:
    until(s, lambda s: False, choose, chance, limit=5000) if not s.over else None
