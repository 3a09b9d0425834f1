"""Whether the declarer made his contract, told by his tricks: what a family inherits unless its
rules say otherwise (see :class:`pulka.families.base.Defaults`)."""

from __future__ import annotations

from ..game import Deal, Strain
from .tricks import TRICKS

#: strains won by taking no trick, and by taking every trick
NO_TRICK = (Strain.MISERE, Strain.BETTEL, Strain.PLAUDERER)
ALL_TRICKS = (Strain.DURCHMARSCH, Strain.OFFENER)
SUIT_TARGET = 6  #: tricks a game named without a level needs (a Balkan or Austrian suit)


def needed(deal: Deal) -> int:
    """The declarer's tricks a contract needs: its level; every trick for a Durchmarsch; six
    for a game bid without a level."""
    contract = deal.contract
    assert contract is not None
    if contract.strain in ALL_TRICKS:
        return TRICKS
    if contract.level is not None:
        return contract.level
    return SUIT_TARGET


def made(deal: Deal, needs: int) -> bool:
    """Whether the declarer of a contract deal made it: as the family kept it (a payment game's
    extras, written made or down); when it was not played out (every defender passed, a
    half-whist) the game is written to him; else by his tricks against ``needs`` (a no-trick
    game: none taken)."""
    if deal.made is not None:
        return deal.made
    assert deal.declarer is not None and deal.contract is not None
    taken = deal.tricks.get(deal.declarer)
    if taken is None:
        return True
    if deal.contract.strain in NO_TRICK:
        return taken == 0
    return taken >= needs
