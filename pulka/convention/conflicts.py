"""Settings of the Russian family that make no sense together (issue 13).

Each key is checked alone by its type; a few pairs contradict each other: two answers to one
question (a flat consolation and a consolation per value), or a rule that has nothing to act
on (a floor for the gora when nothing is written off it). Such a convention, override or
journal is refused, naming where each of the two settings stands (file:line), so the table
sees which line to change. Cheap: the journal path runs it on every command.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..errors import ConventionError
from ..i18n import N_, _, pgettext, translated
from .schema import RUSSIAN, SEATS, keys_for

if TYPE_CHECKING:
    from . import Convention

Values = Mapping[str, object]

#: (first key, second key, do they contradict, why, only when one source sets both), checked
#: in this order. A flat consolation replaces the one per value: set on top of a convention
#: that has one (a table's file, its options, a vector's), it is the table's choice; only a
#: file or a command line that sets both says two things at once.
PAIRS: tuple[tuple[str, str, Callable[[Values], bool], str, bool], ...] = (
    ("remise.consolation_flat", "remise.consolation",
     lambda v: bool(v["remise.consolation_flat"]) and v["remise.consolation"] != 1,
     N_("a flat consolation is written instead of the consolation per value, so a rate per "
        "value other than 1 would never count"), True),
    ("whist.half", "whist.ten",
     lambda v: v["whist.ten"] == "checked" and 10 in v["whist.half"],  # type: ignore[operator]
     N_("a checked ten is always played out, so it cannot be settled by a half-whist"), False),
)

#: why whole whists make no sense at two players
TWO_PLAYERS = N_("whole whists are the paper rule of three and four players, whose gora "
                 "shares come in thirds and quarters; at two players pulka settles exactly")


def refuse(values: Values, places: Mapping[str, str], players: int | None = None,
           players_place: str = "", stored: bool = False) -> None:
    """Refuse a Russian convention whose settings contradict each other.

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
        ConventionError: the first contradictory pair, with both places.
    """
    if values.get("family") != RUSSIAN:
        return
    for first, second, contradict, why, one_source in PAIRS:
        if one_source and (stored or _source(places, first) != _source(places, second)):
            continue
        if contradict(values):
            raise ConventionError(
                _("{first} {first_value} ({first_place}) and {second} {second_value} "
                  "({second_place}) cannot be set together: {why}").format(
                    first=first, first_value=_text(first, values),
                    first_place=_place(places, first), second=second,
                    second_value=_text(second, values), second_place=_place(places, second),
                    why=translated(why)),
                hint=_("change one of the two settings"))
    if values["settle.rounding"] != "whole":
        return
    if players == 2 or (players is None and values["players"] == (2,)):  # a table of two only
        where = players_place if players is not None else _place(places, "players")
        raise ConventionError(
            _("settle.rounding whole ({place}) cannot be played by two players ({players}): "
              "{why}").format(place=_place(places, "settle.rounding"), players=where,
                              why=translated(TWO_PLAYERS)),
            hint=_("play it with `settle.rounding: exact`"))


def _source(places: Mapping[str, str], key: str) -> str:
    """The file (or ``override``, ``default``) that set a key: its place without line and
    column."""
    return re.sub(r"(:[0-9]+)+$", "", places.get(key, ""))


def _text(key: str, values: Values) -> str:
    return keys_for(RUSSIAN)[key].type.text(values[key])


def _place(places: Mapping[str, str], key: str) -> str:
    """Where a key was set, as a player reads it."""
    place = places.get(key, "")
    if place == "override":
        return pgettext("source", "<options>")
    if place in ("", "default", "journal"):  # a key filled in with its default
        return pgettext("source", "the default")
    return place


def table_size_refused(convention: Convention, count: int) -> str | None:
    """Why the convention is not played by ``count`` players (its ``players`` key, within
    the sizes its family's rules are written for: :data:`.schema.SEATS`), or None."""
    seats = SEATS.get(convention["family"], (2, 3, 4))
    allowed = [n for n in convention["players"] if n in seats] or list(seats)
    if count in allowed:
        return None
    counts = [str(n) for n in allowed]
    either = counts[0] if len(counts) == 1 else _("{some} or {last}").format(
        some=", ".join(counts[:-1]), last=counts[-1])
    return _("{title} is played by {counts} players, not {count}").format(
        title=convention.title, counts=either, count=count)
