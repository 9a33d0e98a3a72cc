"""Leadership-phase cards, REPLACE, the discard piles, Hyla cards, Chosen Ones and "I must" (BM64-BM73)."""

from __future__ import annotations

from bm_helpers import G, act, begin, kind, options, position, to_play, types

from moontable.games.bluemoon.core import add_lasting, power
from moontable.games.bluemoon.decks import check_deck


def test_BM64_leadership_hyla_and_crystal_cards_or_replace_but_never_two():
    s = position(hands={0: ["cm26", "en03", "en01", "cm01", "cm03"]}, dragons={"ashwing": 0}, mode="quick")
    opts = options(s)
    assert {("lead", "cm26"), ("lead", "en03"), ("lead", "en01"), ("replace", "cm01"), ("pass",)} <= set(opts)
    act(s, ("lead", "en03"))  # a Hyla card: draw 2
    assert kind(s) == "play" and not any(o[0] in ("lead", "replace") for o in options(s))
    s = position(hands={0: ["cm26", "cm01", "cm03"]})
    act(s, ("replace", "cm01"), ("draw",))
    assert kind(s) == "play" and not any(o[0] in ("lead", "replace") for o in options(s))


def test_BM65_replace_discards_the_card_without_effect_and_may_draw_one():
    s = position(hands={0: ["cm01", "cm03"]}, decks={0: ["cm05", "cm04"]})
    act(s, ("replace", "cm01"))
    assert kind(s) == "replace" and options(s) == [("draw",), ("no_draw",)]
    act(s, ("draw",))
    assert s.players[0].discard == ["cm01"] and "cm04" in s.players[0].hand
    s = position(hands={0: ["cm01", "cm03"]}, decks={0: ["cm05", "cm04"]})
    act(s, ("replace", "cm01"), ("no_draw",))
    assert s.players[0].deck == ["cm05", "cm04"]


def test_BM66_replace_with_an_empty_pile_or_while_drawing_is_barred_draws_nothing():
    s = position(hands={0: ["cm01", "cm03"]}, decks={0: []})
    act(s, ("replace", "cm01"))
    assert kind(s) == "play" and s.players[0].discard == ["cm01"]
    s = position(hands={0: ["cm01", "cm03"]}, begin=False)
    add_lasting(s, "bar", 1, 0, "foe_turn", {"what": "draw"}, "dv32")
    begin(s)
    act(s, ("replace", "cm01"))
    assert kind(s) == "play"  # Silent Pact: the REPLACE draw counts as a draw
    s = position(("cindermark", "galewright"), hands={0: ["cm33", "cm03"]}, decks={0: ["cm04"]})
    act(s, ("replace", "cm33"), ("draw",))  # Cinder Herald's KINDLE and values do nothing from the discard pile
    assert s.players[0].discard == ["cm33"] and s.players[0].combat == []


def test_BM67_only_leadership_cards_go_to_the_leadership_stack():
    s = position(hands={0: ["en03", "cm01", "cm03", "cm26"]}, mode="quick")
    act(s, ("lead", "en03"))  # a Hyla card
    assert s.players[0].discard == ["en03"] and s.players[0].lead == []
    s = position(hands={0: ["cm26", "cm03"]})
    act(s, ("lead", "cm26"))
    assert s.players[0].lead == ["cm26"] and s.players[0].discard == []


def test_BM68_a_leadership_card_discarded_from_hand_goes_to_the_leadership_stack():
    s = position(hands={0: ["cm26", "cm27", "cm03"], 1: ["hr01"]}, element=None)
    to_play(s)
    act(s, ("decline",), ("card", "cm26"), ("card", "cm03"), ("done",))
    assert s.players[0].lead == ["cm26"] and s.players[0].discard == ["cm03"]
    s = position(("duskveil", "cindermark"), hands={0: ["dv28"], 1: ["cm26"]})
    act(s, ("lead", "dv28"))  # Fog of Doubt: the opponent's only card, a leadership card, at random
    assert s.players[1].lead == ["cm26"] and s.players[1].discard == []


def test_BM69_hyla_and_crystal_cards_are_not_leadership_cards():
    deck = {"leader": "cm-leader", "inquisitor": "vell", "emissary": None,
            "cards": ["cm26", "cm27", "cm28", "en03", "en04", "en07", "en01", "en02", *[f"cm{i:02d}" for i in
                                                                                       range(1, 23)]]}
    assert len(deck["cards"]) == 30
    assert not [p for p in check_deck(deck, "build") if p.rule == "BM77"]  # three leadership cards only
    s = position(hands={0: ["en04", "cm03"]}, combat={1: [["hr05"]]}, mode="quick")
    act(s, ("lead", "en04"), ("character", "cm03"))  # Hyla of the Thorn Veil: +2 this turn
    assert "en04" in s.players[0].discard and "en04" not in s.players[0].lead
    assert power(s, 0, "fire") == 4  # the turn is over: the Hyla card works only in its turn


def test_BM70_a_chosen_one_works_for_both_players_the_opponent_first():
    s = position(hands={0: ["cm31", "cm03"], 1: ["hr01", "hr02"]}, decks={0: ["cm04", "cm05"], 1: ["hr04", "hr05"]})
    events = act(s, ("lead", "cm31"))  # The Ashen Chosen: each draws 2, then discards 1
    assert kind(s) == "discard" and s.decisions[0].seat == 1
    draws = [e["seat"] for e in events if e["type"] == "draw" and "only" in e]
    assert draws == [1]  # the opponent has drawn; the player not yet
    act(s, ("card", "hr01"))
    assert kind(s) == "discard" and s.decisions[0].seat == 0
    act(s, ("card", "cm04"))
    assert len(s.players[1].hand) == 3 and s.players[0].lead == ["cm31"]


def test_BM71_each_player_makes_their_own_choices_and_the_card_goes_to_its_players_stack():
    s = position(("hollowroot", "cindermark"), hands={0: ["hr31", "hr03"], 1: ["cm03"]},
                 discards={0: ["hr24"], 1: ["cm23", "cm24"]})
    act(s, ("lead", "hr31"))  # The Chosen of the Deep: each may take a support back
    assert kind(s) == "recover" and s.decisions[0].seat == 1
    assert options(s) == [("card", "cm23"), ("card", "cm24"), ("done",)]
    act(s, ("card", "cm24"))
    assert s.decisions[0].seat == 0 and options(s) == [("card", "hr24"), ("done",)]
    act(s, ("done",))
    assert "cm24" in s.players[1].hand and "hr24" in s.players[0].discard
    assert s.players[0].lead == ["hr31"] and s.players[1].lead == []


def test_BM72_i_must_beats_may_not_play():
    # Thicket: seat 0 may not play boosters; Vow of Embers: I must play a booster
    s = position(hands={0: ["cm32", "cm03", "cm18"]}, combat={1: [["hr05"]]}, begin=False)
    add_lasting(s, "bar", 1, 0, "foe_turn", {"what": "booster"}, "hr26")
    begin(s)
    act(s, ("lead", "cm32"), ("character", "cm03"))
    assert options(s) == [("booster", "cm18")]
    s = position(hands={0: ["cm26", "cm03", "cm18"]}, combat={1: [["hr05"]]}, begin=False)
    add_lasting(s, "bar", 1, 0, "foe_turn", {"what": "booster"}, "hr26")
    begin(s)
    act(s, ("lead", "cm26"), ("character", "cm03"))
    assert s.active == 1  # without the "I must", Thicket holds


def test_BM72_i_must_beats_stop_and_ignored_texts():
    s = position(hands={0: ["cm32", "cm15", "cm18"]}, combat={1: [["hr05"]]})
    act(s, ("lead", "cm32"), ("character", "cm15"))  # Molten Giant, STOP
    assert options(s) == [("booster", "cm18")]
    s = position(hands={0: ["cm32", "cm03", "cm18"]}, combat={1: [["hr05"]]}, begin=False)
    add_lasting(s, "ignore", 1, 0, "foe_turn", {"what": "texts"}, "dv26")  # Hush
    begin(s)
    act(s, ("lead", "cm32"), ("character", "cm03"))
    assert options(s) == [("booster", "cm18")]  # the "I must" works
    act(s, ("booster", "cm18"))
    assert power(s, 0, "fire") == 4 + 3  # the +2 in Fire of Vow of Embers was ignored


def test_BM72_i_must_draw_beats_may_not_draw():
    s = position(("galewright", "duskveil"), hands={0: ["en07", "gw04"]}, decks={0: ["gw05", "gw06"]},
                 mode="quick", begin=False)
    add_lasting(s, "bar", 1, 0, "foe_turn", {"what": "draw"}, "dv32")
    begin(s)
    act(s, ("lead", "en07"))  # Cartographer's Oath
    assert sorted(s.players[0].hand) == ["gw04", "gw05", "gw06"]


def test_BM72_i_must_attract_beats_attract_only_one():
    s = position(("galewright", "hollowroot"), hands={0: ["gw04"], 1: ["hr01"]},
                 combat={0: [["gw05"]], 1: [["hr13"]]}, supports={0: ["gw32"]}, element="earth", active=1,
                 begin=False)
    add_lasting(s, "cap", 1, 0, "fight", {"n": 1}, "hr27")  # Deep Roots, played by seat 1
    add_lasting(s, "attract", 0, 0, "fight", {"n": 1}, "gw27")  # Skyward Call, capped by Deep Roots
    s.players[1].hand = []
    s.players[1].deck = []
    events = begin(s)  # seat 1 holds nothing and retreats
    assert [e["dragons"] for e in events if e["type"] == "fight_won"] == [2]  # capped at 1, then "I must" +1


def test_BM73_a_must_that_cannot_be_carried_out_is_skipped():
    s = position(hands={0: ["cm32", "cm03", "cm23"]}, combat={1: [["hr05"]]})
    act(s, ("lead", "cm32"), ("character", "cm03"))  # no booster in hand: the step goes on as usual
    assert set(options(s)) == {("support", "cm23"), ("done",)}


def test_BM73_of_two_conflicting_musts_the_later_applies():
    # Vow of Embers (leadership phase: must play a booster), then Vowkeeper (must play a support)
    s = position(hands={0: ["cm32", "hr32", "cm18", "cm23"]}, combat={1: [["hr05"]]}, element="earth")
    act(s, ("lead", "cm32"), ("character", "hr32"))
    assert options(s) == [("support", "cm23")]
    events = act(s, ("support", "cm23"))
    assert "cm18" in s.players[0].hand and s.active == 1  # the booster "I must" can no longer be carried out
    assert "support" in types(events)


def test_BM72_an_i_must_text_of_the_opponent_is_theirs():
    s = position(hands={1: ["hr03", "hr24"]}, combat={0: [["cm03"]], 1: [["hr32"]]}, active=1, element="earth")
    to_play(s)
    act(s, ("character", "hr03"))
    assert ("done",) in options(s)  # Vowkeeper's "I must" was for its own turn only
    assert G.view(s, 0)["players"][1]["combat"][0] == ["hr32"]
