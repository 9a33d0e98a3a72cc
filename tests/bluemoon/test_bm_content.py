"""The content we design (BM74-BM79) and the effect registry: every card implemented, every step used."""

from __future__ import annotations

import json
import re

from moontable.games.bluemoon import BLUEMOON
from moontable.games.bluemoon.cards import KEYWORDS, MUST_STEPS, STATIC_STEPS
from moontable.games.bluemoon.content import (
    CARDS,
    DRAGON_IDS,
    EMISSARIES,
    INQUISITORS,
    PARTNER,
    PEOPLES,
)
from moontable.games.bluemoon.decks import check_deck, quick_deck
from moontable.games.bluemoon.effects import STEP_NAMES

# the published game's peoples: none of their names may appear in ours
PUBLISHED = ("vulca", "hoax", "mimix", "khind", "terrah", "pillar", "aqua", "flit", "buka")


def test_BM74_four_original_peoples_with_a_leader_and_30_cards_each():
    assert len(PEOPLES) >= 4
    for p in PEOPLES.values():
        assert p.deck_size == 30 and p.moons == 10 and p.leader
        assert len(p.base) == 30
        numbers = [CARDS[c].number for c in p.base]
        assert numbers == list(range(1, 31))
        for c in p.base:
            card = CARDS[c]
            assert card.people == p.id and card.name and card.label == f"{p.name} {card.number:02d}"
        kinds = {CARDS[c].kind for c in p.base}
        assert kinds == {"character", "booster", "support", "leadership"}
        assert sum(1 for c in p.base if CARDS[c].kind == "character") >= 15


def test_BM74_each_people_has_a_keyword_of_its_own_defined_in_its_rules_text():
    assert sorted(p.keyword for p in PEOPLES.values()) == sorted(KEYWORDS)
    for p in PEOPLES.values():
        assert p.keyword.upper() in p.keyword_text
        users = [c for c in p.cards if c.keyword == p.keyword]
        assert len(users) >= 4, p.id
        assert all(c.people == p.id for c in CARDS.values() if c.keyword == p.keyword)


def test_BM74_the_peoples_play_differently():
    """A people's way of playing shows in its cards: its element, its boosters or supports, its texts."""
    def share(p, what):
        chars = [CARDS[c] for c in p.base if CARDS[c].kind == "character"]
        return sum(getattr(c, what) for c in chars) / len(chars)

    cm, hr, dv, gw = (PEOPLES[x] for x in ("cindermark", "hollowroot", "duskveil", "galewright"))
    assert share(cm, "fire") > share(cm, "earth") + 1.5 and share(hr, "earth") > share(hr, "fire") + 1.5
    assert abs(share(dv, "fire") - share(dv, "earth")) < 1 and abs(share(gw, "fire") - share(gw, "earth")) < 1
    supports = {p.id: sum(1 for c in p.base if CARDS[c].kind == "support") for p in PEOPLES.values()}
    assert supports["hollowroot"] == max(supports.values())
    free = {p.id: sum(1 for c in p.cards if "free" in c.icons) for p in PEOPLES.values()}
    assert free["galewright"] == max(free.values())


def test_BM74_no_published_people_name_or_card_name():
    text = json.dumps(BLUEMOON.content()).lower()
    for name in PUBLISHED:
        assert name not in text, name


def test_BM75_three_expansion_cards_a_people_with_a_chosen_one_making_40_with_an_emissary():
    for p in PEOPLES.values():
        assert len(p.expansion) == 3 and [CARDS[c].number for c in p.expansion] == [31, 32, 33]
        assert any(CARDS[c].chosen for c in p.expansion)
        for e in EMISSARIES:
            assert len(quick_deck(p.id, e)["cards"]) == 40


def test_BM76_two_emissaries_with_seven_cards_of_no_people_each():
    assert len(EMISSARIES) == 2
    people_cards = {c for p in PEOPLES.values() for c in (*p.base, *p.expansion)}
    for e in EMISSARIES.values():
        assert len(set(e.cards)) == 7 and not set(e.cards) & people_cards
        assert all(CARDS[c].people is None for c in e.cards)
        for p in PEOPLES:
            assert check_deck(quick_deck(p, e.id), "quick") == []


def test_BM77_two_inquisitors_each_changing_size_and_moons_with_at_most_one_restriction():
    assert len(INQUISITORS) == 2
    for q in INQUISITORS.values():
        assert isinstance(q.deck_size, int) and isinstance(q.moons, int) and q.moons != 0
        assert q.rule in (None, "max_leadership", "own_characters")
    assert len({(q.deck_size, q.moons, q.rule) for q in INQUISITORS.values()}) == 2


def test_BM78_three_named_dragons_with_crystal_cards_of_no_people():
    assert len(DRAGON_IDS) == 3
    crystals = [c for c in CARDS.values() if c.kind == "crystal"]
    assert {c.dragon for c in crystals} == set(DRAGON_IDS)
    for c in crystals:
        assert c.people is None and c.moons > 0
        name = BLUEMOON.content()["dragons"][DRAGON_IDS.index(c.dragon)]["name"]
        assert name in c.name and name in c.text


def test_BM79_hyla_replace_i_must_and_pair_names():
    hyla = [c for c in CARDS.values() if c.kind == "hyla"]
    assert len(hyla) >= 3 and all(c.text and c.effects for c in hyla)
    replace = [c for c in CARDS.values() if "replace" in c.icons]
    assert len(replace) >= 8 and all(c.kind != "leadership" for c in replace)
    musts = [c for c in CARDS.values() if any(n in MUST_STEPS for n, _ in c.effects)]
    assert 3 <= len(musts) <= 8
    assert all(bool(re.search(r"\bI must [a-z]", c.text)) == (c in musts) for c in CARDS.values())
    for a, b in PARTNER.items():
        assert CARDS[a].pair == CARDS[b].pair and a != b and PARTNER[b] == a
    assert len(PARTNER) >= 8


# -- the registry ---------------------------------------------------------------------------------------


def test_every_card_is_implemented():
    """A card with a text has the steps (or the keyword) that carry it out; a card without has none."""
    for c in CARDS.values():
        named = {n for n, _ in c.effects}
        assert named <= STEP_NAMES, c.id
        if c.kind in ("leadership", "hyla"):
            assert c.effects and c.text, c.id
        elif c.kind == "crystal":
            assert c.dragon and not c.effects
        elif c.text:
            assert c.effects or c.text == c.keyword.upper(), c.id  # type: ignore[union-attr]
        else:
            assert not c.effects and c.keyword is None, c.id


def test_every_step_of_the_vocabulary_is_used_by_a_card():
    used = {n for c in CARDS.values() for n, _ in c.effects}
    assert used == STEP_NAMES
    assert STATIC_STEPS <= used and MUST_STEPS <= used


def test_rules_json_prints_the_whole_content():
    data = json.loads(json.dumps(BLUEMOON.content()))
    assert len(data["cards"]) == len(CARDS) == 4 * 33 + 14
    assert {p["id"] for p in data["peoples"]} == set(PEOPLES)
    assert len(data["emissaries"]) == 2 and len(data["inquisitors"]) == 2 and len(data["dragons"]) == 3
    assert set(data["icons"]) >= {"stop", "free", "pair", "retrieve", "protected", "replace"}
    assert data["rules"] == "bluemoon/1"
