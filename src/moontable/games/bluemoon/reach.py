"""What a player may still play this turn, and whether the power check can still be met (BM11).

After a player chooses to continue, the engine offers only plays from which the power check (or a
shield, or a third ROOTED support) can still be reached with the cards in hand. The reach is judged
from the cards' values, icons and static texts; what a one-time text might still change (a card drawn)
is not counted, so a player left short by an effect retreats at the power check.
"""

from __future__ import annotations

from moontable.games.bluemoon.content import CARDS, PARTNER
from moontable.games.bluemoon.core import (
    DATA,
    KIND,
    ORDER,
    SPENT,
    TARGET,
    barred,
    check_met,
    counts_toward_limit,
    power,
    rooted,
    shielded,
    slots_left,
    text_works,
    uncovered,
)
from moontable.games.bluemoon.state import BlueMoonState


def rule_playable(s: BlueMoonState, seat: int, c: str) -> bool:
    """Whether the rules (BM14-BM16, BM31, BM32) let `c` be played in the booster/support step now."""
    card = CARDS[c]
    if card.kind == "character":  # only as the second card of a PAIR (BM32)
        return PARTNER.get(c) in s.played
    if card.kind not in ("booster", "support"):
        return False
    if s.opening:  # BM15, BM16: FREE and PAIR do not lift the opening-turn ban
        return False
    if card.kind == "booster" and not uncovered(s.players[seat]):
        return False
    return not counts_toward_limit(s, c) or slots_left(s, seat, card.kind)


def card_allowed(s: BlueMoonState, seat: int, c: str) -> bool:
    """Whether card effects let `c` be played: no STOP this turn (BM30), no "may not play" on its kind."""
    if s.stopped:
        return False
    kind = CARDS[c].kind
    return kind == "character" or not barred(s, seat, kind)


def open_musts(s: BlueMoonState, seat: int) -> list[list]:
    """The player's "I must play ..." instructions not yet carried out this turn, the latest first (BM73)."""
    out = [x for x in s.lasting if x[KIND] == "must_play" and x[TARGET] == seat and not x[SPENT]]
    out.sort(key=lambda x: -x[ORDER])
    return out


def must_lifts(s: BlueMoonState, seat: int, c: str) -> bool:
    """An "I must play" of the card's kind overrides STOP and every "may not" (BM72)."""
    kind = CARDS[c].kind
    return any(x[DATA]["what"] == kind for x in open_musts(s, seat))


def place(s: BlueMoonState, seat: int, c: str) -> None:
    """Put a booster, support or PAIR character from hand into play (no events, no effects)."""
    p = s.players[seat]
    if CARDS[c].kind == "support":
        p.supports.append(c)
    else:
        p.combat[-1].append(c)


def unplace(s: BlueMoonState, seat: int, c: str) -> None:
    p = s.players[seat]
    if CARDS[c].kind == "support":
        p.supports.pop()
    else:
        p.combat[-1].pop()


def kindled(s: BlueMoonState, seat: int) -> list[str]:
    """KINDLE: the boosters that move onto the next character when the uncovered layer is covered."""
    layer = uncovered(s.players[seat])
    if not any(CARDS[c].keyword == "kindle" and text_works(s, seat, CARDS[c]) for c in layer):
        return []
    return [c for c in layer if CARDS[c].kind == "booster"]


def _extras(s: BlueMoonState, seat: int) -> tuple[int, int]:
    ea = eb = 0
    for x in s.lasting:
        if x[KIND] == "extra" and x[TARGET] == seat:
            if x[4]["what"] == "booster":
                eb += 1
            else:
                ea += 1
    return ea, eb


def can_meet(s: BlueMoonState, seat: int) -> bool:
    """Whether the booster/support step can still end with the power check met, from the cards in hand."""
    if check_met(s, seat):
        return True
    p = s.players[seat]
    need = power(s, 1 - seat)
    base = power(s, seat)
    free = 0
    boosters: list[int] = []
    supports: list[int] = []
    free_roots = counted_roots = 0
    for c in p.hand:
        if not (rule_playable(s, seat, c) and (card_allowed(s, seat, c) or must_lifts(s, seat, c))):
            continue
        place(s, seat, c)
        delta = power(s, seat) - base
        shield = shielded(s, seat)
        unplace(s, seat, c)
        if shield:
            return True
        card = CARDS[c]
        counted = counts_toward_limit(s, c)
        if card.keyword == "rooted" and card.kind == "support":
            if counted:
                counted_roots += 1
            else:
                free_roots += 1
        if not counted:
            free += max(0, delta)
        elif card.kind == "support":
            supports.append(delta)
        else:
            boosters.append(delta)
    ea, eb = _extras(s, seat)
    nb, ns = s.used
    cap_s = max(0, 1 + ea - ns)
    cap_all = max(0, 1 + ea + eb - nb - ns)
    if rooted(s, seat) and rooted(s, seat) + free_roots + min(counted_roots, cap_s, cap_all) >= 3:
        return True
    boosters.sort(reverse=True)
    supports.sort(reverse=True)
    best = 0
    for k in range(min(cap_s, cap_all, len(supports)) + 1):
        total = sum(x for x in supports[:k] if x > 0) + sum(x for x in boosters[: cap_all - k] if x > 0)
        best = max(best, total)
    return base + free + best >= need


def cover(s: BlueMoonState, seat: int, c: str) -> list[str]:
    """Play character `c` over the uncovered layer; the KINDLE boosters come along. Returns them."""
    p = s.players[seat]
    moved = kindled(s, seat)
    if moved:
        p.combat[-1] = [x for x in p.combat[-1] if x not in moved]
    p.combat.append([c, *moved])
    return moved


def character_reaches(s: BlueMoonState, seat: int, c: str) -> bool:
    """Whether playing character `c` (it is in hand) leaves the power check within reach (BM11)."""
    p = s.players[seat]
    i = p.hand.index(c)
    del p.hand[i]
    old = p.combat[-1] if p.combat else None
    cover(s, seat, c)
    stopped = s.stopped
    s.played.append(c)
    if "stop" in CARDS[c].icons:
        s.stopped = True
    try:
        return can_meet(s, seat)
    finally:  # put everything back exactly: asking for the options never changes the state
        s.stopped = stopped
        s.played.pop()
        p.combat.pop()
        if old is not None:
            p.combat[-1] = old
        p.hand.insert(i, c)
