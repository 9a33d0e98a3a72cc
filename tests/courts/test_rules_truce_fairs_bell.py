"""Rule tests for holding, the Truce, the vigil, points, Fairs and the Moot Bell: checklist C33-C50."""

from __future__ import annotations

from helpers import MOON, SUN, Dice, fire, position, run, sway, towns
from rule_helpers import Fixed, act, card_uses, event_card, start_moves, strength_card, strength_cards, turn_end

from moontable.games.courts import COURTS
from moontable.games.courts.cards import BELL
from moontable.games.courts.tables import GLASSWATER, REACH, TOWN_OF_ID

HIGHWOLD_FAIR, SALTMARSH_FAIR, FARROW_FAIR = 1, 2, 3
GLASSWATER_FAIR, EMBERDALE_FAIR, MIDSUMMER_FAIR = 37, 38, 39
HIGHWOLD_KEYS = {"crownmoor": 4, "hallowcrest": 3, "duskbarrow": 3}  # every keystone, each just held


def held(s, town: str) -> str | None:
    """Who holds `town`, as the table shows it."""
    return COURTS.view(s, None)["towns"][TOWN_OF_ID[town]]["held"]


def upset_frame(s, court: int, strength: int, town: str, die: int):
    s.stack.append(["upset", court, strength, 0, -1])
    run(s)
    act(s, ("town", town), Dice(die))
    return s


def contest_options(s, court: int, use: str) -> set[str]:
    """The towns an upset or persuade by `court` may pick now."""
    s.stack.append([use, court, 1, 0, -1])
    run(s)
    got = set(towns(s)) if s.decisions else set()
    s.stack.clear()
    s.decisions = []
    return got


def score(fair: int, player: int = MOON, **sway_by_court) -> int:
    """Play a Fair from a position and return the bead after it (< 0: the Moon gained)."""
    s = position(**sway_by_court)
    fire(s, fair, player)
    assert not s.over
    return s.bead


# -- C33: the vigil ---------------------------------------------------------------------------------------


def test_C33_a_vigil_below_the_truce_gives_the_other_court_a_point_per_step_short():
    s = position(truce=5)
    s.vigil = [2, 5]
    turn_end(s)
    assert s.bead == 3  # the Moon was 3 short: the Sun gains 3


def test_C33_a_vigil_at_the_truce_gives_nothing_and_one_below_gives_one():
    s = position(truce=4)
    s.vigil = [4, 9]
    turn_end(s)
    assert s.bead == 0
    s = position(truce=4)
    s.vigil = [4, 3]
    turn_end(s)
    assert s.bead == -1


def test_C33_both_courts_short_each_give_their_shortfall():
    s = position(truce=5)
    s.vigil = [3, 0]  # the Moon 2 short, the Sun 5 short
    turn_end(s)
    assert s.bead == -3


def test_C33_the_vigil_filled_by_an_upset_counts_at_the_turn_end(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(truce=3, sun={"noonholm": 9}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "upset"))
    act(s, ("town", "noonholm"), Dice(1))
    turn_end(s)
    assert s.bead == -3  # the Moon's vigil 3 met the Truce; the Sun's 0 was 3 short
    assert s.vigil == [0, 0]


# -- C34: holding -----------------------------------------------------------------------------------------


def test_C34_holding_needs_steadiness_plus_the_other_courts_sway():
    s = position(moon={"wyrmford": 2, "crownmoor": 3, "paleharbour": 1}, sun={"crownmoor": 0})
    assert held(s, "wyrmford") == "moon"  # 2 >= 2 + 0
    assert held(s, "crownmoor") is None  # 3 < 4
    assert held(s, "paleharbour") == "moon"  # 1 >= 1
    s = position(moon={"wyrmford": 1})
    assert held(s, "wyrmford") is None  # one short


def test_C34_the_boundary_with_both_courts_in_a_town():
    s = position(moon={"wyrmford": 3}, sun={"wyrmford": 1})
    assert held(s, "wyrmford") == "moon"  # 3 >= 2 + 1 exactly
    s = position(moon={"wyrmford": 2}, sun={"wyrmford": 1})
    assert held(s, "wyrmford") is None  # 2 < 3, and 1 < 2 + 2 for the Sun
    s = position(moon={"paleharbour": 1}, sun={"paleharbour": 1})
    assert held(s, "paleharbour") is None
    s = position(moon={"paleharbour": 2}, sun={"paleharbour": 4})
    assert held(s, "paleharbour") == "sun"  # 4 >= 1 + 2


def test_C34_only_held_towns_count_at_a_fair():
    assert score(SALTMARSH_FAIR, moon={"saltcote": 1}) == 0  # 1 < steadiness 2: nothing
    assert score(SALTMARSH_FAIR, moon={"saltcote": 2}) == -1  # held: a Foothold


# -- C35-C37: the Truce -----------------------------------------------------------------------------------


def test_C35_the_truce_starts_calm_at_five_and_never_goes_above_it(monkeypatch):
    s = COURTS.new_state({}, Fixed(0))
    assert s.truce == 5 and COURTS.view(s, None)["truce"] == 5
    light = event_card(monkeypatch, "moon", 2, (("truce", {"delta": 1}),))
    s = position(truce=5)
    fire(s, light, MOON)
    assert s.truce == 5


def test_C35_candles_go_out_one_by_one_down_to_broken():
    s = position(truce=5, sun={"lanternmere": 9, "brightholm": 9, "goldskerry": 9, "reedmoon": 9})
    s.active = MOON
    seen = []
    for town in ("lanternmere", "brightholm", "goldskerry", "reedmoon"):
        upset_frame(s, MOON, 1, town, 1)
        seen.append(s.truce)
    assert seen == [4, 3, 2, 1]
    assert s.over and s.reason == "truce"


def test_C36_truce_bars_upsets_reach_by_reach():
    board = {"wyrmford": 1, "paleharbour": 1, "pyreford": 1, "mistfen": 1, "noonholm": 1}
    expect = {
        5: {"wyrmford", "paleharbour", "pyreford", "mistfen", "noonholm"},
        4: {"paleharbour", "pyreford", "mistfen", "noonholm"},
        3: {"pyreford", "mistfen", "noonholm"},
        2: {"mistfen", "noonholm"},
    }
    for truce, allowed in expect.items():
        s = position(sun=board, truce=truce)
        assert contest_options(s, MOON, "upset") == allowed, truce
        assert contest_options(s, MOON, "persuade") == allowed, truce


def test_C36_the_bars_hold_for_both_courts():
    board = {"wyrmford": 1, "paleharbour": 1, "pyreford": 1, "tidewrack": 1}
    s = position(moon=board, truce=3)
    assert contest_options(s, SUN, "upset") == {"pyreford", "tidewrack"}


def test_C36_no_upset_or_persuade_use_when_every_target_is_barred(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(sun={"crownmoor": 2}, moon_hand=[card], truce=4)
    start_moves(s, MOON)
    assert card_uses(s, card) >= {"place"}
    assert "upset" not in card_uses(s, card) and "persuade" not in card_uses(s, card)


def test_C36_an_event_upset_is_barred_too(monkeypatch):
    raid = event_card(monkeypatch, "moon", 3, (("upset", {"n": 3}),))
    s = position(sun={"wyrmford": 1, "paleharbour": 1}, truce=4)
    fire(s, raid, MOON)
    assert set(towns(s)) == {"paleharbour"}


def test_C36_placing_is_never_barred_by_the_truce(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(moon={"wyrmford": 1}, moon_hand=[card], truce=2)
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    assert {"wyrmford", "crownmoor", "glimmerweir"} <= set(towns(s))


def test_C37_the_court_on_move_that_breaks_the_truce_loses(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(sun={"goldskerry": 3}, moon_hand=[card], truce=2)  # goldskerry: a Farrow keystone
    start_moves(s, MOON)
    act(s, ("play", card, "upset"))
    act(s, ("town", "goldskerry"), Dice(6))
    assert s.truce == 1
    assert s.over and s.winner == SUN and s.reason == "truce"
    assert s.decisions == []


def test_C37_the_court_on_move_loses_when_the_other_courts_event_breaks_it(monkeypatch):
    snuff = event_card(monkeypatch, "sun", 2, (("truce", {"delta": -1}),))
    s = position(moon={"mistfen": 1}, moon_hand=[snuff], truce=2)
    start_moves(s, MOON)
    act(s, ("play", snuff, "place"))
    act(s, ("order", "before"))
    assert s.over and s.winner == SUN and s.reason == "truce"


def test_C37_the_other_courts_event_after_the_use_still_costs_the_mover(monkeypatch):
    snuff = event_card(monkeypatch, "moon", 2, (("truce", {"delta": -1}),))
    s = position(sun={"noonholm": 1}, sun_hand=[snuff], truce=2)
    start_moves(s, SUN)
    act(s, ("play", snuff, "place"))
    act(s, ("order", "after"))
    act(s, ("done",))
    assert s.over and s.winner == MOON and s.reason == "truce"


def test_C37_own_event_breaking_the_truce_loses(monkeypatch):
    snuff = event_card(monkeypatch, "moon", 2, (("truce", {"delta": -2}),))
    s = position(moon_hand=[snuff], truce=3)
    start_moves(s, MOON)
    act(s, ("play", snuff, "event"))
    assert s.truce == 1
    assert s.over and s.winner == SUN and s.reason == "truce"


def _herald_snuff(monkeypatch, snuff_court: str) -> object:
    snuff = event_card(monkeypatch, snuff_court, 4, (("truce", {"delta": -1}),))
    quiet = event_card(monkeypatch, "sun", 1, ())
    s = position(moon_hand=[snuff], sun_hand=[quiet], truce=2)
    s.stack = [["heralds"]]
    run(s)
    act(s, ("herald", snuff), seat=0)
    act(s, ("herald", quiet), seat=1)
    return s


def test_C37_a_herald_that_breaks_the_truce_loses_for_the_court_that_heralded_it(monkeypatch):
    s = _herald_snuff(monkeypatch, "moon")
    assert s.over and s.winner == SUN and s.reason == "truce"
    # the Sun's card heralded by the Moon: the Moon was on move when it broke the Truce
    s = _herald_snuff(monkeypatch, "sun")
    assert s.over and s.winner == SUN and s.reason == "truce"


def test_C37_a_truce_lowered_to_two_plays_on(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(sun={"goldskerry": 3}, moon_hand=[card], truce=3)
    start_moves(s, MOON)
    act(s, ("play", card, "upset"))
    act(s, ("town", "goldskerry"), Dice(6))
    assert s.truce == 2 and not s.over


# -- C38: points -----------------------------------------------------------------------------------------


def test_C38_points_move_one_bead_between_the_courts(monkeypatch):
    moon_gain = event_card(monkeypatch, "moon", 2, (("points", {"n": 3}),))
    sun_gain = event_card(monkeypatch, "sun", 2, (("points", {"n": 2}),))
    s = position()
    s.bead = 5
    fire(s, moon_gain, MOON)
    assert s.bead == 2  # the Moon's 3 points pulled the Sun's lead back
    fire(s, sun_gain, SUN)
    assert s.bead == 4
    assert COURTS.view(s, None)["bead"] == 4


def test_C38_twenty_on_your_side_wins_at_once(monkeypatch):
    moon_gain = event_card(monkeypatch, "moon", 2, (("points", {"n": 2}),))
    s = position()
    s.bead = -18
    fire(s, moon_gain, MOON)
    assert s.over and s.winner == MOON and s.reason == "twenty"
    sun_gain = event_card(monkeypatch, "sun", 2, (("points", {"n": 2}),))
    s = position()
    s.bead = 19
    fire(s, sun_gain, SUN)
    assert s.over and s.winner == SUN and s.reason == "twenty"


def test_C38_nineteen_is_not_enough(monkeypatch):
    moon_gain = event_card(monkeypatch, "moon", 2, (("points", {"n": 2}),))
    s = position()
    s.bead = -17
    fire(s, moon_gain, MOON)
    assert s.bead == -19 and not s.over


# -- C39-C45: Fairs ----------------------------------------------------------------------------------------


def test_C39_a_fair_played_for_its_event_scores_at_once():
    s = position(moon={"mistfen": 1}, moon_hand=[SALTMARSH_FAIR])
    start_moves(s, MOON)
    act(s, ("play", SALTMARSH_FAIR, "event"))
    assert s.bead == -1
    assert SALTMARSH_FAIR in s.discard


def test_C39_a_fair_scores_its_reach_whoever_plays_it():
    s = position(moon={"mistfen": 1}, sun_hand=[SALTMARSH_FAIR])
    start_moves(s, SUN)
    act(s, ("play", SALTMARSH_FAIR, "event"))
    assert s.bead == -1  # the Sun played it, the Moon scored


def test_C39_a_heralded_fair_scores(monkeypatch):
    other = event_card(monkeypatch, "moon", 1, ())
    s = position(sun={"noonholm": 1}, moon_hand=[other], sun_hand=[FARROW_FAIR])
    s.stack = [["heralds"]]
    run(s)
    act(s, ("herald", other), seat=0)
    act(s, ("herald", FARROW_FAIR), seat=1)
    assert s.bead == 1


def test_C40_a_foothold_is_one_held_town():
    assert score(SALTMARSH_FAIR, moon={"mistfen": 1}) == -1
    assert score(EMBERDALE_FAIR, moon={"pyreford": 1}) == -2
    assert score(GLASSWATER_FAIR, sun={"paleharbour": 1}) == 2
    assert score(HIGHWOLD_FAIR, moon={"wyrmford": 2}) == -3


def test_C40_more_towns_without_more_keystones_is_still_a_foothold():
    # The Moon holds 2 plain towns, the Sun 1: a Foothold each (1 - 1).
    assert score(SALTMARSH_FAIR, moon={"mistfen": 1, "gullhaven": 2}, sun={"nightheron": 2}) == 0


def test_C40_sway_that_is_not_a_hold_scores_nothing():
    assert score(SALTMARSH_FAIR, moon={"saltcote": 1, "reedmoon": 2}, sun={"gullhaven": 1}) == 0


def test_C41_sway_is_more_towns_more_keystones_and_a_plain_town():
    # Moon: brinewick (keystone) + mistfen: Sway 3 + 1 keystone; Sun: gullhaven, a Foothold 1.
    assert score(SALTMARSH_FAIR, moon={"brinewick": 3, "mistfen": 1}, sun={"gullhaven": 2}) == -3
    # The Highwold: Sway 6 + 1 against a Foothold 3.
    assert score(HIGHWOLD_FAIR, moon={"crownmoor": 4, "wyrmford": 2}, sun={"greyvane": 2}) == -4


def test_C41_sway_needs_a_town_that_is_not_a_keystone():
    keys_only = {"lanternmere": 3, "starpool": 4}  # two of the Glasswater's three keystones
    # without a plain town: a Foothold 2 + 2 keystones against a Foothold 2
    assert score(GLASSWATER_FAIR, moon=keys_only, sun={"paleharbour": 1}) == -2
    # with one: Sway 5 + 2 against 2
    assert score(GLASSWATER_FAIR, moon=dict(keys_only, glimmerweir=1), sun={"paleharbour": 1}) == -5


def test_C41_sway_needs_more_towns_than_the_other_court():
    # 2 towns each: a Foothold 2 + 1 keystone against a Foothold 2
    assert score(GLASSWATER_FAIR, moon={"lanternmere": 3, "glimmerweir": 1},
                 sun={"paleharbour": 1, "heronglass": 2}) == -1


def test_C42_hold_is_more_towns_and_every_keystone():
    # Saltmarsh: both keystones and more towns: Hold 6 + 2 against a Foothold 1
    assert score(SALTMARSH_FAIR, moon={"brinewick": 3, "reedmoon": 3}, sun={"mistfen": 1}) == -7
    # Glasswater: Hold 8 + 3
    assert score(GLASSWATER_FAIR, moon={"lanternmere": 3, "starpool": 4, "rimewell": 3}) == -11
    # Emberdale: Hold 7 + 2
    assert score(EMBERDALE_FAIR, moon={"brandhearth": 4, "kilnstead": 3}) == -9
    # Farrow Isles, the Sun: Hold 6 + 2 against the Moon's Foothold 1 + 1 (haysel, next to the Sun's gate)
    assert score(FARROW_FAIR, sun={"goldskerry": 3, "brightholm": 3}, moon={"haysel": 2}) == 6


def test_C42_every_keystone_without_more_towns_is_not_a_hold():
    assert score(SALTMARSH_FAIR, moon={"brinewick": 3, "reedmoon": 3},
                 sun={"mistfen": 1, "gullhaven": 2}) == -2  # a Foothold 1 + 2 against 1


def test_C43_each_held_keystone_adds_one():
    assert score(SALTMARSH_FAIR, sun={"reedmoon": 3}, moon={"mistfen": 1}) == 1  # 1 + 1 against 1


def test_C43_each_held_town_next_to_the_other_courts_gate_adds_one():
    assert score(EMBERDALE_FAIR, moon={"cinderholt": 2}) == -3  # a Foothold 2 + 1 by the Sun's gate
    assert score(EMBERDALE_FAIR, sun={"cinderholt": 2}) == 2  # its own gate gives nothing
    assert score(SALTMARSH_FAIR, sun={"saltcote": 2}) == 2  # 1 + 1 by the Moon's gate


def test_C43_equal_sums_give_no_points():
    assert score(EMBERDALE_FAIR, moon={"cinderholt": 2}, sun={"brandhearth": 4}) == 0  # 2 + 1 against 2 + 1


def test_C44_a_court_that_keeps_a_fair_at_the_turn_end_loses():
    s = position(moon_hand=[GLASSWATER_FAIR])
    s.vigil = [5, 5]
    turn_end(s)
    assert s.over and s.winner == SUN and s.reason == "fair_kept"
    s = position(sun_hand=[FARROW_FAIR])
    s.vigil = [5, 5]
    turn_end(s)
    assert s.over and s.winner == MOON and s.reason == "fair_kept"


def test_C44_a_fair_played_in_the_turn_is_safe(monkeypatch):
    keep = strength_card(monkeypatch, "moon", 1)
    s = position(moon_hand=[SALTMARSH_FAIR, keep])
    start_moves(s, MOON)
    act(s, ("play", SALTMARSH_FAIR, "event"))
    s.vigil = [5, 5]
    turn_end(s)
    assert not s.over


def test_C45_hold_of_the_highwold_wins_at_a_highwold_fair():
    for fair, player in ((HIGHWOLD_FAIR, MOON), (HIGHWOLD_FAIR, SUN), (MIDSUMMER_FAIR, SUN)):
        s = position(moon=HIGHWOLD_KEYS, sun={"wyrmford": 2})
        s.bead = 10
        fire(s, fair, player)
        assert s.over and s.winner == MOON and s.reason == "highwold"


def test_C45_hold_of_the_highwold_wins_at_any_fair():
    for fair in (SALTMARSH_FAIR, FARROW_FAIR, GLASSWATER_FAIR, EMBERDALE_FAIR):
        s = position(sun={"crownmoor": 4, "hallowcrest": 3, "duskbarrow": 3}, moon={"mistfen": 1})
        fire(s, fair, MOON)
        assert s.over and s.winner == SUN and s.reason == "highwold", fair


def test_C45_all_highwold_keystones_without_more_towns_do_not_win():
    s = position(moon=HIGHWOLD_KEYS, sun={"wyrmford": 2, "thornhallow": 2, "brackenholt": 2})
    fire(s, HIGHWOLD_FAIR, MOON)
    assert not s.over
    assert s.bead == -3  # a Foothold 3 + 3 keystones against a Foothold 3


# -- C46-C50: the Moot Bell --------------------------------------------------------------------------------


def bell_position(**kw):
    s = position(**kw)
    s.bell, s.bell_up = MOON, True
    start_moves(s, MOON)
    return s


def test_C46_the_bell_places_five_when_every_point_goes_into_the_glasswater():
    s = bell_position(moon={"mirrormere": 1})
    act(s, ("play", BELL, "place"))
    for town in ("mirrormere", "lanternmere", "glimmerweir", "mirrormere"):
        act(s, ("town", town))
    # one point left, and it exists only in the Glasswater
    assert all(REACH[TOWN_OF_ID[t]] == GLASSWATER for t in towns(s))
    act(s, ("town", "lanternmere"))
    assert s.decisions == []
    assert sum(s.sway[MOON]) == 1 + 5


def test_C46_the_bell_places_four_when_any_goes_elsewhere():
    s = bell_position(moon={"mirrormere": 1})
    act(s, ("play", BELL, "place"))
    act(s, ("town", "saltcote"))  # outside the Glasswater: the fifth point is gone
    act(s, ("town", "mirrormere"))
    act(s, ("town", "mirrormere"))
    act(s, ("town", "mirrormere"))
    assert s.decisions == []
    assert sum(s.sway[MOON]) == 1 + 4
    s = bell_position(moon={"mirrormere": 1})
    act(s, ("play", BELL, "place"))
    for town in ("mirrormere", "mirrormere", "mirrormere"):
        act(s, ("town", town))
    act(s, ("town", "saltcote"))  # three in the Glasswater, then one outside: 4 in all
    assert s.decisions == []
    assert sum(s.sway[MOON]) == 1 + 4


def test_C46_a_bell_upset_is_strength_five_in_the_glasswater_and_four_elsewhere():
    s = bell_position(sun={"paleharbour": 9, "mistfen": 9})
    act(s, ("play", BELL, "upset"))
    act(s, ("town", "paleharbour"), Dice(1))  # 1 + 5 - 2 = 4
    assert sway(s, SUN, "paleharbour") == 5 and s.vigil[MOON] == 5
    s = bell_position(sun={"paleharbour": 9, "mistfen": 9})
    act(s, ("play", BELL, "upset"))
    act(s, ("town", "mistfen"), Dice(1))  # 1 + 4 - 2 = 3
    assert sway(s, SUN, "mistfen") == 6 and s.vigil[MOON] == 4


def _bell_persuade_tries(first: str) -> int:
    s = bell_position(sun={"paleharbour": 9, "mistfen": 9})
    act(s, ("play", BELL, "persuade"))
    tries = 0
    town = first
    while s.decisions and s.decisions[0].kind == "persuade":
        act(s, ("town", town), Dice(3, 3))
        tries += 1
        town = "paleharbour"
    return tries


def test_C46_the_bell_persuades_five_times_only_in_the_glasswater():
    assert _bell_persuade_tries("paleharbour") == 5
    assert _bell_persuade_tries("mistfen") == 4


def test_C47_the_bell_is_played_for_strength_only():
    s = bell_position(moon={"mistfen": 1}, sun={"paleharbour": 1})
    assert card_uses(s, BELL) == {"place", "upset", "persuade"}


def test_C47_the_bell_is_played_face_up_for_all_to_see():
    s = bell_position(moon={"mistfen": 1})
    events = act(s, ("play", BELL, "place"))
    assert any(e["type"] == "play" and e["card"] == BELL for e in COURTS.events_for(events, s.seat_of(SUN)))


def test_C48_the_bell_passes_face_down_and_is_not_playable_until_the_next_turn(monkeypatch):
    sun_card = strength_card(monkeypatch, "sun", 1)
    s = position(moon={"mistfen": 1}, sun={"noonholm": 1}, sun_hand=[sun_card])
    s.bell, s.bell_up = MOON, True
    start_moves(s, MOON, moves=1, other=1)
    act(s, ("play", BELL, "place"))
    act(s, ("done",))
    assert s.bell == SUN and not s.bell_up
    assert COURTS.view(s, None)["bell"] == {"court": "sun", "up": False}
    assert s.court_of(s.decisions[0].seat) == SUN
    assert card_uses(s, BELL) == set()  # face down: not this turn
    act(s, ("play", sun_card, "place"))
    act(s, ("done",))
    s.vigil = [5, 5]
    turn_end(s)
    assert s.bell == SUN and s.bell_up
    start_moves(s, SUN)
    assert "place" in card_uses(s, BELL)


def test_C48_the_moon_cannot_play_the_bell_twice(monkeypatch):
    card = strength_card(monkeypatch, "moon", 1)
    s = position(moon={"mistfen": 1}, moon_hand=[card])
    start_moves(s, MOON, moves=2)
    act(s, ("play", BELL, "place"))
    act(s, ("done",))
    assert card_uses(s, BELL) == set()


def test_C49_the_bell_is_never_in_a_hand_a_pile_or_the_hand_size(monkeypatch):
    s = COURTS.new_state({}, Fixed(0))
    assert BELL not in s.draw and BELL not in s.hands[MOON] + s.hands[SUN]
    s = position(draw=list(range(5000, 5020)))
    s.bell = MOON
    s.stack = [["turn_start"]]
    run(s, Fixed())
    assert len(s.hands[MOON]) == 8  # the Bell does not take a card's place
    s = bell_position(moon={"mistfen": 1})
    act(s, ("play", BELL, "place"))
    act(s, ("done",))
    assert BELL not in s.discard and BELL not in s.removed
    keep = strength_cards(monkeypatch, "moon", 1, 1)
    s = position(moon_hand=keep)
    s.bell, s.bell_up = MOON, True
    s.gifts["lamp"] = MOON
    s.vigil = [5, 5]
    turn_end(s)
    assert ("discard", BELL) not in s.decisions[0].options


def test_C50_the_bells_holder_gains_one_at_final_scoring():
    s = position(turn=10)
    s.bell, s.bell_up = SUN, False  # face down still counts
    s.stack = [["turns"]]
    run(s)
    assert s.bead == 1
    assert s.over and s.winner == SUN and s.reason == "final"
    s = position(turn=10)
    s.bell = MOON
    s.stack = [["turns"]]
    run(s)
    assert s.bead == -1 and s.winner == MOON


def test_C44_both_courts_keeping_a_fair_is_a_draw_said_as_such():
    from moontable.games.courts import COURTS
    from moontable.games.courts.rules_text import reason_text

    s = position(moon_hand=[GLASSWATER_FAIR], sun_hand=[FARROW_FAIR])
    s.vigil = [5, 5]
    turn_end(s)
    assert s.over and s.winner is None and s.reason == "fair_kept"
    assert COURTS.describe_result(s) == "A draw: both courts kept a Fair at the turn end."
    assert reason_text(s.reason, s.winner) == "both courts kept a Fair at the turn end"
