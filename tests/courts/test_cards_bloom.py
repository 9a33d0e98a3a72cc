"""The Bloom cards (ids 37-76): one test per card event, from a small hand-made position.

Each test fires the event as a court would play it, answers its decisions (dice from `Dice`) and
checks what a player would notice: sway in named towns, the bead, the Truce, hands and piles, lasting
effects at work on a later action, and a starred card leaving the game.
"""

from __future__ import annotations

import json

import pytest
from helpers import MOON, SUN, Dice, answer, fire, options, position, run, sway, towns

from moontable.games.courts.cards import CARDS, ERA_CARDS, SUN_BALANCE_BOOST
from moontable.games.courts.cards_bloom import CARDS as BLOOM
from moontable.games.courts.effects import STEP_NAMES, event_happens
from moontable.games.courts.flow import play, play_options
from moontable.games.courts.strength import card_strength, contest_targets, persuade, road_try, upset
from moontable.games.courts.tables import REACH, REACH_OF_ID, TOWN_IDS, TOWN_OF_ID

NEW = range(40, 77)


def in_reach(reach: str) -> set[str]:
    return {TOWN_IDS[t] for t in range(len(TOWN_IDS)) if REACH[t] == REACH_OF_ID[reach]}


def targets(s, court: int, use: str) -> set[str]:
    return {TOWN_IDS[t] for t in contest_targets(s, court, use)}


def left_game(s, card: int) -> bool:
    return card in s.removed and card not in s.discard


def discarded(s, card: int) -> bool:
    return card in s.discard and card not in s.removed


def turn_end(s) -> None:
    s.stack.append(["turn_end", 0])
    run(s)


# -- the catalogue ---------------------------------------------------------------------------------


def test_bloom_catalogue_shape():
    cards = [c for c in BLOOM if c.id in NEW]
    assert [c.id for c in BLOOM] == list(range(37, 77))
    assert ERA_CARDS["bloom"] == tuple(range(37, 77))
    assert all(c.era == "bloom" for c in BLOOM)
    courts = [c.court for c in cards]
    assert (courts.count("moon"), courts.count("sun"), courts.count("either")) == (15, 15, 7)
    strengths = [c.strength for c in cards]
    assert [strengths.count(n) for n in (1, 2, 3, 4)] == [5, 12, 14, 6]  # one Sun card raised for balance
    starred = sum(c.starred for c in cards)
    assert 22 <= starred <= 27  # about two thirds
    # the courts mirror each other, but for the Sun cards raised one strength for balance
    moon = sorted((c.strength, c.starred) for c in cards if c.court == "moon")
    sun = sorted((c.strength - (c.id in SUN_BALANCE_BOOST), c.starred) for c in cards if c.court == "sun")
    assert moon == sun


def _step_names(steps) -> set[str]:
    out = set()
    for name, params in steps:
        out.add(name)
        for opt in params.get("options", ()):
            out |= _step_names(opt[1])
        for key in ("then", "else", "steps"):
            if isinstance(params.get(key), tuple):  # (a road's "steps" is a number)
                out |= _step_names(params[key])
    return out


def test_bloom_cards_are_well_formed():
    names = [c.name for c in CARDS.values()]
    for c in BLOOM:
        assert names.count(c.name) == 1, c.name
        assert c.text.endswith("."), c.id
        assert c.fair or 1 <= c.strength <= 4
        json.dumps(c.to_json())

        assert _step_names(c.effect) <= STEP_NAMES, c.id


def _busy_position():
    """A mid-game board with sway of both courts in every reach."""
    moon = {"thornhallow": 2, "crownmoor": 1, "mirrormere": 2, "starpool": 1, "emberlow": 2, "brandhearth": 1,
            "brinewick": 3, "reedmoon": 3, "mistfen": 1, "goldskerry": 1}
    sun = {"brackenholt": 2, "duskbarrow": 1, "quillwater": 2, "rimewell": 1, "cinderholt": 2, "kilnstead": 2,
           "goldskerry": 3, "brightholm": 3, "noonholm": 1, "tidewrack": 1}
    s = position(moon=moon, sun=sun, turn=6, moon_hand=[40, 45, 60], sun_hand=[41, 46, 61],
                 draw=[42, 43, 47, 48])
    s.discard = [44, 52]
    s.moves_left = [4, 4]
    return s


@pytest.mark.parametrize("card", list(NEW))
def test_every_bloom_event_runs_to_the_end(card):
    c = CARDS[card]
    for player in (MOON, SUN) if c.owner < 0 else (c.owner,):
        s = _busy_position()
        s.effects.append(("flag", -1, "game", "tidebound_oath", None))
        s.effects.append(("flag", -1, "game", "sunforged_pact", None))
        happens = event_happens(s, card, player)
        dice = Dice(*([4] * 40), raw=[0] * 40)
        fire(s, card, player, dice)
        for _ in range(40):
            if not s.decisions:
                break
            answer(s, options(s)[0], dice)
        assert not s.decisions and not s.stack
        assert (card in s.removed) == (c.starred and happens)
        assert (card in s.discard) != (card in s.removed)


# -- strength 1 ------------------------------------------------------------------------------------


def test_card_40_heron_scouts():
    s = position(turn=5, sun_hand=[45, 46, 61])
    fire(s, 40, MOON)
    assert not s.decisions
    assert s.known[SUN] == [45, 46, 61]
    assert s.vigil[MOON] == 1 and s.vigil[SUN] == 0
    assert discarded(s, 40)
    turn_end(s)
    assert s.known[SUN] == []


def test_card_41_noon_drummers():
    s = position(turn=5, sun_hand=[45, 47], draw=[60])
    fire(s, 41, SUN)
    assert options(s) == [("card", 45), ("card", 47), ("none",)]
    answer(s, ("card", 45))
    assert s.hands[SUN] == [47, 60]
    assert 45 in s.discard and discarded(s, 41)
    assert s.vigil[SUN] == 1
    # letting nothing go keeps the hand
    s = position(turn=5, sun_hand=[45, 47], draw=[60])
    fire(s, 41, SUN)
    answer(s, ("none",))
    assert s.hands[SUN] == [45, 47] and s.draw == [60]


def test_card_42_reed_ferrymen():
    s = position(turn=5, moon={"mirrormere": 1, "wyrmford": 1}, sun={"starpool": 2})
    fire(s, 42, MOON)
    assert set(towns(s)) == {"mirrormere", "lanternmere", "glimmerweir"}
    answer(s, ("town", "lanternmere"))
    assert "lanternmere" not in towns(s)  # at most 1 per town
    answer(s, ("town", "glimmerweir"))
    assert not s.decisions
    assert sway(s, MOON, "lanternmere") == 1 and sway(s, MOON, "glimmerweir") == 1
    assert left_game(s, 42)
    # open towns are judged when the event starts: a new sway opens nothing more
    s = position(turn=5, moon={"brinewick": 1})
    fire(s, 42, MOON)
    assert towns(s) == ["mirrormere"]
    answer(s, ("town", "mirrormere"))
    assert not s.decisions and sway(s, MOON, "lanternmere") == 0


def test_card_43_bellows_boys():
    s = position(turn=5, moon={"emberlow": 2, "pyreford": 1, "brandhearth": 1, "duskbarrow": 1})
    fire(s, 43, SUN)
    assert set(towns(s)) == {"emberlow", "pyreford", "brandhearth"}
    answer(s, ("town", "emberlow"))
    assert set(towns(s)) == {"pyreford", "brandhearth"}
    answer(s, ("town", "pyreford"))
    assert sway(s, MOON, "emberlow") == 1 and sway(s, MOON, "pyreford") == 0
    assert sway(s, MOON, "brandhearth") == 1 and sway(s, MOON, "duskbarrow") == 1
    assert left_game(s, 43)


def test_card_44_comet_almanac():
    s = position(turn=5, sun_hand=[46], draw=[50])
    fire(s, 44, SUN)
    assert s.hands[SUN] == [46, 50]
    road_try(s, SUN, Dice(5))  # Lamp Hill needs 4 or less: 5 counts as 4
    assert s.road[SUN] == 1 and s.bead == 1
    assert discarded(s, 44)
    # the Moon's rolls are not helped, and the help ends with the turn
    road_try(s, MOON, Dice(5))
    assert s.road[MOON] == 0
    turn_end(s)
    s.road = [0, 2]
    road_try(s, SUN, Dice(4))  # Glass Tower needs 3 or less
    assert s.road[SUN] == 2


# -- strength 2 ------------------------------------------------------------------------------------


def test_card_45_silver_tithe():
    s = position(turn=5, moon={"starpool": 4, "lanternmere": 3, "rimewell": 3, "mirrormere": 2},
                 sun={"rimewell": 1})
    fire(s, 45, MOON)
    assert s.bead == -3  # 1, and 1 each for Starpool and Lanternmere (Rimewell is not held)
    assert left_game(s, 45)
    s = position(turn=5)
    fire(s, 45, MOON)
    assert s.bead == -1


def test_card_46_forge_dues():
    s = position(turn=5, sun={"cinderholt": 2, "ashenwick": 2, "pyreford": 1, "kilnstead": 2})
    fire(s, 46, SUN)
    assert s.bead == 2  # three towns held, at most 2
    assert left_game(s, 46)
    s = position(turn=5, sun={"cinderholt": 2, "kilnstead": 2}, moon={"ashenwick": 2})
    fire(s, 46, SUN)
    assert s.bead == 1


def test_card_47_moonlit_parley():
    s = position(turn=5, moon={"mirrormere": 1}, sun={"quillwater": 2, "heronglass": 1, "brackenholt": 2})
    fire(s, 47, MOON)
    assert set(towns(s)) == {"quillwater", "heronglass"}  # the Glasswater only
    answer(s, ("town", "quillwater"), Dice(6, 1))  # 6 + 1 against 1 + 1 (more sway)
    assert sway(s, SUN, "quillwater") == 0
    answer(s, ("town", "heronglass"), Dice(4, 3))  # 4 + 1 against 3 + 1: without the +1, a tie
    assert sway(s, SUN, "heronglass") == 0
    # the third try finds no Sun sway left in the Glasswater; then the placement
    assert set(towns(s)) == in_reach("glasswater")
    answer(s, ("town", "starpool"))
    assert sway(s, MOON, "starpool") == 1 and sway(s, SUN, "brackenholt") == 2
    assert not s.decisions and discarded(s, 47)
    persuade(s, MOON, TOWN_OF_ID["brackenholt"], Dice(3, 4))  # the +1 lasts the turn: 3 + 1 against 4 + 1
    assert sway(s, SUN, "brackenholt") == 2 and sway(s, MOON, "brackenholt") == 0
    turn_end(s)
    s.sway[SUN][TOWN_OF_ID["quillwater"]] = 1
    s.sway[MOON][TOWN_OF_ID["quillwater"]] = 1
    persuade(s, MOON, TOWN_OF_ID["quillwater"], Dice(3, 3))  # the next turn: a tie again
    assert sway(s, SUN, "quillwater") == 1
    s = position(turn=5, sun={"quillwater": 2}, truce=3)  # the Truce bars persuading in the Glasswater
    fire(s, 47, MOON)
    assert set(towns(s)) == in_reach("glasswater") - {"quillwater"}
    answer(s, ("town", "lanternmere"))
    assert sway(s, SUN, "quillwater") == 2 and sway(s, MOON, "lanternmere") == 1


def test_card_48_ember_raiders():
    s = position(turn=5, moon={"emberlow": 2, "brandhearth": 2, "thornhallow": 1})
    fire(s, 48, SUN)
    assert towns(s) == ["emberlow"]  # Brandhearth is a keystone
    answer(s, ("town", "emberlow"), Dice(4))  # 4 + 3 - 2 x 2 = 3
    assert sway(s, MOON, "emberlow") == 0 and sway(s, SUN, "emberlow") == 1
    assert s.vigil[SUN] == 3 and s.truce == 5
    assert discarded(s, 48)


def test_card_49_tidebound_oath():
    s = position(turn=5)
    assert not event_happens(s, 58, MOON)
    fire(s, 49, MOON)
    assert set(towns(s)) == in_reach("saltmarsh")
    answer(s, ("town", "reedmoon"))
    assert "reedmoon" not in towns(s)
    answer(s, ("town", "mistfen"))
    assert sway(s, MOON, "reedmoon") == 1 and sway(s, MOON, "mistfen") == 1
    assert left_game(s, 49)
    turn_end(s)
    assert event_happens(s, 58, MOON)  # the Oath lasts the game: the Tide Wardens may come
    assert not event_happens(s, 59, SUN)


def test_card_50_sunforged_pact():
    s = position(turn=5)
    assert not event_happens(s, 59, SUN)
    fire(s, 50, SUN)
    assert set(towns(s)) == in_reach("farrow")
    answer(s, ("town", "noonholm"))
    answer(s, ("town", "dawnsey"))
    assert sway(s, SUN, "noonholm") == 1 and sway(s, SUN, "dawnsey") == 1
    assert left_game(s, 50)
    turn_end(s)
    assert event_happens(s, 59, SUN)
    assert not event_happens(s, 58, MOON)


def test_card_51_mist_on_the_meres():
    s = position(turn=5, moon={"mirrormere": 2, "emberlow": 1}, sun={"quillwater": 2})
    fire(s, 51, MOON)
    assert set(towns(s)) == in_reach("glasswater") - {"quillwater"}
    answer(s, ("town", "starpool"))
    assert sway(s, MOON, "starpool") == 1
    assert targets(s, SUN, "upset") == {"emberlow"}
    assert targets(s, SUN, "persuade") == {"emberlow"}
    assert discarded(s, 51)
    turn_end(s)
    assert targets(s, SUN, "upset") == {"mirrormere", "starpool", "emberlow"}


def test_card_52_smoke_over_the_forges():
    s = position(turn=5, moon={"emberlow": 2, "pyreford": 1}, moon_hand=[45])
    fire(s, 52, SUN)
    assert set(towns(s)) == {"emberlow", "pyreford"}
    answer(s, ("town", "pyreford"))
    assert sway(s, MOON, "pyreford") == 0 and sway(s, MOON, "emberlow") == 2
    assert discarded(s, 52)
    play(s, MOON, 45, "place", Dice())
    run(s)
    assert set(towns(s)) == {"nightheron", "saltcote", "brinewick", "tidewrack", "mirrormere"}
    assert not set(towns(s)) & in_reach("emberdale")


def test_card_53_cutpurse_tide():
    s = position(turn=5, sun_hand=[37, 60, 66])
    s.discard = [46, 71, 38]
    fire(s, 53, MOON, Dice(raw=[1]))  # the second card that is not a Fair
    assert s.hands[SUN] == [37, 60]
    assert options(s) == [("card", 46), ("none",)]  # strength 1 or 2 only: not 66, 71 or a Fair
    answer(s, ("card", 46))
    assert 46 in s.hands[MOON] and 46 not in s.discard
    assert 66 in s.discard
    assert left_game(s, 53)


def test_card_54_sunlit_audit():
    s = position(turn=5, moon_hand=[38, 40, 45])
    fire(s, 54, SUN, Dice(raw=[0]))
    assert not s.decisions
    assert s.hands[MOON] == [38, 45]  # the Fair is never the one discarded
    assert 40 in s.discard
    assert sorted(s.known[MOON]) == [38, 45]
    assert left_game(s, 54)


def test_card_55_kite_festival():
    s = position(turn=5)
    s.road = [2, 3]
    fire(s, 55, MOON)
    assert s.road[MOON] == 3
    assert s.bead == -1  # Glass Tower, second to arrive: 1 point
    assert left_game(s, 55)


def test_requires_55_kite_festival():
    s = position(turn=5)
    s.road = [1, 2]
    assert event_happens(s, 55, MOON) and not event_happens(s, 55, SUN)
    s.road = [2, 2]
    assert not event_happens(s, 55, MOON) and not event_happens(s, 55, SUN)
    fire(s, 55, SUN)
    assert s.road == [2, 2] and discarded(s, 55)  # no event: back to the discard pile


def test_card_56_moot_of_lanterns():
    s = position(turn=5, truce=4)
    fire(s, 56, SUN)
    assert options(s) == [("choose", 0), ("choose", 1)]
    answer(s, ("choose", 1))
    assert s.truce == 3 and s.bead == 1
    assert discarded(s, 56)
    s = position(turn=5, truce=4)
    fire(s, 56, MOON)
    answer(s, ("choose", 0))
    assert s.truce == 5 and s.bead == 0
    s = position(turn=5, truce=2)
    fire(s, 56, SUN)
    answer(s, ("choose", 1))  # snuffing the last candle loses, even for a point
    assert s.over and s.winner == MOON and s.reason == "truce" and s.bead == 0


def test_card_57_washed_out_bridges():
    s = position(turn=5)
    s.moves_left = [5, 6]
    fire(s, 57, MOON)
    assert s.moves_left == [5, 5]
    assert left_game(s, 57)
    s.moves_left = [3, 0]
    fire(s, 57, SUN)
    assert s.moves_left == [2, 0]


# -- strength 3 ------------------------------------------------------------------------------------


def test_card_58_tide_wardens():
    s = position(turn=5, sun={"starpool": 1})
    s.effects.append(("flag", MOON, "game", "tidebound_oath", None))
    fire(s, 58, MOON)
    assert set(towns(s)) == in_reach("glasswater")
    answer(s, ("town", "starpool"))
    answer(s, ("town", "starpool"))
    assert "starpool" not in towns(s)  # at most 2 per town
    answer(s, ("town", "lanternmere"))
    answer(s, ("town", "lanternmere"))
    assert not s.decisions
    assert sway(s, MOON, "starpool") == 2 and sway(s, MOON, "lanternmere") == 2
    assert left_game(s, 58)


def test_requires_58_tide_wardens():
    s = position(turn=5)
    assert not event_happens(s, 58, MOON)
    s.effects.append(("flag", SUN, "game", "tidebound_oath", None))  # not the Moon's oath
    assert not event_happens(s, 58, MOON)
    s.effects.append(("flag", MOON, "game", "tidebound_oath", None))
    assert event_happens(s, 58, MOON)


def test_card_59_pact_smiths():
    s = position(turn=5, moon={"brandhearth": 2})
    s.effects.append(("flag", SUN, "game", "sunforged_pact", None))
    fire(s, 59, SUN)
    assert set(towns(s)) == in_reach("emberdale")
    answer(s, ("town", "brandhearth"))
    answer(s, ("town", "brandhearth"))
    assert "brandhearth" not in towns(s)
    answer(s, ("town", "kilnstead"))
    assert sway(s, SUN, "brandhearth") == 2 and sway(s, SUN, "kilnstead") == 1
    assert s.bead == 1
    assert left_game(s, 59)


def test_requires_59_pact_smiths():
    s = position(turn=5)
    assert not event_happens(s, 59, SUN)
    s.effects.append(("flag", MOON, "game", "sunforged_pact", None))
    assert not event_happens(s, 59, SUN)
    s.effects.append(("flag", SUN, "game", "sunforged_pact", None))
    assert event_happens(s, 59, SUN)
    s = position(turn=5, moon={"brandhearth": 1})  # played by the Moon for strength: no event
    fire(s, 59, MOON)
    assert sway(s, SUN, "brandhearth") == 0 and s.bead == 0 and discarded(s, 59)


def test_card_60_undertow():
    s = position(turn=5, sun={"quillwater": 3, "rimewell": 3, "heronglass": 1, "brackenholt": 2})
    fire(s, 60, MOON)
    assert set(towns(s)) == {"quillwater", "rimewell", "heronglass"}
    answer(s, ("town", "quillwater"))
    answer(s, ("town", "quillwater"))
    assert set(towns(s)) == {"rimewell", "heronglass"}  # at most 2 per town
    answer(s, ("town", "rimewell"))
    assert sway(s, SUN, "quillwater") == 1 and sway(s, SUN, "rimewell") == 2
    assert sway(s, SUN, "heronglass") == 1 and sway(s, SUN, "brackenholt") == 2
    assert discarded(s, 60)


def test_card_61_ashfall():
    s = position(turn=5, sun={"brandhearth": 4}, moon={"emberlow": 2})
    fire(s, 61, SUN)
    answer(s, ("town", "emberlow"), Dice(2))  # holds Brandhearth: 2 + 4 - 4 = 2
    assert sway(s, MOON, "emberlow") == 0 and s.vigil[SUN] == 4
    assert discarded(s, 61)
    s = position(turn=5, sun={"brandhearth": 3}, moon={"emberlow": 2})
    fire(s, 61, SUN)
    answer(s, ("town", "emberlow"), Dice(2))  # not held: 2 + 3 - 4 = 1
    assert sway(s, MOON, "emberlow") == 1 and s.vigil[SUN] == 3


def test_card_62_moonrise_moot():
    s = position(turn=5, moon={"thornhallow": 2}, sun={"brackenholt": 2, "ashenwick": 2})
    fire(s, 62, MOON)
    assert options(s) == [("use", "place"), ("use", "upset"), ("use", "persuade")]
    answer(s, ("use", "upset"))
    assert towns(s) == ["brackenholt"]  # in the Highwold only
    answer(s, ("town", "brackenholt"), Dice(6))  # 6 + 3 - 4 = 5
    assert sway(s, SUN, "brackenholt") == 0 and sway(s, MOON, "brackenholt") == 3
    assert s.vigil[MOON] == 3
    assert discarded(s, 62)
    s = position(turn=5, moon={"thornhallow": 2}, sun={"brackenholt": 2}, truce=4)
    fire(s, 62, MOON)
    assert options(s) == [("use", "place")]  # the Truce bars contests in the Highwold
    answer(s, ("use", "place"))
    assert set(towns(s)) == {"thornhallow", "wyrmford", "duskbarrow"}
    for t in ("wyrmford", "wyrmford", "duskbarrow"):
        answer(s, ("town", t))
    assert sway(s, MOON, "wyrmford") == 2 and sway(s, MOON, "duskbarrow") == 1 and not s.decisions


def test_requires_62_moonrise_moot():
    s = position(turn=5, moon={"thornhallow": 1})
    assert not event_happens(s, 62, MOON)
    s.sway[MOON][TOWN_OF_ID["thornhallow"]] = 2
    assert event_happens(s, 62, MOON)
    s.sway[SUN][TOWN_OF_ID["thornhallow"]] = 1
    assert not event_happens(s, 62, MOON)


def test_card_63_midsummer_bonfires():
    s = position(turn=5, sun={"crownmoor": 4})
    fire(s, 63, SUN)
    assert set(towns(s)) == {"crownmoor", "wyrmford", "hallowcrest", "duskbarrow", "greyvane"}
    answer(s, ("town", "greyvane"))
    assert "greyvane" not in towns(s)
    answer(s, ("town", "duskbarrow"))
    assert set(towns(s)) == {"crownmoor", "wyrmford", "hallowcrest"}  # three sway, at most one a town
    answer(s, ("town", "wyrmford"))
    assert sway(s, SUN, "greyvane") == 1 and sway(s, SUN, "duskbarrow") == 1 and sway(s, SUN, "wyrmford") == 1
    assert s.bead == 1  # holds Crownmoor
    assert discarded(s, 63)
    s = position(turn=5, sun={"crownmoor": 3})
    fire(s, 63, SUN)
    answer(s, ("town", "crownmoor"))
    answer(s, ("town", "greyvane"))
    answer(s, ("town", "wyrmford"))
    assert s.bead == 1  # the first sway made Crownmoor held
    s = position(turn=5, sun={"brackenholt": 2})
    fire(s, 63, SUN)
    answer(s, ("town", "brackenholt"))
    answer(s, ("town", "hallowcrest"))
    answer(s, ("town", "greyvane"))
    assert sway(s, SUN, "greyvane") == 1
    assert s.bead == 0


def test_card_64_quenching_rains():
    s = position(turn=5)
    assert event_happens(s, 48, SUN) and event_happens(s, 61, SUN)
    fire(s, 64, MOON)
    answer(s, ("town", "kilnstead"))
    assert "kilnstead" not in towns(s)
    answer(s, ("town", "cinderholt"))
    assert sway(s, MOON, "kilnstead") == 1 and sway(s, MOON, "cinderholt") == 1
    assert left_game(s, 64)
    turn_end(s)
    assert not event_happens(s, 48, SUN) and not event_happens(s, 61, SUN)
    assert event_happens(s, 47, MOON) and event_happens(s, 60, MOON)
    s.hands[MOON] = [48]  # the Moon uses Ember Raiders for strength: no event for the Sun
    play(s, MOON, 48, "place", Dice())
    run(s)
    answer(s, ("order", "before"))  # the cancelled event does nothing: straight to the Moon's place
    assert s.decisions[0].kind == "place" and s.decisions[0].seat == s.seat_of(MOON)


def test_card_65_drying_winds():
    s = position(turn=5)
    assert event_happens(s, 47, MOON) and event_happens(s, 60, MOON)
    fire(s, 65, SUN)
    answer(s, ("town", "starpool"))
    answer(s, ("town", "mirrormere"))
    assert sway(s, SUN, "starpool") == 1 and sway(s, SUN, "mirrormere") == 1
    assert left_game(s, 65)
    turn_end(s)
    assert not event_happens(s, 47, MOON) and not event_happens(s, 60, MOON)
    assert event_happens(s, 48, SUN) and event_happens(s, 61, SUN)


def test_card_66_high_tide_muster():
    s = position(turn=5, moon={"reedmoon": 1}, moon_hand=[45, 71])
    fire(s, 66, MOON)
    assert card_strength(s, MOON, 45) == 3 and card_strength(s, MOON, 71) == 4
    assert card_strength(s, SUN, 45) == 2
    play(s, MOON, 45, "place", Dice())
    run(s)
    for _ in range(3):
        answer(s, ("town", "reedmoon"))
    assert sway(s, MOON, "reedmoon") == 4 and not s.decisions
    assert left_game(s, 66)
    turn_end(s)
    assert card_strength(s, MOON, 71) == 4 and card_strength(s, MOON, 60) == 3


def test_card_67_long_noon():
    s = position(turn=5, moon_hand=[42, 60, 71])
    fire(s, 67, SUN)
    assert card_strength(s, MOON, 71) == 3 and card_strength(s, MOON, 60) == 2
    assert card_strength(s, MOON, 42) == 1  # never below 1
    assert card_strength(s, SUN, 71) == 4
    s.road = [3, 3]  # Comet Arch needs a card of 3: a 3 is now too weak
    assert ("play", 71, "road") in play_options(s, MOON)
    assert ("play", 60, "road") not in play_options(s, MOON)
    assert left_game(s, 67)
    turn_end(s)
    assert card_strength(s, MOON, 60) == 3


def test_card_68_the_bell_thieves():
    s = position(turn=5)
    s.bell, s.bell_up = SUN, True
    fire(s, 68, MOON)
    assert s.bell == MOON and not s.bell_up and s.bead == 0
    assert left_game(s, 68)
    s = position(turn=5)
    s.bell = MOON
    fire(s, 68, MOON)
    assert s.bell == MOON and s.bead == -1
    s = position(turn=5)
    s.bell = MOON
    fire(s, 68, SUN)
    assert s.bell == SUN and not s.bell_up


def test_card_69_stargazers_tally():
    s = position(turn=5)
    s.road = [5, 0]
    fire(s, 69, MOON)
    assert s.bead == -2  # five steps: 2 points
    assert left_game(s, 69)
    s = position(turn=5)
    s.road = [8, 3]
    fire(s, 69, MOON)
    assert s.bead == -3  # at most 3
    fire(s, 69, SUN)
    assert s.bead == -2


def test_card_70_heralds_challenge():
    s = position(turn=5, sun={"brackenholt": 2, "crownmoor": 1, "hallowcrest": 1, "quillwater": 2})
    s.bead = 3
    fire(s, 70, MOON)
    assert s.decisions[0].seat == s.seat_of(SUN)  # the other court chooses
    answer(s, ("choose", 1))
    assert s.decisions[0].seat == s.seat_of(MOON)  # and the Moon picks the towns
    assert set(towns(s)) == {"brackenholt", "crownmoor", "hallowcrest"}
    answer(s, ("town", "brackenholt"))
    assert "brackenholt" not in towns(s)
    answer(s, ("town", "crownmoor"))
    answer(s, ("town", "hallowcrest"))
    assert sway(s, SUN, "brackenholt") == 1 and sway(s, SUN, "crownmoor") == 0
    assert sway(s, SUN, "hallowcrest") == 0 and sway(s, SUN, "quillwater") == 2
    assert discarded(s, 70)
    s = position(turn=5)
    s.bead = 3
    fire(s, 70, MOON)
    answer(s, ("choose", 0))
    assert s.bead == 1


def test_requires_70_heralds_challenge():
    s = position(turn=5)
    assert not event_happens(s, 70, MOON) and not event_happens(s, 70, SUN)
    s.bead = 2
    assert event_happens(s, 70, MOON) and not event_happens(s, 70, SUN)
    s.bead = -1
    assert event_happens(s, 70, SUN) and not event_happens(s, 70, MOON)


# -- strength 4 ------------------------------------------------------------------------------------


def test_card_71_great_tide():
    s = position(turn=5, sun={"quillwater": 2, "rimewell": 1})
    fire(s, 71, MOON)
    answer(s, ("town", "quillwater"))
    answer(s, ("town", "rimewell"))
    assert sway(s, SUN, "quillwater") == 1 and sway(s, SUN, "rimewell") == 0
    assert set(towns(s)) == in_reach("glasswater")
    answer(s, ("town", "starpool"))
    answer(s, ("town", "starpool"))
    assert "starpool" not in towns(s)
    answer(s, ("town", "rimewell"))
    assert sway(s, MOON, "starpool") == 2 and sway(s, MOON, "rimewell") == 1
    assert left_game(s, 71)


def test_card_72_wildfire_summer():
    s = position(turn=5, moon={"emberlow": 2, "kilnstead": 3, "duskbarrow": 1})
    fire(s, 72, SUN)
    assert set(towns(s)) == {"emberlow", "kilnstead"}
    answer(s, ("town", "emberlow"), Dice(5))  # 5 + 3 - 4 = 4: 2 removed, 2 placed
    assert sway(s, MOON, "emberlow") == 0 and sway(s, SUN, "emberlow") == 2
    assert towns(s) == ["kilnstead"]
    answer(s, ("town", "kilnstead"), Dice(6))  # 6 + 3 - 6 = 3, and a keystone snuffs a candle
    assert sway(s, MOON, "kilnstead") == 0 and s.truce == 4
    assert s.vigil[SUN] == 6
    assert left_game(s, 72)


def test_card_73_the_long_night():
    s = position(turn=5, moon={"greyvane": 1, "wyrmford": 1, "reedmoon": 3},
                 sun={"greyvane": 1, "wyrmford": 1, "reedmoon": 1})
    fire(s, 73, MOON)
    assert left_game(s, 73)
    turn_end(s)  # it lasts the game
    persuade(s, MOON, TOWN_OF_ID["greyvane"], Dice(3, 3))  # 3 + 1 against 3
    assert sway(s, SUN, "greyvane") == 0
    assert "reedmoon" not in targets(s, SUN, "persuade")
    assert "reedmoon" in targets(s, SUN, "upset")
    persuade(s, SUN, TOWN_OF_ID["wyrmford"], Dice(3, 3))  # the Sun is not helped: a tie
    assert sway(s, MOON, "wyrmford") == 1 and sway(s, SUN, "wyrmford") == 1


def test_card_74_charter_of_noon():
    s = position(turn=5, moon={"emberlow": 2}, sun={"brightholm": 3, "emberlow": 1})
    s.sway[MOON][TOWN_OF_ID["brightholm"]] = 1
    fire(s, 74, SUN)
    assert left_game(s, 74)
    turn_end(s)
    upset(s, SUN, TOWN_OF_ID["emberlow"], 2, Dice(2))  # 2 + 2 - 4 + 1 = 1
    assert sway(s, MOON, "emberlow") == 1
    assert "brightholm" not in targets(s, MOON, "upset")
    assert "brightholm" in targets(s, MOON, "persuade")
    upset(s, MOON, TOWN_OF_ID["emberlow"], 2, Dice(2))  # the Moon is not helped: 0
    assert sway(s, SUN, "emberlow") == 1


def test_card_75_raid_on_the_sun_gate():
    s = position(turn=5, sun={"goldskerry": 3, "cinderholt": 1})
    fire(s, 75, MOON)
    assert set(towns(s)) == {"haysel", "goldskerry", "larkisle", "cinderholt"}
    for t in ("haysel", "haysel", "larkisle"):
        answer(s, ("town", t))
    assert set(towns(s)) == {"goldskerry", "larkisle", "cinderholt"}
    answer(s, ("town", "larkisle"))
    assert sway(s, MOON, "haysel") == 2 and sway(s, MOON, "larkisle") == 2
    assert s.bead == -2  # holds Haysel and Lark Isle, both next to the Sun's gate
    assert left_game(s, 75)


def test_card_76_sunrise_landing():
    s = position(turn=5, moon={"saltcote": 2, "brinewick": 3, "tidewrack": 1})
    fire(s, 76, SUN)
    assert set(towns(s)) == {"saltcote", "brinewick", "tidewrack", "mirrormere"}
    answer(s, ("town", "mirrormere"))
    assert "mirrormere" not in towns(s)
    answer(s, ("town", "tidewrack"))
    assert set(towns(s)) == {"saltcote", "brinewick", "tidewrack"}  # the upset: Moon sway needed
    answer(s, ("town", "brinewick"), Dice(6))  # 6 + 4 - 6 = 4: 3 removed, 1 placed, a candle
    assert sway(s, MOON, "brinewick") == 0 and sway(s, SUN, "brinewick") == 1
    assert sway(s, SUN, "mirrormere") == 1 and sway(s, SUN, "tidewrack") == 1
    assert s.truce == 4 and s.vigil[SUN] == 4
    assert left_game(s, 76)
