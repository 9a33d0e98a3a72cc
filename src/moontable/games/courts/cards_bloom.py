"""The Bloom cards: shuffled in at turn 4, ids 37-76.

The middle of the year: the two flanks open up (the Glasswater lies by the Moon's gate, the
Emberdale by the Sun's) and the Star Road starts to pay. Each Moon card has a Sun counterpart of
about the same strength and power (ids in pairs: 40/41, 42/43, ... 75/76, with the either-court
cards 44, 55-57 and 68-70 between them); flank cards mirror each other across the map (the Moon
works the Glasswater, the Sun the Emberdale).

Built only from the vocabulary in `docs/card-vocabulary.md`; no named steps are needed.
"""

from typing import Any

from moontable.games.courts.board import MOON_GATE, SUN_GATE
from moontable.games.courts.cards import Card, Step, fair

B = "bloom"

# The two flags of the Bloom (set by 49 and 50, required by 58 and 59).
TIDEBOUND_OATH = "tidebound_oath"
SUNFORGED_PACT = "sunforged_pact"


def _turn(kind: str, who: str, a: Any, b: Any = None) -> Step:
    return ("lasting", {"kind": kind, "who": who, "life": "turn", "a": a, "b": b})


def _game(kind: str, who: str, a: Any, b: Any = None) -> Step:
    return ("lasting", {"kind": kind, "who": who, "life": "game", "a": a, "b": b})


CARDS: tuple[Card, ...] = (
    fair(37, "Glasswater Fair", B, "glasswater", "Score the Glasswater."),
    fair(38, "Emberdale Fair", B, "emberdale", "Score the Emberdale."),
    fair(39, "Midsummer Fair", B, "highwold", "Score the Highwold. Hold of the Highwold wins the game."),
    # -- strength 1 --------------------------------------------------------------------------------
    Card(40, "Heron Scouts", B, "moon", 1, False,
         "The Sun shows its hand until the turn ends. Add 1 to the Moon's vigil.",
         (("reveal", {"who": "foe"}), ("vigil", {"n": 1}))),
    Card(41, "Noon Drummers", B, "sun", 1, False,
         "Add 1 to the Sun's vigil. The Sun may let one card go and draw one in its place.",
         (("vigil", {"n": 1}), ("let_go", {"draw": True}))),
    Card(42, "Reed Ferrymen", B, "moon", 1, True,
         "Place 2 Moon sway in Glasswater towns open to the Moon, at most 1 per town.",
         (("place", {"n": 2, "reach": "glasswater", "where": "open", "cap": 1}),)),
    Card(43, "Bellows Boys", B, "sun", 1, True,
         "Remove 2 Moon sway from the Emberdale, at most 1 per town.",
         (("remove", {"n": 2, "reach": "emberdale", "cap": 1}),)),
    Card(44, "Comet Almanac", B, "either", 1, False,
         "Your Star Road rolls count 1 lower for the rest of the turn. Draw 1 card.",
         (_turn("roll", "self", "road", 1), ("draw", {"n": 1}))),
    # -- strength 2 --------------------------------------------------------------------------------
    Card(45, "Silver Tithe", B, "moon", 2, True,
         "The Moon gains 1 point, and 1 more per keystone it holds in the Glasswater.",
         (("points", {"n": 1}), ("points_per", {"count": "keystones", "reach": "glasswater"}))),
    Card(46, "Forge Dues", B, "sun", 2, True,
         "The Sun gains 1 point per town it holds in the Emberdale, at most 2.",
         (("points_per", {"count": "held", "reach": "emberdale", "max": 2}),)),
    Card(47, "Moonlit Parley", B, "moon", 2, False,
         "This turn the Moon adds 1 to its roll when it persuades. Make 3 free persuade tries in the "
         "Glasswater, then place 1 Moon sway in a Glasswater town without Sun sway.",
         (_turn("roll", "self", "persuade", 1), ("persuade", {"n": 3, "reach": "glasswater"}),
          ("place", {"n": 1, "reach": "glasswater", "where": "no_foe"}))),
    Card(48, "Ember Raiders", B, "sun", 3, False,
         "Upset a town in the Emberdale that is not a keystone, at strength 3.",
         (("upset", {"n": 3, "reach": "emberdale", "where": "plain"}),)),
    Card(49, "Tidebound Oath", B, "moon", 2, True,
         "Place 2 Moon sway in the Saltmarsh, at most 1 per town. "
         "The Moon is bound by the Tidebound Oath for the rest of the game.",
         (("place", {"n": 2, "reach": "saltmarsh", "cap": 1}), _game("flag", "self", TIDEBOUND_OATH))),
    Card(50, "Sunforged Pact", B, "sun", 2, True,
         "Place 2 Sun sway in the Farrow Isles, at most 1 per town. "
         "The Sun is bound by the Sunforged Pact for the rest of the game.",
         (("place", {"n": 2, "reach": "farrow", "cap": 1}), _game("flag", "self", SUNFORGED_PACT))),
    Card(51, "Mist on the Meres", B, "moon", 2, False,
         "Place 1 Moon sway in a Glasswater town without Sun sway. "
         "This turn the Sun may not upset or persuade in the Glasswater.",
         (("place", {"n": 1, "reach": "glasswater", "where": "no_foe"}),
          _turn("bar", "foe", "upset", "glasswater"), _turn("bar", "foe", "persuade", "glasswater"))),
    Card(52, "Smoke over the Forges", B, "sun", 2, False,
         "Remove 1 Moon sway from the Emberdale. This turn the Moon may not place sway there with strength.",
         (("remove", {"n": 1, "reach": "emberdale"}), _turn("bar", "foe", "place", "emberdale"))),
    Card(53, "Cutpurse Tide", B, "moon", 2, True,
         "The Sun discards 1 card at random (not a Fair). "
         "The Moon may take a card of strength 1 or 2 from the discard pile.",
         (("discard", {"who": "foe", "n": 1, "no_fair": True}), ("retrieve", {"min": 1, "max": 2}))),
    Card(54, "Sunlit Audit", B, "sun", 2, True,
         "The Moon shows its hand until the turn ends, then discards 1 card at random (not a Fair).",
         (("reveal", {"who": "foe"}), ("discard", {"who": "foe", "n": 1, "no_fair": True}))),
    Card(55, "Kite Festival", B, "either", 2, True,
         "Only if you are behind on the Star Road: advance one step on it.",
         (("road", {}),),
         requires={"if": "road_behind"}),
    Card(56, "Moot of Lanterns", B, "either", 2, False,
         "Choose: light 1 candle of the Truce; or snuff 1 candle and gain 1 point.",
         (("choose", {"options": (
             ("light", (("truce", {"delta": 1}),)),
             ("snuff", (("truce", {"delta": -1}), ("points", {"n": 1}))),
         )}),)),
    Card(57, "Washed-out Bridges", B, "either", 2, True,
         "The other court makes 1 fewer move this turn.",
         (("moves", {"who": "foe", "n": -1}),)),
    # -- strength 3 --------------------------------------------------------------------------------
    Card(58, "Tide Wardens", B, "moon", 3, True,
         "Only if the Moon is bound by the Tidebound Oath: "
         "place 4 Moon sway in the Glasswater, at most 2 per town.",
         (("place", {"n": 4, "reach": "glasswater", "cap": 2}),),
         requires={"if": "flag", "name": TIDEBOUND_OATH}),
    Card(59, "Pact Smiths", B, "sun", 3, True,
         "Only if the Sun is bound by the Sunforged Pact: "
         "place 3 Sun sway in the Emberdale, at most 2 per town, and gain 1 point.",
         (("place", {"n": 3, "reach": "emberdale", "cap": 2}), ("points", {"n": 1})),
         requires={"if": "flag", "name": SUNFORGED_PACT}),
    Card(60, "Undertow", B, "moon", 3, False,
         "Remove 3 Sun sway from the Glasswater, at most 2 per town.",
         (("remove", {"n": 3, "reach": "glasswater", "cap": 2}),)),
    Card(61, "Ashfall", B, "sun", 3, False,
         "Upset a town in the Emberdale at strength 3, or at strength 4 if the Sun holds Brandhearth "
         "or Kilnstead.",
         (("if", {"cond": {"if": "holds", "towns": ("brandhearth", "kilnstead")},
                  "then": (("upset", {"n": 4, "reach": "emberdale"}),),
                  "else": (("upset", {"n": 3, "reach": "emberdale"}),)}),)),
    Card(62, "Moonrise Moot", B, "moon", 3, False,
         "Only if the Moon holds a town in the Highwold: "
         "use 3 free strength in the Highwold to place, upset or persuade.",
         (("free", {"n": 3, "reach": "highwold"}),),
         requires={"if": "held_in", "reach": "highwold", "n": 1}),
    Card(63, "Midsummer Bonfires", B, "sun", 3, False,
         "Place 3 Sun sway in Highwold towns open to the Sun, at most 1 per town. "
         "Then, if the Sun holds Crownmoor, it gains 1 point.",
         (("place", {"n": 3, "reach": "highwold", "where": "open", "cap": 1}),
          ("if", {"cond": {"if": "holds", "towns": ("crownmoor",)}, "then": (("points", {"n": 1}),)}))),
    Card(64, "Quenching Rains", B, "moon", 3, True,
         "Ember Raiders and Ashfall can no longer happen. "
         "Place 2 Moon sway in the Emberdale, at most 1 per town.",
         (_game("cancel", "both", 48), _game("cancel", "both", 61),
          ("place", {"n": 2, "reach": "emberdale", "cap": 1}))),
    Card(65, "Drying Winds", B, "sun", 3, True,
         "Moonlit Parley and Undertow can no longer happen. "
         "Place 2 Sun sway in the Glasswater, at most 1 per town.",
         (_game("cancel", "both", 47), _game("cancel", "both", 60),
          ("place", {"n": 2, "reach": "glasswater", "cap": 1}))),
    Card(66, "High Tide Muster", B, "moon", 3, True,
         "For the rest of the turn, cards the Moon plays for strength have 1 more strength (at most 4).",
         (_turn("strength", "self", 1),)),
    Card(67, "Long Noon", B, "sun", 3, True,
         "For the rest of the turn, cards the Moon plays for strength have 1 less strength (at least 1).",
         (_turn("strength", "foe", -1),)),
    Card(68, "The Bell Thieves", B, "either", 3, True,
         "If the other court holds the Moot Bell, it passes to you face down; otherwise you gain 1 point.",
         (("if", {"cond": {"if": "bell", "who": "foe"},
                  "then": (("bell", {"who": "self", "up": False}),),
                  "else": (("points", {"n": 1}),)}),)),
    Card(69, "Stargazers' Tally", B, "either", 3, True,
         "Gain 1 point for every 2 steps you have reached on the Star Road, at most 3.",
         (("points_per", {"count": "road", "per": 2, "max": 3}),)),
    Card(70, "Heralds' Challenge", B, "either", 3, False,
         "Only if you are behind on points. The other court chooses: you gain 2 points, "
         "or you remove 3 of its sway from the Highwold, at most 1 per town.",
         (("choose", {"chooser": "foe", "options": (
             ("points", (("points", {"n": 2}),)),
             ("sway", (("remove", {"n": 3, "reach": "highwold", "cap": 1}),)),
         )}),),
         requires={"if": "behind"}),
    # -- strength 4 --------------------------------------------------------------------------------
    Card(71, "Great Tide", B, "moon", 4, True,
         "Remove 2 Sun sway from the Glasswater, then place 3 Moon sway there, at most 2 per town.",
         (("remove", {"n": 2, "reach": "glasswater"}),
          ("place", {"n": 3, "reach": "glasswater", "cap": 2}))),
    Card(72, "Wildfire Summer", B, "sun", 4, True,
         "Upset a town in the Emberdale at strength 3, twice (the same town or another).",
         (("repeat", {"times": 2, "steps": (("upset", {"n": 3, "reach": "emberdale"}),)}),)),
    Card(73, "The Long Night", B, "moon", 4, True,
         "For the rest of the game, the Moon adds 1 to its roll when it persuades, "
         "and the Sun may not persuade in the Saltmarsh.",
         (_game("roll", "self", "persuade", 1), _game("bar", "foe", "persuade", "saltmarsh"))),
    Card(74, "Charter of Noon", B, "sun", 4, True,
         "For the rest of the game, the Sun adds 1 to its upset rolls, "
         "and the Moon may not upset in the Farrow Isles.",
         (_game("roll", "self", "upset", 1), _game("bar", "foe", "upset", "farrow"))),
    Card(75, "Raid on the Sun Gate", B, "moon", 4, True,
         "Place 4 Moon sway in towns next to the Sun's gate, at most 2 per town. "
         "Then the Moon gains 1 point per town it holds next to the Sun's gate.",
         (("place", {"n": 4, "towns": SUN_GATE, "cap": 2}), ("points_per", {"count": "gate_held"}))),
    Card(76, "Sunrise Landing", B, "sun", 4, True,
         "Place 2 Sun sway in towns next to the Moon's gate, at most 1 per town. "
         "Then upset a town next to the Moon's gate at strength 4.",
         (("place", {"n": 2, "towns": MOON_GATE, "cap": 1}), ("upset", {"n": 4, "towns": MOON_GATE}))),
)
