"""A record verifies for ever (DESIGN.md): Moonflight records of older rules versions, as those engines wrote
them, still verify, each under the rules it names."""

from __future__ import annotations

from pathlib import Path

from moontable.games.moonflight import MOONFLIGHT
from moontable.record import load_record, verify

DATA = Path(__file__).resolve().parent.parent / "data" / "records"


def test_a_moonflight_1_record_still_verifies():
    rec = load_record(DATA / "moonflight-1.json")
    assert rec["rules"] == "moonflight/1" != MOONFLIGHT.rules_version
    report = verify(rec)
    assert report.ok, report.failed
    assert report.state.rules == 1


def test_a_moonflight_1_game_stopped_at_the_cap_keeps_its_old_result():
    """Two players who only passed reached the round cap under moonflight/1, which ranked it like an End:
    the record verifies with that result under its own rules, and would not under moonflight/2 (no winner)."""
    rec = load_record(DATA / "moonflight-1-cap.json")
    assert rec["result"]["reason"] == "cap" and rec["result"]["winner"] is not None
    assert verify(rec).ok
    bad = verify({**rec, "rules": "moonflight/2"}).failed
    assert [c.name for c in bad] == ["result"]
