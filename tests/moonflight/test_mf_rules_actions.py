"""Rule tests for the Action phase: checklist MF16-MF40 (rules/moonflight.md)."""

from __future__ import annotations

import pytest
from mf_helpers import answer, kind, options, position, run_card, uid_of, until

from moontable.engine import IllegalAction
from moontable.games.moonflight.content import END

DECK = ["money"] * 8


def act_round(jacks=("clay", "words"), **kw):
    kw.setdefault("decks", {i: list(DECK) for i in range(len(list(jacks)))})
    return position(jacks, stack="round", **kw)


def test_MF16_action_phase_starts_with_the_first_player_marker():
    s = act_round(hands={0: ["money"], 1: ["money"]}, first=1)
    assert kind(s) == "act" and s.decisions[0].seat == 1


def test_MF17_play_goes_to_the_left():
    s = act_round(("clay", "words", "cot"), hands={0: ["money"] * 2, 1: ["money"] * 2, 2: ["money"] * 2})
    seats = []
    for _ in range(4):
        seats.append(s.decisions[0].seat)
        answer(s, ("play", "money"))
    assert seats == [0, 1, 2, 0]


def test_MF18_reset_only_after_every_player_passes_in_one_run():
    s = act_round(hands={0: ["money"], 1: ["money"]})
    answer(s, ("pass",))
    assert kind(s) == "act" and s.decisions[0].seat == 1
    answer(s, ("pass",))
    assert kind(s) == "retain" and s.round == 1  # the Reset has begun (step 2 asks what to retain)


def test_MF19_a_pass_does_not_lock_a_player_out():
    s = act_round(hands={0: ["money", "money"], 1: ["money"]})
    answer(s, ("pass",))  # seat 0
    answer(s, ("play", "money"))  # seat 1 breaks the run
    assert s.decisions[0].seat == 0 and ("play", "money") in options(s)
    answer(s, ("play", "money"))
    assert s.players[0].coins == 1


def test_MF20_acts_repeat_but_build_is_separate_each_time():
    s = act_round(hands={0: ["money", "money", "waste"], 1: ["money"] * 3}, coins={0: 6})
    answer(s, ("play", "money"))
    answer(s, ("pass",))
    answer(s, ("play", "money"))  # the same Act again, as a separate Act
    assert s.players[0].play == ["money", "money"]
    answer(s, ("pass",))
    answer(s, ("shop", 1))  # Fealty
    answer(s, ("pass",))
    answer(s, ("shop", 1))
    assert s.players[0].discard == ["fealty", "fealty"]


def test_MF21_play_puts_the_card_in_play_then_follows_it():
    s = act_round(hands={0: ["money"], 1: ["money"]})
    events = answer(s, ("play", "money"))
    assert [e["type"] for e in events][:2] == ["play", "gain"]
    assert s.players[0].play == ["money"] and s.players[0].coins == 1


def test_MF22_each_play_act_plays_exactly_one_card():
    s = act_round(hands={0: ["money"] * 3, 1: ["money"]})
    answer(s, ("play", "money"))
    assert s.players[0].play == ["money"] and s.players[0].hand == ["money", "money"]


def test_MF23_played_cards_stay_in_play_until_reset_step_1():
    s = act_round(hands={0: ["money", "money"], 1: ["money"]})
    answer(s, ("play", "money"))
    answer(s, ("pass",))
    assert s.players[0].play == ["money"]
    until(s, lambda s: s.round == 2)
    assert s.players[0].play == []


def test_MF24_a_card_may_target_itself_in_play_but_not_in_hand():
    s = position(hands={0: ["money"]})
    run_card(s, 0, "take_it_with_you")  # Gain 1. Trash 1 card (hand or play)
    assert ("play", uid_of(s, 0, "take_it_with_you")) in options(s)
    s = position(hands={0: ["money", "waste"]})
    run_card(s, 0, "bury")  # Discard 1 card (from hand): Bury itself is in play, not in hand
    assert ("card", "bury") not in options(s)


def test_MF25_instructions_of_a_card_that_left_play_stop():
    s = position(hands={0: ["money", "waste"]}, play={0: ["shallow_grave"]}, decks={0: ["money"] * 4})
    run_card(s, 0, "take_it_with_you")
    answer(s, ("play", uid_of(s, 0, "shallow_grave")))  # trash Shallow Grave
    run_card(s, 0, "bury")  # Discard 1: no Shallow Grave to Draw from it any more
    answer(s, ("card", "waste"))
    assert s.players[0].hand == ["money", "money", "money"]  # Bury's Draw 2 only


def test_MF26_spend_from_a_card_in_play_pays_then_resolves():
    s = act_round(("cot", "words"), hands={0: ["mortar", "waste", "money"], 1: ["money"]})
    assert not any(o[0] == "spend" for o in options(s))  # Mortar in hand has no Spend
    answer(s, ("play", "mortar"))
    answer(s, ("pass",))
    uid = uid_of(s, 0, "mortar")
    answer(s, ("spend", uid, 0))  # Spend 1 card: Gain 1
    assert kind(s) == "pay"
    answer(s, ("card", "waste"))
    assert s.players[0].discard == ["waste"] and s.players[0].coins == 1


def test_MF27_a_spend_ability_repeats_while_it_is_paid():
    s = act_round(("cot", "words"), hands={0: ["waste"] * 2}, play={0: ["mortar"]}, decks={0: [], 1: DECK})
    uid = uid_of(s, 0, "mortar")
    answer(s, ("spend", uid, 0))
    answer(s, ("pass",)) if s.decisions[0].seat == 1 else None
    answer(s, ("spend", uid, 0))
    assert s.players[0].coins == 2 and s.players[0].hand == []


def test_MF28_cards_paid_for_a_spend_are_moved_not_discarded():
    # Clay and Bones: "When you Discard a card, Gain 1" must not fire for the paid card
    s = act_round(("clay", "words"), hands={0: ["waste", "money"]}, play={0: ["usurer"]})
    answer(s, ("spend", uid_of(s, 0, "usurer"), 0))
    answer(s, ("card", "waste"))
    assert s.players[0].coins == 1  # Usurer's Gain 1 only


def test_MF29_shop_is_always_there_and_coins_return_to_the_supply():
    s = act_round(hands={0: [], 1: ["money"]}, coins={0: 2}, decks={0: [], 1: DECK})
    assert ("shop", 1) in options(s)  # Fealty costs 2: no card in hand needed
    bank = s.bank
    answer(s, ("shop", 1))
    assert s.players[0].coins == 0 and s.bank == bank + 2


def test_MF30_shop_form_1_buys_one_top_card_costing_x():
    s = act_round(hands={0: ["money"], 1: ["money"]}, coins={0: 3})
    opts = options(s)
    assert ("shop", 0) in opts and ("shop", 3) not in opts  # Power 3 yes, Riches 5 no
    answer(s, ("shop", 0))
    assert s.players[0].discard == ["power"] and s.players[0].coins == 0
    assert kind(s) == "act" and s.decisions[0].seat == 1  # a generic card ends the Shop


def test_MF31_shop_form_2_buys_several_of_your_suit_in_one_act():
    s = act_round(hands={0: ["money"], 1: ["money"]}, coins={0: 5},
                  markets={5: ["bury"], 6: ["bury"], 7: ["rise_up"]})
    answer(s, ("shop", 5))
    assert kind(s) == "shop_more" and s.decisions[0].seat == 0
    answer(s, ("shop", 6))
    answer(s, ("shop", 7))
    assert sorted(s.players[0].discard) == ["bury", "bury", "rise_up"] and s.players[0].coins == 0  # 1 + 1 + 3


def test_MF32_a_card_uncovered_in_a_form_2_shop_can_be_bought_in_it():
    s = act_round(hands={0: ["money"], 1: ["money"]}, coins={0: 7},
                  markets={5: ["take_it_with_you", "bury"], 6: [], 7: []})
    answer(s, ("shop", 5))
    assert ("shop", 5) in options(s)  # Take It With You (4) now on top
    answer(s, ("shop", 5))
    assert s.players[0].discard == ["bury", "take_it_with_you"]


def test_MF33_first_shop_of_the_round_not_an_opponents_suit():
    s = act_round(hands={0: ["money", "money"], 1: ["money", "money"]}, coins={0: 9})
    assert not any(o[0] == "shop" and o[1] in (8, 9, 10) for o in options(s))  # Words' stacks
    answer(s, ("shop", 1))  # a first Shop: Fealty
    answer(s, ("pass",))
    assert any(o[0] == "shop" and o[1] in (8, 9, 10) for o in options(s))


def test_MF34_generic_cards_only_by_form_1():
    s = act_round(hands={0: ["money"], 1: ["money"]}, coins={0: 9}, markets={5: ["bury"], 6: ["bury"], 7: []})
    answer(s, ("shop", 5))
    assert kind(s) == "shop_more"
    assert all(o[1] in (5, 6, 7) for o in options(s) if o[0] == "shop")  # never a generic stack
    assert ("shop", 0) not in options(s)


def test_MF35_a_purchase_goes_face_up_onto_the_buyers_discard_stack():
    s = act_round(hands={0: ["money"], 1: ["money"]}, coins={0: 3})
    answer(s, ("shop", 2))
    assert s.players[0].discard == ["wealth"]
    assert G_view_discard(s, 1, 0) == ["wealth"]


def G_view_discard(s, viewer, seat):
    from mf_helpers import G

    return G.view(s, viewer)["players"][seat]["discard"]


def test_MF36_pass_does_nothing_but_count():
    s = act_round(hands={0: ["money"], 1: ["money"]})
    before = (s.players[0].hand[:], s.players[0].coins, s.bank)
    answer(s, ("pass",))
    assert (s.players[0].hand, s.players[0].coins, s.bank) == before and s.passes == 1


def test_MF37_build_at_most_once_per_round():
    s = act_round(hands={0: ["waste", "waste"], 1: ["money"]}, play={0: ["power"]})
    answer(s, ("build",))
    answer(s, ("done",))
    answer(s, ("pass",))
    assert ("build",) not in options(s)
    with pytest.raises(IllegalAction):
        answer(s, ("build",))


def test_MF38_build_sets_onto_stability_1_plus_up_to_its_stability():
    s = act_round(hands={0: ["waste"] * 4, 1: ["money"]}, play={0: ["ossuary", "money", "power"]})
    answer(s, ("build",))
    targets = {o[2] for o in options(s) if o[0] == "set"}
    assert targets == {uid_of(s, 0, "ossuary"), uid_of(s, 0, "power")}  # Money has Stability –
    oss, power = uid_of(s, 0, "ossuary"), uid_of(s, 0, "power")
    answer(s, ("set", "waste", oss))
    answer(s, ("set", "waste", oss))
    assert not any(o[0] == "set" and o[2] == oss for o in options(s))  # Ossuary's Stability is 2
    answer(s, ("set", "waste", power))
    assert options(s) == [("done",)] or all(o[2] != power for o in options(s) if o[0] == "set")
    assert s.players[0].settled == [["waste", "waste"], [], ["waste"]]


def test_MF39_build_only_onto_your_own_cards():
    s = act_round(hands={0: ["waste"], 1: ["money"]}, play={0: ["power"], 1: ["power", "ossuary"]})
    answer(s, ("build",))
    assert {o[2] for o in options(s) if o[0] == "set"} == {uid_of(s, 0, "power")}


def test_MF40_a_card_with_a_settled_card_stays_and_its_hand_limit_counts():
    s = act_round(("words", "clay"), hands={0: ["waste", "waste"], 1: ["money"]}, play={0: ["oeuvre", "lesson"]},
                  decks={0: ["money"] * 12, 1: DECK})
    answer(s, ("build",))
    answer(s, ("set", "waste", uid_of(s, 0, "oeuvre")))
    answer(s, ("set", "waste", uid_of(s, 0, "lesson")))
    until(s, lambda s: s.round == 2)
    assert s.players[0].play == ["oeuvre", "lesson"]
    assert len(s.players[0].hand) == 8  # 5 + 2 (Oeuvre) + 1 (Lesson)
    assert END[0]["oeuvre"].hand_limit == 2 and END[0]["lesson"].hand_limit == 1
