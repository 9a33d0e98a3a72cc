"""Shared machinery of the Blue Moon rules: the work stack, events, zones, lasting effects, power.

The rules run as a stack of frames (plain lists of JSON values, last on top; `frames.registry`). A
frame kind's `run` does its work and returns True when it has put a decision in `state.decisions`;
its `act` takes that decision's answer. Frames hold nothing secret: the stack is part of every view.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from moontable.engine import Action, Decision
from moontable.fair import Chance
from moontable.frames import registry, trace_event
from moontable.games.bluemoon.cards import SHIELD_OF, Card
from moontable.games.bluemoon.content import CARDS, PARTNER
from moontable.games.bluemoon.state import BlueMoonState, Player

Frame = list[Any]
RunFn = Callable[[BlueMoonState, Frame, Chance], bool]
ActFn = Callable[[BlueMoonState, Frame, int, Action, Chance], None]

RUN: dict[str, RunFn]
ACT: dict[str, ActFn]
RUN, ACT, frame = registry()
HAND_SIZE = 6  # BM3, BM19

# lasting-effect entry fields
KIND, OWNER, TARGET, UNTIL, DATA, ORDER, CARD, SPENT = range(8)


def ask(s: BlueMoonState, seat: int, kind: str, options: list[Action], prompt: str) -> bool:
    s.decisions = [Decision(seat, kind, tuple(options), prompt)]
    return True


def emit(s: BlueMoonState, kind: str, /, **fields: Any) -> None:
    trace_event(s.trace, kind, fields)


def emit_private(s: BlueMoonState, seat: int, kind: str, public: dict[str, Any], private: dict[str, Any]) -> None:
    """One event seen in full by `seat`, and without its secret by everyone else."""
    if s.trace is not None:
        s.trace.append({"type": kind, **public, **private, "only": seat})
        s.trace.append({"type": kind, **public, "hide": seat})


# -- zones ----------------------------------------------------------------------------------------------


def take_from_hand(s: BlueMoonState, seat: int, card: str) -> None:
    p = s.players[seat]
    p.hand.remove(card)
    if card in p.shown:
        p.shown.remove(card)
    note_out(s, seat)


def add_to_hand(s: BlueMoonState, seat: int, card: str, shown: bool) -> None:
    """A card into hand; `shown`: it came from a face-up zone, so both players know it is there."""
    p = s.players[seat]
    insort(p.hand, card)
    if shown:
        insort(p.shown, card)


def note_out(s: BlueMoonState, seat: int) -> None:
    """BM29: a player runs out at the first moment their hand and draw pile are both empty."""
    p = s.players[seat]
    if s.first_out is None and not p.hand and not p.deck:
        s.first_out = seat
        emit(s, "out", seat=seat)


def to_pile(s: BlueMoonState, seat: int, card: str, why: str) -> None:
    """A discarded card: leadership cards to the leadership stack, every other card to the discard pile
    (BM67, BM68)."""
    p = s.players[seat]
    if CARDS[card].kind == "leadership":
        p.lead.append(card)
    else:
        p.discard.append(card)
    emit(s, "discard", seat=seat, card=card, why=why)


def may_draw(s: BlueMoonState, seat: int) -> bool:
    return not any(x[KIND] == "bar" and x[TARGET] == seat and x[DATA]["what"] == "draw" for x in s.lasting)


def draw(s: BlueMoonState, seat: int, n: int, forced: bool = False) -> int:
    """Draw up to n cards from the draw pile (never reshuffled, BM19); `forced`: an "I must" draw, which
    no "may not draw" stops (BM72)."""
    if not forced and not may_draw(s, seat):
        return 0
    p = s.players[seat]
    got = []
    for _ in range(n):
        if not p.deck:
            break
        card = p.deck.pop()
        insort(p.hand, card)
        got.append(card)
    if got:
        emit_private(s, seat, "draw", {"seat": seat, "n": len(got)}, {"cards": got})
    return len(got)


def refill(s: BlueMoonState, seat: int) -> None:
    """BM19: draw until 6 cards in hand or the draw pile is empty."""
    need = HAND_SIZE - len(s.players[seat].hand)
    if need > 0:
        draw(s, seat, need)


# -- lasting effects ------------------------------------------------------------------------------------


def add_lasting(s: BlueMoonState, kind: str, owner: int, target: int, life: str, data: dict[str, Any],
                card: str) -> None:
    """`life`: "turn" (ends with the current turn), "foe_turn" (ends with the target's next turn) or
    "fight" (ends with the fight)."""
    if life == "turn":
        until: list[int] | None = [s.active, s.players[s.active].turns]
    elif life == "foe_turn":
        until = [target, s.players[target].turns + (0 if target == s.active else 1)]
    else:
        until = None
    s.order += 1
    s.lasting.append([kind, owner, target, until, data, s.order, card, False])
    emit(s, "lasting", kind=kind, owner=owner, target=target, card=card, until=until)


def expire_turn(s: BlueMoonState, seat: int) -> None:
    """The end of `seat`'s current turn: the effects that last until then end."""
    n = s.players[seat].turns
    s.lasting = [x for x in s.lasting if x[UNTIL] is None or x[UNTIL][0] != seat or x[UNTIL][1] > n]


def expire_fight(s: BlueMoonState) -> None:
    s.lasting = [x for x in s.lasting if x[UNTIL] is not None]


def texts_ignored(s: BlueMoonState, seat: int) -> bool:
    """Whether the other player's effect has `seat`'s card texts ignored now."""
    for x in s.lasting:
        if x[KIND] == "ignore" and x[TARGET] == seat and x[DATA]["what"] == "texts":
            return True
    return False


def supports_ignored(s: BlueMoonState, seat: int) -> bool:
    for x in s.lasting:
        if x[KIND] == "ignore" and x[TARGET] == seat and x[DATA]["what"] == "supports":
            return True
    return False


def text_works(s: BlueMoonState, seat: int, c: Card) -> bool:
    """A card's text (not its values or icons) works unless the opponent has it ignored; PROTECTED cards
    cannot be ignored (BM34)."""
    return "protected" in c.icons or not texts_ignored(s, seat)


def barred(s: BlueMoonState, seat: int, what: str) -> bool:
    """Whether a card effect says `seat` may not play `what` (booster or support) now."""
    for x in s.lasting:
        if x[KIND] == "bar" and x[TARGET] == seat and x[DATA]["what"] == what:
            return True
    return False


# -- power ----------------------------------------------------------------------------------------------


def uncovered(p: Player) -> list[str]:
    return p.combat[-1] if p.combat else []


# tables read once: the power sums run in every search step
_FIRE = {c: card.fire for c, card in CARDS.items()}
_EARTH = {c: card.earth for c, card in CARDS.items()}
_CHARACTER = frozenset(c for c, card in CARDS.items() if card.kind == "character")
_MIRROR = frozenset(c for c, card in CARDS.items() if card.keyword == "mirror")
_PROTECTED = frozenset(c for c, card in CARDS.items() if "protected" in card.icons)
_PER_BOOSTER = {c: n for c, card in CARDS.items() for name, params in card.effects if name == "boost_boosters"
                for n in (params["n"],)}
_PER_SUPPORT = {c: n for c, card in CARDS.items() for name, params in card.effects if name == "boost_supports"
                for n in (params["n"],)}
_SHIELD = {el: frozenset(c for c, card in CARDS.items() if SHIELD_OF[el] in card.icons) for el in ("fire", "earth")}


def best_printed(p: Player, element: str) -> int:
    """The highest printed value among a player's uncovered characters (MIRROR copies it)."""
    values = _FIRE if element == "fire" else _EARTH
    best = 0
    for c in uncovered(p):
        if c in _CHARACTER and values[c] > best:
            best = values[c]
    return best


def counting_supports(s: BlueMoonState, seat: int) -> list[str]:
    """The supports that count: all of them, unless the opponent has them ignored (PROTECTED ones stay)."""
    sup = s.players[seat].supports
    if sup and supports_ignored(s, seat):
        return [c for c in sup if c in _PROTECTED]
    return sup


def layer_power(s: BlueMoonState, seat: int, element: str, layer: list[str], sup: list[str]) -> int:
    """The power of `seat` with `layer` uncovered and the supports `sup` counting (core of `power`)."""
    values = _FIRE if element == "fire" else _EARTH
    ignored = texts_ignored(s, seat) if s.lasting else False
    total = 0
    boosters = 0
    per_booster = 0
    per_support = 0
    for c in layer:
        v = values[c]
        if c in _CHARACTER:
            if not ignored or c in _PROTECTED:
                if c in _MIRROR:  # one less than the opponent's strongest (Duskveil's keyword)
                    v = max(v, best_printed(s.players[1 - seat], element) - 1)
                per_booster += _PER_BOOSTER.get(c, 0)
                per_support += _PER_SUPPORT.get(c, 0)
        else:
            boosters += 1
        total += v
    for c in sup:
        total += values[c]
    total += per_booster * boosters + per_support * len(sup)
    if s.lasting:
        for x in s.lasting:
            if x[KIND] == "power" and x[TARGET] == seat and x[DATA]["element"] in (None, element):
                total += x[DATA]["n"]
    return max(0, total)


def power(s: BlueMoonState, seat: int, element: str | None = None) -> int:
    """BM5, BM6: the sum of the element's values on the active cards, with their texts and lasting
    effects. 0 when no fight runs and no element is given."""
    element = element or s.element
    if element is None:
        return 0
    return layer_power(s, seat, element, uncovered(s.players[seat]), counting_supports(s, seat))


def shielded(s: BlueMoonState, seat: int, element: str | None = None) -> bool:
    """BM18: an active card showing the element's shield, or a card effect giving one."""
    element = element or s.element
    if element is None:
        return False
    shields = _SHIELD[element]
    p = s.players[seat]
    for c in uncovered(p):
        if c in shields:
            return True
    for c in counting_supports(s, seat):
        if c in shields:
            return True
    for x in s.lasting:
        if x[KIND] == "shield" and x[TARGET] == seat and element in x[DATA]["elements"]:
            return True
    return False


def check_met(s: BlueMoonState, seat: int) -> bool:
    """BM17, BM18: power at least the opponent's (a tie is enough), or a shield of the fight's element."""
    return shielded(s, seat) or power(s, seat) >= power(s, 1 - seat)


def rooted(s: BlueMoonState, seat: int) -> int:
    """Active ROOTED supports whose text works (Hollowroot's keyword)."""
    sup = counting_supports(s, seat)
    if not sup:
        return 0
    ignored = texts_ignored(s, seat)
    return sum(1 for c in sup if CARDS[c].keyword == "rooted" and (not ignored or "protected" in CARDS[c].icons))


def counts_toward_limit(s: BlueMoonState, c: str) -> bool:
    """BM31, BM32: FREE cards, and the second card of a PAIR, do not count toward the turn's limits."""
    card = CARDS[c]
    if "free" in card.icons:
        return False
    partner = PARTNER.get(c)
    return partner is None or partner not in s.played


def slots_left(s: BlueMoonState, seat: int, kind: str) -> bool:
    """Whether one more counted booster (or support) fits the one-card limit and its extensions (BM14)."""
    extra_any = extra_booster = 0
    for x in s.lasting:
        if x[KIND] == "extra" and x[TARGET] == seat:
            if x[DATA]["what"] == "booster":
                extra_booster += 1
            else:
                extra_any += 1
    nb, ns = s.used
    if kind == "support":
        ns += 1
    else:
        nb += 1
    return ns <= 1 + extra_any and nb + ns <= 1 + extra_any + extra_booster
