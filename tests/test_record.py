"""Game records: round trip, replay, and `verify` catching each kind of tampering by its check."""

import copy
import json

import pytest

from moontable.fair import FairStream
from moontable.record import (
    DrawMismatch,
    RecordError,
    ReplayChance,
    load_record,
    replay,
    save_record,
    verify,
)
from toygame import TOY, play_toy, toy  # noqa: F401

pytestmark = pytest.mark.usefixtures("toy")


@pytest.fixture
def rec():
    return copy.deepcopy(play_toy(bot_seed=3).record)


def first_failure(record):
    report = verify(record)
    assert not report.ok
    return report.failed[0]


def test_round_trip(rec, tmp_path):
    path = tmp_path / "game.json"
    save_record(rec, path)
    assert load_record(path) == json.loads(json.dumps(rec))
    assert list(json.loads(path.read_text()))[:8] == [
        "format", "game", "rules", "options", "seats", "commitment", "client_seeds", "seed"]


def test_honest_record_verifies(rec):
    report = verify(rec)
    assert report.ok, report.to_json()
    assert [c.name for c in report.checks] == ["format", "commitment", "draws", "replay", "result"]
    assert report.to_json()["ok"] is True


def test_marked_moves_verify(rec):
    """A timeout's move and a stand-in bot's move carry marks; neither changes what the replay checks."""
    rec["moves"][0].append({"auto": True})
    rec["moves"][1].append({"bot": "ismcts"})
    assert verify(rec).ok, verify(rec).to_json()


def test_a_seat_a_program_played_is_a_bot_by_its_author(rec):
    """An outside program's seat (moontable.client) says who wrote it; the replay checks the same."""
    rec["seats"][0].update(bot=True, level=None, author="Ana Lima")
    assert verify(rec).ok, verify(rec).to_json()


def test_client_seeds_are_part_of_the_stream():
    rec = copy.deepcopy(play_toy(client_seeds=("alice", "bob")).record)
    assert verify(rec).ok
    rec["client_seeds"] = ["alice", "eve"]
    assert first_failure(rec).name == "draws"


def test_replay_gives_the_final_state(rec):
    state = replay(rec)
    assert TOY.result(state).to_json() == rec["result"]


def test_replay_works_without_the_seed_on_an_unfinished_record(rec):
    cut = copy.deepcopy(rec)
    del cut["seed"]
    cut["result"] = None
    cut["moves"] = cut["moves"][:3]
    with pytest.raises(DrawMismatch):
        replay(cut)  # more draws recorded than three moves make
    state = replay(cut, check_draws=False)
    assert TOY.result(state) is None


def test_missing_seed_fails_format(rec):
    del rec["seed"]
    check = first_failure(rec)
    assert check.name == "format" and "not ended" in check.message


def test_changed_seed_fails_commitment(rec):
    rec["seed"] = "11" * 32
    assert first_failure(rec).name == "commitment"


def test_changed_commitment_fails_commitment_only(rec):
    rec["commitment"] = "ab" * 32
    report = verify(rec)
    assert [c.name for c in report.failed] == ["commitment"]


def test_changed_draw_value_fails_draws_at_its_index(rec):
    n, v = rec["draws"][2]
    rec["draws"][2] = [n, (v + 1) % n]
    check = first_failure(rec)
    assert check.name == "draws" and "draw 3 " in check.message
    assert "replay" in [c.name for c in verify(rec).failed]


def test_illegal_move_names_the_move_number(rec):
    rec["moves"][4] = [rec["moves"][4][0], ["card", 99]]
    check = first_failure(rec)
    assert check.name == "replay"
    assert "move 5 " in check.message and "not one of the legal options" in check.message


def test_move_by_the_wrong_seat_is_illegal(rec):
    seat, action = rec["moves"][3]
    rec["moves"][3] = [1 - seat, action]
    check = first_failure(rec)
    assert check.name == "replay" and "move 4 " in check.message and "nothing to decide" in check.message


def test_changed_legal_move_is_caught_by_its_draws(rec):
    i = next(i for i, (_, a) in enumerate(rec["moves"]) if a[0] == "step")
    seat, (_, k) = rec["moves"][i]
    rec["moves"][i] = [seat, ["step", 3 - k]]
    assert first_failure(rec).name in ("replay", "result")


def test_extra_draw_fails_replay(rec):
    stream = FairStream(bytes.fromhex(rec["seed"]), rec["client_seeds"])
    for n, _ in rec["draws"]:
        stream.below(n)
    rec["draws"].append([6, stream.below(6)])  # a true draw of the stream, that no move made
    report = verify(rec)
    assert [c.name for c in report.failed] == ["replay"]
    assert "draws but the moves made only" in report.failed[0].message


def test_extra_move_after_the_end_fails_replay(rec):
    n = len(rec["moves"])
    rec["moves"].append([0, ["step", 1]])
    check = first_failure(rec)
    assert check.name == "replay" and f"move {n + 1} was made after the game had ended" in check.message


def test_missing_last_move_fails_replay(rec):
    rec["moves"].pop()
    check = first_failure(rec)
    assert check.name == "replay"


def test_changed_result_fails_result(rec):
    rec["result"]["winner"] = 1 - rec["result"]["winner"]
    report = verify(rec)
    assert [c.name for c in report.failed] == ["result"]


def test_replay_chance_refuses_other_draws():
    chance = ReplayChance([[6, 2], [2, 1]])
    assert chance.below(6) == 2
    with pytest.raises(DrawMismatch, match="below\\(3\\)"):
        chance.below(3)
    assert chance.below(2) == 1
    with pytest.raises(DrawMismatch, match="only 2 draws"):
        chance.below(2)


def test_load_truncated_file(rec, tmp_path):
    path = tmp_path / "cut.json"
    save_record(rec, path)
    path.write_text(path.read_text()[:200])
    with pytest.raises(RecordError, match="truncated"):
        load_record(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(game="chess"), "unknown game 'chess'"),
        (lambda r: r.update(format="other/1"), "format is 'other/1'"),
        (lambda r: r.pop("moves"), "missing key 'moves'"),
        (lambda r: r.update(draws=[[6, 9]]), "draw 1 must be"),
        (lambda r: r.update(moves=[[0, "step"]]), "move 1 must be"),
        (lambda r: r["moves"][0].append({"bot": 3}), "move 1 must be"),
        (lambda r: r["moves"][1].append({"auto": True, "by": "me"}), "move 2 must be"),
        (lambda r: r.update(seed="xyz"), "'seed' must be"),
        (lambda r: r["seats"][0].update(bot=False, author="Ana"), "seat 0 must be"),  # an author's seat is a bot
        (lambda r: r["seats"][1].update(bot=True, author=7), "seat 1 must be"),
    ],
)
def test_load_bad_records(rec, tmp_path, change, message):
    change(rec)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    with pytest.raises(RecordError, match=message):
        load_record(path)


def test_load_unreadable_and_bad_json(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{]")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(tmp_path / "bad.json")
    (tmp_path / "list.json").write_text("[]")
    with pytest.raises(RecordError, match="expected a JSON object"):
        load_record(tmp_path / "list.json")
