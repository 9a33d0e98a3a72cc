"""Shared machinery of the Moonflight rules: the work stack, events, the primitive Moves, limits,
triggers, the Turn and the End.

The rules run as a stack of frames (plain lists of JSON values, last on top). A frame kind has a
`run` function, which does the frame's work and returns True when it needs a decision (which it has
put in `state.decisions`), and an `act` function that takes that decision's answer. Frames hold no
secret: the whole stack is part of every view.

Triggers (MF89): a Move named by a verb appends [seat, event] to `state.fired`; the triggered
abilities are resolved when control is back at a boundary frame (after the whole instruction), with the
text that was upright when the event happened ([seat, event, 0] once the Turn came in between).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from moontable.engine import Action, Decision
from moontable.fair import Chance, shuffle
from moontable.frames import registry, trace_event
from moontable.games.moonflight.cards import End, Ops
from moontable.games.moonflight.content import (
    BASE_HAND_LIMIT,
    BASE_RETAIN_LIMIT,
    CARDS,
    END,
    END_V1,
    JACKS,
)
from moontable.games.moonflight.state import MoonflightState, Player

Frame = list[Any]
RunFn = Callable[[MoonflightState, Frame, Chance], bool]
ActFn = Callable[[MoonflightState, Frame, int, Action, Chance], None]

RUN: dict[str, RunFn]
ACT: dict[str, ActFn]
RUN, ACT, frame = registry()
BOUNDARY = {"ops", "actions", "reset", "game", "next_turn"}
NO_SOURCE = 0  # a frame that no card started (a rule)
CHARACTER = -1  # the uid that stands for a player's character card (always in play, MF75)


def ask(s: MoonflightState, seat: int, kind: str, options: list[Action], prompt: str) -> bool:
    s.decisions = [Decision(seat, kind, tuple(options), prompt)]
    return True


def emit(s: MoonflightState, kind: str, /, **fields: Any) -> None:
    trace_event(s.trace, kind, fields)


def emit_private(s: MoonflightState, seat: int, kind: str, public: dict[str, Any], private: dict[str, Any]) -> None:
    """One event seen in full by `seat` and without its secret by everyone else."""
    if s.trace is not None:
        s.trace.append({"type": kind, **public, **private, "only": seat})
        s.trace.append({"type": kind, **public, "hide": seat})


def end_of(s: MoonflightState, card: str) -> End:
    """The upright end of a card (MF2, MF64), as the game's rules version has it."""
    return (END if s.rules > 1 else END_V1)[1 if s.turned else 0][card]


def character_end(s: MoonflightState, seat: int) -> End:
    return CARDS[JACKS[s.players[seat].jack].card.id].end(s.turned)


def own_markets(s: MoonflightState, jack: str) -> list[int]:
    return [m for m, suit in enumerate(s.market_suit) if suit == jack]


def in_play(p: Player, uid: int) -> int:
    """The index of a card in play by uid, or -1."""
    try:
        return p.uids.index(uid)
    except ValueError:
        return -1


def source_active(s: MoonflightState, seat: int, uid: int) -> bool:
    """MF25: instructions of a card that left play cease to apply."""
    return uid in (NO_SOURCE, CHARACTER) or uid in s.players[seat].uids


# -- coins ----------------------------------------------------------------------------------------------


def gain(s: MoonflightState, seat: int, n: int) -> None:
    """MF80: take coin tokens from the Supply; what the Supply lacks is not gained."""
    got = max(0, min(n, s.bank))
    s.players[seat].coins += got
    s.bank -= got
    if got:
        emit(s, "gain", seat=seat, n=got)


def pay(s: MoonflightState, seat: int, n: int) -> None:
    s.players[seat].coins -= n
    s.bank += n


# -- Moves ----------------------------------------------------------------------------------------------


def refill(s: MoonflightState, seat: int, chance: Chance) -> bool:
    """MF49, MF50, MF78: an empty Draw Deck takes the shuffled Discard Stack when a card is needed."""
    p = s.players[seat]
    if p.deck:
        return True
    if not p.discard:
        return False  # MF79: the effect is lost
    p.deck, p.discard = p.discard, []
    shuffle(chance, p.deck)
    emit(s, "shuffle", seat=seat, n=len(p.deck))
    return True


def draw(s: MoonflightState, seat: int, n: int, chance: Chance) -> int:
    """Draw n cards one at a time (MF89, MF105); a Draw from an empty deck and discard is wasted."""
    p = s.players[seat]
    got: list[str] = []
    for _ in range(n):
        if not refill(s, seat, chance):
            break
        card = p.deck.pop()
        insort(p.hand, card)
        got.append(card)
        s.fired.append([seat, "draw"])
    if got:
        emit_private(s, seat, "draw", {"seat": seat, "n": len(got)}, {"cards": got})
    return len(got)


def to_discard(s: MoonflightState, seat: int, card: str, verb: bool, why: str) -> None:
    """Move a card face up onto its owner's Discard Stack; `verb`: an effect said Discard (MF4)."""
    s.players[seat].discard.append(card)
    if verb:
        s.fired.append([seat, "discard"])
    emit(s, "discard" if verb else "to_discard", seat=seat, card=card, why=why)


def to_trash(s: MoonflightState, seat: int, card: str, verb: bool, why: str) -> None:
    """Move a card face up onto its owner's Trash Stack; a Trash is also a Move (MF95)."""
    s.players[seat].trash.append(card)
    if verb:
        s.fired.append([seat, "trash"])
    s.fired.append([seat, "to_trash"])
    emit(s, "trash" if verb else "to_trash", seat=seat, card=card, why=why)


def to_market(s: MoonflightState, seat: int, card: str, m: int, why: str) -> None:
    s.markets[m].append(card)
    s.fired.append([seat, "to_market"])
    emit(s, "to_market", seat=seat, card=card, market=m, why=why)


def leave_play(s: MoonflightState, seat: int, i: int) -> str:
    """Take the card at index i out of play; its Settled cards go to the Discard Stack (MF101)."""
    p = s.players[seat]
    card = p.play.pop(i)
    p.uids.pop(i)
    for c in reversed(p.settled.pop(i)):
        to_discard(s, seat, c, False, "unsettled")
    return card


def purchase(s: MoonflightState, seat: int, m: int, spend: bool) -> str:
    """MF35, MF97: the top card of Market Stack m onto the buyer's Discard Stack."""
    card = s.markets[m].pop()
    if spend:
        pay(s, seat, end_of(s, card).cost)
    s.players[seat].discard.append(card)
    s.fired.append([seat, "purchase"])
    emit(s, "purchase", seat=seat, card=card, market=m, spent=end_of(s, card).cost if spend else 0)
    return card


def deal_one(s: MoonflightState, seat: int, m: int) -> None:
    jack = s.players[seat].jack
    card = s.supply[jack].pop()
    s.markets[m].append(card)
    s.fired.append([seat, "deal"])
    emit(s, "deal", seat=seat, card=card, market=m)


def set_card(s: MoonflightState, seat: int, card: str, uid: int, why: str) -> None:
    """MF98: a card from hand face down onto a card in play; it is Settled."""
    p = s.players[seat]
    p.hand.remove(card)
    p.settled[in_play(p, uid)].append(card)
    s.fired.append([seat, "set"])
    onto = p.play[in_play(p, uid)]
    emit_private(s, seat, "set", {"seat": seat, "uid": uid, "onto": onto, "why": why}, {"card": card})


# -- limits (MF92: the rule that would cease to apply first wins) ----------------------------------------


def _lasting(p: Player, i: int) -> tuple[int, int]:
    """How soon card i in play would cease to apply (lower: sooner): a card without Settled cards leaves
    at the next Reset step 1, one with fewer Settled cards before one with more (step 6 takes one a Round)."""
    return (1 if p.settled[i] else 0, len(p.settled[i]))


def retain_limit(s: MoonflightState, seat: int, first: str | None = None) -> int:
    """MF44, MF92: "Your retain limit is N" of the card that would cease to apply first, else the
    character's, else 1; plus every "+N". Between cards that would cease to apply in the same step,
    `first`, their owner's choice of precedence (MF93), else the one played first."""
    p = s.players[seat]
    best: tuple[int, int] | None = None
    value = None
    extra = 0
    for i, card in enumerate(p.play):
        e = end_of(s, card)
        extra += e.retain
        if e.retain_is is not None:
            key = _lasting(p, i)
            if best is None or key < best or key == best and card == first:
                best, value = key, e.retain_is
    ch = character_end(s, seat)
    extra += ch.retain
    if value is None:
        value = ch.retain_is if ch.retain_is is not None else BASE_RETAIN_LIMIT
    return max(0, value + extra)


def retain_rivals(s: MoonflightState, seat: int) -> list[str]:
    """MF93: the cards in play whose different "Your retain limit is N" would cease to apply in the same step,
    so their owner chooses which takes precedence; empty when only one applies or they agree."""
    p = s.players[seat]
    rules = [(_lasting(p, i), card) for i, card in enumerate(p.play) if end_of(s, card).retain_is is not None]
    if not rules:
        return []
    soonest = min(key for key, _card in rules)
    cards = sorted({card for key, card in rules if key == soonest})
    return cards if len({end_of(s, c).retain_is for c in cards}) > 1 else []


def hand_limit(s: MoonflightState, seat: int) -> int:
    p = s.players[seat]
    return BASE_HAND_LIMIT + sum(end_of(s, c).hand_limit for c in p.play) + character_end(s, seat).hand_limit


# -- triggers -------------------------------------------------------------------------------------------


def ops_of(f: Frame) -> Ops:
    """The instructions an "ops" frame runs: [ops, seat, uid, card, white, field, k, pc]."""
    e = CARDS[f[3]].white if f[4] else CARDS[f[3]].black
    if f[5] == "play":
        return e.play
    if f[5] == "when":
        return e.when[f[6]][1]
    return e.spend[f[6]][2]


def fire_triggers(s: MoonflightState) -> None:
    """MF89, MF90: each event fires every matching ability once, each copy separately, in event order."""
    events, s.fired = s.fired, []
    turned = 1 if s.turned else 0
    frames: list[Frame] = []
    for seat, event, *side in events:
        white = side[0] if side else turned  # an event that happened before the Turn reads the black text
        p = s.players[seat]
        sources = [(uid, card) for uid, card in zip(p.uids, p.play, strict=True)]
        sources.append((CHARACTER, JACKS[p.jack].card.id))
        for uid, card in sources:
            for k, (ev, _ops) in enumerate(END[white][card].when):
                if ev == event:
                    frames.append(["ops", seat, uid, card, white, "when", k, 0])
    s.stack.extend(reversed(frames))


# -- the Turn and the End -------------------------------------------------------------------------------


def do_turn(s: MoonflightState, why: str) -> None:
    """MF64-MF66, MF100: every card turns; cards now "–" shed their Settled cards at once."""
    if s.turned:
        return
    s.turned = True
    for e in s.fired:  # events still waiting for their triggers happened before the Turn: black text
        if len(e) == 2:
            e.append(0)
    emit(s, "turn", why=why)
    for seat, p in enumerate(s.players):
        for i, card in enumerate(p.play):
            if END[1][card].stability is None and p.settled[i]:
                while p.settled[i]:
                    to_discard(s, seat, p.settled[i].pop(), False, "no stability")


def hand_score(s: MoonflightState, seat: int) -> int:
    """MF68, MF69: the upright scores of the cards in hand only."""
    return sum(end_of(s, c).score for c in s.players[seat].hand)


def finish(s: MoonflightState, reason: str) -> None:
    """The End: highest hand score; ties by coins, then fewest cards in deck and discard, then the
    First Player, then turn order from the First Player (MF70-MF73). A game stopped at the round cap
    ("cap", not an End of the rulebook) has no winner (moonflight/1 ranked it like an End)."""
    if s.over:
        return
    scores = [hand_score(s, i) for i in range(s.n)]
    order = s.order()

    def rank(seat: int) -> tuple[int, int, int, int]:
        p = s.players[seat]
        return (-scores[seat], -p.coins, len(p.deck) + len(p.discard), order.index(seat))

    s.winner = None if reason == "cap" and s.rules >= 2 else min(range(s.n), key=rank)
    s.scores = scores
    s.over = True
    s.reason = reason
    s.stack.clear()
    s.fired = []
    s.decisions = []
    emit(s, "end", reason=reason, scores=scores, winner=s.winner)
