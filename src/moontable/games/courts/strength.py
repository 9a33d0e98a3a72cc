"""Using a card's strength: place, upset, persuade, the Star Road (C22-C32, C46, C53-C59)."""

from __future__ import annotations

from moontable.engine import Action
from moontable.fair import Chance, die
from moontable.games.courts.cards import BELL, card_at
from moontable.games.courts.core import (
    ask,
    barred,
    emit,
    frame,
    gain,
    holds,
    lower_truce,
    roll_bonus,
    strength_bonus,
    truce_bars,
)
from moontable.games.courts.state import CourtsState
from moontable.games.courts.tables import (
    COURT_NAMES,
    GATE,
    GIFT_STEP,
    GLASSWATER,
    KEY,
    N_TOWNS,
    NEIGH,
    REACH,
    ROAD,
    STEADY,
    TOWN_ACTION,
    TOWN_IDS,
    TOWN_OF_ID,
)

DONE: Action = ("done",)
BELL_STRENGTH = 4


def card_strength(s: CourtsState, court: int, card: int) -> int:
    """A card's strength for `court`, with lasting modifiers, kept within 1-4."""
    if card == BELL:
        return BELL_STRENGTH
    base = card_at(s.rules, card).strength
    if base <= 0:
        return 0
    return max(1, min(4, base + strength_bonus(s, court)))


def open_towns(s: CourtsState, court: int) -> tuple[int, ...]:
    """C22: towns with your sway, next to a town with your sway, or next to your gate."""
    own = s.sway[court]
    gate = GATE[court]
    out = set()
    for t in range(N_TOWNS):
        if own[t]:
            out.add(t)
            out.update(NEIGH[t])
        elif gate[t]:
            out.add(t)
    return tuple(sorted(out))


def can_contest(s: CourtsState, court: int, town: int, use: str) -> bool:
    """May `court` upset or persuade in `town` now? It needs the other court's sway there."""
    if s.sway[1 - court][town] <= 0:
        return False
    reach = REACH[town]
    return not truce_bars(s, reach) and not barred(s, court, use, reach)


def _unbarred(s: CourtsState) -> bool:
    """No Truce bar (C36 starts at 4 candles) and no lasting bar: any town with the other court's sway will do."""
    return s.truce > 4 and not any(e[0] == "bar" for e in s.effects)


def contest_targets(s: CourtsState, court: int, use: str, reach: int = -1) -> list[int]:
    foe = s.sway[1 - court]
    if _unbarred(s):
        return [t for t in range(N_TOWNS) if foe[t] and (reach < 0 or REACH[t] == reach)]
    return [
        t
        for t in range(N_TOWNS)
        if foe[t] and (reach < 0 or REACH[t] == reach) and can_contest(s, court, t, use)
    ]


def can_contest_somewhere(s: CourtsState, court: int, use: str) -> bool:
    """Whether `contest_targets` would name a town (without listing them all)."""
    foe = s.sway[1 - court]
    if _unbarred(s):
        return any(foe)
    return any(foe[t] and can_contest(s, court, t, use) for t in range(N_TOWNS))


def road_allowed(s: CourtsState, court: int) -> int:
    """The strength a card needs for this court's next Star Road try, or 0 if it may not try."""
    step = s.road[court]
    if step >= len(ROAD) - 1:
        return 0
    tries = 2 if s.gifts["kites"] == court else 1
    if s.road_tries[court] >= tries:
        return 0
    return ROAD[step + 1][1]


# -- place --------------------------------------------------------------------------------------
# ["place", court, points, open towns, bell bonus still possible (0/1), reach or -1]


def start_place(s: CourtsState, court: int, points: int, bell: bool, reach: int = -1,
                opened: tuple[int, ...] | None = None) -> None:
    towns = open_towns(s, court) if opened is None else opened
    s.stack.append(["place", court, points + (1 if bell else 0), towns, 1 if bell else 0, reach])


def place_cost(s: CourtsState, court: int, town: int) -> int:
    """C23: 2 in a town the other court holds, else 1."""
    return 2 if holds(s, 1 - court, town) else 1


def _place_options(s: CourtsState, f: list) -> list[Action]:
    court, points, towns, bonus, reach = f[1], f[2], f[3], f[4], f[5]
    out: list[Action] = []
    bars = any(e[0] == "bar" for e in s.effects)
    mine, theirs = s.sway[court], s.sway[1 - court]
    for t in towns:
        if reach >= 0 and REACH[t] != reach:
            continue
        if bars and barred(s, court, "place", REACH[t]):
            continue
        # place_cost inlined (C23): 2 where the other court holds the town
        need = (2 if theirs[t] >= STEADY[t] + mine[t] else 1) + (1 if bonus and REACH[t] != GLASSWATER else 0)
        if need <= points:
            out.append(TOWN_ACTION[t])
    return out


def _place_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    if action == DONE:
        s.stack.pop()
        return
    t = TOWN_OF_ID[action[1]]
    cost = place_cost(s, court, t)
    if f[4] and REACH[t] != GLASSWATER:
        cost += 1  # the Bell's fifth point is only for the Glasswater (C46)
        f[4] = 0
    f[2] -= cost
    s.sway[court][t] += 1
    emit(s, "sway", court=COURT_NAMES[court], town=TOWN_IDS[t], delta=1)


@frame("place", _place_act)
def _place_run(s: CourtsState, f: list, chance: Chance) -> bool:
    if f[2] <= 0:
        s.stack.pop()
        return False
    opts = _place_options(s, f)
    if not opts:
        s.stack.pop()
        return False
    opts.append(DONE)
    return ask(s, f[1], "place", opts, f"place sway: {f[2]} point{'' if f[2] == 1 else 's'} left")


# -- upset --------------------------------------------------------------------------------------
# ["upset", court, strength, bell (0/1), reach or -1]


def _upset_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    t = TOWN_OF_ID[action[1]]
    strength = f[2] + (1 if f[3] and REACH[t] == GLASSWATER else 0)
    upset(s, court, t, strength, chance)


def upset(s: CourtsState, court: int, t: int, strength: int, chance: Chance) -> None:
    """C24-C27, C32: die + strength - 2 x steadiness; removals first, then your sway."""
    roll = die(chance)
    result = roll + strength - 2 * STEADY[t] + roll_bonus(s, court, "upset")
    foe = 1 - court
    removed = 0
    added = 0
    if result > 0:
        removed = min(result, s.sway[foe][t])
        added = result - removed
        s.sway[foe][t] -= removed
        s.sway[court][t] += added
    s.vigil[court] += strength
    emit(s, "upset", court=COURT_NAMES[court], town=TOWN_IDS[t], die=roll, result=result,
         removed=removed, added=added)
    if KEY[t]:
        lower_truce(s, 1)


@frame("upset", _upset_act)
def _upset_run(s: CourtsState, f: list, chance: Chance) -> bool:
    targets = contest_targets(s, f[1], "upset", f[4])
    if not targets:
        s.stack.pop()
        return False
    return ask(s, f[1], "upset", [TOWN_ACTION[t] for t in targets], f"upset with strength {f[2]}: pick a town")


# -- persuade -----------------------------------------------------------------------------------
# ["persuade", court, tries left, bell bonus still possible (0/1), reach or -1]


def persuade_bonus(s: CourtsState, court: int, t: int) -> int:
    """C29: +1 per town held next to the target, +1 for more sway there, +1 next to your gate."""
    n = sum(1 for x in NEIGH[t] if holds(s, court, x))
    if s.sway[court][t] > s.sway[1 - court][t]:
        n += 1
    if GATE[court][t]:
        n += 1
    return n


def persuade(s: CourtsState, court: int, t: int, chance: Chance) -> None:
    """C30: the higher total removes the difference from the other court's sway there."""
    foe = 1 - court
    mine = die(chance) + persuade_bonus(s, court, t) + roll_bonus(s, court, "persuade")
    theirs = die(chance) + persuade_bonus(s, foe, t)
    loser = foe if mine > theirs else court if theirs > mine else -1
    lost = 0
    if loser >= 0:
        lost = min(abs(mine - theirs), s.sway[loser][t])
        s.sway[loser][t] -= lost
    emit(s, "persuade", court=COURT_NAMES[court], town=TOWN_IDS[t], mine=mine, theirs=theirs,
         loser=None if loser < 0 else COURT_NAMES[loser], lost=lost)


def _persuade_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    if action == DONE:
        s.stack.pop()
        return
    t = TOWN_OF_ID[action[1]]
    f[2] -= 1
    if f[3] and REACH[t] != GLASSWATER:
        f[2] -= 1
        f[3] = 0
    persuade(s, court, t, chance)


@frame("persuade", _persuade_act)
def _persuade_run(s: CourtsState, f: list, chance: Chance) -> bool:
    court, tries, bonus = f[1], f[2], f[3]
    if tries <= 0:
        s.stack.pop()
        return False
    targets = contest_targets(s, court, "persuade", f[4])
    if bonus and tries == 1:
        # the last point exists only if every try goes into the Glasswater
        targets = [t for t in targets if REACH[t] == GLASSWATER]
    if not targets:
        s.stack.pop()
        return False
    opts = [TOWN_ACTION[t] for t in targets]
    opts.append(DONE)
    return ask(s, court, "persuade", opts, f"persuade: {tries} tr{'y' if tries == 1 else 'ies'} left")


# -- the Star Road ------------------------------------------------------------------------------


def road_try(s: CourtsState, court: int, chance: Chance) -> None:
    """C31, C53: roll at or under the next step's number to reach it."""
    if s.road[court] >= len(ROAD) - 1:
        return  # the other court's event, played first, may have left no step to try for
    s.road_tries[court] += 1
    step = s.road[court] + 1
    roll = die(chance)
    ok = roll - roll_bonus(s, court, "road") <= ROAD[step][2]
    emit(s, "road_try", court=COURT_NAMES[court], step=step, die=roll, ok=ok)
    if ok:
        advance_road(s, court)


def advance_road(s: CourtsState, court: int) -> None:
    """C55, C59: first and second rewards; a gift ends when the other court reaches its step."""
    if s.road[court] >= len(ROAD) - 1:
        return
    step = s.road[court] + 1
    s.road[court] = step
    other = 1 - court
    first = s.road[other] < step
    reward = ROAD[step][3] if first else ROAD[step][4]
    emit(s, "road", court=COURT_NAMES[court], step=step, first=first)
    for gift, gstep in GIFT_STEP.items():
        if s.gifts[gift] == other and gstep <= step:
            s.gifts[gift] = -1
            emit(s, "gift_lost", court=COURT_NAMES[other], gift=gift)
    if isinstance(reward, str):
        s.gifts[reward] = court
        emit(s, "gift", court=COURT_NAMES[court], gift=reward)
    elif reward:
        gain(s, court, reward, ROAD[step][0])
