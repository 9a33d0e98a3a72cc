"""A seat's information set: a full state dealt from its view (for bots and the leak tests).

Everything public is copied from the view. What the seat cannot see is dealt with the bot's own generator:
the other hands (but the cards a Realignment showed), tableau cards still face down, the other players'
small Asteroids and the draw pile's order. A hand gets no card of a planet its player has shown it lacks, and
a face-down tableau card is a Moon card. Unseen cards are sorted before they are shuffled, so the dealt state
depends on the view and the generator only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from moontable.games.moons.content import DECK, LARGE, MOON_CARDS, SMALL_ASTEROIDS, SUIT, SUITS
from moontable.games.moons.state import MoonsState

ANY = (1 << (SUITS + 1)) - 1  # every "suit", the large Asteroids' included
MOONS_ONLY = (1 << SUITS) - 1


def _allowed(mask: int, card: int) -> bool:
    return bool(mask >> SUIT[card] & 1)


def deal(pool: list[int], groups: list[tuple[int, int]], rng: Any) -> list[list[int]]:
    """Deal every card of `pool` to `groups` of (how many, allowed suits as bits), at random with `rng`,
    honouring what each group may hold. Some such deal always exists (the real one)."""
    pool = sorted(pool)
    rng.shuffle(pool)
    if all(mask == ANY for _, mask in groups):
        out, i = [], 0
        for need, _ in groups:
            out.append(pool[i:i + need])
            i += need
        return out
    order = sorted(range(len(groups)), key=lambda g: bin(groups[g][1]).count("1"))
    for _ in range(8):  # most constrained first; a rare dead end is dealt again
        out: list[list[int]] = [[] for _ in groups]
        left = pool
        ok = True
        for g in order:
            need, mask = groups[g]
            take, rest = [], []
            for c in left:
                if len(take) < need and _allowed(mask, c):
                    take.append(c)
                else:
                    rest.append(c)
            if len(take) < need:
                ok = False
                break
            out[g] = take
            left = rest
        if ok:
            return out
        rng.shuffle(pool)
    return _deal_by_flow(pool, groups, rng)


def _deal_by_flow(pool: list[int], groups: list[tuple[int, int]], rng: Any) -> list[list[int]]:
    """An exact deal for the tight cases: how many cards of each suit each group gets, by augmenting paths."""
    by_suit: dict[int, list[int]] = {}
    for c in pool:
        by_suit.setdefault(SUIT[c], []).append(c)
    counts = [[0] * (SUITS + 1) for _ in groups]
    room = [need for need, _ in groups]
    for suit, cards in by_suit.items():
        for _ in cards:
            if not _augment(suit, groups, counts, room, set()):
                raise ValueError("the view's cards do not add up")
    out: list[list[int]] = [[] for _ in groups]
    for suit, cards in by_suit.items():
        rng.shuffle(cards)
        for g in range(len(groups)):
            k = counts[g][suit]
            out[g].extend(cards[:k])
            del cards[:k]
    return out


def _augment(suit: int, groups: list[tuple[int, int]], counts: list[list[int]], room: list[int],
             seen: set[int]) -> bool:
    """Place one more card of `suit`, moving others between groups if need be."""
    for g, (_, mask) in enumerate(groups):
        if mask >> suit & 1 and g not in seen:
            seen.add(g)
            if room[g] > 0:
                room[g] -= 1
                counts[g][suit] += 1
                return True
            for other in range(SUITS + 1):  # make room: move one of g's cards of another suit elsewhere
                if counts[g][other] and _augment(other, groups, counts, room, seen):
                    counts[g][other] -= 1
                    counts[g][suit] += 1
                    return True
    return False


def from_view(view: dict[str, Any], rng: Any) -> MoonsState:
    """A full state consistent with `view` (a seat's, or a spectator's), its hidden part dealt with `rng`."""
    from moontable.frames import settle
    from moontable.games.moons.core import RUN

    players = view["players"]
    n = view["seats"]
    revealed = view["revealed"]
    seen: list[int] = list(view["trick"]) + list(view["played"])
    groups: list[tuple[int, int]] = []
    slots: list[tuple[str, int]] = []
    hands: list[list[int]] = []
    tableaux: list[list[int]] = []
    for i, pv in enumerate(players):
        if pv["hand"] is not None:
            hands.append(list(pv["hand"]))
        else:
            hands.append(list(pv["shown"]))
            void = 0
            for p in pv["void"]:
                void |= 1 << p
            groups.append((pv["hand_count"] - len(pv["shown"]), ANY & ~void))
            slots.append(("hand", i))
        seen += hands[i]
        if pv["tableau"] is not None:
            tableaux.append(list(pv["tableau"]))
            seen += tableaux[i]
        else:
            tableaux.append([])
            groups.append((pv["tableau_count"], MOONS_ONLY))
            slots.append(("tableau", i))
    left = Counter(range(DECK))
    left.subtract(seen)
    if any(v < 0 for v in left.values()):
        raise ValueError("the view's cards do not add up")
    pool = sorted(left.elements())
    if sum(need for need, _ in groups) != len(pool):
        raise ValueError("the view's card counts do not add up")
    # a Realignment waiting for its hand card shows that hand still holds a Moon card
    needs_moon = {f[1] for f in view["stack"] if f[0] == "realign_in" and players[f[1]]["hand"] is None}
    for _ in range(30):
        dealt = deal(pool, groups, rng)
        by_slot = dict(zip(slots, dealt, strict=True))
        if all(any(x < MOON_CARDS for x in hands[i] + by_slot[("hand", i)]) for i in needs_moon):
            break
    else:
        raise ValueError("no deal gives the realigning hand a Moon card")
    for (where, i), cards in by_slot.items():
        if where == "hand":
            hands[i] = sorted(hands[i] + cards)
        else:
            tableaux[i] = cards
    # small Asteroids: the other players' and the draw pile, from those not in sight
    smalls_seen: list[str] = list(view["small_discard"])
    smalls: list[list[str] | None] = []
    for pv in players:
        smalls_seen += ["stardust"] * pv["stardust"]
        if pv["smalls"] is not None:
            smalls.append(list(pv["smalls"]))
            smalls_seen += pv["smalls"]
        else:
            smalls.append(None)
    smalls_seen += [f[1] for f in view["stack"] if f[0] == "discard_small"]  # being played now
    left_s = Counter(SMALL_ASTEROIDS)
    left_s.subtract(smalls_seen)
    if any(v < 0 for v in left_s.values()):
        raise ValueError("the view's small Asteroids do not add up")
    spool = sorted(left_s.elements())
    rng.shuffle(spool)
    for i, pv in enumerate(players):
        if smalls[i] is None:
            k = pv["small_count"]
            smalls[i] = sorted(spool[:k])
            del spool[:k]
    if len(spool) != view["small_pile"]:
        raise ValueError("the view's small Asteroid counts do not add up")
    last = view["last_trick"]
    s = MoonsState(
        n=n, hands=hands, tableaux=tableaux, smalls=[x or [] for x in smalls], small_pile=spool,
        small_discard=list(view["small_discard"]), tokens=[list(pv["tokens"]) for pv in players],
        supply=list(view["supply"]), stardust=[pv["stardust"] for pv in players], round=view["round"],
        first=view["first"], earth=view["earth"], block=view["block"], revealed=revealed, leader=view["leader"],
        trick=list(view["trick"]), led=view["led"], trick_no=view["trick_no"],
        tricks_played=view["tricks_played"],
        tricks=[pv["tricks"] for pv in players], played=list(view["played"]), last_trick=list(last["cards"]),
        last_leader=last["leader"], last_winner=last["winner"], retro=view["retro"], blocked=view["blocked"],
        assist=[pv["assist"] for pv in players], wind=view["wind"], used_small=view["used_small"],
        shown=[list(pv["shown"]) for pv in players],
        void=[sum(1 << p for p in pv["void"]) for pv in players],
        stack=[list(f) for f in view["stack"]], tab=[None] * n, over=view["over"], reason=view["reason"],
        winner=view["winner"],
        scores=None if view["scores"] is None else list(view["scores"]),
        winners=None if view["winners"] is None else list(view["winners"]),
    )
    if not s.over:
        settle(s, RUN, _NoChance())  # rebuilds the open decisions; the top frame is waiting, so nothing moves
    return s


class _NoChance:
    def below(self, n: int) -> int:
        raise RuntimeError("dealing a state from a view never shuffles")


__all__ = ["LARGE", "MOON_CARDS", "deal", "from_view"]
