"""Choices on the market: return, sell, free Purchase, push, a Shop going on, step 4.1 and Deals."""

from __future__ import annotations

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.moonflight.content import SUIT, SUIT_STARTER, SUITS_GENERIC
from moontable.games.moonflight.core import (
    Frame,
    ask,
    deal_one,
    do_turn,
    emit,
    end_of,
    frame,
    own_markets,
    purchase,
    to_market,
    to_trash,
)
from moontable.games.moonflight.picks import VERBS, Verb, hand_card, names_of
from moontable.games.moonflight.state import MoonflightState

# -- market: return, sell, purchase, push, shop ----------------------------------------------------------


def return_options(s: MoonflightState, seat: int, used: list[int] | None = None) -> list[Action]:
    """MF57, MF58: a card may go onto a Market Stack of its own suit (Jack suits only)."""
    out: list[Action] = []
    for card in sorted(set(s.players[seat].hand)):
        suit = SUIT[card]
        if suit in (SUIT_STARTER, SUITS_GENERIC):
            continue
        out += [("return", card, m) for m in own_markets(s, suit) if used is None or m not in used]
    return out


def _return_options(s: MoonflightState, f: Frame) -> list[Action]:
    return return_options(s, f[1])


def _return_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    s.players[f[1]].hand.remove(a[1])
    to_market(s, f[1], a[1], a[2], "return")
    return True


VERBS["return"] = Verb(_return_options, _return_apply, "Move a card from your hand to a Market Stack of its suit")


def _sell_options(s: MoonflightState, f: Frame) -> list[Action]:
    hand = s.players[f[1]].hand
    loose = [c for c in hand if SUIT[c] in (SUIT_STARTER, SUITS_GENERIC) or not own_markets(s, SUIT[c])]
    return return_options(s, f[1]) + names_of(loose)


def _sell_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    if a[0] == "return":
        return _return_apply(s, f, a, chance)
    to_trash(s, f[1], hand_card(s, f, a), False, "sold")
    return True


VERBS["sell"] = Verb(_sell_options, _sell_apply, "Move a card to a Market Stack of its suit, or to your Trash Stack")


def _purchase_options(s: MoonflightState, f: Frame) -> list[Action]:
    jack = s.players[f[1]].jack
    return [("market", m) for m in own_markets(s, jack) if s.markets[m] and end_of(s, s.markets[m][-1]).cost <= f[6]]


def _purchase_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    purchase(s, f[1], a[1], spend=False)
    return True


VERBS["purchase"] = Verb(_purchase_options, _purchase_apply, "Purchase a card without spending")


def _push_market_options(s: MoonflightState, f: Frame) -> list[Action]:
    return [("market", m) for m, stack in enumerate(s.markets) if stack]


def _push_market_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    f[3] = "push_player"
    f[6] = a[1]
    return False


VERBS["push_market"] = Verb(_push_market_options, _push_market_apply, "Choose the target Market Stack")


def _push_player_options(s: MoonflightState, f: Frame) -> list[Action]:
    return [("seat", k) for k in range(s.n)]  # MF87: exactly one target player


def _push_player_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    card = s.markets[f[6]].pop()
    s.players[a[1]].deck.append(card)  # MF77: face down on top
    emit(s, "push", seat=f[1], card=card, market=f[6], target=a[1])
    return True


VERBS["push_player"] = Verb(_push_player_options, _push_player_apply, "Choose the target player")


def shop_more_options(s: MoonflightState, seat: int) -> list[Action]:
    p = s.players[seat]
    return [("shop", m) for m in own_markets(s, p.jack) if s.markets[m]
            and end_of(s, s.markets[m][-1]).cost <= p.coins]


def _shop_more_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    purchase(s, f[1], a[1], spend=True)
    return True


VERBS["shop_more"] = Verb(lambda s, f: shop_more_options(s, f[1]), _shop_more_apply,
                          "Purchase more top cards of your suit in the same Shop")  # MF31, MF32


def _r41_apply(s: MoonflightState, f: Frame, a: Action, chance: Chance) -> bool:
    s.players[f[1]].hand.remove(a[1])
    to_market(s, f[1], a[1], a[2], "reset 4.1")
    f[6].append(a[2])
    return True


VERBS["r41"] = Verb(lambda s, f: return_options(s, f[1], f[6]), _r41_apply,
                    "Reset 4.1: Move a card from your hand onto a Market Stack of its suit")


# -- the deal frame ---------------------------------------------------------------------------------------


def _deal(s: MoonflightState, f: Frame, m: int) -> None:
    """One card of the deal frame ["deal", seat, left, per-stack counts x3, (1: Reset step 4)]."""
    seat = f[1]
    jack = s.players[seat].jack
    deal_one(s, seat, m)
    f[3 + own_markets(s, jack).index(m)] += 1
    f[2] -= 1
    if len(f) > 6 and f[6] and not s.supply[jack]:
        do_turn(s, "supply empty")  # MF55: it becomes empty during step 4: the Turn is now


def _act_deal(s: MoonflightState, f: Frame, seat: int, action: Action, chance: Chance) -> None:
    _deal(s, f, action[1])


@frame("deal", _act_deal)
def _run_deal(s: MoonflightState, f: Frame, chance: Chance) -> bool:
    """MF106, MF54: as evenly as possible over the three Market Stacks; the dealer places extras."""
    seat = f[1]
    jack = s.players[seat].jack
    markets = own_markets(s, jack)
    while True:
        k = min(f[2], len(s.supply[jack]))
        if k <= 0:
            s.stack.pop()
            return False
        low = min(f[3:6])
        cand = [m for i, m in enumerate(markets) if f[3 + i] == low]
        if k < len(cand):
            return ask(s, seat, "deal", [("market", m) for m in cand], "Deal: choose a Market Stack for the next card")
        for m in cand:
            _deal(s, f, m)
