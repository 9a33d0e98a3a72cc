"""A test per card end: Jack O' Cot and Hovel (its character card and its eight Supply cards)."""

from __future__ import annotations

from mf_helpers import answer, fire, kind, options, position, run_card, run_spend, uid_of

from moontable.games.moonflight.content import CARDS
from moontable.games.moonflight.core import hand_limit

C = ("cot", "clay")


def test_card_jack_cot_black():
    s = position(C)
    fire(s, 0, "set", 2)  # When you Set a card, Gain 1
    assert s.players[0].coins == 2


def test_card_jack_cot_white():
    s = position(C, play={0: ["rafters", "beam"]}, settled={(0, 0): ["waste", "riches"], (0, 1): ["money"]},
                 turned=True)
    run_spend(s, 0, -1, 0)  # Spend 1 card: Trash the topmost Settled card of two of your cards in play
    answer(s, ("settled", uid_of(s, 0, "rafters")))
    assert s.players[0].trash == ["riches"] and kind(s) == "trash_settled"
    answer(s, ("settled", uid_of(s, 0, "beam")))
    assert s.players[0].trash == ["riches", "money"] and s.players[0].settled == [["waste"], []]
    s.players[0].hand = ["money"]
    run_spend(s, 0, -1, 1)  # Spend 1 coin token: Move the topmost Settled card ... to your hand, then Discard 1
    answer(s, ("play", uid_of(s, 0, "rafters")))
    assert sorted(s.players[0].hand) == ["money", "waste"] and s.players[0].settled == [[], []]
    assert kind(s) == "discard"
    answer(s, next(o for o in options(s) if "money" in o))
    assert s.players[0].hand == ["waste"] and s.players[0].discard[-1] == "money"


def test_card_bricks_black():
    s = position(C)
    run_card(s, 0, "bricks")
    assert s.players[0].coins == 1 and CARDS["bricks"].black.stability == 1


def test_card_bricks_white():
    s = position(C, hands={0: ["waste", "money", "riches"]}, turned=True)
    run_card(s, 0, "bricks")  # Set up to 2 cards from your hand onto your cards in play
    answer(s, ("set", "waste", uid_of(s, 0, "bricks")))
    answer(s, ("set", "money", uid_of(s, 0, "bricks")))
    assert s.players[0].settled == [["waste", "money"]] and s.players[0].hand == ["riches"]


def test_card_mortar_black():
    s = position(C, hands={0: ["waste"]}, play={0: ["mortar"]})
    run_spend(s, 0, uid_of(s, 0, "mortar"))  # Spend 1 card: Gain 1
    assert s.players[0].coins == 1 and CARDS["mortar"].black.spend[0][:2] == ("cards", 1)


def test_card_mortar_white():
    s = position(C, hands={0: ["waste", "money"]}, play={0: ["mortar"]}, turned=True)
    run_spend(s, 0, uid_of(s, 0, "mortar"))  # Spend 1 coin token: Set 1 card
    answer(s, ("set", "waste", uid_of(s, 0, "mortar")))
    assert s.players[0].settled == [["waste"]] and CARDS["mortar"].white.spend[0][:2] == ("coins", 1)
    assert CARDS["mortar"].white.score == 0


def test_card_beam_black():
    s = position(C, decks={0: ["riches", "waste"]})
    run_card(s, 0, "beam")
    assert s.players[0].hand == ["waste"]
    run_spend(s, 0, uid_of(s, 0, "beam"))  # Spend 2 coin tokens: Draw 1
    assert s.players[0].hand == ["riches", "waste"]


def test_card_beam_white():
    s = position(C, decks={0: ["riches"]}, turned=True)
    run_card(s, 0, "beam")
    assert s.players[0].hand == ["riches"] and CARDS["beam"].white.stability == 2


def test_card_hearth_black():
    s = position(C)
    run_card(s, 0, "hearth")
    assert s.players[0].coins == 1 and hand_limit(s, 0) == 6


def test_card_hearth_white():
    s = position(C, turned=True)
    run_card(s, 0, "hearth")
    assert hand_limit(s, 0) == 6 and CARDS["hearth"].white.score == 2


def test_card_rafters_black():
    s = position(C, stack="round", hands={0: ["waste"] * 4, 1: ["money"]}, play={0: ["rafters"]},
                 decks={0: ["money"] * 5, 1: ["money"] * 5})
    answer(s, ("build",))
    raf = uid_of(s, 0, "rafters")
    for _ in range(3):
        assert ("set", "waste", raf) in options(s)
        answer(s, ("set", "waste", raf))
    # Stability 3: the Build is over by itself; then Cot's black ability, When you Set a card, Gain 1
    assert s.players[0].settled == [["waste"] * 3] and s.players[0].hand == ["waste"]
    assert s.players[0].coins == 3 and s.decisions[0].seat == 1


def test_card_rafters_white():
    s = position(C, play={0: ["rafters"]}, turned=True)
    fire(s, 0, "set")
    assert s.players[0].coins == 1


def test_card_tenement_black():
    s = position(C)
    run_card(s, 0, "tenement")
    assert s.players[0].coins == 3 and CARDS["tenement"].black.score == 1


def test_card_tenement_white():
    s = position(C, play={0: ["rafters", "beam"]}, settled={(0, 0): ["waste", "waste"], (0, 1): ["money"]},
                 turned=True)
    run_card(s, 0, "tenement")
    assert s.players[0].coins == 3


def test_card_landlord_black():
    s = position(C, markets={5: ["manor"], 6: ["beam"], 7: ["mortar"]})
    run_card(s, 0, "landlord")
    assert options(s) == [("market", 6), ("market", 7)]  # costing 3 or less, of your suit
    answer(s, ("market", 6))
    assert s.players[0].discard == ["beam"] and s.players[0].coins == 0


def test_card_landlord_white():
    s = position(C, play={0: ["rafters"]}, settled={(0, 0): ["money", "riches"]}, turned=True)
    run_card(s, 0, "landlord")
    raf = uid_of(s, 0, "rafters")
    answer(s, ("play", raf))
    answer(s, ("play", raf))
    assert sorted(s.players[0].hand) == ["money", "riches"]


def test_card_manor_black():
    s = position(C, decks={0: ["waste"]})
    run_card(s, 0, "manor")
    assert s.players[0].coins == 2 and s.players[0].hand == ["waste"]


def test_card_manor_white():
    s = position(C, hands={0: ["manor", "waste"]}, play={0: ["rafters"]}, turned=True)
    run_card(s, 0, "bricks")  # an effect may not Set the guarded Manor
    assert all(o[1] != "manor" for o in options(s) if o[0] == "set")
    assert CARDS["manor"].white.score == 5 and CARDS["manor"].white.guarded


def test_setting_and_taking_back_a_card_cannot_go_on_for_ever():
    """After the Turn, Mortar (Spend 1 coin: Set a card) with Rafters and the character (When you Set,
    Gain 1) gains coins for each Set; taking the Settled card back also Discards a card, so each time
    round costs a card from hand and the loop ends."""
    s = position(C, play={0: ["mortar", "rafters"]}, hands={0: ["waste", "money", "riches"]}, turned=True)
    s.players[0].coins = 5
    sizes = []
    for _ in range(3):
        run_spend(s, 0, uid_of(s, 0, "mortar"), 0)  # Set 1 card from your hand
        answer(s, next(o for o in options(s) if o[0] == "set"))
        assert not s.decisions  # the triggers (Gain 1, twice) resolve by themselves
        run_spend(s, 0, -1, 1)  # take it back
        answer(s, next(o for o in options(s) if o[0] == "play"))
        if s.decisions:  # the Discard, when there is a choice
            answer(s, options(s)[0])
        sizes.append(len(s.players[0].hand))
    assert sizes == [2, 1, 0]
