"""The fair random stream: every shuffle, die and random choice of a game comes from here.

The contract (DESIGN.md, "Fair randomness"):

    key      = HMAC-SHA256(seed, "moontable/1\\n" + "\\n".join(client_seeds))
    block(k) = HMAC-SHA256(key, decimal k)
    stream   = block(0) || block(1) || ... read as big-endian uint64, 8 bytes at a time
    below(n) = rejection-sampled uniform integer in [0, n)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol

__all__ = ["Chance", "FairStream", "RandomChance", "commitment", "new_seed", "shuffle", "die"]

_TWO64 = 1 << 64


class Chance(Protocol):
    """Anything the rules engine can ask for a uniform integer below n."""

    def below(self, n: int) -> int: ...


def new_seed() -> bytes:
    """32 bytes from the operating system's CSPRNG."""
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """SHA-256 of the seed, lowercase hex: shown to every seat when the game starts."""
    return hashlib.sha256(seed).hexdigest()


class FairStream:
    """The verifiable stream. Records every `below(n)` it answers as `[n, value]` in `draws`."""

    __slots__ = ("_key", "_block", "_buf", "_pos", "draws")

    def __init__(self, seed: bytes, client_seeds: Sequence[str] = ()) -> None:
        if len(seed) != 32:
            raise ValueError("a seed is 32 bytes")
        msg = ("moontable/1\n" + "\n".join(client_seeds)).encode("utf-8")
        self._key = hmac.new(seed, msg, hashlib.sha256).digest()
        self._block = 0
        self._buf = b""
        self._pos = 0
        self.draws: list[list[int]] = []

    def _u64(self) -> int:
        if self._pos + 8 > len(self._buf):
            self._buf = hmac.new(self._key, str(self._block).encode("ascii"), hashlib.sha256).digest()
            self._block += 1
            self._pos = 0
        value = int.from_bytes(self._buf[self._pos : self._pos + 8], "big")
        self._pos += 8
        return value

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        if n == 1:
            value = 0
        else:
            limit = _TWO64 - (_TWO64 % n)
            u = self._u64()
            while u >= limit:
                u = self._u64()
            value = u % n
        self.draws.append([n, value])
        return value


class RandomChance:
    """A non-verifiable chance source for bots, simulations and determinization."""

    __slots__ = ("_rng",)

    def __init__(self, rng: Any) -> None:
        self._rng = rng

    def below(self, n: int) -> int:
        return self._rng.randrange(n) if n > 1 else 0


def die(chance: Chance) -> int:
    return 1 + chance.below(6)


def shuffle(chance: Chance, xs: MutableSequence[Any]) -> None:
    """Fisher-Yates from the back, exactly as the contract says."""
    for i in range(len(xs) - 1, 0, -1):
        j = chance.below(i + 1)
        xs[i], xs[j] = xs[j], xs[i]
