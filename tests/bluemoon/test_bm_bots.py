"""Every bot level answers every kind of Blue Moon decision legally, from its seat's view alone, the same way
for the same seed; plays whole games; and picks (or builds) a legal deck."""

from __future__ import annotations

import random

import pytest
from bm_samples import KINDS, samples

from moontable.bots import make_bot
from moontable.games.bluemoon import BLUEMOON
from moontable.games.bluemoon.builder import build_deck
from moontable.games.bluemoon.content import INQUISITORS, PEOPLES
from moontable.games.bluemoon.decks import check_deck
from moontable.selfplay import play_game

LEVELS = ["random", "heuristic", "ismcts:iterations=24"]
SAMPLES = samples()


def test_the_samples_cover_every_decision_kind():
    assert {d.kind for _, d in SAMPLES} >= set(KINDS)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_answers_every_decision_kind_legally(level):
    for i, (s, d) in enumerate(SAMPLES):
        action = make_bot(level, BLUEMOON, d.seat, seed=i).choose(BLUEMOON.view(s, d.seat), d)
        assert action in d.options, (level, d.kind, action)


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_depends_on_the_seed_and_the_view_only(level):
    for i, (s, d) in enumerate(SAMPLES[::2]):
        view = BLUEMOON.view(s, d.seat)
        first = make_bot(level, BLUEMOON, d.seat, seed=50 + i).choose(view, d)
        again = make_bot(level, BLUEMOON, d.seat, seed=50 + i).choose(BLUEMOON.view(s.clone(), d.seat), d)
        assert first == again, (level, d.kind)


@pytest.mark.parametrize("levels", [("heuristic", "random"), ("ismcts:iterations=8", "heuristic")])
def test_levels_play_whole_games(levels):
    for index in range(2):
        out = play_game("bluemoon", levels if index % 2 == 0 else levels[::-1], index, seed=3)
        assert out.reason in BLUEMOON.info.reasons and out.record["result"] is not None
        assert set(out.roles) <= set(PEOPLES)


@pytest.mark.parametrize("mode", ["base", "quick", "build"])
def test_a_bot_picks_one_of_its_own_decks_in_secret(mode):
    s = BLUEMOON.new_state({"seats": 2, "mode": mode}, _Chance())
    for d in s.decisions:
        for level in LEVELS:
            a = make_bot(level, BLUEMOON, d.seat, seed=2).choose(BLUEMOON.view(s, d.seat), d)
            assert a in d.options and check_deck(s.decks[d.seat][a[1]], mode) == []


@pytest.mark.parametrize("level", LEVELS)
def test_a_bots_deck_choice_does_not_depend_on_the_other_seats_decks(level):
    """The choice is secret and simultaneous: what the other seat may choose from changes nothing."""
    mine = [build_deck(p, q, random.Random(i)) for i, (p, q) in enumerate((("duskveil", "vell"),
                                                                             ("cindermark", "grane"),
                                                                             ("hollowroot", "vell")))]
    picks = set()
    for theirs in (["galewright"], ["cindermark", "hollowroot"]):
        other = [build_deck(p, "grane") for p in theirs]
        s = BLUEMOON.new_state({"seats": 2, "mode": "build", "decks": [mine, other]}, _Chance())
        d = next(d for d in s.decisions if d.seat == 0)
        picks.add(make_bot(level, BLUEMOON, 0, seed=4).choose(BLUEMOON.view(s, 0), d))
    assert len(picks) == 1


def test_the_deck_builder_stays_within_every_deck_rule_over_many_seeds():
    """A bot's built deck (BM45-BM48, BM77, BM78) for every people and inquisitor, however its worths are
    jittered: 8 seeds each, 64 decks."""
    for people in PEOPLES:
        for inquisitor in INQUISITORS:
            for seed in range(8):
                deck = build_deck(people, inquisitor, random.Random(1000 + seed))
                assert check_deck(deck, "build") == [], (people, inquisitor, seed)
                assert deck["inquisitor"] == inquisitor


@pytest.mark.parametrize("people", list(PEOPLES))
@pytest.mark.parametrize("inquisitor", list(INQUISITORS))
def test_the_deck_builder_builds_legal_varied_decks(people, inquisitor):
    decks = [build_deck(people, inquisitor, random.Random(seed)) for seed in range(4)]
    for deck in decks:
        assert check_deck(deck, "build") == []
    assert len({tuple(d["cards"]) for d in decks}) > 1


def test_heuristic_takes_a_fight_it_can_win_and_ismcts_too():
    """A Fire fight the Cindermark (six cards in hand) will surely answer, unless a third ROOTED support
    wins it now: both levels play it."""
    from bm_helpers import act, position, to_play

    s = position(("hollowroot", "cindermark"), hands={0: ["hr05", "hr21", "hr24"],
                                                       1: ["cm03", "cm08", "cm12", "cm16", "cm18", "cm20"]},
                 combat={0: [["hr03"]], 1: [["cm04"]]}, supports={0: ["hr20", "hr22"]}, element="fire")
    to_play(s)
    act(s, ("character", "hr05"))
    d = s.decisions[0]
    for level in ("heuristic", "ismcts:iterations=40"):
        assert make_bot(level, BLUEMOON, 0, seed=1).choose(BLUEMOON.view(s, 0), d) == ("support", "hr21")


class _Chance:
    def below(self, n):
        return 0
