"""Card texts: the effect vocabulary every card is built from.

A card's `effects` is a tuple of steps `(name, params)`. Static steps (cards.STATIC_STEPS) work while
their card is active and are read by core.power and the fight's end; every other step happens once,
when its card is played: it becomes a frame ["step:NAME", actor, params, card, left, got, owner, asked]
on the work stack, the card's first step on top. The actor is the card's owner, or for a Chosen One each player in
turn, the opponent first (BM70, BM71).

The steps, their parameters and what each does are listed in docs/bluemoon-vocabulary.md.

"I must" steps (BM72) are never ignored and no "may not" stops them. The peoples' keywords (KINDLE,
ROOTED, MIRROR, GUST) are named code in core.py and flow.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.bluemoon.cards import MUST_STEPS, STATIC_STEPS, Card
from moontable.games.bluemoon.content import CARDS
from moontable.games.bluemoon.core import (
    ActFn,
    Frame,
    RunFn,
    add_lasting,
    add_to_hand,
    ask,
    draw,
    emit,
    frame,
    take_from_hand,
    text_works,
    to_pile,
    uncovered,
)
from moontable.games.bluemoon.state import BlueMoonState
from moontable.words import count

STEP_NAMES: set[str] = set(STATIC_STEPS)
DONE: Action = ("done",)


def step(name: str, act: ActFn | None = None) -> Callable[[RunFn], RunFn]:
    """Register a step of the vocabulary: its frame is ["step:NAME", actor, params, card, left, got, owner, asked]."""

    STEP_NAMES.add(name)
    return frame("step:" + name, act)  # a step is a frame kind of the game's registry


def push_effects(s: BlueMoonState, seat: int, c: Card) -> None:
    """The card's one-time steps onto the stack, for its owner or (a Chosen One) for both players,
    the opponent's part on top so that it happens first. Texts the opponent has ignored do nothing,
    except "I must" steps (BM72)."""
    works = text_works(s, seat, c)
    steps = [(n, p) for n, p in c.effects if n not in STATIC_STEPS and (works or n in MUST_STEPS)]
    if not steps:
        return
    actors = [seat, 1 - seat] if c.chosen else [seat]  # the last pushed runs first
    for actor in actors:
        for name, params in reversed(steps):
            s.stack.append(["step:" + name, actor, params, c.id, params.get("n", 1), 0, seat, False])


def _pop(s: BlueMoonState) -> bool:
    s.stack.pop()
    return False


def _foe(f: Frame) -> int:
    return 1 - f[1]


def _card_options(cards: list[str]) -> list[Action]:
    return [("card", c) for c in sorted(set(cards))]


# -- draw -----------------------------------------------------------------------------------------------


@step("draw")
def _draw(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    draw(s, f[1], f[2]["n"])
    return _pop(s)


@step("must_draw")
def _must_draw(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    draw(s, f[1], f[2]["n"], forced=True)  # BM72: no "may not draw" stops it; BM73: an empty pile skips it
    return _pop(s)


# -- discard --------------------------------------------------------------------------------------------


def _discardable(s: BlueMoonState, f: Frame) -> tuple[int, list[str]]:
    """Who discards, and the cards they may lose: the opponent's card (a Chosen One's part for the other
    player included) cannot take a PROTECTED card (BM34)."""
    who = f[1] if f[2].get("who", "self") == "self" else _foe(f)
    hand = s.players[who].hand
    if who != f[6]:
        hand = [c for c in hand if "protected" not in CARDS[c].icons]
    return who, hand


def _act_discard(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    f[7] = False
    take_from_hand(s, seat, action[1])
    to_pile(s, seat, action[1], "effect")
    f[4] -= 1


@step("discard", _act_discard)
def _discard(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    who, cards = _discardable(s, f)
    if not cards and f[7]:  # a state dealt from a view asks again, whatever hand it was dealt
        cards = s.players[who].hand
    if f[4] <= 0 or not cards:
        return _pop(s)
    if f[2].get("random"):
        card = cards[chance.below(len(cards))] if len(cards) > 1 else cards[0]
        take_from_hand(s, who, card)
        to_pile(s, who, card, "random")
        f[4] -= 1
        return False
    f[7] = True
    return ask(s, who, "discard", _card_options(cards), f"Discard a card from your hand ({f[4]} to go)")


def _act_redraw(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    if action == DONE:
        f[4] = 0
        return
    take_from_hand(s, seat, action[1])
    to_pile(s, seat, action[1], "effect")
    f[4] -= 1
    f[5] += 1


@step("redraw", _act_redraw)
def _redraw(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    hand = s.players[f[1]].hand
    if f[4] > 0 and hand:
        return ask(s, f[1], "redraw", [*_card_options(hand), DONE],
                   f"Discard up to {count(f[4], 'more card')}; you then draw as many")
    draw(s, f[1], f[5])
    return _pop(s)


# -- cards from the discard pile and from play ----------------------------------------------------------


def _recoverable(s: BlueMoonState, f: Frame) -> list[str]:
    kind = f[2].get("kind")  # the card whose text this is never takes itself back
    return [c for c in s.players[f[1]].discard if (kind is None or CARDS[c].kind == kind) and c != f[3]]


def _act_recover(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    f[4] = 0
    if action == DONE:
        return
    s.players[seat].discard.remove(action[1])
    add_to_hand(s, seat, action[1], shown=True)
    emit(s, "recover", seat=seat, card=action[1])


@step("recover", _act_recover)
def _recover(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    cards = _recoverable(s, f)
    if f[4] <= 0 or not cards:
        return _pop(s)
    what = f[2].get("kind") or "card"
    return ask(s, f[1], "recover", [*_card_options(cards), DONE],
               f"You may take one {what} from your discard pile into your hand")


def scrappable(s: BlueMoonState, seat: int, what: str) -> list[str]:
    """The opponent's active boosters (on the uncovered character) or supports that `seat` may discard."""
    foe = s.players[1 - seat]
    if what == "support":
        cards = foe.supports
    else:
        cards = [c for c in uncovered(foe) if CARDS[c].kind == "booster"]
    return [c for c in cards if "protected" not in CARDS[c].icons]


def _act_scrap(s: BlueMoonState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    card = action[1]
    foe = s.players[_foe(f)]
    if CARDS[card].kind == "support":
        foe.supports.remove(card)
    else:
        uncovered(foe).remove(card)
    to_pile(s, _foe(f), card, "scrapped")
    f[4] = 0


@step("scrap", _act_scrap)
def _scrap(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    cards = scrappable(s, f[1], f[2]["what"])
    if f[4] <= 0 or not cards:
        return _pop(s)
    opts = _card_options(cards)
    if len(opts) == 1:
        _act_scrap(s, f, f[1], opts[0], chance)
        return False
    return ask(s, f[1], "scrap", opts, f"Discard one of the opponent's {f[2]['what']}s")


@step("switch")
def _switch(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
    if s.element is not None:
        s.element = "earth" if s.element == "fire" else "fire"
        emit(s, "switch", seat=f[1], element=s.element)
    return _pop(s)


# -- lasting effects ------------------------------------------------------------------------------------


def _lasting(kind: str, target: str, life: str) -> RunFn:
    def run(s: BlueMoonState, f: Frame, chance: Chance) -> bool:
        who = f[1] if target == "self" else _foe(f)
        add_lasting(s, kind, f[1], who, f[2].get("life", life), f[2], f[3])
        return _pop(s)

    return run


for _name, _target, _life in (("power", "self", "turn"), ("shield", "self", "turn"), ("bar", "foe", "foe_turn"),
                              ("ignore", "foe", "turn"), ("extra", "self", "turn"), ("attract", "self", "fight"),
                              ("cap", "foe", "fight"), ("must_play", "self", "turn"),
                              ("must_discard_end", "self", "turn")):
    step(_name)(_lasting(_name, _target, _life))


def check_vocabulary(cards: dict[str, Card]) -> None:
    """Every step a card names is in the vocabulary (run at import)."""
    for c in cards.values():
        for name, _params in c.effects:
            if name not in STEP_NAMES:
                raise ValueError(f"{c.id} uses the unknown step {name!r}")


check_vocabulary(CARDS)


def lasting_of(s: BlueMoonState, kind: str, target: int) -> list[list[Any]]:
    return [x for x in s.lasting if x[0] == kind and x[2] == target]
