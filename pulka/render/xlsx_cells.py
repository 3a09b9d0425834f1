"""The workbook's cells: one table of styles, numbers as numbers, text always as text, and
formulas written with the exact value they give (see :mod:`.xlsx_cache`)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, NamedStyle, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..i18n import _
from ..numbers import Exact

FRACTION = "# ?/?;-# ?/?;0"
MONEY = "#,##0.00;-#,##0.00;0.00"
BOLD = Font(bold=True)
TITLE = Font(bold=True, size=13)
HEADER_FILL = PatternFill("solid", fgColor="E8E8E8")
CHECK_FONT = Font(italic=True, color="666666")
#: an amount and the reason beside it, each a space away from the other (``4 │ 2 tricks``)
AMOUNT = Alignment(horizontal="right", indent=1)
REASON = Alignment(horizontal="left", indent=1)
#: the named styles of a long tab's repeated cells (one lookup a cell, where a font and an
#: alignment set one by one cost two): a deal's number, an amount, a reason
KEY, PADDED, REASONED = "pulka deal", "pulka amount", "pulka reason"

#: the places a formula's fractional result is rounded to (a float misses 1/3 by 1e-16), and
#: a sum's, coarser (the sum of 1/3 and -1/3 each rounded to 9 places can be 1e-9)
PLACES = 9
SUM_PLACES = 6
#: (tab, cell) -> the value of the formula written there, exact
Cached = dict[tuple[str, str], Exact | Decimal]


def named_styles(book: Workbook) -> None:
    """Register the named styles (each workbook its own: a style belongs to one)."""
    for name, font, alignment in ((KEY, BOLD, AMOUNT), (PADDED, None, AMOUNT),
                                  (REASONED, None, REASON)):
        style = NamedStyle(name=name, alignment=alignment)
        if font is not None:
            style.font = font
        book.add_named_style(style)


def put(ws: Worksheet, row: int, col: int, value: object, fmt: str | None = None,
        font: Font | None = None) -> None:
    """Write one cell: numbers as numbers, everything else as plain text."""
    cell = ws.cell(row=row, column=col)
    if isinstance(value, bool):
        cell.value = _("yes") if value else _("no")
        cell.data_type = "s"
    elif isinstance(value, Fraction):
        cell.value = int(value) if value.denominator == 1 else float(value)
        cell.number_format = fmt or FRACTION
    elif isinstance(value, Decimal):
        cell.value = float(value)
        cell.number_format = fmt or MONEY
    elif isinstance(value, int):
        cell.value = value
    elif value is None:
        return
    else:
        cell.value = str(value)
        cell.data_type = "s"  # never a formula, whatever the text starts with
    if font is not None:
        cell.font = font


def formula(ws: Worksheet, row: int, col: int, text: str, value: Exact | Decimal,
            cached: Cached, fmt: str = FRACTION) -> None:
    """A formula (``=SUM(B5:B7)``) and the value it gives, kept for the file's cached value."""
    cell = ws.cell(row=row, column=col)
    cell.value = text
    cell.number_format = fmt
    cell.font = CHECK_FONT
    cached[(ws.title, cell.coordinate)] = value


def total(cells: str, values: list[Exact | Decimal], fmt: str = FRACTION) -> str:
    """The formula of a sum: ``=SUM(B5:B7)`` of whole numbers, which floating point adds
    exactly; rounded to the cent for money, and to 6 places for fractions, whose float sum can
    miss zero by 1e-14 (or, a sum of formulas rounded to 9 places, by 1e-9) and show ``-0``."""
    if fmt == MONEY:
        return f"=ROUND(SUM({cells}),2)"
    if all(Fraction(v).denominator == 1 for v in values):
        return f"=SUM({cells})"
    return f"=ROUND(SUM({cells}),{SUM_PLACES})"


def header(ws: Worksheet, row: int, titles: list[str], col: int = 1) -> None:
    for offset, title in enumerate(titles):
        put(ws, row, col + offset, title, font=BOLD)
        ws.cell(row=row, column=col + offset).fill = HEADER_FILL
        ws.cell(row=row, column=col + offset).alignment = Alignment(horizontal="center",
                                                                    wrap_text=True)


def widths(ws: Worksheet, minimum: int = 6, maximum: int = 60, padded: int = 0) -> None:
    """Columns as wide as their longest text, and ``padded`` characters more (an indent)."""
    found: dict[int, int] = {}
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is None:
                continue
            text = str(cell.value)
            if isinstance(cell.value, float):
                text = f"{cell.value:.2f}"
            elif cell.data_type == "f":  # a formula shows a number, not its text
                text = "-0000.00"
            found[cell.column] = max(found.get(cell.column, 0), len(text) + 2 + padded)
    for col, width in found.items():
        ws.column_dimensions[get_column_letter(col)].width = max(minimum, min(width, maximum))
