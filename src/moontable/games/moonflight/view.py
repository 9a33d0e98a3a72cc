"""Per-seat views (MF15, MF113): Market, Discard and Trash Stacks are public; Draw Decks, Supply Stacks,
hands and Settled cards are hidden (a player sees their own hand and Settled cards).

What a player holds face down (hand, deck, Settled cards) is public as a multiset ("unseen"): every
card enters and leaves those zones in the open. So is each Supply Stack's content. Only where each
of those cards lies, and in what order, is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moontable.games.moonflight.content import CARDS, JACKS, title_for
from moontable.games.moonflight.core import hand_limit, retain_limit
from moontable.games.moonflight.state import MoonflightState
from moontable.words import count


def unseen(s: MoonflightState, seat: int) -> list[str]:
    p = s.players[seat]
    return sorted(p.hand + p.kept + p.deck + [c for st in p.settled for c in st])


def player_view(s: MoonflightState, seat: int, me: int | None) -> dict[str, Any]:
    p = s.players[seat]
    mine = seat == me
    return {
        "jack": p.jack,
        "coins": p.coins,
        "built": p.built,
        "shopped": p.shopped,
        "hand": p.hand[:] if mine else None,
        "hand_count": len(p.hand),
        "kept": p.kept[:] if mine else None,
        "kept_count": len(p.kept),
        "deck_count": len(p.deck),
        "unseen": unseen(s, seat),
        "play": [{"uid": uid, "card": card, "settled": st[:] if mine else None, "settled_count": len(st)}
                 for uid, card, st in zip(p.uids, p.play, p.settled, strict=True)],
        "discard": p.discard[:],
        "trash": p.trash[:],
        "hand_limit": hand_limit(s, seat),
        "retain_limit": retain_limit(s, seat),
    }


def view(s: MoonflightState, seat: int | None) -> dict[str, Any]:
    return _view(s, seat, _public(s), [player_view(s, i, seat) for i in range(s.n)], _decisions(s, seat))


def views(s: MoonflightState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
    """The views of several seats, each equal to `view`'s: the board (markets, supply, the work stack) is
    made once, a player as every other seat sees them once (their own view of themselves adds only what they
    hold face down), and the decisions as the seats that do not decide see them once. The views share those
    parts: none may be changed."""
    public = _public(s)
    seen = [player_view(s, i, None) for i in range(s.n)]
    deciders = {d.seat for d in s.decisions}
    undecided = _decisions(s, None)
    out: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        players = seen if seat is None else [_own(s, i, seen[i]) if i == seat else seen[i] for i in range(s.n)]
        out[seat] = _view(s, seat, public, players, _decisions(s, seat) if seat in deciders else undecided)
    return out


def _own(s: MoonflightState, seat: int, seen: dict[str, Any]) -> dict[str, Any]:
    """`player_view(s, seat, seat)`, from what the others see of that player."""
    p = s.players[seat]
    return {**seen, "hand": p.hand[:], "kept": p.kept[:],
            "play": [{**c, "settled": st[:]} for c, st in zip(seen["play"], p.settled, strict=True)]}


def _decisions(s: MoonflightState, seat: int | None) -> list[dict[str, Any]]:
    """The open decisions: whose and what kind for everyone; the options with a readable text each (for the
    browser's buttons) only for the seat that decides."""
    return [
        {"seat": d.seat, "kind": d.kind,
         "options": [list(o) for o in d.options] if d.seat == seat else None,
         "texts": [describe_action(s, o) for o in d.options] if d.seat == seat else None}
        for d in s.decisions
    ]


def _public(s: MoonflightState) -> dict[str, Any]:
    """The parts of a view that are the same for every seat and the spectators, and cost the most to make."""
    return {
        "markets": [{"suit": suit, "cards": m[:]} for suit, m in zip(s.market_suit, s.markets, strict=True)],
        "supply": {j: {"count": len(x), "cards": sorted(x)} for j, x in s.supply.items()},
        "stack": [[x[:] if isinstance(x, list) else x for x in f] for f in s.stack],
        "fired": [e[:] for e in s.fired],
    }


def _view(s: MoonflightState, seat: int | None, public: dict[str, Any], players: list[dict[str, Any]],
          decisions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "game": "moonflight",
        "you": seat,
        "seats": s.n,
        "mode": s.mode,
        "ai_seats": list(range(1, s.n)) if s.ai else [],
        "round": s.round,
        "turned": s.turned,
        "first": s.first,
        "active": s.active,
        "passes": s.passes,
        "bank": s.bank,
        "tokens": {"turn": s.tokens[0], "end": s.tokens[1]} if s.mode == "score" else None,
        "markets": public["markets"],
        "supply": public["supply"],
        "players": players,
        "next_uid": s.next_uid,
        "stack": public["stack"],
        "fired": public["fired"],
        "over": s.over,
        "winner": s.winner,
        "reason": s.reason,
        "scores": None if s.scores is None else s.scores[:],
        "rules": s.rules,
        "title": title_for(s.scores[0]) if s.scores is not None and s.mode == "score" else None,
        "decisions": decisions,
    }


def card_name(card: str) -> str:
    return CARDS[card].name


def _card_line(card: str, turned: bool) -> str:
    e = CARDS[card].end(turned)
    stab = "–" if e.stability is None else str(e.stability)
    return f"{CARDS[card].name} [cost {e.cost}, score {e.score}, stability {stab}]"


def render(s: MoonflightState, seat: int | None) -> str:
    v = view(s, seat)
    side = "white (after the Turn)" if s.turned else "black (before the Turn)"
    lines = [f"Round {s.round}, {side}. First player: seat {s.first}. Supply coin tokens: {s.bank}."]
    if s.mode == "score":
        lines.append(f"Score Mode counters: Turn {s.tokens[0]}, End {s.tokens[1]}.")
    lines.append("Market:")
    for m, mk in enumerate(v["markets"]):
        top = _card_line(mk["cards"][-1], s.turned) if mk["cards"] else "(empty)"
        lines.append(f"  {m:>2}. {mk['suit']:<8} {count(len(mk['cards']), 'card')}, top: {top}")
    for j, sup in v["supply"].items():
        lines.append(f"  {JACKS[j].name} Supply Stack: {sup['count']} face down")
    for i, pv in enumerate(v["players"]):
        lines.append(f"Seat {i}: {JACKS[pv['jack']].name}, {count(pv['coins'], 'coin token')}, hand limit "
                     f"{pv['hand_limit']}, retain limit {pv['retain_limit']}; deck {pv['deck_count']}, discard "
                     f"{len(pv['discard'])}, trash {len(pv['trash'])}")
        if pv["hand"] is not None:
            lines.append("  hand: " + (", ".join(_card_line(c, s.turned) for c in pv["hand"]) or "(empty)"))
        else:
            lines.append(f"  hand: {count(pv['hand_count'], 'card')}")
        for pc in pv["play"]:
            extra = f" with {pc['settled_count']} Settled" if pc["settled_count"] else ""
            lines.append(f"  in play #{pc['uid']}: {_card_line(pc['card'], s.turned)}{extra}")
        if pv["discard"]:
            lines.append(f"  discard top: {card_name(pv['discard'][-1])}")
    return "\n".join(lines)


def _in_play(s: MoonflightState, uid: int) -> str:
    """A card in play in words: its name, and which of them where a player has two of it (never its uid)."""
    for p in s.players:
        if uid in p.uids:
            i = p.uids.index(uid)
            same = [j for j, c in enumerate(p.play) if c == p.play[i]]
            which = "" if len(same) == 1 else f", the {_ORDINAL.get(same.index(i), 'next')} of them"
            return f"{card_name(p.play[i])} in play{which}"
    return "a card no longer in play"


_ORDINAL = {0: "first", 1: "second", 2: "third", 3: "fourth", 4: "fifth"}


def describe_action(s: MoonflightState, action: tuple[Any, ...]) -> str:
    kind = action[0]
    if kind == "play" and isinstance(action[1], int):
        return _in_play(s, action[1])
    if kind == "play":
        e = CARDS[action[1]].end(s.turned)
        return f"Play {card_name(action[1])}: {e.text}"
    if kind == "spend":
        for p in s.players:
            card = JACKS[p.jack].card.id if action[1] == -1 else (
                p.play[p.uids.index(action[1])] if action[1] in p.uids else None)
            if card is not None and (action[1] != -1 or s.decisions and s.players.index(p) == s.decisions[0].seat):
                cost_kind, amount, _ops = CARDS[card].end(s.turned).spend[action[2]]
                paid = count(amount, "coin token" if cost_kind == "coins" else "card")
                return f"Spend {paid} on {CARDS[card].name}: ability {action[2] + 1} ({CARDS[card].end(s.turned).text})"
        return f"Spend: ability {action[2] + 1} of {_in_play(s, action[1])}"
    if kind in ("shop", "market"):
        m = s.markets[action[1]]
        top = _card_line(m[-1], s.turned) if m else "(empty)"
        return ("Shop: Purchase " if kind == "shop" else "Market Stack: ") + top
    if kind == "build":
        return "Build: Set cards from your hand onto your cards in play"
    if kind == "pass":
        return "Pass"
    if kind == "done":
        return "Done"
    if kind in ("card", "keep", "first"):
        return {"card": "", "keep": "Retain ", "first": "Move next: "}[kind] + card_name(action[1])
    if kind == "set":
        return f"Set {card_name(action[1])} onto {_in_play(s, action[2])}"
    if kind == "return":
        return f"Move {card_name(action[1])} onto Market Stack {action[2]}"
    if kind == "settled":
        return f"the topmost Settled card on {_in_play(s, action[1])}"
    if kind == "seat":
        return f"seat {action[1]}"
    if kind == "counter":
        if action[1] == "turn":
            return "remove a Turn token"
        return "remove an End token" if s.turned else "remove two End tokens"
    if kind == "rest":
        return "Move the rest in the order they were played"
    if kind == "precedence":
        limit = retain_limit(s, s.decisions[0].seat, action[1]) if s.decisions else None
        return f"{card_name(action[1])} takes precedence" + (f": retain limit {limit}" if limit is not None else "")
    return " ".join(str(a) for a in action)
