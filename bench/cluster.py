"""A cluster on one machine: a throwaway PostgreSQL, N `moontable serve --cluster` processes, haproxy in front.

    .venv/bin/python bench/cluster.py                  # `make cluster`: 3 servers behind haproxy on 127.0.0.1:8300
    .venv/bin/python bench/cluster.py --servers 2 --port 8300
    .venv/bin/python bench/cluster.py --load 1,2,3 --tables 100 --seconds 20   # bench/load.py through haproxy

Everything listens on 127.0.0.1 and stops on Ctrl-C (PostgreSQL's files are removed). The servers are real
`moontable serve` processes; `LocalCluster` is also what the failover test and benchmark (bench/failover.py,
tests/server/test_cluster.py) start, kill -9 and restart. PostgreSQL comes from tests/pgcluster.py (Debian's
postgresql, a private unix socket); haproxy is Debian's (`make cluster` installs both).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))
from pgcluster import Cluster  # noqa: E402  (the suite's throwaway PostgreSQL)

HAPROXY = """global
    maxconn 8000
defaults
    mode http
    timeout connect 1s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    option redispatch
    retries 3
    # the client's address, for the servers' per-address limits (they trust it from 127.0.0.1: --trusted-proxy)
    option forwardfor
frontend moontable
    bind 127.0.0.1:{port}
    default_backend servers
backend servers
    # any server reaches any table (it forwards to the table's owner): spread the connections
    balance leastconn
    option httpchk GET /api/games
    default-server check inter 500 fall 2 rise 2
{servers}
"""

# The load benchmark's settings (bench/load.py: LIFTED): every client there comes from 127.0.0.1.
SERVE = """
import sys, uvicorn
from moontable.server import Settings, create_app
from moontable.server.app import UVICORN
from moontable.table import TableConfig
port, db, lifted = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "lifted"
extra = dict(rate=1e9, burst=1_000_000, max_queue=100_000, tables_burst=1_000_000, joins_burst=1_000_000,
             conns_per_address=1_000_000) if lifted else {}
table = TableConfig(bot_pace=0.0) if lifted else TableConfig()
lease = float(sys.argv[4])
settings = Settings(db_url=db, cluster=f"127.0.0.1:{port}", table=table, lease_seconds=lease, lease_poll=lease / 4,
                    trusted_proxies=("127.0.0.1",), **extra)
uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=5,
            **UVICORN)
"""


def _die_with_parent() -> None:
    """Run in the child before it starts: the kernel kills it when this process dies, however it dies."""
    import ctypes

    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def haproxy_binary() -> str:
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if os.path.exists("/usr/sbin/haproxy") else None)
    if found is None:
        raise SystemExit("haproxy is not installed: `make cluster` installs Debian's haproxy")
    return found


class LocalCluster:
    """PostgreSQL, `servers` server processes on port+1.. and haproxy on `port`, all on 127.0.0.1."""

    def __init__(self, servers: int = 3, port: int | None = 8300, lifted: bool = False, lease_seconds: float = 3.0,
                 quiet: bool = True) -> None:
        """`port` None: free ports the system picks (tests), else port and the ones after it."""
        self.n, self.lifted, self.lease_seconds, self.quiet = servers, lifted, lease_seconds, quiet
        self.ports = [free_port() for _ in range(servers + 1)] if port is None else \
            [port + i for i in range(servers + 1)]
        self.port = self.ports[0]
        self.pg = Cluster()
        self.db = ""
        self.procs: dict[int, subprocess.Popen[bytes]] = {}
        self.haproxy: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"127.0.0.1:{self.port}"

    def server_port(self, i: int) -> int:
        return self.ports[1 + i]

    def start(self) -> None:
        self.pg.start()
        self.db = self.pg.database()
        for i in range(self.n):
            self.start_server(i)
        for i in range(self.n):
            self.wait_up(f"127.0.0.1:{self.server_port(i)}")
        servers = "\n".join(f"    server s{i + 1} 127.0.0.1:{self.server_port(i)}" for i in range(self.n))
        config = self.pg.root / "haproxy.cfg"
        config.write_text(HAPROXY.format(port=self.port, servers=servers))
        out = subprocess.DEVNULL if self.quiet else None
        self.haproxy = subprocess.Popen([haproxy_binary(), "-f", str(config), "-db"], stdout=out, stderr=out,
                                        preexec_fn=_die_with_parent)
        self.wait_up(self.base)

    def start_server(self, i: int) -> None:
        out: Any = None
        if self.quiet:  # what a server says goes to its log, kept after the cluster stops ($TMPDIR)
            out = open(Path(tempfile.gettempdir()) / f"moontable-cluster-{self.port}-server{i + 1}.log", "a")
        self.procs[i] = subprocess.Popen([sys.executable, "-c", SERVE, str(self.server_port(i)), self.db,
                                          "lifted" if self.lifted else "real", str(self.lease_seconds)],
                                         stdout=out, stderr=out, preexec_fn=_die_with_parent)

    def kill(self, i: int) -> None:
        """kill -9: no goodbye, no lease given back."""
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait()

    def wait_up(self, base: str, limit: float = 30.0) -> None:
        if any(p.poll() is not None for p in [*self.procs.values(), *([self.haproxy] if self.haproxy else [])]):
            raise RuntimeError("a process of the cluster did not start (see its output above)")
        end = time.monotonic() + limit
        while time.monotonic() < end:
            try:
                if httpx.get(f"http://{base}/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{base} did not answer in {limit} s")

    def stop(self) -> None:
        if self.haproxy is not None:
            self.haproxy.terminate()
            self.haproxy.wait()
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.pg.stop()

    def __enter__(self) -> LocalCluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


def measure(counts: list[int], tables: int, seconds: float, port: int) -> None:
    """bench/load.py's load (two random-playing clients a table) through haproxy, on 1, 2, 3... servers."""
    import asyncio

    import load

    for n in counts:
        with LocalCluster(n, port, lifted=True, lease_seconds=10.0) as cluster:
            stats, _, _ = asyncio.run(load.load(cluster.base, tables, seconds))
            cpu = sum(load.cpu_seconds(p.pid) for p in cluster.procs.values())
        print(f"--- {n} server process{'es' if n > 1 else ''} behind haproxy, PostgreSQL "
              f"(server CPU {cpu:.0f} s in all, start-up included)")
        print(load.report(stats, tables, seconds, 0.0), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", type=int, default=3, help="server processes (default 3)")
    parser.add_argument("--port", type=int, default=8300, help="haproxy's port; the servers take the next ones")
    parser.add_argument("--load", metavar="N,N,...", help="measure bench/load.py's load on clusters of N servers "
                                                         "(e.g. 1,2,3) instead of serving")
    parser.add_argument("--tables", type=int, default=100, help="with --load: concurrent tables")
    parser.add_argument("--seconds", type=float, default=20.0, help="with --load: seconds measured")
    args = parser.parse_args()
    if args.load:
        measure([int(n) for n in args.load.split(",")], args.tables, args.seconds, args.port)
        return
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # stop as on Ctrl-C: everything it started
    with LocalCluster(args.servers, args.port, quiet=False, lease_seconds=6.0) as cluster:
        print(f"moontable cluster: open http://{cluster.base}/  ({args.servers} servers on ports "
              f"{cluster.server_port(0)}-{cluster.server_port(args.servers - 1)}, PostgreSQL at {cluster.db}, "
              f"haproxy in front; Ctrl-C stops)", flush=True)
        try:
            while all(p.poll() is None for p in cluster.procs.values()):
                time.sleep(0.5)
            print("a server stopped; stopping the cluster")
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
