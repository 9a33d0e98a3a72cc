"""The Cindermark: smiths of the ash hills. Strong in Fire, weak in Earth; their boosters stack up.

KINDLE: when a KINDLE character is covered, the boosters lying on it move onto the new character and
keep counting. A Cindermark fight in Fire grows hotter turn by turn.
"""

from moontable.games.bluemoon.cards import Card, Maker

PEOPLE = "cindermark"
NAME = "Cindermark"
PREFIX = "cm"
LEADER = "Forgemother Ysolt"
KEYWORD = "kindle"
STYLE = "Fire fights that snowball: KINDLE characters hand their boosters on, so every booster keeps counting."
KEYWORD_TEXT = ("KINDLE: when you cover a KINDLE character, the boosters lying on it move onto your new "
                "character and keep counting.")

m = Maker(PEOPLE, PREFIX, KEYWORD)

CARDS: tuple[Card, ...] = (
    # -- characters ---------------------------------------------------------------------------------------
    m.character(1, "Ash Apprentice", 3, 2, icons=("replace",)),
    m.character(2, "Bellows Hand", 4, 1, kw=True, text="KINDLE"),
    m.character(3, "Cinder Runner", 4, 3),
    m.character(4, "Slag Carrier", 2, 4),
    m.character(5, "Kiln Watcher", 5, 3, kw=True, text="KINDLE"),
    m.character(6, "Ember Tongs", 4, 2, text="When played: draw 1 card.", effects=(("draw", {"n": 1}),)),
    m.character(7, "Anvil Guard", 3, 3, icons=("earth_shield",)),
    m.character(8, "Smelter", 6, 2, kw=True, text="KINDLE", moons=1),
    m.character(9, "Hearth Keeper", 2, 5, icons=("earth_shield",), moons=1),
    m.character(10, "Spark Twin of the Left Hand", 4, 2, icons=("pair",), pair="Spark Twins"),
    m.character(11, "Spark Twin of the Right Hand", 4, 2, icons=("pair",), pair="Spark Twins"),
    m.character(12, "Ore Breaker", 6, 4),
    m.character(13, "Furnace Knight", 7, 2, kw=True, text="KINDLE", moons=1),
    m.character(14, "Glass Blower", 5, 4, moons=1, text="When played: you may take one booster from your discard "
                "pile into your hand.", effects=(("recover", {"kind": "booster"}),)),
    m.character(15, "Molten Giant", 9, 0, icons=("stop",), moons=1),
    m.character(16, "Forge Warden", 7, 4, moons=2),
    m.character(17, "Ashfall Prophet", 3, 3, moons=2, text="While this character is uncovered, each of your "
                "boosters counts 1 more.", effects=(("boost_boosters", {"n": 1}),)),
    # -- boosters -----------------------------------------------------------------------------------------
    m.booster(18, "Hammer Blow", 3, 0),
    m.booster(19, "Quench", 1, 4),
    m.booster(20, "White Heat", 4, 0, moons=1),
    m.booster(21, "Sparks", 2, 1, icons=("free",)),
    m.booster(22, "Red Iron", 3, 1, icons=("retrieve",)),
    # -- supports -----------------------------------------------------------------------------------------
    m.support(23, "Chimney Stack", 2, 0),
    m.support(24, "Coal Heap", 1, 3),
    m.support(25, "Ember Banner", 1, 0, icons=("earth_shield",), moons=2),
    # -- leadership cards ---------------------------------------------------------------------------------
    m.leadership(26, "Bellows", "This turn your power in Fire is 3 higher.",
                 (("power", {"n": 3, "element": "fire"}),)),
    m.leadership(27, "Slag Toss", "Discard one booster lying on the opponent's uncovered character.",
                 (("scrap", {"what": "booster"}),)),
    m.leadership(28, "Stoke the Kiln", "You may take one booster from your discard pile into your hand.",
                 (("recover", {"kind": "booster"}),)),
    m.leadership(29, "Ember Rain", "This turn the opponent's supports count nothing.",
                 (("ignore", {"what": "supports", "life": "turn"}),), moons=1),
    m.leadership(30, "Temper", "This turn you may play one more booster: it does not count toward the limit.",
                 (("extra", {"what": "booster"}),)),
    # -- expansion cards (BM75) ---------------------------------------------------------------------------
    m.leadership(31, "The Ashen Chosen", "Chosen One. Each player draws 2 cards, then discards 1 card from "
                 "their hand.", (("draw", {"n": 2}), ("discard", {"n": 1})), chosen=True, expansion=True, moons=1),
    m.leadership(32, "Vow of Embers", "I must play a booster this turn if I can. This turn your power in Fire "
                 "is 2 higher.", (("must_play", {"what": "booster"}), ("power", {"n": 2, "element": "fire"})),
                 expansion=True),
    m.character(33, "Cinder Herald", 4, 2, icons=("replace",), kw=True, text="KINDLE", expansion=True),
)
