"""Self-play: parallel games with sides alternating, a summary with intervals, records that verify, a plot."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from moontable.cli import app
from moontable.record import load_record, verify
from moontable.selfplay import pool_reports, run_selfplay, wilson


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(8, 10)
    assert round(lo, 4) == 0.4902 and round(hi, 4) == 0.9433
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73


def test_four_games_on_two_processes_write_summary_records_and_plot(tmp_path):
    summary = run_selfplay("courts", 4, ("heuristic", "random"), jobs=2, out_dir=tmp_path, seed=3)
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data == json.loads(json.dumps(summary))
    assert data["games"] == 4 and data["bots"] == ["heuristic", "random"]
    bots = data["per_bot"]
    assert bots["heuristic"]["wins"] + bots["random"]["wins"] + bots["heuristic"]["draws"] == 4
    for b in bots.values():
        assert b["by_seat"]["0"]["games"] == 2 and b["by_seat"]["1"]["games"] == 2  # sides alternate
        assert sum(r["games"] for r in b["by_role"].values()) == 4  # every game's court is known
        lo, hi = b["ci95"]
        assert 0 <= lo <= b["win_rate"] <= hi <= 1
    assert sum(r["games"] for r in data["reasons"].values()) == 4
    won = sum(sum(r["by_role"].values()) for r in data["reasons"].values())  # each won game's court, once
    assert won == 4 - bots["heuristic"]["draws"]
    assert won == sum(r["wins"] for r in data["by_role"].values())
    assert data["turns"]["min"] >= 1 and data["decisions"]["mean"] > 0
    records = sorted((tmp_path / "records").glob("*.json"))
    assert [p.name for p in records] == ["0001.json", "0002.json", "0003.json", "0004.json"]
    for i, path in enumerate(records):
        rec = load_record(path)
        assert verify(rec).ok
        levels = [s["level"] for s in rec["seats"]]
        assert levels == (["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"])
    png = (tmp_path / "selfplay.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000


def test_the_same_seed_plays_the_same_games(tmp_path):
    a = run_selfplay("courts", 2, ("heuristic", "random"), jobs=1, out_dir=tmp_path / "a", seed=9)
    b = run_selfplay("courts", 2, ("heuristic", "random"), jobs=1, out_dir=tmp_path / "b", seed=9)
    for name in ("0001.json", "0002.json"):
        ra, rb = (json.loads((tmp_path / x / "records" / name).read_text()) for x in ("a", "b"))
        assert ra["seed"] == rb["seed"] and ra["moves"] == rb["moves"]
    assert a["reasons"] == b["reasons"]


def test_selfplay_command_prints_the_tables(tmp_path):
    result = CliRunner().invoke(app, ["selfplay", "courts", "--games", "2", "--bots", "random,random", "--jobs", "1",
                                      "--out", str(tmp_path), "--seed", "4"])
    assert result.exit_code == 0, result.output
    for text in ("win rate", "95% interval", "how games ended", "game length", "in seat 0"):
        assert text in result.output
    assert (tmp_path / "summary.json").exists() and (tmp_path / "selfplay.png").exists()
    assert len(list((tmp_path / "records").glob("*.json"))) == 2


def test_selfplay_into_a_file_says_how_far_it_has_got(tmp_path):
    # a long run's output sent to a file gets no progress bar: it gets a line every twentieth of the games
    result = CliRunner().invoke(app, ["selfplay", "courts", "--games", "40", "--bots", "random,random", "--jobs", "1",
                                      "--out", str(tmp_path), "--seed", "4"])
    assert result.exit_code == 0, result.output
    lines = [ln for ln in result.output.splitlines() if re.match(r"\d+/40 games, random ", ln)]
    assert [ln.split("/")[0] for ln in lines] == [str(k) for k in range(2, 41, 2)]
    assert lines[-1].startswith("40/40 games, random ")


@pytest.mark.parametrize("args, text", [
    (["--bots", "random"], "two levels"),
    (["--bots", "random,grandmaster"], "unknown bot level"),
    (["--bots", "ismcts:depth=2,random"], "unknown option"),
])
def test_selfplay_command_refuses_bad_bots_in_one_line(tmp_path, args, text):
    result = CliRunner().invoke(app, ["selfplay", "courts", "--games", "2", "--out", str(tmp_path), *args])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and text in lines[0], result.stderr


def test_bench_reports_each_level_and_ismcts_iterations():
    result = CliRunner().invoke(app, ["bench", "courts", "--seconds", "0.3"])
    assert result.exit_code == 0, result.output
    for text in ("random chance", "ms/decision", "ms/search", "iter./s", "heuristic", "ismcts"):
        assert text in result.output


def test_moonflight_covers_every_pair_of_jacks_evenly_and_reports_each_pair(tmp_path):
    summary = run_selfplay("moonflight", 24, ("random", "random"), jobs=1, out_dir=tmp_path, seed=5)
    pairs = summary["by_pair"]
    assert len(pairs) == 6
    for name, r in pairs.items():
        assert r["games"] == 4 and name == f"{r['role']} vs {r['against']}"
        lo, hi = r["ci95"]
        assert 0 <= lo <= r["win_rate"] <= hi <= 1
    assert {role: r["games"] for role, r in summary["by_role"].items()} == {j: 12 for j in ("bond", "clay", "cot",
                                                                                          "words")}
    for b in summary["per_bot"].values():
        assert sum(r["games"] for r in b["by_role"].values()) == 24
    assert summary["length_unit"] == "round" and summary["turns"]["min"] >= 1
    seen = set()
    for path in sorted((tmp_path / "records").glob("*.json")):
        rec = load_record(path)
        assert verify(rec).ok
        seen.add(tuple(rec["options"]["jacks"]))
    assert len(seen) == 12  # every ordered pair of Jacks


def test_moonflight_selfplay_can_let_the_stream_deal_the_jacks(tmp_path):
    summary = run_selfplay("moonflight", 2, ("random", "random"), jobs=1, out_dir=tmp_path, seed=5, even_roles=False)
    assert summary["even_roles"] is False
    for path in (tmp_path / "records").glob("*.json"):
        rec = load_record(path)
        assert "jacks" not in rec["options"] and verify(rec).ok


def test_selfplay_command_prints_the_pair_table_for_moonflight(tmp_path):
    result = CliRunner().invoke(app, ["selfplay", "moonflight", "--games", "12", "--bots", "random,random", "--jobs",
                                      "1", "--out", str(tmp_path), "--seed", "4"])
    assert result.exit_code == 0, result.output
    for text in ("role against role", "clay vs cot", "round reached", "as words"):
        assert text in result.output


def test_bench_times_the_moonflight_levels_at_two_seats():
    result = CliRunner().invoke(app, ["bench", "moonflight", "--seats", "2", "--seconds", "0.3"])
    assert result.exit_code == 0, result.output
    for text in ("ms/decision", "heuristic", "ismcts", "ai-card"):
        assert text in result.output


def _pool_runs(tmp_path):
    a = run_selfplay("courts", 3, ("heuristic", "random"), jobs=1, out_dir=tmp_path / "a", seed=1)
    b = run_selfplay("courts", 2, ("heuristic", "random"), jobs=1, out_dir=tmp_path / "b", seed=2)
    return a, b


def test_pooling_runs_adds_up_their_games_and_keeps_each_bots_seats(tmp_path):
    a, b = _pool_runs(tmp_path)
    alone = pool_reports([tmp_path / "a"])
    for label, bot in a["per_bot"].items():  # time per decision comes from the run's summary, in floats
        assert alone["per_bot"][label].pop("ms_per_decision") == pytest.approx(bot.pop("ms_per_decision"))
    for key in ("per_bot", "by_role", "reasons", "turns", "decisions"):  # a run read back is the run
        assert json.loads(json.dumps(alone[key])) == json.loads(json.dumps(a[key])), key
    pooled = pool_reports([tmp_path / "a", tmp_path / "b"])
    assert pooled["games"] == 5 and pooled["seed"] == [1, 2]
    for label in ("heuristic", "random"):
        got, one, two = (s["per_bot"][label] for s in (pooled, a, b))
        assert got["wins"] == one["wins"] + two["wins"]
        for seat in ("0", "1"):  # the odd-sized first run does not swap the second run's seats
            assert got["by_seat"][seat]["games"] == one["by_seat"][seat]["games"] + two["by_seat"][seat]["games"]
            assert got["by_seat"][seat]["wins"] == one["by_seat"][seat]["wins"] + two["by_seat"][seat]["wins"]
    assert sum(r["games"] for r in pooled["reasons"].values()) == 5


def test_selfplay_pool_command_writes_the_pooled_report(tmp_path):
    _pool_runs(tmp_path)
    result = CliRunner().invoke(app, ["selfplay-pool", str(tmp_path / "a"), str(tmp_path / "b"),
                                      "--out", str(tmp_path / "p")])
    assert result.exit_code == 0, result.output
    assert "5 games of courts" in result.output and "seeds 1, 2" in result.output
    assert json.loads((tmp_path / "p" / "summary.json").read_text())["games"] == 5
    assert (tmp_path / "p" / "selfplay.png").read_bytes().startswith(b"\x89PNG")


def test_selfplay_pool_refuses_other_bots_and_a_record_that_does_not_verify(tmp_path):
    _pool_runs(tmp_path)
    run_selfplay("courts", 1, ("random", "random"), jobs=1, out_dir=tmp_path / "c", seed=3)
    rec_path = tmp_path / "b" / "records" / "0002.json"
    rec = json.loads(rec_path.read_text())
    rec["result"]["winner"] = 1 - rec["result"]["winner"] if rec["result"]["winner"] is not None else 0
    rec_path.write_text(json.dumps(rec))
    for dirs, text in (([tmp_path / "a", tmp_path / "c"], "does not pool"),
                       ([tmp_path / "a", tmp_path / "b"], "0002.json"),
                       ([tmp_path / "nowhere"], "no readable summary.json")):
        result = CliRunner().invoke(app, ["selfplay-pool", *map(str, dirs), "--out", str(tmp_path / "p")])
        assert result.exit_code != 0 and "Traceback" not in result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and text in lines[0], result.stderr
    assert not (tmp_path / "p").exists()  # nothing written on an error


def test_moons_at_three_seats_seats_one_bot_against_the_others_each_seat_in_turn(tmp_path):
    summary = run_selfplay("moons", 6, ("heuristic", "random"), jobs=1, out_dir=tmp_path, seed=4, seats=3)
    assert summary["seats"] == 3 and abs(summary["baseline"] - 1 / 3) < 1e-9
    one = summary["per_bot"]["heuristic"]
    assert [one["by_seat"][str(s)]["games"] for s in range(3)] == [2, 2, 2]  # the one bot in each seat in turn
    rest = summary["per_bot"]["random"]
    assert [rest["by_seat"][str(s)]["games"] for s in range(3)] == [4, 4, 4]
    assert one["wins"] + rest["wins"] + one["draws"] == 6
    assert sum(r["wins"] for r in summary["by_seat"].values()) == one["wins"] + rest["wins"]
    assert summary["length_unit"] == "round" and 1 <= summary["turns"]["min"] <= summary["turns"]["max"] <= 3
    assert summary["tricks"]["min"] > 17 and summary["points"]["winner"]["min"] > 0
    for i, path in enumerate(sorted((tmp_path / "records").glob("*.json"))):
        rec = load_record(path)
        assert verify(rec).ok and [s["level"] for s in rec["seats"]].index("heuristic") == i % 3
    pooled = pool_reports([tmp_path, tmp_path])
    assert pooled["games"] == 12 and pooled["per_bot"]["heuristic"]["by_seat"]["0"]["games"] == 4


def test_selfplay_command_takes_a_seat_count_and_refuses_one_the_game_does_not_seat(tmp_path):
    result = CliRunner().invoke(app, ["selfplay", "moons", "--games", "2", "--seats", "4", "--bots",
                                      "random,random", "--jobs", "1", "--out", str(tmp_path / "m")])
    assert result.exit_code == 0, result.output
    assert "seat 3" in result.output and "1/4 = 25.0%" in result.output
    bad = CliRunner().invoke(app, ["selfplay", "courts", "--games", "2", "--seats", "3"])
    assert bad.exit_code == 2 and "2 seats" in bad.output
