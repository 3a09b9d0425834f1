"""Settings of the Russian family that make no sense together (issue 13).

Each key is checked alone by its type; a few pairs contradict each other: two answers to one
question (a flat consolation and a consolation per value), or a rule that has nothing to act
on. Such a convention, override or journal is refused, naming where each of the two settings
stands (file:line), so the table sees which line to change (see
:mod:`pulka.convention.conflicts`, which runs this check as the family's ``check_convention``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...convention.conflicts import Pair, Values, place, refuse_pairs
from ...errors import ConventionError
from ...i18n import N_, _, translated

#: checked in this order. A flat consolation replaces the one per value: set on top of a
#: convention that has one (a table's file, its options, a vector's), it is the table's choice;
#: only a file or a command line that sets both says two things at once.
PAIRS = (
    Pair("remise.consolation_flat", "remise.consolation",
         lambda v: bool(v["remise.consolation_flat"]) and v["remise.consolation"] != 1,
         N_("a flat consolation is written instead of the consolation per value, so a rate per "
            "value other than 1 would never count"), True),
    Pair("whist.half", "whist.ten",
         lambda v: v["whist.ten"] == "checked" and 10 in v["whist.half"],  # type: ignore[operator]
         N_("a checked ten is always played out, so it cannot be settled by a half-whist"), False),
)

#: why whole whists make no sense at two players
TWO_PLAYERS = N_("whole whists are the paper rule of three and four players, whose gora "
                 "shares come in thirds and quarters; at two players pulka settles exactly")


def check_convention(values: Values, places: Mapping[str, str], players: int | None = None,
                     players_place: str = "", stored: bool = False) -> None:
    """Refuse a Russian convention whose settings contradict each other (the arguments are
    :func:`pulka.convention.conflicts.refuse`'s).

    Raises:
        ConventionError: the first contradictory pair, with both places.
    """
    refuse_pairs(PAIRS, values, places, stored)
    if values["settle.rounding"] not in ("whole", "whole_apart"):
        return
    if players == 2 or (players is None and values["players"] == (2,)):  # a table of two only
        where = players_place if players is not None else place(places, "players")
        raise ConventionError(
            _("settle.rounding {value} ({place}) cannot be played by two players ({players}): "
              "{why}").format(value=values["settle.rounding"],
                              place=place(places, "settle.rounding"), players=where,
                              why=translated(TWO_PLAYERS)),
            hint=_("play it with `settle.rounding: exact`"))
