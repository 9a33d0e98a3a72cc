"""The Thaw cards (ids 1-35): each card's event played from a small hand-made position.

Each test fires the event as a player would play it, answers its decisions, and checks what a
player would notice: sway in named towns, the bead, the Truce, hands and piles, and lasting
effects at work on a later action. A card's `requires` is tested both ways with `event_happens`.
"""

from collections import Counter

from helpers import Dice, answer, fire, options, position, run, sway, towns

from moontable.games.courts import flow
from moontable.games.courts.cards import CARDS, ERA_CARDS, SUN_BALANCE_BOOST
from moontable.games.courts.core import RUN
from moontable.games.courts.effects import event_happens
from moontable.games.courts.strength import card_strength, contest_targets
from moontable.games.courts.tables import REACH_TOWNS, REACHES, TOWN_IDS

MOON, SUN = 0, 1
NONE = ("none",)
THAW = [CARDS[c] for c in ERA_CARDS["thaw"]]
NEW = [c for c in THAW if c.id >= 4]


def reach_towns(reach: str) -> list[str]:
    return [TOWN_IDS[t] for t in REACH_TOWNS[REACHES.index(reach)]]


def play(s, court: int, card: int, use: str, chance=None):
    """`court` plays `card` from its hand for `use` (place, upset, persuade, road) as a move."""
    chance = chance or Dice()
    s.active = court
    flow.play(s, court, card, use, chance)
    return run(s, chance)


def end_turn(s):
    """Run the turn end: vigils, the Truce lights a candle, effects of this turn end."""
    s.stack.append(["turn_end", 0])
    return run(s)


def flag(s, court: int, name: str) -> None:
    s.effects.append(("flag", court, "game", name, None))


def place_all(s, *town_ids: str):
    for t in town_ids:
        answer(s, ("town", t))
    return s


# -- the deck as a whole ------------------------------------------------------------------------


def _steps(effect):
    for name, params in effect:
        yield name
        nested = ("steps",) if name == "repeat" else ("then", "else")
        for key in nested:
            yield from _steps(params.get(key, ()))
        for _label, steps in params.get("options", ()):
            yield from _steps(steps)


def test_thaw_deck_shape():
    assert [c.id for c in THAW] == list(range(1, 36))
    assert all(c.era == "thaw" for c in THAW)
    assert [c.id for c in THAW if c.fair] == [1, 2, 3]
    courts = Counter(c.court for c in NEW)
    assert courts == {"moon": 13, "sun": 13, "either": 6}
    assert Counter(c.strength for c in NEW) == {1: 4, 2: 9, 3: 14, 4: 5}  # three Sun cards raised for balance
    starred = sum(c.starred for c in NEW)
    assert 19 <= starred <= 24  # about two thirds
    assert not any(c.starred for c in THAW if c.fair)
    for c in NEW:
        assert c.text.endswith(".") and len(c.text) < 200, c.id
        for name in _steps(c.effect):
            assert "step:" + name in RUN, (c.id, name)
    others = {c.name for c in CARDS.values() if c.era != "thaw"}
    assert len({c.name for c in THAW}) == len(THAW) and not others & {c.name for c in THAW}


def test_thaw_court_cards_come_in_mirrored_pairs():
    """Each Moon card (even id 4-28) has a Sun counterpart of the same strength at the next id (one more
    for the few Sun cards raised for balance)."""
    for moon_id in range(4, 30, 2):
        m, s = CARDS[moon_id], CARDS[moon_id + 1]
        assert (m.court, s.court) == ("moon", "sun"), moon_id
        boost = 1 if s.id in SUN_BALANCE_BOOST else 0
        assert m.strength + boost == s.strength and m.starred == s.starred, moon_id
        assert (m.requires is None) == (s.requires is None), moon_id


def test_thaw_uses_the_whole_vocabulary():
    used = set()
    kinds = set()
    for c in NEW:
        used.update(_steps(c.effect))
        kinds.update(p["kind"] for n, p in c.effect if n == "lasting")
    assert {"place", "remove", "points", "points_per", "truce", "vigil", "road", "free", "upset", "persuade",
            "choose", "if", "discard", "let_go", "reveal", "draw", "bell", "retrieve", "moves",
            "lasting"} <= used
    assert kinds == {"strength", "roll", "bar", "cancel", "flag"}


# -- strength 1 ---------------------------------------------------------------------------------


def test_card_4_owl_watchers():
    s = position(sun_hand=[5, 7, 9], moon_hand=[6])
    fire(s, 4, MOON)
    assert s.known[SUN] == [5, 7, 9]
    assert s.known[MOON] == []
    assert s.vigil == [1, 0]
    assert s.discard == [4]  # not starred
    end_turn(s)
    assert s.known[SUN] == []  # shown until the turn ends


def test_card_5_lark_messengers():
    s = position(sun_hand=[2, 7], draw=[9])
    fire(s, 5, SUN)
    assert sorted(options(s)) == [("card", 7), ("card", 9)]  # must let one go; never the Fair
    assert s.decisions[0].seat == 1
    answer(s, ("card", 7))
    assert s.hands[SUN] == [2, 9]
    assert s.discard == [7, 5]
    assert not s.decisions


# -- strength 2 ---------------------------------------------------------------------------------


def test_card_6_reedbed_levy():
    s = position(sun={"reedmoon": 1})
    fire(s, 6, MOON)
    assert sorted(towns(s)) == sorted(reach_towns("saltmarsh"))
    answer(s, ("town", "reedmoon"))
    assert "reedmoon" not in towns(s)  # at most 1 per town
    place_all(s, "mistfen", "gullhaven")
    assert [sway(s, MOON, t) for t in ("reedmoon", "mistfen", "gullhaven")] == [1, 1, 1]
    assert sum(s.sway[MOON]) == 3
    assert s.removed == [6]


def test_card_7_hayfield_levy():
    s = position(moon={"haysel": 1})
    fire(s, 7, SUN)
    assert sorted(towns(s)) == sorted(t for t in reach_towns("farrow") if t != "haysel")
    place_all(s, "goldskerry", "goldskerry")
    assert "goldskerry" not in towns(s)  # at most 2 per town
    answer(s, ("town", "noonholm"))
    assert sway(s, SUN, "goldskerry") == 2 and sway(s, SUN, "noonholm") == 1
    assert sway(s, SUN, "haysel") == 0
    assert s.removed == [7]


def test_card_8_veil_of_the_meres():
    s = position(sun={"quillwater": 2, "starpool": 1, "brackenholt": 2})
    fire(s, 8, MOON)
    assert sorted(towns(s)) == ["quillwater", "starpool"]
    place_all(s, "quillwater", "quillwater")
    assert sway(s, SUN, "quillwater") == 0 and sway(s, SUN, "starpool") == 1
    assert sway(s, SUN, "brackenholt") == 2
    assert not s.decisions and s.removed == [8]


def test_card_9_sunglare():
    s = position(moon={"mirrormere": 3, "lanternmere": 1, "thornhallow": 2})
    fire(s, 9, SUN)
    assert sorted(towns(s)) == ["lanternmere", "mirrormere"]
    answer(s, ("town", "mirrormere"))
    assert towns(s) == ["lanternmere"]  # at most 1 per town
    answer(s, ("town", "lanternmere"))
    assert not s.decisions  # the third removal finds no town
    assert sway(s, MOON, "mirrormere") == 2 and sway(s, MOON, "lanternmere") == 0
    assert sway(s, MOON, "thornhallow") == 2
    assert s.removed == [9]


def test_card_10_lantern_compact():
    s = position(moon={"mirrormere": 2})
    assert not event_happens(s, 18, MOON)  # Lantern Procession needs the Compact
    fire(s, 10, MOON)
    assert sorted(towns(s)) == sorted(reach_towns("glasswater"))
    answer(s, ("town", "starpool"))
    assert "starpool" not in towns(s)
    answer(s, ("town", "lanternmere"))
    assert sway(s, MOON, "starpool") == 1 and sway(s, MOON, "lanternmere") == 1
    assert event_happens(s, 18, MOON)
    end_turn(s)
    assert event_happens(s, 18, MOON)  # kept for the rest of the game
    assert s.removed == [10]


def test_card_11_kite_charter():
    s = position(moon={"crownmoor": 1})
    assert not event_happens(s, 19, SUN)
    fire(s, 11, SUN)
    assert "crownmoor" not in towns(s)  # towns without Moon sway only
    assert sorted(towns(s)) == sorted(t for t in reach_towns("highwold") if t != "crownmoor")
    answer(s, ("town", "wyrmford"))
    assert "wyrmford" not in towns(s)
    answer(s, ("town", "greyvane"))
    assert sway(s, SUN, "wyrmford") == 1 and sway(s, SUN, "greyvane") == 1
    assert event_happens(s, 19, SUN)
    end_turn(s)
    assert event_happens(s, 19, SUN)
    assert s.removed == [11]


def test_card_12_salt_tithe():
    held5 = {"saltcote": 2, "tidewrack": 2, "mistfen": 1, "gullhaven": 2, "nightheron": 2, "reedmoon": 1}
    s = position(moon=held5)
    fire(s, 12, MOON)
    assert s.bead == -2  # 5 held towns: 2 points, the most it gives
    s = position(moon={"saltcote": 2, "tidewrack": 2, "mistfen": 1, "gullhaven": 2}, sun={"gullhaven": 1})
    fire(s, 12, MOON)
    assert s.bead == -1  # 3 held (Gullhaven is not): 1 point
    assert s.discard == [12]


def test_card_13_hay_tithe():
    s = position(sun={"goldskerry": 3, "brightholm": 4, "haysel": 2}, moon={"brightholm": 1})
    fire(s, 13, SUN)
    assert s.bead == 2  # both Farrow keystones; Haysel is not one
    s = position(sun={"goldskerry": 3, "brightholm": 3}, moon={"brightholm": 1})
    fire(s, 13, SUN)
    assert s.bead == 1
    assert s.discard == [13]


def test_card_14_fog_over_the_kite_field():
    s = position(sun={"crownmoor": 2, "wyrmford": 1, "quillwater": 1}, sun_hand=[19])
    flag(s, SUN, "kite_charter")
    assert event_happens(s, 19, SUN)
    fire(s, 14, MOON)
    assert sorted(towns(s)) == ["crownmoor", "wyrmford"]
    answer(s, ("town", "crownmoor"))
    assert towns(s) == ["wyrmford"]
    answer(s, ("town", "wyrmford"))
    assert sway(s, SUN, "crownmoor") == 1 and sway(s, SUN, "wyrmford") == 0
    assert sway(s, SUN, "quillwater") == 1
    assert s.removed == [14]
    # Kite Regatta can no longer happen, this turn or later
    end_turn(s)
    assert not event_happens(s, 19, SUN)
    assert ("play", 19, "event") not in flow.play_options(s, SUN)
    s.hands[SUN].remove(19)
    fire(s, 19, SUN)
    assert not s.decisions and s.bead == 0
    assert s.discard[-1] == 19 and 19 not in s.removed


def test_card_15_dousing_the_lanterns():
    s = position(moon={"mirrormere": 2, "lanternmere": 1, "thornhallow": 1})
    flag(s, MOON, "lantern_compact")
    assert event_happens(s, 18, MOON)
    fire(s, 15, SUN)
    assert sorted(towns(s)) == ["lanternmere", "mirrormere"]
    place_all(s, "mirrormere", "lanternmere")
    assert sway(s, MOON, "mirrormere") == 1 and sway(s, MOON, "lanternmere") == 0
    assert sway(s, MOON, "thornhallow") == 1
    assert s.removed == [15]
    end_turn(s)
    assert not event_happens(s, 18, MOON)
    fire(s, 18, MOON)
    assert not s.decisions and sway(s, MOON, "mirrormere") == 1
    assert s.discard[-1] == 18


# -- strength 3 ---------------------------------------------------------------------------------


def test_card_16_moonless_raid():
    s = position(sun={"crownmoor": 2, "wyrmford": 2, "quillwater": 1})
    fire(s, 16, MOON)
    assert sorted(towns(s)) == ["quillwater", "wyrmford"]  # no keystone
    answer(s, ("town", "wyrmford"), Dice(4))  # 4 + 3 - 2 x 2 = 3: remove 2, then 1 Moon sway
    assert sway(s, SUN, "wyrmford") == 0 and sway(s, MOON, "wyrmford") == 1
    assert s.vigil[MOON] == 3 and s.truce == 5
    assert s.discard == [16]
    s = position(sun={"wyrmford": 2, "quillwater": 1}, truce=4)
    fire(s, 16, MOON)
    assert towns(s) == ["quillwater"]  # the Truce bars the Highwold


def test_card_17_brand_of_the_sun():
    s = position(moon={"mirrormere": 2, "reedmoon": 1})
    fire(s, 17, SUN)
    assert sorted(options(s)) == [("use", "persuade"), ("use", "upset")]  # no placing
    answer(s, ("use", "upset"))
    assert sorted(towns(s)) == ["mirrormere", "reedmoon"]
    answer(s, ("town", "mirrormere"), Dice(5))  # 5 + 3 - 4 = 4: remove 2, then 2 Sun sway
    assert sway(s, MOON, "mirrormere") == 0 and sway(s, SUN, "mirrormere") == 2
    assert s.vigil[SUN] == 3
    assert s.discard == [17]


def test_card_18_lantern_procession():
    s = position(moon={"mirrormere": 1, "lanternmere": 3, "thornhallow": 1})
    assert not event_happens(s, 18, MOON)
    flag(s, SUN, "lantern_compact")
    assert not event_happens(s, 18, MOON)  # the Moon's own Compact, not the Sun's
    flag(s, MOON, "lantern_compact")
    assert event_happens(s, 18, MOON)
    fire(s, 18, MOON)
    assert sorted(towns(s)) == ["lanternmere", "mirrormere"]  # Glasswater towns with Moon sway
    place_all(s, "lanternmere", "mirrormere", "mirrormere")
    assert sway(s, MOON, "lanternmere") == 4 and sway(s, MOON, "mirrormere") == 3
    assert s.bead == -1  # Lanternmere is held: one keystone
    assert s.removed == [18]


def test_card_19_kite_regatta():
    s = position(sun={"wyrmford": 2, "greyvane": 1})
    assert not event_happens(s, 19, SUN)
    flag(s, SUN, "kite_charter")
    assert event_happens(s, 19, SUN)
    fire(s, 19, SUN)
    assert sorted(towns(s)) == sorted(reach_towns("highwold"))
    answer(s, ("town", "greyvane"))
    assert "greyvane" not in towns(s)
    place_all(s, "brackenholt", "thornhallow")
    assert [sway(s, SUN, t) for t in ("greyvane", "brackenholt", "thornhallow")] == [2, 1, 1]
    assert s.bead == 1  # holds Wyrmford and Greyvane: 2 towns, 1 point
    assert s.removed == [19]


def test_card_20_whispering_tides():
    s = position(sun={"quillwater": 2, "heronglass": 1, "brackenholt": 2})
    fire(s, 20, MOON)
    assert sorted(towns(s)) == ["heronglass", "quillwater"]
    answer(s, ("town", "quillwater"), Dice(6, 1))  # 6 against 1 + 1 (more sway): Sun loses 4, has 2
    assert sway(s, SUN, "quillwater") == 0
    assert towns(s) == ["heronglass"]
    answer(s, ("town", "heronglass"), Dice(6, 1))
    assert sway(s, SUN, "heronglass") == 0
    assert not s.decisions  # the third try has no town left
    assert sway(s, SUN, "brackenholt") == 2
    assert s.vigil[MOON] == 0  # persuading does not fill the vigil
    assert s.discard == [20]
    s = position(sun={"quillwater": 2}, truce=3)
    fire(s, 20, MOON)
    assert not s.decisions  # the Truce bars the Glasswater


def test_card_21_sunward_sermons():
    s = position(moon={"reedmoon": 1, "gullhaven": 2, "mistfen": 1})
    fire(s, 21, SUN)
    assert sorted(towns(s)) == ["gullhaven", "mistfen"]  # not the keystone Reedmoon
    answer(s, ("town", "gullhaven"), Dice(6, 1))  # 6 against 1 + 1: the Moon loses 2
    answer(s, ("town", "mistfen"), Dice(2, 4))  # 2 against 4 + 1: the Sun has nothing to lose
    assert towns(s) == ["mistfen"]
    answer(s, ("town", "mistfen"), Dice(5, 1))
    assert sway(s, MOON, "gullhaven") == 0 and sway(s, MOON, "mistfen") == 0
    assert sway(s, MOON, "reedmoon") == 1
    assert not s.decisions and s.discard == [21]


def test_card_22_marsh_lords_moot():
    s = position()
    fire(s, 22, MOON)
    assert options(s) == [("choose", 0), ("choose", 1)] and s.decisions[0].seat == 0
    answer(s, ("choose", 0))
    assert s.bead == -2 and sum(s.sway[MOON]) == 0
    assert s.removed == [22]
    s = position()
    fire(s, 22, MOON)
    answer(s, ("choose", 1))
    assert sorted(towns(s)) == sorted(reach_towns("highwold"))
    place_all(s, "crownmoor", "hallowcrest", "duskbarrow")
    assert [sway(s, MOON, t) for t in ("crownmoor", "hallowcrest", "duskbarrow")] == [1, 1, 1]
    assert s.bead == 0


def test_card_23_sunhall_moot():
    s = position()
    fire(s, 23, SUN)
    assert s.decisions[0].seat == 0  # the Moon chooses
    answer(s, ("choose", 0))
    assert s.bead == 3
    assert s.removed == [23]
    s = position(moon={"crownmoor": 1})
    fire(s, 23, SUN)
    answer(s, ("choose", 1))
    assert s.decisions[0].seat == 1  # the Sun places
    answer(s, ("town", "crownmoor"))
    assert "crownmoor" not in towns(s)
    place_all(s, "wyrmford", "greyvane", "brackenholt")
    assert sum(s.sway[SUN]) == 4 and sway(s, SUN, "crownmoor") == 1
    assert not s.decisions and s.bead == 0


def test_card_24_owl_loft_astronomers():
    s = position(moon_hand=[6, 8])
    fire(s, 24, MOON)
    assert s.road == [1, 0] and s.bead == -1  # Lamp Hill, first: 1 point
    assert s.removed == [24]
    play(s, MOON, 6, "road", Dice(5))  # Kite Field needs 4 or less: 5 counts as 4
    assert s.road[MOON] == 2 and s.gifts["seer"] == MOON
    end_turn(s)
    s.road_tries = [0, 0]
    play(s, MOON, 8, "road", Dice(4))  # Glass Tower needs 3 or less: no help after the turn
    assert s.road[MOON] == 2


def test_card_25_dawn_stargazers():
    s = position()
    s.road = [3, 2]
    fire(s, 25, SUN)
    assert s.road == [3, 3] and s.bead == 1  # Glass Tower, second: 1 point
    s = position()
    s.road = [1, 1]
    fire(s, 25, SUN)
    assert s.road == [1, 1] and s.bead == 2  # not behind: 2 points
    assert s.removed == [25]


# -- strength 4 ---------------------------------------------------------------------------------


def test_card_26_night_without_dawn():
    s = position(moon={"thornhallow": 2}, moon_hand=[6, 8], sun_hand=[7])
    fire(s, 26, MOON)
    assert sorted(towns(s)) == sorted(reach_towns("saltmarsh"))
    place_all(s, "reedmoon", "brinewick")
    assert sway(s, MOON, "reedmoon") == 1 and sway(s, MOON, "brinewick") == 1
    assert s.removed == [26]
    play(s, MOON, 6, "place")  # strength 2 plays as 3 this turn
    assert s.decisions[0].prompt.startswith("place sway: 3")
    place_all(s, "thornhallow", "thornhallow", "thornhallow")
    assert sway(s, MOON, "thornhallow") == 5 and not s.decisions
    assert card_strength(s, SUN, 7) == 2  # the Sun's cards are not stronger
    assert card_strength(s, MOON, 28) == 4  # never above 4
    end_turn(s)
    assert card_strength(s, MOON, 8) == 2


def test_card_27_blaze_of_noon():
    s = position(moon={"mirrormere": 2, "reedmoon": 1}, sun_hand=[7])
    fire(s, 27, SUN)
    answer(s, ("town", "mirrormere"), Dice(2))  # 2 + 3 - 4 + 1 = 2: both Moon sway go
    assert sway(s, MOON, "mirrormere") == 0 and sway(s, SUN, "mirrormere") == 0
    assert s.vigil[SUN] == 3 and s.removed == [27]
    play(s, SUN, 7, "persuade")
    answer(s, ("town", "reedmoon"), Dice(4, 3))  # 4 + 1 against 3 + 1 (more sway): the Moon loses 1
    assert sway(s, MOON, "reedmoon") == 0
    assert not s.decisions
    end_turn(s)
    assert not s.effects


def test_card_28_eclipse_at_crownmoor():
    s = position(sun={"crownmoor": 3, "wyrmford": 1, "hallowcrest": 1, "quillwater": 1})
    fire(s, 28, MOON)
    assert s.truce == 4
    place_all(s, "crownmoor", "crownmoor")
    assert "crownmoor" not in towns(s)  # at most 2 per town
    place_all(s, "wyrmford", "hallowcrest")
    assert [sway(s, SUN, t) for t in ("crownmoor", "wyrmford", "hallowcrest", "quillwater")] == [1, 0, 0, 1]
    assert s.removed == [28] and not s.over
    # at 2 candles the court on move loses: the Moon playing its event ...
    s = position(sun={"crownmoor": 1}, truce=2)
    fire(s, 28, MOON)
    assert s.over and s.winner == SUN and s.reason == "truce"
    # ... or the Sun, playing the Moon's card for strength
    s = position(sun={"crownmoor": 1}, truce=2)
    fire(s, 28, SUN)
    assert s.over and s.winner == MOON and s.reason == "truce"


def test_card_29_dawn_accord():
    s = position(sun={"crownmoor": 1, "quillwater": 1}, moon={"wyrmford": 1}, moon_hand=[6, 20], truce=4)
    fire(s, 29, SUN)
    assert s.truce == 5
    place_all(s, "crownmoor", "greyvane")
    assert sway(s, SUN, "crownmoor") == 2 and sway(s, SUN, "greyvane") == 1
    assert s.removed == [29]
    # the Moon may not upset or persuade in the Highwold this turn; the Sun still may
    assert [TOWN_IDS[t] for t in contest_targets(s, SUN, "upset")] == ["wyrmford"]
    play(s, MOON, 6, "upset")
    assert towns(s) == ["quillwater"]
    answer(s, ("town", "quillwater"), Dice(1))
    play(s, MOON, 20, "persuade")
    assert [o for o in options(s) if o[0] == "town"] == [("town", "quillwater")]
    answer(s, ("done",))
    end_turn(s)
    assert "crownmoor" in [TOWN_IDS[t] for t in contest_targets(s, MOON, "upset")]


# -- either court -------------------------------------------------------------------------------


def test_card_30_swift_kites():
    s = position(sun_hand=[7], draw=[9, 8])
    s.moves_left = [2, 3]
    fire(s, 30, SUN)
    assert s.hands[SUN] == [7, 8]
    assert s.moves_left == [2, 4]
    s = position(moon_hand=[6], draw=[9])
    s.moves_left = [1, 1]
    fire(s, 30, MOON)
    assert s.hands[MOON] == [6, 9] and s.moves_left == [2, 1]
    assert s.discard == [30]


def test_card_31_tavern_rumours():
    s = position(moon_hand=[2, 6, 8], sun_hand=[7])
    fire(s, 31, SUN, Dice(raw=[1]))  # the second card that is not a Fair
    assert s.hands[MOON] == [2, 6]
    assert s.hands[SUN] == [7]
    assert s.discard == [8, 31]
    s = position(moon_hand=[3], sun_hand=[2])
    fire(s, 31, SUN)
    assert s.hands[MOON] == [3]  # a Fair is never discarded


def test_card_32_embers_rekindled():
    s = position(sun_hand=[7])
    s.discard = [1, 6, 17]
    fire(s, 32, SUN)
    assert options(s) == [("card", 6), ("card", 17), NONE]  # never the Fair
    answer(s, ("card", 17))
    assert s.hands[SUN] == [7, 17]
    assert s.discard == [1, 6] and s.removed == [32]
    s = position()
    s.discard = [6]
    fire(s, 32, MOON)
    answer(s, NONE)
    assert s.hands[MOON] == [] and s.discard == [6] and s.removed == [32]


def test_card_33_gatefires():
    s = position()
    fire(s, 33, MOON)
    assert sorted(towns(s)) == ["brinewick", "mirrormere", "saltcote", "tidewrack"]
    answer(s, ("town", "mirrormere"))
    assert "mirrormere" not in towns(s)
    answer(s, ("town", "brinewick"))
    assert sway(s, MOON, "mirrormere") == 1 and sway(s, MOON, "brinewick") == 1
    assert s.vigil == [2, 0]
    s = position()
    fire(s, 33, SUN)
    assert sorted(towns(s)) == ["cinderholt", "goldskerry", "haysel", "larkisle"]
    place_all(s, "cinderholt", "haysel")
    assert s.vigil == [0, 2] and sum(s.sway[SUN]) == 2
    assert s.discard == [33]


def test_card_34_hearthkeepers():
    s = position(moon={"thornhallow": 2, "mirrormere": 1}, sun={"crownmoor": 1, "thornhallow": 1})
    fire(s, 34, MOON)
    assert sorted(towns(s)) == ["mirrormere", "thornhallow"]
    answer(s, ("town", "thornhallow"))
    assert towns(s) == ["mirrormere"]
    answer(s, ("town", "mirrormere"))
    assert not s.decisions  # no third town with Moon sway
    assert sway(s, MOON, "thornhallow") == 3 and sway(s, MOON, "mirrormere") == 2
    assert s.removed == [34]
    s = position(sun={"brackenholt": 2})
    fire(s, 34, SUN)
    assert towns(s) == ["brackenholt"]


def test_card_35_bellwrights_claim():
    s = position()
    assert not event_happens(s, 35, MOON) and not event_happens(s, 35, SUN)  # nobody is behind
    s.bead = -3  # the Moon leads: the Sun is behind
    assert event_happens(s, 35, SUN) and not event_happens(s, 35, MOON)
    assert s.bell == MOON
    fire(s, 35, SUN)
    assert s.bell == SUN and not s.bell_up  # it comes face down
    assert s.bead == -3 and s.removed == [35]
    end_turn(s)
    assert s.bell == SUN and s.bell_up
    s = position()
    s.bead = 2  # the Sun leads; the Moon already holds the Bell
    fire(s, 35, MOON)
    assert s.bell == MOON and s.bell_up and s.bead == 0
    s = position()
    fire(s, 35, MOON)  # not behind: nothing happens and the card is discarded
    assert s.bead == 0 and s.discard == [35] and s.removed == []
