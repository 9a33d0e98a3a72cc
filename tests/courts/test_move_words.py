"""The log's words for a Courts move say what happened, in a sentence ("Ann placed sway in Mistfen"): an option's
details (its reach, the town's steadiness, the sway there) are for the option list, never the log."""

from __future__ import annotations

import re

import pytest

from moontable.selfplay import play_game
from moontable.server.replay import build_replay

DETAILS = re.compile(r"steadiness|keystone|moon \d|sun \d|\[(Moon|Sun|Either) \d\]|\(The ")


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_every_courts_move_in_a_replay_reads_as_a_sentence_by_its_player(seed: int) -> None:
    rec = play_game("courts", ["random", "random"], 0, seed=seed).record
    names = [s["name"] for s in rec["seats"]]
    moves = build_replay(rec).index["moves"]
    verbs = ("placed", "removed", "upset", "persuaded", "played", "chose", "had", "let", "took", "used",
             "stopped", "kept")
    for m in moves:
        line = m["line"]
        assert not DETAILS.search(line), line
        assert line.startswith(f"{names[m['seat']]} "), line
        assert line[len(names[m["seat"]]) + 1:].startswith(verbs), line
    towns = [m["line"] for m in moves if " placed " in m["line"]]
    assert towns and all(re.fullmatch(r".+ placed (the (Moon|Sun)'s )?sway in [A-Z][a-z]+( [A-Z][a-z]+)?", x)
                         for x in towns), towns[:5]
