"""Rule tests for the solo modes, the AI cards and market building: checklist MF114-MF130."""

from __future__ import annotations

import random

import pytest
from mf_helpers import G, Script, answer, kind, options, position, until

from moontable.bots import make_bot
from moontable.fair import RandomChance
from moontable.games.moonflight.content import JACKS, SCORE_TOKENS, supply_cards, supply_problems, title_for

DECK = ["money"] * 8


def solo(**kw):
    kw.setdefault("decks", {0: list(DECK)})
    kw.setdefault("hands", {0: ["money"]})
    return position(("clay",), mode="score", stack="reset", **kw)


def test_MF114_score_mode_has_a_turn_and_an_end_counter_of_eight():
    s = G.new_state(G.default_options(1), Script())
    assert s.mode == "score" and s.tokens == [SCORE_TOKENS, SCORE_TOKENS] == [8, 8]
    assert G.view(s, 0)["tokens"] == {"turn": 8, "end": 8}


def test_MF115_the_counters_are_apart_from_the_supply_and_trigger_nothing():
    s = solo(coins={0: 3})
    until(s, lambda s: kind(s) == "counter")
    bank = s.bank
    answer(s, ("counter", "end"))
    assert s.bank == bank and s.players[0].coins == 3 and s.tokens == [8, 6]


def test_MF116_before_the_turn_one_turn_token_or_two_end_tokens():
    s = solo()
    until(s, lambda s: kind(s) == "counter")
    assert options(s) == [("counter", "turn"), ("counter", "end")]
    answer(s, ("counter", "turn"))
    assert s.tokens == [7, 8]
    until(s, lambda s: kind(s) == "counter")
    answer(s, ("counter", "end"))
    assert s.tokens == [7, 6]


def test_MF117_after_the_turn_one_token_from_either():
    s = solo(turned=True)
    until(s, lambda s: kind(s) == "counter")
    answer(s, ("counter", "end"))
    assert s.tokens == [8, 7]
    until(s, lambda s: kind(s) == "counter")
    answer(s, ("counter", "turn"))
    assert s.tokens == [7, 7]


def test_MF118_an_empty_counter_brings_the_turn_or_the_end_at_once():
    s = solo(tokens=(1, 8))
    until(s, lambda s: kind(s) == "counter")
    answer(s, ("counter", "turn"))
    assert s.turned and all(s.supply.values())  # no Supply Stack was empty
    s = solo(tokens=(5, 2))
    until(s, lambda s: kind(s) == "counter")
    answer(s, ("counter", "end"))
    assert s.over and s.reason == "end_counter"


def test_MF119_the_counter_end_comes_at_step_4_scoring_the_step_3_hand():
    s = solo(tokens=(5, 1), turned=True, decks={0: ["opulence", "riches"] + ["money"] * 3},
             markets={0: []})  # an empty market: step 4 would deal, and step 4.1 would follow
    until(s, lambda s: kind(s) == "counter")
    supply = len(s.supply["clay"])
    answer(s, ("counter", "end"))
    assert s.over and s.scores == [5] and len(s.supply["clay"]) == supply  # nothing dealt


def test_MF120_the_normal_turn_and_end_still_apply_in_solo():
    s = solo(supply={"clay": []}, tokens=(8, 8))
    until(s, lambda s: kind(s) == "counter")
    answer(s, ("counter", "end"))
    assert s.turned and s.tokens == [8, 6]  # the Supply Stack was empty
    s = solo(decks={0: []}, hands={0: ["money"]})
    until(s, lambda s: kind(s) == "counter")
    answer(s, ("counter", "turn"))
    assert s.over and s.reason == "end" and s.tokens == [7, 8]


@pytest.mark.parametrize("score,title", [(14, "Prince of Moonflight"), (10, "Prince of Moonflight"),
                                         (9, "Courtier"), (7, "Courtier"), (6, "Guildsman"), (4, "Guildsman"),
                                         (3, "Mere Fay"), (0, "Mere Fay")])
def test_MF121_solo_titles(score, title):
    assert title_for(score) == title


def test_MF122_a_negative_score_is_mere_fay():
    assert title_for(-3) == "Mere Fay"
    s = solo(tokens=(5, 1), turned=True, decks={0: ["loan"] * 5})
    until(s, lambda s: kind(s) == "counter")
    answer(s, ("counter", "end"))
    assert s.scores == [-5] and G.result(s).score["title"] == "Mere Fay"


def test_MF123_ai_mode_seat_0_wins_only_if_its_jack_wins():
    s = G.new_state({"seats": 3, "ai": True}, RandomChance(random.Random(3)))
    assert G.view(s, 0)["ai_seats"] == [1, 2]
    bots = {i: make_bot("ai-card", G, i, seed=i) for i in (1, 2)}
    bots[0] = make_bot("random", G, 0, seed=9)
    rng = RandomChance(random.Random(4))
    while G.result(s) is None:
        d = G.pending(s)[0]
        G.apply(s, d.seat, bots[d.seat].choose(G.view(s, d.seat), d), rng)
    text = G.describe_result(s)
    assert ("You win" in text) == (s.winner == 0)
    with pytest.raises(ValueError):
        G.new_state({"seats": 1, "ai": True}, Script())


# -- the ai-card bot: "Following AI Card Instructions" ---------------------------------------------------


def bot_choice(s, seat=None):
    d = s.decisions[0]
    bot = make_bot("ai-card", G, d.seat if seat is None else seat, seed=1)
    return bot.choose(G.view(s, d.seat), d)


def test_MF124_the_ai_takes_the_first_instruction_it_can_follow_on_the_current_side():
    s = position(stack="round", hands={0: ["money", "bury", "waste"], 1: ["money"]}, decks={0: DECK, 1: DECK},
                 coins={0: 5})
    assert bot_choice(s) == ("play", "bury")  # black side, first line
    s = position(stack="round", hands={0: ["money", "bury", "waste"], 1: ["money"]}, decks={0: DECK, 1: DECK},
                 coins={0: 5}, turned=True)
    assert bot_choice(s) == ("play", "money")  # white side: "Play Money / Waste / ..."


def test_MF125_an_ai_that_can_follow_nothing_passes():
    s = position(stack="round", hands={0: ["lesson"], 1: ["money"]}, decks={0: DECK, 1: DECK})
    assert ("play", "lesson") in options(s)
    assert bot_choice(s) == ("pass",)


def test_MF126_a_slash_list_goes_to_the_earliest_card_possible():
    s = position(stack="round", hands={0: ["bury", "rise_up", "ferrymans_toll"], 1: ["money"]},
                 decks={0: DECK, 1: DECK})
    assert bot_choice(s) == ("play", "ferrymans_toll")
    s = position(stack="round", hands={0: [], 1: ["money"]}, decks={0: [], 1: DECK}, coins={0: 4},
                 markets={5: ["bury"], 6: ["ferrymans_toll"], 7: ["shallow_grave"]})
    assert bot_choice(s) == ("shop", 7)  # Shallow Grave comes before Ferryman's Toll on the list


def test_MF127_in_reset_the_ai_retains_and_returns_the_listed_cards():
    s = position(("bond", "clay"), stack="reset", hands={0: ["money", "loan", "coffer"], 1: ["money"]},
                 decks={0: DECK, 1: DECK}, markets={0: []})
    assert kind(s) == "retain" and bot_choice(s) == ("keep", "coffer")  # the highest scoring card
    answer(s, ("keep", "coffer"))
    s.players[0].hand.append("loan")  # a Loan in hand for step 4.1
    until(s, lambda s: kind(s) == "r41" and s.decisions[0].seat == 0, choose=lambda d: d.options[-1])
    action = bot_choice(s)
    assert action[0] == "return" and action[1] == "loan"


def test_MF128_scoring_means_the_higher_single_end():
    s = position(stack="reset", hands={0: ["opulence", "take_it_with_you", "money"], 1: ["money"]},
                 decks={0: DECK, 1: DECK})
    # before the Turn Opulence scores 1 and Take It With You 0, but their best ends are 3 and 4
    assert bot_choice(s) == ("keep", "take_it_with_you")


@pytest.mark.parametrize("jack", list(JACKS))
def test_MF129_a_supply_is_24_cards_of_exactly_8_names(jack):
    cards = supply_cards(jack)
    assert len(cards) == 24 and len(set(cards)) == 8 and supply_problems(cards) == []
    assert supply_problems(cards[:-1]) and supply_problems(cards[:-3] + ["money"] * 3)


@pytest.mark.parametrize("jack", list(JACKS))
def test_MF130_post_turn_scores_total_13_and_pre_turn_2(jack):
    from moontable.games.moonflight.content import CARDS

    cards = supply_cards(jack)
    assert sum(CARDS[c].white.score for c in cards) == 13
    assert sum(CARDS[c].black.score for c in cards) == 2
    swapped = [c for c in cards if c != JACKS[jack].supply[-1].id] + [JACKS[jack].supply[0].id]
    assert any("score" in p for p in supply_problems(swapped))
