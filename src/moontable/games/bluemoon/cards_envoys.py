"""The cards of no people: the two emissaries' seven cards each (BM76), the crystal cards (BM78), the
Hyla cards (BM79); the two inquisitors (BM77) and the three dragons.

Every envoy card belongs to no people, so in an inquisitor deck its moons count toward the allowance.
"""

from moontable.games.bluemoon.cards import Card, Dragon, Emissary, Inquisitor, Maker

PREFIX = "en"

m = Maker(None, PREFIX)

DRAGONS: tuple[Dragon, ...] = (
    Dragon("ashwing", "Ashwing", "The red dragon of the cinder peaks."),
    Dragon("mossback", "Mossback", "The green dragon that sleeps under the barrows."),
    Dragon("stormcrest", "Stormcrest", "The blue dragon that rides the thunderheads."),
)

CARDS: tuple[Card, ...] = (
    # -- the Envoy of the Salt Road ----------------------------------------------------------------------
    m.crystal(1, "Ashwing's Ember Crystal", "ashwing", moons=2,
              text="Crystal card: play it in your leadership phase while Ashwing is on your side."),
    m.crystal(2, "Mossback's Barrow Crystal", "mossback", moons=2,
              text="Crystal card: play it in your leadership phase while Mossback is on your side."),
    m.hyla(3, "Hyla of the Lantern Seed", "Draw 2 cards.", (("draw", {"n": 2}),), moons=1),
    m.hyla(4, "Hyla of the Thorn Veil", "This turn your power is 2 higher.",
           (("power", {"n": 2, "element": None}),), moons=1),
    m.character(5, "Salt Caravan", 3, 3, icons=("replace",)),
    m.support(6, "Road Warden", 1, 1, icons=("replace",)),
    m.hyla(7, "Cartographer's Oath", "I must draw 2 cards now. I must discard 1 card from my hand after I refill "
           "this turn.", (("must_draw", {"n": 2}), ("must_discard_end", {"n": 1})), moons=1),
    # -- the Envoy of the Lantern Isles ------------------------------------------------------------------
    m.crystal(8, "Stormcrest's Cloud Crystal", "stormcrest", moons=2,
              text="Crystal card: play it in your leadership phase while Stormcrest is on your side."),
    m.crystal(9, "Ashwing's Cinder Crystal", "ashwing", moons=2,
              text="Crystal card: play it in your leadership phase while Ashwing is on your side."),
    m.hyla(10, "Hyla of the Tide Whisper", "You may take one card from your discard pile into your hand.",
           (("recover", {"kind": None}),), moons=1),
    m.hyla(11, "Hyla of the Dusk Glass", "During a fight: switch the fight's element.", (("switch", {}),),
           moons=1),
    m.character(12, "Isle Pilot", 2, 4, icons=("replace",)),
    m.booster(13, "Lantern Charm", 1, 1, icons=("replace", "free")),
    m.character(14, "Ferryman", 4, 2, icons=("replace",)),
)

EMISSARIES: tuple[Emissary, ...] = (
    Emissary("salt", "The Envoy of the Salt Road", ("en01", "en02", "en03", "en04", "en05", "en06", "en07"),
             "Brings two crystals (Ashwing, Mossback), two Hyla cards, an oath and two REPLACE cards."),
    Emissary("lantern", "The Envoy of the Lantern Isles", ("en08", "en09", "en10", "en11", "en12", "en13", "en14"),
             "Brings two crystals (Stormcrest, Ashwing), two Hyla cards and three REPLACE cards."),
)

INQUISITORS: tuple[Inquisitor, ...] = (
    Inquisitor("vell", "Inquisitor Orsa Vell", 0, 6, "max_leadership", 3,
               "Deck size +0, moons +6. At most 3 leadership cards (Chosen Ones included)."),
    Inquisitor("grane", "Inquisitor Brand Grane", 10, 4, "own_characters", 0,
               "Deck size +10, moons +4. Every character must be of the leader's people."),
)
