"""Rule tests for a move and the uses of strength: checklist C16-C32 (rules/courts.md)."""

from __future__ import annotations

from helpers import MOON, SUN, Dice, position, run, sway, towns
from rule_helpers import act, card_uses, event_card, start_moves, strength_card, strength_cards

from moontable.engine import IllegalAction
from moontable.games.courts.tables import GATE, TOWN_IDS

FARROW_FAIR = 3
POINTS_2 = (("points", {"n": 2}),)  # an event the Sun gains 2 points from, when it is the Sun's


def moon_gate_towns() -> set[str]:
    return {TOWN_IDS[t] for t, g in enumerate(GATE[MOON]) if g}


def sun_gate_towns() -> set[str]:
    return {TOWN_IDS[t] for t, g in enumerate(GATE[SUN]) if g}


def upset_frame(s, court: int, strength: int, town: str, die: int):
    s.stack.append(["upset", court, strength, 0, -1])
    run(s)
    assert s.decisions[0].kind == "upset"
    act(s, ("town", town), Dice(die))
    return s


def persuade_once(s, court: int, town: str, mine: int, theirs: int):
    """One persuade try by `court` in `town`; the player's die is `mine`, the other court's `theirs`."""
    s.stack.append(["persuade", court, 1, 0, -1])
    run(s)
    act(s, ("town", town), Dice(mine, theirs))
    return s


# -- C16-C21: a move ---------------------------------------------------------------------------------


def test_C16_a_move_plays_one_card_for_its_event_or_for_its_strength(monkeypatch):
    card = event_card(monkeypatch, "moon", 2, (("points", {"n": 1}),))
    keep = strength_card(monkeypatch, "moon", 1)
    s = position(sun={"mistfen": 1}, moon_hand=[card, keep])
    start_moves(s, MOON, moves=1)
    assert card_uses(s, card) == {"event", "place", "upset", "persuade", "road"}
    act(s, ("play", card, "event"))
    assert s.bead == -1
    assert s.hands[MOON] == [keep]  # one card played, the other kept
    assert card in s.discard
    assert s.moves_left == [0, 0]
    assert s.decisions == []


def test_C17_your_own_or_an_either_court_card_may_be_played_for_its_event(monkeypatch):
    own = event_card(monkeypatch, "moon", 2, (("points", {"n": 1}),))
    either = event_card(monkeypatch, "either", 2, (("points", {"n": 1}),))
    s = position(moon_hand=[own, either, FARROW_FAIR])
    start_moves(s, MOON)
    assert "event" in card_uses(s, own)
    assert "event" in card_uses(s, either)
    assert card_uses(s, FARROW_FAIR) == {"event"}  # a Fair has no strength to use
    act(s, ("play", either, "event"))
    assert s.bead == -1  # an either-court event is the player's own


def test_C17_never_the_other_courts_card_for_its_event(monkeypatch):
    theirs = event_card(monkeypatch, "sun", 2, POINTS_2)
    s = position(moon_hand=[theirs])
    start_moves(s, MOON)
    assert "event" not in card_uses(s, theirs)
    assert "place" in card_uses(s, theirs)
    try:
        act(s, ("play", theirs, "event"))
    except IllegalAction:
        pass
    else:
        raise AssertionError("the Moon played a Sun card for its event")
    assert s.hands[MOON] == [theirs]


def test_C18_any_card_may_be_used_for_strength_and_the_other_courts_event_happens(monkeypatch):
    theirs = event_card(monkeypatch, "sun", 2, POINTS_2)
    s = position(moon={"mistfen": 1}, moon_hand=[theirs])
    start_moves(s, MOON)
    act(s, ("play", theirs, "place"))
    assert s.decisions[0].kind == "order"
    act(s, ("order", "after"))
    act(s, ("town", "mistfen"))
    act(s, ("town", "mistfen"))
    assert sway(s, MOON, "mistfen") == 3  # the Moon used the 2 strength
    assert s.bead == 2  # and the Sun's event gave the Sun 2 points
    assert s.decisions == []


def test_C18_the_other_courts_event_happens_with_an_upset_too(monkeypatch):
    theirs = event_card(monkeypatch, "sun", 2, POINTS_2)
    s = position(sun={"paleharbour": 1}, moon_hand=[theirs])
    start_moves(s, MOON)
    act(s, ("play", theirs, "upset"))
    act(s, ("order", "before"))
    assert s.bead == 2
    act(s, ("town", "paleharbour"), Dice(1))  # 1 + 2 - 2 = 1: one Sun sway goes
    assert sway(s, SUN, "paleharbour") == 0


def test_C18_own_card_for_strength_fires_no_event(monkeypatch):
    own = event_card(monkeypatch, "moon", 2, (("points", {"n": 1}),))
    s = position(moon={"mistfen": 1}, moon_hand=[own])
    start_moves(s, MOON)
    act(s, ("play", own, "place"))
    assert s.decisions[0].kind == "place"  # no order question
    act(s, ("done",))
    assert s.bead == 0


def test_C19_the_player_may_have_the_other_event_before_the_use(monkeypatch):
    theirs = event_card(monkeypatch, "sun", 2, POINTS_2)
    s = position(moon={"mistfen": 1}, moon_hand=[theirs])
    start_moves(s, MOON)
    act(s, ("play", theirs, "place"))
    assert s.decisions[0].seat == s.seat_of(MOON)
    assert set(s.decisions[0].options) == {("order", "before"), ("order", "after")}
    act(s, ("order", "before"))
    assert s.bead == 2  # the Sun's event already happened
    assert s.decisions[0].kind == "place"


def test_C19_the_player_may_have_the_other_event_after_the_use(monkeypatch):
    theirs = event_card(monkeypatch, "sun", 2, POINTS_2)
    s = position(moon={"mistfen": 1}, moon_hand=[theirs])
    start_moves(s, MOON)
    act(s, ("play", theirs, "place"))
    act(s, ("order", "after"))
    assert s.decisions[0].kind == "place"
    assert s.bead == 0  # not yet
    act(s, ("done",))
    assert s.bead == 2


def test_C20_a_starred_card_whose_event_happens_leaves_the_game(monkeypatch):
    starred = event_card(monkeypatch, "moon", 2, (("points", {"n": 1}),), starred=True)
    s = position(moon_hand=[starred])
    start_moves(s, MOON)
    act(s, ("play", starred, "event"))
    assert starred in s.removed and starred not in s.discard


def test_C20_an_unstarred_card_goes_to_the_discard_pile(monkeypatch):
    plain = event_card(monkeypatch, "moon", 2, (("points", {"n": 1}),))
    s = position(moon_hand=[plain])
    start_moves(s, MOON)
    act(s, ("play", plain, "event"))
    assert plain in s.discard and plain not in s.removed


def test_C20_a_starred_other_court_card_used_for_strength_leaves_the_game(monkeypatch):
    theirs = event_card(monkeypatch, "sun", 2, POINTS_2, starred=True)
    s = position(moon={"mistfen": 1}, moon_hand=[theirs])
    start_moves(s, MOON)
    act(s, ("play", theirs, "place"))
    act(s, ("order", "before"))
    act(s, ("done",))
    assert theirs in s.removed and theirs not in s.discard


def test_C20_a_starred_herald_leaves_the_game(monkeypatch):
    starred = event_card(monkeypatch, "moon", 2, (("points", {"n": 1}),), starred=True)
    other = event_card(monkeypatch, "sun", 1, ())
    s = position(moon_hand=[starred], sun_hand=[other])
    s.stack = [["heralds"]]
    run(s)
    act(s, ("herald", starred), seat=0)
    act(s, ("herald", other), seat=1)
    assert starred in s.removed
    assert other in s.discard


def test_C21_a_starred_own_card_used_for_strength_goes_to_the_discard_pile(monkeypatch):
    own = strength_card(monkeypatch, "moon", 2, starred=True)
    either = strength_card(monkeypatch, "either", 2, starred=True)
    s = position(moon={"mistfen": 1}, moon_hand=[own, either])
    start_moves(s, MOON, moves=2)
    act(s, ("play", own, "place"))
    act(s, ("done",))
    act(s, ("play", either, "place"))
    act(s, ("done",))
    assert own in s.discard and either in s.discard
    assert s.removed == []


def test_C21_a_starred_other_court_card_whose_event_cannot_happen_goes_to_the_discard_pile(monkeypatch):
    never = {"if": "turn_at_least", "n": 11}
    theirs = event_card(monkeypatch, "sun", 2, POINTS_2, starred=True, requires=never)
    s = position(moon={"mistfen": 1}, moon_hand=[theirs])
    start_moves(s, MOON)
    act(s, ("play", theirs, "place"))
    act(s, ("order", "before"))
    act(s, ("done",))
    assert s.bead == 0
    assert theirs in s.discard and theirs not in s.removed


# -- C22, C23: placing ----------------------------------------------------------------------------------


def test_C22_open_towns_are_your_towns_their_neighbours_and_your_gate(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(moon={"wyrmford": 1}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    expected = {"wyrmford", "crownmoor", "thornhallow", "glimmerweir"} | moon_gate_towns()
    assert set(towns(s)) == expected
    assert ("done",) in s.decisions[0].options


def test_C22_open_towns_are_fixed_at_the_start_of_the_move(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(moon={"wyrmford": 1}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    act(s, ("town", "thornhallow"))
    # thornhallow's neighbours (duskbarrow, reedmoon) did not open by this placement
    assert "duskbarrow" not in towns(s) and "reedmoon" not in towns(s)
    act(s, ("town", "thornhallow"))
    assert sway(s, MOON, "thornhallow") == 2


def test_C22_towns_open_at_the_start_of_the_move_stay_open_after_the_other_event(monkeypatch):
    # The Sun's event, had before the use, takes the Moon's only sway off the map: the towns that were
    # open when the Moon began its move (wyrmford and its neighbours) are still open for this placing.
    purge = event_card(monkeypatch, "sun", 2, (("remove", {"n": 1, "towns": ("wyrmford",)}),))
    s = position(moon={"wyrmford": 1}, moon_hand=[purge])
    start_moves(s, MOON)
    act(s, ("play", purge, "place"))
    act(s, ("order", "before"))
    act(s, ("town", "wyrmford"))  # the Sun removes it
    assert sway(s, MOON, "wyrmford") == 0
    assert s.decisions[0].kind == "place"
    assert set(towns(s)) == {"wyrmford", "crownmoor", "thornhallow", "glimmerweir"} | moon_gate_towns()


def test_C22_with_no_sway_only_the_gate_towns_are_open(monkeypatch):
    card = strength_card(monkeypatch, "sun", 1)
    s = position(sun_hand=[card])
    start_moves(s, SUN)
    act(s, ("play", card, "place"))
    assert set(towns(s)) == sun_gate_towns()


def test_C22_one_sway_per_point(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(moon={"mistfen": 1}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    for town in ("mistfen", "gullhaven", "nightheron"):
        act(s, ("town", town))
    assert s.decisions == []
    assert [sway(s, MOON, t) for t in ("mistfen", "gullhaven", "nightheron")] == [2, 1, 1]


def test_C23_placing_in_a_held_town_costs_two_then_one_once_the_hold_is_broken(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(moon={"thornhallow": 1}, sun={"wyrmford": 2}, moon_hand=[card])  # wyrmford: steadiness 2
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    act(s, ("town", "wyrmford"))  # the Sun holds it (2 >= 2 + 0): 2 points
    assert sway(s, MOON, "wyrmford") == 1
    assert "wyrmford" in towns(s)  # the hold is broken (2 < 2 + 1): the last point buys one more
    act(s, ("town", "wyrmford"))
    assert sway(s, MOON, "wyrmford") == 2
    assert s.decisions == []  # 3 points spent: 2 + 1


def test_C23_a_hold_not_yet_broken_still_costs_two(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(moon={"thornhallow": 1}, sun={"wyrmford": 3}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    act(s, ("town", "wyrmford"))  # 2 points; the Sun still holds (3 >= 2 + 1)
    assert "wyrmford" not in towns(s)  # 1 point left cannot pay 2
    assert "thornhallow" in towns(s)
    act(s, ("town", "thornhallow"))
    assert sway(s, MOON, "wyrmford") == 1 and sway(s, MOON, "thornhallow") == 2


def test_C23_four_points_buy_two_sway_against_a_firm_hold(monkeypatch):
    card = strength_card(monkeypatch, "moon", 4)
    s = position(moon={"thornhallow": 1}, sun={"wyrmford": 3}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    act(s, ("town", "wyrmford"))  # 2: still held after it
    act(s, ("town", "wyrmford"))  # 2: now 2 < 2 + 2... the hold breaks with this one
    assert sway(s, MOON, "wyrmford") == 2
    assert s.decisions == []


def test_C23_a_one_point_card_cannot_enter_a_held_town(monkeypatch):
    card = strength_card(monkeypatch, "moon", 1)
    s = position(moon={"thornhallow": 1}, sun={"wyrmford": 2}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    assert "wyrmford" not in towns(s)
    assert "crownmoor" in towns(s) or "thornhallow" in towns(s)


def test_C23_a_town_that_is_not_held_costs_one(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(moon={"thornhallow": 1}, sun={"wyrmford": 1}, moon_hand=[card])  # 1 < 2: not held
    start_moves(s, MOON)
    act(s, ("play", card, "place"))
    act(s, ("town", "wyrmford"))
    act(s, ("town", "wyrmford"))
    assert sway(s, MOON, "wyrmford") == 2


# -- C24-C27: upsets --------------------------------------------------------------------------------------


def test_C24_an_upset_targets_only_towns_with_the_other_courts_sway(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(moon={"saltcote": 2, "mistfen": 1}, sun={"paleharbour": 2, "mistfen": 1}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "upset"))
    assert set(towns(s)) == {"paleharbour", "mistfen"}


def test_C24_no_upset_is_offered_without_a_target(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(moon={"saltcote": 2}, moon_hand=[card])
    start_moves(s, MOON)
    assert "upset" not in card_uses(s, card)
    assert "persuade" not in card_uses(s, card)


def test_C24_upset_result_is_die_plus_strength_less_twice_steadiness(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(sun={"heronglass": 5}, moon_hand=[card])  # heronglass: steadiness 2
    start_moves(s, MOON)
    act(s, ("play", card, "upset"))
    act(s, ("town", "heronglass"), Dice(4))  # 4 + 3 - 4 = 3
    assert sway(s, SUN, "heronglass") == 2
    assert sway(s, MOON, "heronglass") == 0


def test_C25_points_above_zero_remove_their_sway_and_the_rest_become_yours(monkeypatch):
    card = strength_card(monkeypatch, "moon", 3)
    s = position(sun={"paleharbour": 2}, moon_hand=[card])  # paleharbour: steadiness 1
    start_moves(s, MOON)
    act(s, ("play", card, "upset"))
    act(s, ("town", "paleharbour"), Dice(4))  # 4 + 3 - 2 = 5: two removed, three left over
    assert sway(s, SUN, "paleharbour") == 0
    assert sway(s, MOON, "paleharbour") == 3


def test_C25_a_result_equal_to_their_sway_leaves_nothing_over():
    s = position(sun={"paleharbour": 2})
    upset_frame(s, MOON, 1, "paleharbour", 3)  # 3 + 1 - 2 = 2
    assert (sway(s, MOON, "paleharbour"), sway(s, SUN, "paleharbour")) == (0, 0)


def test_C25_a_small_result_removes_only_part():
    s = position(sun={"paleharbour": 2})
    upset_frame(s, MOON, 1, "paleharbour", 2)  # 2 + 1 - 2 = 1
    assert (sway(s, MOON, "paleharbour"), sway(s, SUN, "paleharbour")) == (0, 1)


def test_C25_left_over_sway_adds_to_sway_already_there():
    s = position(moon={"paleharbour": 1}, sun={"paleharbour": 1})
    upset_frame(s, MOON, 2, "paleharbour", 3)  # 3 + 2 - 2 = 3: one removed, two added
    assert (sway(s, MOON, "paleharbour"), sway(s, SUN, "paleharbour")) == (3, 0)


def test_C25_the_sun_upsets_the_same_way():
    s = position(moon={"mistfen": 3})  # mistfen: steadiness 1
    upset_frame(s, SUN, 4, "mistfen", 6)  # 6 + 4 - 2 = 8: three removed, five added
    assert (sway(s, MOON, "mistfen"), sway(s, SUN, "mistfen")) == (0, 5)


def test_C26_a_result_of_zero_changes_nothing_but_fills_the_vigil():
    s = position(sun={"paleharbour": 2})
    upset_frame(s, MOON, 1, "paleharbour", 1)  # 1 + 1 - 2 = 0
    assert (sway(s, MOON, "paleharbour"), sway(s, SUN, "paleharbour")) == (0, 2)
    assert s.vigil[MOON] == 1
    assert s.truce == 5  # not a keystone


def test_C26_a_negative_result_in_a_keystone_still_snuffs_a_candle():
    s = position(sun={"crownmoor": 2})  # crownmoor: steadiness 4, keystone
    upset_frame(s, MOON, 3, "crownmoor", 2)  # 2 + 3 - 8 = -3
    assert (sway(s, MOON, "crownmoor"), sway(s, SUN, "crownmoor")) == (0, 2)
    assert s.vigil[MOON] == 3
    assert s.truce == 4


def test_C27_an_upset_in_a_keystone_snuffs_one_candle():
    s = position(sun={"lanternmere": 1})  # lanternmere: keystone, steadiness 3
    upset_frame(s, MOON, 4, "lanternmere", 6)  # 6 + 4 - 6 = 4
    assert s.truce == 4
    assert (sway(s, MOON, "lanternmere"), sway(s, SUN, "lanternmere")) == (3, 0)


def test_C27_an_upset_elsewhere_leaves_the_truce_alone():
    s = position(sun={"heronglass": 1})  # not a keystone
    upset_frame(s, MOON, 4, "heronglass", 6)
    assert s.truce == 5


def test_C27_each_keystone_upset_snuffs_another():
    s = position(sun={"lanternmere": 9, "brightholm": 9}, truce=5)
    upset_frame(s, MOON, 2, "lanternmere", 1)
    upset_frame(s, MOON, 2, "brightholm", 1)
    assert s.truce == 3


# -- C28-C30: persuading ----------------------------------------------------------------------------------


def test_C28_persuade_gives_one_try_per_point_and_tries_may_change_town(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(moon={"paleharbour": 1, "mistfen": 1}, sun={"paleharbour": 1, "mistfen": 1}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "persuade"))
    assert set(towns(s)) == {"paleharbour", "mistfen"}
    act(s, ("town", "paleharbour"), Dice(3, 3))  # a tie
    assert set(towns(s)) == {"paleharbour", "mistfen"}
    act(s, ("town", "mistfen"), Dice(3, 3))
    assert s.decisions == []  # two points, two tries


def test_C28_a_town_without_their_sway_is_no_longer_a_target(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(moon={"paleharbour": 1, "mistfen": 1}, sun={"paleharbour": 1, "mistfen": 1}, moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "persuade"))
    act(s, ("town", "mistfen"), Dice(6, 1))
    assert sway(s, SUN, "mistfen") == 0
    assert set(towns(s)) == {"paleharbour"}


def test_C29_without_modifiers_equal_dice_tie():
    s = position(moon={"ashenwick": 1}, sun={"ashenwick": 1})
    persuade_once(s, MOON, "ashenwick", 3, 3)
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (1, 1)


def test_C29_the_players_die_is_rolled_first():
    s = position(moon={"ashenwick": 1}, sun={"ashenwick": 1})
    persuade_once(s, MOON, "ashenwick", 4, 3)
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (1, 0)
    s = position(moon={"ashenwick": 1}, sun={"ashenwick": 1})
    persuade_once(s, MOON, "ashenwick", 3, 4)
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (0, 1)


def test_C29_plus_one_per_held_town_next_to_the_target():
    s = position(moon={"ashenwick": 1, "greyvane": 2}, sun={"ashenwick": 1})  # the Moon holds greyvane
    persuade_once(s, MOON, "ashenwick", 3, 3)  # 4 against 3
    assert sway(s, SUN, "ashenwick") == 0


def test_C29_two_held_neighbours_give_plus_two():
    s = position(moon={"ashenwick": 2, "greyvane": 2, "cinderholt": 2}, sun={"ashenwick": 2})
    persuade_once(s, MOON, "ashenwick", 2, 3)  # 2 + 2 against 3
    assert sway(s, SUN, "ashenwick") == 1


def test_C29_a_neighbour_with_sway_but_not_held_gives_nothing():
    s = position(moon={"ashenwick": 1, "greyvane": 1}, sun={"ashenwick": 1})  # 1 < steadiness 2
    persuade_once(s, MOON, "ashenwick", 3, 3)
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (1, 1)


def test_C29_plus_one_for_more_sway_in_the_target():
    s = position(moon={"ashenwick": 2}, sun={"ashenwick": 1})  # 2 < 2 + 1: not held, but more sway
    persuade_once(s, MOON, "ashenwick", 3, 3)
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (2, 0)


def test_C29_plus_one_next_to_your_gate():
    s = position(moon={"mirrormere": 1}, sun={"mirrormere": 1})  # mirrormere is next to the Moon's gate
    persuade_once(s, MOON, "mirrormere", 3, 3)
    assert (sway(s, MOON, "mirrormere"), sway(s, SUN, "mirrormere")) == (1, 0)


def test_C29_the_other_courts_modifiers_count_for_it():
    s = position(moon={"ashenwick": 1}, sun={"ashenwick": 1, "brandhearth": 4})  # the Sun holds brandhearth
    persuade_once(s, MOON, "ashenwick", 3, 3)  # 3 against 4: the persuader loses
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (0, 1)
    s = position(moon={"cinderholt": 1}, sun={"cinderholt": 1})  # next to the Sun's gate
    persuade_once(s, MOON, "cinderholt", 3, 3)
    assert (sway(s, MOON, "cinderholt"), sway(s, SUN, "cinderholt")) == (0, 1)
    s = position(moon={"ashenwick": 1}, sun={"ashenwick": 2})  # the Sun has more sway there
    persuade_once(s, MOON, "ashenwick", 4, 3)  # 4 against 4
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (1, 2)


def test_C29_all_three_modifiers_add_up():
    s = position(moon={"mirrormere": 3, "brinewick": 3, "lanternmere": 3}, sun={"mirrormere": 4})
    # held neighbours brinewick and lanternmere (+2), gate (+1); the Sun has more sway (+1 for it)
    persuade_once(s, MOON, "mirrormere", 1, 2)  # 1 + 3 = 4 against 2 + 1 = 3
    assert sway(s, SUN, "mirrormere") == 3


def test_C30_the_higher_total_removes_the_difference():
    s = position(moon={"ashenwick": 1}, sun={"ashenwick": 4})
    persuade_once(s, MOON, "ashenwick", 6, 2)  # 6 against 2 + 1 (more sway): 3
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (1, 1)


def test_C30_never_below_zero():
    s = position(moon={"ashenwick": 1}, sun={"ashenwick": 1})
    persuade_once(s, MOON, "ashenwick", 6, 1)  # a difference of 5 against 1 sway
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (1, 0)


def test_C30_a_tie_does_nothing_even_with_modifiers():
    s = position(moon={"ashenwick": 1, "greyvane": 2}, sun={"ashenwick": 1})
    persuade_once(s, MOON, "ashenwick", 2, 3)  # 2 + 1 against 3
    assert (sway(s, MOON, "ashenwick"), sway(s, SUN, "ashenwick")) == (1, 1)


# -- C31, C32: the Star Road and the vigil ----------------------------------------------------------------


def _kinds(events) -> list[str]:
    return [e["type"] for e in events if e["type"] in ("road_try", "points")]


def test_C31_the_other_courts_card_on_the_star_road_gives_them_its_event_before_the_roll(monkeypatch):
    theirs = event_card(monkeypatch, "sun", 2, (("points", {"n": 3}),), starred=True)
    s = position(moon_hand=[theirs])
    start_moves(s, MOON)
    act(s, ("play", theirs, "road"))
    assert s.decisions[0].kind == "order" and s.decisions[0].seat == s.seat_of(MOON)  # C19: the Moon chooses
    events = act(s, ("order", "before"), Dice(4))  # the Sun's 3 points, then at or under 4: Lamp Hill
    assert s.road[MOON] == 1
    assert s.bead == 3 - 1  # the Sun's event gave it 3, Lamp Hill the Moon 1
    assert _kinds(events) == ["points", "road_try", "points"]
    assert theirs in s.removed and theirs not in s.discard  # C20: a starred card whose event happened
    assert s.decisions == []


def test_C31_the_other_courts_card_on_the_star_road_gives_them_its_event_after_the_roll(monkeypatch):
    theirs = event_card(monkeypatch, "sun", 2, (("points", {"n": 3}),), starred=True)
    s = position(moon_hand=[theirs])
    start_moves(s, MOON)
    act(s, ("play", theirs, "road"))
    events = act(s, ("order", "after"), Dice(5))  # a miss: over 4
    assert s.road[MOON] == 0 and s.road_tries[MOON] == 1
    assert _kinds(events) == ["road_try", "points"] and s.bead == 3
    assert theirs in s.removed


def test_C31_an_own_starred_card_on_the_star_road_fires_no_event_and_is_discarded(monkeypatch):
    own = event_card(monkeypatch, "moon", 2, (("points", {"n": 3}),), starred=True)
    s = position(moon_hand=[own])
    start_moves(s, MOON)
    act(s, ("play", own, "road"), Dice(4))  # no order question: an own card's event never comes with it
    assert s.road[MOON] == 1 and s.bead == -1
    assert own in s.discard and own not in s.removed  # C21
    assert s.decisions == []


def test_C31_a_courts_2_game_keeps_the_reading_it_was_played_under(monkeypatch):
    """courts/2 records replay as they were played: there the Star Road gave no event."""
    from moontable.games.courts import COURTS

    assert COURTS.at_rules("courts/2").level == 2 and COURTS.rules_version == "courts/3"
    theirs = event_card(monkeypatch, "sun", 2, (("points", {"n": 3}),), starred=True)
    s = position(moon_hand=[theirs])
    s.rules = 2
    start_moves(s, MOON)
    act(s, ("play", theirs, "road"), Dice(4))
    assert s.road[MOON] == 1 and s.bead == -1
    assert theirs in s.discard and theirs not in s.removed


def test_C31_the_card_must_have_the_next_steps_strength(monkeypatch):
    weak = strength_card(monkeypatch, "moon", 1)
    strong = strength_card(monkeypatch, "moon", 2)
    s = position(moon_hand=[weak, strong])
    start_moves(s, MOON)
    assert "road" not in card_uses(s, weak)
    assert "road" in card_uses(s, strong)


def test_C31_a_roll_over_the_number_fails_and_the_card_is_spent(monkeypatch):
    card = strength_card(monkeypatch, "moon", 2)
    s = position(moon_hand=[card])
    start_moves(s, MOON)
    act(s, ("play", card, "road"), Dice(5))
    assert s.road[MOON] == 0 and s.bead == 0
    assert card in s.discard and s.hands[MOON] == []


def test_C32_upsets_fill_the_vigil_with_their_strength(monkeypatch):
    three, two = strength_card(monkeypatch, "moon", 3), strength_card(monkeypatch, "moon", 2)
    s = position(sun={"heronglass": 9, "mistfen": 9}, moon_hand=[three, two])
    start_moves(s, MOON, moves=2)
    act(s, ("play", three, "upset"))
    act(s, ("town", "heronglass"), Dice(1))
    assert s.vigil == [3, 0]
    act(s, ("play", two, "upset"))
    act(s, ("town", "mistfen"), Dice(6))
    assert s.vigil == [5, 0]


def test_C32_placing_and_persuading_do_not_fill_the_vigil(monkeypatch):
    place, persuade = strength_cards(monkeypatch, "moon", 3, 2)
    s = position(moon={"mistfen": 1}, sun={"heronglass": 9}, moon_hand=[place, persuade])
    start_moves(s, MOON, moves=2)
    act(s, ("play", place, "place"))
    for _ in range(3):
        act(s, ("town", "mistfen"))
    act(s, ("play", persuade, "persuade"))
    for _ in range(3):
        act(s, ("town", "heronglass"), Dice(3, 3))
    assert s.vigil == [0, 0]
