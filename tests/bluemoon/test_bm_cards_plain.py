"""A test per card without a text (its values in play), a test per card for each icon it shows, and the
registry: every card has a test of its own somewhere in test_bm_cards_*.py."""

from __future__ import annotations

import pathlib
import re

import pytest
from bm_helpers import act, begin, options, position, to_play, types

from moontable.games.bluemoon.content import CARDS, PARTNER
from moontable.games.bluemoon.core import power

PLAIN = sorted(c.id for c in CARDS.values() if not c.text and c.kind in ("character", "booster", "support"))
CHARACTERS = [c for c in PLAIN if CARDS[c].kind == "character"]
BOOSTERS = [c for c in PLAIN if CARDS[c].kind == "booster"]
SUPPORTS = [c for c in PLAIN if CARDS[c].kind == "support"]


def with_icon(icon):
    return sorted(c.id for c in CARDS.values() if icon in c.icons)


def people(c):
    return CARDS[c].people or "cindermark"


def pair_of(c, foe="hollowroot"):
    me = people(c)
    return (me, foe if me != foe else "cindermark")


@pytest.mark.parametrize("card", CHARACTERS)
def test_plain_character_counts_its_printed_values(card):
    for element in ("fire", "earth"):
        s = position(pair_of(card), hands={0: [card]}, element=None, mode="quick")
        to_play(s)
        act(s, ("character", card, element))
        assert power(s, 0, element) == CARDS[card].value(element)


@pytest.mark.parametrize("card", BOOSTERS)
def test_plain_booster_adds_its_values_while_its_character_is_uncovered(card):
    s = position(pair_of(card), hands={0: ["cm03", card]}, combat={1: [["hr01"]]}, mode="quick")
    to_play(s)
    act(s, ("character", "cm03"), ("booster", card))
    runner = CARDS["cm03"]
    assert power(s, 0, "fire") == runner.fire + CARDS[card].fire
    assert power(s, 0, "earth") == runner.earth + CARDS[card].earth


@pytest.mark.parametrize("card", SUPPORTS)
def test_plain_support_adds_its_values_for_the_whole_fight(card):
    s = position(pair_of(card), hands={0: ["cm03", card, "cm01"]}, combat={1: [["hr01"]]}, mode="quick")
    to_play(s)
    act(s, ("character", "cm03"), ("support", card))
    s.players[0].combat.append(["cm01"])  # covered by another character: the support still counts
    ash = CARDS["cm01"]
    assert power(s, 0, "fire") == ash.fire + CARDS[card].fire and power(s, 0, "earth") == ash.earth + CARDS[card].earth


@pytest.mark.parametrize("card", with_icon("fire_shield") + with_icon("earth_shield"))
def test_icon_shield_exempts_from_the_power_check(card):
    element = "fire" if "fire_shield" in CARDS[card].icons else "earth"
    big = {1: [["cm16", "cm20"], ["hr13", "hr19"]][0 if element == "fire" else 1]}  # 11 in the element
    s = position(pair_of(card), combat={0: [["cm01"]] if CARDS[card].kind != "character" else [], **big},
                 supports={0: [card]} if CARDS[card].kind == "support" else None, element=element, mode="quick",
                 begin=False)
    if CARDS[card].kind == "character":
        s.players[0].combat = [[card]]
    elif CARDS[card].kind == "booster":
        s.players[0].combat = [["cm01", card]]
    from moontable.games.bluemoon.core import check_met

    assert check_met(s, 0) and power(s, 0, element) < 11


@pytest.mark.parametrize("card", with_icon("replace"))
def test_icon_replace_is_offered_in_the_leadership_phase(card):
    s = position(pair_of(card), hands={0: [card]}, element=None, mode="quick")
    assert ("replace", card) in options(s)
    act(s, ("replace", card))
    assert card in s.players[0].discard


@pytest.mark.parametrize("card", with_icon("pair"))
def test_icon_pair_the_partner_plays_free_in_the_same_turn(card):
    partner = PARTNER[card]
    s = position(pair_of(card), hands={0: [card, partner]}, element=None)
    to_play(s)
    act(s, ("character", card, "fire"))
    assert ("character", partner) in options(s)
    act(s, ("character", partner))
    assert s.players[0].combat == [[card, partner]]


@pytest.mark.parametrize("card", with_icon("stop"))
def test_icon_stop_ends_the_plays_of_the_turn(card):
    s = position(pair_of(card), hands={0: [card, "cm21"]}, combat={1: [["hr01"]], 0: [["cm01"]]}, mode="quick",
                 element="fire" if CARDS[card].fire >= CARDS[card].earth else "earth", begin=False)
    s.players[1].combat = []  # nothing to match: the card is playable whatever its values
    begin(s)
    to_play(s)
    act(s, ("character", card))
    assert s.active == 1 and "cm21" in s.players[0].hand


@pytest.mark.parametrize("card", with_icon("free"))
def test_icon_free_does_not_count_toward_the_limit(card):
    kind = CARDS[card].kind
    s = position(pair_of(card), hands={0: ["cm03", card, "cm18"]}, combat={1: [["hr01"]]}, mode="quick")
    to_play(s)
    act(s, ("character", "cm03"), (kind, card))
    assert ("booster", "cm18") in options(s)


@pytest.mark.parametrize("card", with_icon("retrieve"))
def test_icon_retrieve_takes_the_card_back_on_the_owners_turn(card):
    kind = CARDS[card].kind
    s = position(pair_of(card), hands={0: ["cm03"]}, combat={0: [["cm16", card] if kind == "booster" else ["cm16"]],
                                                             1: [["hr01"]]},
                 supports={0: [card]} if kind == "support" else None, mode="quick")
    to_play(s)
    act(s, ("retrieve", card))
    assert card in s.players[0].hand


@pytest.mark.parametrize("card", with_icon("protected"))
def test_icon_protected_is_neither_scrapped_nor_ignored(card):
    kind = CARDS[card].kind
    foe = people(card)
    s = position(("duskveil", foe), hands={0: ["dv30", "dv03"]}, active=0, mode="quick", begin=False)
    if kind == "support":
        s.players[1].supports = [card]
        s.players[1].combat = [["hr01"]]
        begin(s)
        events = act(s, ("lead", "dv30"))  # Stolen Lantern: nothing it may take
        assert s.players[1].supports == [card] and "discard" not in types(events)
    elif kind == "booster":
        s.players[1].combat = [["gw05", card]]
        s.players[0].hand = ["cm27", "dv03"]
        begin(s)
        act(s, ("lead", "cm27"))  # Slag Toss
        assert s.players[1].combat == [["gw05", card]]
    else:
        from moontable.games.bluemoon.core import add_lasting, text_works

        add_lasting(s, "ignore", 0, 1, "foe_turn", {"what": "texts"}, "dv26")
        assert text_works(s, 1, CARDS[card])


# -- the registry ----------------------------------------------------------------------------------------


def _covered() -> set[str]:
    """Card ids that a test of test_bm_cards_*.py names: test_card_<id>_... or a parametrize list."""
    here = pathlib.Path(__file__).parent
    out: set[str] = set()
    for f in here.glob("test_bm_cards_*.py"):
        if f.name == pathlib.Path(__file__).name:
            continue
        text = f.read_text()
        out |= set(re.findall(r"^def test_card_([a-z]{2}\d{2})_", text, re.M))
        for block in re.findall(r"@pytest\.mark\.parametrize\(\"card\", \[([^\]]*)\]\)", text):
            out |= set(re.findall(r"\"([a-z]{2}\d{2})\"", block))
    return out


def test_every_card_has_a_test():
    covered = _covered() | set(PLAIN)
    missing = sorted(set(CARDS) - covered)
    assert not missing, f"cards without a test: {missing}"


def test_the_plain_cards_are_the_cards_without_a_text():
    assert all(not CARDS[c].effects and CARDS[c].keyword is None for c in PLAIN)
    assert len(PLAIN) >= 60
