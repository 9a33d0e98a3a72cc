"""The Duskveil: mist-walkers and mask-makers. Even in both elements, weak on paper; they borrow
strength and spoil the opponent's.

MIRROR: in the fight's element a MIRROR character counts one less than the opponent's strongest uncovered
character, when that is more than its own value. Their leadership cards silence, switch and steal.
"""

from moontable.games.bluemoon.cards import Card, Maker

PEOPLE = "duskveil"
NAME = "Duskveil"
PREFIX = "dv"
LEADER = "Veilmother Oriane"
KEYWORD = "mirror"
STYLE = "Tricks in either element: MIRROR characters copy the opponent's strength, leadership cards spoil theirs."
KEYWORD_TEXT = ("MIRROR: in the fight's element this character counts one less than the opponent's strongest "
                "uncovered character, when that is more than its own value.")

m = Maker(PEOPLE, PREFIX, KEYWORD)

CARDS: tuple[Card, ...] = (
    # -- characters ---------------------------------------------------------------------------------------
    m.character(1, "Fog Wisp", 2, 2, icons=("replace",)),
    m.character(2, "Mirror Mote", 1, 1, kw=True, text="MIRROR"),
    m.character(3, "Gloam Dancer", 3, 3),
    m.character(4, "Mask Bearer", 2, 2, kw=True, text="MIRROR"),
    m.character(5, "Shade Thief", 3, 2, moons=1, text="When played: the opponent discards one card from their hand "
                "at random.", effects=(("discard", {"n": 1, "who": "foe", "random": True}),)),
    m.character(6, "Twilight Sentinel", 1, 1, icons=("fire_shield", "earth_shield"), moons=2),
    m.character(7, "Smoke Dancer", 4, 3),
    m.character(8, "Mirror Knight", 3, 3, kw=True, text="MIRROR", moons=1),
    m.character(9, "Dusk Archer", 5, 2),
    m.character(10, "Veil Twin of the Morning", 2, 3, icons=("pair",), pair="Veil Twins"),
    m.character(11, "Veil Twin of the Evening", 3, 2, icons=("pair",), pair="Veil Twins"),
    m.character(12, "Night Heron", 3, 5),
    m.character(13, "Lamplighter", 4, 4, text="When played: draw 1 card.", effects=(("draw", {"n": 1}),)),
    m.character(14, "Hollow Crown", 2, 2, icons=("stop",), kw=True, text="MIRROR"),
    m.character(15, "Grey Oracle", 5, 4, moons=1),
    m.character(16, "The Unseen", 3, 3, icons=("protected",), kw=True, text="MIRROR", moons=2),
    m.character(17, "Moth Queen", 6, 3, moons=1),
    # -- boosters -----------------------------------------------------------------------------------------
    m.booster(18, "Glamour", 2, 2),
    m.booster(19, "Shadow Step", 1, 1, icons=("free",)),
    m.booster(20, "False Light", 3, 0),
    m.booster(21, "Cold Mist", 0, 3),
    m.booster(22, "Mirage", 2, 2, icons=("retrieve",)),
    # -- supports -----------------------------------------------------------------------------------------
    m.support(23, "Lantern Post", 1, 1),
    m.support(24, "Mist Pool", 1, 2),
    m.support(25, "Dim Banner", 2, 1),
    # -- leadership cards ---------------------------------------------------------------------------------
    m.leadership(26, "Hush", "Until the end of the opponent's next turn, ignore the texts of the opponent's cards "
                 "(PROTECTED cards and \"I must\" texts excepted).", (("ignore", {"what": "texts", "life":
                                                                                  "foe_turn"}),), moons=1),
    m.leadership(27, "Turncoat Wind", "During a fight: switch the fight's element (Fire to Earth, Earth to Fire).",
                 (("switch", {}),), moons=1),
    m.leadership(28, "Fog of Doubt", "The opponent discards one card from their hand at random.",
                 (("discard", {"n": 1, "who": "foe", "random": True}),)),
    m.leadership(29, "Veil Step", "This turn you have a Fire shield and an Earth shield.",
                 (("shield", {"elements": ["fire", "earth"]}),)),
    m.leadership(30, "Stolen Lantern", "Discard one of the opponent's supports.",
                 (("scrap", {"what": "support"}),)),
    # -- expansion cards (BM75) ---------------------------------------------------------------------------
    m.leadership(31, "The Veiled Chosen", "Chosen One. Each player discards up to 2 cards from their hand, then "
                 "draws as many.", (("redraw", {"n": 2}),), chosen=True, expansion=True, moons=1),
    m.leadership(32, "Silent Pact", "Until the end of the opponent's next turn, the opponent may not draw cards.",
                 (("bar", {"what": "draw"}),), expansion=True),
    m.character(33, "Mask of Echoes", 2, 2, icons=("replace",), kw=True, text="MIRROR", expansion=True),
)
