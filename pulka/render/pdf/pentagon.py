"""The five-player sheet (conventions.md §1.5): a pentagon around the target, its rings from the
outside in (the bombs, raspasy and games played where the game needs them; the whists; the pulya;
the gora), each player owning the part of every ring along his edge, the first dealer at the
bottom and the others clockwise round the table, as at four players.

The areas are those of :mod:`.geometry`, in a frame turned along each edge: a pentagon's corner
is cut at 54° from its edges, so an area widens by tan 36° for every millimetre further from
the centre. This module draws nothing and needs no reportlab.
"""

from __future__ import annotations

import math

from .geometry import Area, Sector, SheetGeometry, mm

SEATS = 5
#: how much an edge grows on each side for every millimetre further out
SLOPE = math.tan(math.radians(36))
#: how much wider the two middle whist columns start than the two at the corners (mm)
MIDDLE_MORE = 1.5


class Geometry5(SheetGeometry):
    """Five players: a regular pentagon standing on the first dealer's edge."""

    radius = 96.0  #: from the centre to a corner of the outer edge
    middle = (105.0, 172.0)  #: the centre of the pentagon on the page
    sheet = (105.0 - 96.0 * math.sin(math.radians(72)), 172.0 - 96.0 * math.cos(math.radians(36)),
             105.0 + 96.0 * math.sin(math.radians(72)), 172.0 + 96.0)  #: its bounding box
    rings: tuple[tuple[str, float], ...] = (("whists", 27.0), ("pulya", 14.5), ("gora", 14.5))
    circle_r = 7.5
    arrow_len = 8.0
    control_at = (-9.5, 13.5)
    price_at = (9.5, 13.5)
    field_w = 8.0
    field_stacked = True
    field_drop = 4.8
    summary_top = 80.0
    label_share = 0.65  #: (a column's inner edge is short: its name before the totals)

    @property
    def centre(self) -> tuple[float, float]:
        return self.middle

    def apothems(self) -> list[float]:
        """From the centre to the middle of each ring's outer edge, the sheet's first and the
        centre field's last (mm)."""
        out = [self.radius * math.cos(math.radians(36))]
        for _kind, width in self.rings:
            out.append(out[-1] - width)
        return out

    def polygon(self, apothem: float) -> list[tuple[float, float]]:
        """The corners of the pentagon at this apothem (mm), the first dealer's left corner
        first, then clockwise (the corner each seat's edge starts at)."""
        cx, cy = self.middle
        r = apothem / math.cos(math.radians(36))
        return [(cx + r * math.cos(math.radians(normal(k) - 36)),
                 cy + r * math.sin(math.radians(normal(k) - 36))) for k in range(SEATS)]


class Geometry5Extra(Geometry5):
    """Five players of a game with bombs or the разбойник (Classic): an outer ring holds the
    bombs, the raspasy with the checklist and the games played, as at four players."""

    rings = (("extra", 11.0), ("whists", 23.0), ("pulya", 12.5), ("gora", 12.5))
    extra_cells = (("bombs", 0.2), ("raspasy", 0.55), ("played", 0.25))
    circle_r = 6.5
    control_at = (-8.0, 12.0)
    price_at = (8.0, 12.0)
    field_w = 5.0
    field_drop = 4.2


def normal(seat: int) -> float:
    """The direction (degrees) from the centre to the middle of a seat's edge: the first
    dealer's straight down, the others clockwise."""
    return -90.0 - 72.0 * seat


def pentagon_sectors(geo: Geometry5) -> list[Sector]:
    """Each seat's part of every ring, seat 0 first."""
    apothems = geo.apothems()
    cx, cy = geo.middle
    out = []
    for seat in range(SEATS):
        sector = Sector(seat)
        turn = normal(seat) + 90.0  # the frame's x runs along the edge, y towards the centre
        out_x, out_y = math.cos(math.radians(normal(seat))), math.sin(math.radians(normal(seat)))
        along_x, along_y = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        for k, (kind, width) in enumerate(geo.rings):
            inner = apothems[k + 1]
            length = 2 * inner * SLOPE
            ox = cx + inner * out_x - length / 2 * along_x
            oy = cy + inner * out_y - length / 2 * along_y
            leg = Area(ox * mm, oy * mm, turn, 0.0, length * mm, width * mm, True, True, SLOPE)
            if kind == "whists":  # a column on each other player, round the table from the left
                # nearly as wide as each other where they start (the name is written there;
                # the middle two a little wider, for "on 2nd right"): the corners widen outwards
                inside = length / 4 + MIDDLE_MORE
                corner = length / 4 - MIDDLE_MORE + width / 2 * SLOPE
                columns = leg.split([corner, inside, inside, corner])
                sector.whists = [((seat + k2) % SEATS, [column])
                                 for k2, column in enumerate(columns, 1)]
            elif kind == "extra":
                cells = leg.split([share for _cell, share in geo.extra_cells])
                sector.extra = {cell: area for (cell, _share), area
                                in zip(geo.extra_cells, cells, strict=True)}
            sector.rings[kind] = [leg]
        gap = apothems[0] + geo.name_gap + 2.6
        sector.name_at = ((cx + gap * out_x) * mm, (cy + gap * out_y) * mm, round(turn) % 360)
        out.append(sector)
    return out
