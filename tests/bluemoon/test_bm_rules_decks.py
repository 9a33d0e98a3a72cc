"""The deck rules in the three modes, each broken rule named by its ID (BM35, BM36, BM39, BM41-BM48, BM77,
BM78, BM80)."""

from __future__ import annotations

import pytest

from moontable.games.bluemoon import BLUEMOON
from moontable.games.bluemoon.builder import build_deck
from moontable.games.bluemoon.content import CARDS, EMISSARIES, INQUISITORS, PEOPLES
from moontable.games.bluemoon.decks import base_deck, check_deck, quick_deck


def rules(deck, mode):
    return sorted({p.rule for p in check_deck(deck, mode)})


def cards_of(people, n=None):
    return list(PEOPLES[people].base)[:n]


def test_BM35_a_base_deck_is_a_leader_and_exactly_30_cards_one_copy_each():
    assert check_deck(base_deck("cindermark"), "base") == []
    short = {**base_deck("cindermark"), "cards": cards_of("cindermark", 29)}
    assert rules(short, "base") == ["BM35"]
    twice = {**base_deck("cindermark"), "cards": [*cards_of("cindermark", 29), "cm01"]}
    problems = check_deck(twice, "base")
    assert [p.rule for p in problems] == ["BM35"] and "cm01 appears 2 times" in problems[0].text


def test_BM36_any_number_of_own_cards_and_at_most_10_foreign_moons():
    own = [*cards_of("cindermark", 26), "cm31", "cm32", "cm33", "cm30"]  # expansion cards are the people's too
    assert rules({**base_deck("cindermark"), "cards": own}, "base") == []
    foreign = ["hr14", "hr22", "dv06", "dv16", "gw16"]  # 2 moons each: 10
    ok = {**base_deck("cindermark"), "cards": [*cards_of("cindermark", 25), *foreign]}
    assert rules(ok, "base") == []
    heavy = {**base_deck("cindermark"), "cards": [*cards_of("cindermark", 24), *foreign, "gw12"]}
    problems = check_deck(heavy, "base")
    assert [p.rule for p in problems] == ["BM36"] and "11 moons" in problems[0].text


def test_BM39_a_deck_of_another_mode_is_refused():
    assert "BM39" in rules({**base_deck("duskveil"), "inquisitor": "vell"}, "base")
    assert "BM39" in rules({**quick_deck("duskveil", "salt"), "inquisitor": "vell"}, "quick")
    assert "BM39" in rules({**build_deck("duskveil", "vell"), "emissary": "salt"}, "build")
    assert rules(base_deck("duskveil"), "tournament") == ["BM39"]


def test_BM41_a_quick_start_deck_adds_the_peoples_three_expansion_cards():
    deck = quick_deck("galewright", "lantern")
    assert check_deck(deck, "quick") == []
    without = {**deck, "cards": [c for c in deck["cards"] if c != "gw31"] + ["hr01"]}
    assert "BM41" in rules(without, "quick")


def test_BM42_each_player_adds_the_seven_cards_of_an_emissary_for_exactly_40():
    deck = quick_deck("hollowroot", "salt")
    assert len(deck["cards"]) == 40
    assert "BM42" in rules({**deck, "emissary": None}, "quick")
    assert "BM42" in rules({**deck, "cards": deck["cards"][:-1]}, "quick")


def test_BM43_the_emissary_card_itself_never_enters_the_deck():
    deck = quick_deck("hollowroot", "salt")
    assert "BM43" in rules({**deck, "cards": [*deck["cards"][:-1], "salt"]}, "quick")


def test_BM44_quick_start_decks_are_checked_for_size_and_copies_but_not_moons():
    deck = quick_deck("duskveil", "salt")
    swapped = {**deck, "cards": [*deck["cards"][:-2], deck["cards"][0], "gw16"]}
    got = rules(swapped, "quick")
    assert "BM44" in got and "BM36" not in got and "BM47" not in got


def test_BM45_a_deck_building_deck_has_exactly_one_inquisitor():
    deck = build_deck("cindermark", "vell")
    assert check_deck(deck, "build") == []
    assert rules({**deck, "inquisitor": None}, "build") == ["BM45"]
    assert rules({**deck, "inquisitor": ["vell", "grane"]}, "build") == ["BM45"]  # two are one too many


def test_BM46_the_deck_size_is_the_leaders_and_the_inquisitors_together():
    assert len(build_deck("cindermark", "vell")["cards"]) == 30
    assert len(build_deck("cindermark", "grane")["cards"]) == 40
    deck = build_deck("hollowroot", "grane")
    problems = check_deck({**deck, "cards": deck["cards"][:39]}, "build")
    assert [p.rule for p in problems] == ["BM46"] and "exactly 40" in problems[0].text
    assert "BM46" in rules({**deck, "cards": [*deck["cards"][:39], "grane"]}, "build")


def test_BM47_one_copy_and_the_moons_allowance_of_leader_and_inquisitor():
    deck = build_deck("duskveil", "vell")
    assert "BM47" in rules({**deck, "cards": [*deck["cards"][:-1], deck["cards"][0]]}, "build")
    foreign = sorted((c.id for c in CARDS.values() if c.people != "duskveil" and c.kind != "leadership"),
                     key=lambda c: -CARDS[c].moons)
    heavy = {**deck, "cards": [*cards_of("duskveil", 30 - 12), *foreign[:12]]}
    moons = sum(CARDS[c].moons for c in foreign[:12])
    assert moons > 16
    problems = check_deck(heavy, "build")
    assert "BM47" in [p.rule for p in problems] and f"{moons} moons" in str(problems)


def test_BM48_deck_size_and_moons_add_up():
    for q in INQUISITORS.values():
        deck = build_deck("galewright", q.id)
        assert len(deck["cards"]) == 30 + q.deck_size
        foreign = sum(CARDS[c].moons for c in deck["cards"] if CARDS[c].people != "galewright")
        assert foreign <= 10 + q.moons


def test_BM77_each_inquisitors_further_restriction_is_checked():
    deck = build_deck("cindermark", "vell")
    leaders = [c for c in PEOPLES["cindermark"].cards if c.kind == "leadership"]
    four = [c.id for c in leaders[:4]]
    others = [c for c in deck["cards"] if CARDS[c].kind != "leadership"][: 30 - 4]
    problems = check_deck({**deck, "cards": [*others, *four]}, "build")
    assert [p.rule for p in problems] == ["BM77"] and "at most 3 leadership cards" in problems[0].text
    deck = build_deck("cindermark", "grane")
    swapped = {**deck, "cards": [*[c for c in deck["cards"] if c != "cm03"], "en05"]}
    problems = check_deck(swapped, "build")
    assert [p.rule for p in problems] == ["BM77"] and "en05" in problems[0].text


def test_BM78_crystal_cards_count_toward_the_moons_allowance():
    deck = build_deck("hollowroot", "vell")
    own = [c.id for c in PEOPLES["hollowroot"].cards if c.kind != "leadership"]
    crystals = ["en01", "en02", "en08", "en09"]  # 2 moons each, of no people
    hyla = ["en03", "en04", "en07", "en10"]  # 1 moon each
    legal = {**deck, "cards": [*own[:20], *crystals, *hyla, "dv06", "dv16"]}  # 8 + 4 + 4 = 16 moons
    assert check_deck(legal, "build") == []
    over = {**deck, "cards": [*own[:19], *crystals, *hyla, "dv06", "dv16", "gw16"]}  # 18 moons
    problems = check_deck(over, "build")
    assert [p.rule for p in problems] == ["BM47"] and "crystal cards included" in problems[0].text


def test_BM80_every_broken_rule_is_named_by_its_id_and_in_words():
    bad = {"leader": "cm-leader", "inquisitor": None, "emissary": "salt",
           "cards": ["cm01", "cm01", "cm-leader", "nope", *cards_of("hollowroot", 10)]}
    problems = check_deck(bad, "base")
    got = {p.rule for p in problems}
    assert {"BM1", "BM35", "BM39"} <= got
    for p in problems:
        assert str(p).startswith(p.rule + ": ") and len(p.text.split()) >= 4


@pytest.mark.parametrize("people", list(PEOPLES))
@pytest.mark.parametrize("emissary", list(EMISSARIES))
def test_every_people_with_every_emissary_is_a_legal_quick_start_deck(people, emissary):
    assert check_deck(quick_deck(people, emissary), "quick") == []


def test_a_game_refuses_an_illegal_deck_in_one_line():
    bad = {"leader": "cm-leader", "cards": cards_of("cindermark", 12)}
    with pytest.raises(ValueError) as e:
        BLUEMOON.new_state({"seats": 2, "mode": "base", "decks": [[bad], [{"people": "duskveil"}]]}, None)
    assert "BM35" in str(e.value) and "seat 0" in str(e.value)
