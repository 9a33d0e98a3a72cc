"""A throwaway PostgreSQL cluster (tests/pgcluster.py), started once for the session the first time a test
asks for it, and stopped at its end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pgcluster import Cluster


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    cluster = Cluster()
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()
