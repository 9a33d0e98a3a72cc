"""A test per card end: Jack O' Clay and Bones (its character card and its eight Supply cards)."""

from __future__ import annotations

from mf_helpers import answer, fire, kind, options, position, run_card, run_spend, uid_of

from moontable.games.moonflight.content import CARDS
from moontable.games.moonflight.core import retain_limit


def test_card_jack_clay_black():
    s = position()
    fire(s, 0, "discard", 2)  # When you Discard a card, Gain 1
    assert s.players[0].coins == 2


def test_card_jack_clay_white():
    s = position(hands={0: ["money", "waste"]}, decks={0: ["riches", "waste"]}, trash={0: ["opulence", "money"]},
                 turned=True)
    run_spend(s, 0, -1, 0)  # Spend 1 card (paid apart): Trash the top card of your Draw Deck
    assert s.players[0].trash == ["opulence", "money", "waste"]
    assert CARDS["jack_clay"].white.spend[1][:2] == ("coins", 4)  # dearer than three Shallow Graves pay back
    run_spend(s, 0, -1, 1)  # Spend 4 coin tokens: Move target card from your Trash Stack to your hand
    answer(s, ("card", "opulence"))
    assert "opulence" in s.players[0].hand


def test_card_bury_black():
    s = position(hands={0: ["waste", "money"]}, decks={0: ["riches", "wealth", "power"]})
    run_card(s, 0, "bury")
    answer(s, ("card", "waste"))
    p = s.players[0]
    assert p.discard == ["waste"] and p.hand == ["money", "power", "wealth"] and p.coins == 1  # + Clay's Gain


def test_card_bury_white():
    s = position(decks={0: ["riches", "wealth", "power"]}, turned=True)
    run_card(s, 0, "bury")
    assert s.players[0].trash == ["power"] and s.players[0].hand == ["wealth"]


def test_card_rise_up_black():
    s = position(discards={0: ["riches", "waste"]})
    run_card(s, 0, "rise_up")
    assert s.players[0].hand == ["waste"] and s.players[0].coins == 1


def test_card_rise_up_white():
    s = position(trash={0: ["riches", "waste", "money"]}, turned=True)
    run_card(s, 0, "rise_up")
    answer(s, ("card", "riches"))
    assert s.players[0].hand == ["riches"] and s.players[0].trash == ["waste", "money"]


def test_card_turn_the_sod_black():
    s = position(decks={0: ["riches", "waste", "money"]})
    run_card(s, 0, "turn_the_sod")
    p = s.players[0]
    assert p.discard == ["money", "waste"] and p.hand == ["riches"] and p.coins == 2


def test_card_turn_the_sod_white():
    s = position(decks={0: ["riches", "waste", "money"]}, turned=True)
    run_card(s, 0, "turn_the_sod")
    assert s.players[0].trash == ["money", "waste"] and s.players[0].deck == ["riches"]


def test_card_shallow_grave_black():
    s = position(play={0: ["shallow_grave"]}, decks={0: ["riches", "waste"]})
    fire(s, 0, "discard")
    assert s.players[0].hand == ["waste"] and CARDS["shallow_grave"].black.stability == 1


def test_card_shallow_grave_white():
    s = position(play={0: ["shallow_grave"]}, turned=True)
    fire(s, 0, "to_trash", 2)
    assert s.players[0].coins == 2 and CARDS["shallow_grave"].white.score == 1


def test_card_ferrymans_toll_black():
    s = position(hands={0: ["money", "waste"]})
    run_card(s, 0, "ferrymans_toll")
    answer(s, ("card", "waste"))
    assert s.players[0].coins == 3 and s.players[0].discard == ["waste"]  # 2 + Clay's Gain 1


def test_card_ferrymans_toll_white():
    s = position(hands={0: ["money", "waste", "riches"]}, turned=True)
    run_card(s, 0, "ferrymans_toll")  # Trash up to 1 card from your hand. Gain 1.
    answer(s, ("card", "waste"))
    assert s.players[0].trash == ["waste"] and s.players[0].hand == ["money", "riches"] and s.players[0].coins == 1


def test_card_bone_dice_black():
    s = position(hands={0: ["money", "waste", "waste"]}, decks={0: ["riches", "power", "opulence"]})
    run_card(s, 0, "bone_dice")  # Discard up to 2 cards, then Draw as many
    answer(s, ("card", "waste"))
    answer(s, ("card", "waste"))  # the second is the last: no "done" is asked
    p = s.players[0]
    assert p.discard == ["waste", "waste"] and sorted(p.hand) == ["money", "opulence", "power"] and p.coins == 2


def test_card_bone_dice_white():
    s = position(discards={0: ["riches", "waste"]}, decks={0: ["power"]}, turned=True)
    run_card(s, 0, "bone_dice")
    answer(s, ("card", "waste"))
    assert s.players[0].trash == ["waste"] and s.players[0].hand == ["power"]


def test_card_ossuary_black():
    s = position()
    run_card(s, 0, "ossuary")
    assert retain_limit(s, 0) == 3 and CARDS["ossuary"].black.stability == 2


def test_card_ossuary_white():
    s = position(discards={0: ["money", "waste"]}, turned=True)
    run_card(s, 0, "ossuary")
    answer(s, ("card", "money"))
    assert s.players[0].trash == ["money"] and CARDS["ossuary"].white.score == 2


def test_card_take_it_with_you_black():
    s = position(hands={0: ["waste"]})
    run_card(s, 0, "take_it_with_you")
    assert set(options(s)) == {("card", "waste"), ("play", uid_of(s, 0, "take_it_with_you"))}
    answer(s, ("card", "waste"))
    assert s.players[0].coins == 1 and s.players[0].trash == ["waste"]


def test_card_take_it_with_you_white():
    s = position(hands={0: ["take_it_with_you", "money"]}, turned=True)
    run_card(s, 0, "power")  # Trash up to 2: Take It With You is not a legal target
    assert ("card", "take_it_with_you") not in options(s) and kind(s) == "trash_any"
    assert CARDS["take_it_with_you"].white.score == 4
