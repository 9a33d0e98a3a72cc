"""Choices one card at a time (DESIGN: one card, one target per decision): the "pick" frame
["pick", seat, uid, verb, left, upto, data, asked] and its verbs on hand, discard and trash (the
market's are in picks_market.py, those on cards in play and the retain choice in picks_play.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.moonflight.core import (
    Frame,
    ask,
    draw,
    emit,
    end_of,
    frame,
    in_play,
    leave_play,
    source_active,
    to_discard,
    to_trash,
)
from moontable.games.moonflight.state import MoonflightState

DONE: Action = ("done",)


@dataclass(frozen=True, slots=True)
class Verb:
    options: Callable[[MoonflightState, Frame], list[Action]]
    apply: Callable[[MoonflightState, Frame, Action, Chance], bool]  # True: one of `left` is used
    prompt: str
    finish: Callable[[MoonflightState, Frame, Chance], None] | None = None


VERBS: dict[str, Verb] = {}


def names_of(cards: list[str], s: MoonflightState | None = None, guarded_ok: bool = True) -> list[Action]:
    out = sorted(set(cards))
    if s is not None and not guarded_ok:
        out = [c for c in out if not end_of(s, c).guarded]
    return [("card", c) for c in out]


def _remove_top(zone: list[str], card: str) -> None:
    """Remove the topmost copy of a card from a stack (copies are alike)."""
    for i in range(len(zone) - 1, -1, -1):
        if zone[i] == card:
            del zone[i]
            return


def _act_pick(s: MoonflightState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    if len(f) > 7:
        f[7] = False
    if action == DONE:
        f[4] = 0
        return
    if VERBS[f[3]].apply(s, f, action, chance):
        f[4] -= 1


def _ask_pick(s: MoonflightState, f: Frame, opts: list[Action], prompt: str) -> bool:
    """Ask, and mark the frame as asking: a state dealt from a view (infoset.py) asks again, whatever
    the hidden cards it was dealt, so that what happens next never depends on them."""
    if len(f) > 7:
        f[7] = True
    else:
        f.append(True)
    return ask(s, f[1], f[3], opts, prompt)


@frame("pick", _act_pick)
def _run_pick(s: MoonflightState, f: Frame, chance: Chance) -> bool:
    seat, uid, verb, left, upto = f[1], f[2], f[3], f[4], f[5]
    v = VERBS[verb]
    opts = v.options(s, f) if left > 0 and source_active(s, seat, uid) else []
    asked = len(f) > 7 and f[7]
    if not opts and not (asked and upto):
        s.stack.pop()
        if v.finish is not None:
            v.finish(s, f, chance)
        return False
    if upto:
        return _ask_pick(s, f, [*opts, DONE], v.prompt + (f" (up to {left} more)" if left < 50 else ""))
    if len(opts) == 1 and not asked:
        _act_pick(s, f, seat, opts[0], chance)
        return False
    return _ask_pick(s, f, opts, v.prompt + (f" ({left} more)" if left > 1 else ""))


def hand_card(s: MoonflightState, f: Frame, action: Action) -> str:
    card = action[1]
    s.players[f[1]].hand.remove(card)
    return str(card)


# -- discard, trash, take --------------------------------------------------------------------------------


def _discard_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    to_discard(s, f[1], hand_card(s, f, a), True, "hand")
    return True


def _hand_options(s: MoonflightState, f: Frame) -> list[Action]:
    return names_of(s.players[f[1]].hand)


VERBS["discard"] = Verb(_hand_options, _discard_apply, "Discard a card from your hand")


def _redraw_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    f[6] += 1
    return _discard_apply(s, f, a, chance)


def _redraw_finish(s: MoonflightState, f: Frame, chance: Chance) -> None:
    draw(s, f[1], f[6], chance)


VERBS["redraw"] = Verb(_hand_options, _redraw_apply, "Discard a card, to Draw one after", _redraw_finish)


def _trash_any_options(s: MoonflightState, f: Frame) -> list[Action]:
    p = s.players[f[1]]
    out = names_of(p.hand, s, guarded_ok=False)
    out += [("play", uid) for uid, c in zip(p.uids, p.play, strict=True) if not end_of(s, c).guarded]
    return out


def _trash_any_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    seat = f[1]
    if a[0] == "play":
        to_trash(s, seat, leave_play(s, seat, in_play(s.players[seat], a[1])), True, "play")
    else:
        to_trash(s, seat, hand_card(s, f, a), True, "hand")
    return True


VERBS["trash_any"] = Verb(_trash_any_options, _trash_any_apply, "Trash a card from your hand or play")


def _trash_hand_options(s: MoonflightState, f: Frame) -> list[Action]:
    return names_of(s.players[f[1]].hand, s, guarded_ok=False)


def _trash_hand_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    to_trash(s, f[1], hand_card(s, f, a), True, "hand")
    return True


VERBS["trash_hand"] = Verb(_trash_hand_options, _trash_hand_apply, "Trash a card from your hand")


def _trash_discard_options(s: MoonflightState, f: Frame) -> list[Action]:
    return names_of(s.players[f[1]].discard, s, guarded_ok=False)


def _trash_discard_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    _remove_top(s.players[f[1]].discard, a[1])
    to_trash(s, f[1], a[1], True, "discard")
    return True


VERBS["trash_discard"] = Verb(_trash_discard_options, _trash_discard_apply, "Trash target card from your Discard Stack")


def _zone(s: MoonflightState, f: Frame) -> list[str]:
    p = s.players[f[1]]
    return {"discard": p.discard, "trash": p.trash, "deck": p.deck}[f[6]]


def _take_options(s: MoonflightState, f: Frame) -> list[Action]:
    return names_of(_zone(s, f))


def _take_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    _remove_top(_zone(s, f), a[1])
    p = s.players[f[1]]
    p.hand.append(a[1])
    p.hand.sort()
    if f[6] == "deck":
        emit(s, "take", seat=f[1], zone="deck", only=f[1], card=a[1])
        emit(s, "take", seat=f[1], zone="deck", hide=f[1])
    else:
        emit(s, "take", seat=f[1], zone=f[6], card=a[1])
    return True


VERBS["take"] = Verb(_take_options, _take_apply, "Move target card to your hand")


def _pay_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    to_discard(s, f[1], hand_card(s, f, a), False, "spent")  # MF28: a Move, not a Discard
    return True


VERBS["pay"] = Verb(_hand_options, _pay_apply, "Spend a card from your hand")
