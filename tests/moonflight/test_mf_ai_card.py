"""The ai-card bot follows its Jack's AI card (rulebook "Following AI Card Instructions", MF124-MF128
have their own tests), sees only its seat's view, and AI games end by the rules."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from mf_helpers import G, answer, kind, options, position, uid_of

from moontable.bots import BOT_LEVELS, make_bot
from moontable.fair import RandomChance
from moontable.games import get_game
from moontable.games.moonflight.content import JACK_ORDER, JACKS

DECK = ["money"] * 8


def choice(s, seat=None):
    d = s.decisions[0]
    bot = make_bot("ai-card", G, d.seat if seat is None else seat, seed=1)
    return bot.choose(json.loads(json.dumps(G.view(s, d.seat))), d)  # the view as JSON gives it


def play_ai(jacks, seed):
    chance = RandomChance(random.Random(seed))
    s = G.new_state({"seats": len(jacks), "jacks": list(jacks)}, chance)
    bots = [make_bot("ai-card", G, i, seed=seed) for i in range(len(jacks))]
    acts = []
    while G.result(s) is None:
        d = G.pending(s)[0]
        view = G.view(s, d.seat)
        a = bots[d.seat].choose(view, d)
        if d.kind == "act":
            acts.append((view, d, a))
        G.apply(s, d.seat, a, chance)
    return s, acts


def test_ai_card_is_a_bot_level_for_moonflight_only():
    assert "ai-card" in BOT_LEVELS
    with pytest.raises(ValueError, match="only Moonflight"):
        make_bot("ai-card", get_game("courts"), 0)


@pytest.mark.parametrize("pair", list(itertools.permutations(JACK_ORDER, 2)))
def test_ai_games_end_by_the_rules_for_every_pair_of_jacks(pair):
    for seed in range(3):
        s, _ = play_ai(pair, seed)
        assert s.reason == "end"


@pytest.mark.parametrize("n", [3, 4])
def test_ai_games_end_at_three_and_four_seats(n):
    for seed in range(4):
        s, _ = play_ai(JACK_ORDER[:n], seed)
        assert s.reason == "end"


def test_no_play_line_above_the_chosen_one_could_be_followed():
    for jacks in (("clay", "words"), ("cot", "bond")):
        for seed in range(3):
            _s, acts = play_ai(jacks, seed)
            for view, d, action in acts:
                me = view["players"][d.seat]
                lines = JACKS[me["jack"]].ai.white if view["turned"] else JACKS[me["jack"]].ai.black
                for line in lines:
                    if line[0] == "play" and any(("play", c) in d.options for c in line[1]):
                        first = next(c for c in line[1] if ("play", c) in d.options)
                        assert action == ("play", first)  # MF124, MF126
                        break
                    if line[0] == "play" or line[0] == "pass":
                        continue
                    break  # a shop, build or spend line: followed or not, the earlier plays were not possible


def test_ai_plays_then_shops_then_builds_then_passes():
    s = position(stack="round", hands={0: ["money", "waste"], 1: ["money"]}, decks={0: DECK, 1: DECK},
                 play={0: ["power"]}, coins={0: 0}, markets={5: [], 6: [], 7: []})
    assert choice(s) == ("play", "money")
    answer(s, ("play", "money"))
    answer(s, ("pass",))
    assert choice(s) == ("build",)  # nothing listed to shop for at 1 coin: Build, Setting Waste
    answer(s, ("build",))
    assert choice(s, 0) == ("set", "waste", uid_of(s, 0, "power"))
    answer(s, ("set", "waste", uid_of(s, 0, "power")))
    assert s.decisions[0].seat == 1
    s = position(stack="round", hands={0: ["lesson"], 1: ["money"]}, decks={0: DECK, 1: DECK})
    assert choice(s) == ("pass",)  # nothing on its card can be followed


def test_ai_shops_form_2_for_more_of_its_list():
    s = position(stack="round", hands={0: [], 1: ["money"]}, decks={0: [], 1: DECK}, coins={0: 5},
                 markets={5: ["bone_dice", "bury"], 6: ["rise_up"], 7: []})
    assert choice(s) == ("shop", 5)  # Bury is on the list, Rise Up is not
    answer(s, ("shop", 5))
    assert kind(s) == "shop_more" and choice(s) == ("shop", 5)  # Bone Dice, uncovered


def test_ai_spends_with_nonscoring_cards_only_unless_trimming():
    s = position(("cot", "clay"), stack="round", hands={0: ["riches"], 1: ["money"]}, play={0: ["mortar"]},
                 decks={0: DECK, 1: DECK})
    assert choice(s) == ("pass",) or choice(s)[0] == "play"  # Riches scores: Mortar's Spend is not followed
    s = position(("cot", "clay"), stack="round", hands={0: ["waste"], 1: ["money"]}, play={0: ["mortar"]},
                 decks={0: DECK, 1: DECK})
    assert ("spend", uid_of(s, 0, "mortar"), 0) in options(s)


def test_ai_trims_after_the_turn_when_it_owns_more_than_its_hand_limit():
    s = position(("words", "clay"), stack="round", hands={0: ["riches", "opulence", "wealth"], 1: ["money"]},
                 decks={0: ["riches", "fealty", "wealth", "lesson"], 1: DECK}, turned=True)
    action = choice(s)
    assert action == ("spend", -1, 0)  # Words' white ability: Spend 1 card: Trash 1 card from your hand
    answer(s, action)
    assert choice(s) == ("card", "wealth")  # pays with the lowest scoring card
    answer(s, ("card", "wealth"))
    assert choice(s) == ("card", "riches")  # and trashes the next lowest


def test_ai_pushes_the_worst_card_onto_the_next_player():
    s = position(("bond", "clay"), markets={0: ["power"], 4: ["opulence"]}, turned=True)
    from mf_helpers import run_card

    run_card(s, 0, "broker")
    worst = choice(s)
    assert worst == ("market", 5) and s.markets[5][-1] == "loan"  # a Debt (-1) is the lowest scoring top
    answer(s, worst)
    assert choice(s) == ("seat", 1)
