import sys
from pathlib import Path

import pytest

from pgcluster import BACKENDS, Cluster

sys.path.insert(0, str(Path(__file__).parent))  # the harness module beside the tests


# A test that takes `db` runs once on SQLite (a file: a Path) and once on PostgreSQL (an empty database of the
# session's throwaway cluster: a URL).
@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    if request.param == "sqlite":
        return tmp_path / "t.db"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.emptied()
