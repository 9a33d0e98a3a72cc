"""Every event, option, prompt and board of Moons has its words in English and in Portuguese, and a seat's log
never names what it may not see."""

from __future__ import annotations

import random

import pytest

from moontable.fair import RandomChance
from moontable.games.moons import MOONS
from moontable.games.moons.texts import TEXTS

GAMES = {"en": MOONS, "pt": MOONS.in_language("pt")}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_event_option_prompt_and_board_has_words(lang):
    game = GAMES[lang]
    rng = random.Random(4)
    kinds = set()
    for g in range(25):
        chance = RandomChance(rng)
        s = MOONS.new_state({"seats": 2 + g % 5}, chance)
        while not s.over:
            d = rng.choice(s.decisions)
            assert game.describe_prompt(s, d)
            for o in d.options:
                text = game.describe_action(s, o)
                assert text and not text.startswith(o[0] + " "), (lang, o)
            if rng.random() < 0.02:
                board = game.render(s, d.seat)
                assert TEXTS[lang]["ui"]["r_supply"].split(":")[0] in board
            for e in MOONS.apply(s, d.seat, rng.choice(d.options), chance):
                for seat in (None, d.seat):
                    for seen in MOONS.events_for([e], seat):
                        line = game.describe_event(seen)
                        assert line, (lang, seen)
                        kinds.add(seen["type"])
        assert lang != "pt" or "wins" not in game.describe_result(s)
    assert len(kinds) >= 20


def test_the_portuguese_table_speaks_portuguese():
    pt = GAMES["pt"]
    assert pt.describe_event({"type": "play", "seat": 2, "card": 13}) == "O lugar 2 joga Titã (Saturno 14)."
    assert pt.describe_event({"type": "token", "seat": 0, "planet": 3}) == "O lugar 0 pega um token de Urano."
    assert pt.describe_event({"type": "draw", "seat": 1, "n": 2}) == "O lugar 1 compra 2 Asteroides pequenos."
    assert pt.describe_action(None, ("block", 1)) == "Gastar o token de bloqueio em Júpiter"
    assert MOONS.describe_event({"type": "play", "seat": 2, "card": 13}) == "Seat 2 plays Titan (Saturn 14)."


def test_a_face_down_pick_and_a_drawn_asteroid_are_named_only_to_their_player():
    picked = [{"type": "picked", "seat": 1, "k": 1, "hide": 1}, {"type": "picked", "seat": 1, "k": 1, "card": 13,
                                                                "only": 1}]
    assert [MOONS.describe_event(e) for e in MOONS.events_for(picked, 0)] == ["Seat 1 lays a card face down."]
    assert [MOONS.describe_event(e) for e in MOONS.events_for(picked, 1)] == ["You lay Titan (Saturn 14) face down."]


def _walk(texts):
    if isinstance(texts, str):
        yield texts
    elif isinstance(texts, dict):
        for v in texts.values():
            yield from _walk(v)
    elif isinstance(texts, list | tuple):
        for v in texts:
            yield from _walk(v)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_no_text_hedges_a_plural_with_s_in_brackets(lang):
    hedged = [x for x in _walk(TEXTS[lang]) if "(s)" in x or "(es)" in x]
    assert hedged == []


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["0 tricks;", "1 trick;", "2 tricks;", "= 1 point", "= 0 points", "hand: 1 card, 1 small Asteroid",
            "hand: 0 cards, 2 small Asteroids", "(1 token)"]),
    ("pt", ["0 vazas;", "1 vaza;", "2 vazas;", "= 1 ponto", "= 0 pontos", "mão: 1 carta, 1 Asteroide pequeno",
            "mão: 0 cartas, 2 Asteroides pequenos", "(1 token)", "1 de 3 virada para baixo",
            "2 de 3 viradas para baixo"]),
])
def test_the_board_counts_in_singular_and_plural(lang, words):
    s = MOONS.new_state({"seats": 3}, RandomChance(random.Random(1)))
    s.tricks = [0, 1, 2]
    s.tokens = [[0, 0, 0, 0], [1, 0, 0, 0], [1, 1, 0, 0]]
    s.supply = [0, 0, 1, 0]
    s.hands[1], s.smalls[1] = s.hands[1][:1], ["capture"]
    s.hands[2], s.smalls[2] = [], ["capture", "shower"]
    s.tableaux = [[0], [1], [2, 3]]
    board = GAMES[lang].render(s, 0)
    for word in words:
        assert word in board, (word, board)
    assert "(s)" not in board


def test_the_result_says_point_for_one_and_points_for_more():
    s = MOONS.new_state({"seats": 2}, RandomChance(random.Random(1)))
    s.over, s.reason, s.scores, s.winners, s.winner = True, "supply", [1, 0], [0], 0
    assert GAMES["en"].describe_result(s) == "Seat 0 wins with 1 point (the supply ran out)."
    assert GAMES["pt"].describe_result(s) == "O lugar 0 vence com 1 ponto (a reserva acabou)."
    s.scores = [12, 3]
    assert GAMES["en"].describe_result(s) == "Seat 0 wins with 12 points (the supply ran out)."
    assert GAMES["pt"].describe_result(s) == "O lugar 0 vence com 12 pontos (a reserva acabou)."
