"""The fight's end, the dragons and the game's end (BM20-BM29)."""

from __future__ import annotations

from bm_helpers import G, act, begin, kind, options, position, to_play, types

from moontable.games.bluemoon.state import MIDDLE

BIG_ROW = {1: [["hr03", "hr16"], ["hr05"], ["hr09"]]}  # four cards in combat, with two supports: six


def retreating(dragons=None, combat=None, supports=None, hands=None, decks=None):
    """Seat 0's turn in a Fire fight, about to retreat against seat 1."""
    s = position(hands=hands or {0: ["cm16"], 1: ["hr01", "hr02"]}, combat=combat or {0: [["cm03"]], 1: [["hr05"]]},
                 supports=supports, dragons=dragons, decks=decks)
    to_play(s)
    return s


def test_BM20_the_winner_attracts_one_dragon():
    s = retreating()
    events = act(s, ("retreat",))
    assert [e["dragons"] for e in events if e["type"] == "fight_won"] == [1]
    act(s, ("dragon", "stormcrest"))
    assert s.dragons == [MIDDLE, MIDDLE, 1]


def test_BM20_six_or_more_cards_in_combat_and_support_attract_two():
    s = retreating(combat={0: [["cm03"]], **BIG_ROW}, supports={1: ["hr24", "hr25"]})
    events = act(s, ("retreat",))
    assert [e["dragons"] for e in events if e["type"] == "fight_won"] == [2]
    act(s, ("dragon", "ashwing"), ("dragon", "mossback"))
    assert s.dragons == [1, 1, MIDDLE]


def test_BM20_five_cards_are_not_enough_for_two():
    s = retreating(combat={0: [["cm03"]], **BIG_ROW}, supports={1: ["hr24"]})
    events = act(s, ("retreat",))
    assert [e["dragons"] for e in events if e["type"] == "fight_won"] == [1]


def test_BM21_the_losers_dragon_goes_back_to_the_middle_first():
    s = retreating(dragons={"ashwing": 0})
    act(s, ("retreat",))
    assert s.dragons == [MIDDLE, MIDDLE, MIDDLE]  # one attraction: Ashwing only came back to the middle


def test_BM21_two_attractions_take_the_losers_dragon_then_one_from_the_middle():
    s = retreating(dragons={"ashwing": 0}, combat={0: [["cm03"]], **BIG_ROW}, supports={1: ["hr24", "hr25"]})
    act(s, ("retreat",))
    assert s.dragons == [MIDDLE, MIDDLE, MIDDLE] and kind(s) == "dragon"
    act(s, ("dragon", "ashwing"))
    assert s.dragons == [1, MIDDLE, MIDDLE]
    assert not (0 in s.dragons and 1 in s.dragons)


def test_BM22_a_player_with_all_three_dragons_who_attracts_another_wins_at_once():
    s = retreating(dragons={"ashwing": 1, "mossback": 1, "stormcrest": 1})
    act(s, ("retreat",))
    assert s.over and s.winner == 1 and s.reason == "all_dragons"
    assert s.crystals == [0, 4]


def test_BM23_the_attracting_player_chooses_which_dragon():
    s = retreating(dragons={"ashwing": 0, "mossback": 0})
    act(s, ("retreat",))
    assert kind(s) == "dragon" and s.decisions[0].seat == 1
    assert options(s) == [("dragon", "ashwing"), ("dragon", "mossback")]
    act(s, ("dragon", "mossback"))
    assert s.dragons == [0, MIDDLE, MIDDLE]


def test_BM24_after_the_dragons_all_cards_in_play_go_to_the_discard_piles_and_the_retreater_starts():
    s = retreating(supports={0: ["cm23"], 1: ["hr24"]})
    act(s, ("retreat",), ("dragon", "ashwing"))
    for p in s.players:
        assert p.combat == [] and p.supports == []
        assert len(p.hand) == 6
    assert sorted(s.players[0].discard) == ["cm03", "cm23"] and sorted(s.players[1].discard) == ["hr05", "hr24"]
    assert s.element is None and s.active == 0 and s.starter == 0
    assert kind(s) in ("leadership", "play")


def test_BM25_the_winner_refills_first():
    s = retreating()
    events = act(s, ("retreat",), ("dragon", "ashwing"))
    assert [e["seat"] for e in events if e["type"] == "draw" and "only" in e] == [1, 0]


def test_BM26_the_game_ends_when_a_player_has_no_cards_after_the_refill():
    s = retreating(hands={0: [], 1: ["hr01"]}, decks={0: [], 1: ["hr02"]})
    assert kind(s) == "dragon"  # seat 0 had no character: it retreated at once
    act(s, ("dragon", "ashwing"))
    assert s.over and s.reason == "out" and s.winner == 1 and s.crystals == [0, 2]


def test_BM26_a_run_out_player_has_no_character_so_must_retreat():
    s = position(hands={0: []}, decks={0: []}, combat={0: [["cm03"]], 1: [["hr05"]]}, begin=False)
    events = begin(s)
    assert "must_retreat" in types(events)


def test_BM26_a_starting_player_with_no_card_to_discard_ends_the_game():
    s = position(hands={0: [], 1: ["hr01"]}, decks={0: []}, element=None, dragons={"ashwing": 0}, begin=False)
    begin(s)
    assert s.over and s.winner == 0 and s.reason == "out"


def test_BM27_the_player_with_dragons_wins_dragons_plus_one():
    s = retreating(hands={0: [], 1: ["hr01"]}, decks={0: [], 1: []}, dragons={"ashwing": 1})
    act(s, ("dragon", "mossback"))
    assert s.over and s.winner == 1 and s.crystals == [0, 3]
    assert G.result(s).score["dragons"] == [0, 2]


def test_BM28_with_no_dragons_the_player_who_did_not_run_out_first_wins_one():
    s = position(hands={0: ["cm03"], 1: []}, decks={0: [], 1: []}, combat={1: [["hr05"]]}, dragons={"ashwing": 1},
                 begin=False)
    s.first_out = 1  # seat 1 ran out first, in an earlier turn
    begin(s)
    act(s, ("character", "cm03"))  # seat 1 then has nothing and retreats: its Ashwing goes back to the middle
    assert s.over and s.reason == "no_dragons"
    assert s.winner == 0 and s.crystals == [1, 0]


def test_BM29_the_first_player_to_run_out_is_recorded():
    s = position(hands={0: ["cm03"], 1: ["hr01"]}, decks={0: [], 1: []}, combat={1: [["hr05"]]}, begin=False)
    begin(s)
    assert s.first_out is None
    events = act(s, ("character", "cm03"))  # the last card of hand and draw pile
    assert {"type": "out", "seat": 0} in events
    assert s.first_out == 0 and G.view(s, 1)["first_out"] == 0
