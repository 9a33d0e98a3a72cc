"""A throwaway PostgreSQL cluster for the test session: initdb into a temporary directory, one postmaster
listening on a private unix socket only (no TCP port to collide with), gone when the session ends.

Debian's `postgresql` package (which `make test` installs) puts its programs in /usr/lib/postgresql/N/bin,
off the PATH. PostgreSQL refuses to run as root, so under root the cluster runs as the `postgres` user the
package made (or `nobody`), through runuser. A watchdog process stops the cluster and removes its directory
if the test process dies without cleaning up (kill -9, a crash), so that no postmaster outlives the run.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["BACKENDS", "Cluster", "bindir"]

# The databases a test that takes `db` runs on; MOONTABLE_TEST_DB=sqlite: SQLite alone.
BACKENDS = ["sqlite"] if os.environ.get("MOONTABLE_TEST_DB") == "sqlite" else ["sqlite", "postgres"]
USER = "moontable"  # the cluster's superuser (trust over the private socket: nobody else can reach it)


def bindir() -> Path | None:
    """Where initdb and pg_ctl are: the PATH, else Debian's newest /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(versions[-1]).parent if versions else None


def _run_as() -> tuple[list[str], str | None]:
    """The command prefix that runs a program as a user PostgreSQL accepts, and that user (None: ourselves)."""
    if os.geteuid() != 0:
        return [], None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return ["runuser", "-u", name, "--"], name
    raise RuntimeError("running as root, and neither a postgres nor a nobody user to run PostgreSQL as")


class Cluster:
    """One postmaster, started by `start` and stopped by `stop`; `database()` makes a fresh database."""

    def __init__(self) -> None:
        found = bindir()
        if found is None:
            raise RuntimeError("PostgreSQL is not installed (initdb not found): `make test` installs Debian's "
                               "postgresql; or set MOONTABLE_TEST_DB=sqlite to run on SQLite only")
        self.bin = found
        self.prefix, self.user = _run_as()
        self.root = Path(tempfile.mkdtemp(prefix="moontable-pg-"))
        self.data = self.root / "data"
        self.socket = self.root  # the socket file is root/.s.PGSQL.5432
        self._names = itertools.count(1)
        self._watchdog: subprocess.Popen[bytes] | None = None
        self._shared: str | None = None

    def _cmd(self, *args: str) -> list[str]:
        return [*self.prefix, *args]

    def start(self) -> None:
        if self.user is not None:
            shutil.chown(self.root, self.user)
        subprocess.run(self._cmd(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "--auth=trust",
                                 "-E", "UTF8", "--no-sync", "--locale=C"), check=True, capture_output=True)
        # fsync off: a test cluster that dies is thrown away anyway, and the suite's commits are many
        options = (f"-k {self.socket} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
                   "-c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB")
        proc = subprocess.run(self._cmd(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                                        str(self.root / "log"), "-o", options, "-w", "-t", "60", "start"),
                              capture_output=True, text=True)
        if proc.returncode != 0:
            log = (self.root / "log").read_text() if (self.root / "log").exists() else ""
            raise RuntimeError(f"PostgreSQL did not start: {proc.stdout}{proc.stderr}{log}")
        self._watch()

    def _watch(self) -> None:
        """A shell that waits for this process to end, then stops the cluster and removes its files."""
        stop = " ".join(self._cmd(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"))
        script = (f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 1; done; "
                  f"{stop} >/dev/null 2>&1; rm -rf {self.root}")
        self._watchdog = subprocess.Popen(["sh", "-c", script], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL, start_new_session=True)

    def stop(self) -> None:
        subprocess.run(self._cmd(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"),
                       capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)
        if self._watchdog is not None:
            self._watchdog.kill()
            self._watchdog.wait()

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@/{database}?host={self.socket}"

    def database(self) -> str:
        """A new empty database's URL."""
        name = f"t{next(self._names)}"
        subprocess.run([str(self.bin / "createdb"), "-h", str(self.socket), "-U", USER, name],
                       check=True, capture_output=True)
        return self.url(name)

    def emptied(self) -> str:
        """The URL of the suite's one shared database, emptied of everything an earlier test made: quicker than
        a new database for each test (and the tests run one at a time)."""
        if self._shared is None:
            self._shared = self.database()
        subprocess.run([str(self.bin / "psql"), "-h", str(self.socket), "-U", USER, "-d", self._shared.split("/")[3]
                        .split("?")[0], "-q", "-v", "ON_ERROR_STOP=1", "-c",
                        "DROP SCHEMA public CASCADE; CREATE SCHEMA public"], check=True, capture_output=True)
        return self._shared
