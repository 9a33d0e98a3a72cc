"""Blue Moon's words count in proper English: "draws 1 card", "draws 6 cards", never "card(s)" — in the log,
the questions, the result, the terminal table and the rules text."""

from __future__ import annotations

import random
import re

import pytest
from bm_helpers import act, kind, position

from moontable.games.bluemoon import BLUEMOON as G
from moontable.games.bluemoon.rules_text import content_text, describe_event
from moontable.match import Match

SEATS = [{"name": "a", "bot": True, "level": "random"}, {"name": "b", "bot": True, "level": "random"}]
ONE_PLURAL = re.compile(r"\b1 (cards|dragons|crystals|moons|decks|games|characters)\b")
MANY_SINGULAR = re.compile(r"\b([02-9]|\d\d+) (card|dragon|crystal|moon|deck|game|character)\b(?!'s)")


def words_ok(text: str) -> None:
    assert "(s)" not in text, text
    assert not ONE_PLURAL.search(text), text
    assert not MANY_SINGULAR.search(text), text


@pytest.mark.parametrize(("event", "words"), [
    ({"type": "draw", "seat": 0, "n": 1}, "seat 0 draws 1 card"),
    ({"type": "draw", "seat": 1, "n": 6}, "seat 1 draws 6 cards"),
    ({"type": "fight_won", "seat": 0, "dragons": 1}, "seat 0 wins the fight and attracts 1 dragon"),
    ({"type": "fight_won", "seat": 0, "dragons": 2}, "seat 0 wins the fight and attracts 2 dragons"),
    ({"type": "end", "winner": 1, "crystals": [0, 1]}, "seat 1 wins the game: 1 crystal"),
    ({"type": "end", "winner": 0, "crystals": [4, 0]}, "seat 0 wins the game: 4 crystals"),
])
def test_the_log_counts_in_the_number_it_names(event, words):
    assert describe_event(event) == words


def test_the_redraw_question_says_one_more_card_then_two_more_cards():
    s = position(("duskveil", "cindermark"), hands={0: ["dv31", "dv03", "dv07"], 1: ["cm03", "cm04"]},
                 combat={1: [["cm01"]]}, decks={0: ["dv09", "dv12"], 1: ["cm05", "cm06"]})
    act(s, ("lead", "dv31"))
    assert kind(s) == "redraw" and s.decisions[0].prompt.startswith("Discard up to 2 more cards;")
    act(s, ("card", "cm03"))
    assert kind(s) == "redraw" and s.decisions[0].prompt.startswith("Discard up to 1 more card;")


@pytest.mark.parametrize("mode", ["base", "quick", "build"])
def test_no_text_of_a_whole_game_says_card_s(mode):
    """Every log line, question, terminal table and the result of seeded random games, and the rules text."""
    words_ok(content_text())
    for seed in range(4):
        rng = random.Random(seed)
        m = Match.new(G, {"seats": 2, "mode": mode}, SEATS, seed=rng.randbytes(32))
        seen = 0
        while not m.ended:
            for d in G.pending(m.state):
                words_ok(d.prompt)
            d = rng.choice(G.pending(m.state))
            for e in m.play(d.seat, rng.choice(d.options)):
                text = G.describe_event(e)
                if text:
                    words_ok(text)
                    seen += 1
            for seat in (0, 1, None):
                words_ok(G.render(m.state, seat))
        words_ok(G.describe_result(m.state))
        assert seen > 20
