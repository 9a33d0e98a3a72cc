"""A test per card end: Jack O' Words and Names (its character card and its eight Supply cards)."""

from __future__ import annotations

from mf_helpers import answer, fire, position, run_card, run_spend

from moontable.games.moonflight.content import CARDS
from moontable.games.moonflight.core import hand_limit, retain_limit

W = ("words", "clay")


def test_card_jack_words_black():
    assert retain_limit(position(W), 0) == 2


def test_card_jack_words_white():
    s = position(W, hands={0: ["money", "riches"]}, turned=True)
    assert retain_limit(s, 0) == 3 and hand_limit(s, 0) == 6  # Your retain limit is 3. Hand limit +1.
    run_spend(s, 0, -1, 0)  # Spend 1 card (paid apart): Trash 1 card from your hand
    answer(s, ("card", "money"))
    assert s.players[0].trash == ["money"]


def test_card_quill_black():
    s = position(W, decks={0: ["riches", "waste"]})
    run_card(s, 0, "quill")
    assert s.players[0].hand == ["waste"]


def test_card_quill_white():
    s = position(W, hands={0: ["money"]}, decks={0: ["waste"]}, turned=True)
    run_card(s, 0, "quill")
    answer(s, ("card", "waste"))
    assert s.players[0].hand == ["money"] and s.players[0].trash == ["waste"]


def test_card_index_black():
    s = position(W, hands={0: ["money"]}, decks={0: ["riches", "waste"]})
    run_card(s, 0, "index")
    answer(s, ("card", "waste"))
    assert s.players[0].hand == ["money", "riches"] and s.players[0].discard == ["waste"]


def test_card_index_white():
    s = position(W, hands={0: ["waste"]}, decks={0: ["opulence", "money", "money"]}, turned=True)
    run_card(s, 0, "index")
    answer(s, ("card", "opulence"))  # searches the whole deck
    answer(s, ("card", "waste"))  # Discard 1 card
    p = s.players[0]
    assert p.hand == ["opulence"] and p.deck == ["money", "money"] and p.discard == ["waste"] and p.trash == []


def test_card_lesson_black():
    s = position(W, decks={0: ["waste"]})
    run_card(s, 0, "lesson")
    assert s.players[0].hand == ["waste"] and hand_limit(s, 0) == 6


def test_card_lesson_white():
    s = position(W, turned=True)
    run_card(s, 0, "lesson")
    assert hand_limit(s, 0) == 7 and CARDS["lesson"].white.score == 1  # Words' white Hand limit +1 too


def test_card_footnote_black():
    s = position(W, hands={0: ["money"] * 3})
    run_card(s, 0, "footnote")
    assert s.players[0].coins == 1
    s = position(W, hands={0: ["money"] * 4})
    run_card(s, 0, "footnote")
    assert s.players[0].coins == 2


def test_card_footnote_white():
    s = position(W, hands={0: ["waste"]}, decks={0: ["riches"]}, turned=True)
    run_card(s, 0, "footnote")
    assert s.players[0].trash == ["waste"] and s.players[0].hand == ["riches"]


def test_card_anthology_black():
    s = position(W, decks={0: ["riches", "waste", "money", "power"]})
    run_card(s, 0, "anthology")
    assert s.players[0].hand == ["money", "power", "waste"]


def test_card_anthology_white():
    s = position(W, decks={0: ["power", "riches", "waste", "lesson"]}, turned=True)
    run_card(s, 0, "anthology")  # reveals Lesson, Waste, Riches: Draws those that score
    p = s.players[0]
    assert p.hand == ["lesson", "riches"] and p.discard == ["waste"] and p.deck == ["power"]


def test_card_marginalia_black():
    s = position(W, play={0: ["marginalia"]})
    fire(s, 0, "draw", 3)
    assert s.players[0].coins == 3 and CARDS["marginalia"].black.score == 1


def test_card_marginalia_white():
    s = position(W, play={0: ["marginalia"]}, turned=True)
    assert retain_limit(s, 0) == 4  # Words' white "is 3", +1


def test_card_oeuvre_black():
    s = position(W, decks={0: ["riches", "waste", "money"]})
    run_card(s, 0, "oeuvre")
    assert s.players[0].hand == ["money", "waste"] and hand_limit(s, 0) == 7


def test_card_oeuvre_white():
    s = position(W, turned=True)
    run_card(s, 0, "oeuvre")
    assert hand_limit(s, 0) == 8  # 5, +2, +1 from Words' white end


def test_card_name_of_names_black():
    s = position(W, decks={0: ["riches", "waste", "money"]})
    run_card(s, 0, "name_of_names")
    assert s.players[0].hand == ["money", "waste"] and s.players[0].coins == 2


def test_card_name_of_names_white():
    s = position(W, decks={0: ["riches"]}, turned=True)
    run_card(s, 0, "name_of_names")
    assert s.players[0].hand == ["riches"]
    e = CARDS["name_of_names"].white
    assert e.guarded and e.score == 2
