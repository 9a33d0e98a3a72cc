"""Write docs/protocol-schema.json: the JSON Schema of every WebSocket message, from server/messages.py.

    .venv/bin/python scripts/protocol_schema.py    (tests/client/test_protocol_doc.py checks it is current)
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "docs" / "protocol-schema.json"


def schema() -> dict:
    import msgspec

    from moontable.server import messages

    (client, server), defs = msgspec.json.schema_components(
        [messages.ClientMessage, messages.ServerMessage], ref_template="#/$defs/{name}")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "moontable table WebSocket messages (/ws/{table_id})",
            "client_to_server": client, "server_to_client": server, "$defs": defs}


def text() -> str:
    return json.dumps(schema(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT}")
