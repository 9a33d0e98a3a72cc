"""Per-seat views (MO12, MO13, MO15) and the readable board, options and prompts.

Public: the tokens, the supply, tableaux once revealed, every card played this round, the small Asteroid
discard pile, Stardust, the markers, the hand cards a Realignment showed, and the planets a player has shown
it lacks (it did not follow suit). Hidden: other hands, tableaux until all are revealed, other players' small
Asteroids and the draw pile's order. A seat always sees its own hand, tableau and small Asteroids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moontable.engine import Action, Decision
from moontable.games.moons.content import SUITS, best_with_stardust, tricks_per_round
from moontable.games.moons.state import MoonsState
from moontable.games.moons.texts import Words


def sets_of(counts: tuple[int, ...] | list[int]) -> list[int]:
    """The sets tokens score as (MO52): the size of each layer, largest first, e.g. [4, 4, 3, 1]."""
    return [sum(1 for c in counts if c >= layer) for layer in range(1, max(counts, default=0) + 1)]


def player_view(s: MoonsState, seat: int, me: int | None) -> dict[str, Any]:
    mine = seat == me
    tableau = s.tableaux[seat]
    points, counts = best_with_stardust(s.tokens[seat], s.stardust[seat])
    return {
        "hand": s.hands[seat][:] if mine else None,
        "hand_count": len(s.hands[seat]),
        "shown": s.shown[seat][:],
        "void": [p for p in range(SUITS) if s.void[seat] >> p & 1],
        "tableau": tableau[:] if mine or s.revealed else None,
        "tableau_count": len(tableau),
        "smalls": s.smalls[seat][:] if mine else None,
        "small_count": len(s.smalls[seat]),
        "tokens": s.tokens[seat][:],
        "stardust": s.stardust[seat],
        "points": points,
        "sets": sets_of(counts),  # how the tokens (and Stardust) score: one set per layer
        "tricks": s.tricks[seat],
        "assist": s.assist[seat],
    }


def view(s: MoonsState, seat: int | None) -> dict[str, Any]:
    return _view(s, seat, [player_view(s, i, seat) for i in range(s.n)], _decisions(s, seat))


def views(s: MoonsState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
    """The views of several seats, each equal to `view`'s: a player as every other seat sees them is made
    once (their own view of themselves adds their hand, tableau and small Asteroids), and the decisions as
    the seats that do not decide see them once. The views share those parts: none may be changed."""
    seen = [player_view(s, i, None) for i in range(s.n)]
    deciders = {d.seat for d in s.decisions}
    undecided = _decisions(s, None)
    out: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        players = seen if seat is None else [_own(s, i, seen[i]) if i == seat else seen[i] for i in range(s.n)]
        out[seat] = _view(s, seat, players, _decisions(s, seat) if seat in deciders else undecided)
    return out


def _own(s: MoonsState, seat: int, seen: dict[str, Any]) -> dict[str, Any]:
    """`player_view(s, seat, seat)`, from what the others see of that player."""
    return {**seen, "hand": s.hands[seat][:], "tableau": s.tableaux[seat][:], "smalls": s.smalls[seat][:]}


def _decisions(s: MoonsState, seat: int | None) -> list[dict[str, Any]]:
    """The open decisions: whose and what kind for everyone, the options only for the seat that decides."""
    return [{"seat": d.seat, "kind": d.kind, "options": [list(o) for o in d.options] if d.seat == seat else None}
            for d in s.decisions]


def _view(s: MoonsState, seat: int | None, players: list[dict[str, Any]],
          decisions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "game": "moons",
        "you": seat,
        "seats": s.n,
        "round": s.round,
        "rounds": s.n,  # at most (MO47)
        "first": s.first,
        "earth": s.earth,
        "block": s.block,
        "supply": s.supply[:],
        "small_pile": len(s.small_pile),
        "small_discard": s.small_discard[:],
        "revealed": s.revealed,
        "leader": s.leader,
        "trick": s.trick[:],
        "led": s.led,
        "retro": s.retro,
        "blocked": s.blocked,
        "wind": s.wind,
        "used_small": s.used_small,
        "trick_no": s.trick_no,
        "tricks_played": s.tricks_played,
        "tricks_per_round": tricks_per_round(s.n),
        "played": s.played[:],
        "last_trick": {"cards": s.last_trick[:], "leader": s.last_leader, "winner": s.last_winner},
        "players": players,
        "stack": [f[:] for f in s.stack],
        "over": s.over,
        "reason": s.reason,
        "winner": s.winner,
        "winners": None if s.winners is None else s.winners[:],
        "scores": None if s.scores is None else s.scores[:],
        "decisions": decisions,
    }


# -- words ------------------------------------------------------------------------------------------------------


def describe_action(s: MoonsState, action: Action, w: Words) -> str:
    kind = action[0]
    if kind == "tableau":
        return w("act_tableau", card=w.card(action[1])) if not s.revealed else w("act_tableau_card",
                                                                                   card=w.card(action[1]))
    if kind == "card":
        return w("act_card", card=w.card(action[1]))
    if kind == "small":
        a = w.t["asteroids"][action[1]]
        return w("act_asteroid", asteroid=a["name"], text=a["text"])
    if kind == "block":
        return w("act_block", planet=w.planet(action[1]))
    if kind == "take":
        return w("act_take", planet=w.planet(action[1])) if not _capturing(s) else w("act_capture",
                                                                                    planet=w.planet(action[1]))
    if kind == "decline":
        return w("act_decline")
    if kind == "token":
        return w("act_token", planet=w.planet(action[2]), seat=w.seat(action[1]))
    if kind == "give":
        return w("act_give", planet=w.planet(action[1]))
    if kind == "hand":
        return w("act_hand_card", card=w.card(action[1]))
    if kind == "their":
        return w("act_their_card", card=w.card(action[2]), seat=w.seat(action[1]))
    return " ".join(str(a) for a in action)


def _capturing(s: MoonsState) -> bool:
    return bool(s.decisions) and s.decisions[0].kind == "capture"


def describe_prompt(s: MoonsState, d: Decision, w: Words) -> str:
    kind = d.kind
    if kind == "tableau":
        return w("prompt_tableau", k=len(s.tableaux[d.seat]) + 1)
    if kind == "play":
        return w("prompt_follow" if s.trick else "prompt_lead")
    if kind == "take":
        return w("prompt_take_optional" if ("decline",) in d.options else "prompt_take")
    return w(f"prompt_{kind}")


def _tokens_text(tokens: list[int], w: Words) -> str:
    return ", ".join(f"{w.planet(p)} {tokens[p]}" for p in range(SUITS))


def _cards(cards: list[int], w: Words) -> str:
    return ", ".join(w.card(c) for c in cards) or w("none")


def render(s: MoonsState, seat: int | None, w: Words) -> str:
    v = view(s, seat)
    block = w.seat(s.block) if s.block >= 0 else w("r_block_common")
    earth = w.seat(s.earth) if s.earth >= 0 else "-"
    lines = [w("r_header", round=s.round, rounds=s.n, first=w.seat(s.first) if s.earth >= 0 else "-",
               earth=earth, block=block),
             w("r_supply", list=_tokens_text(s.supply, w), total=w.count("n_tokens", sum(s.supply)),
               pile=len(s.small_pile), discard=len(s.small_discard))]
    led = w("r_led", planet=w.planet(s.led)) if s.led >= 0 else ""
    if s.retro:
        led += w("r_retro")
    played = [f"{w.seat((s.leader + i) % s.n)}: {w.card(c)}" for i, c in enumerate(s.trick)]
    lines.append(w("r_trick", k=s.trick_no + 1, total=tricks_per_round(s.n), led=led,
                   cards="; ".join(played) or w("r_empty")))
    for i, pv in enumerate(v["players"]):
        marks = (w("m_first") if i == s.first and s.earth >= 0 else "") + (w("m_earth") if i == s.earth else "") \
            + (w("m_block") if i == s.block else "")
        name = w("you") if i == seat else w.seat(i)
        lines.append(w("r_seat", seat=name, marks=marks, tricks=w.count("n_tricks", pv["tricks"]),
                       tokens=_tokens_text(pv["tokens"], w), points=w.count("n_points", pv["points"])))
        if pv["tableau"] is not None:
            lines.append(w("r_tableau", cards=_cards(pv["tableau"], w)))
        else:
            lines.append(w.count("r_tableau_hidden", pv["tableau_count"]))
        if pv["hand"] is not None:
            lines.append(w("r_hand", cards=_cards(pv["hand"], w)))
            lines.append(w("r_smalls", list=", ".join(w.asteroid(k) for k in pv["smalls"]) or w("none")))
        else:
            lines.append(w("r_hand_count", cards=w.count("n_cards", pv["hand_count"]),
                           smalls=w.count("n_smalls", pv["small_count"])))
        if pv["stardust"]:
            lines.append(w("r_stardust", n=pv["stardust"]))
    return "\n".join(lines)
