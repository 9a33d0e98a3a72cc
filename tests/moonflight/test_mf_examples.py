"""The rulebook's worked examples that name our cards, played with our card set (issue 15, item 5).

Each test is named after the checklist rows its example shows; docs/moonflight-cards.md lists them ("The
rulebook's worked examples") with the one change of cost they needed.
"""

from __future__ import annotations

from mf_helpers import answer, kind, options, position, uid_of, until

from moontable.games.moonflight.acts import shop_options
from moontable.games.moonflight.content import CARDS

DECK = ["money"] * 12


def test_MF38_MF40_example_build_with_oeuvre_and_lesson_gives_a_hand_of_8():
    """Build: "Words and Names has one copy each of Oeuvre and Lesson with two Waste in hand, they declare
    Build and place one of each of the Waste cards overlapping each of Oeuvre and Lesson. The Waste cards
    will move to the Discard stack in the Reset phase, but Oeuvre and Lesson will still be in play when it
    comes time to Draw cards up to their hand limit during the Reset phase, giving them a hand of 8 cards.\""""
    s = position(("words", "clay"), stack="round", hands={0: ["waste", "waste"], 1: ["money"]},
                 play={0: ["oeuvre", "lesson"]}, decks={0: list(DECK), 1: list(DECK)})
    assert ("build",) in options(s)
    answer(s, ("build",))
    answer(s, ("set", "waste", uid_of(s, 0, "oeuvre")))
    answer(s, ("set", "waste", uid_of(s, 0, "lesson")))
    assert s.players[0].hand == [] and s.players[0].settled == [["waste"], ["waste"]]
    until(s, lambda s: s.round == 2)
    p = s.players[0]
    assert p.play == ["oeuvre", "lesson"]  # still in play at step 3 ...
    assert len(p.hand) == 8  # ... so the hand limit is 5 + 2 (Oeuvre) + 1 (Lesson)
    assert p.settled == [[], []] and p.discard == ["waste", "waste"]  # step 6 moved the two Waste


def _clay_shop(coins: int, rules: int = 2):
    """Clay and Bones on its Act with two Bury on top of two of its Market Stacks (a Shallow Grave under one
    of them) and a Rise Up on the third."""
    return position(("clay", "words"), stack="round", hands={0: ["money"], 1: ["money"]}, coins={0: coins},
                    markets={5: ["shallow_grave", "bury"], 6: ["bury"], 7: ["rise_up"]},
                    decks={0: list(DECK), 1: list(DECK)}, rules=rules)


def test_MF31_MF32_example_two_bury_a_rise_up_and_the_uncovered_shallow_grave_for_5_in_one_shop():
    """Shop: "The Jack O'Clay and Bones Spends 5 Coin Tokens, and so Purchases a Bury from two of their
    Market Stacks, and a Rise Up from the third. Because one of the Bury cards reveals a Shallow Grave they
    can purchase that also, since it is now at the top of the Market Stack and all the cards are of their
    suit." Our costs before the Turn: Bury 1, Rise Up 3, Shallow Grave 0 (2 until moonflight/2)."""
    assert [CARDS[c].black.cost for c in ("bury", "rise_up", "shallow_grave")] == [1, 3, 0]
    s = _clay_shop(5)
    answer(s, ("shop", 5))  # a Bury uncovers the Shallow Grave
    assert kind(s) == "shop_more" and ("shop", 5) in options(s)  # MF32: now a top card, of Clay's suit
    answer(s, ("shop", 6))
    answer(s, ("shop", 7))
    answer(s, ("shop", 5))  # and the Shallow Grave too, in the same Shop
    assert sorted(s.players[0].discard) == ["bury", "bury", "rise_up", "shallow_grave"]
    assert s.players[0].coins == 0 and s.bank == 40  # the 5 coin tokens went back to the Supply
    assert kind(s) == "act" and s.decisions[0].seat == 1  # all in one Act


def test_MF31_the_same_shop_under_moonflight_1_costs_7():
    """moonflight/1 records replay with the Shallow Grave at 2: the four cards cost 7 there."""
    s = _clay_shop(5, rules=1)
    for m in (5, 6, 7):
        answer(s, ("shop", m))
    assert s.players[0].coins == 0 and s.markets[5] == ["shallow_grave"] and s.decisions[0].seat == 1


CLAY_STACKS = (8, 9, 10)  # with Cot and Hovel in seat 0: generic 0-4, Cot and Hovel's 5-7, Clay and Bones' 8-10


def _before_the_deal():
    """Reset, Clay and Bones (seat 1) the First Player for one more step: it keeps a Bury and will draw three
    Money and a Waste; it controls 3 coin tokens. Cot and Hovel (seat 0), First Player next Round, controls 5
    and will draw Money. A Market Stack is empty: step 4 deals Take It With You onto Clay and Bones' first
    stack and Bricks onto Cot and Hovel's."""
    clay_supply = ["bone_dice"] * 3 + ["rise_up", "turn_the_sod", "take_it_with_you"]  # top last
    cot_supply = ["mortar"] * 3 + ["beam", "rafters", "bricks"]
    s = position(("cot", "clay"), stack="reset", first=1, hands={1: ["bury"]}, coins={0: 5, 1: 3},
                 decks={0: ["money"] * 8, 1: ["money"] * 4 + ["waste", "money", "money", "money"]},
                 markets={4: []}, supply={"clay": clay_supply, "cot": cot_supply})
    answer(s, ("keep", "bury"))  # Reset step 2
    until(s, lambda s: kind(s) == "r41")
    assert s.markets[8][-1] == "take_it_with_you"
    assert s.markets[5][-1] == "bricks"
    assert sorted(s.players[1].hand) == ["bury", "money", "money", "money", "waste"]
    assert [p.coins for p in s.players] == [5, 3]
    return s


def _act(s, seat, action):
    """`seat`'s Act (the table refuses it if it is not that seat's turn)."""
    answer(s, action, seat=seat)


def _play_money(s, seat):
    _act(s, seat, ("play", "money"))


def test_MF57_MF59_MF33_example_returning_bury_onto_take_it_with_you_saves_it():
    """Step 4.1: "Clay and Bones cunningly returns Bury to the Market Stack on top of Take It With You. Now
    when Cot and Hovel has gained a Coin Token and Purchased Bricks Clay and Bone has five coins, Cot and
    Hovel can only Purchase Clay and Bones' cards one at a time ... If they give up, Clay and Bones claims
    another coin, then Purchases Bury and Take It With You with one Shop action ... It cost an extra coin.\""""
    s = _before_the_deal()
    assert s.decisions[0].seat == 1  # MF41: the First Player's 4.1 first
    assert ("return", "bury", 8) in options(s)
    answer(s, ("return", "bury", 8))  # MF57: onto the stack of its suit where Take It With You came out
    assert s.markets[8][-2:] == ["take_it_with_you", "bury"]  # MF59: the new top card
    until(s, lambda s: s.round == 2)
    assert s.first == 0 and "bury" not in s.players[1].hand
    _play_money(s, 0)  # Cot and Hovel gains a coin: 6
    _play_money(s, 1)  # Clay and Bones: 4
    _act(s, 0, ("shop", 5))  # Cot and Hovel's first Shop: Bricks, its own suit, for 1
    _act(s, 0, ("done",))
    _play_money(s, 1)  # Clay and Bones: 5
    assert [p.coins for p in s.players] == [5, 5]
    cot = shop_options(s, 0)
    assert ("shop", 8) in cot  # Bury, one card of Clay and Bones' suit (MF33: its first Shop is spent)
    # Take It With You is under the Bury: to reach it Cot and Hovel must first buy the Bury, in a Shop of its
    # own (a Shop of several cards is for the shopper's own suit only, MF31), and then Clay and Bones moves
    branch = s.clone()
    _act(branch, 0, ("shop", 8))
    assert kind(branch) == "act" and branch.decisions[0].seat == 1  # that Shop ended with the one card
    assert ("shop", 8) in shop_options(branch, 1)  # Clay and Bones picks up Take It With You (cost 4)
    # Cot and Hovel gives up instead; Clay and Bones claims a coin and buys both in one Shop for 5
    _act(s, 0, ("pass",))
    _play_money(s, 1)  # 6 coin tokens
    _act(s, 0, ("pass",))
    _act(s, 1, ("shop", 8))  # Bury (1) ...
    assert kind(s) == "shop_more" and ("shop", 8) in options(s)
    _act(s, 1, ("shop", 8))  # ... and Take It With You (4), one Shop
    assert sorted(s.players[1].discard) == ["bury", "take_it_with_you"]
    assert s.players[1].coins == 1  # it cost an extra coin: 5 of the 6


def test_MF57_example_without_the_return_the_other_jack_takes_it():
    """"If Clay and Bone does nothing ... Cot and Hovel will steal their precious Take It With You.\""""
    s = _before_the_deal()
    answer(s, ("done",))  # Clay and Bones keeps its Bury
    until(s, lambda s: s.round == 2)
    _play_money(s, 0)
    _play_money(s, 1)
    _act(s, 0, ("shop", 5))  # Bricks
    _act(s, 0, ("done",))
    _play_money(s, 1)
    assert s.markets[8][-1] == "take_it_with_you" and ("shop", 8) in shop_options(s, 0)  # 5 coins, cost 4
    _act(s, 0, ("shop", 8))
    assert "take_it_with_you" in s.players[0].discard


def test_MF16_MF20_example_a_money_a_loan_and_another_money():
    """Action: "The Jack O'Clay and Bones Plays a Money card and gains a Coin Token, then the Jack O' Bond
    and Kind Shops to Purchase a Loan card, when the Round returns to Clay and Bones they Play another Money
    card, gaining a second Coin Token." (Loan costs 0 before the Turn.)"""
    s = position(("clay", "bond"), stack="round", hands={0: ["money", "money"], 1: ["money"]},
                 decks={0: list(DECK), 1: list(DECK)})
    loan = next(m for m, suit in enumerate(s.market_suit) if suit == "bond")
    s.markets[loan] = ["loan"]
    _play_money(s, 0)
    _act(s, 1, ("shop", loan))
    _act(s, 1, ("done",))
    _play_money(s, 0)
    assert s.players[0].coins == 2 and s.players[1].discard == ["loan"]
