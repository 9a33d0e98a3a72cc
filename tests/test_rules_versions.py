"""A record verifies for ever (DESIGN.md): every rules version the project has shipped stays selectable, and
`moontable verify` checks an older record under the rules it names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from moontable import games
from moontable.cli import app

DATA = Path(__file__).resolve().parent / "data" / "records"
# every rules version in the history of the game packages (git log -G RULES_LEVEL / RULES_VERSION)
SHIPPED = ["courts/1", "courts/2", "courts/3", "moonflight/1", "moonflight/2", "moons/1", "bluemoon/1"]


@pytest.mark.parametrize("version", SHIPPED)
def test_every_shipped_rules_version_is_selectable(version):
    game = games.get_game(version.split("/")[0], version)
    assert game.rules_version == version


def test_the_current_versions_are_among_the_shipped():
    assert {games.get_game(g).rules_version for g in games.GAME_IDS} <= set(SHIPPED)


@pytest.mark.parametrize("name", ["courts-1", "courts-2", "moonflight-1"])
def test_moontable_verify_checks_an_older_record_under_its_own_rules(name, tmp_path):
    """courts-1.json was played by the courts/1 engine of git history (8fa7640^, where it verifies too)."""
    result = CliRunner().invoke(app, ["verify", str(DATA / f"{name}.json")])
    assert result.exit_code == 0 and result.output.strip() == "verified", result.output
    rec = json.loads((DATA / f"{name}.json").read_text())
    game, level = rec["rules"].split("/")
    rec["rules"] = f"{game}/{int(level) + 1}"  # the same moves under the next version's rules go astray
    path = tmp_path / "next.json"
    path.write_text(json.dumps(rec))
    result = CliRunner().invoke(app, ["verify", str(path)])
    assert result.exit_code == 1 and result.output.startswith("failed: "), result.output
