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
            moon_seat = s.seat_of(0)
            if d.seat == moon_seat:
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


def _at_the_last_move_of_a_turn(seed: int):
    """A game at the last card play of turn 2 (the next decisions are the heralds of turn 3)."""
    rng = random.Random(seed)
    chance = RandomChance(rng)
    s = COURTS.new_state({"seats": 2}, chance)
    while True:
        d = COURTS.pending(s)[0]
        if d.kind == "play" and s.turn == 2 and sum(s.moves_left) == 1 and len(d.options) > 1:
            return s, d
        COURTS.apply(s, d.seat, rng.choice(d.options), chance)


def test_a_search_judges_no_leaf_before_the_heralds_are_revealed():
    # a herald chosen face down has not scored: judged there, a Fair the Highwold's holder has just heralded
    # (which wins it the game at the reveal) would look harmless
    from moontable.bots.ismcts import IsmctsBot

    s, d = _at_the_last_move_of_a_turn(4)
    judged: list[tuple[int, bool, str | None]] = []

    class Spy(type(KNOWLEDGE)):
        def evaluate(self, state, seat):
            pending = COURTS.pending(state)
            judged.append((state.turn, state.herald_shown, pending[0].kind if pending else None))
            return super().evaluate(state, seat)

    bot = IsmctsBot(COURTS, d.seat, seed=1, iterations=40)
    bot.knowledge = Spy()
    assert bot.choose(COURTS.view(s, d.seat), d) in d.options
    next_turn = [j for j in judged if j[0] == 3]
    assert next_turn, "the search looked past the turn's end"
    assert all(shown and kind != "herald" for _, shown, kind in next_turn), next_turn
