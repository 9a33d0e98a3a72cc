"""Tampering with a Courts record fails the check that guards it, naming the move where it applies."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

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


# -- a record verifies for ever (DESIGN.md): records of older rules versions, as those engines wrote them ------


DATA = Path(__file__).resolve().parent.parent / "data" / "records"


@pytest.mark.parametrize(("name", "changed_at"), [("courts-1", 65), ("courts-2", 38)])
def test_F4_a_record_of_an_older_rules_version_still_verifies(name, changed_at):
    """courts-1.json was played by the courts/1 engine (before Kite Charter and Midsummer Bonfires were
    raised), courts-2.json by courts/2 (before the Star Road gave the other court's event, C31)."""
    rec = load_record(DATA / f"{name}.json")
    assert rec["rules"] == f"courts/{name[-1]}" != COURTS.rules_version
    report = verify(rec)
    assert report.ok, report.failed
    assert report.state.rules == int(name[-1])
    # under the next version's rules the same moves go astray where that version changed play
    newer = {**rec, "rules": f"courts/{int(name[-1]) + 1}"}
    bad = verify(newer).failed
    assert bad and bad[0].name in ("replay", "result")
    assert bad[0].name == "result" or f"move {changed_at} " in bad[0].message


def test_F4_a_record_of_an_unknown_rules_version_is_refused_in_words(record):
    rec = {**record, "rules": "courts/0"}
    assert failed(rec) == ["format"]
    assert "courts/0" in verify(rec).checks[0].message
