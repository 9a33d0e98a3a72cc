"""Before and after, side by side: `bench/load.py` of two checkouts, run in turn for each load, one machine.

Each checkout runs its own load.py against its own server (PYTHONPATH=<checkout>/src), with this
interpreter; the runs alternate (before, after, before, after, ...) so that whatever else the machine
does weighs on both alike. Prints one markdown table row a run, with the load average when it began.

With --same-harness both servers are measured by this checkout's load.py (its clients, warm-up and report),
and only the server's code differs.

Run: .venv/bin/python bench/compare.py --before /path/to/main-checkout --tables 100,500,1000 --think 0,1
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
FIELDS = {
    "moves": r"moves acked: (\d+)",
    "rate": r"moves/s: ([\d,]+)",
    "p50": r"p50 ([\d.]+) ms",
    "p99": r"p99 ([\d.]+) ms",
    "max": r"max ([\d.]+) ms",
    "cpu": r"server CPU: (\d+)% of a core",
    "errors": r"errors: (.*)",
}


def run(checkout: Path, tables: int, think: float, seconds: float, extra: list[str],
        harness: Path | None = None) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(checkout / "src")}
    cmd = [sys.executable, str((harness or checkout) / "bench" / "load.py"), "--tables", str(tables),
           "--seconds", str(seconds),
           "--think", str(think), *extra]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=seconds + 900)
    out = {k: (m[1] if (m := re.search(p, done.stdout)) else "") for k, p in FIELDS.items()}
    if out["moves"] and out["cpu"]:
        out["per_move"] = f"{int(out['cpu']) / 100 * seconds / int(out['moves']) * 1e6:.0f}"
    if done.returncode != 0 and not out["moves"]:
        out["errors"] = (done.stderr.strip().splitlines() or ["failed"])[-1][:60]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the other checkout (e.g. a worktree of main)")
    parser.add_argument("--tables", default="100,500,1000", help="comma-separated table counts")
    parser.add_argument("--think", default="0,1", help="comma-separated mean think times (seconds)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--same-harness", action="store_true",
                        help="both servers measured by this checkout's load.py (its clients, warm-up and report)")
    parser.add_argument("extra", nargs="*", help="more load.py arguments for both (after --)")
    args = parser.parse_args()
    before = Path(args.before).resolve()
    print("| tables | think | code | moves/s | p50 ms | p99 ms | max ms | server CPU | µs CPU a move | load avg "
          "| errors |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for think in [float(x) for x in args.think.split(",")]:
        for tables in [int(x) for x in args.tables.split(",")]:
            for name, checkout in (("before", before), ("after", HERE)):
                load = os.getloadavg()[0]
                r = run(checkout, tables, think, args.seconds, args.extra, HERE if args.same_harness else None)
                print(f"| {tables} | {think:g} | {name} | {r['rate']} | {r['p50']} | {r['p99']} | {r['max']} | "
                      f"{r['cpu']}% | {r.get('per_move', '')} | {load:.1f} | {r['errors']} |", flush=True)


if __name__ == "__main__":
    main()
