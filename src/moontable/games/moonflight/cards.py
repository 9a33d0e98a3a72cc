"""Moonflight content types: a card has two ends, black (before the Turn) and white (after).

Effects are data: each end lists its instructions (`play`), its triggers (`when`), its Spend
abilities (`spend`) and its lasting effects (limits, guard) in a small vocabulary of ops, run by
effects.py. An op is a tuple whose first item names it:

    ("gain", n)                 Gain n coin tokens from the Supply
    ("draw", n)                 Draw n cards from your Draw Deck
    ("discard", n)              Discard n cards from your hand ("discard_upto": up to n)
    ("discard_deck", n)         Discard the top n cards of your Draw Deck
    ("discard_redraw", n)       Discard up to n cards from your hand, then Draw as many
    ("trash", n)                Trash n cards from your hand or play ("trash_upto": up to n)
    ("trash_hand", n)           Trash n cards from your hand ("trash_hand_upto": up to n)
    ("trash_deck", n)           Trash the top n cards of your Draw Deck (blind; may be blocked)
    ("trash_this",)             Trash this card
    ("trash_whole_hand",)       Trash every card in your hand
    ("trash_from_discard",)     Trash target card from your Discard Stack
    ("take", zone)              Move target card from your discard / trash / deck to your hand
    ("take_top", zone)          Move the top card of your discard / trash to your hand
    ("deal", n)                 Deal n cards from your Supply Stack to your Market Stacks
    ("return_upto", n)          Move up to n cards from your hand to Market Stacks of their suits
    ("purchase", x)             Purchase the top card of a Market Stack of your suit costing x or less
    ("set", n) ("set_upto", n)  Set cards from your hand onto your cards in play
    ("unsettle_upto", n)        Move up to n topmost Settled cards from your cards in play to your hand
    ("trash_settled", n)        Trash the topmost Settled card of n of your cards in play, one at a time
    ("sell", n)                 Move n cards from your hand to Market Stacks of their suits, or to your Trash
    ("push",)                   Move the top card of target Market Stack onto target player's Draw Deck
    ("sift", n)                 Reveal the top n of your Draw Deck: Draw those that score, Discard the rest
    ("gain_per_settled",)       Gain 1 for each card Settled on your cards in play
    ("if_hand", cmp, k)         Skip the next instruction unless your hand size cmp k ("==" or ">=")

Trigger events: discard, trash, set, draw, purchase, deal (each only when an effect or rule names that
verb) and the Moves to_trash (any card arriving in your Trash Stack) and to_market (a card Moved from
your hand to a Market Stack). Spend costs: ("coins", n) returns coin tokens to the Supply; ("cards", n)
Moves cards from hand to the Discard Stack (not a Discard).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Op = tuple[Any, ...]
Ops = tuple[Op, ...]

SUITS_GENERIC = "generic"
SUIT_STARTER = "starter"
SUIT_CHARACTER = "character"


@dataclass(frozen=True, slots=True)
class End:
    """One end of a card: what is active while that end is upright."""

    cost: int
    score: int
    stability: int | None  # None is "–": nothing may ever be Set onto it
    text: str
    play: Ops = ()
    when: tuple[tuple[str, Ops], ...] = ()
    spend: tuple[tuple[str, int, Ops], ...] = ()  # (cost kind "coins" | "cards", amount, ops)
    hand_limit: int = 0  # + to the hand limit while in play
    retain: int = 0  # + to the retain limit while in play
    retain_is: int | None = None  # "Your retain limit is N" (Rules Contradictions decide between these)
    guarded: bool = False  # other cards' effects cannot Trash or Set this card

    def to_json(self) -> dict[str, Any]:
        return {"cost": self.cost, "score": self.score, "stability": self.stability, "text": self.text}


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    suit: str
    copies: int  # in its Jack's Supply Stack; per player for generic and starter cards
    black: End
    white: End
    per_player: bool = False  # generic copies scale with the players (2N or N)

    def end(self, turned: bool) -> End:
        return self.white if turned else self.black

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "suit": self.suit, "copies": self.copies,
                "black": self.black.to_json(), "white": self.white.to_json()}


@dataclass(frozen=True, slots=True)
class AiCard:
    """A Jack's AI card: instructions tried top to bottom on each side, plus Reset and choice lines.

    Instructions: ("shop", names), ("play", names), ("play_any",), ("spend", names) — a Spend ability
    of a listed card in play ("jack" for the character, "jack:k" for its ability k only), paying cards
    only with nonscoring ones — ("build", names) — Build, Setting listed
    cards — and ("pass",). Names are tried earliest first. "scoring" stands for any card that scores
    at either end; "nonscoring" for one that scores at neither.
    """

    black: tuple[tuple[Any, ...], ...]
    white: tuple[tuple[Any, ...], ...]
    retain: tuple[str, ...]  # Reset step 2: keep these, earliest first ("scoring": the highest scoring)
    to_market: tuple[str, ...]  # Reset step 4.1: Move these to Market Stacks
    lose_first: tuple[str, ...]  # when it must Discard, Trash, Set or pay cards: these first
    text: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"black": [list(i) for i in self.black], "white": [list(i) for i in self.white],
                "retain": list(self.retain), "to_market": list(self.to_market),
                "lose_first": list(self.lose_first), "text": list(self.text)}


@dataclass(frozen=True, slots=True)
class Jack:
    id: str
    name: str
    style: str
    card: Card  # the character card: its ends hold the ability (always active)
    supply: tuple[Card, ...]
    ai: AiCard
    easy: bool = field(default=False)


def E(cost: int, score: int, stability: int | None, text: str, *play: Op, **kw: Any) -> End:  # noqa: N802
    """A card end, briefly: E(cost, score, stability, text, op, op, ..., when=..., spend=...)."""
    return End(cost, score, stability, text, tuple(play), **kw)
