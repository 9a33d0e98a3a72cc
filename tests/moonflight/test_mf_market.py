"""The market-building rule for every Jack's Supply Stack, and the generated card list in docs/."""

from __future__ import annotations

import pathlib
from collections import Counter

import pytest

from moontable.games.moonflight.content import CARDS, JACKS, supply_cards, supply_problems
from moontable.games.moonflight.rules_text import content_text

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "moonflight-cards.md"


@pytest.mark.parametrize("jack", list(JACKS))
def test_supply_meets_the_market_building_rule(jack):
    cards = supply_cards(jack)
    assert len(cards) == 24  # exactly 24 cards
    assert len({CARDS[c].name for c in cards}) == 8  # exactly 8 types by name
    assert sum(CARDS[c].white.score for c in cards) == 13  # post-Turn ends total 13
    assert sum(CARDS[c].black.score for c in cards) == 2  # pre-Turn ends total 2
    assert supply_problems(cards) == []
    assert all(CARDS[c].suit == jack for c in cards)


def test_supply_problems_names_each_broken_rule():
    cards = supply_cards("clay")
    assert supply_problems(cards + ["bury"]) == ["25 cards, not 24"]
    swapped = [c for c in cards if c != "take_it_with_you"] + ["bury"]
    assert supply_problems(swapped) == ["7 card types, not 8", "post-Turn scores total 9, not 13"]
    nine = cards[1:] + ["quill"]  # one Bury less, one Quill more
    assert supply_problems(nine) == ["9 card types, not 8"]
    assert supply_problems(cards[1:] + ["bone_dice"]) == ["post-Turn scores total 14, not 13",
                                                          "pre-Turn scores total 3, not 2"]


def test_generic_and_starter_cards():
    assert Counter(c.suit for c in CARDS.values())["generic"] == 5
    assert {c.id for c in CARDS.values() if c.suit == "starter"} == {"money", "waste"}


def test_the_card_list_in_docs_is_generated_from_the_data():
    assert DOC.read_text() == content_text(), "regenerate: python -m moontable.games.moonflight.rules_text"
