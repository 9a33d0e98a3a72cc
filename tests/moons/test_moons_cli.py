"""Moons at the terminal: a person and bots to the end in English and in Portuguese, the record verifies, the
rules as text and as data, and one-line errors for what the table cannot do."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from moontable.cli import app

SEED = "cd" * 32


def run(*args, input=None):
    return CliRunner().invoke(app, list(args), input=input)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("lay a Moon card face down in your tableau (1 of 3)", "choose 1-", "game over:", "seat 1 (random bot)")),
    ("pt", ("baixe uma carta de Lua virada para baixo no seu tableau (1 de 3)", "escolha de 1 a", "fim de jogo:",
            "lugar 1 (robô random)", "Reserva:", "vaza")),
])
def test_a_person_plays_five_seats_with_bots_to_the_end_and_the_record_verifies(tmp_path, lang, words):
    record = tmp_path / "game.json"
    bots = [x for s in range(1, 5) for x in ("--bot", f"{s}=random")]
    result = run("play", "moons", "--seats", "5", *bots, "--seed", SEED, "--record", str(record), "--lang", lang,
                 input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    for w in words:
        assert w in result.output, w
    if lang == "pt":
        assert "You " not in result.output and "Round " not in result.output
    assert run("verify", str(record)).output.strip() == "verified"
    rec = json.loads(record.read_text())
    assert rec["game"] == "moons" and rec["options"] == {"seats": 5} and len(rec["seats"]) == 5


def test_the_same_seed_deals_the_same_cards_in_either_language(tmp_path):
    bots = [x for s in range(3) for x in ("--bot", f"{s}=random")]
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run("play", "moons", "--seats", "3", *bots, "--seed", SEED, "--record", str(a)).exit_code == 0
    assert run("play", "moons", "--seats", "3", *bots, "--seed", SEED, "--record", str(b), "--lang", "pt"
               ).exit_code == 0
    ra, rb = json.loads(a.read_text()), json.loads(b.read_text())
    setup = 37 + 59  # the small Asteroids' shuffle and the first deal (the bots themselves are not seeded)
    assert ra["draws"][:setup] == rb["draws"][:setup] and ra["commitment"] == rb["commitment"]


def test_rules_in_both_languages_and_as_data():
    en, pt = run("rules", "moons"), run("rules", "moons", "--lang", "pt")
    assert "Titan" in en.output and "Titã" in pt.output and "Poeira Estelar" in pt.output
    data = json.loads(run("rules", "moons", "--json").output)
    assert data["texts"]["en"]["moons"]["titan"][0] == "Titan"


@pytest.mark.parametrize(("args", "text"), [
    (("play", "moons", "--seats", "7"), "2-6 seats, not 7"),
    (("play", "moons", "--lang", "fr"), "--lang"),
    (("play", "courts", "--lang", "pt"), "English only"),
    (("rules", "moons", "--lang", "de"), "--lang"),
])
def test_bad_arguments_are_one_line_errors(args, text):
    result = run(*args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and text in lines[0], result.stderr
