"""Rule tests for the decks, the Star Road and the end of the game: checklist C51-C62 (rules/courts.md)."""

from __future__ import annotations

import pytest
from helpers import MOON, SUN, Dice, fire, position, run
from rule_helpers import (
    Fixed,
    act,
    card_uses,
    decision_of,
    event_card,
    make_card,
    start_moves,
    strength_card,
    strength_cards,
    turn_end,
)

from moontable.games.courts import COURTS
from moontable.games.courts.cards import ERA_CARDS

HIGHWOLD_FAIR, SALTMARSH_FAIR = 1, 2

# The seed's table: step -> (card strength needed, roll at or under, first reward, second reward).
ROAD = {
    1: (2, 4, 1, None),
    2: (2, 4, "seer", None),
    3: (2, 3, 2, 1),
    4: (3, 4, "kites", None),
    5: (3, 3, 2, None),
    6: (3, 4, "lamp", None),
    7: (4, 3, 3, 1),
    8: (4, 2, 4, 2),
}
GIFT_STEP = {"seer": 2, "kites": 4, "lamp": 6}


def full_hands(n: int) -> tuple[list[int], list[int]]:
    """Two hands of n placeholder cards: dealing will draw nothing for them."""
    return list(range(6000, 6000 + n)), list(range(7000, 7000 + n))


def turn_start(s, chance=None):
    s.stack.append(["turn_start"])
    return run(s, chance or Fixed())


def road_try(s, court: int, card: int, die: int):
    """`court` puts `card` (from its hand) on the Star Road as its move, rolling `die`."""
    if card not in s.hands[court]:
        s.hands[court].append(card)
    start_moves(s, court)
    act(s, ("play", card, "road"), Dice(die))
    return s


# -- C51, C52: decks ---------------------------------------------------------------------------------------


def test_C51_a_new_game_draws_from_the_thaw_cards_only():
    s = COURTS.new_state({}, Fixed(0))
    assert sorted(s.draw + s.hands[MOON] + s.hands[SUN]) == sorted(ERA_CARDS["thaw"])


def test_C51_the_bloom_cards_are_shuffled_in_at_turn_4():
    moon, sun = full_hands(9)
    old = [1, 2, 3]
    s = position(turn=3, moon_hand=moon, sun_hand=sun, draw=old)
    chance = Fixed()
    turn_start(s, chance)
    assert s.turn == 4
    assert sorted(s.draw) == sorted(old + list(ERA_CARDS["bloom"]))
    n = len(s.draw)
    assert chance.asked[: n - 1] == list(range(n, 1, -1))  # one shuffle of the whole new pile


def test_C51_the_harvest_cards_are_shuffled_in_at_turn_8(monkeypatch):
    harvest = list(ERA_CARDS["harvest"])
    if not harvest:  # the Harvest cards are not written yet: stand-ins keep the rule tested
        harvest = [make_card(monkeypatch, court="moon", strength=2) for _ in range(3)]
        monkeypatch.setitem(ERA_CARDS, "harvest", tuple(harvest))
    moon, sun = full_hands(9)
    s = position(turn=7, moon_hand=moon, sun_hand=sun, draw=[5])
    turn_start(s)
    assert s.turn == 8
    assert sorted(s.draw) == sorted([5] + harvest)
    assert not set(ERA_CARDS["bloom"]) & set(s.draw)  # the Bloom cards came once, at turn 4


def test_C51_no_cards_join_at_other_turns():
    for before in (0, 1, 2, 4, 5, 6, 8, 9):
        hand = 8 if before + 1 < 4 else 9
        moon, sun = full_hands(hand)
        s = position(turn=before, moon_hand=moon, sun_hand=sun, draw=[4, 5])
        turn_start(s)
        assert sorted(s.draw) == [4, 5], before


def test_C52_an_empty_draw_pile_takes_the_shuffled_discard_pile():
    moon, sun = full_hands(8)
    s = position(turn=1, moon_hand=moon[:5], sun_hand=sun)
    s.discard = [4, 5, 6]
    s.removed = [7]
    turn_start(s)
    assert sorted(s.hands[MOON]) == sorted(moon[:5] + [4, 5, 6])
    assert s.discard == [] and s.draw == []
    assert s.removed == [7]  # a card that left the game never comes back


def test_C52_the_reshuffle_happens_when_the_draw_pile_runs_out_mid_deal():
    moon, sun = full_hands(8)
    s = position(turn=1, moon_hand=moon[:6], sun_hand=sun, draw=[9])
    s.discard = [4, 5]
    turn_start(s)
    assert 9 in s.hands[MOON] and len(s.hands[MOON]) == 8
    assert len(s.draw) == 1 and set(s.draw) < {4, 5} and s.discard == []


def test_C52_with_both_piles_empty_hands_stay_short():
    s = position(turn=1, moon_hand=[4], sun_hand=[])
    turn_start(s)
    assert s.hands == [[4], []]


# -- C53-C59: the Star Road --------------------------------------------------------------------------------


def test_C53_one_star_road_try_a_turn(monkeypatch):
    a, b = strength_cards(monkeypatch, "moon", 2, 2)
    s = position(moon_hand=[a, b])
    start_moves(s, MOON, moves=2)
    act(s, ("play", a, "road"), Dice(6))  # a miss still uses the try
    assert s.road[MOON] == 0
    assert "road" not in card_uses(s, b)
    act(s, ("play", b, "place"))
    act(s, ("done",))
    assert s.road_tries[MOON] == 1


def test_C53_the_try_resets_at_the_turn_start(monkeypatch):
    a, b = strength_cards(monkeypatch, "moon", 2, 2)
    s = position(moon_hand=[a, b])
    s.road_tries = [1, 0]
    start_moves(s, MOON)
    assert "road" not in card_uses(s, a)
    s.stack.clear()
    s.decisions = []
    turn_start(s)
    start_moves(s, MOON)
    assert "road" in card_uses(s, a)


def test_C53_a_court_tries_for_the_step_after_its_own(monkeypatch):
    two = strength_card(monkeypatch, "moon", 2)
    three = strength_card(monkeypatch, "moon", 3)
    s = position(moon_hand=[two, three])
    s.road = [3, 0]
    start_moves(s, MOON)
    assert "road" not in card_uses(s, two)  # step 4 needs 3
    act(s, ("play", three, "road"), Dice(4))
    assert s.road[MOON] == 4


def test_C53_each_court_has_its_own_try(monkeypatch):
    m = strength_card(monkeypatch, "moon", 2)
    x = strength_card(monkeypatch, "sun", 2)
    s = position(moon_hand=[m], sun_hand=[x])
    start_moves(s, MOON, moves=1, other=1)
    act(s, ("play", m, "road"), Dice(1))
    assert "road" in card_uses(s, x)
    act(s, ("play", x, "road"), Dice(1))
    assert s.road == [1, 1]


@pytest.mark.parametrize("step", sorted(ROAD))
def test_C54_each_step_needs_its_card_strength(monkeypatch, step):
    need = ROAD[step][0]
    weak = strength_card(monkeypatch, "moon", need - 1)
    strong = strength_card(monkeypatch, "moon", need)
    s = position(moon_hand=[weak, strong])
    s.road = [step - 1, 0]
    start_moves(s, MOON)
    assert "road" not in card_uses(s, weak)
    assert "road" in card_uses(s, strong)


@pytest.mark.parametrize("step", sorted(ROAD))
def test_C54_each_step_needs_a_roll_at_or_under_its_number(monkeypatch, step):
    card = strength_card(monkeypatch, "moon", 4)
    roll = ROAD[step][1]
    s = position()
    s.road = [step - 1, 0]
    road_try(s, MOON, card, roll + 1)
    assert s.road[MOON] == step - 1
    s = position()
    s.road = [step - 1, 0]
    road_try(s, MOON, card, roll)
    assert s.road[MOON] == step


def test_C54_the_last_step_ends_the_road(monkeypatch):
    card = strength_card(monkeypatch, "moon", 4)
    s = position(moon_hand=[card])
    s.road = [8, 0]
    start_moves(s, MOON)
    assert "road" not in card_uses(s, card)


@pytest.mark.parametrize("step", sorted(ROAD))
def test_C55_the_first_court_to_a_step_gets_the_first_reward(monkeypatch, step):
    card = strength_card(monkeypatch, "moon", 4)
    s = position()
    s.road = [step - 1, step - 1]
    road_try(s, MOON, card, 1)
    first = ROAD[step][2]
    if isinstance(first, str):
        assert s.gifts[first] == MOON and s.bead == 0
    else:
        assert s.bead == -first


@pytest.mark.parametrize("step", sorted(ROAD))
def test_C55_the_second_court_gets_the_second_reward_or_nothing(monkeypatch, step):
    card = strength_card(monkeypatch, "sun", 4)
    s = position()
    s.road = [step, step - 1]  # the Moon got there first
    first = ROAD[step][2]
    if isinstance(first, str):
        s.gifts[first] = MOON
    road_try(s, SUN, card, 1)
    assert s.road[SUN] == step
    second = ROAD[step][3]
    assert s.bead == (second or 0)
    assert SUN not in s.gifts.values()


def test_C56_the_seer_chooses_its_herald_after_seeing_the_other(monkeypatch):
    m1, m2 = (event_card(monkeypatch, "moon", n, ()) for n in (1, 2))
    x = event_card(monkeypatch, "sun", 3, ())
    s = position(moon_hand=[m1, m2], sun_hand=[x])
    s.gifts["seer"] = MOON
    s.stack = [["heralds"]]
    run(s)
    assert [d.seat for d in s.decisions] == [s.seat_of(SUN)]  # the Sun first, alone
    act(s, ("herald", x))
    assert decision_of(s, MOON) is not None
    assert COURTS.view(s, s.seat_of(MOON))["courts"][SUN]["herald"] == x  # the Seer sees it
    assert COURTS.view(s, None)["courts"][SUN]["herald"] is None  # nobody else does
    act(s, ("herald", m2))
    assert s.decisions == [] and s.herald_shown


def test_C56_the_sun_may_hold_the_seer_too(monkeypatch):
    m = event_card(monkeypatch, "moon", 1, ())
    x = event_card(monkeypatch, "sun", 1, ())
    s = position(moon_hand=[m], sun_hand=[x])
    s.gifts["seer"] = SUN
    s.stack = [["heralds"]]
    run(s)
    assert [d.seat for d in s.decisions] == [s.seat_of(MOON)]
    act(s, ("herald", m))
    assert COURTS.view(s, s.seat_of(SUN))["courts"][MOON]["herald"] == m


def test_C57_twin_kites_give_two_tries_a_turn(monkeypatch):
    a, b, c = strength_cards(monkeypatch, "moon", 2, 3)
    s = position(moon_hand=[a, b, c])
    s.gifts["kites"] = MOON
    start_moves(s, MOON, moves=3)
    act(s, ("play", a, "road"), Dice(6))
    assert "road" in card_uses(s, b)
    act(s, ("play", b, "road"), Dice(6))
    assert "road" not in card_uses(s, c)


def test_C57_twin_kites_serve_only_their_holder(monkeypatch):
    a, b = strength_cards(monkeypatch, "sun", 2, 2)
    s = position(sun_hand=[a, b])
    s.gifts["kites"] = MOON
    start_moves(s, SUN, moves=2)
    act(s, ("play", a, "road"), Dice(6))
    assert "road" not in card_uses(s, b)


def test_C58_the_lamp_keeper_may_let_one_card_go_at_the_turn_end(monkeypatch):
    a, b = strength_cards(monkeypatch, "moon", 2, 2)
    s = position(moon_hand=[a, b], sun_hand=[strength_card(monkeypatch, "sun", 2)])
    s.gifts["lamp"] = MOON
    s.vigil = [5, 5]
    turn_end(s)
    assert [d.seat for d in s.decisions] == [s.seat_of(MOON)]
    assert set(s.decisions[0].options) == {("discard", a), ("discard", b), ("keep",)}
    act(s, ("discard", a))
    assert s.hands[MOON] == [b] and a in s.discard
    assert s.truce == 5 and not s.over


def test_C58_the_lamp_keeper_saves_a_court_from_keeping_a_fair():
    s = position(moon_hand=[SALTMARSH_FAIR])
    s.gifts["lamp"] = MOON
    s.vigil = [5, 5]
    turn_end(s)
    act(s, ("discard", SALTMARSH_FAIR))
    assert not s.over and SALTMARSH_FAIR in s.discard
    s = position(moon_hand=[SALTMARSH_FAIR])
    s.gifts["lamp"] = MOON
    s.vigil = [5, 5]
    turn_end(s)
    act(s, ("keep",))
    assert s.over and s.winner == SUN and s.reason == "fair_kept"


def test_C58_without_the_lamp_keeper_no_card_may_go():
    s = position(moon_hand=[SALTMARSH_FAIR])
    s.vigil = [5, 5]
    turn_end(s)
    assert s.over and s.reason == "fair_kept"


@pytest.mark.parametrize("gift", sorted(GIFT_STEP))
def test_C59_a_gift_lasts_until_the_other_court_reaches_its_step(monkeypatch, gift):
    step = GIFT_STEP[gift]
    card = strength_card(monkeypatch, "sun", 4)
    s = position()
    s.road = [step, step - 2]
    s.gifts[gift] = MOON
    road_try(s, SUN, card, 1)  # the Sun one step short: the gift stays
    assert s.road[SUN] == step - 1 and s.gifts[gift] == MOON
    s.vigil = [5, 5]
    turn_end(s)  # a turn end does not take it either
    assert s.gifts[gift] == MOON
    s.discard.clear()
    turn_start(s)  # the next turn: a new try
    road_try(s, SUN, card, 1)
    assert s.road[SUN] == step
    assert s.gifts[gift] == -1  # gone, and not to the Sun


def test_C59_an_event_that_moves_the_other_court_up_the_road_ends_the_gift(monkeypatch):
    climb = event_card(monkeypatch, "sun", 2, (("road", {"steps": 1}),))
    s = position()
    s.road = [2, 1]
    s.gifts["seer"] = MOON
    fire(s, climb, SUN)
    assert s.road[SUN] == 2 and s.gifts["seer"] == -1


# -- C60-C62: the end --------------------------------------------------------------------------------------


def _twenty(monkeypatch):
    s = position()
    s.bead = -19
    card = strength_card(monkeypatch, "moon", 2)
    s.hands[MOON].append(card)
    s.hands[SUN].append(strength_card(monkeypatch, "sun", 2))
    start_moves(s, MOON, moves=6, other=6)
    act(s, ("play", card, "road"), Dice(1))  # Lamp Hill first: the twentieth point
    return s, MOON, "twenty"


def _highwold(monkeypatch):
    s = position(sun={"crownmoor": 4, "hallowcrest": 3, "duskbarrow": 3})
    fire(s, HIGHWOLD_FAIR, MOON)
    return s, SUN, "highwold"


def _truce(monkeypatch):
    s = position(moon={"brightholm": 1}, truce=2)
    s.stack.append(["upset", SUN, 2, 0, -1])
    s.active = SUN
    run(s)
    act(s, ("town", "brightholm"), Dice(1))
    return s, MOON, "truce"


def _fair_kept(monkeypatch):
    s = position(sun_hand=[SALTMARSH_FAIR])
    s.vigil = [5, 5]
    turn_end(s)
    return s, MOON, "fair_kept"


@pytest.mark.parametrize("how", [_twenty, _highwold, _truce, _fair_kept], ids=lambda f: f.__name__.strip("_"))
def test_C60_each_way_of_winning_ends_the_game_at_once(monkeypatch, how):
    s, winner, reason = how(monkeypatch)
    assert s.over and s.winner == winner and s.reason == reason
    assert s.decisions == [] and s.stack == []
    assert COURTS.pending(s) == []
    result = COURTS.result(s)
    assert result.winner == s.seat_of(winner) and result.reason == reason


def test_C60_the_result_names_the_seat_of_the_winning_court():
    s = position(sun_hand=[SALTMARSH_FAIR])
    s.moon_seat = 1  # seat 1 leads the Moon
    s.vigil = [5, 5]
    turn_end(s)
    assert COURTS.result(s).winner == 1


def test_C61_after_turn_10_every_reach_is_scored_and_the_bead_decides():
    s = position(turn=10, moon={"wyrmford": 2, "pyreford": 1, "mistfen": 1},
                 sun={"paleharbour": 1, "noonholm": 1})
    s.bead = 2
    s.bell = MOON
    s.stack = [["turns"]]
    run(s)
    fairs = [e for e in s.trace if e["type"] == "fair"]
    assert [e["reach"] for e in fairs] == ["highwold", "glasswater", "emberdale", "saltmarsh", "farrow"]
    # Moon: Highwold 3, Emberdale 2, Saltmarsh 1, Bell 1 = 7; Sun: Glasswater 2, Farrow 1 = 3
    assert s.bead == 2 - 4
    assert s.over and s.winner == MOON and s.reason == "final"


def test_C61_the_sun_wins_with_the_bead_on_its_side():
    s = position(turn=10, sun={"noonholm": 1})
    s.bead = 3
    s.bell = MOON
    s.stack = [["turns"]]
    run(s)
    assert s.bead == 3 and s.winner == SUN and s.reason == "final"


def test_C61_hold_of_the_highwold_still_wins_at_final_scoring():
    s = position(turn=10, moon={"crownmoor": 4, "hallowcrest": 3, "duskbarrow": 3})
    s.bead = 15
    s.bell = SUN
    s.stack = [["turns"]]
    run(s)
    assert s.over and s.winner == MOON and s.reason == "highwold"


def test_C61_no_final_scoring_before_turn_10_ends(monkeypatch):
    s = position(turn=10, moon={"mistfen": 1}, moon_hand=[strength_card(monkeypatch, "moon", 2)])
    start_moves(s, MOON)
    assert not s.over and s.decisions  # turn 10's moves still go on


def test_C62_a_bead_at_zero_after_final_scoring_is_a_draw():
    s = position(turn=10)
    s.bead = 1
    s.bell = MOON
    s.stack = [["turns"]]
    run(s)
    assert s.bead == 0
    assert s.over and s.winner is None and s.reason == "draw"
    assert COURTS.result(s).winner is None


def test_C62_balanced_reaches_also_draw():
    s = position(turn=10, moon={"mistfen": 1}, sun={"noonholm": 1})
    s.bell = SUN
    s.bead = -1
    s.stack = [["turns"]]
    run(s)
    assert s.bead == 0 and s.winner is None and s.reason == "draw"
