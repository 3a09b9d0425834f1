"""The Balkan sheet drawn in the terminal as it is kept on paper (page 1 of the PDF).

Per player a group of columns under his name: supe on the left neighbour, the bule, supe on
the others; each column written down the page, one running total under the other, the bule
with its refe marks (``—`` a refe, ``/`` a refe played) and hats (``^`` a hat, ``v`` taken
off). Over the table the start and the price. Wide terminals get the groups side by side,
narrow ones one group under the other; nothing is ever cut.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...convention.schema import PRICE
from ...families.balkan.keys import START
from ...i18n import decimal, pgettext
from ...numbers import mixed
from ..paper_kit import Kit, Line, cells, footer, framed, joined, legend, pad, rule, wrap
from ..running_totals import build_history
from .pdf_fill import balkan_columns, balkan_fill, mark


def groups(game: Any, steps: list) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """Per player (seating order): his name and his columns, each a heading and its entries."""
    players = tuple(game.table.players)
    n = len(players)
    start = Fraction(game.table.convention[START])
    fill = balkan_fill(players, build_history(players, steps, start={"bule": start}, mark=mark))
    out = []
    for i, p in enumerate(players):
        columns = []
        for kind, other in balkan_columns(n, i):
            if kind == "bule":
                heading = pgettext("paper", "bule")
                paras = fill.get((i, "bule"), [])
            else:
                heading = pgettext("paper", "→ {name}").format(name=players[other])
                paras = fill.get((i, ("supe", other)), [])
            columns.append((heading, [t for para in paras for t in para.tokens]))
        out.append((p, columns))
    return out


def _widths(kit: Kit, name: str, columns: list[tuple[str, list[str]]], room: int = 2) -> list[int]:
    """The columns' widths: ``room`` spaces about a heading (one where the line is tight)."""
    widths = [max([cells(kit.text(heading)) + room] + [cells(kit.text(t)) + 2 for t in entries])
              for heading, entries in columns]
    short = cells(kit.text(name)) + 4 - (sum(widths) + len(widths) - 1)
    if short > 0:  # a long name: the bule column takes the room it needs
        widths[1] += short
    return widths


def _table(kit: Kit, chosen: list[tuple[str, list[tuple[str, list[str]]]]],
           widths: list[list[int]]) -> list[Line]:
    """The groups side by side: names, headings, then the entries down the columns."""
    box = kit.box
    v = box["v"]
    spans = [sum(w) + len(w) - 1 for w in widths]
    total = sum(spans) + len(spans) + 1
    lines = [rule(kit, total, "tl", "tr", [(s, "") for s in spans])]
    names: Line = [(v, "rule")]
    for (name, _), span in zip(chosen, spans, strict=True):
        names += [*pad([(kit.text(name), "name")], span, "centre"), (v, "rule")]
    lines.append(names)
    cut: Line = [(box["right"], "rule")]
    for k, w in enumerate(widths):
        if k:
            cut.append((box["cross"], "rule"))
        cut.append((box["down"].join(box["h"] * x for x in w), "rule"))
    cut.append((box["left"], "rule"))
    lines.append(cut)
    heads: Line = [(v, "rule")]
    for (_, columns), w in zip(chosen, widths, strict=True):
        for (heading, _entries), x in zip(columns, w, strict=True):
            heads += [*pad([(kit.text(heading), "label")], x, "centre"), (v, "rule")]
    lines.append(heads)
    under: Line = [(box["right"], "rule")]
    for k, w in enumerate(widths):
        if k:
            under.append((box["cross"], "rule"))
        under.append((box["cross"].join(box["h"] * x for x in w), "rule"))
    under.append((box["left"], "rule"))
    lines.append(under)
    depth = max(len(entries) for _, columns in chosen for _, entries in columns)
    for r in range(depth):
        row: Line = [(v, "rule")]
        for (_, columns), w in zip(chosen, widths, strict=True):
            for (_heading, entries), x in zip(columns, w, strict=True):
                text = kit.text(entries[r]) + " " if r < len(entries) else ""
                row += [*pad([(text, "")], x, "right"), (v, "rule")]
        lines.append(row)
    bottom: Line = [(box["bl"], "rule")]
    for k, w in enumerate(widths):
        if k:
            bottom.append((box["up"], "rule"))
        bottom.append((box["up"].join(box["h"] * x for x in w), "rule"))
    bottom.append((box["br"], "rule"))
    lines.append(bottom)
    return lines


def _rows(kit: Kit, name: str, columns: list[tuple[str, list[str]]], width: int) -> list[Line]:
    """A group whose columns do not fit side by side: each column a row, ``−60 −54 — /``."""
    lines = [rule(kit, width, "tl", "tr", [(width - 2, name)])]
    for heading, entries in columns:
        for line in wrap(kit, heading, entries, " ", width - 4):
            lines.append(framed(kit, line, width))
    lines.append(rule(kit, width, "bl", "br"))
    return lines


def draw(kit: Kit, game: Any, report: dict, state: Any, settlement: Any, steps: list) -> list[Line]:
    """The sheet, its legend and the lines under it, for ``kit.width`` columns."""
    width = max(kit.width, 40)
    conv = game.table.convention
    parts = groups(game, steps)
    for room in (2, 1):  # the groups side by side, the headings closer where needed
        widths = [_widths(kit, name, columns, room) for name, columns in parts]
        if sum(sum(w) + len(w) for w in widths) + 1 <= width:
            break
    fields = [pgettext("paper", "start {start}").format(start="−" + mixed(Fraction(conv[START])))]
    if conv[PRICE] is not None:
        fields.append(pgettext("paper", "price {price}").format(price=decimal(str(conv[PRICE]))))
    lines: list[Line] = [[(kit.text(conv.title), "name")]]
    lines += joined(kit, "", fields, width)
    if sum(sum(w) + len(w) for w in widths) + 1 <= width:
        lines += _table(kit, parts, widths)
    else:  # one group under the other; a group wider than the line: its columns as rows
        for name, columns in parts:
            one = _widths(kit, name, columns)
            if sum(one) + len(one) + 1 <= width:
                lines += _table(kit, [(name, columns)], [one])
            else:
                lines += _rows(kit, name, columns, width)
    text = "".join(t for _, columns in parts for _, entries in columns for t in entries)
    marks = [("—", pgettext("paper", "refe")), ("/", pgettext("paper", "refe played")),
             ("^", pgettext("paper", "hat")), ("v", pgettext("paper", "hat taken off"))]
    return lines + legend(kit, marks, text, width) + footer(kit, game, state, settlement,
                                                            report["deals"], width)
