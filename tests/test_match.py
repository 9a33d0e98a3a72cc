"""A Match keeps state, fair stream and record in step."""

import copy

import pytest

from moontable.engine import IllegalAction
from moontable.fair import commitment
from moontable.match import Match
from moontable.record import KEYS, verify
from toygame import TOY, play_toy, toy  # noqa: F401

pytestmark = pytest.mark.usefixtures("toy")

SEATS = [{"name": "ann", "bot": False, "level": None}, {"name": "bot", "bot": True, "level": "random"}]


def test_new_match_records_the_set_up():
    m = Match.new(TOY, None, SEATS, seed=bytes(32), client_seeds=["x", "y"])
    r = m.record
    assert r["format"] == "moontable-record/1" and r["game"] == "toy" and r["rules"] == TOY.rules_version
    assert r["options"] == TOY.default_options(2)
    assert r["seats"] == SEATS and r["client_seeds"] == ["x", "y"]
    assert r["commitment"] == commitment(bytes(32))
    assert r["moves"] == [] and r["result"] is None and "seed" not in r
    assert r["draws"] == m.stream.draws and len(r["draws"]) == 5  # the deal's shuffle


def test_illegal_action_changes_nothing():
    m = Match.new(TOY, None, SEATS, seed=bytes(32))
    m.play(0, ["bid", 1])
    state, record, draws = copy.deepcopy(m.state), copy.deepcopy(m.record), list(m.stream.draws)
    for seat, action in [(0, ("bid", 2)), (1, ("bid", 7)), (1, ("step", 1)), (1, "bid")]:
        with pytest.raises(IllegalAction):
            m.play(seat, action)
    assert m.state == state and m.record == record and m.stream.draws == draws


def test_moves_and_draws_are_recorded():
    m = Match.new(TOY, None, SEATS, seed=bytes(32))
    m.play(0, ("bid", 1))
    m.play(1, ["bid", 1], auto=True)  # a tie: the engine draws below(2)
    assert m.record["moves"] == [[0, ["bid", 1]], [1, ["bid", 1], {"auto": True}]]
    assert m.record["draws"] == m.stream.draws and m.record["draws"][-1][0] == 2


def test_public_record_hides_the_seed_until_the_end():
    seats = [{"name": "a", "bot": True, "level": "random"}] * 2
    m = Match.new(TOY, None, seats, seed=bytes(32))
    assert "seed" not in m.public_record()
    m.play(0, ("bid", 0))
    assert "seed" not in m.public_record() and "seed" not in m.record
    done = play_toy()
    pub = done.public_record()
    assert pub["seed"] == bytes(32).hex() and pub["result"] is not None
    assert set(pub) == set(KEYS)
    assert verify(pub).ok
    with pytest.raises(IllegalAction):
        done.play(0, ("step", 1))


def test_seat_count_is_checked():
    with pytest.raises(ValueError, match="for 2 seats, not 1"):
        Match.new(TOY, None, SEATS[:1])
