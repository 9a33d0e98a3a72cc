"""A seat's information set: a full state dealt from its view (for bots and the leak tests).

Everything public is copied from the view. What the seat cannot see is dealt with the bot's own
generator: each player's face-down cards (hand, kept, Settled, deck, from the public "unseen"
multiset, less what the seat itself sees) and each Supply Stack's order. Unseen cards are sorted
before the shuffle, so the dealt state depends on the view and the generator only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from moontable.games.moonflight.state import MoonflightState, Player


def _minus(pool: list[str], cards: list[str]) -> list[str]:
    left = Counter(pool)
    left.subtract(cards)
    if any(v < 0 for v in left.values()):
        raise ValueError("the view's cards do not add up")
    return sorted(left.elements())


def _player(pv: dict[str, Any], mine: bool, rng: Any) -> Player:
    play = pv["play"]
    if mine:
        hand = list(pv["hand"])
        kept = list(pv["kept"])
        settled = [list(pc["settled"]) for pc in play]
        deck = _minus(pv["unseen"], hand + kept + [c for st in settled for c in st])
        rng.shuffle(deck)
    else:
        pool = sorted(pv["unseen"])
        rng.shuffle(pool)
        hand = sorted(pool[: pv["hand_count"]])
        del pool[: pv["hand_count"]]
        kept = sorted(pool[: pv["kept_count"]])
        del pool[: pv["kept_count"]]
        settled = []
        for pc in play:
            settled.append(pool[: pc["settled_count"]])
            del pool[: pc["settled_count"]]
        deck = pool
    if len(deck) != pv["deck_count"]:
        raise ValueError("the view's card counts do not add up")
    return Player(
        jack=pv["jack"], deck=deck, hand=hand, play=[pc["card"] for pc in play], uids=[pc["uid"] for pc in play],
        settled=settled, discard=list(pv["discard"]), trash=list(pv["trash"]), kept=kept, coins=pv["coins"],
        built=pv["built"], shopped=pv["shopped"],
    )


def from_view(view: dict[str, Any], rng: Any) -> MoonflightState:
    """A full state consistent with `view` (a seat's, or a spectator's), its hidden cards dealt with `rng`."""
    from moontable.games.moonflight.game import settle

    me = view["you"]
    players = [_player(pv, i == me, rng) for i, pv in enumerate(view["players"])]
    supply = {}
    for jack, sup in view["supply"].items():
        cards = sorted(sup["cards"])
        rng.shuffle(cards)
        supply[jack] = cards
    tokens = view["tokens"]
    s = MoonflightState(
        players=players,
        markets=[list(m["cards"]) for m in view["markets"]],
        market_suit=[m["suit"] for m in view["markets"]],
        supply=supply,
        bank=view["bank"],
        turned=view["turned"],
        first=view["first"],
        active=view["active"],
        passes=view["passes"],
        round=view["round"],
        mode=view["mode"],
        ai=bool(view["ai_seats"]),
        tokens=[tokens["turn"], tokens["end"]] if tokens is not None else [0, 0],
        next_uid=view["next_uid"],
        stack=[[x[:] if isinstance(x, list) else x for x in f] for f in view["stack"]],
        fired=[list(e) for e in view["fired"]],
        over=view["over"],
        winner=view["winner"],
        reason=view["reason"],
        scores=None if view["scores"] is None else list(view["scores"]),
        rules=view["rules"],
    )
    if not s.over:
        settle(s, _NoChance())  # rebuilds the open decision; the top frame is waiting, so nothing moves
    return s


class _NoChance:
    def below(self, n: int) -> int:
        raise RuntimeError("dealing a state from a view never shuffles")
