"""A recorded game's draws match a second, independent implementation of the stream contract
(HMAC written out from SHA-256 by hand, the stream read as one byte string)."""

from __future__ import annotations

import hashlib
import json

from typer.testing import CliRunner

from moontable.cli import app


def hmac_sha256(key: bytes, msg: bytes) -> bytes:
    block = 64
    if len(key) > block:
        key = hashlib.sha256(key).digest()
    key = key.ljust(block, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key) + msg).digest()
    return hashlib.sha256(bytes(b ^ 0x5C for b in key) + inner).digest()


def independent_draws(seed: bytes, client_seeds: list[str], bounds: list[int]) -> list[int]:
    key = hmac_sha256(seed, ("moontable/1\n" + "\n".join(client_seeds)).encode())
    stream = b""
    k = 0
    offset = 0
    out = []
    for n in bounds:
        if n == 1:
            out.append(0)
            continue
        limit = 2**64 - 2**64 % n
        while True:
            while len(stream) < offset + 8:
                stream += hmac_sha256(key, str(k).encode())
                k += 1
            u = int.from_bytes(stream[offset : offset + 8], "big")
            offset += 8
            if u < limit:
                out.append(u % n)
                break
    return out


def test_F4_recorded_draws_match_an_independent_stream(tmp_path):
    path = tmp_path / "r.json"
    seed = "5e" * 32
    res = CliRunner().invoke(
        app, ["play", "courts", "--bot", "0=random", "--bot", "1=random", "--seed", seed, "--record", str(path)]
    )
    assert res.exit_code == 0, res.output
    record = json.loads(path.read_text())
    assert record["seed"] == seed
    assert record["commitment"] == hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    bounds = [n for n, _ in record["draws"]]
    assert bounds[0] == 2, "the first draw picks the seat that leads the Moon (C3)"
    assert [v for _, v in record["draws"]] == independent_draws(bytes.fromhex(seed), [], bounds)
    verified = CliRunner().invoke(app, ["verify", str(path)])
    assert verified.exit_code == 0 and "verified" in verified.output
