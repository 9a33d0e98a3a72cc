"""`moontable play moonflight --seats 1` plays Score Mode at the terminal; `rules moonflight` prints the
cards; AI Mode seats take the ai-card level."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from moontable.cli import app
from moontable.record import load_record, verify

SEED = "cd" * 32


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def test_play_one_seat_is_score_mode_to_a_title(tmp_path):
    path = tmp_path / "solo.json"
    result = run("play", "moonflight", "--seats", "1", "--seed", SEED, "--record", str(path), input="1\n" * 5000)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Moonflight, 1 seats" in out and "Score Mode counters: Turn 8, End 8." in out
    assert "Score Mode ends with" in out
    assert any(t in out for t in ("Prince of Moonflight", "Courtier", "Guildsman", "Mere Fay"))
    rec = load_record(path)
    assert rec["options"] == {"seats": 1, "mode": "score"} and verify(rec).ok


def test_play_ai_mode_with_ai_card_bots(tmp_path):
    path = tmp_path / "ai.json"
    result = run("play", "moonflight", "--seats", "2", "--bot", "0=ai-card", "--bot", "1=ai-card", "--seed", SEED,
                 "--record", str(path))
    assert result.exit_code == 0, result.output[-2000:]
    assert re.search(r"wins with a score of -?\d+ \(", result.output), "the winner's score, said as one"
    assert verify(load_record(path)).ok


def test_rules_moonflight_text_and_json():
    result = run("rules", "moonflight")
    assert result.exit_code == 0 and "# Moonflight cards" in result.output and "Take It With You" in result.output
    result = run("rules", "moonflight", "--json")
    data = json.loads(result.output)
    assert data["components"]["cards"] == 180 and len(data["jacks"]) == 4
