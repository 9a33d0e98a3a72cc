"""F2, F3 at the terminal table: the commitment before the first move, the seed only at the end."""

from __future__ import annotations

import hashlib
import json

from typer.testing import CliRunner

from moontable.cli import app
from moontable.games.courts import COURTS
from moontable.match import Match

SEED = "7a" * 32
SEATS = [{"name": "a", "bot": True, "level": "random"}, {"name": "b", "bot": True, "level": "random"}]


def test_F2_commitment_is_shown_when_the_game_starts_and_F3_seed_when_it_ends():
    res = CliRunner().invoke(app, ["play", "courts", "--bot", "0=random", "--bot", "1=random", "--seed", SEED])
    assert res.exit_code == 0, res.output
    commitment = hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    out = res.output
    assert commitment in out.splitlines()[0]
    assert out.index(commitment) < out.index(SEED), "the fingerprint comes first, the seed only at the end"
    assert "wins" in out or "draw" in out.lower()


def test_F3_the_seed_stays_out_of_the_record_until_the_end():
    m = Match.new(COURTS, None, SEATS, seed=bytes.fromhex(SEED))
    public = json.dumps(m.public_record())
    assert SEED not in public and m.record["commitment"] in public
    while not m.ended:
        d = COURTS.pending(m.state)[0]
        assert SEED not in json.dumps(m.public_record())
        m.play(d.seat, COURTS.safe_action(m.state, d))
    assert m.public_record()["seed"] == SEED
