"""Tampering with a Courts record fails the check that guards it, naming the move where it applies."""

from __future__ import annotations

import copy
import json
import random

import pytest

from moontable.games.courts import COURTS
from moontable.match import Match
from moontable.record import RecordError, load_record, verify

SEATS = [{"name": "a", "bot": True, "level": "random"}, {"name": "b", "bot": True, "level": "random"}]


@pytest.fixture(scope="module")
def record():
    rng = random.Random(99)
    m = Match.new(COURTS, None, SEATS, seed=rng.randbytes(32))
    while not m.ended:
        d = rng.choice(COURTS.pending(m.state))
        m.play(d.seat, rng.choice(d.options))
    return json.loads(json.dumps(m.record))


def failed(rec) -> list[str]:
    return [c.name for c in verify(rec).checks if not c.ok]


def test_F4_an_honest_courts_record_verifies(record):
    assert verify(record).ok


def test_F4_changed_seed_fails_commitment(record):
    rec = copy.deepcopy(record)
    rec["seed"] = "00" * 32
    assert failed(rec)[0] == "commitment"


def test_F4_changed_die_fails_draws(record):
    rec = copy.deepcopy(record)
    i = next(i for i, (n, _) in enumerate(rec["draws"]) if n == 6)
    rec["draws"][i][1] = (rec["draws"][i][1] + 1) % 6
    assert failed(rec)[0] == "draws"


def test_F4_changed_move_fails_replay_naming_the_move(record):
    rec = copy.deepcopy(record)
    k = next(k for k, m in enumerate(rec["moves"]) if m[1][0] == "play")
    rec["moves"][k][1] = ["play", 999, "place"]
    report = verify(rec)
    bad = [c for c in report.checks if not c.ok]
    assert bad[0].name == "replay" and f"move {k + 1}" in bad[0].message


def test_F4_changed_result_fails_result(record):
    rec = copy.deepcopy(record)
    rec["result"]["reason"] = "highwold" if rec["result"]["reason"] != "highwold" else "final"
    assert failed(rec) == ["result"]


def test_F4_truncated_record_is_refused(tmp_path, record):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record)[:-40])
    with pytest.raises(RecordError):
        load_record(path)
