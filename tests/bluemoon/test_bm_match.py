"""A match of games to five crystals (BM38, BM39, BM51) and its record."""

from __future__ import annotations

import json
import random

import pytest

from moontable.games.bluemoon import BLUEMOON
from moontable.games.bluemoon.series import MatchPlan, Series, verify_match
from moontable.match import Match

SEATS = [{"name": "Ann", "bot": True, "level": "random"}, {"name": "Bo", "bot": True, "level": "random"}]


def play(options, seed, pick=None):
    """A game played to its end by random choices (or `pick(decision)` for the deck choice)."""
    rng = random.Random(seed)
    m = Match.new(BLUEMOON, options, SEATS, seed=rng.randbytes(32))
    while not m.ended:
        d = BLUEMOON.pending(m.state)[0]
        a = pick(d) if pick is not None and d.kind == "deck" else rng.choice(d.options)
        m.play(d.seat, a)
    return m


def run_match(plan, seed=0, pick=None):
    series = Series(plan, SEATS)
    records = {}
    k = 0
    while not series.over:
        k += 1
        m = play(series.next_options(), seed * 100 + k, pick)
        name = f"g{k}.json"
        records[name] = json.loads(json.dumps(m.record))
        series.add(m.record, name)
    return series, records


def test_BM38_crystals_add_up_and_the_first_to_five_wins():
    series, records = run_match(MatchPlan(), seed=3)
    assert max(series.crystals) >= 5 and series.winner == series.crystals.index(max(series.crystals))
    totals = [0, 0]
    for k, entry in enumerate(series.games, 1):
        rec = records[entry["record"]]
        assert rec["options"]["match"] == {"game": k, "crystals": totals, "target": 5}
        assert max(totals) < 5  # no game after the match was won
        totals = [a + b for a, b in zip(totals, rec["result"]["score"]["crystals"], strict=True)]
    assert totals == series.crystals


def test_BM38_a_single_game_can_be_enough_with_crystal_cards():
    series = Series(MatchPlan(mode="quick"), SEATS)
    m = play(series.next_options(), 1)
    m.record["result"]["score"]["crystals"] = [0, 5]  # an immediate win (4) with one crystal displayed (+1)
    series.add(m.record)
    assert series.over and series.winner == 1 and len(series.games) == 1
    with pytest.raises(ValueError):
        series.next_options()


def test_BM39_every_game_of_a_match_is_played_in_its_one_mode():
    series, records = run_match(MatchPlan(mode="quick", target=3), seed=5)
    assert {r["options"]["mode"] for r in records.values()} == {"quick"}
    with pytest.raises(ValueError):
        MatchPlan(mode="sealed")
    with pytest.raises(ValueError):
        MatchPlan(mode="build", decks=[[{"people": "duskveil"}], [{"people": "duskveil"}]])


def chosen(rec):
    """The decks the two seats played in a game (from its record)."""
    picks = {seat: a[1] for seat, a, *_ in rec["moves"] if a[0] == "deck"}
    return [rec["options"]["decks"][s][picks.get(s, 0)] for s in (0, 1)]


def test_BM51_choose_again_before_each_game_or_keep_one_deck_throughout():
    turn = iter(range(1000))

    def pick(d):  # a different deck each time, so that keeping one shows
        return d.options[next(turn) % len(d.options)]

    series, records = run_match(MatchPlan(mode="quick", target=6), seed=7, pick=pick)
    games = list(records.values())
    assert len(games) >= 2
    assert all(len(g["options"]["decks"][s]) == 8 for g in games for s in (0, 1))  # offered again every game
    assert len({json.dumps(chosen(g)) for g in games}) > 1
    turn = iter(range(1000))
    series, records = run_match(MatchPlan(mode="quick", keep=True, target=6), seed=7, pick=pick)
    games = list(records.values())
    assert len(games[0]["options"]["decks"][0]) == 8
    kept = chosen(games[0])
    for g in games[1:]:
        assert [g["options"]["decks"][s] for s in (0, 1)] == [[kept[0]], [kept[1]]]
        assert not any(a[0] == "deck" for _, a, *_ in g["moves"])  # one deck each: nothing to ask


def test_the_match_record_verifies_with_its_games_and_a_tampered_one_does_not():
    series, records = run_match(MatchPlan(keep=True), seed=11)
    match = series.record()
    assert match["format"] == "moontable-match/1" and match["winner"] == series.winner
    assert verify_match(match, records.__getitem__) == []
    bad = json.loads(json.dumps(match))
    bad["crystals"][bad["winner"]] += 1
    assert any("add up" in p for p in verify_match(bad, records.__getitem__))
    bad = json.loads(json.dumps(match))
    bad["winner"] = 1 - match["winner"]
    assert any("winner" in p for p in verify_match(bad, records.__getitem__))
    if len(match["games"]) > 1:
        swapped = json.loads(json.dumps(match))
        swapped["games"] = swapped["games"][::-1]
        assert verify_match(swapped, records.__getitem__)
    tampered = {k: json.loads(json.dumps(v)) for k, v in records.items()}
    first = next(iter(tampered))
    tampered[first]["moves"] = tampered[first]["moves"][:-1]
    assert any("game 1" in p for p in verify_match(match, tampered.__getitem__))


def test_a_game_of_a_match_is_an_ordinary_record():
    from moontable.record import verify

    series, records = run_match(MatchPlan(mode="quick", target=2), seed=2)
    for rec in records.values():
        assert verify(rec).ok


def test_a_game_that_does_not_follow_the_match_is_refused():
    series = Series(MatchPlan(), SEATS)
    m = play({"seats": 2, "mode": "base", "match": {"game": 2, "crystals": [3, 0], "target": 5}}, 1)
    with pytest.raises(ValueError):
        series.add(m.record)


def test_mirror_decks_in_a_match():
    plan = MatchPlan(mode="quick", decks=[[{"people": "galewright", "emissary": "salt"}],
                                          [{"people": "galewright", "emissary": "salt"}]], target=1)
    series, records = run_match(plan, seed=1)
    rec = next(iter(records.values()))
    assert rec["options"]["decks"][0] == rec["options"]["decks"][1]
    assert series.over
