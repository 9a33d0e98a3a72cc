"""The Galewright: sky-riders of the high passes. Light in both elements, quick with FREE cards and
PAIRs, and greedy for dragons.

GUST: if you win a fight while a GUST card of yours is active, you attract one more dragon. A
Galewright win can swing the dragons twice over.
"""

from moontable.games.bluemoon.cards import Card, Maker

PEOPLE = "galewright"
NAME = "Galewright"
PREFIX = "gw"
LEADER = "Windmarshal Kestrel"
KEYWORD = "gust"
STYLE = "Quick, light fights in either element: FREE cards and PAIRs, and GUST wins that pull an extra dragon."
KEYWORD_TEXT = "GUST: if you win a fight while a GUST card of yours is active, you attract one more dragon."

m = Maker(PEOPLE, PREFIX, KEYWORD)

CARDS: tuple[Card, ...] = (
    # -- characters ---------------------------------------------------------------------------------------
    m.character(1, "Feather Scout", 2, 2, icons=("replace",)),
    m.character(2, "Kite Runner", 3, 1, kw=True, text="GUST"),
    m.character(3, "Cloud Herder", 1, 3, kw=True, text="GUST"),
    m.character(4, "Wind Dancer", 3, 3),
    m.character(5, "Storm Chick", 4, 2),
    m.character(6, "Gull Rider", 2, 4),
    m.character(7, "Sky Twin of the Dawn", 3, 2, icons=("pair",), pair="Sky Twins"),
    m.character(8, "Sky Twin of the Dusk", 2, 3, icons=("pair",), pair="Sky Twins"),
    m.character(9, "Updraft Pilot", 4, 3, text="When played: draw 1 card.", effects=(("draw", {"n": 1}),)),
    m.character(10, "Thunder Drummer", 5, 2, kw=True, text="GUST", moons=1),
    m.character(11, "Hail Caller", 2, 5, kw=True, text="GUST", moons=1),
    m.character(12, "Wing Marshal", 5, 4, moons=1),
    m.character(13, "Zephyr", 3, 3, icons=("fire_shield",)),
    m.character(14, "Squall", 3, 3, icons=("earth_shield",)),
    m.character(15, "Stormfront", 6, 4, icons=("stop",), moons=1),
    m.character(16, "Cyclone Rider", 4, 4, kw=True, text="GUST", moons=2),
    m.character(17, "Sky Sage", 3, 3, moons=2, text="When played: you may take one card from your discard pile into "
                "your hand.", effects=(("recover", {"kind": None}),)),
    # -- boosters -----------------------------------------------------------------------------------------
    m.booster(18, "Tail Wind", 2, 1, icons=("free",)),
    m.booster(19, "Head Wind", 1, 2, icons=("free",)),
    m.booster(20, "Gust Front", 2, 2, icons=("free", "protected"), moons=1),
    m.booster(21, "Lightning", 4, 0),
    m.booster(22, "Rain Veil", 0, 4),
    # -- supports -----------------------------------------------------------------------------------------
    m.support(23, "Wind Chime", 1, 1, icons=("free",)),
    m.support(24, "Kite Line", 1, 1),
    m.support(25, "Storm Banner", 2, 2, moons=1),
    # -- leadership cards ---------------------------------------------------------------------------------
    m.leadership(26, "Tailwind", "Draw 2 cards.", (("draw", {"n": 2}),)),
    m.leadership(27, "Skyward Call", "If you win this fight, attract one more dragon.", (("attract", {"n": 1}),),
                 moons=1),
    m.leadership(28, "Updraft", "This turn you may play one more booster or support: it does not count toward "
                 "the limit.", (("extra", {"what": "any"}),)),
    m.leadership(29, "Windcut", "Discard one of the opponent's supports.", (("scrap", {"what": "support"}),)),
    m.leadership(30, "High Ground", "This turn your power is 2 higher.", (("power", {"n": 2, "element": None}),)),
    # -- expansion cards (BM75) ---------------------------------------------------------------------------
    m.leadership(31, "The Chosen of the Gale", "Chosen One. Each player draws 1 card; whoever wins this fight "
                 "attracts one more dragon.", (("draw", {"n": 1}), ("attract", {"n": 1})), chosen=True,
                 expansion=True, moons=1),
    m.support(32, "Windsworn Banner", 1, 1, text="I must attract one more dragon if I win this fight.",
              effects=(("must_attract", {"n": 1}),), expansion=True),
    m.character(33, "Gale Courier", 3, 2, icons=("replace",), kw=True, text="GUST", expansion=True),
)
