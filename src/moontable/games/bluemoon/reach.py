"""What a player may still play this turn, and whether the power check can still be met (BM11).

After a player chooses to continue, the engine offers only plays from which the power check (or a
shield, or a third ROOTED support) can still be reached with the cards in hand. The reach is judged
from the cards' values, icons and static texts; what a one-time text might still change (a card drawn)
is not counted, so a player left short by an effect retreats at the power check.
"""

from __future__ import annotations

from moontable.games.bluemoon.cards import SHIELD_OF
from moontable.games.bluemoon.content import CARDS, PARTNER
from moontable.games.bluemoon.core import (
    DATA,
    KIND,
    ORDER,
    SPENT,
    TARGET,
    barred,
    best_printed,
    check_met,
    counting_supports,
    counts_toward_limit,
    layer_power,
    power,
    rooted,
    shielded,
    slots_left,
    supports_ignored,
    texts_ignored,
    uncovered,
)
from moontable.games.bluemoon.state import BlueMoonState

# tables read once: these checks run for every character in hand at every play decision of a search
_KIND = {c: card.kind for c, card in CARDS.items()}
_VALUE = {el: {c: card.value(el) for c, card in CARDS.items()} for el in ("fire", "earth")}
_SHIELD = {el: frozenset(c for c, card in CARDS.items() if SHIELD_OF[el] in card.icons) for el in ("fire", "earth")}
_KINDLE = frozenset(c for c, card in CARDS.items() if card.keyword == "kindle")
_ROOTED = frozenset(c for c, card in CARDS.items() if card.keyword == "rooted")
_MIRROR = frozenset(c for c, card in CARDS.items() if card.keyword == "mirror")
_PROTECTED = frozenset(c for c, card in CARDS.items() if "protected" in card.icons)
_FIGHTING_EXTRAS = frozenset(("booster", "support"))
_PER_BOOSTER = {c: sum(pr.get("n", 0) for nm, pr in card.effects if nm == "boost_boosters")
                for c, card in CARDS.items()}
_PER_SUPPORT = {c: sum(pr.get("n", 0) for nm, pr in card.effects if nm == "boost_supports")
                for c, card in CARDS.items()}


def rule_playable(s: BlueMoonState, seat: int, c: str) -> bool:
    """Whether the rules (BM14-BM16, BM31, BM32) let `c` be played in the booster/support step now."""
    kind = _KIND[c]
    if kind == "character":  # only as the second card of a PAIR (BM32)
        return PARTNER.get(c) in s.played
    if kind not in _FIGHTING_EXTRAS:
        return False
    if s.opening:  # BM15, BM16: FREE and PAIR do not lift the opening-turn ban
        return False
    if kind == "booster" and not uncovered(s.players[seat]):
        return False
    return not counts_toward_limit(s, c) or slots_left(s, seat, kind)


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
    for c in layer:
        if c in _KINDLE and (c in _PROTECTED or not texts_ignored(s, seat)):
            return [x for x in layer if _KIND[x] == "booster"]
    return []


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
    el = s.element or "fire"
    icon = SHIELD_OF[el]
    need = power(s, 1 - seat)
    base = power(s, seat)
    layer = uncovered(p)
    ignored = texts_ignored(s, seat)
    per_b = per_s = 0
    for c in layer:
        if CARDS[c].kind == "character" and (not ignored or "protected" in CARDS[c].icons):
            per_b += _per(c, "boost_boosters")
            per_s += _per(c, "boost_supports")
    sup_ignored = supports_ignored(s, seat)
    free = 0
    boosters: list[int] = []
    supports: list[int] = []
    free_roots = counted_roots = 0
    for c in p.hand:
        if not (rule_playable(s, seat, c) and (card_allowed(s, seat, c) or must_lifts(s, seat, c))):
            continue
        card = CARDS[c]
        if card.kind == "character":  # a PAIR's second character: play it out
            place(s, seat, c)
            delta = power(s, seat) - base
            shield = shielded(s, seat)
            unplace(s, seat, c)
            if shield:
                return True
        elif card.kind == "booster":
            if icon in card.icons:
                return True
            delta = card.value(el) + per_b
        else:
            if sup_ignored and "protected" not in card.icons:
                delta = 0
            else:
                if icon in card.icons:
                    return True
                delta = card.value(el) + per_s
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
    roots = rooted(s, seat)
    if roots and roots + free_roots + min(counted_roots, cap_s, cap_all) >= 3:
        return True
    boosters.sort(reverse=True)
    supports.sort(reverse=True)
    best = 0
    for k in range(min(cap_s, cap_all, len(supports)) + 1):
        total = sum(x for x in supports[:k] if x > 0) + sum(x for x in boosters[: cap_all - k] if x > 0)
        best = max(best, total)
    return base + free + best >= need


def _per(c: str, step: str) -> int:
    return sum(params["n"] for name, params in CARDS[c].effects if name == step)


def cover(s: BlueMoonState, seat: int, c: str) -> list[str]:
    """Play character `c` over the uncovered layer; the KINDLE boosters come along. Returns them."""
    p = s.players[seat]
    moved = kindled(s, seat)
    if moved:
        p.combat[-1] = [x for x in p.combat[-1] if x not in moved]
    p.combat.append([c, *moved])
    return moved


def _quick_verdict(s: BlueMoonState, seat: int, c: str, need: int) -> bool | None:
    """True or False when the character's own power, or an upper bound of what the step could add, settles
    the question at once; None when only playing it out can tell."""
    p = s.players[seat]
    el = s.element or "fire"
    layer = [c, *kindled(s, seat)]
    sup = counting_supports(s, seat)
    base = layer_power(s, seat, el, layer, sup)
    if base >= need:
        return True
    shields = _SHIELD[el]
    for x in layer:
        if x in shields:
            return True  # (the layer it covers no longer shields)
    for x in sup:
        if x in shields:
            return True
    for x in s.lasting:
        if x[KIND] == "shield" and x[TARGET] == seat and el in x[DATA]["elements"]:
            return True
    hand = p.hand
    for x in hand:
        if x in shields and _KIND[x] in _FIGHTING_EXTRAS:
            return None
    roots = rooted(s, seat)
    if roots and sum(1 for x in hand if x in _ROOTED) + roots >= 3:
        return None
    if c in _PROTECTED or not texts_ignored(s, seat):
        per_b, per_s = _PER_BOOSTER[c], _PER_SUPPORT[c]
    else:
        per_b = per_s = 0
    values = _VALUE[el]
    extra = 0
    partner = PARTNER.get(c)
    for x in hand:
        if x == c:
            continue
        kind = _KIND[x]
        if kind == "booster":
            v = values[x] + per_b
            if v > 0:
                extra += v
        elif kind == "support":
            v = values[x] + per_s
            if v > 0:
                extra += v
        elif x == partner:
            extra += max(values[x], best_printed(s.players[1 - seat], el) - 1 if x in _MIRROR else 0)
    if base + extra < need:
        return False
    return None


def character_reaches(s: BlueMoonState, seat: int, c: str, need: int | None = None) -> bool:
    """Whether playing character `c` (it is in hand) leaves the power check within reach (BM11); `need`:
    the opponent's power, when the caller has it."""
    verdict = _quick_verdict(s, seat, c, power(s, 1 - seat) if need is None else need)
    if verdict is not None:
        return verdict
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
