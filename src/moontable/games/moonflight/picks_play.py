"""Choices on cards in play and in hand at Reset: Set, Build, unsettle, Trash a Settled card, retain."""

from __future__ import annotations

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.moonflight.content import COIN_CAP
from moontable.games.moonflight.core import (
    Frame,
    emit,
    end_of,
    in_play,
    set_card,
    to_discard,
    to_trash,
)
from moontable.games.moonflight.picks import VERBS, Verb
from moontable.games.moonflight.state import MoonflightState

# -- set, build, unsettle, pay ---------------------------------------------------------------------------


def set_options(s: MoonflightState, seat: int, caps: list[int] | None, guarded_ok: bool) -> list[Action]:
    """MF38, MF99: onto own cards in play with Stability 1+; Build caps each at its Stability."""
    p = s.players[seat]
    targets = []
    for uid, card in zip(p.uids, p.play, strict=True):
        stab = end_of(s, card).stability
        if stab is None or stab < 1:
            continue
        if caps is not None and _count(caps, uid) >= stab:
            continue
        targets.append(uid)
    if not targets:
        return []
    names = sorted({c for c in p.hand if guarded_ok or not end_of(s, c).guarded})
    return [("set", c, uid) for c in names for uid in targets]


def _count(caps: list[int], uid: int) -> int:
    for i in range(0, len(caps), 2):
        if caps[i] == uid:
            return caps[i + 1]
    return 0


def _set_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    set_card(s, f[1], a[1], a[2], "effect")
    return True


VERBS["set"] = Verb(lambda s, f: set_options(s, f[1], None, False), _set_apply,
                    "Set a card from your hand onto one of your cards in play")


def _build_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    set_card(s, f[1], a[1], a[2], "build")
    caps = f[6]
    for i in range(0, len(caps), 2):
        if caps[i] == a[2]:
            caps[i + 1] += 1
            break
    else:
        caps += [a[2], 1]
    return True


VERBS["build"] = Verb(lambda s, f: set_options(s, f[1], f[6], True), _build_apply,
                      "Build: Set a card from your hand onto a card in play")


def _unsettle_options(s: MoonflightState, f: Frame) -> list[Action]:
    p = s.players[f[1]]
    return [("play", uid) for uid, st in zip(p.uids, p.settled, strict=True) if st]


def _unsettle_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    p = s.players[f[1]]
    card = p.settled[in_play(p, a[1])].pop()
    p.hand.append(card)
    p.hand.sort()
    emit_take = {"seat": f[1], "uid": a[1]}
    emit(s, "unsettle", **emit_take, card=card, only=f[1])
    emit(s, "unsettle", **emit_take, hide=f[1])
    return True


VERBS["unsettle"] = Verb(_unsettle_options, _unsettle_apply, "Move a topmost Settled card to your hand")


def _trash_settled_options(s: MoonflightState, f: Frame) -> list[Action]:
    p = s.players[f[1]]
    return [("settled", uid) for uid, st in zip(p.uids, p.settled, strict=True) if st and not end_of(s, st[-1]).guarded]


def _trash_settled_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    p = s.players[f[1]]
    to_trash(s, f[1], p.settled[in_play(p, a[1])].pop(), True, "settled")
    return True


VERBS["trash_settled"] = Verb(_trash_settled_options, _trash_settled_apply,
                              "Trash the topmost Settled card of one of your cards in play")


# -- Reset choices ----------------------------------------------------------------------------------------


def _keep_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    p = s.players[f[1]]
    p.hand.remove(a[1])
    p.kept.append(a[1])
    return True


def finish_retain(s: MoonflightState, f: Frame, chance: Chance) -> None:
    """MF44-MF46: the rest of the hand to the Discard Stack; coin tokens over five to the Supply."""
    seat = f[1]
    p = s.players[seat]
    for card in p.hand:
        to_discard(s, seat, card, False, "reset")
    p.hand = sorted(p.kept)
    p.kept = []
    if p.coins > COIN_CAP:
        s.bank += p.coins - COIN_CAP
        emit(s, "coins_back", seat=seat, n=p.coins - COIN_CAP)
        p.coins = COIN_CAP
    emit(s, "retain", seat=seat, n=len(p.hand))


VERBS["retain"] = Verb(lambda s, f: [("keep", c) for c in sorted(set(s.players[f[1]].hand))], _keep_apply,
                       "Reset: choose a card to retain", finish_retain)
