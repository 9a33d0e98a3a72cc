"""A seat's information set: the public part of the state in a view, and a full state dealt from it.

Bots see only their seat's view. `public_state` puts everything public into the view (the work
stack included: it holds nothing secret), and `from_view` deals the hidden rest — the other hand
but its shown cards, a face-down herald, the draw pile — from the cards unseen by that seat,
shuffled with the bot's own generator. The unseen cards are sorted before the shuffle, so the
dealt state depends on the view and the generator only, never on how the real hidden cards lie.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

from moontable.games.courts.cards import ERA_CARDS
from moontable.games.courts.state import CourtsState

HIDDEN_HERALD = -3  # chosen, face down, not visible to this seat


def public_state(s: CourtsState, me: int | None, herald_hidden: list[bool]) -> dict[str, Any]:
    return {
        "moon_seat": s.moon_seat,
        "sway": [s.sway[0][:], s.sway[1][:]],
        "hand_counts": [len(s.hands[0]), len(s.hands[1])],
        "draw_count": len(s.draw),
        "discard": s.discard[:],
        "removed": s.removed[:],
        "turn": s.turn,
        "truce": s.truce,
        "vigil": s.vigil[:],
        "bead": s.bead,
        "bell": s.bell,
        "bell_up": s.bell_up,
        "road": s.road[:],
        "road_tries": s.road_tries[:],
        "gifts": dict(s.gifts),
        "moves_left": s.moves_left[:],
        "last_mover": s.last_mover,
        "active": s.active,
        "heralds": [HIDDEN_HERALD if herald_hidden[c] else s.heralds[c] for c in (0, 1)],
        "herald_shown": s.herald_shown,
        "stack": pickle.loads(pickle.dumps(s.stack, pickle.HIGHEST_PROTOCOL)),  # a deep copy, quicker
        "effects": [list(e) for e in s.effects],
        "fired": s.fired[:],
        "known": [still_known(s, 0), still_known(s, 1)],
        "over": s.over,
        "winner": s.winner,
        "reason": s.reason,
        "rules": s.rules,
    }


def still_known(s: CourtsState, court: int) -> list[int]:
    """Shown cards still in the hand (a shown card that was played since is public anyway)."""
    hand = s.hands[court]
    return sorted({c for c in s.known[court] if c in hand})


def _tuples(frame: list[Any]) -> list[Any]:
    # JSON turns the tuples inside a frame into lists; the rules extend them as tuples
    return [tuple(x) if isinstance(x, list) else x for x in frame]


def in_game(turn: int) -> list[int]:
    eras = ["thaw"] + (["bloom"] if turn >= 4 else []) + (["harvest"] if turn >= 8 else [])
    return [c for era in eras for c in ERA_CARDS[era]]


def from_view(view: dict[str, Any], rng: Any) -> CourtsState:
    """A full state consistent with `view` (a seat's), its hidden cards dealt with `rng`."""
    from moontable.games.courts.game import settle

    p = view["state"]
    me = None if view["you"] is None else ("moon", "sun").index(view["you"])
    hands: list[list[int]] = [[], []]
    seen: list[int] = p["discard"] + p["removed"]
    seen += [f[1] for f in p["stack"] if f[0] == "finish_card"]
    seen += [f[2] for f in p["stack"] if f[0] == "herald_play"]
    if not p["herald_shown"]:
        seen += [h for h in p["heralds"] if h > 0]
    for c in (0, 1):
        if c == me:
            hands[c] = list(view["courts"][c]["hand"])
        else:
            hands[c] = [x for x in p["known"][c]]
        seen += hands[c]
    unseen = in_game(p["turn"])
    for x in seen:
        unseen.remove(x)
    unseen.sort()
    rng.shuffle(unseen)
    heralds = list(p["heralds"])
    for c in (0, 1):
        need = p["hand_counts"][c] - len(hands[c])
        hands[c] = sorted(hands[c] + [unseen.pop() for _ in range(need)])
        if heralds[c] == HIDDEN_HERALD:
            heralds[c] = unseen.pop()
    if len(unseen) != p["draw_count"]:
        raise ValueError("the view's card counts do not add up")
    s = CourtsState(
        moon_seat=p["moon_seat"],
        sway=[list(p["sway"][0]), list(p["sway"][1])],
        hands=hands,
        draw=unseen,
        discard=list(p["discard"]),
        removed=list(p["removed"]),
        turn=p["turn"],
        truce=p["truce"],
        vigil=list(p["vigil"]),
        bead=p["bead"],
        bell=p["bell"],
        bell_up=p["bell_up"],
        road=list(p["road"]),
        road_tries=list(p["road_tries"]),
        gifts=dict(p["gifts"]),
        moves_left=list(p["moves_left"]),
        last_mover=p["last_mover"],
        active=p["active"],
        heralds=heralds,
        herald_shown=p["herald_shown"],
        stack=[_tuples(f) for f in copy.deepcopy(p["stack"])],
        effects=[tuple(e) for e in p["effects"]],
        fired=list(p["fired"]),
        known=[list(p["known"][0]), list(p["known"][1])],
        winner=p["winner"],
        reason=p["reason"],
        over=p["over"],
        rules=p["rules"],
    )
    settle(s, _NoChance())  # rebuilds the open decisions; the top frame is waiting, so nothing moves
    return s


class _NoChance:
    def below(self, n: int) -> int:
        raise RuntimeError("dealing a state from a view never rolls")
