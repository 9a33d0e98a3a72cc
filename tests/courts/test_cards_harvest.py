"""The Harvest cards (ids 79-98): each event played from a hand-made position."""

from collections import Counter

from helpers import MOON, SUN, Dice, answer, fire, options, position, run, sway, towns

from moontable.games.courts.cards import CARDS, ERA_CARDS
from moontable.games.courts.cards_harvest import CARDS as HARVEST
from moontable.games.courts.effects import event_happens

SALTMARSH = ("saltcote", "brinewick", "tidewrack", "reedmoon", "mistfen", "gullhaven", "nightheron")
FARROW = ("haysel", "goldskerry", "larkisle", "brightholm", "noonholm", "saffronsound", "dawnsey")
HIGHWOLD = ("crownmoor", "wyrmford", "hallowcrest", "thornhallow", "brackenholt", "duskbarrow", "greyvane")


def move(s, court, card, use):
    """`court` makes one move: plays `card` for `use` (the play is checked against the legal options)."""
    s.moves_left = [0, 0]
    s.moves_left[court] = 1
    s.stack.append(["moves"])
    run(s)
    return answer(s, ("play", card, use))


def play_options(s, court):
    from moontable.games.courts.flow import play_options as options_of

    return options_of(s, court)


def end_turn(s):
    s.stack.append(["turn_end", 1])
    return run(s)


def left_game(s, card):
    return card in s.removed and card not in s.discard


def discarded(s, card):
    return card in s.discard and card not in s.removed


# -- the deck ---------------------------------------------------------------------------------------


def test_harvest_deck_shape():
    ids = [c.id for c in HARVEST]
    assert ids == list(range(79, 99))
    assert ERA_CARDS["harvest"] == tuple(ids)
    assert all(c.era == "harvest" and c.fair is None for c in HARVEST)
    assert Counter(c.court for c in HARVEST) == {"moon": 8, "sun": 8, "either": 4}
    assert Counter(c.strength for c in HARVEST) == {1: 2, 2: 7, 3: 7, 4: 4}
    assert sum(c.starred for c in HARVEST) == 14
    # the courts mirror each other: the same strengths and as many starred cards
    for court in ("moon", "sun"):
        mine = [c for c in HARVEST if c.court == court]
        assert sorted(c.strength for c in mine) == [1, 2, 2, 2, 3, 3, 3, 4]
        assert sum(c.starred for c in mine) == 6
    names = [c.name for c in HARVEST]
    assert len(set(names)) == len(names)
    assert not set(names) & {c.name for c in CARDS.values() if c.era != "harvest"}
    assert all(c.text.endswith(".") and len(c.text) < 160 for c in HARVEST)


# -- 79-80: card handling -----------------------------------------------------------------------------


def test_card_79_gleaners_at_dusk():
    s = position(turn=8, moon_hand=[88])
    s.discard = [1, 80, 89, 95, 81]  # a Fair, a Sun card, two Moon cards, an either-court card
    fire(s, 79, MOON)
    assert options(s) == [("card", 81), ("card", 89), ("none",)]  # Moon cards only
    answer(s, ("card", 89))
    assert s.hands[MOON] == [88, 89]
    assert 89 not in s.discard
    assert discarded(s, 79)  # not starred: it can come round again


def test_card_79_gleaners_at_dusk_may_take_nothing():
    s = position(turn=8, moon_hand=[88])
    s.discard = [82, 89]
    fire(s, 79, MOON)
    answer(s, ("none",))
    assert s.hands[MOON] == [88]
    assert s.discard == [82, 89, 79]


def test_card_80_hay_wain_errand():
    s = position(turn=8, sun_hand=[1, 82], draw=[97, 93, 88])
    fire(s, 80, SUN)
    assert s.hands[SUN] == [1, 82, 88, 93]  # drew the top two cards
    assert options(s) == [("card", 82), ("card", 88), ("card", 93)]  # must let one go, never a Fair
    answer(s, ("card", 82))
    assert s.hands[SUN] == [1, 88, 93]
    assert s.discard == [82, 80]


# -- 81-82: the other court's hand -----------------------------------------------------------------


def test_card_81_mist_spies_in_the_granary():
    s = position(turn=8, sun_hand=[80, 88, 95, 97])
    fire(s, 81, MOON, Dice(raw=[1]))  # the random pick between the two Sun cards: the second
    assert s.hands[SUN] == [80, 95, 97]
    assert s.discard == [88]
    assert s.known[SUN] == [80, 95, 97]  # the rest of the hand stays shown
    assert left_game(s, 81)
    end_turn(s)
    assert s.known[SUN] == []  # until the turn ends


def test_card_81_mist_spies_without_sun_cards():
    s = position(turn=8, sun_hand=[1, 79, 95])
    fire(s, 81, MOON)
    assert s.hands[SUN] == [1, 79, 95]  # no Sun card to lose (a Fair is never one)
    assert s.known[SUN] == [1, 79, 95]
    assert left_game(s, 81)


def test_card_82_tallymen_of_noon():
    s = position(turn=8, moon_hand=[79, 81, 89, 93])
    fire(s, 82, SUN, Dice(raw=[1]))  # picks between the 3 and the 4
    assert s.hands[MOON] == [79, 81, 89]
    assert s.discard == [93]
    assert left_game(s, 82)


def test_card_82_tallymen_of_noon_spare_weak_hands():
    s = position(turn=8, moon_hand=[79, 81])
    fire(s, 82, SUN)
    assert s.hands[MOON] == [79, 81]
    assert s.discard == []
    assert left_game(s, 82)


# -- 83-86: the home reaches and the flanks -------------------------------------------------------------


def test_card_83_night_heron_wardens_push_back():
    s = position(turn=8, moon={"reedmoon": 2}, sun={"reedmoon": 1, "gullhaven": 2, "wyrmford": 1})
    s.moves_left = [3, 3]
    fire(s, 83, MOON)
    assert towns(s) == ["reedmoon", "gullhaven"]  # Saltmarsh towns with Sun sway
    answer(s, ("town", "reedmoon"))
    answer(s, ("town", "reedmoon"))
    assert towns(s) == ["gullhaven"]  # at most 2 per town
    answer(s, ("town", "gullhaven"))
    assert sway(s, MOON, "reedmoon") == 4 and sway(s, MOON, "gullhaven") == 1
    assert s.moves_left == [3, 3]
    assert left_game(s, 83)


def test_card_83_night_heron_wardens_in_a_quiet_marsh():
    s = position(turn=8, moon={"reedmoon": 2}, sun={"wyrmford": 1, "haysel": 2})
    s.moves_left = [3, 3]
    fire(s, 83, MOON)
    assert s.decisions == []
    assert s.moves_left == [4, 3]  # the Moon gets its move back
    assert sway(s, MOON, "reedmoon") == 2
    assert left_game(s, 83)


def test_card_84_the_first_sheaf():
    s = position(turn=8, moon={"emberlow": 2, "flintcombe": 1}, sun={"cinderholt": 2}, sun_hand=[92])
    assert not event_happens(s, 92, SUN)
    fire(s, 84, SUN)
    assert towns(s) == ["pyreford", "brandhearth", "ashenwick", "kilnstead"]  # Emberdale towns with no sway
    answer(s, ("town", "brandhearth"))
    assert towns(s) == ["pyreford", "ashenwick", "kilnstead"]
    answer(s, ("town", "kilnstead"))
    assert sway(s, SUN, "brandhearth") == 1 and sway(s, SUN, "kilnstead") == 1
    assert left_game(s, 84)
    end_turn(s)
    assert event_happens(s, 92, SUN)  # the First Sheaf lasts the game
    assert ("play", 92, "event") in play_options(s, SUN)


def test_card_85_marsh_fog():
    s = position(turn=8, moon={"reedmoon": 2, "mistfen": 1, "wyrmford": 1, "thornhallow": 1},
                 sun={"gullhaven": 1}, sun_hand=[88, 80])
    fire(s, 85, MOON)
    assert left_game(s, 85)
    move(s, SUN, 88, "upset")
    assert towns(s) == ["wyrmford", "thornhallow"]  # no Saltmarsh town
    s = position(turn=8, moon={"reedmoon": 2}, sun={"gullhaven": 1}, sun_hand=[88])
    assert {("play", 88, "upset"), ("play", 88, "persuade")} <= set(play_options(s, SUN))
    fire(s, 85, MOON)
    assert ("play", 88, "upset") not in play_options(s, SUN)  # nothing left to upset or persuade
    assert ("play", 88, "persuade") not in play_options(s, SUN)
    s = position(turn=8, moon={"reedmoon": 2}, sun={"gullhaven": 1, "thornhallow": 1}, sun_hand=[88])
    fire(s, 85, MOON)
    move(s, SUN, 88, "place")
    assert not set(towns(s)) & set(SALTMARSH)
    assert {"thornhallow", "wyrmford", "duskbarrow"} <= set(towns(s))


def test_card_85_marsh_fog_does_not_stop_an_event_placing(monkeypatch):
    from moontable.games.courts.cards import Card

    landing = Card(990, "A Test Landing", "harvest", "sun", 2, False, "Place 1 Sun sway in the Saltmarsh.",
                   (("place", {"n": 1, "reach": "saltmarsh"}),))
    monkeypatch.setitem(CARDS, 990, landing)
    s = position(turn=8, moon={"reedmoon": 2})
    fire(s, 85, MOON)
    fire(s, 990, SUN)
    answer(s, ("town", "mistfen"))
    assert sway(s, SUN, "mistfen") == 1  # the fog stops strength, upsets and persuades, not events placing


def test_card_85_marsh_fog_lifts_at_the_turn_end():
    s = position(turn=8, moon={"reedmoon": 2}, sun={"gullhaven": 1}, sun_hand=[88])
    fire(s, 85, MOON)
    end_turn(s)
    move(s, SUN, 88, "upset")
    assert towns(s) == ["reedmoon"]


def test_card_86_sun_kite_sweep():
    s = position(turn=8, moon={"haysel": 1, "goldskerry": 2, "cinderholt": 1, "brightholm": 1},
                 sun={"goldskerry": 1})
    fire(s, 86, SUN)
    assert towns(s) == ["haysel", "goldskerry", "cinderholt"]  # towns next to the Sun's gate
    answer(s, ("town", "goldskerry"))
    assert towns(s) == ["haysel", "cinderholt"]  # at most 1 per town
    answer(s, ("town", "cinderholt"))
    assert sway(s, MOON, "goldskerry") == 1 and sway(s, MOON, "cinderholt") == 0
    assert sway(s, MOON, "haysel") == 1 and sway(s, MOON, "brightholm") == 1
    assert s.vigil[SUN] == 1
    assert left_game(s, 86)


def test_card_86_sun_kite_sweep_with_one_town_to_sweep():
    s = position(turn=8, moon={"larkisle": 3})
    fire(s, 86, SUN)
    answer(s, ("town", "larkisle"))
    assert s.decisions == []  # the cap leaves nothing more to remove
    assert sway(s, MOON, "larkisle") == 2
    assert s.vigil[SUN] == 1


# -- 87-88: points ----------------------------------------------------------------------------------------


def test_card_87_border_lanterns():
    # the Sun holds Crownmoor; the Moon holds Wyrmford and Duskbarrow next to it, and Mirrormere far away;
    # Greyvane, next to it too, is not held
    s = position(turn=8, moon={"wyrmford": 2, "duskbarrow": 3, "mirrormere": 2, "greyvane": 1},
                 sun={"crownmoor": 4})
    fire(s, 87, MOON)
    assert s.bead == -2
    assert left_game(s, 87)
    s = position(turn=8, moon={"wyrmford": 2, "duskbarrow": 3, "hallowcrest": 3, "greyvane": 2},
                 sun={"crownmoor": 4})
    fire(s, 87, MOON)
    assert s.bead == -3  # four on the border, at most 3


def test_card_88_hearth_tithe():
    nine = ("haysel", "goldskerry", "larkisle", "brightholm", "noonholm", "saffronsound", "dawnsey",
            "cinderholt", "crownmoor")
    s = position(turn=8, sun={t: 3 for t in nine}, moon={"crownmoor": 3, "brightholm": 1})
    fire(s, 88, SUN)
    assert s.bead == 1  # seven held (not Crownmoor, not Brightholm): 1
    assert left_game(s, 88)
    s = position(turn=8, sun={t: 4 for t in nine + HIGHWOLD[1:] + ("starpool",)})
    fire(s, 88, SUN)
    assert s.bead == 3  # sixteen held: at most 3


# -- 89-90: pushes into the other court's home -----------------------------------------------------------


def test_card_89_night_tide_raiders():
    s = position(turn=8, moon={"brightholm": 1}, sun={"haysel": 2, "brackenholt": 2})
    fire(s, 89, MOON)
    assert options(s) == [("use", "upset"), ("use", "persuade")]  # no placing
    answer(s, ("use", "upset"))
    assert towns(s) == ["haysel"]  # the Farrow Isles only
    answer(s, ("town", "haysel"), Dice(5))  # 5 + 3 - 4 = 4: two removed, two placed
    assert sway(s, SUN, "haysel") == 0 and sway(s, MOON, "haysel") == 2
    assert s.vigil[MOON] == 3
    assert discarded(s, 89)


def test_card_89_night_tide_raiders_persuade():
    s = position(turn=8, sun={"haysel": 2, "noonholm": 1})
    fire(s, 89, MOON)
    answer(s, ("use", "persuade"))
    # Moon: die 6; Sun: die 1 + 1 (more sway) + 1 (its gate) = 3
    answer(s, ("town", "haysel"), Dice(6, 1))
    assert sway(s, SUN, "haysel") == 0
    assert towns(s) == ["noonholm"]  # two tries left, in the Farrow Isles
    answer(s, ("done",))
    assert sway(s, SUN, "noonholm") == 1


def test_card_89_night_tide_raiders_find_no_one():
    s = position(turn=8, sun={"brackenholt": 2})
    fire(s, 89, MOON)
    assert s.decisions == []
    assert discarded(s, 89)


def test_card_90_sunburnt_reapers():
    s = position(turn=8, moon={"mistfen": 1, "reedmoon": 2, "gullhaven": 2, "wyrmford": 1})
    fire(s, 90, SUN)
    assert towns(s) == ["mistfen", "gullhaven"]  # Saltmarsh, not keystones
    answer(s, ("town", "mistfen"), Dice(3))  # 3 + 4 - 2 = 5: one removed, four placed
    assert sway(s, MOON, "mistfen") == 0 and sway(s, SUN, "mistfen") == 4
    assert s.vigil[SUN] == 4
    assert s.truce == 5
    assert discarded(s, 90)


# -- 91-92: the flag and its counter -------------------------------------------------------------------


def test_card_91_ebb_tide_edict():
    s = position(turn=8, sun={"crownmoor": 2, "brightholm": 3, "haysel": 2}, sun_hand=[92])
    s.effects.append(("flag", SUN, "game", "first_sheaf", None))
    assert event_happens(s, 92, SUN)
    fire(s, 91, MOON)
    assert towns(s) == ["crownmoor", "brightholm"]  # keystones with Sun sway
    answer(s, ("town", "brightholm"))
    assert towns(s) == ["crownmoor"]
    answer(s, ("town", "crownmoor"))
    assert sway(s, SUN, "brightholm") == 2 and sway(s, SUN, "crownmoor") == 1
    assert sway(s, SUN, "haysel") == 2
    assert left_game(s, 91)
    end_turn(s)
    assert not event_happens(s, 92, SUN)  # for the rest of the game
    assert ("play", 92, "event") not in play_options(s, SUN)
    s.hands[SUN].remove(92)
    fire(s, 92, SUN)
    assert s.bead == 0
    assert discarded(s, 92)  # its event did not happen: it does not leave the game


def test_card_92_harvest_home_feast_requires_the_first_sheaf():
    s = position(turn=8)
    assert not event_happens(s, 92, SUN)
    assert not event_happens(s, 92, MOON)  # the Moon playing it for strength: the Sun's event fails
    s.effects.append(("flag", MOON, "game", "first_sheaf", None))
    assert not event_happens(s, 92, SUN)  # the Moon's flag is not the Sun's
    s.effects.append(("flag", SUN, "game", "first_sheaf", None))
    assert event_happens(s, 92, SUN)
    assert event_happens(s, 92, MOON)


def test_card_92_harvest_home_feast():
    s = position(turn=8, sun={"hallowcrest": 3, "cinderholt": 2})
    fire(s, 84, SUN)
    answer(s, ("town", "kilnstead"))
    answer(s, ("town", "pyreford"))
    fire(s, 92, SUN)
    assert s.bead == 4  # 2, and 2 more for Hallowcrest
    assert left_game(s, 92)


def test_card_92_harvest_home_feast_without_a_highwold_keystone():
    s = position(turn=8, sun={"hallowcrest": 3, "brackenholt": 2}, moon={"hallowcrest": 1})
    s.effects.append(("flag", SUN, "game", "first_sheaf", None))
    fire(s, 92, SUN)
    assert s.bead == 2  # Brackenholt is no keystone; Hallowcrest is contested


# -- 93-94 --------------------------------------------------------------------------------------------------


def test_card_93_eclipse_moot():
    s = position(turn=8, moon={"wyrmford": 2, "thornhallow": 2, "greyvane": 1}, sun={"greyvane": 1}, truce=3)
    fire(s, 93, MOON)
    assert s.truce == 4
    assert s.bead == -2  # Wyrmford and Thornhallow; Greyvane is contested
    assert left_game(s, 93)


def test_card_93_eclipse_moot_at_a_calm_truce():
    s = position(turn=8, moon={"wyrmford": 2, "thornhallow": 2, "greyvane": 2, "crownmoor": 4}, truce=5)
    fire(s, 93, MOON)
    assert s.truce == 5
    assert s.bead == -3  # four held, at most 3


def test_card_94_harvest_noon():
    s = position(turn=8, sun={"haysel": 1}, moon={"reedmoon": 1}, sun_hand=[86], moon_hand=[81], draw=[93])
    fire(s, 94, SUN)
    assert left_game(s, 94)
    assert s.hands[SUN] == [86, 93]
    move(s, SUN, 86, "place")  # a 2 now places 3
    for town in ("haysel", "haysel", "larkisle"):
        answer(s, ("town", town))
    assert s.decisions == []
    assert sway(s, SUN, "haysel") == 3 and sway(s, SUN, "larkisle") == 1
    move(s, MOON, 81, "place")  # the Moon's cards are as they were
    answer(s, ("town", "reedmoon"))
    answer(s, ("town", "reedmoon"))
    assert s.decisions == []
    assert sway(s, MOON, "reedmoon") == 3
    end_turn(s)
    s.hands[SUN] = [82]
    move(s, SUN, 82, "place")  # the next turn, a 2 again
    answer(s, ("town", "haysel"))
    answer(s, ("town", "haysel"))
    assert s.decisions == []


def test_card_94_harvest_noon_opens_the_star_road():
    from moontable.games.courts.strength import card_strength

    s = position(turn=8, sun_hand=[82, 93])
    s.road[SUN] = 3  # the next step needs a 3
    assert ("play", 82, "road") not in play_options(s, SUN)
    fire(s, 94, SUN)
    assert ("play", 82, "road") in play_options(s, SUN)
    assert card_strength(s, SUN, 93) == 4  # never above 4
    assert card_strength(s, MOON, 82) == 2


# -- either court ----------------------------------------------------------------------------------------


def test_card_95_the_harvest_bell_takes_the_bell():
    s = position(turn=8)
    s.bell, s.bell_up = SUN, True
    fire(s, 95, MOON)
    assert s.bell == MOON and not s.bell_up
    assert s.bead == 0
    assert left_game(s, 95)


def test_card_95_the_harvest_bell_rings_for_its_holder():
    s = position(turn=8, moon_hand=[79])
    s.bell, s.bell_up = MOON, False  # just passed over: not yet playable
    assert ("play", 0, "place") not in play_options(s, MOON)
    fire(s, 95, MOON)
    assert s.bell == MOON and s.bell_up
    assert s.bead == -1
    assert ("play", 0, "place") in play_options(s, MOON)  # the Moon may ring it this turn
    s = position(turn=8)
    s.bell, s.bell_up = SUN, True
    fire(s, 95, SUN)
    assert s.bell == SUN and s.bell_up and s.bead == 1


def test_card_96_hushed_lanterns():
    s = position(turn=8, sun={"haysel": 4, "goldskerry": 3, "larkisle": 1}, moon={"larkisle": 1},
                 moon_hand=[79])
    fire(s, 96, MOON)
    assert towns(s) == ["haysel", "goldskerry"]  # only towns the Sun holds
    # Moon: die 4 + 1 (the Tides) = 5; Sun: die 2 + 1 (more sway) + 1 (its gate) + 1 (Goldskerry held) = 5
    answer(s, ("town", "haysel"), Dice(4, 2))
    assert sway(s, SUN, "haysel") == 4  # a tie
    answer(s, ("town", "haysel"), Dice(6, 1))  # 7 against 4
    assert sway(s, SUN, "haysel") == 1
    assert s.decisions == []
    assert discarded(s, 96)
    move(s, MOON, 79, "persuade")  # later this turn the bonus still helps
    answer(s, ("town", "larkisle"), Dice(4, 3))  # 4 + 1 against 3 + 1 (the Sun's gate): a tie without it
    assert sway(s, SUN, "larkisle") == 0 and sway(s, MOON, "larkisle") == 1


def test_card_97_keystone_reckoning():
    s = position(turn=8, sun={"goldskerry": 3, "brightholm": 3, "hallowcrest": 2, "haysel": 2},
                 moon={"brightholm": 1})
    fire(s, 97, SUN)
    assert s.bead == 1  # Goldskerry; Brightholm is contested, Hallowcrest is not held, Haysel is no keystone
    assert discarded(s, 97)
    s = position(turn=8, moon={"brinewick": 3, "reedmoon": 3, "crownmoor": 4, "starpool": 4})
    fire(s, 97, MOON)
    assert s.bead == -3  # four keystones, at most 3


def test_card_98_the_reaping_moot_upsets():
    s = position(turn=8, moon={"wyrmford": 2, "crownmoor": 2, "reedmoon": 2})
    fire(s, 98, SUN)
    assert options(s) == [("choose", 0), ("choose", 1)]
    answer(s, ("choose", 0))
    assert towns(s) == ["crownmoor", "wyrmford"]  # the Highwold only
    answer(s, ("town", "wyrmford"), Dice(5))  # 5 + 4 - 4 = 5: two removed, three placed
    assert sway(s, MOON, "wyrmford") == 0 and sway(s, SUN, "wyrmford") == 3
    assert s.vigil[SUN] == 4
    assert s.truce == 5  # not a keystone
    assert left_game(s, 98)


def test_card_98_the_reaping_moot_climbs_the_star_road():
    s = position(turn=8)
    s.road = [1, 0]
    fire(s, 98, SUN)
    answer(s, ("choose", 1))
    assert s.road[SUN] == 1
    assert s.bead == 0  # the Moon got to Lamp Hill first: no second reward
    s = position(turn=8)
    fire(s, 98, MOON)
    answer(s, ("choose", 1))
    assert s.road[MOON] == 1 and s.bead == -1
