"""The content rows: the deck, the components, the Moon card faces, the Asteroids, the scoring table and the
reference card (MO1-MO3, MO5, MO6, MO21, MO52), in both languages."""

from __future__ import annotations

import json
import string
from collections import Counter

import pytest
from typer.testing import CliRunner

from moontable.cli import app
from moontable.games.moons import MOONS
from moontable.games.moons.content import (
    DECK,
    KINDS,
    LARGE,
    MOON_CARDS,
    PLANETS,
    RANK,
    SCORING_EXAMPLES,
    SET_POINTS,
    SMALL_ASTEROIDS,
    SUIT,
    TOKENS_PER_PLANET,
    best_with_stardust,
    set_points,
)
from moontable.games.moons.content import (
    MOONS as MOON_LIST,
)
from moontable.games.moons.texts import TEXTS


def test_MO1_sixty_cards_four_planets_of_fourteen_ranks_and_four_large_asteroids():
    assert DECK == 60 and MOON_CARDS == 56
    moons = [(SUIT[c], RANK[c]) for c in range(DECK) if SUIT[c] != LARGE]
    assert sorted(moons) == [(p, r) for p in range(4) for r in range(1, 15)]  # one card a suit and rank
    assert [c for c in range(DECK) if SUIT[c] == LARGE] == [56, 57, 58, 59]
    assert PLANETS == ("saturn", "jupiter", "neptune", "uranus")
    data = MOONS.content()
    assert len(data["cards"]) == 60 and data["components"]["large_asteroids"] == 4


def test_MO2_components_thirty_eight_small_asteroids_and_sixty_eight_tokens():
    assert len(SMALL_ASTEROIDS) == 38
    comp = MOONS.content()["components"]
    assert comp["small_asteroids"] == 38 and comp["tokens_per_planet"] * 4 == 68 == TOKENS_PER_PLANET * 4
    assert comp["earth_moon_token"] == comp["earth_token"] == comp["block_token"] == 1


def test_MO3_each_card_names_a_different_real_moon_of_its_planet_ranked_by_size():
    for moons in MOON_LIST.values():
        assert len(moons) == 14 and len({k for k, _ in moons}) == 14
        sizes = [km for _, km in moons]
        assert sizes == sorted(sizes) and len(set(sizes)) == 14  # rank 1 the smallest, 14 the largest
    assert MOON_LIST["saturn"][-1][0] == "titan" and MOON_LIST["jupiter"][-1][0] == "ganymede"
    assert MOON_LIST["neptune"][-1][0] == "triton" and MOON_LIST["uranus"][-1][0] == "titania"
    all_keys = [k for moons in MOON_LIST.values() for k, _ in moons]
    assert len(set(all_keys)) == 56
    for lang, t in TEXTS.items():
        assert set(t["moons"]) == set(all_keys), lang
        for key, (name, fact) in t["moons"].items():
            assert name and 10 < len(fact) < 100, (lang, key)
    assert TEXTS["pt"]["moons"]["titan"][0] == "Titã" and TEXTS["en"]["moons"]["titan"][0] == "Titan"
    # the content says the order and gives the diameter behind it
    cards = MOONS.content()["cards"]
    assert cards[13]["moon"] == "titan" and cards[13]["rank"] == 14 and cards[13]["diameter_km"] > 5000


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _shape(x):
    if isinstance(x, dict):
        return {k: _shape(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_shape(v) for v in x] if x and not isinstance(x[0], str) else len(x)
    return _fields(x) if isinstance(x, str) else x


def test_MO6_the_reference_card_and_every_text_exist_in_english_and_portuguese():
    en, pt = TEXTS["en"], TEXTS["pt"]
    assert _shape(en) == _shape(pt)  # the same keys, the same lists, the same {fields} in every string
    for t in (en, pt):
        ref = t["reference"]
        assert len(ref["turn"]) >= 6 and t["scoring"]["sizes"]
    # the reference card carries the set-scoring table of MO52, whose points come from the data
    for t in (en, pt):
        for size in range(1, 5):
            assert str(SET_POINTS[size]) in t["scoring"]["sizes"][str(size)]
    assert en["ui"]["prompt_lead"] != pt["ui"]["prompt_lead"]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_MO5_MO6_every_player_can_read_the_reference_card_in_the_terminal(lang):
    result = CliRunner().invoke(app, ["rules", "moons", "--lang", lang])
    assert result.exit_code == 0, result.output
    t = TEXTS[lang]
    assert t["reference"]["title"] in result.output
    assert all(line in result.output for line in t["reference"]["turn"])
    assert t["scoring"]["sizes"]["4"] in result.output


def test_MO21_eight_to_twelve_kinds_of_small_asteroid_thirty_eight_cards_each_fully_described():
    assert 8 <= len(KINDS) <= 12
    assert sum(k.copies for k in KINDS) == 38 == len(SMALL_ASTEROIDS)
    assert Counter(SMALL_ASTEROIDS) == {k.id: k.copies for k in KINDS}
    assert {k.no_target for k in KINDS} <= {"unplayable", "always", "none_needed", "nothing"}
    for lang, t in TEXTS.items():
        for k in KINDS:
            a = t["asteroids"][k.id]
            assert a["name"] and a["text"] and a["targets"] and a["no_target"], (lang, k.id)
    kinds = {k.id for k in KINDS}
    # the published families: swap tokens, swap a tableau card with a hand card, change end scoring
    assert {"orbit_swap", "realign", "stardust"} <= kinds


def test_MO52_the_scoring_table_and_its_worked_examples():
    assert SET_POINTS[1:] == (1, 3, 6, 10)
    for tokens, stardust, points in SCORING_EXAMPLES:
        assert best_with_stardust(tokens, stardust)[0] == points, (tokens, stardust)
    # layers are the best sorting into sets: no other partition of these tokens scores more
    assert set_points([3, 2, 1, 0]) == 6 + 3 + 1
    assert set_points([1, 1, 1, 1]) == 10 > 6 + 1
    data = MOONS.content()
    assert data["set_points"] == {"1": 1, "2": 3, "3": 6, "4": 10}
    assert [e["points"] for e in data["scoring_examples"]] == [p for _, _, p in SCORING_EXAMPLES]


def test_MO52_every_view_shows_the_sets_a_players_tokens_make_and_their_points():
    from moons_helpers import position

    s = position([[0], [1]], tokens=[[3, 2, 1, 0], [4, 4, 4, 1]], stardust=[0, 1])
    v = MOONS.view(s, None)
    assert v["players"][0]["sets"] == [3, 2, 1] and v["players"][0]["points"] == 10
    assert v["players"][1]["sets"] == [4, 4, 3, 3] and v["players"][1]["points"] == 32


def test_MO52_layers_are_never_beaten_by_another_partition():
    from functools import cache
    from itertools import product

    @cache
    def best_partition(counts):  # every way to take sets off, searched exhaustively
        counts = tuple(counts)
        if not any(counts):
            return 0
        best = 0
        for pick in product((0, 1), repeat=4):
            if any(pick) and all(counts[i] >= pick[i] for i in range(4)):
                rest = tuple(counts[i] - pick[i] for i in range(4))
                best = max(best, SET_POINTS[sum(pick)] + best_partition(rest))
        return best

    for counts in product(range(4), repeat=4):
        assert set_points(counts) == best_partition(counts), counts


def test_rules_json_prints_the_whole_content():
    result = CliRunner().invoke(app, ["rules", "moons", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["game"] == "moons" and len(data["cards"]) == 60 and len(data["small_asteroids"]) == len(KINDS)
    assert set(data["texts"]) == {"en", "pt"}
    assert data["texts"]["pt"]["asteroids"]["stardust"]["name"] == "Poeira Estelar"


@pytest.mark.parametrize(("lang", "name"), [("en", "moons-content.md"), ("pt", "moons-content-pt.md")])
def test_the_content_documents_are_generated_from_the_data(lang, name):
    from pathlib import Path

    from moontable.games.moons.rules_text import content_text
    from moontable.games.moons.texts import Words

    doc = Path(__file__).resolve().parents[2] / "docs" / name
    assert doc.read_text(encoding="utf-8") == content_text(Words(lang)), \
        f"regenerate with: python -m moontable.games.moons.rules_text {lang} > docs/{name}"
