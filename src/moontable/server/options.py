"""A new table's options, checked against the game before anything is stored.

Each option a host sets must be one the game knows, of the type the game declares (`Game.option_types`,
else the type of its default; an option with neither is left to the game), and not nested too deep.
`seats` must agree with the seat list. Then a trial deal shows the game accepts them together; if it
does not, the option that it refuses on its own is named.
"""

from __future__ import annotations

from typing import Any, get_args, get_origin

from moontable.engine import Game
from moontable.match import Match
from moontable.server.messages import too_deep

__all__ = ["OptionError", "checked_options"]

_PLAIN = (str, int, float, bool, type(None))
_WORDS = {int: "a whole number", str: "text", bool: "true or false", float: "a number", list: "a list",
          dict: "an object"}
DEPTH = 6  # lists and objects inside one another in one option's value


class OptionError(ValueError):
    """An option the game cannot take; the message names it."""


def _is(value: Any, want: Any) -> bool:
    if want is float:
        return type(value) in (int, float)
    if want in (int, bool, str):
        return type(value) is want  # True is not a whole number here, nor 1 a yes
    return isinstance(value, want)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_one(name: str, value: Any, want: Any) -> None:
    """`want`: a type the game declares (int, str, bool, float, dict, list, or list[element type]), else None."""
    if too_deep(value, DEPTH):
        raise OptionError(f"option {name!r} nests lists and objects too deep (at most {DEPTH})")
    if want is None:  # undeclared, no default: the game's own checks (the trial deal) judge it
        return
    if get_origin(want) is list:
        (element,) = get_args(want)
        if not isinstance(value, list) or not all(isinstance(v, element) for v in value):
            words = " or ".join(_WORDS.get(t, "null" if t is type(None) else t.__name__)
                                for t in get_args(element) or (element,))
            raise OptionError(f"option {name!r} is a list of {words}, not {_show(value)}")
    elif not _is(value, want):
        raise OptionError(f"option {name!r} is {_WORDS.get(want, getattr(want, '__name__', str(want)))}, "
                          f"not {_show(value)}")


def checked_options(game: Game, given: dict[str, Any] | None, seats: list[dict[str, Any]],
                    seed: bytes) -> dict[str, Any]:
    """The table's options: the game's defaults with `given` over them, as the record will hold them.

    `seats` are the record's seat entries. Raises OptionError with a message that names the bad option."""
    n = len(seats)
    defaults = dict(game.default_options(n))
    known = [*defaults, *(o for o in game.info.options if o not in defaults)]
    types = game.option_types()
    given = given or {}
    for name, value in given.items():
        if name not in known:
            raise OptionError(f"unknown option {name!r} (known: {', '.join(known)})")
        want = types.get(name) or (type(defaults[name]) if name in defaults else None)
        _check_one(name, value, want)
    if "seats" in given and given["seats"] != n:
        raise OptionError(f"option 'seats' is {given['seats']} but the table has {n} seats")
    options = {**defaults, **given}
    try:  # a trial deal: the game's own checks, all the options together
        return Match.new(game, options, seats, seed=seed).record["options"]
    except Exception as together:
        for name, value in given.items():  # the one the game refuses on its own, if there is one
            try:
                Match.new(game, {**defaults, name: value}, seats, seed=seed)
            except Exception as alone:
                raise OptionError(f"option {name!r}: {alone}") from None
        raise OptionError(str(together)) from None
