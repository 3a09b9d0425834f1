"""The Russian pulka drawn in the terminal as players keep it on paper (page 1 of the PDF).

Each player's sector holds, from the edge of the sheet in: (at four players the bombs, the
raspasy and the games played,) the whists written on each opponent, the pulya and the gora,
every column a row of running totals ``2.4.6.10`` with its marks: ``‖`` the pulya closed,
``⚑`` the gora written off, ``^`` a bomb (``✓`` extinguished). The centre holds the target.

Wide terminals get the sheet's shape (the sectors around the centre, the names on the edge
they sit at); narrow ones the same sectors one under the other. Nothing is ever cut: a row
that does not fit goes on at the next line, broken after a dot.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...convention.schema import PRICE
from ...families.russian.keys import BOMBS, DARK_BOMBS, PULYA
from ...game import DealKind
from ...i18n import _, decimal, pgettext
from ...numbers import mixed, paper_number
from ..paper_kit import (
    Kit,
    Line,
    cells,
    centre_box,
    footer,
    framed,
    legend,
    line_cells,
    pad,
    rule,
    wrap,
)
from ..running_totals import build_history
from .pdf_fill import bomb_tokens, marked, marker, robber_checklist

#: the least room a sector's text needs for the wide layout (less: the stacked one)
MIN_SECTOR = 24


class Row:
    """One column of a sector as written: a label and its tokens joined by ``sep``. (This
    module's records are written by hand: a dataclass is compiled from source at every start.)"""

    __slots__ = ("label", "sep", "tokens")

    label: str
    tokens: tuple[str, ...]
    sep: str

    def __init__(self, label: str, tokens: tuple[str, ...], sep: str = ".") -> None:
        self.label = label
        self.tokens = tokens
        self.sep = sep


class Sector:
    """One player's part of the sheet: bands of rows, from the edge of the sheet inwards."""

    __slots__ = ("bands", "name")

    name: str
    bands: list[list[Row]]

    def __init__(self, name: str, bands: list[list[Row]] | None = None) -> None:
        self.name = name
        self.bands = [] if bands is None else bands


def sectors(game: Any, steps: list, state: Any) -> list[Sector]:
    """Every player's sector, in seating order."""
    players = tuple(game.table.players)
    n = len(players)
    conv = game.table.convention
    target = Fraction(conv[PULYA])
    history = build_history(players, steps, mark=marker(target))
    factors = list(conv[DARK_BOMBS])
    robber = robber_checklist(conv, state, players)
    out = []
    for i, p in enumerate(players):
        sector = Sector(p)
        columns = history.columns[p]
        bombs = bomb_tokens(state, p, factors)
        if n == 4:
            raspasy = tuple(str(s.deal.tricks[p]) for s in steps
                            if s.deal.kind is DealKind.RASPASY and p in s.deal.tricks)
            played = tuple(_played(s.deal) for s in steps
                           if s.deal.kind is DealKind.CONTRACT and s.deal.declarer == p)
            extra = [Row(pgettext("paper", "bombs"), bombs, " ")] if conv[BOMBS] or bombs else []
            extra += [Row(pgettext("paper", "raspasy"), raspasy),
                      Row(pgettext("paper", "played"), played, " ")]
            sector.bands.append(extra)
        whists = []
        for k in range(1, n):
            o = players[(i + k) % n]
            # (one token a total, as the pulya and gora: ``69½``, never ``69 1/2`` between dots)
            totals = tuple(paper_number(total) for _, total in history.whists[p][o].entries)
            whists.append(Row(pgettext("paper", "whists → {name}").format(name=o), totals))
        sector.bands.append(whists)
        sector.bands.append([Row(pgettext("paper", "pulya"), marked(columns.get("pulya"), target))])
        gora = [Row(pgettext("paper", "gora"), marked(columns.get("gora"), target))]
        if n != 4 and bombs:
            gora.append(Row(pgettext("paper", "bombs"), bombs, " "))
        if robber is not None:
            marks = robber.marks(i, _game_name)
            if robber.laps:
                marks.append(_("raspasy {done}/{laps}").format(done=robber.laps_done, laps=robber.laps))
            gora.append(Row(pgettext("paper", "robber"), tuple(marks), " "))
        sector.bands.append(gora)
        out.append(sector)
    return out


def _game_name(game: str) -> str:
    return pgettext("game", "misere") if game == "misere" else game


def _played(deal: Any) -> str:
    """A game as its declarer writes it among the games played: 7♥, 7♥−1, мизер+2."""
    contract = deal.contract
    if contract.is_misere:
        text = pgettext("game", "misere")
    elif contract.strain.value == "nt":
        text = pgettext("game", "{level}NT").format(level=contract.level)
    else:
        text = f"{contract.level}{contract.strain.symbol}"
    if "without3" in deal.marks:  # given up before play: three down
        return f"{text}−3"
    taken = deal.tricks.get(deal.declarer)
    if taken is None:
        return text
    if contract.is_misere:
        return text + (f"+{taken}" if taken else "")
    if contract.level is not None and taken < contract.level:
        return f"{text}−{contract.level - taken}"
    return text


def centre_texts(game: Any) -> list[str]:
    conv = game.table.convention
    texts = [pgettext("paper", "pulya {target}").format(target=mixed(Fraction(conv[PULYA])))]
    if conv[PRICE] is not None:
        texts.append(pgettext("paper", "whist {price}").format(price=decimal(str(conv[PRICE]))))
    return texts


def band_lines(kit: Kit, band: list[Row], width: int) -> list[Line]:
    lines: list[Line] = []
    for row in band:
        lines += wrap(kit, row.label, row.tokens, row.sep, width)
    return lines


def sector_lines(kit: Kit, sector: Sector, width: int, inward: bool = True,
                 heights: list[int] | None = None) -> list[Line]:
    """A sector's bands in ``width`` columns, separated by dotted rules; ``inward`` False
    reads from the centre out (the sector under the centre). ``heights``: each band filled
    to that many lines (sectors side by side keep their bands level)."""
    bands = [band_lines(kit, band, width) for band in sector.bands]
    if heights is not None:
        bands = [lines + [[]] * (h - len(lines)) for lines, h in zip(bands, heights, strict=True)]
    if not inward:
        bands.reverse()
    dots: Line = [(kit.box["dots"] * width, "rule")]
    out: list[Line] = []
    for k, lines in enumerate(bands):
        if k:
            out.append(dots)
        out += lines
    return out


def fits(kit: Kit, sectors_: list[Sector], width: int) -> bool:
    """Every label and token has room in ``width`` (else the stacked layout is drawn)."""
    if width < MIN_SECTOR:
        return False
    for sector in sectors_:
        if cells(kit.text(sector.name)) + 4 > width:
            return False
        for band in sector.bands:
            for row in band:
                if cells(kit.text(row.label)) + 2 + max((cells(kit.text(t)) + 1 for t in row.tokens),
                                                        default=0) > width:
                    return False
    return True


def draw(kit: Kit, game: Any, report: dict, state: Any, settlement: Any, steps: list) -> list[Line]:
    """The sheet, its legend and the lines under it, for ``kit.width`` columns."""
    width = max(kit.width, 40)
    parts = sectors(game, steps, state)
    n = len(parts)
    head: list[Line] = [[(kit.text(game.table.convention.title), "name")]]
    body = _wide(kit, parts, game, width) if n in (2, 3, 4, 5) else None
    if body is None:
        body = _stacked(kit, parts, game, width)
    text = "".join(t for sector in parts for band in sector.bands for row in band for t in row.tokens)
    marks = [("‖", pgettext("paper", "pulya closed")), ("⚑", pgettext("paper", "gora written off")),
             ("^", pgettext("paper", "bomb")), ("✓", pgettext("paper", "done"))]
    return head + body + legend(kit, marks, text, width) + footer(kit, game, state, settlement,
                                                                    report["deals"], width)


def _side_by_side(kit: Kit, left: Sector, right: Sector, a: int, b: int) -> list[Line]:
    """Two sectors next to each other, their bands level."""
    heights = [max(len(band_lines(kit, x, a - 4)), len(band_lines(kit, y, b - 4)))
               for x, y in zip(left.bands, right.bands, strict=True)]
    one = sector_lines(kit, left, a - 4, heights=heights)
    two = sector_lines(kit, right, b - 4, heights=heights)
    v = kit.box["v"]
    return [[(v + " ", "rule"), *pad(x, a - 4), (" " + v + " ", "rule"), *pad(y, b - 4), (" " + v, "rule")]
            for x, y in zip(one, two, strict=True)]


def _full(kit: Kit, sector: Sector, width: int, inward: bool) -> list[Line]:
    return [framed(kit, line, width) for line in sector_lines(kit, sector, width - 4, inward)]


def _centre_row(kit: Kit, game: Any, width: int) -> list[Line]:
    box = centre_box(kit, centre_texts(game))
    return [framed(kit, pad(line, width - 4, "centre"), width) for line in box]


def _wide(kit: Kit, parts: list[Sector], game: Any, width: int) -> list[Line] | None:
    """The sheet's own shape: the sectors around the centre, the names on their edges."""
    n = len(parts)
    if n == 5:
        return _five(kit, parts, game, width)
    if n == 3:  # the left and right players over the centre, the first dealer under it
        a = (width - 3) // 2 + 2
        b = width - a + 1
        if not (fits(kit, [parts[1]], a - 4) and fits(kit, [parts[2]], b - 4)
                and fits(kit, [parts[0]], width - 4)):
            return None
        lines = [rule(kit, width, "tl", "tr", [(a - 2, parts[1].name), (b - 2, parts[2].name)])]
        lines += _side_by_side(kit, parts[1], parts[2], a, b)
        lines.append(rule(kit, width, "right", "left", [(a - 2, ""), (b - 2, "")], "up"))
    else:  # two or four players: one sector over the centre
        top = parts[1] if n == 2 else parts[2]
        if not fits(kit, [top, parts[0]], width - 4):
            return None
        lines = [rule(kit, width, "tl", "tr", [(width - 2, top.name)])]
        lines += _full(kit, top, width, True)
        if n == 2:
            lines.append(rule(kit, width, "right", "left"))
    if n == 4:
        middle = _four_middle(kit, parts[1], parts[3], game, width)
        if middle is None:
            return None
        lines += middle
    else:
        lines += _centre_row(kit, game, width)
        lines.append(rule(kit, width, "right", "left"))
    lines += _full(kit, parts[0], width, False)
    lines.append(rule(kit, width, "bl", "br", [(width - 2, parts[0].name)]))
    return lines


def _five(kit: Kit, parts: list[Sector], game: Any, width: int) -> list[Line] | None:
    """Five players round the centre, as a pentagon is drawn in lines: the two far seats over
    it side by side, the left and right ones beside it, the first dealer under it."""
    a = (width - 3) // 2 + 2
    b = width - a + 1
    if not (fits(kit, [parts[2]], a - 4) and fits(kit, [parts[3]], b - 4)
            and fits(kit, [parts[0]], width - 4)):
        return None
    middle = _four_middle(kit, parts[1], parts[4], game, width, opening=False)
    if middle is None:
        return None
    lines = [rule(kit, width, "tl", "tr", [(a - 2, parts[2].name), (b - 2, parts[3].name)])]
    lines += _side_by_side(kit, parts[2], parts[3], a, b)
    # the line between: the top row's wall ends on it, the middle row's walls start from it
    # (where _four_middle puts them: the centre's box, and the rest shared by the two sides)
    box = kit.box
    centre_w = line_cells(centre_box(kit, centre_texts(game))[0]) + 2
    left_w = (width - centre_w - 4) // 2
    walls = [box["h"]] * width
    walls[0], walls[-1] = box["right"], box["left"]
    downs = (1 + left_w, 2 + left_w + centre_w)
    for at in downs:
        walls[at] = box["down"]
    walls[a - 1] = box["cross"] if a - 1 in downs else box["up"]
    line: Line = [("".join(walls), "rule")]
    for wall, name in ((0, parts[1].name), (downs[1], parts[4].name)):
        line = _labelled(kit, line, wall, name, box)
    lines.append(line)
    lines += middle
    lines += _full(kit, parts[0], width, False)
    lines.append(rule(kit, width, "bl", "br", [(width - 2, parts[0].name)]))
    return lines


def _labelled(kit: Kit, line: Line, wall: int, name: str, box: Mapping[str, str]) -> Line:
    """A rule line with a sector's name written into it after the wall or junction at
    ``wall`` (``├─ Борис ──``, ``┬─ Вера ──``), where the rule runs plain long enough."""
    text = "".join(t for t, _style in line)
    shown = kit.text(name)
    end = wall + 3 + cells(shown)  # ─, a space, the name, a space
    if end >= len(text) or any(ch != box["h"] for ch in text[wall + 1:end + 1]):
        return line  # (no room between the walls: the sector's band says whose it is)
    return [(text[:wall + 1] + box["h"] + " ", "rule"), (shown, "name"),
            (" " + text[end + 1:], "rule")]


def _four_middle(kit: Kit, left: Sector, right: Sector, game: Any, width: int,
                 opening: bool = True) -> list[Line] | None:
    """At four players: the left sector, the centre, the right sector, side by side (at five
    too, under the two far seats: ``opening`` False leaves out the line over them)."""
    box = centre_box(kit, centre_texts(game))
    c = line_cells(box[0]) + 2
    a = (width - c - 4) // 2
    b = width - c - 4 - a
    if not (fits(kit, [left], a - 2) and fits(kit, [right], b - 2)):
        return None
    heights = [max(len(band_lines(kit, x, a - 2)), len(band_lines(kit, y, b - 2)))
               for x, y in zip(left.bands, right.bands, strict=True)]
    one = sector_lines(kit, left, a - 2, heights=heights)
    two = sector_lines(kit, right, b - 2, heights=heights)
    rows = max(len(one), len(box))
    one += [[]] * (rows - len(one))
    two += [[]] * (rows - len(two))
    top = (rows - len(box)) // 2
    middle: list[Line] = [[]] * top + box + [[]] * (rows - len(box) - top)
    v = kit.box["v"]
    lines = [rule(kit, width, "right", "left", [(a, left.name), (c, ""), (b, right.name)])
             ] if opening else []
    lines += [[(v + " ", "rule"), *pad(x, a - 2), (" " + v, "rule"), *pad(m, c, "centre"),
               (v + " ", "rule"), *pad(y, b - 2), (" " + v, "rule")]
              for x, m, y in zip(one, middle, two, strict=True)]
    lines.append(rule(kit, width, "right", "left", [(a, ""), (c, ""), (b, "")], "up"))
    return lines


def _stacked(kit: Kit, parts: list[Sector], game: Any, width: int) -> list[Line]:
    """Narrow terminals: the centre, then every player's sector under the one before."""
    lines = [pad(line, width, "centre") for line in centre_box(kit, centre_texts(game))]
    for sector in parts:
        lines.append(rule(kit, width, "tl", "tr", [(width - 2, sector.name)]))
        lines += _full(kit, sector, width, True)
        lines.append(rule(kit, width, "bl", "br"))
    return lines
