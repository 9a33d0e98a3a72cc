"""Hidden information never leaks: no view or event for a seat holds another hand, a Draw Deck's or a
Supply Stack's order, another player's Settled cards, or the seed before the game ends."""

from __future__ import annotations

import json
import random

import pytest
from mf_helpers import position

from moontable.games.moonflight import MOONFLIGHT as G
from moontable.match import Match

SECRET_EVENTS = ("draw", "set", "take", "unsettle")


def seats_for(n: int) -> list[dict]:
    return [{"name": f"s{i}", "bot": True, "level": "random"} for i in range(n)]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_views_and_events_hold_no_hidden_cards_or_seed(n):
    for seed in range(8):
        rng = random.Random(seed)
        m = Match.new(G, None, seats_for(n), seed=rng.randbytes(32))
        secret = m.seed.hex()
        while not m.ended:
            d = G.pending(m.state)[0]
            events = m.play(d.seat, rng.choice(d.options))
            if m.ended:
                break
            s = m.state
            for seat in [*range(n), None]:
                v = G.view(s, seat)
                assert secret not in json.dumps(v)
                for i, pv in enumerate(v["players"]):
                    if i != seat:
                        assert pv["hand"] is None and pv["kept"] is None
                        assert all(pc["settled"] is None for pc in pv["play"])
                    assert "deck" not in pv and pv["deck_count"] == len(s.players[i].deck)
                    assert pv["unseen"] == sorted(pv["unseen"])
                for e in G.events_for(events, seat):
                    assert secret not in json.dumps(e)
                    assert "only" not in e and "hide" not in e
                    if e["type"] in SECRET_EVENTS and e.get("seat") != seat and e.get("zone") in (None, "deck"):
                        assert "card" not in e and "cards" not in e, e


def test_a_view_does_not_change_when_hidden_cards_move():
    s = position(("clay", "words"), hands={1: ["money", "riches"]}, decks={1: ["waste", "opulence", "bury"]},
                 play={1: ["ossuary"]}, settled={(1, 0): ["fealty"]})
    before = G.view(s, 0)
    p = s.players[1]
    p.hand, p.deck = sorted(["opulence", "fealty"]), ["riches", "money", "bury"]
    p.settled[0] = ["waste"]
    s.supply["clay"].reverse()
    assert G.view(s, 0) == before
    assert G.view(s, 1) != before


def test_own_deck_order_is_hidden_from_its_owner_too():
    s = position(decks={0: ["money", "riches", "waste"]})
    v = G.view(s, 0)
    assert v["players"][0]["deck_count"] == 3 and "deck" not in v["players"][0]
    s.players[0].deck.reverse()
    assert G.view(s, 0) == v


def test_determinize_keeps_every_seats_view():
    for seed in range(20):
        rng = random.Random(seed)
        m = Match.new(G, None, seats_for(3), seed=rng.randbytes(32))
        for _ in range(rng.randrange(50, 400)):
            if m.ended:
                break
            d = G.pending(m.state)[0]
            m.play(d.seat, rng.choice(d.options))
        for seat in range(3):
            dealt = G.determinize(m.state, seat, random.Random(seed))
            assert G.view(dealt, seat) == G.view(m.state, seat)
