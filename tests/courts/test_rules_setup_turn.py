"""Rule tests for the set-up and the course of a turn: checklist C1-C15 (rules/courts.md)."""

from __future__ import annotations

from helpers import MOON, SUN, Dice, position, run, sway
from rule_helpers import (
    Fixed,
    act,
    decision_of,
    event_card,
    quiet_move,
    start_moves,
    strength_card,
    strength_cards,
    turn_end,
)

from moontable.engine import IllegalAction
from moontable.fair import FairStream
from moontable.games.courts import COURTS
from moontable.games.courts.board import START_SWAY
from moontable.games.courts.cards import BELL, CARDS, ERA_CARDS
from moontable.games.courts.tables import FARROW, HIGHWOLD, NEIGH, REACH, REACH_TOWNS, SALTMARSH, TOWN_IDS

SALTMARSH_IDS = {TOWN_IDS[t] for t in REACH_TOWNS[SALTMARSH]}
FARROW_IDS = {TOWN_IDS[t] for t in REACH_TOWNS[FARROW]}
HIGHWOLD_FAIR, SALTMARSH_FAIR, FARROW_FAIR = 1, 2, 3


def new_game(moon_seat: int = 0):
    """A real new game whose first draw gives the Moon to `moon_seat`."""
    return COURTS.new_state({}, Fixed(moon_seat))


def finish_setup(s) -> None:
    """Place every set-up sway in the first town still offered."""
    while s.decisions and s.decisions[0].kind == "setup":
        act(s, s.decisions[0].options[0])


# -- C1, C2: the map --------------------------------------------------------------------------------


def test_C1_the_table_shows_36_towns_in_five_reaches():
    content = COURTS.content()
    assert len(content["towns"]) == 36
    assert [r["id"] for r in content["reaches"]] == ["highwold", "glasswater", "emberdale", "saltmarsh", "farrow"]
    by_reach = {r["id"]: [t for t in content["towns"] if t["reach"] == r["id"]] for r in content["reaches"]}
    assert all(by_reach.values())
    view = COURTS.view(new_game(), None)
    assert len(view["towns"]) == 36


def test_C1_the_highwold_touches_every_other_reach():
    touching = {REACH[b] for t in REACH_TOWNS[HIGHWOLD] for b in NEIGH[t]}
    assert touching == {0, 1, 2, 3, 4}


def test_C2_every_town_has_steadiness_1_to_4_and_some_are_keystones():
    towns = COURTS.content()["towns"]
    assert all(t["steadiness"] in (1, 2, 3, 4) for t in towns)
    keystones = [t for t in towns if t["keystone"]]
    assert 0 < len(keystones) < len(towns)


# -- C3-C8: the set-up --------------------------------------------------------------------------------


def test_C3_the_first_draw_picks_the_seat_that_leads_the_moon():
    for seat in (0, 1):
        s = new_game(seat)
        assert s.moon_seat == seat
        assert COURTS.view(s, seat)["you"] == "moon"
        assert COURTS.view(s, 1 - seat)["you"] == "sun"
        assert s.decisions[0].seat == seat  # the Moon sets up first


def test_C3_the_fair_stream_first_below_2_is_the_moon_seat():
    for n in range(6):
        seed = bytes([n]) * 32
        expected = FairStream(seed).below(2)
        stream = FairStream(seed)
        s = COURTS.new_state({}, stream)
        assert s.moon_seat == expected
        assert stream.draws[0] == [2, expected]


def test_C4_each_court_starts_with_six_sway_in_fixed_towns():
    s = new_game()
    for court, name in ((MOON, "moon"), (SUN, "sun")):
        assert sum(s.sway[court]) == 6
        placed = {TOWN_IDS[t]: n for t, n in enumerate(s.sway[court]) if n}
        assert placed == START_SWAY[name]
    # the same towns in every game
    other = COURTS.new_state({}, Fixed(1, 3, 5, 2))
    assert other.sway == s.sway


def test_C5_the_moon_sets_six_in_the_saltmarsh_then_the_sun_seven_in_the_farrow_isles():
    s = new_game(moon_seat=1)
    seen = []
    while s.decisions and s.decisions[0].kind == "setup":
        d = s.decisions[0]
        court = s.court_of(d.seat)
        home = SALTMARSH_IDS if court == MOON else FARROW_IDS
        assert {o[1] for o in d.options} <= home
        before = sum(s.sway[court])
        act(s, d.options[-1])
        assert sum(s.sway[court]) == before + 1  # one sway per decision
        seen.append(court)
    assert seen == [MOON] * 6 + [SUN] * 7
    assert sum(s.sway[MOON][t] for t in REACH_TOWNS[SALTMARSH]) == 6
    assert sum(s.sway[SUN][t] for t in REACH_TOWNS[FARROW]) == 7


def test_C6_no_town_receives_more_than_two_set_up_sway():
    s = new_game()
    act(s, ("town", "mistfen"))
    act(s, ("town", "mistfen"))
    assert ("town", "mistfen") not in s.decisions[0].options
    try:
        act(s, ("town", "mistfen"))
    except IllegalAction:
        pass
    else:
        raise AssertionError("a third set-up sway in one town was accepted")
    assert sway(s, MOON, "mistfen") == 2
    finish_setup(s)
    assert max(s.sway[MOON][t] for t in REACH_TOWNS[SALTMARSH]) <= 2
    assert max(s.sway[SUN][t] for t in REACH_TOWNS[FARROW]) <= 2


def test_C7_the_moon_starts_with_the_moot_bell_face_up():
    s = new_game(moon_seat=1)
    assert s.bell == MOON and s.bell_up
    assert COURTS.view(s, 0)["bell"] == {"court": "moon", "up": True}


def test_C8_the_moon_moves_first_then_the_courts_alternate(monkeypatch):
    moon = strength_cards(monkeypatch, "moon", 1, 3)
    sun = strength_cards(monkeypatch, "sun", 1, 3)
    s = position(moon_hand=moon, sun_hand=sun)
    s.stack = [["moves"], ["turn_start"]]
    s.turn = 0
    run(s, Fixed())
    order = [quiet_move(s) for _ in range(6)]
    assert order == [MOON, SUN] * 3


# -- C9-C15: a turn -----------------------------------------------------------------------------------


def _turn_start(turn_before: int, moon_hand=(), sun_hand=(), draw=None):
    s = position(turn=turn_before, moon_hand=moon_hand, sun_hand=sun_hand,
                 draw=list(range(5000, 5030)) if draw is None else draw)
    s.stack = [["turn_start"]]
    return run(s, Fixed())


def test_C9_hands_fill_to_8_in_turns_1_to_3():
    for before in (0, 1, 2):
        s = _turn_start(before)
        assert s.turn == before + 1
        assert [len(h) for h in s.hands] == [8, 8]


def test_C9_hands_fill_to_9_from_turn_4():
    for before in (3, 5, 9):
        s = _turn_start(before)
        assert [len(h) for h in s.hands] == [9, 9]


def test_C9_a_part_hand_is_topped_up_not_replaced():
    s = _turn_start(1, moon_hand=[1, 2, 3], sun_hand=[37])
    assert len(s.hands[MOON]) == 8 and {1, 2, 3} <= set(s.hands[MOON])
    assert len(s.hands[SUN]) == 8 and 37 in s.hands[SUN]
    assert len(s.draw) == 30 - 5 - 7


def test_C10_both_courts_choose_their_heralds_at_once(monkeypatch):
    m = strength_card(monkeypatch, "moon", 2)
    x = strength_card(monkeypatch, "sun", 2)
    s = position(moon_hand=[m], sun_hand=[x])
    s.stack = [["heralds"]]
    run(s)
    assert {d.seat for d in s.decisions} == {0, 1}
    assert all(d.kind == "herald" for d in s.decisions)


def test_C10_neither_court_sees_the_other_herald_before_both_are_in(monkeypatch):
    m, m2 = strength_cards(monkeypatch, "moon", 2, 2)
    x, x2 = strength_cards(monkeypatch, "sun", 2, 2)
    s = position(moon_hand=[m, m2], sun_hand=[x, x2])
    s.stack = [["heralds"]]
    run(s)
    events = act(s, ("herald", m), seat=s.seat_of(MOON))
    sun_view = COURTS.view(s, s.seat_of(SUN))
    assert sun_view["courts"][MOON]["herald_chosen"] is True
    assert sun_view["courts"][MOON]["herald"] is None
    assert COURTS.view(s, None)["courts"][MOON]["herald"] is None
    assert COURTS.view(s, s.seat_of(MOON))["courts"][MOON]["herald"] == m
    assert all("card" not in e for e in COURTS.events_for(events, s.seat_of(SUN)))
    # the Sun still chooses from its own hand, unchanged by the Moon's choice
    assert {o[1] for o in decision_of(s, SUN).options} == {x, x2}


def _herald_order(monkeypatch, moon_strength: int, sun_strength: int) -> list[int]:
    m = event_card(monkeypatch, "moon", moon_strength, (("points", {"n": 1}),))
    x = event_card(monkeypatch, "sun", sun_strength, (("points", {"n": 1}),))
    s = position(moon_hand=[m], sun_hand=[x])
    s.stack = [["heralds"]]
    run(s)
    act(s, ("herald", m), seat=0)
    events = act(s, ("herald", x), seat=1)
    played = [e["card"] for e in events if e["type"] == "event"]
    return [MOON if c == m else SUN for c in played]


def test_C11_the_stronger_herald_is_played_first(monkeypatch):
    assert _herald_order(monkeypatch, 3, 2) == [MOON, SUN]
    assert _herald_order(monkeypatch, 1, 4) == [SUN, MOON]


def test_C11_equal_heralds_play_the_sun_first(monkeypatch):
    assert _herald_order(monkeypatch, 2, 2) == [SUN, MOON]


def test_C11_a_herald_is_played_for_its_event_only_even_the_other_courts(monkeypatch):
    gift = event_card(monkeypatch, "sun", 3, (("points", {"n": 2}),))
    own = event_card(monkeypatch, "sun", 1, ())
    s = position(moon_hand=[gift], sun_hand=[own])
    s.stack = [["heralds"]]
    run(s)
    act(s, ("herald", gift), seat=0)
    act(s, ("herald", own), seat=1)
    assert s.bead == 2  # the Sun's event happened: the Sun gained
    assert s.decisions == [] and s.stack == []  # no strength use was asked of the Moon
    assert sum(s.sway[MOON]) == 0


def test_C12_a_fair_may_be_heralded_and_scores(monkeypatch):
    other = event_card(monkeypatch, "sun", 2, ())
    s = position(moon={"mistfen": 1}, moon_hand=[SALTMARSH_FAIR], sun_hand=[other])
    s.stack = [["heralds"]]
    run(s)
    assert ("herald", SALTMARSH_FAIR) in decision_of(s, MOON).options
    act(s, ("herald", SALTMARSH_FAIR), seat=0)
    act(s, ("herald", other), seat=1)
    assert s.bead == -1  # the Moon's Foothold in the Saltmarsh scored 1
    assert SALTMARSH_FAIR in s.discard


def test_C12_the_moot_bell_may_not_be_heralded(monkeypatch):
    m = strength_card(monkeypatch, "moon", 2)
    x = strength_card(monkeypatch, "sun", 2)
    s = position(moon_hand=[m], sun_hand=[x])
    assert s.bell == MOON and s.bell_up
    s.stack = [["heralds"]]
    run(s)
    assert [o[1] for o in decision_of(s, MOON).options] == [m]
    assert ("herald", BELL) not in decision_of(s, MOON).options


def _moves_of_a_turn(monkeypatch, turn_before: int) -> list[int]:
    size = 8 if turn_before + 1 < 4 else 9
    moon = strength_cards(monkeypatch, "moon", 1, size)
    sun = strength_cards(monkeypatch, "sun", 1, size)
    s = position(turn=turn_before, moon={"mistfen": 1}, sun={"noonholm": 1}, moon_hand=moon, sun_hand=sun)
    s.stack = [["moves"], ["turn_start"]]
    run(s, Fixed())
    movers = []
    while s.decisions:
        assert s.decisions[0].kind == "play"
        movers.append(quiet_move(s))
    return movers


def test_C13_six_moves_each_in_turns_1_to_3_moon_first(monkeypatch):
    assert _moves_of_a_turn(monkeypatch, 0) == [MOON, SUN] * 6
    assert _moves_of_a_turn(monkeypatch, 2) == [MOON, SUN] * 6


def test_C13_seven_moves_each_from_turn_4(monkeypatch):
    assert _moves_of_a_turn(monkeypatch, 3) == [MOON, SUN] * 7
    assert _moves_of_a_turn(monkeypatch, 8) == [MOON, SUN] * 7


def test_C14_a_court_with_no_card_passes_its_remaining_moves(monkeypatch):
    sun = strength_cards(monkeypatch, "sun", 1, 3)
    s = position(sun={"noonholm": 1}, sun_hand=sun)
    s.bell_up = False  # the Moon's Bell is face down: the Moon has nothing to play
    start_moves(s, MOON, moves=6, other=6)
    movers = []
    while s.decisions:
        movers.append(quiet_move(s))
    assert movers == [SUN, SUN, SUN]  # the Moon passed all six; the Sun played its three cards
    assert s.moves_left == [0, 0]


def test_C14_a_face_down_bell_alone_is_no_card_to_play(monkeypatch):
    sun = strength_card(monkeypatch, "sun", 1)
    s = position(sun={"noonholm": 1}, sun_hand=[sun])
    s.bell, s.bell_up = MOON, False
    start_moves(s, MOON, moves=2, other=1)
    assert s.court_of(s.decisions[0].seat) == SUN
    assert s.moves_left[MOON] == 0
    # face up, the Bell is a move
    s2 = position(moon={"mistfen": 1})
    start_moves(s2, MOON, moves=1)
    assert s2.court_of(s2.decisions[0].seat) == MOON
    assert ("play", BELL, "place") in s2.decisions[0].options


def test_C15_the_lamp_keeper_discard_comes_before_the_fair_check():
    s = position(moon_hand=[SALTMARSH_FAIR])
    s.vigil = [5, 5]
    s.gifts["lamp"] = MOON
    turn_end(s)
    assert s.decisions[0].kind == "lamp"
    act(s, ("discard", SALTMARSH_FAIR))
    assert not s.over
    assert SALTMARSH_FAIR in s.discard


def test_C15_vigil_points_come_before_the_fair_check():
    # The Moon keeps a Fair, but the Sun's vigil shortfall gives the Moon its twentieth point first.
    s = position(moon_hand=[SALTMARSH_FAIR])
    s.bead = -16
    s.vigil = [5, 1]
    turn_end(s)
    assert s.over and s.winner == MOON and s.reason == "twenty"


def test_C15_vigils_are_judged_against_the_truce_before_it_is_lit():
    s = position(truce=3)
    s.vigil = [3, 2]
    turn_end(s)
    assert s.bead == -1  # the Sun was 1 short of 3, not 2 short of 4
    assert s.truce == 4


def test_C15_the_turn_end_lights_a_candle_resets_vigils_and_turns_the_bell_up():
    s = position(truce=4)
    s.vigil = [4, 6]
    s.bell, s.bell_up = SUN, False
    turn_end(s)
    assert not s.over
    assert s.truce == 5
    assert s.vigil == [0, 0]
    assert s.bell == SUN and s.bell_up
    turn_end(s)
    assert s.truce == 5  # never above five
    assert s.bead == 0


def test_C15_final_scoring_comes_after_the_tenth_turn_end(monkeypatch):
    s = position(turn=10, moon={"mistfen": 1})
    s.vigil = [5, 5]
    s.bell = SUN
    s.stack = [["turns"], ["turn_end", 0]]
    run(s)
    assert s.over and s.reason == "draw"  # the Moon's Foothold (1) against the Sun's Bell (1)
    s = position(turn=9, moon_hand=[strength_card(monkeypatch, "moon", 2)],
                 sun_hand=[strength_card(monkeypatch, "sun", 2)])
    s.vigil = [5, 5]
    s.stack = [["turns"], ["turn_end", 0]]
    run(s, Dice())
    assert not s.over and s.turn == 10  # after turn 9 the year goes on: turn 10's heralds
    assert {d.kind for d in s.decisions} == {"herald"}


def test_C9_a_real_game_deals_the_thaw_cards_and_opens_turn_1_with_heralds():
    """A real game: after the set-up, the Thaw cards are dealt and turn 1 begins with the heralds."""
    s = new_game()
    finish_setup(s)
    assert s.turn == 1
    assert {d.kind for d in s.decisions} <= {"herald"}
    dealt = sorted(s.hands[MOON] + s.hands[SUN] + s.draw)
    assert dealt == sorted(ERA_CARDS["thaw"])
    assert all(CARDS[c].era == "thaw" for c in dealt)
