"""Where a server's time went: a py-spy raw profile (`py-spy record -f raw`) split into the table's parts.

Each sample is put in the first part whose frames it holds (a diff made while a message is published is the
diff's), so the shares add up to the whole. Prints a markdown table.

Run: .venv/bin/python bench/load.py --tables 100 --seconds 30 &
     .venv/bin/py-spy record -p $(pgrep -f "load.py --serve") -d 15 -r 100 -f raw -o server.raw --nonblocking
     .venv/bin/python bench/profile_split.py server.raw
"""

from __future__ import annotations

import sys
from collections import Counter

PARTS = [  # (part, frames that put a sample in it), tried in this order
    ("database (SQLite thread and its commits)", ("_connection_worker_thread", "Store._write_loop", "Store._commit")),
    ("views (Courts: the view, the odds, the options' words)", ("safe_view", "safe_views", "view_for")),
    ("changes (the diff of the old and the new view)", ("table/change.py",)),
    ("the rules engine (Match.play)", ("Match.play",)),
    ("undo's copy of the state", ("FrameGame.clone", "CourtsState.clone")),
    ("log lines and the moves' words", ("_log_lines", "Table._words")),
    ("messages (encode, splice, queue)", ("Stream.publish", "Stream.flush", "table/present.py", "_splice")),
    ("socket send (framing, compression, write)", ("Conn.pump",)),
    ("socket receive (parse, decode, dispatch)", ("data_received", "Session.run", "Session._next", "run_asgi")),
    ("the rest of the table's loop (clocks, turns, inbox)", ("Table.run",)),
]
REST = "the event loop and the rest"


def split(path: str) -> tuple[Counter[str], int]:
    parts: Counter[str] = Counter()
    total = 0
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip().rpartition(" ")
            n = int(count)
            total += n
            parts[next((name for name, frames in PARTS if any(x in stack for x in frames)), REST)] += n
    return parts, total


def main() -> None:
    paths = sys.argv[1:]
    if not paths:
        raise SystemExit(__doc__)
    results = [split(p) for p in paths]
    print("| part | " + " | ".join(paths) + " |")
    print("|---|" + "---:|" * len(paths))
    for name in [n for n, _ in PARTS] + [REST]:
        shares = [f"{parts[name] * 100 / max(1, total):.0f}%" for parts, total in results]
        print(f"| {name} | " + " | ".join(shares) + " |")
    print("| samples | " + " | ".join(str(total) for _, total in results) + " |")


if __name__ == "__main__":
    main()
