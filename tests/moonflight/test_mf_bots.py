"""The Moonflight bots: every level answers every kind of decision legally, sees only its seat's view
(its choice does not change when what the seat cannot see is dealt again), depends only on the view and
its seed, plays whole games, and the heuristic beats random play."""

from __future__ import annotations

import random

import pytest

from moontable.bots import make_bot
from moontable.bots.levels import levels_for, strongest_for
from moontable.fair import RandomChance
from moontable.games.moonflight import MOONFLIGHT as G
from moontable.games.moonflight.knowledge import KNOWLEDGE, evaluate
from moontable.selfplay import play_game
from redeal import assert_choices_ignore_hidden, count_redeals_that_differ

LEVELS = ["random", "heuristic", "ismcts:iterations=24", "ai-card"]


def _samples(per_kind: int = 3, games: int = 30, seed: int = 5):
    """(state, decision) pairs of every kind the games reach, with more than one option."""
    got: dict[str, list] = {}
    rng = random.Random(seed)
    for g in range(games):
        chance = RandomChance(rng)
        s = G.new_state({"seats": 2}, chance)
        bots = [make_bot("heuristic" if g % 2 else "random", G, i, g * 2 + i) for i in range(2)]
        while not s.over:
            d = s.decisions[0]
            bucket = got.setdefault(d.kind, [])
            if len(d.options) > 1 and len(bucket) < per_kind and rng.random() < 0.2:
                bucket.append((s.clone(), d))
            G.advance(s, d.seat, bots[d.seat].choose(G.view(s, d.seat), d), chance)
    return [x for k in sorted(got) for x in got[k]]


SAMPLES = _samples()


def test_the_samples_reach_many_decision_kinds():
    kinds = {d.kind for _, d in SAMPLES}
    assert {"act", "retain", "build", "discard", "trash_any", "shop_more"} <= kinds, kinds


def test_the_lobby_offers_every_level_and_the_search_is_the_default_opponent():
    """ismcts beats the heuristic in Moonflight (171 of 300, docs/bots.md): the table seats the search."""
    assert set(levels_for(G)) == {"random", "heuristic", "ismcts", "ai-card"}
    assert strongest_for(G) == "ismcts"


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_answers_every_decision_kind_legally(level):
    for i, (s, d) in enumerate(SAMPLES):
        action = make_bot(level, G, d.seat, seed=i).choose(G.view(s, d.seat), d)
        assert action in d.options, (level, d.kind, action)


def _hidden(s, seat):
    """What `seat` cannot see: every Draw Deck, the other hands, the Settled cards, the Supply Stacks' order."""
    return [(p.deck, p.hand, p.settled) for p in s.players] + [s.supply]


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_does_not_change_when_the_hidden_cards_are_dealt_again(level):
    assert_choices_ignore_hidden(G, SAMPLES, level, _hidden)


def test_the_redealt_states_really_differ_in_what_is_hidden():
    assert count_redeals_that_differ(G, SAMPLES, _hidden, lambda st, seat: st.players[1 - seat].hand) >= 10


@pytest.mark.parametrize("level", ["heuristic", "ismcts:iterations=24"])
def test_a_choice_depends_on_the_seed_and_the_view_only(level):
    for i, (s, d) in enumerate(SAMPLES[::4]):
        first = make_bot(level, G, d.seat, seed=100 + i).choose(G.view(s, d.seat), d)
        again = make_bot(level, G, d.seat, seed=100 + i).choose(G.view(s.clone(), d.seat), d)
        assert first == again, (level, d.kind)


def test_the_evaluation_is_a_chance_and_a_won_game_is_certain():
    for s, d in SAMPLES[:20]:
        v = KNOWLEDGE.evaluate(KNOWLEDGE.deal(G.view(s, d.seat), random.Random(1)), d.seat)
        assert 0.0 <= v <= 1.0
    s = SAMPLES[0][0].clone()
    s.over, s.winner = True, 1
    assert evaluate(s, 1) == 1.0 and evaluate(s, 0) == 0.0


def test_the_searchs_leaf_plays_the_round_out_and_judges_it_after_the_reset():
    from moontable.games.moonflight.knowledge import playout

    for i, (s, d) in enumerate(SAMPLES[:12]):
        t = KNOWLEDGE.deal(G.view(s, d.seat), random.Random(i))
        start = t.round
        v = playout(t, d.seat, RandomChance(random.Random(i)))
        assert 0.0 <= v <= 1.0
        assert t.over or (t.round == start + 1 and t.decisions[0].kind == "act"), (d.kind, t.round, start)


def test_the_search_keeps_the_heuristics_act_unless_another_is_clearly_better(monkeypatch):
    """With the same seed the search starts from the heuristic's own deal and choice; asked for an unreachable
    margin it never leaves it, and at its own margin it leaves it now and then, not always."""
    acts = [(s, d) for s, d in SAMPLES if d.kind == "act"] + _acts(12)
    moved = sum(make_bot("ismcts:iterations=60", G, d.seat, seed=i).choose(G.view(s, d.seat), d)
                != make_bot("heuristic", G, d.seat, seed=i).choose(G.view(s, d.seat), d)
                for i, (s, d) in enumerate(acts))
    assert 0 < moved < len(acts) / 2, (moved, len(acts))
    monkeypatch.setattr(type(KNOWLEDGE), "keep_z", 1e9)
    for i, (s, d) in enumerate(acts):
        assert (make_bot("ismcts:iterations=60", G, d.seat, seed=i).choose(G.view(s, d.seat), d)
                == make_bot("heuristic", G, d.seat, seed=i).choose(G.view(s, d.seat), d))


def test_the_search_weighs_the_choices_inside_a_move_by_playing_the_game_to_its_end(monkeypatch):
    """A choice inside a move (which card to pay, retain, Set...) is searched too, each option followed by the
    game played to its End (a won game is 1, a lost one 0); it keeps the heuristic's choice unless another is
    clearly better, and without the leaf it is the heuristic's own."""
    from moontable.games.moonflight.knowledge import to_the_end

    fine = [(s, d) for s, d in SAMPLES if d.kind != "act"]
    ends = []
    for i, (s, d) in enumerate(fine[:6]):
        t = KNOWLEDGE.deal(G.view(s, d.seat), random.Random(i))
        ends.append(to_the_end(t, d.seat, RandomChance(random.Random(i))))
        assert t.over
    assert set(ends) <= {0.0, 0.5, 1.0}
    bots = [make_bot("ismcts:iterations=40", G, d.seat, seed=i) for i, (_, d) in enumerate(fine)]
    picks = [b.choose(G.view(s, d.seat), d) for b, (s, d) in zip(bots, fine, strict=True)]
    assert all(p in d.options for p, (_, d) in zip(picks, fine, strict=True))
    assert sum(b.stats.searches for b in bots) >= len(fine) // 2, "most choices inside a move are searched"
    heuristic = [make_bot("heuristic", G, d.seat, seed=i).choose(G.view(s, d.seat), d)
                 for i, (s, d) in enumerate(fine)]
    assert sum(p != h for p, h in zip(picks, heuristic, strict=True)) < len(fine) / 2
    monkeypatch.delattr(type(KNOWLEDGE), "fine_leaf")
    bots = [make_bot("ismcts:iterations=40", G, d.seat, seed=i) for i, (_, d) in enumerate(fine)]
    assert [b.choose(G.view(s, d.seat), d) for b, (s, d) in zip(bots, fine, strict=True)] == heuristic
    assert sum(b.stats.searches for b in bots) == 0


def _acts(n: int, seed: int = 9) -> list:
    """`n` Acts of heuristic games with more than one option, from every part of a game."""
    rng = random.Random(seed)
    chance = RandomChance(rng)
    s = G.new_state({"seats": 2}, chance)
    bots = [make_bot("heuristic", G, i, i) for i in range(2)]
    out = []
    while not s.over:
        d = s.decisions[0]
        if d.kind == "act" and len(d.options) > 2 and rng.random() < 0.15 and len(out) < n:
            out.append((s.clone(), d))
        G.advance(s, d.seat, bots[d.seat].choose(G.view(s, d.seat), d), chance)
    return out


@pytest.mark.parametrize("levels", [("heuristic", "random"), ("heuristic", "ai-card"),
                                    ("ismcts:iterations=8", "heuristic")])
def test_levels_play_whole_games_that_end_by_the_end(levels):
    for index in range(2):
        out = play_game("moonflight", levels if index % 2 == 0 else levels[::-1], index, seed=11)
        assert out.reason == "end"
        assert out.roles[0] != out.roles[1]


def test_the_heuristic_beats_random_play():
    wins = 0
    for index in range(6):
        levels = ["heuristic", "random"] if index % 2 == 0 else ["random", "heuristic"]
        out = play_game("moonflight", levels, index, seed=21)
        wins += out.winner == levels.index("heuristic")
    assert wins >= 5


def _bot_game(g: int, levels: list[str]):
    """Game g: 1 to 4 seats by g, seat i played by levels[(g + i) % len(levels)], to its end."""
    rng = random.Random(7000 + g)
    n = 1 + g % 4
    chance = RandomChance(rng)
    s = G.new_state({"seats": n, "ai": n > 1 and g % 8 == 5}, chance)
    bots = [make_bot(levels[(g + i) % len(levels)], G, i, g * 4 + i) for i in range(n)]
    while not s.over:
        d = s.decisions[0]
        G.advance(s, d.seat, bots[d.seat].choose(G.view(s, d.seat), d), chance)
    return s


def test_MF61_bots_never_reach_the_round_cap():
    """The safety cap (reset.ROUND_CAP) is no ending of the rulebook: 60 seeded games of every bot level but
    the slow searching one, mixed at 1-4 seats (Score Mode alone, AI Mode now and then), all end by the End
    or Score Mode's End counter, well before it (more games, ismcts too: -m slow)."""
    from moontable.games.moonflight.reset import ROUND_CAP

    rounds = []
    for g in range(60):
        s = _bot_game(g, ["random", "heuristic", "ai-card"])
        assert s.reason in ("end", "end_counter") and s.winner is not None, (g, s.reason)
        rounds.append(s.round)
    assert max(rounds) < ROUND_CAP // 4, max(rounds)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_MF61_bots_never_reach_the_round_cap_in_a_thousand_games(block):
    for g in range(1000 + block * 100, 1000 + block * 100 + 100):
        levels = ["ismcts:iterations=8", "heuristic"] if g % 25 == 0 else ["heuristic", "ai-card", "random"]
        s = _bot_game(g, levels)
        assert s.reason in ("end", "end_counter"), (g, s.reason)
