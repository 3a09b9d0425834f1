"""Settings that make no sense together, and table sizes a family's rules are not written for.

Each key is checked alone by its type; a family may refuse some settings together (its
``check_convention``, such as the Russian family's in ``families/russian/conflicts.py``).
:func:`refuse` runs the check of a convention's family; :func:`refuse_pairs` is the common
form of such a check: two keys that contradict each other, refused naming where each of them
stands (file:line), so the table sees which line to change. Cheap: the journal path runs it on
every command.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from .. import registry
from ..errors import ConventionError
from ..frozen import NamedTuple
from ..i18n import _, pgettext, translated
from .schema import PLAYERS, family_rules, keys_for, seats_for

if TYPE_CHECKING:
    from . import Convention

Values = Mapping[str, object]


class Pair(NamedTuple):
    """Two keys that contradict each other under some values.

    Attributes:
        first, second: the two keys' paths.
        contradict: do the values contradict each other.
        why: the reason, marked with ``N_`` (shown translated).
        one_source: they contradict only when one source (one file, one command line) sets
            both; on top of a convention that sets one, the other is the table's choice.
    """

    first: str
    second: str
    contradict: Callable[[Values], bool]
    why: str
    one_source: bool


def refuse(values: Values, places: Mapping[str, str], players: int | None = None,
           players_place: str = "", stored: bool = False) -> None:
    """Refuse a convention whose settings contradict each other, as its family says
    (``FAMILY.check_convention``; a family without one refuses nothing together).

    Args:
        values: the resolved convention's keys.
        places: where each key was set (``file:line:col``, ``override``, ``default``...).
        players: the number of players of the game, when there is a game.
        players_place: where that number was given (the journal's ``players`` line, the
            ``--players`` option).
        stored: the values are a journal's stored rules, every key written alike (the pairs
            that only one source setting both makes contradictory were checked when the game
            was started).

    Raises:
        ConventionError: the first contradiction, with both places.
    """
    family = values.get("family")
    if not isinstance(family, str) or family not in registry.FAMILIES:
        return
    check = getattr(family_rules(family), "check_convention", None)
    if check is not None:
        check(values, places, players, players_place, stored)


def refuse_pairs(pairs: tuple[Pair, ...], values: Values, places: Mapping[str, str],
                 stored: bool) -> None:
    """Refuse the first pair of keys whose values contradict each other (in order).

    Raises:
        ConventionError: naming both keys, their values and their places.
    """
    for first, second, contradict, why, one_source in pairs:
        if one_source and (stored or _source(places, first) != _source(places, second)):
            continue
        if contradict(values):
            raise ConventionError(
                _("{first} {first_value} ({first_place}) and {second} {second_value} "
                  "({second_place}) cannot be set together: {why}").format(
                    first=first, first_value=_text(first, values),
                    first_place=place(places, first), second=second,
                    second_value=_text(second, values), second_place=place(places, second),
                    why=translated(why)),
                hint=_("change one of the two settings"))


def _source(places: Mapping[str, str], key: str) -> str:
    """The file (or ``override``, ``default``) that set a key: its place without line and
    column."""
    return re.sub(r"(:[0-9]+)+$", "", places.get(key, ""))


def _text(key: str, values: Values) -> str:
    return keys_for(str(values["family"]))[key].type.text(values[key])


def place(places: Mapping[str, str], key: str) -> str:
    """Where a key was set, as a player reads it."""
    where = places.get(key, "")
    if where == "override":
        return pgettext("source", "<options>")
    if where in ("", "default", "journal"):  # a key filled in with its default
        return pgettext("source", "the default")
    return where


def table_size_refused(convention: Convention, count: int) -> str | None:
    """Why the convention is not played by ``count`` players (its ``players`` key, within
    the sizes its family's rules are written for: ``FAMILY.seats``), or None."""
    seats = seats_for(convention.family)
    allowed = [n for n in convention[PLAYERS] if n in seats] or list(seats)
    if count in allowed:
        return None
    counts = [str(n) for n in allowed]
    either = counts[0] if len(counts) == 1 else _("{some} or {last}").format(
        some=", ".join(counts[:-1]), last=counts[-1])
    return _("{title} is played by {counts} players, not {count}").format(
        title=convention.title, counts=either, count=count)
