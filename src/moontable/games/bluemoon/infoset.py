"""A seat's information set: a full state dealt from its view (for bots and the leak tests).

Everything public is copied from the view. What the seat cannot see is dealt with the bot's own
generator: the other hand and both draw piles from the public "unseen" multiset (less the cards known
to be in a hand); a choice of deck not yet revealed; and, for a built deck whose list is its owner's
secret, a plausible list: the leader's people first, then the cards of no people, then the rest, less
every card of that player already seen. Pools are sorted before they are shuffled, so the dealt state
depends on the view and the generator only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from moontable.games.bluemoon.content import CARDS, DRAGON_IDS, ENVOY_CARDS, PEOPLE_ORDER, PEOPLES
from moontable.games.bluemoon.state import BlueMoonState, Player


def _minus(pool: list[str], cards: list[str]) -> list[str]:
    left = Counter(pool)
    left.subtract(cards)
    if any(v < 0 for v in left.values()):
        raise ValueError("the view's cards do not add up")
    return sorted(left.elements())


def _seen(pv: dict[str, Any]) -> list[str]:
    return (pv["discard"] + pv["lead"] + pv["crystals"] + [c for layer in pv["combat"] for c in layer]
            + pv["supports"] + pv["shown"])


def _guess_unseen(pv: dict[str, Any], n: int, rng: Any) -> list[str]:
    """n cards a built deck of this people may still hold face down."""
    seen = set(_seen(pv))
    people = pv["people"]
    tiers = [[c.id for c in PEOPLES[people].cards], list(ENVOY_CARDS),
             [c.id for p in PEOPLE_ORDER if p != people for c in PEOPLES[p].cards]]
    out: list[str] = []
    for tier in tiers:
        pool = sorted(c for c in tier if c not in seen)
        rng.shuffle(pool)
        out += pool[: n - len(out)]
        if len(out) >= n:
            break
    return out


def _player(pv: dict[str, Any], mine: bool, rng: Any) -> tuple[Player, list[str] | None]:
    """The player with hidden cards dealt; and the deck list it was dealt from, when that was guessed."""
    shown = list(pv["shown"])
    guessed = None
    if mine:
        hand = list(pv["hand"])
        deck = _minus(pv["unseen"], hand) if pv["unseen"] is not None else []
        rng.shuffle(deck)
    else:
        n = pv["hand_count"] - len(shown) + pv["deck_count"]
        if pv["unseen"] is not None:
            pool = _minus(pv["unseen"], shown)
        elif pv["people"] is not None:
            pool = _guess_unseen(pv, n, rng)
            guessed = pool + _seen(pv)
        else:
            pool = []
        pool = sorted(pool)
        rng.shuffle(pool)
        k = pv["hand_count"] - len(shown)
        hand = sorted(shown + pool[:k])
        deck = pool[k:]
    if len(deck) != pv["deck_count"] or len(hand) != pv["hand_count"]:
        raise ValueError("the view's card counts do not add up")
    p = Player(deck=deck, hand=hand, shown=shown, discard=list(pv["discard"]), lead=list(pv["lead"]),
               crystals=list(pv["crystals"]), combat=[list(x) for x in pv["combat"]],
               supports=list(pv["supports"]), choice=pv["choice"], leader=pv["leader"] or "",
               people=pv["people"] or "", inquisitor=pv["inquisitor"], emissary=pv["emissary"], turns=pv["turns"])
    return p, guessed


def _decks(pv: dict[str, Any], p: Player, guessed: list[str] | None, rng: Any) -> list[dict[str, Any]]:
    """The seat's decks to choose from: the known ones as they are, a hidden one as a stand-in (the
    revealed leader with the guessed list, or any deck before the reveal)."""
    out = []
    for d in pv["decks"]:
        if d is not None:
            out.append({**d, "cards": tuple(d["cards"])})
            continue
        if p.leader:
            cards = tuple(sorted(guessed or []))
            out.append({"label": "", "name": "", "leader": p.leader, "people": p.people,
                        "inquisitor": p.inquisitor, "emissary": p.emissary, "cards": cards, "public": False})
        else:
            people = PEOPLE_ORDER[0]
            out.append({"label": "", "name": "", "leader": PEOPLES[people].leader_id, "people": people,
                        "inquisitor": None, "emissary": None, "cards": PEOPLES[people].base, "public": False})
    if p.leader and p.choice is None:  # a hidden deck was chosen: stand it in at its place
        p.choice = next(i for i, d in enumerate(pv["decks"]) if d is None)
    elif p.choice is None and pv["chosen"]:
        p.choice = rng.randrange(len(out))  # chosen, not yet revealed: any of the seat's decks
    return out


def from_view(view: dict[str, Any], rng: Any) -> BlueMoonState:
    """A full state consistent with `view` (a seat's, or a spectator's), its hidden cards dealt with `rng`."""
    from moontable.games.bluemoon.game import settle

    me = view["you"]
    players = []
    decks = []
    for i, pv in enumerate(view["players"]):
        p, guessed = _player(pv, i == me, rng)
        decks.append(_decks(pv, p, guessed, rng))
        players.append(p)
    s = BlueMoonState(
        players=players,
        mode=view["mode"],
        decks=decks,
        match=view["match"],
        dragons=[view["dragons"][d] for d in DRAGON_IDS],
        element=view["element"],
        starter=view["starter"],
        active=view["active"],
        turn=view["turn"],
        opening=view["opening"],
        played=list(view["played"]),
        used=list(view["used"]),
        stopped=view["stopped"],
        lasting=[list(x) for x in view["lasting"]],
        order=view["order"],
        first_out=view["first_out"],
        fights=view["fights"],
        stack=[[y[:] if isinstance(y, list) else y for y in f] for f in view["stack"]],
        over=view["over"],
        winner=view["winner"],
        reason=view["reason"],
        crystals=None if view["crystals"] is None else list(view["crystals"]),
    )
    if not s.over:
        settle(s, _NoChance())  # rebuilds the open decisions; the top frame is waiting, so nothing moves
    return s


class _NoChance:
    def below(self, n: int) -> int:
        raise RuntimeError("dealing a state from a view never draws")


def card_names(cards: list[str]) -> list[str]:
    return [CARDS[c].name for c in cards]
