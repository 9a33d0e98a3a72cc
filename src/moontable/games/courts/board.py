"""The Courts map as data: 36 towns in five reaches, their links, the two gates and the starting sway.

Rules C1 (towns and reaches), C2 (steadiness, keystones), C4 (starting sway), C22 (gates open towns
for placing) and C43 (towns next to a gate). The layout is drawn on a 1000 x 700 canvas: the Saltmarsh
(the Moon's home) on the left, the Farrow Isles (the Sun's home) on the right, the Glasswater along the
top, the Emberdale along the bottom and the Highwold in the middle, touching all four. The map is
close to symmetric under a half turn about the centre (Saltmarsh <-> Farrow Isles, Glasswater <->
Emberdale), so neither court is favoured by its shape; the Moon's gate sits in the north-west corner,
the Sun's in the south-east.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Town:
    id: str  # lowercase ascii slug, unique
    name: str  # display name
    reach: str  # one of REACH_IDS
    steadiness: int  # 1..4
    keystone: bool
    x: int  # drawing position on a 1000 x 700 canvas
    y: int


REACH_IDS = ("highwold", "glasswater", "emberdale", "saltmarsh", "farrow")
REACH_NAMES = {
    "highwold": "The Highwold",
    "glasswater": "The Glasswater",
    "emberdale": "The Emberdale",
    "saltmarsh": "The Saltmarsh",
    "farrow": "The Farrow Isles",
}
HOME_REACH = {"moon": "saltmarsh", "sun": "farrow"}

CANVAS = (1000, 700)

TOWNS: tuple[Town, ...] = (
    # The Highwold: high moors in the middle of the realm, a hub (Crownmoor) and a ring of six.
    Town("crownmoor", "Crownmoor", "highwold", 4, True, 500, 350),
    Town("wyrmford", "Wyrmford", "highwold", 2, False, 405, 280),
    Town("hallowcrest", "Hallowcrest", "highwold", 3, True, 595, 270),
    Town("thornhallow", "Thornhallow", "highwold", 2, False, 370, 370),
    Town("brackenholt", "Brackenholt", "highwold", 2, False, 630, 330),
    Town("duskbarrow", "Duskbarrow", "highwold", 3, True, 405, 430),
    Town("greyvane", "Greyvane", "highwold", 2, False, 595, 420),
    # The Glasswater: still lakes and mirror-meres along the north.
    Town("mirrormere", "Mirrormere", "glasswater", 2, False, 340, 70),
    Town("lanternmere", "Lanternmere", "glasswater", 3, True, 460, 60),
    Town("paleharbour", "Paleharbour", "glasswater", 1, False, 580, 60),
    Town("heronglass", "Heronglass", "glasswater", 2, False, 700, 75),
    Town("glimmerweir", "Glimmerweir", "glasswater", 1, False, 390, 185),
    Town("starpool", "Starpool", "glasswater", 4, True, 505, 180),
    Town("rimewell", "Rimewell", "glasswater", 3, True, 620, 180),
    Town("quillwater", "Quillwater", "glasswater", 2, False, 720, 200),
    # The Emberdale: forges and kilns in the southern dale.
    Town("pyreford", "Pyreford", "emberdale", 1, False, 380, 520),
    Town("brandhearth", "Brandhearth", "emberdale", 4, True, 495, 525),
    Town("ashenwick", "Ashenwick", "emberdale", 2, False, 610, 515),
    Town("emberlow", "Emberlow", "emberdale", 2, False, 300, 620),
    Town("flintcombe", "Flintcombe", "emberdale", 1, False, 420, 640),
    Town("kilnstead", "Kilnstead", "emberdale", 3, True, 540, 640),
    Town("cinderholt", "Cinderholt", "emberdale", 2, False, 660, 625),
    # The Saltmarsh: the Moon's home, reed beds and salt pans in the west.
    Town("saltcote", "Saltcote", "saltmarsh", 2, False, 100, 160),
    Town("brinewick", "Brinewick", "saltmarsh", 3, True, 225, 150),
    Town("tidewrack", "Tidewrack", "saltmarsh", 2, False, 90, 290),
    Town("reedmoon", "Reedmoon", "saltmarsh", 3, True, 210, 300),
    Town("mistfen", "Mistfen", "saltmarsh", 1, False, 110, 420),
    Town("gullhaven", "Gullhaven", "saltmarsh", 2, False, 235, 430),
    Town("nightheron", "Nightheron", "saltmarsh", 2, False, 150, 550),
    # The Farrow Isles: the Sun's home, sunlit islands and hayfields in the east.
    Town("haysel", "Haysel", "farrow", 2, False, 900, 540),
    Town("goldskerry", "Goldskerry", "farrow", 3, True, 775, 550),
    Town("larkisle", "Lark Isle", "farrow", 2, False, 910, 410),
    Town("brightholm", "Brightholm", "farrow", 3, True, 790, 400),
    Town("noonholm", "Noonholm", "farrow", 1, False, 890, 280),
    Town("saffronsound", "Saffron Sound", "farrow", 2, False, 765, 270),
    Town("dawnsey", "Dawnsey", "farrow", 2, False, 850, 150),
)

LINKS: tuple[tuple[str, str], ...] = (
    # The Highwold: Crownmoor's four spokes, then the two sides of the ring.
    ("crownmoor", "wyrmford"),
    ("crownmoor", "hallowcrest"),
    ("crownmoor", "duskbarrow"),
    ("crownmoor", "greyvane"),
    ("wyrmford", "thornhallow"),
    ("thornhallow", "duskbarrow"),
    ("hallowcrest", "brackenholt"),
    ("brackenholt", "greyvane"),
    # The Glasswater.
    ("mirrormere", "lanternmere"),
    ("lanternmere", "paleharbour"),
    ("paleharbour", "heronglass"),
    ("mirrormere", "glimmerweir"),
    ("glimmerweir", "starpool"),
    ("lanternmere", "starpool"),
    ("starpool", "rimewell"),
    ("paleharbour", "rimewell"),
    ("rimewell", "quillwater"),
    ("heronglass", "quillwater"),
    # The Emberdale.
    ("emberlow", "flintcombe"),
    ("flintcombe", "kilnstead"),
    ("kilnstead", "cinderholt"),
    ("emberlow", "pyreford"),
    ("pyreford", "flintcombe"),
    ("pyreford", "brandhearth"),
    ("brandhearth", "kilnstead"),
    ("brandhearth", "ashenwick"),
    ("ashenwick", "cinderholt"),
    # The Saltmarsh.
    ("saltcote", "brinewick"),
    ("saltcote", "tidewrack"),
    ("brinewick", "reedmoon"),
    ("tidewrack", "reedmoon"),
    ("tidewrack", "mistfen"),
    ("reedmoon", "gullhaven"),
    ("mistfen", "gullhaven"),
    ("mistfen", "nightheron"),
    ("gullhaven", "nightheron"),
    # The Farrow Isles.
    ("haysel", "goldskerry"),
    ("haysel", "larkisle"),
    ("goldskerry", "brightholm"),
    ("larkisle", "brightholm"),
    ("larkisle", "noonholm"),
    ("brightholm", "saffronsound"),
    ("noonholm", "saffronsound"),
    ("noonholm", "dawnsey"),
    ("saffronsound", "dawnsey"),
    # Between reaches (ten roads): the Highwold to each of the others ...
    ("wyrmford", "glimmerweir"),
    ("hallowcrest", "rimewell"),
    ("duskbarrow", "pyreford"),
    ("greyvane", "ashenwick"),
    ("thornhallow", "reedmoon"),
    ("brackenholt", "brightholm"),
    # ... and each home reach to both flanks.
    ("brinewick", "mirrormere"),
    ("nightheron", "emberlow"),
    ("dawnsey", "quillwater"),
    ("goldskerry", "cinderholt"),
)

MOON_GATE: tuple[str, ...] = ("saltcote", "brinewick", "tidewrack", "mirrormere")
SUN_GATE: tuple[str, ...] = ("haysel", "goldskerry", "larkisle", "cinderholt")
GATES = {"moon": MOON_GATE, "sun": SUN_GATE}
GATE_POS = {"moon": (45, 60), "sun": (955, 640)}

# Six sway per court, outside the home reaches (those are filled at set-up, C5), each court holding one
# town in the Highwold, one in the Glasswater and one in the Emberdale; the half-turn mirror of the
# Moon's towns are the Sun's.
START_SWAY: dict[str, dict[str, int]] = {
    "moon": {"thornhallow": 2, "mirrormere": 2, "emberlow": 2},
    "sun": {"brackenholt": 2, "cinderholt": 2, "quillwater": 2},
}

# Helpers, computed at import.
TOWN_INDEX: dict[str, int] = {town.id: i for i, town in enumerate(TOWNS)}


def _neighbours() -> tuple[tuple[int, ...], ...]:
    adjacent: list[set[int]] = [set() for _ in TOWNS]
    for a, b in LINKS:
        ia, ib = TOWN_INDEX[a], TOWN_INDEX[b]
        adjacent[ia].add(ib)
        adjacent[ib].add(ia)
    return tuple(tuple(sorted(s)) for s in adjacent)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbours()
REACH_TOWNS: dict[str, tuple[int, ...]] = {
    reach: tuple(i for i, town in enumerate(TOWNS) if town.reach == reach) for reach in REACH_IDS
}
KEYSTONES: dict[str, tuple[int, ...]] = {
    reach: tuple(i for i in REACH_TOWNS[reach] if TOWNS[i].keystone) for reach in REACH_IDS
}
GATE_TOWNS: dict[str, tuple[int, ...]] = {
    court: tuple(TOWN_INDEX[t] for t in ids) for court, ids in GATES.items()
}
