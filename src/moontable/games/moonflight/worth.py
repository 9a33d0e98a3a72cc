"""What cards and coin tokens are worth to a Moonflight player: the numbers the bots' policy and
evaluation share (policy.py, knowledge.py).

Everything is in points of the final score. Before the Turn a card is worth what it makes when played
(coin tokens, cards drawn, cards cycled, lasting effects), read from its black end's instructions, times
how often it will still be played before the Turn, plus a share of the score its white end will make;
after the Turn a card is worth its score, and a card that scores nothing dilutes the final hand.

The final hand is estimated from the cards a player owns (all but the Trash Stack): the retained best
cards plus the hand limit's worth of the rest at their mean score (`hand_estimate`), and the best hand
the player could reach by trashing down to it (`hand_potential`).
"""

from __future__ import annotations

from statistics import fmean

from moontable.games.moonflight.cards import End
from moontable.games.moonflight.content import CARDS, END, JACKS
from moontable.games.moonflight.state import MoonflightState, Player

PPC = 0.5  # points per coin token before the Turn (what a coin buys, in final score)
POST_COIN = 0.3  # after the Turn
DILUTION = 0.6  # a card after the Turn that scores nothing: what it costs to hold it in the cycle
SCORE_SHARE = 0.7  # share of a white score counted before the Turn (it may be lost, diluted or spent)

# coin-equivalents of the black-end ops, per unit (draws are valued against the deck elsewhere)
_BLACK_OP = {
    "gain": 1.0, "draw": 0.9, "discard": -0.4, "discard_upto": 0.0, "discard_deck": 0.0, "discard_redraw": 0.4,
    "trash": 0.2, "trash_upto": 0.3, "trash_hand": 0.2, "trash_hand_upto": 0.3, "trash_deck": 0.0,
    "take_top": 0.8, "take": 0.9, "deal": 0.25, "return_upto": 0.1, "purchase": 0.6, "set": 0.2,
    "set_upto": 0.2, "unsettle_upto": 0.2, "sift": 0.3, "gain_per_settled": 1.0, "sell": 0.1,
    "trash_settled": 0.1, "trash_from_discard": 0.2, "push": 0.3,
}
_TRIGGER = {"discard": 1.0, "draw": 2.0, "deal": 1.5, "set": 1.0, "purchase": 1.0, "to_trash": 1.0,
            "trash": 0.8, "to_market": 0.8}


def _ops_coins(ops: tuple[tuple, ...], jack: str) -> float:
    """Coin-equivalent value of black-end instructions when played by a player of `jack`."""
    total = 0.0
    half = False
    for op in ops:
        name = op[0]
        if name == "if_hand":
            half = True
            continue
        n = op[1] if len(op) > 1 and isinstance(op[1], int) else 1
        v = _BLACK_OP.get(name, 0.0) * n
        if jack == "clay" and name in ("discard", "discard_deck", "discard_redraw"):
            v += (0.8 if name == "discard_redraw" else 1.0) * n  # its Jack gains 1 for each Discard
        if name == "deal" and jack == "bond":
            v += 0.2 * n
        total += v * (0.5 if half else 1.0)
        half = False
    return total


def _lasting_coins(e: End) -> float:
    """Coin-equivalent per Round of what an end does while it stays in play."""
    v = 0.8 * e.hand_limit + 0.3 * e.retain + (0.3 if e.retain_is is not None else 0.0)
    v += sum(_TRIGGER.get(ev, 0.5) * (1.0 if ops and ops[0][0] == "gain" else 0.8) for ev, ops in e.when)
    for kind, amount, ops in e.spend:
        gain = _ops_coins(ops, "")
        v += max(0.0, gain - (amount if kind == "coins" else 0.5 * amount)) + 0.2
    return v


def _econ(card: str, jack: str) -> float:
    e = CARDS[card].black
    return _ops_coins(e.play, jack) + 0.6 * _lasting_coins(e)


# ECON[jack][card]: what playing the card's black end makes, in coin-equivalents
ECON: dict[str, dict[str, float]] = {j: {c: _econ(c, j) for c in CARDS} for j in JACKS}
LASTING: tuple[dict[str, float], dict[str, float]] = (
    {c: _lasting_coins(CARDS[c].black) for c in CARDS}, {c: _lasting_coins(CARDS[c].white) for c in CARDS})
WHITE_SCORE: dict[str, int] = {c: CARDS[c].white.score for c in CARDS}
# white ends that remove cards from the cycle (thinning) or bring scoring cards to hand: useful after the Turn
THIN_OPS = {"trash", "trash_upto", "trash_hand", "trash_hand_upto", "trash_deck", "trash_this", "trash_whole_hand",
            "trash_from_discard", "trash_settled", "sell", "return_upto", "set", "set_upto"}


def _thins(e: End) -> float:
    n = 0.0
    for op in e.play:
        if op[0] in THIN_OPS and op[0] != "trash_this":
            n += op[1] if len(op) > 1 and isinstance(op[1], int) else 1
    for _kind, _amount, ops in e.spend:
        n += 0.5 * sum(1 for op in ops if op[0] in THIN_OPS and op[0] != "trash_this")
    return n


THINS: dict[str, float] = {c: _thins(CARDS[c].white) for c in CARDS}


def owned(p: Player) -> list[str]:
    """Every card a player owns outside the Trash Stack."""
    out = p.hand + p.kept + p.deck + p.discard + p.play
    for st in p.settled:
        out = out + st
    return out


def cycle_cards(p: Player) -> list[str]:
    """The cards that will come round again: owned, less the cards in play kept there by Settled cards."""
    out = p.hand + p.kept + p.deck + p.discard
    for card, st in zip(p.play, p.settled, strict=True):
        out = out + st
        if not st:
            out.append(card)
    return out


def rounds_to_turn(s: MoonflightState) -> float:
    """About how many Rounds are left before the Turn (0 after it)."""
    if s.turned:
        return 0.0
    least = min((len(x) for x in s.supply.values()), default=0)
    empty = any(not m for m in s.markets)
    return least / 3.0 + (0.5 if empty else 2.0)


def hand_estimate(scores: list[int], hand: int, retain: int) -> float:
    """The expected score of a final hand from cards of these scores: the `retain` best kept, the rest
    of the hand drawn at random."""
    if not scores:
        return 0.0
    ranked = sorted(scores, reverse=True)
    top = sum(ranked[:retain])
    rest = ranked[retain:]
    room = max(0, hand - retain)
    if len(rest) <= room:
        return float(top + sum(rest))
    return top + room * fmean(rest)


def hand_potential(scores: list[int], hand: int) -> float:
    """The best final hand these cards allow (everything else trashed)."""
    return float(sum(x for x in sorted(scores, reverse=True)[:hand] if x > 0))


def score_value(s: MoonflightState, seat: int, cards: list[str] | None = None, hand: int | None = None,
                retain: int | None = None) -> float:
    """The final score a player is heading for: a blend of where their cards are now and what trashing
    could make of them (the nearer the End, the more it is where they are now)."""
    from moontable.games.moonflight.core import hand_limit, retain_limit

    p = s.players[seat]
    cards = cycle_cards(p) if cards is None else cards
    h = hand_limit(s, seat) if hand is None else hand
    h = max(5, h)
    r = retain_limit(s, seat) if retain is None else retain
    scores = [WHITE_SCORE[c] for c in cards]
    est = hand_estimate(scores, h, min(r, h))
    pot = hand_potential(scores, h)
    if not s.turned:
        return SCORE_SHARE * pot
    w = 0.45 if len(cards) > h + 4 else 0.25
    return w * pot + (1 - w) * est


def deck_econ(s: MoonflightState, seat: int) -> float:
    """Mean coin-equivalent per card of a player's cycle (black ends)."""
    p = s.players[seat]
    cards = cycle_cards(p)
    if not cards:
        return 0.0
    table = ECON[p.jack]
    return fmean(table[c] for c in cards)


def plays_left(s: MoonflightState, seat: int) -> float:
    """How many more times a card added to the cycle now is played before the Turn."""
    from moontable.games.moonflight.core import hand_limit

    if s.turned:
        return 0.0
    n = max(5, len(cycle_cards(s.players[seat])))
    per_round = min(1.0, hand_limit(s, seat) / n)
    return max(0.0, rounds_to_turn(s) - 1.0) * per_round


def keep_value(s: MoonflightState, seat: int, card: str, plays: float | None = None,
               mean_econ: float | None = None) -> float:
    """What it is worth to a player to keep this card in the cycle rather than lose it, in points."""
    if s.turned:
        return post_keep(s, seat, card)
    p = s.players[seat]
    pl = plays_left(s, seat) if plays is None else plays
    me = deck_econ(s, seat) if mean_econ is None else mean_econ
    return PPC * (ECON[p.jack][card] - 0.7 * me) * max(0.5, pl) + SCORE_SHARE * WHITE_SCORE[card]


TEMPO = 0.5  # after the Turn, each card more in the cycle than the hand holds delays the End by that much


def post_keep(s: MoonflightState, seat: int, card: str, cards: list[str] | None = None,
              base: float | None = None) -> float:
    """After the Turn: how much worse the final hand a player is heading for would be without this card,
    less the tempo a card over the hand limit costs (the game ends when a cycle fits in the hand)."""
    from moontable.games.moonflight.core import hand_limit

    cards = cycle_cards(s.players[seat]) if cards is None else cards
    if base is None:
        base = score_value(s, seat, cards)
    less = list(cards)
    if card in less:
        less.remove(card)
    v = base - score_value(s, seat, less)
    if len(cards) > max(5, hand_limit(s, seat)):
        v -= TEMPO + 0.05 * max(0, s.round - 20)  # a long game: ending it matters more and more
    return v + 0.1 * THINS[card] * (len(cards) > 8)


def end_now(s: MoonflightState, card: str) -> End:
    return END[1 if s.turned else 0][card]


__all__ = ["ECON", "PPC", "POST_COIN", "cycle_cards", "deck_econ", "hand_estimate", "hand_potential", "keep_value",
           "owned", "plays_left", "rounds_to_turn", "score_value"]
