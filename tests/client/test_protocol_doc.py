"""docs/protocol.md and docs/protocol-schema.json say what the server really takes and sends."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from moontable.server import messages

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("protocol_schema", ROOT / "scripts" / "protocol_schema.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_schema_file_is_the_one_messages_py_makes():
    assert (ROOT / "docs" / "protocol-schema.json").read_text(encoding="utf-8") == _script().text(), (
        "docs/protocol-schema.json is out of date: run .venv/bin/python scripts/protocol_schema.py")


def test_the_page_names_every_message_type_and_every_error_code():
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for kind in messages.CLIENT_TYPES:
        assert f"**{kind}**" in doc, kind
    for kind in ("snapshot", "update", "undone", "started", "seats", "ended", "ack", "error", "batch"):
        assert f"| `{kind}` |" in doc, kind
    sent = set()
    for path in (ROOT / "src" / "moontable").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        sent |= set(re.findall(r'(?:error|BadMessage|_refuse)\("([a-z_]+)"', text))
    closes = {"no_hello", "no_table", "bad_token", "full", "too_many", "replaced"}  # told by their close code
    for code in sent - closes:
        assert f"`{code}`" in doc, f"error code {code} is not in docs/protocol.md"
