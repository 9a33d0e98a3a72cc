"""The README's "Outside agents" section: its three snippets (PettingZoo, OpenSpiel, a bot at the live table) run as
printed, and print what a reader is told to expect."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _snippets() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Outside agents", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def _run(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), {"__name__": "readme"})  # noqa: S102 - our own README
    return out.getvalue()


def test_the_section_has_the_three_snippets():
    kinds = [("pettingzoo" in s, "open_spiel" in s, "moontable.client" in s) for s in _snippets()]
    assert kinds == [(True, False, False), (False, True, False), (False, False, True)]


def test_the_pettingzoo_snippet_plays_a_three_seat_moons_game_to_its_result():
    printed = _run(_snippets()[0])
    assert "'winner'" in printed and "moons" in printed


def test_the_openspiel_snippet_prints_one_courts_move_chosen_by_openspiels_ismcts():
    printed = _run(_snippets()[1]).strip()
    assert printed and "\n" not in printed and not printed.isdigit()


def test_the_live_table_snippet_plays_a_whole_game_against_our_heuristic(server):
    code = _snippets()[2]
    assert '"http://127.0.0.1:8000"' in code  # the address `moontable serve` listens on by default
    printed = _run(code.replace('"http://127.0.0.1:8000"', repr(server)))
    assert re.match(r"(You win|You lose|A draw)\b", printed), printed  # the players' words, not engine ids
