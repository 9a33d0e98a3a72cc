"""A view's change (table/change.py): applied to the old view it gives the new one, in Python and in the
page's JavaScript (web/frame/change.js, run by node) alike, and it leaves the old view as it was."""

from __future__ import annotations

import copy
import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import moontable
from moontable.table.change import apply, diff

NODE = shutil.which("node")
CHANGE_JS = Path(moontable.__file__).parent / "web" / "frame" / "change.js"

scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "sun", ""])
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.sampled_from(["a", "b", "c", "towns"]), inner, max_size=4),
                           max_leaves=12)
views = st.dictionaries(st.sampled_from(["turn", "courts", "towns", "hand", "decisions"]), json_values, max_size=5)


@settings(max_examples=300, deadline=None)
@given(views, views)
def test_a_change_turns_the_old_view_into_the_new_and_leaves_the_old_alone(old: dict[str, Any],
                                                                           new: dict[str, Any]) -> None:
    kept = copy.deepcopy(old)
    steps = diff(old, new)
    assert apply(old, steps) == new
    assert old == kept
    assert (steps == []) == (old == new)


def test_only_what_moved_is_sent() -> None:
    old = {"turn": 3, "towns": [{"id": t, "moon": 1, "sun": 0} for t in range(18)], "hand": [1, 2, 3], "x": 1}
    new = {**old, "towns": [dict(t) for t in old["towns"]], "hand": [1, 2]}
    del new["x"]
    new["towns"][4]["moon"] = 2
    assert diff(old, new) == [[["x"]], [["towns", 4, "moon"], 2], [["hand"], [1, 2]]]


def _value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 2 or roll < 0.5:
        return rng.choice([None, True, 0, 3, -1, "a", "sun", ""])
    if roll < 0.75:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice("abcd"): _value(rng, depth + 1) for _ in range(rng.randrange(4))}


def _near(rng: random.Random, value: Any) -> Any:
    """`value` with a few things changed: a new view is mostly the old one."""
    if rng.random() < 0.2:
        return _value(rng)
    if isinstance(value, dict):
        out = {k: _near(rng, v) if rng.random() < 0.4 else v for k, v in value.items() if rng.random() > 0.1}
        if rng.random() < 0.2:
            out[rng.choice("abcde")] = _value(rng)
        return out
    if isinstance(value, list):
        grown = [_value(rng)] if rng.random() < 0.2 else []
        return [_near(rng, v) if rng.random() < 0.4 else v for v in value] + grown
    return value


def test_the_page_applies_a_change_as_the_server_does() -> None:
    assert NODE is not None, "node is needed to run the page's code (make test installs it)"
    rng = random.Random(5)
    cases = []
    for _ in range(300):
        old = {k: _value(rng) for k in rng.sample(["turn", "courts", "towns", "hand"], 3)}
        new = _near(rng, old)
        cases.append([old, diff(old, new), new])
    script = (f"import {{ applyChange }} from {json.dumps(CHANGE_JS.as_uri())};\n"
              "import { readFileSync } from 'node:fs';\n"
              "const cases = JSON.parse(readFileSync(0, 'utf8'));\n"
              "const out = cases.map(([old, change]) => { const before = JSON.stringify(old);\n"
              "  const got = applyChange(old, change); return [got, JSON.stringify(old) === before]; });\n"
              "process.stdout.write(JSON.stringify(out));\n")
    done = subprocess.run([NODE, "--input-type=module", "-e", script], input=json.dumps(cases), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for (old, _, new), (got, untouched) in zip(cases, json.loads(done.stdout), strict=True):
        assert got == json.loads(json.dumps(new)), (old, new)
        assert untouched


def test_the_page_keeps_its_view_when_a_change_is_not_from_it_and_a_snapshot_puts_it_right() -> None:
    """A change from a view the page does not have (it missed a message) is not applied: the page marks itself
    stale (the frame then asks for a snapshot), and the next snapshot is its view again."""
    assert NODE is not None, "node is needed to run the page's code (make test installs it)"
    state_js = CHANGE_JS.parent / "state.js"
    script = (f"import {{ initialState, track }} from {json.dumps(state_js.as_uri())};\n"
              "const t = initialState(); const out = [];\n"
              "const live = {clocks: [], decision: null, undo: null};\n"
              "const at = {type: 'snapshot', epoch: 'e', seat: 0, status: 'playing', seats: []};\n"
              "for (const m of [\n"
              "  {...at, v: 4, view_v: 3, view: {turn: 1}},\n"
              "  {type: 'update', v: 5, n: 1, ...live, change: [[['turn'], 2]], base: 3},\n"
              "  {type: 'update', v: 7, n: 2, ...live, change: [[['turn'], 4]], base: 6},\n"
              "  {type: 'update', v: 8, n: 3, ...live, change: [[['turn'], 5]], base: 7},\n"
              "  {...at, v: 8, view_v: 8, view: {turn: 5}},\n"
              "  {type: 'update', v: 9, n: 4, ...live, change: [[['turn'], 6]], base: 8},\n"
              "]) { track(t, m); out.push([t.view, t.stale]); }\n"
              "process.stdout.write(JSON.stringify(out));\n")
    done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        [{"turn": 1}, False],
        [{"turn": 2}, False],  # from the snapshot's view (its view_v, not its v)
        [{"turn": 2}, True],  # from version 6, which this page never had: kept as it was
        [{"turn": 2}, True],  # and nothing more until a snapshot
        [{"turn": 5}, False],
        [{"turn": 6}, False],
    ]
