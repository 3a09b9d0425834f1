"""The workbook's cells: one table of looks, numbers as numbers, text always as text, and
formulas written with the exact value they give (XlsxWriter stores it beside the formula, so
a reader that does not recalculate shows it).

Rows and columns are counted from 1, as a reader names them (``A1`` is row 1, column 1); a
:class:`Tab` keeps the widest text of each column as its cells are written, since an
XlsxWriter sheet is written once and not read back.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from ...i18n import _
from ...numbers import Exact

if TYPE_CHECKING:  # (XlsxWriter is imported where a workbook is made)
    from xlsxwriter.format import Format
    from xlsxwriter.workbook import Workbook
    from xlsxwriter.worksheet import Worksheet

FRACTION = "# ?/?;-# ?/?;0"
#: the most digits of a denominator a fraction format is made for (past it: six places)
MOST_DIGITS = 5
SIX_PLACES = "0.000000;-0.000000;0"
MONEY = "#,##0.00;-#,##0.00;0.00"
#: a look is a cell's format without its number format: XlsxWriter's properties, as pairs
Look = tuple[tuple[str, object], ...]
BOLD: Look = (("bold", True),)
TITLE: Look = (("bold", True), ("font_size", 13))
CHECK_FONT: Look = (("italic", True), ("font_color", "#666666"))
HEADER: Look = (("bold", True), ("pattern", 1), ("bg_color", "#E8E8E8"), ("align", "center"),
                ("text_wrap", True))
#: an amount and the reason beside it, each a space away from the other (``4 │ 2 tricks``);
#: a deal's number, an amount, a reason
KEY: Look = (("bold", True), ("align", "right"), ("indent", 1))
PADDED: Look = (("align", "right"), ("indent", 1))
#: a text longer than its column may be wide (:func:`widths`), on as many lines as it takes,
#: each a row's default height (points)
WRAPPED: Look = (("text_wrap", True),)
LINE = 15
REASONED: Look = (("align", "left"), ("indent", 1))

#: the places a formula's fractional result is rounded to (a float misses 1/3 by 1e-16), and
#: a sum's, coarser (the sum of 1/3 and -1/3 each rounded to 9 places can be 1e-9)
PLACES = 9
SUM_PLACES = 6
#: the width a formula's cell is given room for: it shows a number, not its text
_FORMULA_WIDTH = len("-0000.00")
#: the pixels of a character of the default font (Calibri 11), which a column's width counts,
#: and of a centimetre (a chart's size)
_CHARACTER = 7
CM = 96 / 2.54
#: the size of a chart's words: the cells' own (Calibri 11)
CHART_FONT = 11


class Book:
    """A workbook being written, and the formats its cells share (one a look)."""

    def __init__(self, book: Workbook) -> None:
        self.book = book
        self._formats: dict[tuple[Look, str | None], Format] = {}

    def tab(self, name: str) -> Tab:
        return Tab(self, self.book.add_worksheet(name), name)

    def format(self, look: Look, fmt: str | None) -> Format | None:
        if not look and fmt is None:
            return None
        key = (look, fmt)
        found = self._formats.get(key)
        if found is None:
            properties = dict(look)
            if fmt is not None:
                properties["num_format"] = fmt
            found = self._formats[key] = self.book.add_format(properties)
        return found


class Tab:
    """One worksheet being written, and the longest text written in each of its columns."""

    def __init__(self, book: Book, ws: Worksheet, name: str) -> None:
        self.book = book
        self.ws = ws
        self.name = name
        self.longest: dict[int, int] = {}  # column -> its longest text
        self.width: dict[int, int] = {}  # column -> the width it was given

    def seen(self, col: int, length: int) -> None:
        if length > self.longest.get(col, -1):
            self.longest[col] = length

    def set_width(self, col: int, width: int) -> None:
        """A column's width in characters, as the file stores it."""
        self.width[col] = width
        self.ws.set_column_pixels(col - 1, col - 1, width * _CHARACTER)


def stored(value: Exact | Decimal) -> int | float:
    """The value as the file stores a number: whole numbers as such, others as the nearest
    double (what the formula's floating point gives, to its last digit); never ``-0``."""
    exact = value if type(value) is Fraction else Fraction(value)
    if exact.denominator == 1:
        return exact.numerator
    return float(exact)


def put(tab: Tab, row: int, col: int, value: object, fmt: str | None = None,
        font: Look = ()) -> None:
    """Write one cell: numbers as numbers, everything else as plain text (an empty cell keeps
    its look)."""
    r, c = row - 1, col - 1
    if type(value) is str:  # (text and whole numbers first: most of a workbook's cells)
        tab.ws.write_string(r, c, value, tab.book.format(font, None))  # never a formula
        length = len(value)
    elif type(value) is int:
        tab.ws.write_number(r, c, value, tab.book.format(font, None))
        length = len(str(value))
    elif isinstance(value, bool):
        text = _("yes") if value else _("no")
        tab.ws.write_string(r, c, text, tab.book.format(font, None))
        length = len(text)
    elif isinstance(value, Fraction):
        number = stored(value)
        tab.ws.write_number(r, c, number, tab.book.format(font, exact_format(fmt, value)))
        length = _length(number)
    elif isinstance(value, Decimal):
        number = float(value)
        tab.ws.write_number(r, c, number, tab.book.format(font, fmt or MONEY))
        length = _length(number)
    elif isinstance(value, int):
        tab.ws.write_number(r, c, value, tab.book.format(font, None))
        length = len(str(value))
    elif value is None:
        if font:
            tab.ws.write_blank(r, c, None, tab.book.format(font, None))
        return
    else:
        text = str(value)
        tab.ws.write_string(r, c, text, tab.book.format(font, None))
        length = len(text)
    if length > tab.longest.get(col, -1):
        tab.longest[col] = length


def exact_format(fmt: str | None, value: Exact | Decimal) -> str:
    """The number format of a value: ``fmt``, or a fraction format (the default) wide enough
    for the value's denominator: ``# ?/?`` shows the nearest fraction with one digit below
    the line, and 7/12 would read 4/7 (a total of games of three and of four players)."""
    if fmt is None:
        fmt = FRACTION
    if fmt != FRACTION or type(value) is not Fraction or value.denominator < 10:
        return fmt  # (most cells: no Fraction made, nothing counted)
    digits = len(str(value.denominator))
    if digits > MOST_DIGITS:
        return SIX_PLACES
    q = "?" * digits
    return f"# {q}/{q};-# {q}/{q};0"


def _length(number: int | float) -> int:
    return len(f"{number:.2f}" if isinstance(number, float) else str(number))


def formula(tab: Tab, row: int, col: int, text: str, value: Exact | Decimal,
            fmt: str = FRACTION) -> None:
    """A formula (``=SUM(B5:B7)``) and the value it gives, stored beside it."""
    tab.ws.write_formula(row - 1, col - 1, text,
                         tab.book.format(CHECK_FONT, exact_format(fmt, value)), stored(value))
    tab.seen(col, _FORMULA_WIDTH)


def total(cells: str, values: list[Exact | Decimal], fmt: str = FRACTION) -> str:
    """The formula of a sum: ``=SUM(B5:B7)`` of whole numbers, which floating point adds
    exactly; rounded to the cent for money, and to 6 places for fractions, whose float sum can
    miss zero by 1e-14 (or, a sum of formulas rounded to 9 places, by 1e-9) and show ``-0``."""
    if fmt == MONEY:
        return f"=ROUND(SUM({cells}),2)"
    if all(Fraction(v).denominator == 1 for v in values):
        return f"=SUM({cells})"
    return f"=ROUND(SUM({cells}),{SUM_PLACES})"


def header(tab: Tab, row: int, titles: list[str], col: int = 1) -> None:
    for offset, title in enumerate(titles):
        put(tab, row, col + offset, title, font=HEADER)


def widths(tab: Tab, minimum: int = 6, maximum: int = 60, padded: int = 0) -> None:
    """Columns as wide as their longest text, and ``padded`` characters more (an indent)."""
    for col, length in tab.longest.items():
        tab.set_width(col, max(minimum, min(length + 2 + padded, maximum)))


def line_chart(tab: Tab, at: tuple[int, int], size: tuple[int, int], titles: tuple[str, str, str],
               heads: int, rows: tuple[int, int], columns: range, y_format: str | None = None,
               labels: int = 0, scale: tuple[int, int] | None = None) -> None:
    """A line chart of columns of the tab, one line a column, named by its cell in the row
    ``heads``, over the rows ``rows`` (first, last) labelled by column A.

    Args:
        at: the cell (row, column) of its top left corner.
        size: its width and height in centimetres.
        titles: its own title, the x axis's and the y axis's.
        labels: the most labels the x axis shows (0: every one); more, and they would run
            together: every so many is shown, turned on its side.
        scale: column A's first and last number (deal numbers), when it holds numbers: where
            they are thinned, the chart is drawn over a scale of round steps instead (a
            scatter chart of lines: LibreOffice shows a line chart's every label regardless).
    """
    first, last = rows[0] - 1, rows[1] - 1  # (XlsxWriter counts rows and columns from 0)
    count = last - first + 1
    thinned = bool(labels) and count > labels
    if thinned and scale is not None:
        chart = tab.book.book.add_chart({"type": "scatter", "subtype": "straight"})
    else:
        chart = tab.book.book.add_chart({"type": "line"})
    assert chart is not None  # (a type XlsxWriter has)
    for col in columns:
        chart.add_series({"name": [tab.name, heads - 1, col - 1],
                          "categories": [tab.name, first, 0, last, 0],
                          "values": [tab.name, first, col - 1, last, col - 1]})
    title, x_title, y_title = titles
    # (its words as large as the cells', so that they print as large as the tab's text)
    chart.set_title({"name": title, "name_font": {"size": 13, "bold": True}})
    chart.set_legend({"font": {"size": CHART_FONT}})
    # the labels of the x axis under the chart, not across it at 0
    x_axis: dict[str, object] = {"name": x_title, "label_position": "low",
                                 "name_font": {"size": CHART_FONT},
                                 "num_font": {"size": CHART_FONT}}
    if thinned and scale is not None:
        step = round_step(scale[1] - scale[0] + 1, labels)
        x_axis.update({"min": scale[0] // step * step, "max": -(-scale[1] // step) * step,
                       "major_unit": step})
    elif thinned:
        x_axis["interval_unit"] = round_step(count, labels)
        x_axis["num_font"] = {"size": CHART_FONT, "rotation": -45}
    chart.set_x_axis(x_axis)
    chart.set_y_axis({"name": y_title, "name_font": {"size": CHART_FONT},
                      "num_font": {"size": CHART_FONT},
                      **({"num_format": y_format} if y_format else {})})
    chart.set_size({"width": CM * size[0], "height": CM * size[1]})
    tab.ws.insert_chart(at[0] - 1, at[1] - 1, chart)


def round_step(count: int, labels: int) -> int:
    """Every how many of ``count`` labels one is shown so that ``labels`` at most are: a round
    step (1, 2, 5, 10, 20, 25, 50, 100...), so the labels shown read as a scale."""
    power = 1
    while True:
        for tenths in (10, 20, 25, 50):
            if tenths * power % 10 == 0 and -(-count // (tenths * power // 10)) <= labels:
                return tenths * power // 10
        power *= 10


def get_column_letter(col: int) -> str:
    """A column's letters (1 is ``A``, 27 ``AA``)."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters
