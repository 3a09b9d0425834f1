"""The sheet of a table size: the square one for 2 to 4 players (geometry.py), the pentagon
for five (pentagon.py). Here, so that neither of the two imports the other."""

from __future__ import annotations

from .geometry import Sector, SheetGeometry, square_geometry, square_sectors, with_cells
from .pentagon import Geometry5, Geometry5Extra, pentagon_sectors

PENTAGON = 5


def geometry(players: int, cells: tuple[str, ...] = ()) -> SheetGeometry:
    """The sheet for a table size with these cells of the outer ring (bombs, raspasy, played;
    none: no outer ring at two, three or five players)."""
    if players == PENTAGON:
        return with_cells(Geometry5Extra() if cells else Geometry5(), cells)
    return square_geometry(players, cells)


def sectors(players: int, geo: SheetGeometry) -> list[Sector]:
    """The sectors of a sheet for 2, 3, 4 or 5 players, seat 0 first."""
    if players == PENTAGON:
        assert isinstance(geo, Geometry5)
        return pentagon_sectors(geo)
    return square_sectors(players, geo)
