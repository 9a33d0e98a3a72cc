"""Hidden information never leaks: no view or event for a seat holds the other hand, the deck
order, a face-down herald or the seed before the game ends."""

from __future__ import annotations

import json
import random

from moontable.games.courts import COURTS
from moontable.match import Match

SEATS = [{"name": "a", "bot": True, "level": "random"}, {"name": "b", "bot": True, "level": "random"}]


def test_views_and_events_hold_no_hidden_cards_or_seed():
    for seed in range(30):
        rng = random.Random(seed)
        m = Match.new(COURTS, None, SEATS, seed=rng.randbytes(32))
        secret = m.seed.hex()
        while not m.ended:
            s = m.state
            d = rng.choice(COURTS.pending(s))
            events = m.play(d.seat, rng.choice(d.options))
            if m.ended:
                break
            s = m.state
            for seat in (0, 1, None):
                me = None if seat is None else s.court_of(seat)
                view = COURTS.view(s, seat)
                text = json.dumps(view)
                assert secret not in text
                for c in (0, 1):
                    if c != me:
                        assert view["courts"][c]["hand"] is None
                        seer = me is not None and s.gifts["seer"] == me
                        if s.heralds[c] >= 0 and not s.herald_shown and not seer:
                            assert view["courts"][c]["herald"] is None
                assert "draw_order" not in text and view["piles"]["draw"] == len(s.draw)
                for e in COURTS.events_for(events, seat):
                    assert secret not in json.dumps(e)
                    court = e.get("court")
                    mine = me is not None and court == ("moon", "sun")[me]
                    if e["type"] in ("deal", "draw", "herald_chosen") and not mine:
                        assert "hand" not in e and "card" not in e, e
                    assert "only" not in e and "hide" not in e


def test_face_down_herald_is_hidden_until_both_are_in():
    rng = random.Random(4)
    m = Match.new(COURTS, None, SEATS, seed=rng.randbytes(32))
    while not any(d.kind == "herald" for d in COURTS.pending(m.state)):
        d = COURTS.pending(m.state)[0]
        m.play(d.seat, d.options[0])
    s = m.state
    first = [d for d in COURTS.pending(s) if s.gifts["seer"] != s.court_of(d.seat)][0]
    m.play(first.seat, first.options[0])
    chosen = first.options[0][1]
    other_seat = 1 - first.seat
    view = COURTS.view(m.state, other_seat)
    mover = m.state.court_of(first.seat)
    assert view["courts"][mover]["herald_chosen"] is True
    assert view["courts"][mover]["herald"] is None
    assert COURTS.view(m.state, first.seat)["courts"][mover]["herald"] == chosen
    assert COURTS.view(m.state, None)["courts"][mover]["herald"] is None
