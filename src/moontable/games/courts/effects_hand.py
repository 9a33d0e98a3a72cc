"""Event steps on cards and hands: discard, reveal, draw, the Bell, taking back from the discard."""

from __future__ import annotations

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.courts.cards import card_at
from moontable.games.courts.core import ask, emit, emit_private
from moontable.games.courts.effects import NONE, step, whom
from moontable.games.courts.state import CourtsState
from moontable.games.courts.tables import COURT_NAMES


def _matches(s: CourtsState, card: int, p: dict, actor: int) -> bool:
    c = card_at(s.rules, card)
    if "min" in p and c.strength < p["min"]:
        return False
    if "max" in p and c.strength > p["max"]:
        return False
    if p.get("court") == "self" and c.owner != actor:
        return False
    if p.get("court") == "foe" and c.owner != 1 - actor:
        return False
    if p.get("no_fair") and c.fair:
        return False
    return True


@step("discard")
def _discard_random_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """`who` discards n cards at random (params: who, n, and card filters min/max/court/no_fair)."""
    s.stack.pop()
    who = whom(f[1], f[2], default="foe")
    for _ in range(f[2].get("n", 1)):
        pool = [c for c in s.hands[who] if _matches(s, c, f[2], f[1])]
        if not pool:
            break
        card = pool[chance.below(len(pool))]
        s.hands[who].remove(card)
        s.discard.append(card)
        if card in s.known[who]:
            s.known[who].remove(card)
        emit(s, "discard", court=COURT_NAMES[who], card=card)
    return False


def _discard_choice_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    if action == NONE:
        return
    who = whom(f[1], f[2])
    s.hands[who].remove(action[1])
    s.discard.append(action[1])
    emit(s, "discard", court=COURT_NAMES[who], card=action[1])
    if f[2].get("draw"):
        from moontable.games.courts.flow import draw_card

        draw_card(s, who, chance)


@step("let_go", _discard_choice_act)
def _discard_choice_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """`who` may let one card of its choice go (params: who, filters, draw: draw one in its place)."""
    who = whom(f[1], f[2])
    opts: list[Action] = [("card", c) for c in s.hands[who] if _matches(s, c, f[2], f[1])]
    if not opts:
        s.stack.pop()
        return False
    if f[2].get("optional", True):
        opts.append(NONE)
    return ask(s, who, "event_discard", opts, "let a card go")


@step("reveal")
def _reveal_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """`who` shows its hand to both courts (it stays known until the turn ends)."""
    s.stack.pop()
    who = whom(f[1], f[2], default="foe")
    s.known[who] = list(s.hands[who])
    emit(s, "reveal", court=COURT_NAMES[who], hand=list(s.hands[who]))
    return False


@step("draw")
def _draw_run(s: CourtsState, f: list, chance: Chance) -> bool:
    from moontable.games.courts.flow import draw_card

    s.stack.pop()
    who = whom(f[1], f[2])
    got = []
    for _ in range(f[2].get("n", 1)):
        if draw_card(s, who, chance):
            got.append(1)
    emit_private(s, who, "draw", {"court": COURT_NAMES[who], "count": len(got)}, {"hand": list(s.hands[who])})
    return False


@step("bell")
def _bell_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """The Moot Bell goes to `who`, face up or down (params: who, up)."""
    s.stack.pop()
    s.bell = whom(f[1], f[2])
    s.bell_up = bool(f[2].get("up", False))
    emit(s, "bell", court=COURT_NAMES[s.bell], up=s.bell_up)
    return False


def _retrieve_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    if action == NONE:
        return
    s.discard.remove(action[1])
    s.hands[court].append(action[1])
    s.hands[court].sort()
    s.known[court].append(action[1])  # both courts saw it taken from the open discard pile
    emit(s, "retrieve", court=COURT_NAMES[court], card=action[1])


@step("retrieve", _retrieve_act)
def _retrieve_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """Take one card from the discard pile into the hand (params: card filters)."""
    opts: list[Action] = [("card", c) for c in sorted(set(s.discard)) if _matches(s, c, f[2], f[1])]
    if not opts:
        s.stack.pop()
        return False
    opts.append(NONE)
    return ask(s, f[1], "event_retrieve", opts, "take a card from the discard pile")


@step("moves")
def _moves_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """`who` gains or loses moves this turn (params: who, n)."""
    s.stack.pop()
    who = whom(f[1], f[2])
    s.moves_left[who] = max(0, s.moves_left[who] + f[2]["n"])
    emit(s, "moves", court=COURT_NAMES[who], left=s.moves_left[who])
    return False
