"""The Thaw cards: the start of the year (turns 1-3), ids 1-35.

The early year turns on the Highwold, the Glasswater and the two home reaches. The court cards come
in mirrored pairs of the same strength (the Moon's even id, the Sun's the odd id after it): similar
power, different flavour. Ids 30-35 are either-court cards. Every effect is built from the
vocabulary in `docs/card-vocabulary.md`; none needs a named step.
"""

from moontable.games.courts.cards import Card, fair

# Named facts kept by a lasting "flag" and tested by a card's `requires`.
LANTERN_COMPACT = "lantern_compact"  # set by 10 Lantern Compact, needed by 18 Lantern Procession
KITE_CHARTER = "kite_charter"  # set by 11 Kite Charter, needed by 19 Kite Regatta

CARDS: tuple[Card, ...] = (
    fair(1, "Highwold Fair", "thaw", "highwold", "Score the Highwold. Hold of the Highwold wins the game."),
    fair(2, "Saltmarsh Fair", "thaw", "saltmarsh", "Score the Saltmarsh."),
    fair(3, "Farrow Fair", "thaw", "farrow", "Score the Farrow Isles."),
    # -- strength 1 --------------------------------------------------------------------------------
    Card(4, "Owl Watchers", "thaw", "moon", 1, False,
         "The Sun shows its hand to both courts until the turn ends. Add 1 to the Moon's vigil.",
         (("reveal", {"who": "foe"}), ("vigil", {"n": 1}))),
    Card(5, "Lark Messengers", "thaw", "sun", 1, False,
         "The Sun draws 1 card, then must let one card of its choice go (not a Fair).",
         (("draw", {"n": 1}), ("let_go", {"optional": False, "no_fair": True}))),
    # -- strength 2 --------------------------------------------------------------------------------
    Card(6, "Reedbed Levy", "thaw", "moon", 2, True,
         "Place 3 Moon sway in the Saltmarsh, at most 1 per town.",
         (("place", {"n": 3, "reach": "saltmarsh", "cap": 1}),)),
    Card(7, "Hayfield Levy", "thaw", "sun", 2, True,
         "Place 3 Sun sway in Farrow Isles towns without Moon sway, at most 2 per town.",
         (("place", {"n": 3, "reach": "farrow", "where": "no_foe", "cap": 2}),)),
    Card(8, "Veil of the Meres", "thaw", "moon", 2, True,
         "Remove 2 Sun sway from the Glasswater.",
         (("remove", {"n": 2, "reach": "glasswater"}),)),
    Card(9, "Sunglare", "thaw", "sun", 3, True,
         "Remove 3 Moon sway from the Glasswater, at most 1 per town.",
         (("remove", {"n": 3, "reach": "glasswater", "cap": 1}),)),
    Card(10, "Lantern Compact", "thaw", "moon", 2, True,
         "Place 2 Moon sway in the Glasswater, at most 1 per town. "
         "The Moon keeps the Lantern Compact for the rest of the game (Lantern Procession needs it).",
         (("place", {"n": 2, "reach": "glasswater", "cap": 1}),
          ("lasting", {"kind": "flag", "life": "game", "a": LANTERN_COMPACT}))),
    Card(11, "Kite Charter", "thaw", "sun", 3, True,
         "Place 2 Sun sway in Highwold towns without Moon sway, at most 1 per town. "
         "The Sun keeps the Kite Charter for the rest of the game (Kite Regatta needs it).",
         (("place", {"n": 2, "reach": "highwold", "where": "no_foe", "cap": 1}),
          ("lasting", {"kind": "flag", "life": "game", "a": KITE_CHARTER}))),
    Card(12, "Salt Tithe", "thaw", "moon", 2, False,
         "The Moon gains 1 point for every 2 Saltmarsh towns it holds (at most 2).",
         (("points_per", {"count": "held", "reach": "saltmarsh", "per": 2, "max": 2}),)),
    Card(13, "Hay Tithe", "thaw", "sun", 3, False,
         "The Sun gains 1 point for each Farrow Isles keystone it holds.",
         (("points_per", {"count": "keystones", "reach": "farrow"}),)),
    Card(14, "Fog over the Kite Field", "thaw", "moon", 2, True,
         "For the rest of the game the Sun's Kite Regatta cannot happen. "
         "Remove 2 Sun sway from the Highwold, at most 1 per town.",
         (("lasting", {"kind": "cancel", "life": "game", "a": 19}),
          ("remove", {"n": 2, "reach": "highwold", "cap": 1}))),
    Card(15, "Dousing the Lanterns", "thaw", "sun", 2, True,
         "For the rest of the game the Moon's Lantern Procession cannot happen. "
         "Remove 2 Moon sway from the Glasswater, at most 1 per town.",
         (("lasting", {"kind": "cancel", "life": "game", "a": 18}),
          ("remove", {"n": 2, "reach": "glasswater", "cap": 1}))),
    # -- strength 3 --------------------------------------------------------------------------------
    Card(16, "Moonless Raid", "thaw", "moon", 3, False,
         "The Moon makes an upset at strength 3 in a town that is not a keystone.",
         (("upset", {"n": 3, "where": "plain"}),)),
    Card(17, "Brand of the Sun", "thaw", "sun", 3, False,
         "The Sun uses 3 strength to upset or to persuade, as with a card.",
         (("free", {"n": 3, "uses": ("upset", "persuade")}),)),
    Card(18, "Lantern Procession", "thaw", "moon", 3, True,
         "Only if the Moon keeps the Lantern Compact. Place 3 Moon sway in Glasswater towns that have "
         "Moon sway, then the Moon gains 1 point for each Glasswater keystone it holds.",
         (("place", {"n": 3, "reach": "glasswater", "where": "own"}),
          ("points_per", {"count": "keystones", "reach": "glasswater"})),
         requires={"if": "flag", "name": LANTERN_COMPACT}),
    Card(19, "Kite Regatta", "thaw", "sun", 3, True,
         "Only if the Sun keeps the Kite Charter. Place 3 Sun sway in the Highwold, at most 1 per town, "
         "then the Sun gains 1 point for every 2 Highwold towns it holds.",
         (("place", {"n": 3, "reach": "highwold", "cap": 1}),
          ("points_per", {"count": "held", "reach": "highwold", "per": 2})),
         requires={"if": "flag", "name": KITE_CHARTER}),
    Card(20, "Whispering Tides", "thaw", "moon", 3, False,
         "The Moon makes 3 persuade tries in the Glasswater.",
         (("persuade", {"n": 3, "reach": "glasswater"}),)),
    Card(21, "Sunward Sermons", "thaw", "sun", 3, False,
         "The Sun makes 3 persuade tries in towns that are not keystones.",
         (("persuade", {"n": 3, "where": "plain"}),)),
    Card(22, "Marsh Lords' Moot", "thaw", "moon", 3, True,
         "The Moon chooses: gain 2 points, or place 3 Moon sway in the Highwold, at most 1 per town.",
         (("choose", {"options": (
             ("gain 2 points", (("points", {"n": 2}),)),
             ("place 3 sway in the Highwold", (("place", {"n": 3, "reach": "highwold", "cap": 1}),)),
         )}),)),
    Card(23, "Sunhall Moot", "thaw", "sun", 3, True,
         "The Moon chooses: the Sun gains 3 points, or the Sun places 4 Sun sway in the Highwold, "
         "at most 1 per town.",
         (("choose", {"chooser": "foe", "options": (
             ("the Sun gains 3 points", (("points", {"n": 3}),)),
             ("the Sun places 4 sway in the Highwold", (("place", {"n": 4, "reach": "highwold", "cap": 1}),)),
         )}),)),
    Card(24, "Owl Loft Astronomers", "thaw", "moon", 3, True,
         "The Moon advances one step on the Star Road (with its reward); for the rest of the turn its "
         "Star Road rolls count 1 lower.",
         (("road", {}),
          ("lasting", {"kind": "roll", "life": "turn", "a": "road", "b": 1}))),
    Card(25, "Dawn Stargazers", "thaw", "sun", 3, True,
         "If the Sun is behind the Moon on the Star Road, it advances one step there (with its reward); "
         "otherwise the Sun gains 2 points.",
         (("if", {"cond": {"if": "road_behind"},
                  "then": (("road", {}),),
                  "else": (("points", {"n": 2}),)}),)),
    # -- strength 4 --------------------------------------------------------------------------------
    Card(26, "Night Without Dawn", "thaw", "moon", 4, True,
         "For the rest of the turn the Moon's cards have 1 more strength (at most 4). "
         "Place 2 Moon sway in the Saltmarsh, at most 1 per town.",
         (("lasting", {"kind": "strength", "life": "turn", "a": 1}),
          ("place", {"n": 2, "reach": "saltmarsh", "cap": 1}))),
    Card(27, "Blaze of Noon", "thaw", "sun", 4, True,
         "For the rest of the turn the Sun adds 1 to its upset and persuade rolls and its Star Road rolls "
         "count 1 lower. Then the Sun makes an upset at strength 3.",
         (("lasting", {"kind": "roll", "life": "turn", "a": "any", "b": 1}),
          ("upset", {"n": 3}))),
    Card(28, "Eclipse at Crownmoor", "thaw", "moon", 4, True,
         "Snuff 1 candle of the Truce. Remove 4 Sun sway from the Highwold, at most 2 per town.",
         (("truce", {"delta": -1}),
          ("remove", {"n": 4, "reach": "highwold", "cap": 2}))),
    Card(29, "Dawn Accord", "thaw", "sun", 4, True,
         "Light 1 candle of the Truce. For the rest of the turn the Moon may not upset or persuade in "
         "the Highwold. Place 2 Sun sway in the Highwold, at most 1 per town.",
         (("truce", {"delta": 1}),
          ("lasting", {"kind": "bar", "who": "foe", "life": "turn", "a": "upset", "b": "highwold"}),
          ("lasting", {"kind": "bar", "who": "foe", "life": "turn", "a": "persuade", "b": "highwold"}),
          ("place", {"n": 2, "reach": "highwold", "cap": 1}))),
    # -- either court ------------------------------------------------------------------------------
    Card(30, "Swift Kites", "thaw", "either", 1, False,
         "Draw 1 card and make 1 more move this turn.",
         (("draw", {"n": 1}), ("moves", {"n": 1}))),
    Card(31, "Tavern Rumours", "thaw", "either", 1, False,
         "The other court discards 1 card at random (never a Fair).",
         (("discard", {"who": "foe", "n": 1, "no_fair": True}),)),
    Card(32, "Embers Rekindled", "thaw", "either", 2, True,
         "You may take one card that is not a Fair from the discard pile into your hand.",
         (("retrieve", {"no_fair": True}),)),
    Card(33, "Gatefires", "thaw", "either", 2, False,
         "Place 2 of your sway in towns next to your gate, at most 1 per town. Add 2 to your vigil.",
         (("place", {"n": 2, "where": "gate", "cap": 1}), ("vigil", {"n": 2}))),
    Card(34, "Hearthkeepers", "thaw", "either", 3, True,
         "Place 3 of your sway in towns that already have your sway, at most 1 per town.",
         (("place", {"n": 3, "where": "own", "cap": 1}),)),
    Card(35, "Bellwright's Claim", "thaw", "either", 4, True,
         "Only if you are behind on points. If the other court holds the Moot Bell, it comes to you "
         "face down; otherwise you gain 2 points.",
         (("if", {"cond": {"if": "bell", "who": "foe"},
                  "then": (("bell", {"up": False}),),
                  "else": (("points", {"n": 2}),)}),),
         requires={"if": "behind"}),
)
