"""The Greek sheet (κιτάπι) drawn in the terminal as it is kept on paper (``pulka show
--paper``), in the Balkan shape: per player a group of columns under his name, his kasa figure
(in tens of kapikia) between what the others owe him, each column written down the page, one
running total under the other (:mod:`.kitapi`). Wide terminals get the groups side by side,
narrow ones one group under the other, and a group still too wide its columns as rows; nothing
is ever cut.
"""

from __future__ import annotations

from typing import Any

from ...convention.schema import PRICE
from ...families.payment import greek_keys
from ...i18n import decimal, pgettext
from ...numbers import mixed, true_minus
from ..paper_kit import Kit, Line, cells, footer, framed, joined, pad, rule, wrap
from .kitapi import KASA, Column, areas

Group = tuple[str, list[tuple[str, list[str]]]]  #: a name and its columns (heading, entries)


def groups(players: tuple[str, ...], kasa: Any, steps: list) -> list[Group]:
    out = []
    for p, columns in areas(players, kasa, steps).items():
        out.append((p, [(_heading(c), [true_minus(t) for _n, t in c.entries]) for c in columns]))
    return out


def _heading(column: Column) -> str:
    if column.kind == KASA:
        return pgettext("paper sheet", "kasa")
    return pgettext("paper", "→ {name}").format(name=column.other)


def _widths(kit: Kit, name: str, columns: list[tuple[str, list[str]]]) -> list[int]:
    widths = [max([cells(kit.text(h)) + 2] + [cells(kit.text(t)) + 2 for t in entries])
              for h, entries in columns]
    short = cells(kit.text(name)) + 4 - (sum(widths) + len(widths) - 1)
    if short > 0:  # a long name: the figure column takes the room it needs
        widths[1] += short
    return widths


def _side_by_side(kit: Kit, chosen: list[Group], widths: list[list[int]]) -> list[Line]:
    box = kit.box
    v = box["v"]
    spans = [sum(w) + len(w) - 1 for w in widths]

    def cut(left: str, mid: str, inner: str, right: str) -> Line:
        parts = [box[inner].join(box["h"] * x for x in w) for w in widths]
        return [(box[left] + box[mid].join(parts) + box[right], "rule")]

    lines = [rule(kit, sum(spans) + len(spans) + 1, "tl", "tr", [(s, "") for s in spans])]
    names: Line = [(v, "rule")]
    for (name, _c), span in zip(chosen, spans, strict=True):
        names += [*pad([(kit.text(name), "name")], span, "centre"), (v, "rule")]
    lines += [names, cut("right", "cross", "down", "left")]
    heads: Line = [(v, "rule")]
    for (_n, columns), w in zip(chosen, widths, strict=True):
        for (heading, _e), x in zip(columns, w, strict=True):
            heads += [*pad([(kit.text(heading), "label")], x, "centre"), (v, "rule")]
    lines += [heads, cut("right", "cross", "cross", "left")]
    depth = max(len(entries) for _n, columns in chosen for _h, entries in columns)
    for r in range(depth):
        row: Line = [(v, "rule")]
        for (_n, columns), w in zip(chosen, widths, strict=True):
            for (_h, entries), x in zip(columns, w, strict=True):
                text = kit.text(entries[r]) + " " if r < len(entries) else ""
                row += [*pad([(text, "")], x, "right"), (v, "rule")]
        lines.append(row)
    return [*lines, cut("bl", "up", "up", "br")]


def _as_rows(kit: Kit, name: str, columns: list[tuple[str, list[str]]], width: int) -> list[Line]:
    """A group too wide for the terminal: each column a row, ``→ Βασίλης: 14 39 67``."""
    lines = [rule(kit, width, "tl", "tr", [(width - 2, name)])]
    for heading, entries in columns:
        lines += [framed(kit, line, width) for line in wrap(kit, heading, entries, " ", width - 4)]
    return [*lines, rule(kit, width, "bl", "br")]


def draw(kit: Kit, game: Any, report: dict, state: Any, settlement: Any, steps: list) -> list[Line]:
    """The sheet, its legend and the lines under it, for ``kit.width`` columns."""
    width = max(kit.width, 40)
    conv = game.table.convention
    parts = groups(game.table.players, conv[greek_keys.KASA], steps)
    fields = [pgettext("paper", "in the kasa {amount} each").format(
        amount=mixed(conv[greek_keys.KASA]))]
    if conv[PRICE] is not None:
        fields.append(pgettext("paper", "price {price}").format(price=decimal(str(conv[PRICE]))))
    lines: list[Line] = wrap(kit, "", [conv.title], "", width, indent=0, style="name")
    lines += joined(kit, "", fields, width)
    widths = [_widths(kit, name, columns) for name, columns in parts]
    if sum(sum(w) + len(w) for w in widths) + 1 <= width:
        lines += _side_by_side(kit, parts, widths)
    else:
        for (name, columns), one in zip(parts, widths, strict=True):
            if sum(one) + len(one) + 1 <= width:
                lines += _side_by_side(kit, [(name, columns)], [one])
            else:
                lines += _as_rows(kit, name, columns, width)
    legend = pgettext("paper", "kasa: the figure in tens of kapikia · → name: what that player "
                               "owes him")
    lines += wrap(kit, "", [legend], "", width, indent=0, style="label")
    return lines + footer(kit, game, state, settlement, report["deals"], width)
