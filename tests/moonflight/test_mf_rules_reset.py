"""Rule tests for the Reset: checklist MF41-MF63 (rules/moonflight.md)."""

from __future__ import annotations

import pytest
from mf_helpers import G, Script, answer, kind, options, position, quiet, until

DECK = ["money"] * 8
CLAY_MARKETS = (5, 6, 7)


def reset(jacks=("clay", "words"), **kw):
    n = len(list(jacks))
    kw.setdefault("decks", {i: list(DECK) for i in range(n)})
    return position(jacks, stack="reset", **kw)


def test_MF41_choices_in_one_step_go_in_turn_order_from_the_first_player():
    s = reset(hands={0: ["money", "waste"], 1: ["money", "waste"]}, first=1)
    assert kind(s) == "retain" and s.decisions[0].seat == 1
    answer(s, ("done",))
    assert kind(s) == "retain" and s.decisions[0].seat == 0


def test_MF42_step_3_draws_and_step_4_deals_fire_triggers_other_steps_do_not():
    # Clay and Bones (When you Discard, Gain 1) with Marginalia (When you Draw, Gain 1) and Interest
    # (When you Deal, Gain 1) kept in play by Settled cards
    s = reset(("clay", "words"), hands={0: ["money", "waste"]}, play={0: ["marginalia", "interest", "money"]},
              settled={(0, 0): ["waste"], (0, 1): ["waste"]}, markets={0: []})
    until(s, lambda s: s.round == 2)
    p = s.players[0]
    # no Gain for steps 1 and 2 (Moves), 5 for the step-3 Draws, 3 for the step-4 Deals
    assert p.coins == 5 + 3


def test_MF43_step_1_moves_unsettled_cards_in_the_owners_order():
    s = reset(play={0: ["money", "power", "waste"]})
    assert kind(s) == "order"
    answer(s, ("first", "waste"))
    answer(s, ("first", "power"))
    assert s.players[0].discard == ["waste", "power", "money"]
    s = reset(play={0: ["money", "power", "waste"]})
    answer(s, ("rest",))
    assert s.players[0].discard == ["money", "power", "waste"]


def test_MF44_step_2_keeps_up_to_the_retain_limit():
    s = reset(hands={0: ["bury", "money", "waste"]})
    answer(s, ("keep", "bury"))  # Clay and Bones' retain limit is 1
    assert s.players[0].discard == ["money", "waste"]
    assert "bury" in s.players[0].hand


def test_MF45_step_2_returns_coins_over_five():
    s = reset(coins={0: 8, 1: 3})
    until(s, lambda s: s.round == 2)
    assert [p.coins for p in s.players] == [5, 3] and s.bank == 32


def test_MF46_coin_cap_counts_every_token_the_player_controls():
    s = reset(coins={0: 12})
    until(s, lambda s: s.round == 2)
    assert s.players[0].coins == 5 and s.bank + 5 == 40


def test_MF47_reset_moves_are_not_discards():
    s = reset(hands={0: ["money", "waste", "waste"]}, play={0: ["money", "money"]})  # Clay: Discard -> Gain 1
    until(s, lambda s: s.round == 2)
    assert s.players[0].coins == 0


def test_MF48_step_3_draws_up_to_the_hand_limit_only():
    s = reset(("clay", "words"), hands={0: ["money"], 1: ["money"] * 3}, play={1: ["marginalia"]},
              settled={(1, 0): ["waste"]})
    answer(s, ("keep", "money"))
    answer(s, ("keep", "money"))
    answer(s, ("keep", "money"))  # Words and Names' retain limit is 2
    until(s, lambda s: s.round == 2)
    assert len(s.players[0].hand) == 5 and len(s.players[1].hand) == 5


def test_MF49_an_emptied_draw_deck_takes_the_shuffled_discard_stack():
    s = reset(decks={0: ["money"] * 2, 1: DECK}, discards={0: ["waste"] * 4})
    until(s, lambda s: s.round == 2)
    p = s.players[0]
    assert sorted(p.hand) == ["money", "money", "waste", "waste", "waste"] and p.deck == ["waste"]


def test_MF50_shuffle_only_when_a_card_is_needed():
    chance = Script()
    s = position(hands={0: ["money"] * 5, 1: ["money"] * 5}, decks={0: [], 1: DECK}, discards={0: ["waste", "bury"]},
                 play={0: ["power"]}, settled={(0, 0): ["waste"]}, stack="hold")
    s.stack = [["game"], ["reset", "3", 0, 0]]
    from mf_helpers import G

    G.advance  # noqa: B018 - the reset runs from step 3 with a hand at its limit
    from moontable.games.moonflight.game import settle

    settle(s, chance)
    assert chance.asked == [] and s.players[0].deck == [] and s.players[0].discard[:2] == ["waste", "bury"]


def test_MF51_an_empty_market_stack_makes_every_player_deal_three():
    s = reset(markets={6: []})
    until(s, lambda s: s.round == 2)
    assert [len(s.markets[m]) for m in range(5, 11)] == [2, 1, 2, 2, 2, 2]
    assert len(s.supply["clay"]) == 18 and len(s.supply["words"]) == 18


def test_MF52_an_empty_generic_stack_also_triggers_the_deal():
    s = reset(markets={4: []})
    until(s, lambda s: s.round == 2)
    assert len(s.supply["clay"]) == 18


def test_MF53_an_empty_market_stack_keeps_its_suit():
    s = reset(markets={5: [], 6: [], 7: []})
    assert s.market_suit[5:8] == ["clay"] * 3
    until(s, lambda s: s.round == 2)
    assert all(len(s.markets[m]) == 1 for m in CLAY_MARKETS)


def test_MF54_a_short_supply_deals_what_it_has_where_its_owner_chooses():
    s = reset(markets={5: []}, supply={"clay": ["bury"]})
    until(s, lambda s: kind(s) == "deal")
    assert s.decisions[0].seat == 0 and options(s) == [("market", 5), ("market", 6), ("market", 7)]
    answer(s, ("market", 6))
    assert s.markets[6][-1] == "bury" and s.supply["clay"] == []


def test_MF55_the_turn_comes_at_step_4_when_a_supply_is_or_becomes_empty():
    s = position(hands={0: ["market_crash", "money"], 1: ["money"]}, decks={0: DECK, 1: DECK},
                 supply={"clay": ["bury"] * 3}, stack="round", jacks=("bond", "clay"))
    s2 = s  # Bond and Kind's Market Crash deals 3 mid-Round: the Supply empties, the Turn waits for step 4
    s2.supply["bond"] = ["loan"] * 3
    answer(s2, ("play", "market_crash"))
    assert s2.supply["bond"] == [] and not s2.turned
    events = []
    while not s2.turned:
        events += answer(s2, quiet(s2.decisions[0]))
    assert s2.round == 2  # it came with the Reset
    kinds = [e["type"] for e in events]
    assert kinds.index("retain") < kinds.index("turn") < kinds.index("round")  # step 2, step 4, next Round


def _events_to_round_2(s) -> list[dict]:
    """Every event from the position's start until the next Round begins, answering quietly."""
    events, s.trace = list(s.trace), []
    while s.round == 1 and not s.over:
        events += answer(s, quiet(s.decisions[0]))
    return events


def _step_4_deals(events) -> list[tuple[str, int | None]]:
    return [(e["type"], e.get("seat")) for e in events if e["type"] in ("deal", "turn")]


@pytest.mark.parametrize("rules", [2, 1])
def test_MF55_a_supply_already_empty_turns_the_game_as_step_4_begins(rules):
    # Bond and Kind keeps Interest ("When you Deal a card, Gain 1" before the Turn, "Gain 1." after) in play
    # with a Settled card; Clay and Bones' Supply Stack is already empty and a Market Stack is empty
    s = reset(("bond", "clay"), play={0: ["interest"]}, settled={(0, 0): ["waste"]}, markets={5: []},
              supply={"clay": []}, rules=rules)
    kinds = _step_4_deals(_events_to_round_2(s))
    assert s.turned and s.round == 2
    if rules == 2:  # the Turn first: Bond and Kind's three Deals read Interest's white text
        assert kinds == [("turn", None)] + [("deal", 0)] * 3
        assert s.players[0].coins == 0
    else:  # moonflight/1, kept for its records: the Turn only after the deals, which fired the black text
        assert kinds == [("deal", 0)] * 3 + [("turn", None)]
        assert s.players[0].coins == 3


@pytest.mark.parametrize("rules", [2, 1])
def test_MF55_a_supply_that_empties_during_step_4_turns_the_game_at_that_moment(rules):
    # Clay and Bones deals first and its Supply Stack holds one card: it empties with that deal, and Bond
    # and Kind's deals after it read Interest's white text
    s = reset(("clay", "bond"), play={1: ["interest"]}, settled={(1, 0): ["waste"]}, markets={5: []},
              supply={"clay": ["bury"]}, rules=rules)
    kinds = _step_4_deals(_events_to_round_2(s))
    if rules == 2:
        assert kinds == [("deal", 0), ("turn", None)] + [("deal", 1)] * 3
        assert s.players[1].coins == 0
    else:
        assert kinds == [("deal", 0)] + [("deal", 1)] * 3 + [("turn", None)]
        assert s.players[1].coins == 3


def test_MF55_a_deal_before_the_turn_keeps_its_black_trigger():
    # Bond and Kind deals first, one card short: its own Supply Stack empties on its third Deal, so the three
    # Deals happened before the Turn and each fires Interest's black "When you Deal a card, Gain 1"
    s = reset(("bond", "clay"), play={0: ["interest"]}, settled={(0, 0): ["waste"]}, markets={5: []},
              supply={"bond": ["loan"] * 3})
    kinds = _step_4_deals(_events_to_round_2(s))
    assert kinds == [("deal", 0)] * 3 + [("turn", None)] + [("deal", 1)] * 3
    assert s.players[0].coins == 3


def test_MF56_an_empty_market_stack_alone_never_turns():
    s = reset(markets={5: [], 0: []})
    until(s, lambda s: s.round == 2)
    assert not s.turned


def test_MF57_step_4_1_only_after_a_deal_one_card_per_matching_stack():
    s = reset(hands={0: ["bury", "bury", "rise_up"]}, markets={6: []})
    until(s, lambda s: kind(s) == "retain" and s.decisions[0].seat == 0)
    answer(s, ("keep", "bury"))
    until(s, lambda s: kind(s) == "r41")
    answer(s, ("return", "bury", 5))
    assert not any(o[0] == "return" and o[2] == 5 for o in options(s))  # one card per Market Stack
    s = reset(hands={0: ["bury"]})  # nothing empty: nothing dealt, no step 4.1
    until(s, lambda s: s.round == 2 or kind(s) == "r41")
    assert s.round == 2


def test_MF58_only_character_suit_cards_go_back_to_matching_stacks():
    s = reset(("clay", "words"), hands={0: ["money", "fealty"], 1: ["quill"]}, markets={6: []}, first=0)
    answer(s, ("keep", "fealty"))
    answer(s, ("keep", "quill"))
    until(s, lambda s: kind(s) == "r41")
    assert s.decisions[0].seat == 1  # seat 0 holds only starter and generic cards: nothing to return
    assert {o[2] for o in options(s) if o[0] == "return"} == {8, 9, 10}  # Words' stacks only


def test_MF59_a_returned_card_tops_the_stack_and_anyone_can_buy_it():
    s = reset(hands={0: ["take_it_with_you"]}, markets={6: []}, coins={1: 5})
    answer(s, ("keep", "take_it_with_you"))
    until(s, lambda s: kind(s) == "r41" and s.decisions[0].seat == 0)
    answer(s, ("return", "take_it_with_you", 5))
    assert s.markets[5][-1] == "take_it_with_you" and "take_it_with_you" not in s.players[0].hand
    until(s, lambda s: s.round == 2)
    from moontable.games.moonflight.acts import shop_options

    s.players[1].shopped = True  # its first Shop of the Round is spent
    assert ("shop", 5) in shop_options(s, 1)


def test_MF60_step_5_ends_on_empty_deck_and_discard_whatever_is_elsewhere():
    s = reset(hands={0: ["money"]}, decks={0: [], 1: DECK}, trash={0: ["waste"] * 5}, play={0: ["power"]},
              settled={(0, 0): ["waste"]})
    until(s, lambda s: False)
    assert s.reason == "end"


def test_MF61_empty_piles_mid_round_end_nothing():
    s = position(hands={0: ["money"], 1: ["money"]}, decks={0: [], 1: DECK}, stack="round")
    answer(s, ("play", "money"))  # seat 0 now has no deck, no discard, no hand
    assert not s.over and kind(s) == "act"


@pytest.mark.parametrize("rules", [2, 1])
def test_MF61_a_game_stopped_at_the_round_cap_is_no_end_and_has_no_winner(rules):
    from moontable.games.moonflight.game import REASON_TEXT
    from moontable.games.moonflight.reset import ROUND_CAP

    s = reset(hands={0: ["money", "waste"], 1: ["money"]}, rules=rules)
    s.round = ROUND_CAP
    until(s, lambda s: False)
    assert s.over and s.reason == "cap" and s.round == ROUND_CAP + 1
    if rules == 2:
        assert G.result(s).winner is None and G.result(s).reason == "cap"
        assert G.describe_result(s) == f"No one wins: {REASON_TEXT['cap']}."
    else:  # moonflight/1, kept for its records: ranked like an End, so someone "won"
        assert G.result(s).winner is not None


def test_MF61_players_who_only_pass_reach_the_cap_and_the_record_says_so():
    """Passing every Act never brings the End (no card leaves the cycle): the only way to the cap."""
    import json

    from moontable.match import Match
    from moontable.record import verify

    seats = [{"name": n, "bot": False, "level": None} for n in ("Ada", "Bo")]
    m = Match.new(G, None, seats, seed=bytes(32))
    while not m.ended:
        d = G.pending(m.state)[0]
        m.play(d.seat, quiet(d))
    rec = json.loads(json.dumps(m.public_record()))
    assert rec["result"]["winner"] is None and rec["result"]["reason"] == "cap"
    assert verify(rec).ok


def test_MF62_step_6_moves_only_the_topmost_settled_card():
    s = reset(play={0: ["power", "ossuary"]}, settled={(0, 0): ["waste", "money"], (0, 1): ["bury"]})
    until(s, lambda s: s.round == 2)
    p = s.players[0]
    assert p.settled == [["waste"], []]
    assert p.play == ["power", "ossuary"]  # still in play until the next step 1 finds them bare


def test_MF63_the_marker_passes_left_and_a_new_round_starts():
    s = reset(("clay", "words", "cot"), first=2)
    until(s, lambda s: s.round == 2)
    assert s.first == 0 and s.active == 0
