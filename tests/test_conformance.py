"""One battery for every registered game (the OpenSpiel model) at every seat count it takes: seeded
random games to the end, checking the protocol after every action."""

from __future__ import annotations

import json
import random

import pytest

from moontable.engine import IllegalAction
from moontable.fair import RandomChance
from moontable.games import GAME_IDS, get_game
from moontable.match import Match
from moontable.record import replay, verify

CASES = [(game_id, n) for game_id in GAME_IDS
         for n in range(get_game(game_id).info.min_seats, get_game(game_id).info.max_seats + 1)]
each_case = pytest.mark.parametrize(("game_id", "n"), CASES, ids=[f"{g}-{n}" for g, n in CASES])


def play_match(game, seed: int, n: int = 2) -> Match:
    rng = random.Random(seed)
    seats = [{"name": f"s{i}", "bot": True, "level": "random"} for i in range(n)]
    m = Match.new(game, None, seats, seed=rng.randbytes(32))
    steps = 0
    while not m.ended:
        pending = game.pending(m.state)
        assert pending, "a game that has not ended always has a decision open"
        d = rng.choice(pending)
        assert d.options, "a decision always has options"
        assert len(set(d.options)) == len(d.options), "options are unique"
        m.play(d.seat, rng.choice(d.options))
        steps += 1
        assert steps <= game.info.max_decisions
    assert game.pending(m.state) == []
    return m


@each_case
def test_seeded_games_end_and_records_verify(game_id, n):
    game = get_game(game_id)
    for seed in range(20):
        m = play_match(game, seed, n)
        result = game.result(m.state)
        assert result is not None and result.reason in game.info.reasons and result.reason != "cap"
        report = verify(json.loads(json.dumps(m.record)))
        assert report.ok, [str(c) for c in report.failed]


@each_case
def test_same_seed_same_game(game_id, n):
    game = get_game(game_id)
    a, b = play_match(game, 7, n), play_match(game, 7, n)
    assert a.record == b.record


@each_case
def test_clone_is_independent(game_id, n):
    game = get_game(game_id)
    rng = random.Random(3)
    chance = RandomChance(rng)
    state = game.new_state(game.default_options(n), chance)
    for _ in range(60):
        if game.result(state) is not None:
            break
        before = json.dumps(game.view(state, None), sort_keys=True)
        copy = game.clone(state)
        d = game.pending(copy)[0]
        game.apply(copy, d.seat, d.options[-1], chance)
        assert json.dumps(game.view(state, None), sort_keys=True) == before
        d = game.pending(state)[0]
        game.apply(state, d.seat, rng.choice(d.options), chance)


@each_case
def test_illegal_action_changes_nothing(game_id, n):
    game = get_game(game_id)
    chance = RandomChance(random.Random(5))
    state = game.new_state(game.default_options(n), chance)
    d = game.pending(state)[0]
    seats = [*range(n), None]
    before = [json.dumps(game.view(state, s), sort_keys=True) for s in seats]
    for bad in (["no-such-action"], "text", 42, ["town", "atlantis"], ["play", "atlantis"], ["shop", 99]):
        with pytest.raises(IllegalAction):
            game.apply(state, d.seat, bad, chance)
    deciding = {p.seat for p in game.pending(state)}
    for other in set(range(n)) - deciding:  # out of turn
        with pytest.raises(IllegalAction):
            game.apply(state, other, d.options[0], chance)
    assert [json.dumps(game.view(state, s), sort_keys=True) for s in seats] == before


@each_case
def test_safe_action_is_always_legal(game_id, n):
    game = get_game(game_id)
    rng = random.Random(11)
    chance = RandomChance(rng)
    for _ in range(5):
        state = game.new_state(game.default_options(n), chance)
        while game.result(state) is None:
            d = rng.choice(game.pending(state))
            action = game.safe_action(state, d)
            assert action in d.options
            game.apply(state, d.seat, action, chance)


@each_case
def test_replay_equals_live_play(game_id, n):
    game = get_game(game_id)
    m = play_match(game, 21, n)
    again = replay(json.loads(json.dumps(m.record)))
    for seat in [*range(n), None]:
        assert game.view(again, seat) == game.view(m.state, seat)


@each_case
def test_view_depends_only_on_what_the_seat_may_know(game_id, n):
    """Redealing what a seat cannot see (the other hands, the deck order) never changes its view."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    game = get_game(game_id)

    @settings(max_examples=60, deadline=None)
    @given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), redeal=st.integers(0, 2**32))
    def check(seed, steps, redeal):
        rng = random.Random(seed)
        chance = RandomChance(rng)
        state = game.new_state(game.default_options(n), chance)
        for _ in range(steps):
            if game.result(state) is not None:
                break
            d = rng.choice(game.pending(state))
            game.apply(state, d.seat, rng.choice(d.options), chance)
        for seat in range(n):
            other = game.determinize(state, seat, random.Random(redeal))
            assert game.view(other, seat) == game.view(state, seat)

    check()


# Counts in words on every screen ("2 cards", "1 point left"), never "card(s)": each game's prompts, the words
# of every option, the log lines of every event, the result and the terminal's board, over whole random games.
WORDED = ["courts", "moonflight", "moons", "bluemoon"]


@pytest.mark.parametrize("game_id", WORDED)
def test_texts_say_their_counts_in_words(game_id):
    game = get_game(game_id)
    for seed in range(4):
        rng = random.Random(seed)
        n = game.info.max_seats
        m = Match.new(game, None, [{"name": f"s{i}", "bot": True, "level": "random"} for i in range(n)],
                      seed=rng.randbytes(32))
        texts: list[str] = []
        while not m.ended:
            d = rng.choice(game.pending(m.state))
            texts += [d.prompt, game.render(m.state, d.seat)]
            texts += [game.describe_action(m.state, o) for o in d.options[:12]]
            texts += [game.describe_event(e) or "" for e in m.play(d.seat, rng.choice(d.options))]
        texts.append(game.describe_result(m.state))
        bad = sorted({t for t in texts if "(s)" in t})
        assert not bad, bad[:5]
