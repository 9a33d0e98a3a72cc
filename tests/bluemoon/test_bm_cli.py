"""Blue Moon at the command line: decks as files, a whole match in the terminal, verify, rules."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from moontable.cli import app
from moontable.record import load_record, verify

SEED = "ab" * 32


def run(*args, input=None):
    return CliRunner().invoke(app, list(args), input=input)


def test_deck_new_writes_a_legal_deck_and_deck_check_says_so(tmp_path):
    for extra, mode in (([], "base decks"), (["--emissary", "salt"], "quick start"),
                        (["--inquisitor", "grane", "--seed", "4"], "deck building")):
        path = tmp_path / f"d{len(extra)}.json"
        r = run("deck", "new", "hollowroot", *extra, "--out", str(path))
        assert r.exit_code == 0, r.output
        data = json.loads(path.read_text())
        assert data["format"] == "moontable-bluemoon-deck/1" and data["leader"] == "hr-leader"
        r = run("deck", "check", str(path))
        assert r.exit_code == 0 and "a legal deck for" in r.output and mode in r.output, r.output


def test_deck_check_names_every_broken_rule_by_id_and_exits_1(tmp_path):
    path = tmp_path / "bad.json"
    run("deck", "new", "duskveil", "--inquisitor", "vell", "--out", str(path))
    deck = json.loads(path.read_text())
    deck["cards"] = deck["cards"][:-2] + [deck["cards"][0]]  # one card short, and one twice
    path.write_text(json.dumps(deck))
    r = run("deck", "check", str(path))
    assert r.exit_code == 1
    assert "BM46:" in r.output and "BM47:" in r.output and "only one copy" in r.output
    r = run("deck", "check", str(path), "--mode", "base")
    assert r.exit_code == 1 and "BM39:" in r.output and "BM35:" in r.output


def test_deck_new_prints_json_without_out():
    r = run("deck", "new", "galewright", "--emissary", "lantern")
    assert r.exit_code == 0 and len(json.loads(r.stdout)["cards"]) == 40


@pytest.mark.parametrize("args, text", [
    (["deck", "new", "vulca"], "the peoples are"),
    (["deck", "new", "duskveil", "--emissary", "salt", "--inquisitor", "vell"], "not both"),
    (["deck", "new", "duskveil", "--inquisitor", "nobody"], "--inquisitor is one of"),
    (["deck", "check", "/no/such/deck.json"], "cannot read"),
    (["deck", "check", "/no/such/deck.json", "--mode", "sealed"], "cannot read"),
    (["play", "courts", "--mode", "quick"], "for Blue Moon"),
    (["play", "bluemoon", "--mode", "sealed", "--bot", "0=random", "--bot", "1=random"], "--mode is one of"),
    (["play", "bluemoon", "--deck", "2=x.json"], "--deck takes SEAT=FILE"),
])
def test_bad_arguments_are_one_line_and_exit_2(args, text):
    r = run(*args)
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and text in lines[0] and "Traceback" not in r.output


def test_a_deck_file_that_is_not_a_deck_is_one_line(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format": "moontable-record/1"}')
    r = run("deck", "check", str(path))
    assert r.exit_code == 2 and "not a Blue Moon deck" in r.stderr


def test_play_bluemoon_plays_a_whole_match_and_every_record_verifies(tmp_path):
    path = tmp_path / "match.json"
    r = run("play", "bluemoon", "--bot", "0=random", "--bot", "1=heuristic", "--seed", SEED, "--record", str(path),
            "--mode", "quick")
    assert r.exit_code == 0, r.output
    assert "match over: seat" in r.output
    match = json.loads(path.read_text())
    assert match["format"] == "moontable-match/1" and max(match["crystals"]) >= 5
    for entry in match["games"]:
        rec = load_record(tmp_path / entry["record"])
        assert verify(rec).ok
        r = run("verify", str(tmp_path / entry["record"]))
        assert r.exit_code == 0 and r.output.strip() == "verified"
    r = run("verify", str(path))
    assert r.exit_code == 0 and "the match and every game" in r.output


def test_the_same_seed_plays_the_same_match(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for p in (a, b):
        run("play", "bluemoon", "--bot", "0=random", "--bot", "1=random", "--seed", SEED, "--record", str(p))
    ga, gb = (json.loads((tmp_path / f"{p.stem}-game1.json").read_text()) for p in (a, b))
    assert ga["moves"] == gb["moves"] and ga["seed"] == gb["seed"]


def test_a_tampered_match_record_fails_verify(tmp_path):
    path = tmp_path / "m.json"
    run("play", "bluemoon", "--bot", "0=random", "--bot", "1=random", "--seed", SEED, "--record", str(path),
        "--target", "2")
    match = json.loads(path.read_text())
    match["crystals"][0] += 3
    path.write_text(json.dumps(match))
    r = run("verify", str(path))
    assert r.exit_code == 1 and "failed:" in r.output


def test_a_person_plays_a_game_against_ismcts_at_the_keyboard(tmp_path):
    path = tmp_path / "m.json"
    r = run("play", "bluemoon", "--bot", "1=ismcts:iterations=16", "--seed", SEED, "--target", "1", "--record",
            str(path), input="1\n" * 3000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Choose your deck in secret" in r.output and "choose 1-" in r.output
    assert "seat 1 (ismcts:iterations=16 bot) has chosen (deck)" in r.output
    assert verify(load_record(tmp_path / "m-game1.json")).ok


def test_input_closing_mid_match_writes_partial_records(tmp_path):
    path = tmp_path / "m.json"
    r = run("play", "bluemoon", "--bot", "1=random", "--seed", SEED, "--record", str(path), input="1\n1\n1\n")
    assert r.exit_code == 1 and "partial records written" in r.stderr
    partial = json.loads((tmp_path / "m-game1.json").read_text())
    assert partial["result"] is None and "seed" not in partial


def test_rules_bluemoon_json_and_text():
    r = run("rules", "bluemoon", "--json")
    data = json.loads(r.stdout)
    assert r.exit_code == 0 and len(data["cards"]) == 146 and len(data["peoples"]) == 4
    r = run("rules", "bluemoon")
    assert r.exit_code == 0 and "## Cindermark" in r.stdout and "KINDLE" in r.stdout and "Inquisitor" in r.stdout
