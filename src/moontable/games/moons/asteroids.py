"""The small Asteroids (MO20-MO22, content.KINDS): when each may be played, and what it does.

A small Asteroid is played in its player's own turn, before their card, at most one a turn (trick.py offers
it). It takes full effect, with any target decisions, and then goes to the discard pile (Stardust stays in
front of its player). A kind with no legal target now is not offered ("unplayable" in the content).
"""

from __future__ import annotations

from bisect import insort

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.moons.content import KIND_ORDER, MOON_CARDS, SHOWER_DRAW, SUIT, SUITS
from moontable.games.moons.core import ACT, TAKE_ACT, ask, draw_small, emit, frame, give_token
from moontable.games.moons.state import MoonsState

SMALL_ACT: dict[str, Action] = {k: ("small", k) for k in KIND_ORDER}

PROMPTS = {
    "swap_take": "Orbital Swap: the token you take",
    "swap_give": "Orbital Swap: the token you give for it",
    "realign_out": "Realignment: the tableau card that goes back to your hand",
    "realign_in": "Realignment: the Moon card of your hand that takes its place",
    "tractor": "Tractor Beam: the token you take",
    "capture": "Capture: the planet of the token you take",
    "eclipse_mine": "Eclipse: the card of your tableau you give",
    "eclipse_theirs": "Eclipse: the tableau card you take for it",
}


def _swap_takes(s: MoonsState, seat: int) -> list[Action]:
    mine = s.tokens[seat]
    held = [p for p in range(SUITS) if mine[p]]
    out = []
    for other in range(s.n):
        if other != seat:
            for p in range(SUITS):
                if s.tokens[other][p] and any(q != p for q in held):
                    out.append(("token", other, p))
    return out


def _tractor_takes(s: MoonsState, seat: int) -> list[Action]:
    have = sum(s.tokens[seat])
    return [("token", other, p) for other in range(s.n) if other != seat and sum(s.tokens[other]) > have
            for p in range(SUITS) if s.tokens[other][p]]


def _captures(s: MoonsState, seat: int) -> list[Action]:
    mine = s.tokens[seat]
    return [TAKE_ACT[p] for p in range(SUITS) if not mine[p] and s.supply[p] > 0]


def playable(s: MoonsState, seat: int, kind: str) -> bool:
    """Whether `kind` has a legal target for `seat` now (MO21: kinds without one are not offered)."""
    if kind == "orbit_swap":  # some token of another player, and one of mine of another planet
        mine = s.tokens[seat]
        held = sum(1 for p in range(SUITS) if mine[p])
        if not held:
            return False
        for other in range(s.n):
            if other != seat:
                theirs = s.tokens[other]
                for p in range(SUITS):
                    if theirs[p] and (held > 1 or not mine[p]):
                        return True
        return False
    if kind == "realign":
        return s.hands[seat][0] < MOON_CARDS  # sorted: large Asteroids last
    if kind == "tractor":
        have = sum(s.tokens[seat])
        return any(sum(s.tokens[o]) > have for o in range(s.n) if o != seat)
    if kind == "capture":
        mine = s.tokens[seat]
        return any(not mine[p] and s.supply[p] for p in range(SUITS))
    if kind == "wind":  # only useful while following a led suit it holds, with another planet to play instead
        if not s.trick or s.led < 0:
            return False
        led = s.led
        hand = s.hands[seat]
        return any(SUIT[c] == led for c in hand) and any(SUIT[c] != led and c < MOON_CARDS for c in hand)
    return True  # stardust, shower, retro, eclipse, assist


def play_small(s: MoonsState, seat: int, kind: str, chance: Chance) -> None:
    s.smalls[seat].remove(kind)
    s.used_small = True
    emit(s, "small", seat=seat, kind=kind)
    if kind == "stardust":
        s.stardust[seat] += 1
        return
    s.stack.append(["discard_small", kind])  # after its full effect (MO20)
    if kind == "shower":
        draw_small(s, seat, SHOWER_DRAW, chance)
    elif kind == "retro":
        s.retro = not s.retro
        emit(s, "retro", on=s.retro)
    elif kind == "wind":
        s.wind = True
    elif kind == "assist":
        s.assist[seat] = True
    elif kind == "orbit_swap":
        s.stack.append(["swap_take", seat])
    elif kind == "realign":
        s.stack.append(["realign_out", seat])
    elif kind == "tractor":
        s.stack.append(["tractor", seat])
    elif kind == "capture":
        s.stack.append(["capture", seat])
    elif kind == "eclipse":
        s.stack.append(["eclipse_mine", seat])


@frame("discard_small")
def _discard_run(s: MoonsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    s.small_discard.append(f[1])
    return False


def _target(s: MoonsState, f: list, kind: str, options: list[Action]) -> bool:
    """Ask for a target; with a single one there is nothing to choose, and it is taken at once — but for a
    card of the hand, whose count the others must not learn from the way the play goes on."""
    if len(options) == 1 and kind != "realign_in":
        ACT[kind](s, f, f[1], options[0], None)
        return False
    return ask(s, f[1], kind, options, PROMPTS[kind])


# -- Orbital Swap ----------------------------------------------------------------------------------------------


def _swap_take_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance | None) -> None:
    s.stack.pop()
    s.stack.append(["swap_give", seat, action[1], action[2]])


@frame("swap_take", _swap_take_act)
def _swap_take_run(s: MoonsState, f: list, chance: Chance) -> bool:
    return _target(s, f, "swap_take", _swap_takes(s, f[1]))


def _swap_give_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance | None) -> None:
    s.stack.pop()
    _, _, other, taken = f
    given = action[1]
    s.tokens[seat][given] -= 1
    s.tokens[other][given] += 1
    s.tokens[other][taken] -= 1
    s.tokens[seat][taken] += 1
    emit(s, "swap", seat=seat, other=other, given=given, taken=taken)


@frame("swap_give", _swap_give_act)
def _swap_give_run(s: MoonsState, f: list, chance: Chance) -> bool:
    mine = s.tokens[f[1]]
    return _target(s, f, "swap_give", [("give", q) for q in range(SUITS) if q != f[3] and mine[q]])


# -- Realignment -----------------------------------------------------------------------------------------------


def _realign_out_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance | None) -> None:
    s.stack.pop()
    s.stack.append(["realign_in", seat, action[1]])


@frame("realign_out", _realign_out_act)
def _realign_out_run(s: MoonsState, f: list, chance: Chance) -> bool:
    return _target(s, f, "realign_out", [("tableau", c) for c in s.tableaux[f[1]]])


def _realign_in_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance | None) -> None:
    s.stack.pop()
    out, card = f[2], action[1]
    tableau = s.tableaux[seat]
    tableau[tableau.index(out)] = card
    hand = s.hands[seat]
    hand.remove(card)
    insort(hand, out)
    shown = s.shown[seat]
    if card in shown:
        shown.remove(card)
    insort(shown, out)  # it was face up: everyone knows it is in that hand now
    emit(s, "realign", seat=seat, out=out, card=card)


@frame("realign_in", _realign_in_act)
def _realign_in_run(s: MoonsState, f: list, chance: Chance) -> bool:
    return _target(s, f, "realign_in", [("hand", c) for c in s.hands[f[1]] if c < MOON_CARDS])


# -- Tractor Beam, Capture -------------------------------------------------------------------------------------


def _tractor_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance | None) -> None:
    s.stack.pop()
    _, other, p = action
    s.tokens[other][p] -= 1
    s.tokens[seat][p] += 1
    emit(s, "tractor", seat=seat, other=other, planet=p)


@frame("tractor", _tractor_act)
def _tractor_run(s: MoonsState, f: list, chance: Chance) -> bool:
    return _target(s, f, "tractor", _tractor_takes(s, f[1]))


def _capture_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance | None) -> None:
    s.stack.pop()
    emit(s, "capture", seat=seat, planet=action[1])
    give_token(s, seat, action[1])


@frame("capture", _capture_act)
def _capture_run(s: MoonsState, f: list, chance: Chance) -> bool:
    return _target(s, f, "capture", _captures(s, f[1]))


# -- Eclipse ---------------------------------------------------------------------------------------------------


def _eclipse_mine_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance | None) -> None:
    s.stack.pop()
    s.stack.append(["eclipse_theirs", seat, action[1]])


@frame("eclipse_mine", _eclipse_mine_act)
def _eclipse_mine_run(s: MoonsState, f: list, chance: Chance) -> bool:
    return _target(s, f, "eclipse_mine", [("tableau", c) for c in s.tableaux[f[1]]])


def _eclipse_theirs_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance | None) -> None:
    s.stack.pop()
    mine, other, theirs = f[2], action[1], action[2]
    a, b = s.tableaux[seat], s.tableaux[other]
    a[a.index(mine)] = theirs
    b[b.index(theirs)] = mine
    emit(s, "eclipse", seat=seat, other=other, mine=mine, theirs=theirs)


@frame("eclipse_theirs", _eclipse_theirs_act)
def _eclipse_theirs_run(s: MoonsState, f: list, chance: Chance) -> bool:
    seat = f[1]
    return _target(s, f, "eclipse_theirs", [("their", other, c) for other in range(s.n) if other != seat
                                            for c in s.tableaux[other]])
