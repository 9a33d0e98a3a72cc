"""The searching bot's sense of the Highwold trap: a Fair in hand while the other court is one card away
from holding the Highwold (playing any Fair then loses at once, keeping it loses at the turn end)."""

from __future__ import annotations

import random

from helpers import MOON, SUN, position, run

from moontable.fair import RandomChance
from moontable.games.courts import COURTS
from moontable.games.courts.knowledge import KNOWLEDGE, evaluate, exposure, hw_gap, win_chance
from moontable.games.courts.policy import reply

HOLD = {"crownmoor": 4, "hallowcrest": 3, "duskbarrow": 3}  # the three keystones of the Highwold


def test_the_highwold_gap_is_the_strength_placing_still_needs():
    assert hw_gap(position(moon=HOLD), MOON) == 0  # every keystone and more towns: held
    assert hw_gap(position(moon={**HOLD, "duskbarrow": 2}), MOON) == 1
    # the Sun holds Duskbarrow (3 + 0): the first Moon sway there costs 2, the next ones 1
    assert hw_gap(position(moon={**HOLD, "duskbarrow": 0}, sun={"duskbarrow": 3}), MOON) == 2 + 5
    # equal towns are not enough: the Sun holds three plain towns, so the Moon must also take the empty
    # fourth (Brackenholt, steadiness 2: two sway)
    assert hw_gap(position(moon=HOLD, sun={"wyrmford": 2, "greyvane": 2, "thornhallow": 2}), MOON) == 2


def test_a_fair_held_near_the_other_courts_highwold_lowers_the_search_value():
    near = {**HOLD, "duskbarrow": 2}  # the Moon is one sway short of holding the Highwold
    calm = {**HOLD, "duskbarrow": 0, "crownmoor": 0}  # ten short
    for moon, exposed in ((near, True), (calm, False)):
        with_fair = position(moon=moon, sun_hand=[2, 60], turn=3)
        without = position(moon=moon, sun_hand=[60], turn=3)
        for s in (with_fair, without):
            s.moves_left = [3, 3]
        assert (exposure(with_fair, SUN) > 0) == exposed
        assert exposure(without, SUN) == 0
        # the search's leaf value (a chance of winning) takes it off the evaluation in points
        assert KNOWLEDGE.evaluate(with_fair, 1) == win_chance(evaluate(with_fair, SUN) - exposure(with_fair, SUN))
    done = position(moon=near, sun_hand=[2, 60], turn=3)
    done.moves_left = [0, 3]  # the Moon has no move left this turn: it cannot take the Highwold now
    assert exposure(done, SUN) == 0


def test_fairs_with_no_move_to_spare_are_exposed_to_a_move_taken_away():
    # Washed-out Bridges (57) in the other hand takes a move away: two Fairs and two moves then keep one
    bridges = 57
    for moves, other_hand, exposed in ((2, [bridges, 60], True), (3, [bridges, 60], False), (2, [60, 61], False)):
        s = position(sun_hand=[2, 3, 60], moon_hand=other_hand, turn=3)
        s.moves_left = [2, moves]
        assert (exposure(s, SUN) > 0) == exposed, (moves, other_hand)
    one = position(sun_hand=[2, 60], moon_hand=[bridges], turn=3)
    one.moves_left = [2, 1]  # one Fair, played on this move: nothing to take away
    assert exposure(one, SUN) == 0



def test_the_search_model_of_the_other_court_takes_a_move_away_from_known_fairs():
    # the Sun has shown two Fairs and has two moves left; the Moon holds Washed-out Bridges (57), which no
    # static score ranks high: the reply model tries it, and plays it only when it can see the Fairs
    chosen = {}
    for known in ([2, 3], []):
        s = position(moon={"duskbarrow": 2, "haysel": 1}, sun={"noonholm": 2}, moon_hand=[57, 60, 61, 62, 63],
                     sun_hand=[2, 3, 64], turn=4)
        s.moves_left = [3, 2]
        s.known[SUN] = known
        s.last_mover = SUN  # the Moon is to move
        s.stack.append(["moves"])
        run(s)
        d = COURTS.pending(s)[0]
        rng = random.Random(1)
        chosen[bool(known)] = reply(s, d, rng, RandomChance(rng))
    assert chosen[True] == ("play", 57, "event")
    assert chosen[False] != ("play", 57, "event")
