"""No seat learns another seat's hand, a draw pile's order, a secret deck choice or a built deck's list:
not from views, not from events."""

from __future__ import annotations

import json
import random

from moontable.fair import RandomChance
from moontable.games.bluemoon import BLUEMOON as G
from moontable.games.bluemoon.builder import build_deck


def played(mode, seed, steps, options=None):
    rng = random.Random(seed)
    chance = RandomChance(rng)
    s = G.new_state({"seats": 2, "mode": mode, **(options or {})}, chance)
    events = []
    for _ in range(steps):
        if s.over:
            break
        d = rng.choice(s.decisions)
        events += G.apply(s, d.seat, rng.choice(d.options), chance)
    return s, events


def test_a_view_holds_the_own_hand_only():
    s, _ = played("base", 1, 30)
    for seat in (0, 1):
        v = G.view(s, seat)
        assert v["players"][seat]["hand"] == s.players[seat].hand
        other = v["players"][1 - seat]
        assert other["hand"] is None and other["hand_count"] == len(s.players[1 - seat].hand)
        text = json.dumps(v)
        assert json.dumps(s.players[1 - seat].deck) not in text or not s.players[1 - seat].deck


def test_no_view_holds_a_draw_piles_order():
    for seat in (0, 1, None):
        a, _ = played("quick", 2, 25)
        b = G.determinize(a, 0 if seat is None else seat, random.Random(9))
        assert G.view(a, seat) == G.view(b, seat)
        if seat is not None:
            assert a.players[seat].deck != b.players[seat].deck or len(a.players[seat].deck) < 2


def test_draw_events_name_the_cards_to_the_drawer_only():
    _, events = played("base", 3, 60)
    draws = [e for e in events if e["type"] == "draw"]
    assert draws
    for seat in (0, 1, None):
        for e in G.events_for(draws, seat):
            assert ("cards" in e) == (e["seat"] == seat)


def test_a_built_deck_list_is_its_owners_secret():
    mine = build_deck("duskveil", "vell", random.Random(4), name="mine")
    theirs = build_deck("galewright", "grane", random.Random(5), name="theirs")
    s, _ = played("build", 4, 20, {"decks": [[mine], [theirs]]})
    v = G.view(s, 0)
    other = v["players"][1]
    assert other["decks"] == [None] and other["unseen"] is None and other["choice"] is None
    assert other["people"] == "galewright" and other["inquisitor"] == "grane"  # the revealed face only
    assert v["players"][0]["decks"][0]["cards"] == list(mine["cards"])
    spectator = G.view(s, None)
    assert spectator["players"][0]["decks"] == [None] and spectator["players"][0]["unseen"] is None


def test_a_deck_choice_stays_secret_until_both_have_chosen():
    s = G.new_state({"seats": 2, "mode": "quick"}, RandomChance(random.Random(1)))
    events = G.apply(s, 0, ("deck", 5), RandomChance(random.Random(1)))
    for seat in (1, None):
        v = G.view(s, seat)
        assert v["players"][0]["choice"] is None and v["players"][0]["people"] is None
        assert all("5" not in json.dumps(e) and "deck" not in e.get("type", "")
                   for e in G.events_for(events, seat) if e["type"] != "chosen")
        assert [e for e in G.events_for(events, seat)] == [{"type": "chosen", "seat": 0}]
    assert G.view(s, 0)["players"][0]["choice"] == 5


def test_a_random_discard_shows_the_card_to_both_once_it_is_discarded():
    s, events = played("quick", 6, 200)
    for e in (e for e in events if e["type"] == "discard"):
        for seat in (0, 1, None):
            assert G.events_for([e], seat) == [e]  # a discarded card lies face up
