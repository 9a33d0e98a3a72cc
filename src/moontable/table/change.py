"""A view's change from one move to the next: what a seat is sent instead of its whole view.

A change is a list of steps, applied in order: `[path, value]` puts `value` at `path`, `[path]` takes the
key at `path` away. A path is the keys and list indexes from the top of the view down, so a town's sway
that moved is `[["towns", 3, "moon"], 2]`. A list whose length changed is sent whole, at its own path.

The page applies a change with `applyChange` (web/frame/change.js); `apply` here is the same in Python,
for clients written in Python and for the tests. `diff` compares whole subtrees first (in C, by `!=`), so
it walks only down the branches that moved, and no further than DEEP (a value that deep is sent whole:
walking on costs more than it saves). JSON does not tell a tuple from a list, and neither does `diff`;
it does not tell 1 from True either (Python's `==` does not), which no view of ours relies on.
"""

from __future__ import annotations

from typing import Any

__all__ = ["apply", "diff"]

Path = tuple[str | int, ...]
Step = list[Any]  # [path, value] or [path]
_MISSING = object()
_SEQUENCES = (list, tuple)
_CONTAINERS = (dict, list, tuple)
SHORT = 4  # items: a list this short whose objects all moved a little (the players) is sent item by item
DEEP = 3  # keys and indexes: below this a value that moved is sent whole (walking further costs more than it saves)


def diff(old: Any, new: Any) -> list[Step]:
    """The steps that turn `old` into `new` (both JSON-like); [] when they are equal."""
    out: list[Step] = []
    _diff(old, new, (), out)
    return out


def _diff(old: Any, new: Any, path: Path, out: list[Step]) -> None:
    if len(path) >= DEEP:
        out.append([list(path), new])
        return
    kind = type(new)
    if kind is dict and type(old) is dict:
        _walk_dict(old, new, path, out)
        return
    if kind in _SEQUENCES and type(old) in _SEQUENCES and len(old) == len(new):
        changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a is not b and a != b]
        # a few items moved: those alone; most of a long list, or of a list of numbers or words: the list whole
        if len(changed) * 2 <= len(new) or len(new) <= SHORT and all(type(new[i]) in _CONTAINERS for i in changed):
            for i in changed:
                _diff(old[i], new[i], (*path, i), out)
            return
    out.append([list(path), new])


def _walk_dict(old: dict[Any, Any], new: dict[Any, Any], path: Path, out: list[Step]) -> None:
    if old.keys() != new.keys():
        out.extend([[*path, key]] for key in old if key not in new)
    was = old.get
    for key in [k for k, v in new.items() if (w := was(k, _MISSING)) is not v and w != v]:
        value, before = new[key], old.get(key, _MISSING)
        if before is _MISSING:
            out.append([[*path, key], value])
        else:
            _diff(before, value, (*path, key), out)


def apply(view: Any, change: list[Step]) -> Any:
    """`view` with `change` applied, as a new value: `view` itself is left as it was (what is not on a
    changed path is shared with it)."""
    fresh: set[int] = set()  # the containers copied by this call, which it may change in place
    root = view
    for step in change:
        path = step[0]
        if not path:
            root = step[1]
            continue
        if id(root) not in fresh:
            root = _copy(root)
            fresh.add(id(root))
        node = root
        for key in path[:-1]:
            child = node[key]
            if id(child) not in fresh:
                child = _copy(child)
                fresh.add(id(child))
                node[key] = child
            node = child
        if len(step) == 1:
            del node[path[-1]]
        else:
            node[path[-1]] = step[1]
    return root


def _copy(node: Any) -> Any:
    if isinstance(node, dict):
        return dict(node)
    if isinstance(node, list | tuple):
        return list(node)
    raise ValueError(f"a change's path goes through {type(node).__name__}, not a list or an object")
