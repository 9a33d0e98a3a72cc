"""Rule tests for components and set-up: checklist MF1-MF15 (rules/moonflight.md)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from mf_helpers import G, Script, position, until

from moontable.fair import FairStream, RandomChance
from moontable.games.moonflight.content import (
    CARDS,
    COIN_TOKENS,
    GENERIC_IDS,
    JACKS,
    SUIT,
    box_cards,
    supply_cards,
)
from moontable.match import Match


def new(seats: int = 2, seed: int = 1, **opts):
    return G.new_state({"seats": seats, **opts}, RandomChance(random.Random(seed)))


def test_MF1_components_are_180_cards_40_coins_one_marker():
    assert box_cards() == 180
    content = G.content()
    assert content["components"] == {"cards": 180, "coin_tokens": 40, "first_player_marker": 1}
    s = new(4)
    assert s.bank + sum(p.coins for p in s.players) == COIN_TOKENS
    assert isinstance(s.first, int) and 0 <= s.first < 4  # one marker, held by one seat


def test_MF2_every_card_has_two_ends_and_only_the_upright_one_acts():
    for c in CARDS.values():
        assert c.black is not c.white
    s = position(hands={0: []}, decks={0: ["waste"]})
    from mf_helpers import run_card

    run_card(s, 0, "money")  # black: Gain 1
    assert s.players[0].coins == 1 and "money" in s.players[0].play
    s = position(turned=True)
    run_card(s, 0, "money")  # white: Gain 1, Trash this card
    assert s.players[0].coins == 1 and s.players[0].trash == ["money"]


def test_MF3_game_ends_when_draw_deck_and_discard_are_both_empty_after_drawing():
    s = position(hands={0: ["money"] * 2, 1: ["money"]}, decks={0: ["waste"] * 2, 1: ["money"] * 10},
                 stack="round")
    until(s, lambda s: False)
    assert s.reason == "end" and not s.players[0].deck and not s.players[0].discard
    assert s.players[1].deck  # one player with both piles empty is enough


def test_MF4_a_plain_move_to_the_discard_stack_is_not_a_discard():
    from mf_helpers import fire, run_card

    s = position(hands={0: ["money", "waste"]})  # Clay and Bones: When you Discard a card, Gain 1
    run_card(s, 0, "money")
    s.players[0].coins = 0
    from moontable.games.moonflight.core import to_discard

    to_discard(s, 0, "waste", False, "moved")
    fire(s, 0, "to_trash", 0)
    assert s.players[0].coins == 0
    to_discard(s, 0, "money", True, "discarded")
    fire(s, 0, "to_trash", 0)
    assert s.players[0].coins == 1


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_MF5_one_to_four_players_each_a_different_jack(seats):
    s = new(seats, seed=seats)
    assert s.n == seats
    assert len({p.jack for p in s.players}) == seats
    with pytest.raises(ValueError):
        G.new_state({"seats": 5}, Script())
    with pytest.raises(ValueError):
        G.new_state({"seats": 2, "jacks": ["clay", "clay"]}, Script())


def test_MF6_end_is_checked_at_step_5_before_step_6_returns_settled_cards():
    # seat 0's only cycle cards are in hand; a Settled card would come back at step 6, too late to matter
    s = position(hands={0: ["money"], 1: ["money"]}, play={0: ["shallow_grave"]}, settled={(0, 0): ["waste"]},
                 decks={1: ["money"] * 10}, stack="round")
    until(s, lambda s: False)
    assert s.reason == "end"
    assert s.players[0].settled[0] == ["waste"]  # step 6 never ran


def test_MF7_a_host_may_choose_some_jacks_and_leave_the_rest_to_the_deal():
    # all left open deals exactly as no choice at all; a chosen Jack is kept and never dealt to another seat
    for seed in range(12):
        dealt = [p.jack for p in new(3, seed=seed).players]
        assert [p.jack for p in new(3, seed=seed, jacks=[None, None, None]).players] == dealt
        mine = [p.jack for p in new(3, seed=seed, jacks=["bond", None, None]).players]
        assert mine[0] == "bond" and len(set(mine)) == 3
        deal = dealt + [j for j in JACKS if j not in dealt]  # the whole shuffle of the four
        assert mine[1:] == [j for j in deal if j != "bond"][:2]
    for bad in (["bond", "bond"], ["bond"], ["queen", None], "bond", [None, 3]):
        with pytest.raises(ValueError, match="different Jacks"):
            new(2, jacks=bad)


def test_MF7_each_player_gets_a_jack_and_its_24_card_supply():
    s = new(3, seed=4)
    for p in s.players:
        assert p.jack in JACKS
        market = [c for m, suit in zip(s.markets, s.market_suit, strict=True) if suit == p.jack for c in m]
        assert Counter(s.supply[p.jack] + market) == Counter(supply_cards(p.jack))


def test_MF8_three_market_stacks_per_supply_one_card_each_21_left():
    s = new(2, seed=5)
    for p in s.players:
        stacks = [m for m, suit in zip(s.markets, s.market_suit, strict=True) if suit == p.jack]
        assert len(stacks) == 3 and all(len(m) == 1 for m in stacks)
        assert len(s.supply[p.jack]) == 21


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_MF9_generic_market_holds_2n_power_fealty_wealth_and_n_riches_opulence(seats):
    s = new(seats, seed=seats)
    generic = {m[0]: len(m) for m, suit in zip(s.markets, s.market_suit, strict=True) if suit == "generic"}
    assert generic == {"power": 2 * seats, "fealty": 2 * seats, "wealth": 2 * seats, "riches": seats,
                       "opulence": seats}
    assert [s.markets[i][0] for i in range(5)] == list(GENERIC_IDS)


def test_MF10_generic_market_stacks_are_never_refilled():
    s = position(markets={3: []}, hands={0: ["money"], 1: ["money"]}, decks={0: ["money"] * 9, 1: ["money"] * 9},
                 stack="round")  # Riches is sold out
    until(s, lambda s: s.round == 2)
    assert s.markets[3] == []  # step 4 dealt to the Jacks' stacks only
    assert all(len(s.markets[m]) == 2 for m in range(5, 11))


def test_MF11_starter_deck_is_7_money_3_waste_shuffled_and_owned():
    s = new(2, seed=6)
    for p in s.players:
        assert Counter(p.deck + p.hand) == Counter({"money": 7, "waste": 3})
        assert SUIT["money"] == SUIT["waste"] == "starter"


def test_MF12_game_starts_pre_turn_with_empty_discard_and_trash():
    s = new(2, seed=7)
    assert not s.turned
    for p in s.players:
        assert p.discard == [] and p.trash == []
    v = G.view(s, None)
    assert [p["jack"] for p in v["players"]] == [p.jack for p in s.players]  # characters in public view


def test_MF13_five_cards_and_five_coins_each_from_a_supply_of_40():
    s = new(4, seed=8)
    for p in s.players:
        assert len(p.hand) == 5 and p.coins == 5
    assert s.bank == 40 - 20


def test_MF14_first_player_is_the_first_draw_below_n():
    for seats in (1, 2, 3, 4):
        stream = FairStream(bytes(32))
        s = G.new_state({"seats": seats}, stream)
        assert stream.draws[0] == [seats, s.first]
        assert s.active == s.first


def test_MF15_market_discard_trash_public_draw_decks_and_supply_hidden():
    m = Match.new(G, None, [{"name": "a"}, {"name": "b"}], seed=bytes(range(32)))
    s = m.state
    s.players[1].discard = ["money"]
    s.players[1].trash = ["waste"]
    v = G.view(s, 0)
    assert v["players"][1]["discard"] == ["money"] and v["players"][1]["trash"] == ["waste"]
    assert v["markets"][0]["cards"] == s.markets[0]
    assert v["players"][1]["hand"] is None and "deck" not in v["players"][1]
    assert v["players"][0]["deck_count"] == len(s.players[0].deck)
    text = json.dumps(v)
    assert "order" not in text
    for j, sup in v["supply"].items():
        assert sup["count"] == len(s.supply[j]) and sup["cards"] == sorted(s.supply[j])  # contents, not order


def test_one_to_four_players_take_a_seat():
    """The table offers 1-4 seats (the generic battery in tests/test_conformance.py plays each)."""
    assert (G.info.min_seats, G.info.max_seats) == (1, 4)
