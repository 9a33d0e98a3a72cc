"""The command line, through typer's CliRunner, with the toy game registered."""

import copy
import json

import pytest
from typer.testing import CliRunner

from moontable.cli import app
from moontable.record import load_record, save_record, verify
from toygame import TOY, play_toy, toy  # noqa: F401

pytestmark = pytest.mark.usefixtures("toy")

SEED = "ab" * 32


def run(*args, input=None):
    return CliRunner().invoke(app, list(args), input=input)


def assert_one_line_error(result, code, text):
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and text in lines[0], result.stderr


@pytest.fixture
def record_file(tmp_path):
    path = tmp_path / "game.json"
    save_record(play_toy().record, path)
    return path


def test_verify_honest_record(record_file):
    result = run("verify", str(record_file))
    assert result.exit_code == 0 and result.output.strip() == "verified"


def test_verify_tampered_record_names_check_and_move(record_file, tmp_path):
    rec = copy.deepcopy(load_record(record_file))
    rec["moves"][2] = [rec["moves"][2][0], ["card", 99]]
    path = tmp_path / "bad.json"
    save_record(rec, path)
    result = run("verify", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[0].startswith("failed: replay: move 3 ")


def test_verify_changed_commitment(record_file, tmp_path):
    rec = load_record(record_file)
    rec["commitment"] = "00" * 32
    save_record(rec, tmp_path / "c.json")
    result = run("verify", str(tmp_path / "c.json"))
    assert result.exit_code == 1 and result.output.startswith("failed: commitment: ")


@pytest.mark.parametrize(
    ("content", "text"),
    [(None, "cannot read"), ("{\"format\": \"moontable-rec", "truncated"), ("", "empty file")],
)
def test_verify_unreadable_file(tmp_path, content, text):
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content)
    assert_one_line_error(run("verify", str(path)), 2, text)


def test_verify_unknown_game(record_file):
    rec = load_record(record_file)
    rec["game"] = "chess"
    record_file.write_text(json.dumps(rec))
    assert_one_line_error(run("verify", str(record_file)), 2, "unknown game 'chess'")


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["play", "nope"], "unknown game 'nope'"),
        (["play", "toy", "--bot", "5=random"], "seats are numbered 0 to 1"),
        (["play", "toy", "--bot", "one=random"], "SEAT=LEVEL"),
        (["play", "toy", "--bot", "1=genius"], "unknown bot level 'genius'"),
        (["play", "toy", "--bot", "1=random", "--bot", "1=random"], "given twice"),
        (["play", "toy", "--seed", "xyz"], "64 hex"),
        (["play", "toy", "--seed", "ab" * 31], "64 hex"),
        (["play", "toy", "--seats", "3"], "for 2 seats, not 3"),
        (["play", "toy", "--record", "/no/such/dir/r.json"], "no folder"),
        (["bench", "nope"], "unknown game"),
        (["rules", "nope"], "unknown game"),
        (["serve", "--db", "mysql://x"], "unsupported database URL"),
        (["selfplay", "nope", "--games", "3"], "unknown game"),
    ],
)
def test_bad_arguments_exit_2(args, text):
    assert_one_line_error(run(*args), 2, text)


def test_all_bot_play_writes_a_record_that_verifies(tmp_path):
    path = tmp_path / "g.json"
    bots = ["--bot", "0=random", "--bot", "1=random"]
    result = run("play", "toy", *bots, "--seed", SEED, "--record", str(path))
    assert result.exit_code == 0, result.output
    assert "game over: seat" in result.output and "reached 10 first" in result.output
    assert f"seed {SEED}" in result.output
    rec = load_record(path)
    assert rec["seed"] == SEED and rec["seats"][0] == {"name": "random bot", "bot": True, "level": "random"}
    assert verify(rec).ok
    assert run("verify", str(path)).output.strip() == "verified"


def test_play_with_a_human_reads_numbers(tmp_path):
    path = tmp_path / "h.json"
    answers = "x\n0\n9\n" + "1\n" * 60
    result = run("play", "toy", "--bot", "0=random", "--seed", SEED, "--record", str(path), input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seat 1 (player): bid steps to move first" in out and "  1. bid 0" in out
    assert out.count("please type a number from 1 to 3") == 3
    assert "seat 0 (random bot) has chosen (bid)" in out  # a simultaneous choice is not shown
    assert "seat 0 (random bot): bid" not in out
    assert "bids [" in out  # the engine's event reveals both bids
    rec = load_record(path)
    assert rec["seats"][1] == {"name": "player", "bot": False, "level": None}
    assert all(a == ["bid", 0] or a == ["step", 1] for s, a in rec["moves"] if s == 1)
    assert verify(rec).ok


def test_input_closed_abandons_the_game_and_keeps_a_partial_record(tmp_path):
    path = tmp_path / "p.json"
    result = run("play", "toy", "--bot", "1=random", "--record", str(path), input="2\n")
    assert result.exit_code == 1
    assert "input closed: game abandoned" in result.stderr and "Traceback" not in result.output
    rec = load_record(path)
    assert "seed" not in rec and rec["result"] is None and rec["moves"][0] == [0, ["bid", 1]]
    assert verify(rec).failed[0].name == "format"


def test_rules():
    result = run("rules", "toy", "--json")
    assert result.exit_code == 0 and json.loads(result.output) == TOY.content()
    result = run("rules", "toy")
    assert result.exit_code == 0 and result.output.strip() == TOY.content_text()


def test_bench_runs():
    result = run("bench", "toy", "--seconds", "0.2")
    assert result.exit_code == 0, result.output
    for word in ("games/s", "decisions/s", "decisions/game", "random chance", "fair stream"):
        assert word in result.output
    result = run("bench", "toy", "--games", "3", "--seconds", "0.05")
    assert result.exit_code == 0, result.output


def test_usage_errors_are_one_line_through_the_console_script():
    """The real entry point (not the test runner) turns typer's usage errors into one line, exit 2."""
    import subprocess
    import sys

    for args in (["frobnicate"], ["play"], ["rules", "courts", "--jsn"], ["bench", "courts", "--seconds", "-1"]):
        proc = subprocess.run([sys.executable, "-m", "moontable", *args], capture_output=True, text=True)
        assert proc.returncode == 2, args
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
        assert "Traceback" not in proc.stderr
