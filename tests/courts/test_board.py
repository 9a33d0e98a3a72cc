"""The Courts map data (C1, C2, C4, C5, C6, C22, C34, C43) and the shape the notes ask of it."""

import math
import re
from collections import deque
from itertools import combinations

from moontable.games.courts.board import (
    GATE_POS,
    KEYSTONES,
    LINKS,
    MOON_GATE,
    NEIGHBOURS,
    REACH_IDS,
    REACH_NAMES,
    REACH_TOWNS,
    START_SWAY,
    SUN_GATE,
    TOWN_INDEX,
    TOWNS,
    Town,
)

HOME = {"moon": "saltmarsh", "sun": "farrow"}
GATE = {"moon": MOON_GATE, "sun": SUN_GATE}
OTHER = {"moon": "sun", "sun": "moon"}
REACH_OF = {t.id: t.reach for t in TOWNS}


def _holds(court: str, town: Town, sway: dict[str, dict[str, int]]) -> bool:
    mine = sway[court].get(town.id, 0)
    theirs = sway[OTHER[court]].get(town.id, 0)
    return mine > 0 and mine >= town.steadiness + theirs


def _cross_links() -> list[tuple[str, str]]:
    return [(a, b) for a, b in LINKS if REACH_OF[a] != REACH_OF[b]]


# --- C1: towns and reaches -------------------------------------------------------------------


def test_C1_map_has_36_towns_in_five_reaches():
    assert len(TOWNS) == 36
    assert REACH_IDS == ("highwold", "glasswater", "emberdale", "saltmarsh", "farrow")
    assert set(REACH_NAMES) == set(REACH_IDS)
    assert {t.reach for t in TOWNS} == set(REACH_IDS)
    for reach in REACH_IDS:
        assert 6 <= len(REACH_TOWNS[reach]) <= 8, reach
    assert sum(len(v) for v in REACH_TOWNS.values()) == 36


def test_C1_towns_are_ordered_by_reach():
    order = [REACH_IDS.index(t.reach) for t in TOWNS]
    assert order == sorted(order)


def test_C1_town_ids_and_names_are_unique():
    ids = [t.id for t in TOWNS]
    names = [t.name for t in TOWNS]
    assert len(set(ids)) == len(ids)
    assert len(set(names)) == len(names)
    assert len({n.lower() for n in names}) == len(names)
    for t in TOWNS:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", t.id), t.id
        assert t.name and t.name.strip() == t.name


def test_C1_helpers_match_the_towns():
    assert TOWN_INDEX == {t.id: i for i, t in enumerate(TOWNS)}
    for reach in REACH_IDS:
        assert REACH_TOWNS[reach] == tuple(i for i, t in enumerate(TOWNS) if t.reach == reach)
        assert KEYSTONES[reach] == tuple(i for i in REACH_TOWNS[reach] if TOWNS[i].keystone)
    assert len(NEIGHBOURS) == len(TOWNS)
    for i, ns in enumerate(NEIGHBOURS):
        assert list(ns) == sorted(set(ns))
        for j in ns:
            assert i in NEIGHBOURS[j]
    assert sum(len(ns) for ns in NEIGHBOURS) == 2 * len(LINKS)


# --- C2: steadiness and keystones ------------------------------------------------------------


def test_C2_steadiness_1_to_4_and_keystones():
    assert all(t.steadiness in (1, 2, 3, 4) for t in TOWNS)
    assert all(isinstance(t.keystone, bool) for t in TOWNS)
    middling = sum(1 for t in TOWNS if t.steadiness in (2, 3))
    assert middling > len(TOWNS) // 2  # most towns at 2 or 3
    keystones = [t for t in TOWNS if t.keystone]
    assert 10 <= len(keystones) <= 14  # about a third


def test_C2_every_reach_has_at_least_two_keystones():
    for reach in REACH_IDS:
        assert len(KEYSTONES[reach]) >= 2, reach


def test_C2_keystones_are_steadier():
    keys = [t.steadiness for t in TOWNS if t.keystone]
    others = [t.steadiness for t in TOWNS if not t.keystone]
    assert sum(keys) / len(keys) > sum(others) / len(others)
    assert min(keys) >= 2


# --- links and the shape of the map ----------------------------------------------------------


def test_links_reference_real_towns_without_duplicates_or_self_loops():
    seen = set()
    for a, b in LINKS:
        assert a in TOWN_INDEX and b in TOWN_INDEX, (a, b)
        assert a != b, a
        key = frozenset((a, b))
        assert key not in seen, (a, b)
        seen.add(key)


def test_map_is_connected():
    reached = {0}
    queue = deque([0])
    while queue:
        i = queue.popleft()
        for j in NEIGHBOURS[i]:
            if j not in reached:
                reached.add(j)
                queue.append(j)
    assert len(reached) == len(TOWNS)


def test_each_reach_is_connected_on_its_own():
    for reach in REACH_IDS:
        members = set(REACH_TOWNS[reach])
        start = min(members)
        reached = {start}
        queue = deque([start])
        while queue:
            i = queue.popleft()
            for j in NEIGHBOURS[i]:
                if j in members and j not in reached:
                    reached.add(j)
                    queue.append(j)
        assert reached == members, reach


def test_every_town_has_2_to_4_neighbours():
    for t, ns in zip(TOWNS, NEIGHBOURS, strict=True):
        assert 2 <= len(ns) <= 4, (t.id, len(ns))


def test_few_links_between_reaches():
    assert 8 <= len(_cross_links()) <= 12


def test_highwold_touches_every_other_reach():
    touched = {REACH_OF[b] for a, b in _cross_links() if REACH_OF[a] == "highwold"}
    touched |= {REACH_OF[a] for a, b in _cross_links() if REACH_OF[b] == "highwold"}
    assert touched == set(REACH_IDS) - {"highwold"}


def test_home_reaches_are_not_adjacent():
    pairs = {frozenset((REACH_OF[a], REACH_OF[b])) for a, b in _cross_links()}
    assert frozenset(("saltmarsh", "farrow")) not in pairs


def test_flanks_lie_between_the_home_reaches():
    pairs = {frozenset((REACH_OF[a], REACH_OF[b])) for a, b in _cross_links()}
    for flank in ("glasswater", "emberdale"):
        for home in ("saltmarsh", "farrow"):
            assert frozenset((flank, home)) in pairs, (flank, home)


# --- drawing positions -----------------------------------------------------------------------


def test_positions_are_distinct_and_on_the_canvas():
    for t in TOWNS:
        assert 20 <= t.x <= 980 and 20 <= t.y <= 680, t.id
    for a, b in combinations(TOWNS, 2):
        assert math.dist((a.x, a.y), (b.x, b.y)) >= 55, (a.id, b.id)
    for court, (x, y) in GATE_POS.items():
        assert 0 <= x <= 1000 and 0 <= y <= 700, court
        for t in TOWNS:
            assert math.dist((x, y), (t.x, t.y)) >= 55, (court, t.id)


def test_reaches_are_drawn_where_the_notes_put_them():
    def centre(reach):
        xs = [TOWNS[i].x for i in REACH_TOWNS[reach]]
        ys = [TOWNS[i].y for i in REACH_TOWNS[reach]]
        return sum(xs) / len(xs), sum(ys) / len(ys)

    hx, hy = centre("highwold")
    assert centre("saltmarsh")[0] < hx < centre("farrow")[0]  # homes at opposite ends
    assert centre("glasswater")[1] < hy < centre("emberdale")[1]  # flanks on either side
    assert GATE_POS["moon"][0] < hx < GATE_POS["sun"][0]


def _segments_cross(p1, p2, p3, p4) -> bool:
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    if {p1, p2} & {p3, p4}:
        return False  # segments sharing an end meet only there (no town lies on another's link, below)
    return orient(p1, p2, p3) != orient(p1, p2, p4) and orient(p3, p4, p1) != orient(p3, p4, p2)


def _drawn_segments():
    pos = {t.id: (t.x, t.y) for t in TOWNS}
    segs = [(pos[a], pos[b]) for a, b in LINKS]
    for court, ids in (("moon", MOON_GATE), ("sun", SUN_GATE)):
        segs += [(GATE_POS[court], pos[t]) for t in ids]
    return segs


def test_links_do_not_cross_when_drawn():
    for s, t in combinations(_drawn_segments(), 2):
        assert not _segments_cross(*s, *t), (s, t)


def test_no_link_passes_through_another_town():
    for a, b in _drawn_segments():
        for t in TOWNS:
            p = (t.x, t.y)
            if p in (a, b):
                continue
            ax, ay, bx, by = *a, *b
            length2 = (bx - ax) ** 2 + (by - ay) ** 2
            u = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / length2))
            closest = (ax + u * (bx - ax), ay + u * (by - ay))
            assert math.dist(p, closest) >= 25, (a, b, t.id)


# --- gates (C22, C43) ------------------------------------------------------------------------


def test_C22_gates_touch_3_to_5_towns_mostly_in_the_home_reach():
    for court, gate in GATE.items():
        assert 3 <= len(gate) <= 5, court
        assert len(set(gate)) == len(gate), court
        assert all(t in TOWN_INDEX for t in gate), court
        home = sum(1 for t in gate if REACH_OF[t] == HOME[court])
        assert home * 2 > len(gate), court


def test_C22_gates_are_the_same_size():
    assert len(MOON_GATE) == len(SUN_GATE)


def test_C43_no_town_is_next_to_both_gates():
    assert not set(MOON_GATE) & set(SUN_GATE)


def test_C43_neither_gate_touches_the_other_home_reach():
    assert all(REACH_OF[t] != "farrow" for t in MOON_GATE)
    assert all(REACH_OF[t] != "saltmarsh" for t in SUN_GATE)


# --- starting sway (C4, C5, C6, C34) ---------------------------------------------------------


def test_C4_each_court_starts_with_six_sway_in_fixed_towns():
    assert set(START_SWAY) == {"moon", "sun"}
    for court, sway in START_SWAY.items():
        assert sum(sway.values()) == 6, court
        assert 2 <= len(sway) <= 4, court
        for town_id, n in sway.items():
            assert town_id in TOWN_INDEX, town_id
            assert isinstance(n, int) and n >= 1, (court, town_id)


def test_C4_starting_towns_of_the_courts_do_not_overlap():
    assert not set(START_SWAY["moon"]) & set(START_SWAY["sun"])


def test_C5_starting_sway_lies_outside_the_home_reaches():
    for court, sway in START_SWAY.items():
        for town_id in sway:
            assert REACH_OF[town_id] not in HOME.values(), (court, town_id)


def test_C6_home_reaches_can_take_the_setup_placement():
    # The Moon places 6 in the Saltmarsh and the Sun 7 in the Farrow Isles, at most 2 per town.
    assert 2 * len(REACH_TOWNS["saltmarsh"]) >= 6
    assert 2 * len(REACH_TOWNS["farrow"]) >= 7


def test_C34_each_court_starts_holding_a_few_towns():
    held = {court: [t.id for t in TOWNS if _holds(court, t, START_SWAY)] for court in ("moon", "sun")}
    for court in ("moon", "sun"):
        assert 2 <= len(held[court]) <= 4, (court, held[court])
    assert len(held["moon"]) == len(held["sun"])


def test_C34_no_court_starts_holding_a_highwold_keystone():
    for court in ("moon", "sun"):
        for i in KEYSTONES["highwold"]:
            assert not _holds(court, TOWNS[i], START_SWAY), (court, TOWNS[i].id)


def test_C4_starting_sway_is_symmetric():
    def profile(court):
        sway = START_SWAY[court]
        towns = [TOWNS[TOWN_INDEX[t]] for t in sway]
        return sorted((t.steadiness, t.keystone, sway[t.id]) for t in towns)

    assert profile("moon") == profile("sun")
    reaches = {court: sorted(REACH_OF[t] for t in START_SWAY[court]) for court in ("moon", "sun")}
    assert reaches["moon"] == reaches["sun"]


def test_C22_starting_sway_and_gates_open_towns_for_each_court():
    # A town is open to a court if it holds its sway, is next to a town with its sway, or is next
    # to its gate; at the start each court can reach beyond its home reach.
    for court in ("moon", "sun"):
        with_sway = {TOWN_INDEX[t] for t in START_SWAY[court]}
        open_towns = set(with_sway) | {TOWN_INDEX[t] for t in GATE[court]}
        for i in with_sway:
            open_towns |= set(NEIGHBOURS[i])
        reaches = {TOWNS[i].reach for i in open_towns}
        assert reaches == set(REACH_IDS) - {HOME[OTHER[court]]} | {HOME[court]}, court
