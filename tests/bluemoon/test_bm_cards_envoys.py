"""A test per envoy card with a text: crystal and Hyla cards (the others: test_bm_cards_plain.py)."""

from __future__ import annotations

import pytest
from bm_helpers import act, kind, options, position

from moontable.games.bluemoon.content import CARDS, DRAGON_IDS
from moontable.games.bluemoon.core import power


@pytest.mark.parametrize("card", ["en01", "en02", "en08", "en09"])
def test_crystal_playable_only_with_its_dragon_then_displayed(card):
    dragon = CARDS[card].dragon
    others = {d: 0 for d in DRAGON_IDS if d != dragon}
    s = position(hands={0: [card, "cm03"]}, dragons=others, element=None, mode="quick")
    assert kind(s) == "play"  # with every other dragon but not its own, nothing to play
    s = position(hands={0: [card, "cm03"]}, dragons={dragon: 0}, element=None, mode="quick")
    act(s, ("lead", card))
    assert s.players[0].crystals == [card]


def test_card_en03_hyla_of_the_lantern_seed_draws_two():
    s = position(hands={0: ["en03", "cm03"]}, decks={0: ["cm04", "cm05", "cm06"]}, mode="quick")
    act(s, ("lead", "en03"))
    assert sorted(s.players[0].hand) == ["cm03", "cm05", "cm06"] and s.players[0].discard == ["en03"]


def test_card_en04_hyla_of_the_thorn_veil_adds_two_this_turn():
    s = position(hands={0: ["en04", "cm04"]}, combat={1: [["hr13", "hr16"]]}, element="fire", mode="quick")
    assert CARDS["cm04"].fire + 2 == CARDS["hr13"].fire + CARDS["hr16"].fire == 4
    act(s, ("lead", "en04"))
    assert ("character", "cm04") in options(s)  # Slag Carrier 2 + 2 meets Old Grove 2 + Stone Skin 2
    assert power(s, 0, "fire") == 2  # before any character: the Hyla card's 2 alone


def test_card_en07_cartographers_oath_must_draw_two_and_discard_one_after_refill():
    s = position(hands={0: ["en07", "cm03"]}, combat={1: [["hr05"]]}, mode="quick")
    act(s, ("lead", "en07"))
    assert len(s.players[0].hand) == 3
    act(s, ("character", "cm03"))
    if kind(s) == "boost":
        act(s, ("done",))
    assert kind(s) == "discard" and s.decisions[0].seat == 0 and len(s.players[0].hand) == 6
    act(s, options(s)[0])
    assert len(s.players[0].hand) == 5 and s.active == 1


def test_card_en10_hyla_of_the_tide_whisper_takes_any_card_back():
    s = position(hands={0: ["en10", "cm03"]}, discards={0: ["cm26", "cm16"]}, mode="quick")
    act(s, ("lead", "en10"))
    assert options(s) == [("card", "cm16"), ("card", "cm26"), ("done",)]
    act(s, ("card", "cm16"))
    assert "cm16" in s.players[0].hand and s.players[0].discard == ["cm26", "en10"]


def test_card_en11_hyla_of_the_dusk_glass_switches_the_element():
    s = position(hands={0: ["en11", "cm09"]}, combat={1: [["hr13"]]}, element="fire", mode="quick")
    act(s, ("lead", "en11"))
    assert s.element == "earth"
