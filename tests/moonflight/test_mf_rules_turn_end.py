"""Rule tests for the Turn, the End and the Specific Rules' first half: checklist MF64-MF81."""

from __future__ import annotations

from mf_helpers import answer, options, position, run_card, run_spend, until

from moontable.games.moonflight.core import do_turn, finish, gain
from moontable.games.moonflight.view import view

DECK = ["money"] * 8


def test_MF64_the_turn_is_permanent_white_costs_scores_and_text():
    s = position(stack="round", hands={0: ["money"], 1: ["money"]}, decks={0: DECK, 1: DECK}, coins={0: 3})
    assert ("shop", 2) in options(s)  # Wealth costs 3 before the Turn
    s = position(stack="round", hands={0: ["money"], 1: ["money"]}, decks={0: DECK, 1: DECK}, coins={0: 3},
                 turned=True)
    assert ("shop", 2) not in options(s)  # and 4 after it
    until(s, lambda s: s.round == 3)
    assert s.turned


def test_MF65_the_turn_flips_every_card_in_every_zone():
    s = position(hands={0: ["take_it_with_you"]}, play={0: ["shallow_grave"]}, decks={0: ["opulence"]},
                 discards={0: ["riches"]}, trash={0: ["ossuary"]})
    do_turn(s, "test")
    v = view(s, 0)
    assert v["turned"]
    from moontable.games.moonflight.core import character_end, end_of, hand_score

    assert hand_score(s, 0) == 4  # in hand: Take It With You's white score
    assert end_of(s, "shallow_grave").score == 1  # in play
    assert end_of(s, s.markets[3][-1]).cost == 5 and end_of(s, "opulence").score == 3  # market, deck
    assert character_end(s, 0).spend  # the character card too: Clay and Bones' white Spend abilities


def test_MF66_cards_in_play_at_the_turn_do_not_resolve_their_white_text():
    s = position(play={0: ["money", "waste"]})
    do_turn(s, "test")
    assert s.players[0].play == ["money", "waste"] and s.players[0].trash == [] and s.players[0].coins == 0


def test_MF67_the_end_needs_both_piles_empty():
    s = position(stack="reset", hands={0: ["money"] * 4, 1: ["money"]}, decks={0: [], 1: DECK},
                 discards={0: ["waste"] * 2})
    until(s, lambda s: s.round == 2)
    assert not s.over  # seat 0 still had a Discard Stack (now its deck)


def test_MF68_hand_scores_only_and_the_highest_wins():
    s = position(hands={0: ["riches"], 1: ["opulence"]}, play={0: ["opulence", "opulence"]},
                 discards={0: ["opulence"]}, turned=True)
    finish(s, "end")
    assert s.scores == [2, 3] and s.winner == 1


def test_MF69_only_the_upright_score_counts():
    s = position(hands={0: ["take_it_with_you"], 1: ["opulence"]})
    finish(s, "end")
    assert s.scores == [0, 1] and s.winner == 1  # before the Turn: black scores


def test_MF70_first_tie_break_most_coins():
    s = position(hands={0: ["riches"], 1: ["riches"]}, coins={0: 2, 1: 3}, turned=True)
    finish(s, "end")
    assert s.winner == 1


def test_MF71_second_tie_break_fewest_cards_in_deck_and_discard():
    s = position(hands={0: ["riches"], 1: ["riches"]}, coins={0: 3, 1: 3}, decks={0: ["money"], 1: []},
                 discards={1: ["money", "money"]}, turned=True)
    finish(s, "end")
    assert s.winner == 0


def test_MF72_final_tie_break_the_first_player():
    s = position(hands={0: ["riches"], 1: ["riches"]}, first=1, turned=True)
    finish(s, "end")
    assert s.winner == 1


def test_MF73_marker_holder_not_tied_then_turn_order_from_it():
    s = position(("clay", "words", "cot"), hands={0: ["riches"], 1: ["money"], 2: ["riches"]}, first=1,
                 turned=True)
    finish(s, "end")
    assert s.winner == 2  # seat 1 holds the marker but scores less; seat 2 comes before seat 0


def test_MF74_the_end_may_come_before_the_turn():
    s = position(stack="reset", hands={0: ["money"], 1: ["money"]}, decks={0: [], 1: DECK})
    until(s, lambda s: False)
    assert s.over and s.reason == "end" and not s.turned


def test_MF75_character_text_is_always_active():
    s = position(hands={0: ["money", "waste"]}, decks={0: ["money"] * 3})
    run_card(s, 0, "bury")  # Clay and Bones: When you Discard a card, Gain 1 (no card of its own in play)
    answer(s, ("card", "waste"))
    assert s.players[0].coins == 1


def test_MF76_characters_are_never_targets_of_ordinary_effects():
    s = position(hands={0: ["money"]}, play={0: ["power"]}, turned=True)
    run_card(s, 0, "power")  # Trash up to 2 cards
    assert all(o[1] != -1 for o in options(s) if len(o) > 1)
    assert all(not str(o[1]).startswith("jack_") for o in options(s) if len(o) > 1)


def test_MF77_cards_put_into_a_draw_deck_go_on_top():
    s = position(("bond", "clay"), decks={1: ["money", "waste"]}, markets={0: ["power", "fealty"]}, turned=True)
    run_card(s, 0, "broker")  # Move the top card of target Market Stack onto target player's Draw Deck
    answer(s, ("market", 0))
    answer(s, ("seat", 1))
    assert s.players[1].deck == ["money", "waste", "fealty"]


def test_MF78_an_effect_on_an_empty_draw_deck_shuffles_the_discard_first():
    s = position(decks={0: []}, discards={0: ["waste", "waste", "money"]})
    run_card(s, 0, "turn_the_sod")  # Discard the top 2 cards of your Draw Deck. Draw 1 card.
    p = s.players[0]
    assert len(p.hand) == 1 and len(p.discard) == 2 and p.deck == []


def test_MF79_draws_from_nothing_are_lost_and_end_nothing():
    s = position(stack="round", hands={0: ["anthology"], 1: ["money"]}, decks={0: [], 1: DECK})
    answer(s, ("play", "anthology"))  # Draw 3 with no deck and no discard
    assert s.players[0].hand == [] and not s.over


def test_MF80_gain_means_coins_from_the_supply():
    s = position(coins={1: 39})
    gain(s, 0, 4)
    assert s.players[0].coins == 1 and s.bank == 0  # only what the Supply holds
    assert all(len(p.hand) == 0 for p in s.players)


def test_MF81_coins_are_tracked_as_a_value():
    s = position(("cot", "clay"), play={0: ["beam"]}, coins={0: 5}, decks={0: ["money"] * 2})
    run_spend(s, 0, s.players[0].uids[0])  # the test resolves Beam's "Spend 2: Draw 1" (payment apart)
    from moontable.games.moonflight.core import pay

    pay(s, 0, 2)
    assert s.players[0].coins == 3 and s.bank == 37 and s.bank + sum(p.coins for p in s.players) == 40

