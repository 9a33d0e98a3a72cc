"""A test per card end: Jack O' Bond and Kind (its character card and its eight Supply cards)."""

from __future__ import annotations

from mf_helpers import answer, fire, kind, options, position, run_card, run_spend, uid_of

from moontable.games.moonflight.content import CARDS

B = ("bond", "clay")


def test_card_jack_bond_black():
    s = position(B)
    fire(s, 0, "purchase", 2)  # When you Purchase a card, Gain 1
    assert s.players[0].coins == 2


def test_card_jack_bond_white():
    s = position(B, hands={0: ["ledger", "money"]}, turned=True)
    fire(s, 0, "to_market")  # When you Move a card from your hand to a Market Stack, Gain 1
    assert s.players[0].coins == 1
    run_spend(s, 0, -1, 0)  # Spend 1 card: Move 1 card to a Market Stack of its suit, or to your Trash Stack
    assert set(options(s)) == {("return", "ledger", 5), ("return", "ledger", 6), ("return", "ledger", 7),
                               ("card", "money")}
    answer(s, ("card", "money"))
    assert s.players[0].trash == ["money"]
    run_spend(s, 0, -1, 0)
    answer(s, ("return", "ledger", 6))
    assert s.markets[6][-1] == "ledger" and s.players[0].coins == 2


def test_card_loan_black():
    s = position(B)
    run_card(s, 0, "loan")
    assert s.players[0].coins == 2 and CARDS["loan"].black.cost == 0


def test_card_loan_white():
    s = position(B, play={0: ["loan"]}, coins={0: 2}, turned=True)
    assert CARDS["loan"].white.score == -1
    run_spend(s, 0, uid_of(s, 0, "loan"))  # Debt: Spend 1 coin token: Trash this card
    assert s.players[0].trash == ["loan"] and s.players[0].play == []
    assert CARDS["loan"].white.spend[0][:2] == ("coins", 1)


def test_card_ledger_black():
    s = position(B, supply={"bond": ["coffer"]})
    run_card(s, 0, "ledger")
    answer(s, ("market", 6))
    assert s.markets[6][-1] == "coffer" and s.players[0].coins == 1


def test_card_ledger_white():
    s = position(B, hands={0: ["broker"]}, decks={0: ["riches"]}, turned=True)
    run_card(s, 0, "ledger")
    answer(s, ("return", "broker", 7))
    assert s.markets[7][-1] == "broker" and s.players[0].hand == ["riches"] and s.players[0].coins == 1


def test_card_broker_black():
    s = position(B, hands={0: ["coffer"]})
    run_card(s, 0, "broker")
    answer(s, ("return", "coffer", 5))
    assert s.players[0].coins == 2 and s.markets[5][-1] == "coffer"


def test_card_broker_white():
    s = position(B, markets={0: ["power", "fealty"]}, turned=True)
    run_card(s, 0, "broker")
    answer(s, ("market", 0))
    answer(s, ("seat", 1))
    assert s.players[1].deck == ["fealty"] and s.markets[0] == ["power"]


def test_card_interest_black():
    s = position(B, play={0: ["interest"]})
    fire(s, 0, "deal", 3)
    assert s.players[0].coins == 3


def test_card_interest_white():
    s = position(B, turned=True)
    run_card(s, 0, "interest")
    assert s.players[0].coins == 1 and CARDS["interest"].white.score == 0


def test_card_market_crash_black():
    s = position(B)
    run_card(s, 0, "market_crash")
    assert [len(s.markets[m]) for m in (5, 6, 7)] == [2, 2, 2] and s.players[0].coins == 1
    assert len(s.supply["bond"]) == 18


def test_card_market_crash_white():
    s = position(B, hands={0: ["waste", "coffer"]}, turned=True)
    run_card(s, 0, "market_crash")
    answer(s, ("card", "waste"))
    assert kind(s) == "return"
    answer(s, ("return", "coffer", 5))
    assert s.players[0].trash == ["waste"] and s.markets[5][-1] == "coffer" and s.players[0].coins == 1


def test_card_coffer_black():
    s = position(B)
    run_card(s, 0, "coffer")
    assert s.players[0].coins == 3 and CARDS["coffer"].black.score == 1


def test_card_coffer_white():
    s = position(B, turned=True)
    run_card(s, 0, "coffer")
    assert s.players[0].coins == 0 and CARDS["coffer"].white.score == 3


def test_card_usurer_black():
    s = position(B, hands={0: ["waste"]}, play={0: ["usurer"]})
    run_spend(s, 0, uid_of(s, 0, "usurer"))  # Spend 1 card: Gain 1
    assert s.players[0].coins == 1


def test_card_usurer_white():
    s = position(B, hands={0: ["ledger"]}, play={0: ["usurer"]}, turned=True)
    run_spend(s, 0, uid_of(s, 0, "usurer"))  # Spend 1 coin token: Move up to 1 card to a Market Stack
    answer(s, ("return", "ledger", 5))
    assert s.markets[5][-1] == "ledger" and s.players[0].coins == 1  # Bond's white Gain on the Move
    assert CARDS["usurer"].white.score == 3


def test_card_golden_bond_black():
    s = position(B)
    run_card(s, 0, "golden_bond")
    assert s.players[0].coins == 4


def test_card_golden_bond_white():
    s = position(B, decks={0: ["money", "golden_bond"]}, turned=True)
    run_card(s, 0, "bury")  # Trash the top card of your Draw Deck: blocked by Golden Bond
    assert s.players[0].trash == [] and "golden_bond" in s.players[0].hand
    assert CARDS["golden_bond"].white.score == 6
