"""The Harvest cards: shuffled in at turn 8, ids 79-100.

The end of the year (turns 8-10): points, consolidation, last pushes into the home reaches and the
Highwold. No Fairs. The courts mirror each other card for card (same strength, similar power,
different flavour):

    Moon                           Sun
    79 Gleaners at Dusk       1    80 Hay-Wain Errand          1   a card back / draw 2, let 1 go
    81 Mist-Spies ...         2*   82 Tallymen of Noon         2*  the other hand
    83 Night-Heron Wardens    2*   84 The First Sheaf          2*  home defence / flank + flag
    85 Marsh Fog              2*   86 Sun-Kite Sweep           2*  home defence: bar / remove
    87 Border Lanterns        3*   88 Hearth Tithe             3*  points: frontier / towns held
    89 Night-Tide Raiders     3    90 Sunburnt Reapers         3   pushes into the other home
    91 Ebb Tide Edict         3*   92 Harvest Home Feast       3*  cancel / needs the flag
    93 Eclipse Moot           4*   94 Harvest Noon             4*  Truce + points / strength

Either court: 95 The Harvest Bell (2*), 96 Hushed Lanterns (3), 97 Keystone Reckoning (4),
98 The Reaping Moot (4*).
"""

from moontable.games.courts.board import SUN_GATE
from moontable.games.courts.cards import Card

FIRST_SHEAF = "first_sheaf"  # set by 84, needed by 92

CARDS: tuple[Card, ...] = (
    # -- 1: card handling ---------------------------------------------------------------------
    Card(
        79, "Gleaners at Dusk", "harvest", "moon", 1, False,
        "The Moon may take a Moon card from the discard pile into its hand.",
        (("retrieve", {"court": "self"}),),
    ),
    Card(
        80, "Hay-Wain Errand", "harvest", "sun", 1, False,
        "The Sun draws 2 cards, then lets one card of its hand go (not a Fair).",
        (("draw", {"n": 2}), ("let_go", {"optional": False, "no_fair": True})),
    ),
    # -- 2: the other court's hand ------------------------------------------------------------
    Card(
        81, "Mist-Spies in the Granary", "harvest", "moon", 2, True,
        "The Sun shows its hand until the turn ends, then discards one of its Sun cards at random.",
        (("reveal", {"who": "foe"}), ("discard", {"who": "foe", "n": 1, "court": "foe"})),
    ),
    Card(
        82, "Tallymen of Noon", "harvest", "sun", 2, True,
        "The Moon discards a card of strength 3 or more at random, if it has one.",
        (("discard", {"who": "foe", "n": 1, "min": 3}),),
    ),
    # -- 2: home reaches and flanks -------------------------------------------------------------
    Card(
        83, "Night-Heron Wardens", "harvest", "moon", 2, True,
        "If the Sun has sway in the Saltmarsh, place 3 Moon sway in Saltmarsh towns with Sun sway, at most "
        "2 per town; otherwise the Moon gains one more move this turn.",
        (
            ("if", {
                "cond": {"if": "sway_in", "who": "foe", "reach": "saltmarsh", "n": 1},
                "then": (("place", {"n": 3, "reach": "saltmarsh", "where": "foe", "cap": 2}),),
                "else": (("moves", {"n": 1}),),
            }),
        ),
    ),
    Card(
        84, "The First Sheaf", "harvest", "sun", 2, True,
        "Place 2 Sun sway in Emberdale towns with no sway, at most 1 per town. The Sun has brought in the "
        "First Sheaf (Harvest Home Feast needs it).",
        (
            ("place", {"n": 2, "reach": "emberdale", "where": "empty", "cap": 1}),
            ("lasting", {"kind": "flag", "life": "game", "a": FIRST_SHEAF}),
        ),
    ),
    Card(
        85, "Marsh Fog", "harvest", "moon", 2, True,
        "This turn the Sun may not upset or persuade in the Saltmarsh, nor place sway there with strength.",
        (("lasting", {"kind": "bar", "who": "foe", "life": "turn", "a": "all", "b": "saltmarsh"}),),
    ),
    Card(
        86, "Sun-Kite Sweep", "harvest", "sun", 2, True,
        "Remove 2 Moon sway from towns next to the Sun's gate, at most 1 per town. Add 1 to the Sun's vigil "
        "this turn.",
        (("remove", {"n": 2, "towns": SUN_GATE, "cap": 1}), ("vigil", {"n": 1})),
    ),
    # -- 3: points ----------------------------------------------------------------------------------
    Card(
        87, "Border Lanterns", "harvest", "moon", 3, True,
        "The Moon gains 1 point for each town it holds next to a town the Sun holds, at most 3.",
        (("points_per", {"count": "neighbours_held", "max": 3}),),
    ),
    Card(
        88, "Hearth Tithe", "harvest", "sun", 3, True,
        "The Sun gains 1 point for every four towns it holds, at most 3.",
        (("points_per", {"count": "held", "per": 4, "max": 3}),),
    ),
    # -- 3: last pushes into the other court's home ---------------------------------------------------
    Card(
        89, "Night-Tide Raiders", "harvest", "moon", 3, False,
        "The Moon uses 3 strength to upset or persuade in the Farrow Isles, as with a card.",
        (("free", {"n": 3, "uses": ("upset", "persuade"), "reach": "farrow"}),),
    ),
    Card(
        90, "Sunburnt Reapers", "harvest", "sun", 3, False,
        "The Sun makes an upset at strength 4 in a Saltmarsh town that is not a keystone.",
        (("upset", {"n": 4, "reach": "saltmarsh", "where": "plain"}),),
    ),
    # -- 3: the flag and its counter ----------------------------------------------------------------
    Card(
        91, "Ebb Tide Edict", "harvest", "moon", 3, True,
        "Remove 2 Sun sway from keystones, at most 1 per town. Harvest Home Feast cannot happen for the "
        "rest of the game.",
        (
            ("remove", {"n": 2, "where": "keystone", "cap": 1}),
            ("lasting", {"kind": "cancel", "life": "game", "a": 92}),
        ),
    ),
    Card(
        92, "Harvest Home Feast", "harvest", "sun", 3, True,
        "Only after the First Sheaf. The Sun gains 2 points, and 2 more if it holds a keystone in the "
        "Highwold.",
        (
            ("points", {"n": 2}),
            ("if", {
                "cond": {"if": "held_in", "reach": "highwold", "n": 1, "keystones": True},
                "then": (("points", {"n": 2}),),
            }),
        ),
        requires={"if": "flag", "name": FIRST_SHEAF},
    ),
    # -- 4 ----------------------------------------------------------------------------------------
    Card(
        93, "Eclipse Moot", "harvest", "moon", 4, True,
        "Light a candle of the Truce. The Moon gains 1 point for each town it holds in the Highwold, "
        "at most 3.",
        (("truce", {"delta": 1}), ("points_per", {"count": "held", "reach": "highwold", "max": 3})),
    ),
    Card(
        94, "Harvest Noon", "harvest", "sun", 4, True,
        "This turn the Sun's cards have 1 more strength (at most 4). The Sun draws a card.",
        (("lasting", {"kind": "strength", "life": "turn", "a": 1}), ("draw", {"n": 1})),
    ),
    # -- either court -----------------------------------------------------------------------------
    Card(
        95, "The Harvest Bell", "harvest", "either", 2, True,
        "If you hold the Moot Bell, it turns face up and you gain 1 point; otherwise it comes to you "
        "face down.",
        (
            ("if", {
                "cond": {"if": "bell"},
                "then": (("bell", {"up": True}), ("points", {"n": 1})),
                "else": (("bell", {"up": False}),),
            }),
        ),
    ),
    Card(
        96, "Hushed Lanterns", "harvest", "either", 3, False,
        "This turn you add 1 to your persuade rolls. Make 2 persuade tries in towns the other court holds.",
        (
            ("lasting", {"kind": "roll", "life": "turn", "a": "persuade", "b": 1}),
            ("persuade", {"n": 2, "where": "foe_held"}),
        ),
    ),
    Card(
        97, "Keystone Reckoning", "harvest", "either", 4, False,
        "Gain 1 point for each keystone you hold, at most 3.",
        (("points_per", {"count": "keystones", "max": 3}),),
    ),
    Card(
        98, "The Reaping Moot", "harvest", "either", 4, True,
        "Choose one: an upset at strength 4 in the Highwold, or one step up the Star Road with its reward.",
        (
            ("choose", {"options": (
                ("an upset at strength 4 in the Highwold", (("upset", {"n": 4, "reach": "highwold"}),)),
                ("one step up the Star Road", (("road", {}),)),
            )}),
        ),
    ),
)
