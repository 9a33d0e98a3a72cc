"""Every legal action of many random positions has one number in its game's fixed action space, and back."""

from __future__ import annotations

import random

import pytest

from adapters.cases import SEAT_COUNTS
from moontable.adapters.actions import action_space
from moontable.engine import IllegalAction
from moontable.fair import RandomChance
from moontable.games import GAME_IDS, get_game


def _walk(game_id: str, seats: int, games: int, level: str | None = None):
    """Play: yields (game, state) at every decision of `games` games, random or by bots of `level` (good play
    reaches decisions random play seldom does: a gift kept, a card held back)."""
    from moontable.bots import make_bot

    game = get_game(game_id)
    for k in range(games):
        rng = random.Random(f"{game_id}/{seats}/{k}/{level}")
        chance = RandomChance(rng)
        state = game.new_state(game.default_options(seats), chance)
        bots = [make_bot(level, game, seat, k) for seat in range(seats)] if level else None
        while game.result(state) is None:
            yield game, state
            d = rng.choice(game.pending(state))
            action = bots[d.seat].choose(game.view(state, d.seat), d) if bots else rng.choice(d.options)
            game.apply(state, d.seat, action, chance)


@pytest.mark.parametrize(("game_id", "seats"), SEAT_COUNTS)
def test_every_legal_action_has_a_number_and_comes_back(game_id, seats):
    space = action_space(game_id)
    games = {"courts": 12, "bluemoon": 12}.get(game_id, 3)
    positions = 0
    for game, state in _walk(game_id, seats, games):
        for d in game.pending(state):
            legal = space.legal(state, d.seat)
            assert sorted(legal.values()) == sorted(d.options)  # one number each, none shared
            for number, action in legal.items():
                assert 0 <= number < space.size
                assert space.index(state, d.seat, action) == number
                assert space.actions[number] == space.key(state, d.seat, action)
        positions += 1
    assert positions > 10 * games


def test_a_number_means_the_same_content_every_time():
    space = action_space("courts")
    assert space.label(space.actions.index(("town", "crownmoor"))) == "town crownmoor"
    assert action_space("courts") is space  # built once
    assert len(set(space.actions)) == space.size


def test_an_action_outside_the_space_is_one_clear_error():
    game = get_game("moons")
    state = game.new_state(game.default_options(3), RandomChance(random.Random(1)))
    with pytest.raises(ValueError, match=r"Moons action \['fly', 1\] has no number"):
        action_space("moons").index(state, 0, ("fly", 1))


def test_an_unknown_game_has_no_space():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        action_space("chess")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_action_of_heuristic_play_has_a_number(game_id):
    space = action_space(game_id)
    for game, state in _walk(game_id, 2, 2 if game_id in ("bluemoon", "moonflight") else 1, "heuristic"):
        for d in game.pending(state):
            assert sorted(space.legal(state, d.seat).values()) == sorted(d.options)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "seats"), SEAT_COUNTS)
def test_every_legal_action_has_a_number_in_many_games(game_id, seats):
    space = action_space(game_id)
    for level in (None, "heuristic"):
        for game, state in _walk(game_id, seats, 200 if level is None else 30, level):
            for d in game.pending(state):
                assert sorted(space.legal(state, d.seat).values()) == sorted(d.options)


def test_illegal_is_not_silently_numbered():
    # the space numbers content; whether an action is legal is the engine's word
    game = get_game("courts")
    state = game.new_state(game.default_options(2), RandomChance(random.Random(2)))
    seat = game.pending(state)[0].seat
    space = action_space("courts")
    legal = space.legal(state, seat)
    outside = next(i for i in range(space.size) if i not in legal)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, space.actions[outside], RandomChance(random.Random(3)))
