"""The Hollowroot: the slow folk under the hills. Strong in Earth; they dig in behind supports.

ROOTED: when a third ROOTED support of yours becomes active, you win the fight at once (the opponent
retreats). A Hollowroot fight is a race: can the opponent break through before the roots close?
"""

from moontable.games.bluemoon.cards import Card, Maker

PEOPLE = "hollowroot"
NAME = "Hollowroot"
PREFIX = "hr"
LEADER = "Elder Thornwake"
KEYWORD = "rooted"
STYLE = "Earth fights that dig in: supports pile up, and three ROOTED supports win the fight outright."
KEYWORD_TEXT = ("ROOTED: when a third ROOTED support of yours becomes active, you win the fight at once: the "
                "opponent retreats.")

m = Maker(PEOPLE, PREFIX, KEYWORD)

CARDS: tuple[Card, ...] = (
    # -- characters ---------------------------------------------------------------------------------------
    m.character(1, "Moss Sprout", 2, 3, icons=("replace",)),
    m.character(2, "Bark Sentry", 2, 3, icons=("fire_shield",)),
    m.character(3, "Burrower", 3, 4),
    m.character(4, "Root Tender", 2, 5, icons=("fire_shield",), moons=1),
    m.character(5, "Hedge Warden", 3, 5),
    m.character(6, "Lichen Sage", 2, 4, text="When played: you may take one support from your discard pile into "
                "your hand.", effects=(("recover", {"kind": "support"}),)),
    m.character(7, "Boulder Ox", 4, 6, icons=("stop",)),
    m.character(8, "Fernwife", 2, 4, icons=("fire_shield",), moons=1),
    m.character(9, "Deepdelver", 2, 6),
    m.character(10, "Oak Twin of the North Bank", 3, 4, icons=("pair",), pair="Oak Twins"),
    m.character(11, "Oak Twin of the South Bank", 3, 4, icons=("pair",), pair="Oak Twins"),
    m.character(12, "Thornback", 3, 6, moons=1),
    m.character(13, "Old Grove", 2, 7, moons=1),
    m.character(14, "Cairn Keeper", 3, 5, moons=2, text="While this character is uncovered, each of your supports "
                "counts 1 more.", effects=(("boost_supports", {"n": 1}),)),
    m.character(15, "Mountain Heart", 2, 8, icons=("stop",), moons=1),
    # -- boosters -----------------------------------------------------------------------------------------
    m.booster(16, "Stone Skin", 2, 3),
    m.booster(17, "Sap Surge", 1, 2, icons=("free",)),
    m.booster(18, "Bramble", 3, 1),
    m.booster(19, "Heavy Tread", 0, 4, moons=1),
    # -- supports -----------------------------------------------------------------------------------------
    m.support(20, "Standing Stone", 1, 2, kw=True, text="ROOTED"),
    m.support(21, "Root Web", 1, 2, kw=True, text="ROOTED"),
    m.support(22, "Mossy Cairn", 0, 1, icons=("fire_shield", "protected"), kw=True, text="ROOTED", moons=2),
    m.support(23, "Burrow Mouth", 1, 2, icons=("retrieve",), kw=True, text="ROOTED", moons=1),
    m.support(24, "Hill Spring", 2, 2),
    m.character(25, "Trellis Warden", 3, 5),
    # -- leadership cards ---------------------------------------------------------------------------------
    m.leadership(26, "Thicket", "Until the end of the opponent's next turn, the opponent may not play boosters.",
                 (("bar", {"what": "booster"}),)),
    m.leadership(27, "Deep Roots", "If the opponent wins this fight, they attract only one dragon.",
                 (("cap", {"n": 1}),)),
    m.leadership(28, "Stone Patience", "This turn you have a Fire shield.",
                 (("shield", {"elements": ["fire"]}),)),
    m.leadership(29, "Regrowth", "You may take one support from your discard pile into your hand.",
                 (("recover", {"kind": "support"}),)),
    m.leadership(30, "Slow Seasons", "This turn your power in Earth is 3 higher.",
                 (("power", {"n": 3, "element": "earth"}),)),
    # -- expansion cards (BM75) ---------------------------------------------------------------------------
    m.leadership(31, "The Chosen of the Deep", "Chosen One. Each player may take one support from their discard "
                 "pile into their hand.", (("recover", {"kind": "support"}),), chosen=True, expansion=True,
                 moons=1),
    m.character(32, "Vowkeeper", 1, 6, text="I must play a support this turn if I can.",
                effects=(("must_play", {"what": "support"}),), expansion=True),
    m.support(33, "Root Reader", 1, 1, icons=("replace",), kw=True, text="ROOTED", expansion=True),
)
