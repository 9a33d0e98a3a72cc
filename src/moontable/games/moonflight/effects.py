"""Card instructions: the "ops" frame runs a card's instructions one by one (MF107-MF110); each op of
the vocabulary (cards.py) is done here at once, or by a "pick" frame (picks.py) when it needs choices."""

from __future__ import annotations

from collections.abc import Callable

from moontable.fair import Chance
from moontable.games.moonflight.cards import Op
from moontable.games.moonflight.core import (
    Frame,
    draw,
    emit,
    end_of,
    frame,
    gain,
    in_play,
    leave_play,
    ops_of,
    own_markets,
    refill,
    source_active,
    to_discard,
    to_trash,
)
from moontable.games.moonflight.state import MoonflightState

OpFn = Callable[[MoonflightState, Frame, Op, Chance], None]
OPS: dict[str, OpFn] = {}


def op(name: str) -> Callable[[OpFn], OpFn]:
    def wrap(fn: OpFn) -> OpFn:
        OPS[name] = fn
        return fn

    return wrap


@frame("ops")
def _run_ops(s: MoonflightState, f: Frame, chance: Chance) -> bool:
    ops = ops_of(f)
    seat, uid, pc = f[1], f[2], f[7]
    if pc >= len(ops) or not source_active(s, seat, uid) or s.over:
        s.stack.pop()
        return False
    f[7] = pc + 1
    o = ops[pc]
    OPS[o[0]](s, f, o, chance)
    return False


def pick(s: MoonflightState, f: Frame, verb: str, left: int, upto: bool, data: object = None) -> None:
    """Push a pick frame: the player chooses `left` times (`upto`: may stop at any time)."""
    s.stack.append(["pick", f[1], f[2], verb, left, upto, data])


# -- ops done at once -----------------------------------------------------------------------------------


@op("gain")
def _gain(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    gain(s, f[1], o[1])


@op("draw")
def _draw(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    draw(s, f[1], o[1], chance)


@op("if_hand")
def _if_hand(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    """MF109: an unmet If skips only the instruction that depends on it."""
    size = len(s.players[f[1]].hand)
    ok = size == o[2] if o[1] == "==" else size >= o[2]
    if not ok:
        f[7] += 1


@op("discard_deck")
def _discard_deck(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    seat = f[1]
    p = s.players[seat]
    for _ in range(o[1]):
        if not refill(s, seat, chance):
            break
        to_discard(s, seat, p.deck.pop(), True, "from deck")


@op("trash_deck")
def _trash_deck(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    """MF111, MF112: a guarded card goes back face down and the instruction is abandoned."""
    seat = f[1]
    p = s.players[seat]
    for _ in range(o[1]):
        if not refill(s, seat, chance):
            break
        card = p.deck[-1]
        if end_of(s, card).guarded:
            emit(s, "blocked", seat=seat, card=card)
            return
        to_trash(s, seat, p.deck.pop(), True, "from deck")


@op("trash_this")
def _trash_this(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    seat, uid = f[1], f[2]
    i = in_play(s.players[seat], uid)
    if i >= 0:
        to_trash(s, seat, leave_play(s, seat, i), True, "itself")


@op("trash_whole_hand")
def _trash_whole_hand(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    seat = f[1]
    p = s.players[seat]
    for card in [c for c in p.hand if not end_of(s, c).guarded]:
        p.hand.remove(card)
        to_trash(s, seat, card, True, "hand")


@op("take_top")
def _take_top(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    """MF83: without "target", only the top card of the stack."""
    seat = f[1]
    p = s.players[seat]
    zone = p.discard if o[1] == "discard" else p.trash
    if zone:
        card = zone.pop()
        p.hand.append(card)
        p.hand.sort()
        emit(s, "take", seat=seat, card=card, zone=o[1])


@op("sift")
def _sift(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    seat = f[1]
    p = s.players[seat]
    shown: list[str] = []
    for _ in range(o[1]):
        if not refill(s, seat, chance):
            break
        shown.append(p.deck.pop())
    emit(s, "reveal", seat=seat, cards=shown)
    drawn = 0
    for card in shown:
        if end_of(s, card).score > 0:
            p.hand.append(card)
            s.fired.append([seat, "draw"])
            drawn += 1
        else:
            to_discard(s, seat, card, True, "revealed")
    p.hand.sort()
    if drawn:
        emit(s, "draw", seat=seat, n=drawn)


@op("gain_per_settled")
def _gain_per_settled(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    gain(s, f[1], sum(len(x) for x in s.players[f[1]].settled))


# -- ops that need choices --------------------------------------------------------------------------------

_PICKS: dict[str, tuple[str, bool]] = {
    "discard": ("discard", False),
    "discard_upto": ("discard", True),
    "discard_redraw": ("redraw", True),
    "trash": ("trash_any", False),
    "trash_upto": ("trash_any", True),
    "trash_hand": ("trash_hand", False),
    "trash_hand_upto": ("trash_hand", True),
    "return_upto": ("return", True),
    "set": ("set", False),
    "set_upto": ("set", True),
    "unsettle_upto": ("unsettle", True),
    "sell": ("sell", False),
    "trash_settled": ("trash_settled", False),
}


def _pick_op(name: str, verb: str, upto: bool) -> None:
    def run(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
        pick(s, f, verb, o[1], upto, 0 if verb == "redraw" else None)

    OPS[name] = run


for _name, (_verb, _upto) in _PICKS.items():
    _pick_op(_name, _verb, _upto)


@op("trash_from_discard")
def _trash_from_discard(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    pick(s, f, "trash_discard", 1, False)


@op("take")
def _take(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    """MF85: "target card" searches the whole stack or deck."""
    if o[1] == "deck":
        refill(s, f[1], chance)  # MF78
    pick(s, f, "take", 1, False, o[1])


@op("purchase")
def _purchase(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    pick(s, f, "purchase", 1, False, o[1])


@op("push")
def _push(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    pick(s, f, "push_market", 1, False)


@op("deal")
def _deal(s: MoonflightState, f: Frame, o: Op, chance: Chance) -> None:
    s.stack.append(["deal", f[1], o[1], 0, 0, 0])


def deal_targets(s: MoonflightState, seat: int) -> list[int]:
    return own_markets(s, s.players[seat].jack)
