"""Rule tests for the Specific Rules: targets, multiple effects, Moves, Set, resolution: MF82-MF113."""

from __future__ import annotations

from mf_helpers import G, answer, fire, kind, options, position, run_card, run_spend, uid_of, until

from moontable.games.moonflight.core import do_turn, retain_limit
from moontable.games.moonflight.view import view

DECK = ["money"] * 8


def test_MF82_without_target_a_card_affects_only_its_player():
    s = position(decks={0: ["waste"] * 2, 1: ["money"] * 2}, hands={1: ["money"]}, play={1: ["power"]},
                 turned=True)
    run_card(s, 0, "power")  # Trash up to 2 cards: only seat 0's own hand and play
    assert all(o[0] in ("play", "done") and o[-1] != uid_of(s, 1, "power") for o in options(s))
    s = position(decks={0: ["waste"], 1: ["money"]})
    run_card(s, 0, "power")  # black: Draw 2 cards, from seat 0's own deck
    assert s.players[0].hand == ["waste"] and s.players[1].deck == ["money"]


def test_MF83_without_target_card_only_the_top_card():
    s = position(discards={0: ["riches", "money", "waste"]})
    run_card(s, 0, "rise_up")  # Move the top card of your Discard Stack to your hand
    assert s.players[0].hand == ["waste"] and s.players[0].discard == ["riches", "money"]


def test_MF84_target_lets_the_owner_choose_the_stack_and_player():
    s = position(("bond", "clay"), turned=True)
    run_card(s, 0, "broker")
    assert options(s) == [("market", m) for m, st in enumerate(s.markets) if st]
    answer(s, ("market", 2))
    assert options(s) == [("seat", 0), ("seat", 1)]


def test_MF85_target_card_searches_the_whole_stack():
    s = position(trash={0: ["riches", "money", "waste"]}, turned=True)
    run_card(s, 0, "rise_up")  # Move target card from your Trash Stack to your hand
    assert options(s) == [("card", "money"), ("card", "riches"), ("card", "waste")]
    answer(s, ("card", "riches"))
    assert s.players[0].hand == ["riches"] and s.players[0].trash == ["money", "waste"]


def test_MF86_you_and_your_mean_only_the_cards_player():
    s = position(("words", "clay"), hands={0: ["money", "waste"]}, decks={0: DECK})
    run_card(s, 0, "index")  # seat 0 (Words) Discards; Clay and Bones' "When you Discard" is seat 1's only
    answer(s, ("card", "waste"))
    assert s.players[1].coins == 0


def test_MF87_a_target_player_is_exactly_one_player():
    s = position(("bond", "clay", "words"), markets={0: ["power", "power"]}, turned=True)
    run_card(s, 0, "broker")
    answer(s, ("market", 0))
    assert all(len(o) == 2 and o[0] == "seat" for o in options(s))
    answer(s, ("seat", 2))
    assert [len(p.deck) for p in s.players] == [0, 0, 1]


def test_MF88_a_card_that_trashes_itself_stops_there():
    s = position(hands={0: ["money", "waste"]}, turned=True)
    run_card(s, 0, "power")  # Trash up to 2 cards
    answer(s, ("play", uid_of(s, 0, "power")))
    assert kind(s) is None and s.players[0].hand == ["money", "waste"] and s.players[0].trash == ["power"]


def test_MF89_multi_card_effects_run_through_then_trigger_once_per_card():
    s = position(play={0: ["shallow_grave"]}, decks={0: ["riches", "money", "waste", "waste"]})
    run_card(s, 0, "turn_the_sod")  # Discard the top 2 of your Draw Deck (Clay: Gain 1 each; Grave: Draw 1 each)
    kinds = [e["type"] for e in s.trace]
    assert kinds[:2] == ["discard", "discard"]  # both Discards before any trigger
    p = s.players[0]
    # the two triggered Draws came before Turn the Sod's own Draw 1 (which reshuffled the two Wastes)
    assert p.coins == 2 and p.hand == ["money", "riches", "waste"] and p.deck == ["waste"]


def test_MF90_each_copy_of_a_triggered_card_resolves():
    s = position(("cot", "clay"), hands={0: ["waste"]}, play={0: ["rafters", "rafters", "rafters"]}, turned=True)
    run_card(s, 0, "bricks")  # Set up to 1 card: three Rafters each "When you Set a card, Gain 1"
    answer(s, ("set", "waste", uid_of(s, 0, "rafters")))
    assert s.players[0].coins == 3


def test_MF91_one_event_many_cards_but_one_payment_one_spend():
    s = position(hands={0: ["money", "waste"]}, play={0: ["shallow_grave"]}, decks={0: DECK})
    run_card(s, 0, "ferrymans_toll")  # Gain 2. Discard 1: fires Clay's Gain 1 and the Grave's Draw 1
    answer(s, ("card", "waste"))
    assert s.players[0].coins == 3 and len(s.players[0].hand) == 2
    s = position(("cot", "clay"), stack="round", hands={0: ["waste", "money"], 1: ["money"]},
                 play={0: ["mortar", "mortar"]}, decks={0: DECK, 1: DECK})
    answer(s, ("spend", uid_of(s, 0, "mortar"), 0))
    answer(s, ("card", "waste"))
    assert s.players[0].coins == 1


def test_MF92_the_rule_that_would_cease_first_wins():
    # Words and Names' black ability: "Your retain limit is 2"; Ossuary: "is 3"; Fealty: "is 2"
    s = position(("words", "clay"), play={0: ["ossuary", "fealty"]}, settled={(0, 0): ["waste"]})
    assert retain_limit(s, 0) == 2  # Fealty (no Settled card) beats Ossuary (Settled)
    s.players[0].play.pop()
    s.players[0].uids.pop()
    s.players[0].settled.pop()
    assert retain_limit(s, 0) == 3  # a card in play beats the character
    s.players[0].play.clear()
    s.players[0].uids.clear()
    s.players[0].settled.clear()
    assert retain_limit(s, 0) == 2  # the character beats the main rules
    assert retain_limit(position(("clay", "words")), 0) == 1  # the main rules


def test_MF93_cards_leaving_together_go_in_the_owners_order():
    s = position(("clay", "words"), play={0: ["fealty", "ossuary"]})
    assert retain_limit(s, 0) == 2  # Fealty, played first, would leave first by default
    s = position(("clay", "words"), play={0: ["ossuary", "fealty"]})
    assert retain_limit(s, 0) == 3
    s = position(stack="reset", play={0: ["fealty", "ossuary"]}, decks={0: DECK, 1: DECK})
    assert kind(s) == "order"
    answer(s, ("first", "ossuary"))
    assert s.players[0].discard == ["ossuary", "fealty"]


def _both_built(rules=2, hand=("bury", "money", "rise_up", "waste")):
    """Clay and Bones at Reset step 2 with Fealty ("Your retain limit is 2") and Ossuary ("... is 3") in play,
    one Settled card on each: they would leave play in the same step, the next Round's step 1."""
    return position(("clay", "words"), stack="reset", hands={0: list(hand)}, play={0: ["fealty", "ossuary"]},
                    settled={(0, 0): ["waste"], (0, 1): ["waste"]}, decks={0: DECK, 1: DECK}, rules=rules)


def test_MF93_the_owner_chooses_which_retain_limit_takes_precedence():
    s = _both_built()
    assert kind(s) == "precedence" and s.decisions[0].seat == 0
    assert options(s) == [("precedence", "fealty"), ("precedence", "ossuary")]
    assert "Fealty says 2" in s.decisions[0].prompt and "Ossuary says 3" in s.decisions[0].prompt
    texts = G.view(s, 0)["decisions"][0]["texts"]
    assert texts == ["Fealty takes precedence: retain limit 2", "Ossuary takes precedence: retain limit 3"]
    answer(s, ("precedence", "ossuary"))
    assert kind(s) == "retain" and s.stack[-1][4] == 3
    events = [e for card in ("bury", "rise_up", "money") for e in answer(s, ("keep", card))]
    assert {"type": "retain", "seat": 0, "n": 3} in events  # three kept: Ossuary's limit
    assert s.players[0].discard[0] == "waste"  # the fourth card went
    s = _both_built()
    answer(s, ("precedence", "fealty"))
    answer(s, ("keep", "bury"))
    events = answer(s, ("keep", "rise_up"))
    assert {"type": "retain", "seat": 0, "n": 2} in events  # Fealty's two


def test_MF93_asked_only_when_the_choice_matters():
    # a hand that either limit keeps whole
    s = _both_built(hand=("bury", "money"))
    assert kind(s) == "retain"
    # a card that would cease to apply sooner decides alone (MF92): Fealty with fewer Settled cards
    s = position(("clay", "words"), stack="reset", hands={0: ["bury", "money", "rise_up", "waste"]},
                 play={0: ["fealty", "ossuary"]}, settled={(0, 0): ["waste"], (0, 1): ["waste", "money"]},
                 decks={0: DECK, 1: DECK})
    assert kind(s) == "retain" and s.stack[-1][4] == 2
    # two copies of one card agree
    s = position(("clay", "words"), stack="reset", hands={0: ["bury", "money", "rise_up", "waste"]},
                 play={0: ["fealty", "fealty"]}, settled={(0, 0): ["waste"], (0, 1): ["waste"]},
                 decks={0: DECK, 1: DECK})
    assert kind(s) == "retain"


def test_MF93_a_moonflight_1_game_keeps_the_play_order_it_was_played_under():
    s = _both_built(rules=1)
    assert kind(s) == "retain" and s.stack[-1][4] == 2  # Fealty, played first


def test_MF93_the_safe_action_and_every_bot_take_the_higher_limit():
    from moontable.bots import make_bot
    from moontable.games.moonflight.safe import safe_action

    s = _both_built()
    d = s.decisions[0]
    assert safe_action(s, d) == ("precedence", "ossuary")
    for level in ("heuristic", "ai-card", "ismcts:iterations=16"):
        assert make_bot(level, G, 0, seed=1).choose(G.view(s, 0), d) == ("precedence", "ossuary"), level
    assert make_bot("random", G, 0, seed=1).choose(G.view(s, 0), d) in d.options


def test_MF94_a_bare_number_counts_cards():
    s = position(hands={0: ["money", "money", "waste"]}, coins={0: 3}, turned=True)
    run_card(s, 0, "power")  # Trash up to 2 (cards)
    answer(s, ("card", "money"))
    answer(s, ("card", "waste"))
    assert s.players[0].trash == ["money", "waste"] and s.players[0].coins == 3


def test_MF95_trashes_count_as_moves_for_move_triggers():
    s = position(hands={0: ["waste"]}, play={0: ["shallow_grave"]}, turned=True)
    run_card(s, 0, "quill")  # Draw 1 (nothing). Trash 1 card from your hand: a Trash is a Move to the Trash Stack
    assert s.players[0].trash == ["waste"] and s.players[0].coins == 1


def test_MF96_reset_steps_1_2_6_are_moves_not_discards():
    s = position(stack="reset", hands={0: ["money", "waste"]}, play={0: ["money", "power"]},
                 settled={(0, 1): ["waste"]}, decks={0: DECK, 1: DECK})
    until(s, lambda s: s.round == 2)
    assert s.players[0].coins == 0  # Clay and Bones gains only on a Discard


def test_MF97_a_purchase_by_an_effect_is_a_purchase():
    s = position(("bond", "clay"), markets={5: ["ledger"], 6: ["golden_bond"], 7: ["coffer"]})
    run_card(s, 0, "landlord")  # Purchase a card of your suit costing 3 or less (Bond: when you Purchase, Gain 1)
    assert s.players[0].discard == ["ledger"] and s.players[0].coins == 1 and s.bank == 39


def test_MF98_a_set_card_is_face_down_and_settled():
    s = position(("cot", "clay"), hands={0: ["riches"]}, play={0: ["rafters"]}, turned=True)
    run_card(s, 0, "bricks")
    events = answer(s, ("set", "riches", uid_of(s, 0, "rafters")))
    assert s.players[0].settled[0] == ["riches"]
    assert view(s, 1)["players"][0]["play"][0]["settled"] is None
    assert view(s, 0)["players"][0]["play"][0]["settled"] == ["riches"]
    assert [e for e in G.events_for(events, 1) if e["type"] == "set"] == [
        {"type": "set", "seat": 0, "uid": uid_of(s, 0, "rafters"), "onto": "rafters", "why": "effect"}]


def test_MF99_nothing_is_ever_set_onto_stability_dash():
    s = position(("cot", "clay"), hands={0: ["waste"]}, play={0: ["money", "wealth"]}, turned=True)
    run_card(s, 0, "bricks")  # its own Stability is 2: the only target
    assert {o[2] for o in options(s) if o[0] == "set"} == {uid_of(s, 0, "bricks")}


def test_MF100_settled_cards_on_a_dash_card_leave_at_once():
    s = position(play={0: ["power"]}, settled={(0, 0): ["waste", "money"]})  # Power: Stability 1, then –
    do_turn(s, "test")
    assert s.players[0].settled == [[]] and sorted(s.players[0].discard) == ["money", "waste"]


def test_MF101_settled_cards_with_nothing_beneath_go_to_discard():
    s = position(hands={0: []}, play={0: ["ossuary"]}, settled={(0, 0): ["waste"]})
    run_card(s, 0, "take_it_with_you")
    answer(s, ("play", uid_of(s, 0, "ossuary")))
    assert s.players[0].discard == ["waste"] and s.players[0].trash == ["ossuary"]


def test_MF102_stability_caps_only_build():
    s = position(("cot", "clay"), hands={0: ["waste"]}, play={0: ["hearth"]}, settled={(0, 0): ["money"]},
                 turned=True)
    run_card(s, 0, "bricks")  # Hearth (Stability 1) already holds one: an effect may still Set onto it
    hearth = uid_of(s, 0, "hearth")
    answer(s, ("set", "waste", hearth))
    assert s.players[0].settled[0] == ["money", "waste"]


def test_MF103_discard_by_default_from_your_own_hand():
    s = position(hands={0: ["money"], 1: ["bury"]}, play={0: ["power"]}, decks={0: ["riches", "waste"]})
    run_card(s, 0, "index")  # Draw 2. Discard 1.
    assert options(s) == [("card", "money"), ("card", "riches"), ("card", "waste")]


def test_MF104_trash_by_default_from_your_hand_or_play():
    s = position(hands={0: ["money"], 1: ["waste"]}, play={0: ["ossuary"]})
    run_card(s, 0, "take_it_with_you")
    assert set(options(s)) == {("card", "money"), ("play", uid_of(s, 0, "ossuary")),
                               ("play", uid_of(s, 0, "take_it_with_you"))}


def test_MF105_draw_by_default_the_top_of_your_own_deck():
    s = position(decks={0: ["waste", "riches"], 1: ["opulence"]})
    run_card(s, 0, "beam")  # Draw 1 card
    assert s.players[0].hand == ["riches"] and s.players[1].deck == ["opulence"]


def test_MF106_deal_as_evenly_as_possible_with_the_dealers_choice():
    s = position(("bond", "clay"), supply={"bond": ["loan"] * 6})
    run_card(s, 0, "ledger")  # Deal 1: any one of the three
    assert kind(s) == "deal" and options(s) == [("market", 5), ("market", 6), ("market", 7)]
    answer(s, ("market", 7))
    assert [len(s.markets[m]) for m in (5, 6, 7)] == [1, 1, 2]
    run_card(s, 0, "market_crash")  # Deal 3: one each, no choice
    assert kind(s) is None and [len(s.markets[m]) for m in (5, 6, 7)] == [2, 2, 3]
    s = position(("bond", "clay"), supply={"bond": ["loan"] * 6})
    from mf_helpers import Script

    from moontable.games.moonflight.game import settle

    s.stack.append(["deal", 0, 4, 0, 0, 0])  # Deal 4: 2-1-1, the dealer picks the 2
    settle(s, Script())
    assert [len(s.markets[m]) for m in (5, 6, 7)] == [2, 2, 2] and kind(s) == "deal"
    answer(s, ("market", 6))
    assert [len(s.markets[m]) for m in (5, 6, 7)] == [2, 3, 2]


def test_MF107_as_fully_as_possible():
    s = position(decks={0: ["money", "waste"]})
    run_card(s, 0, "anthology")  # Draw 3 with two cards
    assert s.players[0].hand == ["money", "waste"] and kind(s) is None


def test_MF108_cards_with_no_effect_can_be_played():
    s = position(stack="round", hands={0: ["waste"], 1: ["money"]}, decks={0: DECK, 1: DECK})
    assert ("play", "waste") in options(s)
    answer(s, ("play", "waste"))
    assert s.players[0].play == ["waste"]


def test_MF109_an_unmet_if_skips_only_its_instruction():
    s = position(hands={0: ["money", "waste"]}, decks={0: ["riches"]}, turned=True)
    run_card(s, 0, "footnote")  # If exactly 1 card in hand, Trash it. Draw 1.
    assert s.players[0].trash == [] and s.players[0].hand == ["money", "riches", "waste"]
    s = position(hands={0: ["waste"]}, decks={0: ["riches"]}, turned=True)
    run_card(s, 0, "footnote")
    assert s.players[0].trash == ["waste"] and s.players[0].hand == ["riches"]


def test_MF110_a_card_is_played_for_what_can_resolve():
    s = position(hands={0: []}, decks={0: ["money", "waste"]})
    run_card(s, 0, "bury")  # Discard 1 (nothing in hand). Draw 2.
    assert s.players[0].hand == ["money", "waste"]


def test_MF111_a_blocked_card_goes_back_face_down():
    s = position(decks={0: ["money", "take_it_with_you"]}, turned=True)
    run_card(s, 0, "bury")  # Trash the top card of your Draw Deck (guarded) ... Draw 1
    assert s.players[0].trash == [] and s.players[0].hand == ["take_it_with_you"]
    assert any(e["type"] == "blocked" for e in s.trace)


def test_MF112_a_blocked_instruction_is_abandoned():
    s = position(decks={0: ["waste", "money", "take_it_with_you"]}, turned=True)
    run_card(s, 0, "turn_the_sod")  # Trash the top 2: blocked on the first, nothing is Trashed
    assert s.players[0].trash == [] and s.players[0].deck == ["waste", "money", "take_it_with_you"]


def test_MF113_face_up_and_face_down_zones():
    s = position(hands={0: ["money"]}, decks={0: ["waste"]}, discards={0: ["riches"]}, trash={0: ["power"]},
                 play={0: ["ossuary"]}, settled={(0, 0): ["money"]})
    v = view(s, 1)["players"][0]
    assert v["discard"] == ["riches"] and v["trash"] == ["power"]
    assert v["deck_count"] == 1 and v["hand"] is None and v["play"][0]["settled"] is None
    assert view(s, 1)["markets"][0]["cards"] == s.markets[0]
    assert "cards" in view(s, 1)["supply"]["clay"] and view(s, 1)["supply"]["clay"]["cards"] == sorted(
        s.supply["clay"])
    assert run_spend is not None and fire is not None
