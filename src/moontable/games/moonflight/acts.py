"""The Action phase (MF16-MF40): from the First Player, one Act a turn — Play, Spend, Shop, Build or
Pass — until every player has Passed in one unbroken run."""

from __future__ import annotations

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.moonflight.content import CARDS, JACKS, SUIT
from moontable.games.moonflight.core import (
    CHARACTER,
    NO_SOURCE,
    Frame,
    ask,
    character_end,
    emit,
    end_of,
    frame,
    pay,
    purchase,
)
from moontable.games.moonflight.state import MoonflightState

PASS: Action = ("pass",)


def opponent_suits(s: MoonflightState, seat: int) -> set[str]:
    return {p.jack for i, p in enumerate(s.players) if i != seat}


def spend_options(s: MoonflightState, seat: int) -> list[Action]:
    """MF26, MF27: every Spend ability in play (and on the character, MF75) whose cost can be paid."""
    p = s.players[seat]
    out: list[Action] = []
    sources = [(uid, end_of(s, card)) for uid, card in zip(p.uids, p.play, strict=True)]
    sources.append((CHARACTER, character_end(s, seat)))
    for uid, e in sources:
        for k, (kind, amount, _ops) in enumerate(e.spend):
            if (p.coins if kind == "coins" else len(p.hand)) >= amount:
                out.append(("spend", uid, k))
    return out


def shop_options(s: MoonflightState, seat: int) -> list[Action]:
    """MF29-MF34: the top card of any Market Stack costing what the player can pay; the first Shop of
    a Round never targets an opponent's suit."""
    p = s.players[seat]
    barred = set() if p.shopped else opponent_suits(s, seat)
    out: list[Action] = []
    for m, stack in enumerate(s.markets):
        if stack and end_of(s, stack[-1]).cost <= p.coins and SUIT[stack[-1]] not in barred:
            out.append(("shop", m))
    return out


def can_build(s: MoonflightState, seat: int) -> bool:
    p = s.players[seat]
    if p.built or not p.hand:
        return False
    return any((end_of(s, c).stability or 0) >= 1 for c in p.play)


def act_options(s: MoonflightState, seat: int) -> list[Action]:
    p = s.players[seat]
    out: list[Action] = [("play", c) for c in sorted(set(p.hand))]
    out += spend_options(s, seat)
    out += shop_options(s, seat)
    if can_build(s, seat):
        out.append(("build",))
    out.append(PASS)
    return out


def _pass(s: MoonflightState, seat: int) -> None:
    s.passes += 1
    s.active = (seat + 1) % s.n
    emit(s, "pass", seat=seat)


def _act(s: MoonflightState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    if action == PASS:
        _pass(s, seat)
        return
    s.passes = 0  # MF19: any other Act restarts the run of Passes
    s.stack.append(["next_turn", seat])
    p = s.players[seat]
    white = 1 if s.turned else 0
    kind = action[0]
    if kind == "play":  # MF21-MF24: into play first, then its instructions
        card = action[1]
        p.hand.remove(card)
        uid = s.next_uid
        s.next_uid += 1
        p.play.append(card)
        p.uids.append(uid)
        p.settled.append([])
        emit(s, "play", seat=seat, card=card, uid=uid)
        s.stack.append(["ops", seat, uid, card, white, "play", 0, 0])
    elif kind == "spend":
        uid, k = action[1], action[2]
        card = JACKS[p.jack].card.id if uid == CHARACTER else p.play[p.uids.index(uid)]
        cost_kind, amount, _ops = CARDS[card].end(s.turned).spend[k]
        emit(s, "spend", seat=seat, card=card, uid=uid, cost=[cost_kind, amount])
        s.stack.append(["ops", seat, uid, card, white, "spend", k, 0])
        if cost_kind == "coins":
            pay(s, seat, amount)
        else:
            s.stack.append(["pick", seat, NO_SOURCE, "pay", amount, False, None])
    elif kind == "shop":
        p.shopped = True
        card = purchase(s, seat, action[1], spend=True)
        if SUIT[card] == p.jack:  # MF31: Shop form 2 goes on with more of their own suit
            s.stack.append(["pick", seat, NO_SOURCE, "shop_more", 99, True, None])
    elif kind == "build":  # MF37, MF38
        p.built = True
        emit(s, "build", seat=seat)
        s.stack.append(["pick", seat, NO_SOURCE, "build", 99, True, []])


@frame("actions", _act)
def _run_actions(s: MoonflightState, f: Frame, chance: Chance) -> bool:
    while s.passes < s.n:
        opts = act_options(s, s.active)
        if len(opts) > 1:
            return ask(s, s.active, "act", opts, "your Act: Play, Spend, Shop, Build or Pass")
        _pass(s, s.active)  # nothing but Pass is possible: the engine passes for the player
    s.stack.pop()
    return False


@frame("next_turn")
def _run_next_turn(s: MoonflightState, f: Frame, chance: Chance) -> bool:
    s.active = (f[1] + 1) % s.n  # MF17: play goes to the left
    s.stack.pop()
    return False


__all__ = ["act_options", "can_build", "shop_options", "spend_options"]
