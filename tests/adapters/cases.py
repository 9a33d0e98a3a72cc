"""Every game with every seat count it takes: the cases the adapter tests run over."""

from __future__ import annotations

from moontable.games import GAME_IDS, get_game

SEAT_COUNTS = [(game_id, seats) for game_id in GAME_IDS
               for seats in range(get_game(game_id).info.min_seats, get_game(game_id).info.max_seats + 1)]
