"""Scoring families: each one knows how its deals are checked, scored and settled.

The journal, the notation, replay and settlement do not know any scoring rule; they ask the
family named by the convention (``family: russian``). A new family is a new package here and a
line in :mod:`pulka.registry` (from outside pulka, :func:`pulka.registry.register`).
"""

from __future__ import annotations

import importlib

from ..errors import ConventionError, NotationError, Source
from ..i18n import _, translated
from ..registry import FAMILIES
from .base import Family


def get_family(name: str) -> Family:
    """The scoring family of a convention.

    Raises:
        ConventionError: the family is unknown or not implemented yet.
    """
    registered = FAMILIES.get(name)
    if registered is None:
        raise ConventionError(_("the {name} scoring family is not supported yet").format(
            name=name))
    found = _LOADED.get(registered.rules)
    if found is None:
        found = _LOADED[registered.rules] = importlib.import_module(registered.rules).FAMILY
    return found


def refuse_party_names(players: tuple[str, ...], family: str,
                       source: Source | None = None) -> None:
    """A new table's players may not bear the name the family gives another party of its
    payments (the pot): a deal's moves, and a vector's, name it as they name the players.

    Raises:
        NotationError: a player is named so.
    """
    parties = get_family(family).presentation.parties
    for name in players:
        for party, label in parties.items():
            if name.casefold() == party.casefold():
                raise NotationError(_("{name!r} cannot be a player's name in this game: its "
                                      "payments call {party} so").format(
                                          name=name, party=translated(label)), source)


#: each family's module once imported (a replay asks for its family at every game)
_LOADED: dict[str, Family] = {}
