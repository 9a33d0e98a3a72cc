"""The Moonflight bots' policy: a value for every option of every decision, in points (worth.py).

The Act: Play the cards that make something (drawing cards first, so that what they draw can be
played too), then Shop for the card worth most for its cost, then Build (Set what is left in hand onto
cards whose lasting effect is worth keeping in play), then Pass. Before the Turn a card is bought for
what it makes and a share of its white score; after it, only if it raises the final hand the player is
heading for, and cards that score nothing are trashed, Set, sold or returned whenever an effect allows.
Choices inside an instruction lose the card worth least and take the one worth most (`keep_value`).
"""

from __future__ import annotations

from moontable.engine import Action, Decision
from moontable.games.moonflight.cards import End
from moontable.games.moonflight.content import CARDS, JACKS, SUIT
from moontable.games.moonflight.core import CHARACTER, end_of, hand_limit, retain_limit
from moontable.games.moonflight.state import MoonflightState
from moontable.games.moonflight.worth import (
    ECON,
    LASTING,
    POST_COIN,
    PPC,
    WHITE_SCORE,
    cycle_cards,
    deck_econ,
    keep_value,
    plays_left,
    post_keep,
    score_value,
)

PASS_VALUE = 0.0
LATER = 0.05  # a Shop or Build while a useful Play is left waits for it


class Ctx:
    """Per-decision numbers shared by the option values of one seat."""

    __slots__ = ("s", "seat", "p", "turned", "plays", "mean_econ", "coin", "keep", "cards", "base")

    def __init__(self, s: MoonflightState, seat: int) -> None:
        self.s = s
        self.seat = seat
        self.p = s.players[seat]
        self.turned = s.turned
        self.plays = plays_left(s, seat)
        self.mean_econ = deck_econ(s, seat)
        self.coin = POST_COIN if s.turned else PPC
        self.keep: dict[str, float] = {}
        self.cards: list[str] | None = None
        self.base = 0.0

    def kv(self, card: str) -> float:
        v = self.keep.get(card)
        if v is None:
            if self.turned:
                if self.cards is None:
                    self.cards = cycle_cards(self.p)
                    self.base = score_value(self.s, self.seat, self.cards)
                v = post_keep(self.s, self.seat, card, self.cards, self.base)
            else:
                v = keep_value(self.s, self.seat, card, self.plays, self.mean_econ)
            self.keep[card] = v
        return v

    def draw_value(self) -> float:
        if self.turned:
            return 0.1
        deck = self.p.deck or self.p.discard
        if not deck:
            return 0.0
        table = ECON[self.p.jack]
        return PPC * max(0.2, sum(table[c] for c in deck) / len(deck))


# -- ops ---------------------------------------------------------------------------------------------


def _worst(ctx: Ctx, cards: list[str], k: int, only_bad: bool) -> float:
    """What losing the k least valuable of `cards` gains (only those worth less than nothing if `only_bad`)."""
    vals = sorted(ctx.kv(c) for c in cards)[:k]
    return sum(-v for v in vals if v < 0 or not only_bad)


def ops_value(ctx: Ctx, e: End, hand: list[str], card: str | None) -> float:
    """The value of running an end's instructions now (`hand`: the hand while they run)."""
    s, p = ctx.s, ctx.p
    v = 0.0
    skip = False
    for op in e.play:
        name = op[0]
        if skip:
            skip = False
            continue
        n = op[1] if len(op) > 1 and isinstance(op[1], int) else 1
        if name == "if_hand":
            size = len(hand)
            skip = not (size == op[2] if op[1] == "==" else size >= op[2])
        elif name == "gain":
            v += n * ctx.coin
        elif name == "draw":
            v += n * ctx.draw_value()
        elif name in ("discard", "discard_upto"):
            if p.jack == "clay" and not ctx.turned:
                v += n * PPC
            elif name == "discard":
                v -= 0.15 * n if not ctx.turned else 0.0
        elif name == "discard_redraw":
            bad = sum(1 for c in hand if ctx.kv(c) < 0.2)
            v += min(n, bad) * (0.3 + (PPC if p.jack == "clay" and not ctx.turned else 0.0))
        elif name == "discard_deck":
            v += n * (PPC if p.jack == "clay" and not ctx.turned else 0.05)
        elif name in ("trash", "trash_upto"):
            pool = hand + [c for c, st in zip(p.play, p.settled, strict=True) if not st and c != card]
            v += _worst(ctx, pool, n, True)
        elif name in ("trash_hand", "trash_hand_upto"):
            v += _worst(ctx, hand, n, name.endswith("upto"))
        elif name == "trash_whole_hand":
            v += -sum(ctx.kv(c) for c in hand)
        elif name == "trash_this" and card is not None:
            v += -ctx.kv(card)
        elif name == "trash_deck":
            deck = p.deck or p.discard
            if deck:
                v += n * max(-1.0, -sum(ctx.kv(c) for c in deck) / len(deck))
        elif name == "trash_from_discard":
            v += max(0.0, _worst(ctx, p.discard, 1, True))
        elif name == "take_top":
            zone = p.discard if op[1] == "discard" else p.trash
            if zone:
                v += max(0.0, _hand_worth(ctx, zone[-1]))
        elif name == "take":
            zone = {"discard": p.discard, "trash": p.trash, "deck": p.deck or p.discard}[op[1]]
            if zone:
                v += max(0.0, max(_hand_worth(ctx, c) for c in set(zone)))
        elif name == "deal":
            v += 0.1 * n + n * ctx.coin * _triggers(s, ctx.seat, "deal")
        elif name in ("return_upto", "sell"):
            cands = [c for c in hand if SUIT[c] in JACKS or name == "sell"]
            gain = max((-ctx.kv(c) for c in cands), default=0.0)
            if ctx.turned and p.jack == "bond" and cands:
                gain = max(gain, 0.0) + ctx.coin * (1 if any(SUIT[c] in JACKS for c in cands) else 0)
            v += max(0.0, gain) if name == "return_upto" else gain
        elif name == "purchase":
            v += max((buy_worth(ctx, s.markets[m][-1]) for m in _own_markets(s, p.jack)
                      if s.markets[m] and end_of(s, s.markets[m][-1]).cost <= op[1]), default=0.0)
        elif name in ("set", "set_upto"):
            v += n * max(0.0, _set_gain(ctx, hand)) if name == "set_upto" else n * _set_gain(ctx, hand)
        elif name == "unsettle_upto":
            tops = sorted((_unsettle_worth(ctx, st[-1]) for st in p.settled if st), reverse=True)[:n]
            v += sum(x for x in tops if x > 0)
        elif name == "trash_settled":
            v += max((-ctx.kv(st[-1]) for st in p.settled if st), default=0.0)
        elif name == "sift":
            v += n * (0.3 if ctx.turned else 0.2)
        elif name == "gain_per_settled":
            v += ctx.coin * sum(len(st) for st in p.settled)
        elif name == "push":
            tops = [WHITE_SCORE[m[-1]] if ctx.turned else 0 for m in s.markets if m]
            v += max([0.0] + [float(t) for t in tops] + [-float(t) for t in tops])
    return v


def _hand_worth(ctx: Ctx, card: str) -> float:
    """What a card brought to hand is worth now: its score after the Turn, what it makes before."""
    if ctx.turned:
        return float(WHITE_SCORE[card])
    return PPC * ECON[ctx.p.jack][card]


def end_near(s: MoonflightState) -> bool:
    """Whether some player's cycle nearly fits in their hand: the End may come at the next Reset."""
    return any(len(p.deck) + len(p.discard) + len(p.hand) <= max(5, hand_limit(s, i)) + 1
               for i, p in enumerate(s.players))


def _unsettle_worth(ctx: Ctx, card: str) -> float:
    """A Settled card back in hand: worth its score if the End may come now; otherwise it goes round
    again anyway (a Settled card goes to the Discard Stack at Reset step 6)."""
    if ctx.turned:
        return WHITE_SCORE[card] - 0.3 if end_near(ctx.s) else -0.3
    return PPC * ECON[ctx.p.jack][card] - 0.3


def _set_gain(ctx: Ctx, hand: list[str]) -> float:
    if not hand:
        return 0.0
    worst = min(ctx.kv(c) for c in hand)
    return (-worst if ctx.turned else 0.1) + ctx.coin * _triggers(ctx.s, ctx.seat, "set")


def _triggers(s: MoonflightState, seat: int, event: str) -> int:
    p = s.players[seat]
    n = 0
    for card in [*p.play, JACKS[p.jack].card.id]:
        for ev, ops in end_of(s, card).when:
            if ev == event and ops and ops[0][0] == "gain":
                n += ops[0][1]
    return n


def _own_markets(s: MoonflightState, jack: str) -> list[int]:
    return [m for m, suit in enumerate(s.market_suit) if suit == jack]


# -- what a card is worth to buy -------------------------------------------------------------------------


def buy_worth(ctx: Ctx, card: str) -> float:
    s = ctx.s
    if not s.turned:
        return PPC * (ECON[ctx.p.jack][card] - 0.8 * ctx.mean_econ) * ctx.plays + 0.85 * WHITE_SCORE[card]
    cards = cycle_cards(ctx.p)
    return score_value(s, ctx.seat, cards + [card]) - score_value(s, ctx.seat, cards)


# -- the Act ----------------------------------------------------------------------------------------------


def play_value(ctx: Ctx, card: str) -> float:
    e = end_of(ctx.s, card)
    hand = list(ctx.p.hand)
    hand.remove(card)
    v = ops_value(ctx, e, hand, card)
    if not ctx.turned:
        v += 0.5 * PPC * LASTING[0][card]
    elif e.when or e.spend or e.hand_limit or e.retain or e.retain_is is not None:
        v += 0.4 * POST_COIN * (LASTING[1][card] + 1.0)
    if ctx.turned and (e.stability or 0) >= 1 and not ctx.p.built:
        junk = sorted(ctx.kv(c) for c in hand if ctx.kv(c) < 0)[:e.stability]
        v += 0.5 * -sum(junk)  # a foundation to Set (and so lock away or trash) what is left in hand
    if ctx.turned and not any(op[0] == "trash_this" for op in e.play) and _can_thin(ctx):
        v -= 0.8 * max(0.0, -ctx.kv(card))  # held, it could be trashed or Set instead
    if ctx.turned and WHITE_SCORE[card] > 0:
        r = retain_limit(ctx.s, ctx.seat)
        if WHITE_SCORE[card] >= min(sorted((WHITE_SCORE[c] for c in ctx.p.hand), reverse=True)[:r], default=0):
            v -= 0.5 * WHITE_SCORE[card]  # the best cards are retained for the final hand
    return v


def _can_thin(ctx: Ctx) -> bool:
    """Whether a card held in hand could still be trashed or Set this Round (a Build or a Spend that does it)."""
    p = ctx.p
    if not p.built and any((end_of(ctx.s, c).stability or 0) >= 1 for c in p.play):
        return True
    sources = [end_of(ctx.s, c) for c in p.play] + [CARDS[JACKS[p.jack].card.id].end(ctx.turned)]
    return any(op[0] in ("trash_hand", "set", "sell", "trash_settled", "return_upto") for e in sources
               for _k, _a, ops in e.spend for op in ops)


def spend_value(ctx: Ctx, uid: int, k: int) -> float:
    p = ctx.p
    card = JACKS[p.jack].card.id if uid == CHARACTER else p.play[p.uids.index(uid)]
    kind, amount, ops = CARDS[card].end(ctx.turned).spend[k]
    hand = list(p.hand)
    if kind == "coins":
        cost = amount * (ctx.coin if not ctx.turned else 0.5 * POST_COIN + 0.05)
    else:
        paid = sorted(hand, key=lambda c: _pay_cost(ctx, c))[:amount]
        cost = sum(_pay_cost(ctx, c) for c in paid)
        for c in paid:
            hand.remove(c)
    e = End(0, 0, None, "", ops)
    return ops_value(ctx, e, hand, card) - cost - 0.05


def _pay_cost(ctx: Ctx, card: str) -> float:
    """Spending a card from hand Moves it to the Discard Stack: it loses its play (before the Turn) or
    its place in the final hand (after)."""
    if ctx.turned:
        return 0.15 * max(0, WHITE_SCORE[card]) + 0.02
    return max(0.0, PPC * ECON[ctx.p.jack][card]) + 0.02


def build_value(ctx: Ctx) -> float:
    p = ctx.p
    spare = sorted(p.hand, key=ctx.kv)
    if ctx.turned:
        spare = [c for c in spare if WHITE_SCORE[c] <= 0]
    if not spare:
        return 0.0
    v = 0.0
    free = len(spare)
    for card, st in zip(p.play, p.settled, strict=True):
        stab = end_of(ctx.s, card).stability or 0
        if stab < 1 or free <= 0:
            continue
        use = min(stab, free)
        free -= use
        if ctx.turned:
            v += 0.3 * use
        elif not st:
            v += PPC * LASTING[0][card] * 0.8
        v += use * ctx.coin * _triggers(ctx.s, ctx.seat, "set")
    return v


def act_values(s: MoonflightState, d: Decision) -> dict[Action, float]:
    ctx = Ctx(s, d.seat)
    out: dict[Action, float] = {}
    best_play = 0.0
    for o in d.options:
        if o[0] == "play":
            v = play_value(ctx, o[1])
            best_play = max(best_play, v)
        elif o[0] == "spend":
            v = spend_value(ctx, o[1], o[2])
        elif o[0] == "pass":
            v = PASS_VALUE
        else:
            continue
        out[o] = v
    for o in d.options:
        if o[0] == "shop":
            card = s.markets[o[1]][-1]
            cost = end_of(s, card).cost
            v = buy_worth(ctx, card) - cost * (0.12 if not s.turned else 0.08)
            if SUIT[card] == ctx.p.jack and not s.turned:
                v += 0.1
            out[o] = v if best_play <= LATER or v <= 0 else min(v, LATER * 0.5)
        elif o[0] == "build":
            v = build_value(ctx)
            out[o] = v if best_play <= LATER or v <= 0 else min(v, LATER * 0.4)
    return out


# -- choices inside instructions and at Reset ------------------------------------------------------------

LOSE = {"discard", "redraw", "trash_any", "trash_hand", "trash_discard", "pay", "sell", "trash_settled", "set",
        "build", "return"}


def _card_of(s: MoonflightState, seat: int, o: Action) -> str | None:
    p = s.players[seat]
    if o[0] in ("card", "keep", "first", "set", "return"):
        return str(o[1])
    if o[0] == "play":
        i = p.uids.index(o[1]) if o[1] in p.uids else -1
        return p.play[i] if i >= 0 else None
    if o[0] == "settled":
        i = p.uids.index(o[1]) if o[1] in p.uids else -1
        return p.settled[i][-1] if i >= 0 and p.settled[i] else None
    if o[0] in ("market", "shop"):
        m = s.markets[o[1]]
        return m[-1] if m else None
    return None


def choice_values(s: MoonflightState, d: Decision) -> dict[Action, float]:
    ctx = Ctx(s, d.seat)
    kind = d.kind
    out: dict[Action, float] = {}
    if kind == "act":
        return act_values(s, d)
    for o in d.options:
        if o == ("done",):
            out[o] = 0.0
            continue
        card = _card_of(s, d.seat, o)
        if kind in LOSE:
            if card is None:
                out[o] = -0.01
                continue
            if kind == "trash_any" and o[0] == "play":
                v = -ctx.kv(card) - 0.05  # a card in play: lose its lasting effect too
            elif kind in ("discard", "redraw", "pay"):
                v = -(_hand_worth(ctx, card) if not ctx.turned else 0.3 * WHITE_SCORE[card]) - 0.01
                if kind == "redraw":
                    v += ctx.draw_value()
                    if ctx.p.jack == "clay" and not ctx.turned:
                        v += PPC
                if kind == "discard" and ctx.p.jack == "clay" and not ctx.turned:
                    v += PPC
            elif kind == "trash_settled":
                v = -ctx.kv(card)
            elif kind in ("set", "build"):
                v = -ctx.kv(card) if ctx.turned else -_hand_worth(ctx, card) + 0.15
                if kind == "build" and not ctx.turned:
                    v = 0.2 - _hand_worth(ctx, card)  # what is left in hand would only be discarded
                v += _foundation(ctx, o[2]) + ctx.coin * _triggers(s, d.seat, "set")
            elif kind == "return":
                v = -ctx.kv(card) + (ctx.coin if ctx.turned and ctx.p.jack == "bond" else 0.0) - 0.05
            elif kind == "sell":
                v = -ctx.kv(card) + (ctx.coin if ctx.turned and ctx.p.jack == "bond" and o[0] == "return" else 0)
            else:
                v = -ctx.kv(card)
            out[o] = v
        elif kind == "take":
            out[o] = _hand_worth(ctx, card) if card is not None else 0.0
        elif kind == "unsettle":
            out[o] = _unsettle_worth(ctx, card) if card is not None else 0.0
        elif kind in ("purchase", "shop_more"):
            v = buy_worth(ctx, card) if card is not None else 0.0
            if kind == "shop_more":
                v -= end_of(s, card).cost * (0.12 if not s.turned else 0.08) if card is not None else 0
            out[o] = v
        elif kind == "retain":
            out[o] = _retain_worth(ctx, card) if card is not None else 0.0
        elif kind == "r41":
            v = -ctx.kv(card) if card is not None else 0.0
            out[o] = v + (ctx.coin if ctx.turned and ctx.p.jack == "bond" else 0.0) - 0.1
        elif kind == "push_market":
            w = WHITE_SCORE[card] if card is not None and s.turned else 0
            out[o] = float(abs(w))
        elif kind == "push_player":
            m = s.stack[-1][6]
            top = s.markets[m][-1] if s.markets[m] else None
            good = top is not None and s.turned and WHITE_SCORE[top] > 0
            mine = o[1] == d.seat
            out[o] = 1.0 if mine == good else 0.0
        elif kind == "counter":
            out[o] = 1.0 if o[1] == "turn" else 0.0
        elif kind == "order":
            out[o] = 1.0 if o == ("rest",) else 0.0
        elif kind == "precedence":  # MF93: a higher retain limit keeps more choice
            out[o] = float(retain_limit(s, d.seat, o[1]))
        else:  # "deal" and anything else: all alike
            out[o] = 0.0
    return out


def _foundation(ctx: Ctx, uid: int) -> float:
    p = ctx.p
    if uid not in p.uids:
        return 0.0
    i = p.uids.index(uid)
    if ctx.turned:
        return 0.0
    return (0.3 if not p.settled[i] else 0.0) * LASTING[0][p.play[i]]


def _retain_worth(ctx: Ctx, card: str) -> float:
    if ctx.turned:
        return float(WHITE_SCORE[card]) + 0.01 * ECON[ctx.p.jack][card]
    return PPC * ECON[ctx.p.jack][card] + 0.1 * WHITE_SCORE[card]


def option_values(s: MoonflightState, d: Decision) -> dict[Action, float]:
    """The policy's value of each option of `d` (the state dealt from the decider's view)."""
    return choice_values(s, d)


def best(s: MoonflightState, d: Decision) -> Action:
    if len(d.options) == 1:
        return d.options[0]
    values = option_values(s, d)
    return max(d.options, key=lambda o: values.get(o, -1e9))


__all__ = ["act_values", "best", "buy_worth", "choice_values", "option_values"]
