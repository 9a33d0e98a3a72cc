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


def describe_event(e: dict[str, Any]) -> str | None:
    kind = e["type"]
    if kind == "play":
        return f"{e['court']} plays card {e['card']} ({e['use']})"
    if kind == "upset":
        return f"{e['court']} upsets {e['town']}: die {e['die']}, result {e['result']}"
    if kind == "persuade":
        return f"{e['court']} persuades in {e['town']}: {e['mine']} against {e['theirs']}"
    if kind == "points":
        return f"{e['court']} gains {e['n']} ({e['why']}); bead {e['bead']}"
    if kind == "truce":
        return f"the Truce stands at {e['truce']}"
    if kind == "heralds":
        return f"heralds: moon {e['moon']}, sun {e['sun']}"
    if kind == "turn":
        return f"--- turn {e['turn']} ---"
    if kind == "fair":
        return f"Fair of {e['reach']}: levels {e['levels']}, sums {e['sums']}"
    if kind == "road_try":
        outcome = "made it" if e["ok"] else "failed"
        return f"{e['court']} tries the Star Road step {e['step']}: die {e['die']}, {outcome}"
    if kind == "event":
        return f"the event of card {e['card']} happens for {e['court']}"
    if kind == "end":
        return f"game over: {e['winner'] or 'draw'} ({e['reason']})"
    return None
