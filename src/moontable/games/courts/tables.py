"""Fast lookup tables built once from the map data (board.py): plain tuples indexed by town."""

from __future__ import annotations

from moontable.games.courts import board

MOON, SUN = 0, 1
COURT_NAMES = ("moon", "sun")
COURT_TITLES = ("the Moon", "the Sun")

REACHES: tuple[str, ...] = board.REACH_IDS
HIGHWOLD, GLASSWATER, EMBERDALE, SALTMARSH, FARROW = range(5)
HOME_REACH = (SALTMARSH, FARROW)
REACH_OF_ID = {r: i for i, r in enumerate(REACHES)}

N_TOWNS = len(board.TOWNS)
TOWN_IDS: tuple[str, ...] = tuple(t.id for t in board.TOWNS)
TOWN_OF_ID: dict[str, int] = {t: i for i, t in enumerate(TOWN_IDS)}
STEADY: tuple[int, ...] = tuple(t.steadiness for t in board.TOWNS)
KEY: tuple[bool, ...] = tuple(t.keystone for t in board.TOWNS)
REACH: tuple[int, ...] = tuple(REACH_OF_ID[t.reach] for t in board.TOWNS)

_adj: list[set[int]] = [set() for _ in range(N_TOWNS)]
for _a, _b in board.LINKS:
    _adj[TOWN_OF_ID[_a]].add(TOWN_OF_ID[_b])
    _adj[TOWN_OF_ID[_b]].add(TOWN_OF_ID[_a])
NEIGH: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in _adj)

# GATE[c][t]: town t is next to court c's gate.
GATE: tuple[tuple[bool, ...], tuple[bool, ...]] = (
    tuple(t in board.MOON_GATE for t in TOWN_IDS),
    tuple(t in board.SUN_GATE for t in TOWN_IDS),
)
REACH_TOWNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(N_TOWNS) if REACH[i] == r) for r in range(len(REACHES))
)
REACH_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in towns if KEY[i]) for towns in REACH_TOWNS
)
START_SWAY: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(board.START_SWAY[c].get(t, 0) for t in TOWN_IDS) for c in COURT_NAMES
)
TOWN_ACTION: tuple[tuple[str, str], ...] = tuple(("town", t) for t in TOWN_IDS)

# Fair values (C43): Foothold, Sway, Hold by reach; None is "Hold of the Highwold wins".
FAIR_VALUE: tuple[tuple[int, int, int | None], ...] = (
    (3, 6, None),
    (2, 5, 8),
    (2, 4, 7),
    (1, 3, 6),
    (1, 3, 6),
)

# The Star Road (C54, C55): (name, card strength needed, roll at or under, first, second reward).
# A reward is points (int) or a gift's name.
ROAD: tuple[tuple[str, int, int, int | str, int | str | None], ...] = (
    ("Start", 0, 0, 0, None),
    ("Lamp Hill", 2, 4, 1, None),
    ("Kite Field", 2, 4, "seer", None),
    ("Glass Tower", 2, 3, 2, 1),
    ("Comet Arch", 3, 4, "kites", None),
    ("Owl Loft", 3, 3, 2, None),
    ("Silver Stair", 3, 4, "lamp", None),
    ("Cloud Well", 4, 3, 3, 1),
    ("Star Crown", 4, 2, 4, 2),
)
GIFTS = ("seer", "kites", "lamp")
GIFT_STEP = {"seer": 2, "kites": 4, "lamp": 6}
LAST_TURN = 10
WIN_POINTS = 20
