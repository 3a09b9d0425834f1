"""What is written where on the Balkan PDF sheet: per seat "bule" and ("supe", seat), each
holding paragraphs (:class:`..pdf_geometry.Paragraph`) of running totals with refe and hat
marks. This module draws nothing and needs no reportlab."""

from __future__ import annotations

from fractions import Fraction

from ...numbers import paper_number, signed, true_minus
from ..pdf.geometry import Paragraph


def mark(column: str, before: Fraction, after: Fraction) -> str | None:
    """The marks of the Balkan sheet (a :data:`..running_totals.Marker`): a refe given or used,
    a hat drawn or taken off."""
    if column == "refe":
        return "refe" if after > before else "refe-used"
    if column == "hats":
        return "hat" if after > before else "hat-up"
    return None


def balkan_columns(n: int, i: int) -> list[tuple[str, int]]:
    """Column kinds of seat i: supe on the left neighbour, the bule, supe on the others."""
    left = (i - 1) % n
    after = [(i + k) % n for k in range(2, n - 1)] + ([(i + 1) % n] if n > 2 else [])
    return [("supe", left), ("bule", i)] + [("supe", o) for o in after]


def balkan_fill(players: tuple[str, ...], history, glyphs: bool = False) -> dict:
    """Each column written down the page, one total under the other, with refe and hat marks;
    ``glyphs``: fractions as one glyph (``2½``, the PDF) rather than ``2 1/2`` (the terminal)."""

    def written(value, plus: bool = False) -> str:
        if glyphs:
            return paper_number(value, plus)
        return signed(value) if plus else true_minus(value)

    n = len(players)
    fill: dict = {}
    for i, p in enumerate(players):
        columns = history.columns[p]
        events: list[tuple[int, int, str]] = []
        bule = columns.get("bule")
        if bule is not None:
            # the bule as the paper writes it, from −30 up (the family's Presentation.negated)
            events += [(number, 1, written(-total, plus=True)) for number, total in bule.entries]
        for name, order in (("refe", 0), ("hats", 2)):
            column = columns.get(name)
            if column is not None:
                symbols = {"refe": "—", "refe-used": "/", "hat": "^", "hat-up": "v"}
                events += [(number, order, symbols[mark]) for number, mark in column.marks if mark in symbols]
        events.sort(key=lambda e: (e[0], e[1]))
        fill[(i, "bule")] = [Paragraph(tuple(text for _, _, text in events), "\n")]
        for kind, other in balkan_columns(n, i):
            if kind == "supe":
                totals = history.whists[p][players[other]].entries
                fill[(i, ("supe", other))] = [Paragraph(tuple(written(t) for _, t in totals), "\n")]
    return fill
