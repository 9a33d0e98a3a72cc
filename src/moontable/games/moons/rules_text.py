"""Readable text in either language: the content (`moontable rules moons`, docs/moons-content.md), the log lines
and the result."""

from __future__ import annotations

from typing import Any

from moontable.games.moons.content import (
    KINDS,
    MOONS,
    PLANETS,
    SCORING_EXAMPLES,
    hand_size,
    tricks_per_round,
)
from moontable.games.moons.state import MoonsState
from moontable.games.moons.texts import Words


def content_text(w: Words) -> str:
    t = w.t
    en = w.lang == "en"
    out = [f"# {t['game']}", ""]
    for paragraph in t["rules"]:
        out += [paragraph, ""]
    out += [f"## {t['reference']['title']}", ""]
    out += [f"- {line}" for line in t["reference"]["turn"]]
    sc = t["scoring"]
    out += ["", f"## {sc['title']}", "", sc["rule"], ""]
    out += [f"- {sc['sizes'][str(k)]}" for k in range(1, 5)]
    out += ["", f"{sc['examples_note']}:", ""]
    for tokens, stardust, points in SCORING_EXAMPLES:
        have = ", ".join(f"{w.planet(p)} {k}" for p, k in enumerate(tokens))
        out.append(f"- {sc['example'].format(tokens=have, stardust=stardust, points=points)}")
    out += ["", f"## {'Hand sizes' if en else 'Cartas por jogador'}", ""]
    head = ("| players | dealt | tableau | in hand = tricks a round |" if en else
            "| jogadores | recebidas | tableau | na mão = vazas por rodada |")
    out += [head, "|---|---|---|---|"]
    out += [f"| {n} | {hand_size(n)} | 3 | {tricks_per_round(n)} |" for n in range(2, 7)]
    out += ["", f"## {'Moon cards' if en else 'Cartas de Lua'}", "", t["rank_order"], ""]
    for p, planet in enumerate(PLANETS):
        out += [f"### {w.planet(p)}", "", "| # | " + ("moon | km | fact |" if en else "lua | km | curiosidade |"),
                "|---|---|---|---|"]
        for rank, (key, km) in enumerate(MOONS[planet], 1):
            name, fact = t["moons"][key]
            out.append(f"| {rank} | {name} | {km:g} | {fact} |")
        out.append("")
    la = t["large_asteroid"]
    out += [f"## {la['name']} (4)", "", la["text"], ""]
    out += [f"## {t['small_asteroid'][0].upper() + t['small_asteroid'][1:]} (38)", ""]
    out += ["| " + (" | ".join(("kind", "copies", "effect", "targets", "with no legal target") if en else
                             ("tipo", "cópias", "efeito", "alvos", "sem alvo permitido"))) + " |",
            "|---|---|---|---|---|"]
    for k in KINDS:
        a = t["asteroids"][k.id]
        out.append(f"| {a['name']} | {k.copies} | {a['text']} | {a['targets']} | {a['no_target']} |")
    out += ["", f"## {t['block']['name']}", "", t["block"]["text"]]
    return "\n".join(out) + "\n"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_event(e: dict[str, Any], w: Words) -> str | None:
    t = e["type"]
    seat = w.seat(e["seat"]) if isinstance(e.get("seat"), int) else ""
    if t == "round":
        return w("ev_round1") if e["dealer"] is None else w("ev_round", round=e["round"], seat=w.seat(e["dealer"]))
    if t == "picked":
        return w("ev_picked_own", card=w.card(e["card"])) if "card" in e else _cap(w("ev_picked", seat=seat))
    if t == "reveal":
        parts = [f"{w.seat(i)}: {', '.join(w.card(c) for c in tab)}" for i, tab in enumerate(e["tableaux"])]
        return w("ev_reveal", list="; ".join(parts))
    if t in ("first", "play", "win", "small", "block", "token", "no_token", "declined", "stardust", "block_to",
             "marker", "most", "capture"):
        fields: dict[str, Any] = {"seat": seat}
        if "card" in e:
            fields["card"] = w.card(e["card"])
        if "planet" in e:
            fields["planet"] = w.planet(e["planet"])
        if t == "small":
            if e["kind"] == "stardust":
                return _cap(w("ev_stardust", seat=seat))
            text = _cap(w("ev_asteroid", seat=seat, asteroid=w.asteroid(e["kind"])))
            if e["kind"] == "wind":
                text += " " + w("ev_wind", seat=seat)
            elif e["kind"] == "assist":
                text += " " + w("ev_assist", seat=seat)
            return text
        if t == "most":
            fields["n"] = e["n"]
        key = {"small": "ev_asteroid", "block": "ev_block"}.get(t, f"ev_{t}")
        return _cap(w(key, **fields))
    if t == "no_winner":
        return w("ev_no_winner")
    if t == "low_tie":
        return w("ev_low_tie")
    if t == "retro":
        return w("ev_retro" if e["on"] else "ev_retro_back")
    if t == "swap":
        return _cap(w("ev_swap", seat=seat, other=w.seat(e["other"]), given=w.planet(e["given"]),
                      taken=w.planet(e["taken"])))
    if t == "realign":
        return _cap(w("ev_realign", seat=seat, out=w.card(e["out"]), card=w.card(e["card"])))
    if t == "tractor":
        return _cap(w("ev_tractor", seat=seat, other=w.seat(e["other"]), planet=w.planet(e["planet"])))
    if t == "eclipse":
        return _cap(w("ev_eclipse", seat=seat, other=w.seat(e["other"]), mine=w.card(e["mine"]),
                      theirs=w.card(e["theirs"])))
    if t == "draw":
        if "smalls" in e:
            return w("ev_draw_own", asteroids=w.join([w.asteroid(k) for k in e["smalls"]]))
        return _cap(w("ev_draw" if e["n"] == 1 else "ev_draw_many", seat=seat, n=e["n"]))
    if t == "draw_none":
        return _cap(w("ev_draw_none", seat=seat))
    if t == "reshuffle":
        return w("ev_reshuffle")
    if t == "end":
        line = w("ev_end_supply" if e["reason"] == "supply" else "ev_end_dealt")
        scores = ", ".join(f"{w.seat(i)} {p}" for i, p in enumerate(e["scores"]))
        return f"{line} {w('ev_scores', list=scores)}"
    return None


def describe_result(s: MoonsState, w: Words) -> str:
    if not s.over or s.scores is None or s.winners is None:
        return w("res_going")
    why = w("why_supply" if s.reason == "supply" else "why_dealt")
    top = s.scores[s.winners[0]]
    points = w.count("n_points", top)
    if s.winner is None:
        return _cap(w("res_shared", seats=w.join([w.seat(i) for i in s.winners]), points=points, why=why))
    text = _cap(w("res_win", seat=w.seat(s.winner), points=points, why=why))
    tied = [i for i in range(s.n) if s.scores[i] == top and i != s.winner]
    if tied:
        sets = [min(_counts(s, i)) for i in [s.winner, *tied]]
        key = "res_tie_sets" if sets[0] > max(sets[1:]) else "res_tie_tokens"
        text = text[:-1] + f"; {w(key, seat=w.seat(s.winner))}."
    return text


def _counts(s: MoonsState, seat: int) -> tuple[int, ...]:
    from moontable.games.moons.content import best_with_stardust

    return best_with_stardust(s.tokens[seat], s.stardust[seat])[1]


if __name__ == "__main__":
    import sys

    print(content_text(Words(sys.argv[1] if len(sys.argv) > 1 else "en")), end="")
