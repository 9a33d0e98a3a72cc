"""Trick play (MO19-MO35): a turn is an optional small Asteroid and the Block token, then one card; the trick's
winner and the lowest off-suit card take their tokens; the winner leads the next trick."""

from __future__ import annotations

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.moons.asteroids import SMALL_ACT, play_small, playable
from moontable.games.moons.content import LARGE, MOON_CARDS, RANK, SUIT, SUITS
from moontable.games.moons.core import (
    ACT,
    BLOCK_ACT,
    CARD_ACT,
    DECLINE,
    TAKE_ACT,
    ask,
    draw_small,
    emit,
    frame,
    give_token,
    mask_of,
)
from moontable.games.moons.state import MoonsState

PROMPT_LEAD = "lead a card (first, if you like, a small Asteroid or the Block token)"
PROMPT_FOLLOW = "play a card, following suit if you can (first, if you like, a small Asteroid or the Block token)"
PROMPT_TAKE = "choose the planet of your token"
PROMPT_TAKE_OPTIONAL = "take a token of a planet in your tableau, or none"


def legal_cards(s: MoonsState, seat: int) -> list[int]:
    """The cards `seat` may play to the trick now (MO23-MO26)."""
    hand = s.hands[seat]
    if not s.trick:  # leading: a Moon card; a large Asteroid only from a hand of nothing else
        moons = [c for c in hand if c < MOON_CARDS]
        return moons or hand[:]
    led = s.led
    if led < 0 or s.wind:  # no suit led yet (a large Asteroid led), or Solar Wind: any card
        return hand[:]
    has, out = False, []
    for c in hand:
        suit = SUIT[c]
        if suit == led:
            has = True
            out.append(c)
        elif suit == LARGE:
            out.append(c)
    return out if has else hand[:]  # holding the led suit: that suit or a large Asteroid (MO25, MO26)


def play_options(s: MoonsState, seat: int) -> list[Action]:
    opts = [CARD_ACT[c] for c in legal_cards(s, seat)]
    smalls = s.smalls[seat]
    if smalls and not s.used_small:
        last = None
        for kind in smalls:  # sorted: each kind once
            if kind != last and playable(s, seat, kind):
                opts.append(SMALL_ACT[kind])
            last = kind
    if s.block == seat:
        opts.extend(BLOCK_ACT[p] for p in range(SUITS) if s.supply[p] > 0)
    return opts


def _trick_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance) -> None:
    what = action[0]
    if what == "card":
        play_card(s, seat, action[1], chance)
    elif what == "small":
        play_small(s, seat, action[1], chance)
    else:  # the Block token (MO11): spent, back to the common area
        s.blocked = action[1]
        s.block = -1
        emit(s, "block", seat=seat, planet=action[1])


@frame("trick", _trick_act)
def _trick_run(s: MoonsState, f: list, chance: Chance) -> bool:
    if len(s.trick) == s.n:
        resolve(s)
        return False
    seat = (s.leader + len(s.trick)) % s.n
    return ask(s, seat, "play", play_options(s, seat), PROMPT_FOLLOW if s.trick else PROMPT_LEAD)


def play_card(s: MoonsState, seat: int, card: int, chance: Chance) -> None:
    s.hands[seat].remove(card)
    shown = s.shown[seat]
    if card in shown:
        shown.remove(card)
    suit = SUIT[card]
    if not s.trick and suit == LARGE:
        s.void[seat] = (1 << SUITS) - 1  # it led a large Asteroid: it holds no Moon card
    elif suit != LARGE:
        if s.led < 0:
            s.led = suit
        elif suit != s.led and not s.wind:
            s.void[seat] |= 1 << s.led  # it did not follow: it has none of the led suit (MO25)
    s.trick.append(card)
    if s.trace is not None:  # emit, inlined: the commonest event
        s.trace.append({"seat": seat, "card": card, "type": "play"})
    s.wind = False
    s.used_small = False
    if suit == LARGE:
        draw_small(s, seat, 1, chance)  # MO26


def winner_of(s: MoonsState) -> int:
    """The seat whose card wins the trick: the highest of the led suit, or the lowest under Retrograde (MO27);
    -1 if no Moon card was played."""
    led = s.led
    if led < 0:
        return -1
    best_i, best_r = -1, 0
    retro = s.retro
    for i, c in enumerate(s.trick):
        if SUIT[c] == led:
            r = RANK[c]
            if best_i < 0 or (r < best_r if retro else r > best_r):
                best_i, best_r = i, r
    return (s.leader + best_i) % s.n


def lowest_off_suit(s: MoonsState) -> int:
    """The seat of the single lowest off-suit Moon card, or -1 (none, or a tie for lowest: MO32-MO34)."""
    led = s.led
    low, who, tie = 99, -1, False
    for i, c in enumerate(s.trick):
        suit = SUIT[c]
        if suit != led and suit != LARGE:
            r = RANK[c]
            if r < low:
                low, who, tie = r, i, False
            elif r == low:
                tie = True
    if who < 0:
        return -1
    if tie:
        emit(s, "low_tie", rank=low)
        return -1
    return (s.leader + who) % s.n


def resolve(s: MoonsState) -> None:
    """The trick is complete: the winner's token (and Gravity Assist's), then the lowest off-suit card's (MO28,
    MO31, MO32), then the trick is cleared and the winner leads (trick_done)."""
    s.stack.pop()
    winner = winner_of(s)
    s.stack.append(["trick_done", winner])
    if winner < 0:
        emit(s, "no_winner")
        return
    s.tricks[winner] += 1
    emit(s, "win", seat=winner, card=s.trick[(winner - s.leader) % s.n])
    bar = ~(1 << s.blocked) if s.blocked >= 0 else -1
    awards = [["award", winner, mask_of(s.tableaux[winner]) & bar, 0]]
    if s.assist[winner]:
        awards.append(["award", winner, mask_of(s.tableaux[winner]) & bar, 0])
    low = lowest_off_suit(s)
    if low >= 0:
        card = s.trick[(low - s.leader) % s.n]
        awards.append(["award", low, (1 << SUIT[card]) & bar, 0])
    s.stack.extend(reversed(awards))


@frame("trick_done")
def _trick_done_run(s: MoonsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    winner = f[1]
    s.played.extend(s.trick)
    s.last_trick = s.trick
    s.last_leader = s.leader
    s.last_winner = winner
    s.trick = []
    s.led = -1
    s.retro = False
    s.blocked = -1
    s.assist = [False] * s.n
    s.trick_no += 1
    s.tricks_played += 1
    if winner >= 0:  # MO35; with no winner the same player leads again
        s.leader = winner
    return False


def _award_act(s: MoonsState, f: list, seat: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    if action[0] == "take":
        give_token(s, seat, action[1])
    else:
        emit(s, "declined", seat=seat)


@frame("award", _award_act)
def _award_run(s: MoonsState, f: list, chance: Chance) -> bool:
    """A token owed to `seat` from the planets in `mask`: only planets still in the supply (MO30); a choice when
    there are several (MO29), or when it may be declined (MO38)."""
    _, seat, mask, optional = f
    allowed = [p for p in range(SUITS) if mask >> p & 1 and s.supply[p] > 0]
    if not allowed:
        s.stack.pop()
        emit(s, "no_token", seat=seat)
        return False
    if len(allowed) == 1 and not optional:
        s.stack.pop()
        give_token(s, seat, allowed[0])
        return False
    opts = [TAKE_ACT[p] for p in allowed]
    if optional:
        opts.append(DECLINE)
    return ask(s, seat, "take", opts, PROMPT_TAKE_OPTIONAL if optional else PROMPT_TAKE)


__all__ = ["ACT", "legal_cards", "lowest_off_suit", "play_options", "winner_of"]
