"""All Moons content as data, read once: the Moon cards, the Asteroids, the tokens, the Block token, the
set-scoring table and the reference card. Words live in text_en.py and text_pt.py, under the keys used here.

Cards are ints. Moon card `suit * 14 + rank - 1` (0..55) is rank 1..14 of planet `suit`; 56..59 are the four
large Asteroids. Within a planet, ranks follow the moons' mean diameters (MO3): rank 1 is the smallest moon
on the cards, rank 14 the largest. A small Asteroid is its kind's id (a string): copies are alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RULES_VERSION = "moons/1"

PLANETS = ("saturn", "jupiter", "neptune", "uranus")  # the four suits, in this order (MO1)
SUITS = len(PLANETS)
RANKS = 14
LARGE = 4  # the "suit" of a large Asteroid: no planet
MOON_CARDS = SUITS * RANKS  # 56
LARGE_ASTEROIDS = 4
DECK = MOON_CARDS + LARGE_ASTEROIDS  # 60 (MO1)
TOKENS_PER_PLANET = 17  # 68 in all (MO2)
TABLEAU = 3  # cards in a tableau (MO12)
SMALL_DEAL = 2  # small Asteroids dealt to each player at set-up (MO7)
SHOWER_DRAW = 2  # small Asteroids a Meteor Shower draws

# MO3: the moons of each planet on the cards, smallest first (rank 1), with the mean diameter in km that
# fixes the order (NASA/JPL planetary satellite physical parameters; the small outer moons' sizes are
# estimates from their brightness). Names and facts are in the text modules, by these keys.
MOONS: dict[str, tuple[tuple[str, float], ...]] = {
    "saturn": (
        ("pan", 28), ("pandora", 81), ("prometheus", 86), ("epimetheus", 116), ("janus", 179),
        ("phoebe", 213), ("hyperion", 270), ("mimas", 396), ("enceladus", 504), ("tethys", 1062),
        ("dione", 1123), ("iapetus", 1469), ("rhea", 1528), ("titan", 5149),
    ),
    "jupiter": (
        ("adrastea", 16), ("ananke", 29), ("sinope", 35), ("metis", 43), ("carme", 47), ("pasiphae", 58),
        ("elara", 80), ("thebe", 99), ("himalia", 140), ("amalthea", 167), ("europa", 3122), ("io", 3643),
        ("callisto", 4821), ("ganymede", 5268),
    ),
    "neptune": (
        ("hippocamp", 35), ("psamathe", 40), ("laomedeia", 42), ("sao", 44), ("neso", 60), ("halimede", 62),
        ("naiad", 66), ("thalassa", 82), ("despina", 156), ("galatea", 176), ("larissa", 194), ("nereid", 357),
        ("proteus", 420), ("triton", 2707),
    ),
    "uranus": (
        ("cordelia", 40), ("ophelia", 43), ("bianca", 51), ("desdemona", 64), ("rosalind", 72), ("belinda", 81),
        ("juliet", 94), ("portia", 135), ("puck", 162), ("miranda", 472), ("ariel", 1158), ("umbriel", 1169),
        ("oberon", 1523), ("titania", 1578),
    ),
}

# per card, read once: its planet (LARGE for a large Asteroid), its rank (0 for a large Asteroid), its moon
SUIT: tuple[int, ...] = tuple(c // RANKS if c < MOON_CARDS else LARGE for c in range(DECK))
RANK: tuple[int, ...] = tuple(c % RANKS + 1 if c < MOON_CARDS else 0 for c in range(DECK))
MOON_KEY: tuple[str, ...] = tuple(MOONS[PLANETS[c // RANKS]][c % RANKS][0] if c < MOON_CARDS else "large"
                                  for c in range(DECK))


def card(planet: str | int, rank: int) -> int:
    """The Moon card of `rank` (1..14) of a planet (its id or index)."""
    suit = PLANETS.index(planet) if isinstance(planet, str) else planet
    return suit * RANKS + rank - 1


# -- small Asteroids (MO20-MO22) ------------------------------------------------------------------------------

# What a kind needs when it is played: "none" (it just happens), or the targets its decisions ask for.
# `no_target` says what happens when no legal target exists: "unplayable" (it is not offered), "always" (a
# legal target always exists), "none_needed" (it has no target) or "nothing" (it may be played; it does nothing).


@dataclass(frozen=True, slots=True)
class Kind:
    id: str
    copies: int
    targets: tuple[str, ...]  # the decisions its play asks for, in order (empty: none)
    no_target: str
    lasting: str = ""  # "trick": its effect lasts until the trick ends; "turn": until your card; "game": scoring

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "copies": self.copies, "targets": list(self.targets), "no_target": self.no_target,
                "lasting": self.lasting or None}


KINDS: tuple[Kind, ...] = (
    Kind("orbit_swap", 5, ("swap_take", "swap_give"), "unplayable"),
    Kind("realign", 5, ("realign_out", "realign_in"), "unplayable"),
    Kind("stardust", 3, (), "none_needed", "game"),
    Kind("tractor", 3, ("tractor",), "unplayable"),
    Kind("shower", 4, (), "nothing"),
    Kind("capture", 4, ("capture",), "unplayable"),
    Kind("retro", 4, (), "none_needed", "trick"),
    Kind("wind", 4, (), "unplayable", "turn"),
    Kind("eclipse", 3, ("eclipse_mine", "eclipse_theirs"), "always"),
    Kind("assist", 3, (), "none_needed", "trick"),
)
KIND: dict[str, Kind] = {k.id: k for k in KINDS}
KIND_ORDER: tuple[str, ...] = tuple(k.id for k in KINDS)
SMALL_ASTEROIDS: tuple[str, ...] = tuple(k.id for k in KINDS for _ in range(k.copies))  # 38 (MO2)

# -- scoring (MO52) -----------------------------------------------------------------------------------------

# A set is one token of each of several different planets; its points by how many planets it holds. Sets are
# made by layers: one token of every planet you hold, then again from what is left, until nothing is left
# (a lone token is a set of one). The points grow with each planet added (1, 2, 3, 4 more), so layers are
# always the best way to sort tokens into sets. A Stardust card counts as one token of the planet of your
# choice (the best one for you).
SET_POINTS = (0, 1, 3, 6, 10)  # by set size 0..4

# the worked examples of the reference card, each a test: (tokens per planet, Stardust cards, points)
SCORING_EXAMPLES: tuple[tuple[tuple[int, int, int, int], int, int], ...] = (
    ((3, 2, 1, 0), 0, 10),  # {S J N} 6 + {S J} 3 + {S} 1
    ((2, 2, 2, 2), 0, 20),  # two sets of four
    ((5, 0, 0, 0), 0, 5),  # five sets of one
    ((4, 4, 4, 1), 1, 32),  # the Stardust is a second Uranus: 2 sets of four + 2 sets of three
    ((0, 0, 0, 0), 2, 3),  # two Stardusts alone: two different planets, one set of two
)

TIE_BREAKS = ("sets_of_four", "tokens")  # MO53: then more full sets of four, then more tokens; else shared


def set_points(counts: list[int] | tuple[int, ...]) -> int:
    """Points of tokens (one count per planet) sorted into sets by layers (MO52)."""
    a, b, c, d = sorted(counts, reverse=True)
    return d * SET_POINTS[4] + (c - d) * SET_POINTS[3] + (b - c) * SET_POINTS[2] + (a - b) * SET_POINTS[1]


def best_with_stardust(counts: list[int] | tuple[int, ...], stardust: int) -> tuple[int, tuple[int, ...]]:
    """The best points of `counts` with `stardust` wild tokens, and the counts that give them (of equal points,
    the ones with more sets of four, for the tie-break)."""
    if stardust <= 0:
        return set_points(counts), tuple(counts)
    options = {tuple(counts)}
    for _ in range(stardust):
        options = {tuple(c[j] + (j == i) for j in range(SUITS)) for c in options for i in range(SUITS)}
    best = max(sorted(options), key=lambda c: (set_points(c), min(c)))
    return set_points(best), best


def hand_size(seats: int) -> int:
    """MO9: every player is dealt 60 / N cards."""
    return DECK // seats


def tricks_per_round(seats: int) -> int:
    return hand_size(seats) - TABLEAU


def content_json() -> dict[str, Any]:
    from moontable.games.moons.texts import TEXTS

    cards = []
    for c in range(DECK):
        entry: dict[str, Any] = {"id": c, "planet": PLANETS[SUIT[c]] if c < MOON_CARDS else None, "rank": RANK[c],
                                 "moon": MOON_KEY[c]}
        if c < MOON_CARDS:
            entry["diameter_km"] = MOONS[PLANETS[SUIT[c]]][RANK[c] - 1][1]
        cards.append(entry)
    return {
        "game": "moons",
        "rules": RULES_VERSION,
        "seats": [2, 6],
        "components": {"moon_cards": MOON_CARDS, "large_asteroids": LARGE_ASTEROIDS,
                       "small_asteroids": len(SMALL_ASTEROIDS), "tokens_per_planet": TOKENS_PER_PLANET,
                       "earth_moon_token": 1, "earth_token": 1, "block_token": 1, "reference_cards": "one a player"},
        "planets": list(PLANETS),
        "rank_order": "mean diameter, smallest moon rank 1",
        "cards": cards,
        "hand_sizes": {str(n): {"dealt": hand_size(n), "tricks": tricks_per_round(n)} for n in range(2, 7)},
        "small_asteroids": [k.to_json() for k in KINDS],
        "set_points": {str(size): SET_POINTS[size] for size in range(1, 5)},
        "scoring_examples": [{"tokens": dict(zip(PLANETS, t, strict=True)), "stardust": sd, "points": p}
                             for t, sd, p in SCORING_EXAMPLES],
        "tie_breaks": list(TIE_BREAKS),
        "texts": TEXTS,
    }
