"""Rounds and the Reset (MF41-MF63), the Turn in step 4 (MF55) and Score Mode's counters (MF114-MF120).

The "game" frame starts a Round: the Action phase, then ["reset", step, k, supply_before], which walks
the steps for each player in turn order from the First Player Marker (MF41).
"""

from __future__ import annotations

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.moonflight.content import CARDS
from moontable.games.moonflight.core import (
    NO_SOURCE,
    Frame,
    ask,
    do_turn,
    draw,
    emit,
    end_of,
    finish,
    frame,
    hand_limit,
    retain_limit,
    retain_rivals,
    to_discard,
)
from moontable.games.moonflight.picks_play import finish_retain
from moontable.games.moonflight.state import MoonflightState

# A safety limit, not a rule of the rulebook: a game still going after this many Rounds (only players who
# keep refusing to bring the End can get there; no bot does) is stopped with reason "cap" and no winner.
ROUND_CAP = 150


@frame("game")
def _run_game(s: MoonflightState, f: Frame, chance: Chance) -> bool:
    s.stack.append(["reset", "1", 0, 0])
    s.stack.append(["actions"])
    emit(s, "round", round=s.round, first=s.first)
    return False


def _unsettled(s: MoonflightState, seat: int) -> list[int]:
    p = s.players[seat]
    return [i for i in range(len(p.play)) if not p.settled[i]]


def _leave(s: MoonflightState, seat: int, i: int) -> None:
    p = s.players[seat]
    card = p.play.pop(i)
    p.uids.pop(i)
    p.settled.pop(i)
    to_discard(s, seat, card, False, "reset")  # MF47: a Move, not a Discard


def counter_options(s: MoonflightState) -> list[Action]:
    turn, end = s.tokens
    out: list[Action] = []
    if turn > 0:
        out.append(("counter", "turn"))
    if end > 0:
        out.append(("counter", "end"))
    return out


def precedence_choice(s: MoonflightState, seat: int) -> list[str]:
    """MF93 (moonflight/2): the cards whose order of precedence the owner chooses at Reset step 2, asked only
    when it matters: they set different retain limits and the hand holds more cards than the lower allows."""
    if s.rules < 2:
        return []  # moonflight/1: the card played first took precedence
    rivals = retain_rivals(s, seat)
    if not rivals:
        return []
    lowest = min(retain_limit(s, seat, c) for c in rivals)
    return rivals if len(s.players[seat].hand) > lowest else []


def _retain(s: MoonflightState, seat: int, limit: int, chance: Chance) -> None:
    frame_ = ["pick", seat, NO_SOURCE, "retain", limit, True, None]
    if frame_[4] <= 0 or not s.players[seat].hand:
        finish_retain(s, frame_, chance)
    else:
        s.stack.append(frame_)


def _act_reset(s: MoonflightState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    if f[1] == "2":  # MF93: the owner's choice of precedence
        f[2] += 1
        _retain(s, seat, retain_limit(s, seat, action[1]), chance)
        return
    if f[1] == "1":  # MF43, MF93: the owner's order
        idx = _unsettled(s, seat)
        if action == ("rest",):
            for _ in idx:
                _leave(s, seat, _unsettled(s, seat)[0])
            f[2] += 1
        else:
            p = s.players[seat]
            _leave(s, seat, next(i for i in idx if p.play[i] == action[1]))
        return
    # "4c": Score Mode counters (MF116, MF117)
    if action[1] == "turn":
        s.tokens[0] -= 1
    else:
        s.tokens[1] = max(0, s.tokens[1] - (1 if s.turned else 2))
    emit(s, "counter", which=action[1], tokens=s.tokens[:])
    f[1] = "4c_done"


@frame("reset", _act_reset)
def _run_reset(s: MoonflightState, f: Frame, chance: Chance) -> bool:
    step, k = f[1], f[2]
    order = s.order()
    if step in ("1", "2", "41") and k >= s.n:
        f[1], f[2] = {"1": "2", "2": "3", "41": "5"}[step], 0
        return False
    if step == "1":
        seat = order[k]
        p = s.players[seat]
        idx = _unsettled(s, seat)
        if len({p.play[i] for i in idx}) <= 1:
            for _ in idx:
                _leave(s, seat, _unsettled(s, seat)[0])
            f[2] += 1
            return False
        names = sorted({p.play[i] for i in idx})
        return ask(s, seat, "order", [*(("first", c) for c in names), ("rest",)],
                   "Reset step 1: which card goes to your Discard Stack next? (rest: in the order played)")
    if step == "2":
        seat = order[k]
        rivals = precedence_choice(s, seat)
        if rivals:
            limits = ", ".join(f"{CARDS[c].name} says {end_of(s, c).retain_is}" for c in rivals)
            return ask(s, seat, "precedence", [("precedence", c) for c in rivals],
                       f"Reset step 2: your cards in play disagree on your retain limit ({limits}) and would "
                       "leave play in the same step: which takes precedence?")
        f[2] += 1
        _retain(s, seat, retain_limit(s, seat), chance)
        return False
    if step == "3":  # MF48
        for seat in order:
            need = hand_limit(s, seat) - len(s.players[seat].hand)
            if need > 0:
                draw(s, seat, need, chance)
        f[1] = "4c"
        return False
    if step == "4c":
        opts = counter_options(s) if s.mode == "score" else []
        if not opts:
            f[1] = "4"
            return False
        if len(opts) > 1:
            more = ", or two End tokens" if not s.turned else ", or an End token"
            return ask(s, order[0], "counter", opts, "Score Mode: remove a Turn token" + more)
        _act_reset(s, f, order[0], opts[0], chance)
        return False
    if step == "4c_done":
        f[1] = "4"
        if s.tokens[1] <= 0:
            finish(s, "end_counter")  # MF118, MF119
            return False
        if s.tokens[0] <= 0:
            do_turn(s, "turn counter")
        return False
    if step == "4":  # MF51-MF54
        f[1] = "4t"
        f[3] = sum(len(x) for x in s.supply.values())
        deal = any(not m for m in s.markets)  # asked once, as the step begins: the first deal fills them
        if s.rules < 2:  # moonflight/1: every deal first, the Turn after them all
            if deal:
                for seat in reversed(order):
                    s.stack.append(["deal", seat, 3, 0, 0, 0])
            return False
        if any(not x for x in s.supply.values()):
            do_turn(s, "supply empty")  # MF55: a Supply Stack already empty turns the game as step 4 begins
        if deal:
            f[1], f[2] = "4d", 0
        return False
    if step == "4d":  # each player's deal in turn order, its triggers resolved before the next one's
        if k >= s.n:
            f[1] = "4t"
            return False
        f[2] += 1
        s.stack.append(["deal", order[k], 3, 0, 0, 0, 1])  # 1: a Supply Stack emptied now turns the game
        return False
    if step == "4t":  # MF55, MF56
        dealt = sum(len(x) for x in s.supply.values()) < f[3]
        if any(not x for x in s.supply.values()):
            do_turn(s, "supply empty")
        f[1], f[2] = ("41" if dealt else "5"), 0
        return False
    if step == "41":  # MF57
        seat = order[k]
        f[2] += 1
        s.stack.append(["pick", seat, NO_SOURCE, "r41", 99, True, []])
        return False
    if step == "5":  # MF60, MF61
        if any(not p.deck and not p.discard for p in s.players):
            finish(s, "end")
            return False
        f[1] = "6"
        return False
    if step == "6":  # MF62
        for seat, p in enumerate(s.players):
            for i in range(len(p.play)):
                if p.settled[i]:
                    to_discard(s, seat, p.settled[i].pop(), False, "reset")
        f[1] = "7"
        return False
    # step 7, MF63
    s.stack.pop()
    s.first = (s.first + 1) % s.n
    s.round += 1
    s.passes = 0
    s.active = s.first
    for p in s.players:
        p.built = False
        p.shopped = False
    if s.round > ROUND_CAP:
        finish(s, "cap")
    return False
