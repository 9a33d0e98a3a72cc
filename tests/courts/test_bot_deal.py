"""The bots' deal of a state from a seat's view: a herald the other court chose face down is the one that court
would choose from the hand dealt to it (a Fair that scores well), not any card it might hold."""

from __future__ import annotations

import random

from moontable.fair import RandomChance
from moontable.games.courts import COURTS
from moontable.games.courts.infoset import HIDDEN_HERALD, from_view
from moontable.games.courts.knowledge import FAIR_REACH, KNOWLEDGE
from moontable.games.courts.policy import herald_scores


def _at_the_suns_herald(seed: int):
    """A game at turn 2's heralds, the Moon's herald chosen face down, the Sun to choose (seat of the Sun)."""
    rng = random.Random(seed)
    chance = RandomChance(rng)
    s = COURTS.new_state({"seats": 2}, chance)
    while True:
        d = COURTS.pending(s)[0]
        if d.kind == "herald" and s.turn == 2:
            if d.seat == s.seat_of(0):  # the Moon chooses first
                COURTS.apply(s, d.seat, d.options[0], chance)
                continue
            return s, d.seat
        COURTS.apply(s, d.seat, rng.choice(d.options), chance)


def test_the_other_courts_hidden_herald_is_its_best_herald_from_the_dealt_hand():
    s, sun_seat = _at_the_suns_herald(3)
    view = COURTS.view(s, sun_seat)
    assert view["state"]["heralds"][0] == HIDDEN_HERALD
    fair_heralds = uniform_fair_heralds = 0
    for k in range(60):
        dealt = KNOWLEDGE.deal(view, random.Random(k))
        pool = dealt.hands[0] + [dealt.heralds[0]]
        scores = herald_scores(dealt, 0, [("herald", x) for x in pool])
        assert dealt.heralds[0] == pool[max(range(len(pool)), key=scores.__getitem__)]
        assert dealt.heralds[0] not in dealt.hands[0] and len(dealt.hands[0]) == len(s.hands[0])
        fair_heralds += dealt.heralds[0] in FAIR_REACH
        uniform_fair_heralds += from_view(view, random.Random(k)).heralds[0] in FAIR_REACH
    # a court heralds a Fair it holds far more often than a card drawn at random from its hand is one
    # (here 37 of 60 deals against 4)
    assert fair_heralds > uniform_fair_heralds
    # the Sun's own hand and the public state are as the view says
    dealt = KNOWLEDGE.deal(view, random.Random(0))
    assert dealt.hands[1] == sorted(s.hands[1]) and dealt.sway == s.sway
