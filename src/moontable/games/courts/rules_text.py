"""Readable texts: the rules content for `moontable rules courts` and one line per log event."""

from __future__ import annotations

from typing import Any


def content_text(content: dict[str, Any]) -> str:
    lines = ["Courts of Sun and Moon", "", "The realm"]
    reach_names = {r["id"]: r["name"] for r in content["reaches"]}
    for r in content["reaches"]:
        lines.append(f"  {r['name']}")
        for t in content["towns"]:
            if t["reach"] == r["id"]:
                key = ", keystone" if t["keystone"] else ""
                lines.append(f"    {t['name']:<14} steadiness {t['steadiness']}{key}; next to "
                             + ", ".join(t["neighbours"]))
    lines.append(f"  The Moon's gate opens on: {', '.join(content['gates']['moon'])}")
    lines.append(f"  The Sun's gate opens on: {', '.join(content['gates']['sun'])}")
    lines += ["", "The Star Road"]
    for st in content["road"]:
        second = f" / {st['second']}" if st["second"] is not None else ""
        lines.append(f"  {st['step']}. {st['name']:<12} card {st['strength']}+  roll <= {st['roll']}  "
                     f"reward {st['first']}{second}")
    lines += ["", "The cards"]
    for era in ("thaw", "bloom", "harvest"):
        cards = [c for c in content["cards"] if c["era"] == era]
        lines.append(f"  {era.title()} ({len(cards)} cards)")
        for c in cards:
            star = "*" if c["starred"] else " "
            fair = f" (Fair: {reach_names[c['fair']]})" if c["fair"] else ""
            lines.append(f"   {c['id']:>3} {c['name']:<26}{star} {c['court']:<6} {c['strength']}  {c['text']}{fair}")
    lines.append("  The Moot Bell: strength 4, 5 when all of it goes into the Glasswater; passes face down.")
    return "\n".join(lines)


def _card(card: int) -> str:
    from moontable.games.courts.cards import CARDS

    return "the Moot Bell" if card == 0 else CARDS[card].name


def _reach(reach: str) -> str:
    from moontable.games.courts.board import REACH_NAMES

    name = REACH_NAMES.get(reach, reach)
    return "the" + name[3:] if name.startswith("The ") else name  # in the middle of a line


def _why(why: str) -> str:
    """Why points were gained, in words (the event says "Fair of REACH", "event", "vigil")."""
    if why.startswith("Fair of "):
        return f"a Fair in {_reach(why[len('Fair of '):])}"
    return {"event": "an event", "vigil": "the other court's vigil fell short"}.get(why, why)


def _town(town: str) -> str:
    from moontable.games.courts.board import TOWN_INDEX, TOWNS

    return TOWNS[TOWN_INDEX[town]].name


# Why a game ended, in words: {w} is the winning court, {l} the other one.
REASON_WORDS = {
    "twenty": "{w} reached 20 points",
    "highwold": "{w} held the Highwold at a Fair",
    "truce": "{l} broke the Truce",
    "fair_kept": "{l} kept a Fair at the turn end",
    "final": "{w} had more points after turn 10",
    "draw": "the points were level after turn 10",
}
# A game that ends with no winner: the points level after turn 10, or both courts keeping a Fair (C44).
DRAW_WORDS = {"fair_kept": "both courts kept a Fair at the turn end", "draw": REASON_WORDS["draw"]}


def reason_text(reason: str, winner: int | None, seats: tuple[int, int] | None = None) -> str:
    """Why the game ended; with `seats` (the Moon's and the Sun's), each court is followed by "(seat N)",
    which the table turns into the player's name."""
    from moontable.games.courts.tables import COURT_TITLES

    def court(c: int) -> str:
        return COURT_TITLES[c] + ("" if seats is None else f" (seat {seats[c]})")

    if winner is None:
        return DRAW_WORDS.get(reason, reason)
    return REASON_WORDS.get(reason, "{w} won").format(w=court(winner), l=court(1 - winner))


USE_WORDS = {"event": "for its event", "place": "to place sway", "upset": "to upset", "persuade": "to persuade",
             "road": "on the Star Road"}


def describe_event(e: dict[str, Any]) -> str | None:
    """One log line, in words, for the events worth a line."""
    kind = e["type"]
    court = (e.get("court") or "").title()
    if kind == "play":
        return f"{court} plays {_card(e['card'])} {USE_WORDS[e['use']]}"
    if kind == "upset":
        gained = f", {e['added']} sway gained" if e["added"] else ""
        return (f"{court} upsets {_town(e['town'])}: die {e['die']}, result {e['result']}: "
                f"{e['removed']} removed{gained}")
    if kind == "persuade":
        lost = f"{e['loser'].title()} loses {e['lost']}" if e["loser"] else "a tie"
        return f"{court} persuades in {_town(e['town'])}: {e['mine']} against {e['theirs']}, {lost}"
    if kind == "sway":
        verb = "places" if e["delta"] > 0 else "loses"
        return f"{court} {verb} {abs(e['delta'])} sway in {_town(e['town'])}"
    if kind == "points":
        lead = "the Sun" if e["bead"] > 0 else "the Moon" if e["bead"] < 0 else "nobody"
        return f"{court} gains {e['n']} ({_why(e['why'])}); {lead} leads by {abs(e['bead'])}"
    if kind == "truce":
        return f"the Truce stands at {e['truce']}"
    if kind == "heralds":
        moon = _card(e["moon"]) if e["moon"] > 0 else "nothing"
        sun = _card(e["sun"]) if e["sun"] > 0 else "nothing"
        return f"heralds: the Moon {moon}, the Sun {sun}"
    if kind == "herald_chosen":
        return f"{court} chooses a herald" + (f": {_card(e['card'])}" if "card" in e else " face down")
    if kind == "turn":
        return f"--- turn {e['turn']} ---"
    if kind == "era":
        return f"the {e['era'].title()} cards join the draw pile"
    if kind == "fair":
        return f"a Fair in {_reach(e['reach'])}: {e['levels'][0]} for the Moon, {e['levels'][1]} for the Sun"
    if kind == "road_try":
        outcome = "made it" if e["ok"] else "failed"
        return f"{court} tries the Star Road step {e['step']}: die {e['die']}, {outcome}"
    if kind == "gift":
        return f"{court} gains the gift {e['gift']}"
    if kind == "event":
        return f"the event of {_card(e['card'])} happens for {court}"
    if kind == "event_fails":
        return f"the event of {_card(e['card'])} cannot happen"
    if kind == "bell":
        return f"the Moot Bell passes to {court}, face {'up' if e['up'] else 'down'}"
    if kind == "vigil":
        return f"vigils short: the Moon {e['short'][0]}, the Sun {e['short'][1]}"
    if kind == "pass":
        return f"{court} has no card to play and passes"
    if kind == "reveal":
        return f"{court} shows its hand: " + ", ".join(_card(c) for c in e["hand"])
    if kind == "discard":
        return f"{court} discards {_card(e['card'])}"
    if kind == "lamp":
        return f"{court} lets {_card(e['card'])} go (the Lamp Keeper)"
    if kind == "end":
        return f"game over: {reason_text(e['reason'], {'moon': 0, 'sun': 1}.get(e['winner'] or ''))}"
    return None


# What a move did, by the kind of decision it answered: a town picked places sway, upsets, persuades...
_TOWN_DEEDS = {"setup": "placed sway in {town}", "place": "placed sway in {town}",
               "upset": "upset {town}", "event_upset": "upset {town}",
               "persuade": "persuaded in {town}", "event_persuade": "persuaded in {town}"}
_USE_DEEDS = {"place": "to place sway", "upset": "to upset", "persuade": "to persuade", "road": "on the Star Road",
              "event": "for its event"}


def describe_move(s: Any, seat: int, action: tuple) -> str:
    """What `seat`'s move `action` did, in the past tense and without its player ("placed sway in Mistfen"),
    from the state before it: the log's words, where an option's details (the reach, the sway) would be
    noise. The option list keeps describe_action's words."""
    from moontable.games.courts.effects import whom
    from moontable.games.courts.tables import COURT_TITLES

    kind = action[0]
    asked = next((d.kind for d in s.decisions if d.seat == seat), "")
    if kind == "town":
        town = _town(action[1])
        if asked in ("event_place", "event_remove"):
            f = s.stack[-1] if s.stack else None
            own = f is None or whom(f[1], f[2], default="self" if asked == "event_place" else "foe") == s.court_of(seat)
            whose = "" if own else f"{COURT_TITLES[1 - s.court_of(seat)]}'s "
            return f"placed {whose}sway in {town}" if asked == "event_place" else f"removed {whose}sway from {town}"
        return _TOWN_DEEDS.get(asked, "picked {town}").format(town=town)
    if kind == "play":
        return f"played {_card(action[1])} {_USE_DEEDS.get(action[2], action[2])}"
    if kind == "herald":
        return f"chose {_card(action[1])} as herald"
    if kind == "order":
        return f"had the other court's event happen {'first' if action[1] == 'before' else 'after their own use'}"
    if kind == "discard":
        return f"let {_card(action[1])} go"
    if kind == "card":
        return f"took {_card(action[1])}"
    if kind == "use":
        return f"used the free strength {_USE_DEEDS.get(action[1], action[1])}"
    if kind == "choose":
        from moontable.games.courts.view import describe_action

        return f"chose {describe_action(s, action)}"
    deeds = {"done": "stopped there", "keep": "kept every card", "none": "chose none"}
    return deeds.get(kind, " ".join(map(str, action)))
