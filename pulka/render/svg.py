"""A paper sheet as SVG: the lines a family's paper module draws for the terminal
(``pulka show --paper``, :mod:`.paper_kit`) laid on a grid of character cells, the frame's
box characters drawn as strokes and the text placed cell by cell.

Every family keeps its own sheet (the Russian sectors around the centre, the Balkan columns,
the pot list, the κιτάπι): this module only turns the family's lines into a picture, so the
page shows what ``show --paper`` shows, at any width the phone or the TV asks for. Each run
of text is given its exact width in cells (``textLength``), so the columns stay in line
whatever monospace font the browser has.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from .paper_kit import Kit, Line, cells

#: a cell's width and a line's height, in the picture's own units
CELL = 10
ROW = 20
#: box character -> the arms it draws from the cell's centre: Up, Down, Left, Right
ARMS = {"─": "LR", "│": "UD", "┌": "RD", "┐": "LD", "└": "UR", "┘": "UL", "┬": "LRD",
        "┴": "LRU", "├": "UDR", "┤": "UDL", "┼": "UDLR", "╭": "RD", "╮": "LD", "╰": "UR",
        "╯": "UL"}
DOTS = "┄"
#: style name -> the attributes of its text
LOOKS = {"name": ' font-weight="bold"', "target": ' font-weight="bold"',
         "label": ' fill="#555"', "rule": ' fill="#888"'}


def sheet_svg(lines: list[Line], title: str = "") -> str:
    """The lines as one SVG picture (its width the widest line's cells)."""
    width = max((sum(cells(text) for text, _style in line) for line in lines), default=1)
    solid: dict[tuple[str, int], list[tuple[int, int]]] = {}  # ("h", row) or ("v", col) -> spans
    dotted: dict[int, list[tuple[int, int]]] = {}
    texts: list[str] = []
    for row, line in enumerate(lines):
        col = 0
        run = _Run(row)
        for text, style in line:
            for ch in text:
                if ch in ARMS or ch == DOTS:
                    run.flush(texts)
                    _arms(ARMS.get(ch, ""), col, row, solid)
                    if ch == DOTS:
                        dotted.setdefault(row, []).append((col * CELL, (col + 1) * CELL))
                elif ch == " ":
                    run.flush(texts)
                else:
                    run.add(ch, col, style, texts)
                col += cells(ch)
        run.flush(texts)
    height = len(lines) * ROW
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width * CELL} {height + 4}" '
           f'width="{width * CELL}" height="{height + 4}" role="img" '
           'font-family="DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, monospace" '
           f'font-size="{ROW * 0.8:g}">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect width="{width * CELL}" height="{height + 4}" fill="#fffef8"/>')
    paths = _paths(solid)
    if paths:
        out.append(f'<path d="{paths}" stroke="#7a7a7a" stroke-width="1.2" fill="none"/>')
    dots = "".join(f"M{a} {_middle(row)}H{b}" for row, spans in sorted(dotted.items())
                   for a, b in _merged(spans))
    if dots:
        out.append(f'<path d="{dots}" stroke="#aaa" stroke-width="1" stroke-dasharray="3 3" '
                   'fill="none"/>')
    out += texts
    out.append("</svg>")
    return "\n".join(out)


class _Run:
    """The characters of one run of text on a row: of one style, with no space or frame
    between them."""

    def __init__(self, row: int) -> None:
        self.row = row
        self.chars: list[str] = []
        self.start = 0
        self.style = ""

    def add(self, ch: str, col: int, style: str, texts: list[str]) -> None:
        if not self.chars or self.style != style:
            self.flush(texts)
            self.start, self.style = col, style
        self.chars.append(ch)

    def flush(self, texts: list[str]) -> None:
        if self.chars:
            texts.append(_text(self.chars, self.start, self.row, self.style))
            self.chars = []


def _middle(row: int) -> float:
    return row * ROW + ROW / 2 + 2


def _arms(arms: str, col: int, row: int, solid: dict[tuple[str, int], list[tuple[int, int]]]
          ) -> None:
    """The strokes of one box character, as spans of its row's and its column's lines."""
    x = col * CELL + CELL // 2
    y = row * ROW
    for arm in arms:
        if arm == "L":
            solid.setdefault(("h", row), []).append((col * CELL, x))
        elif arm == "R":
            solid.setdefault(("h", row), []).append((x, (col + 1) * CELL))
        elif arm == "U":
            solid.setdefault(("v", col), []).append((y, y + ROW // 2))
        else:
            solid.setdefault(("v", col), []).append((y + ROW // 2, y + ROW))


def _merged(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Touching spans joined into one (a rule is one stroke, not a stroke per cell)."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _paths(solid: dict[tuple[str, int], list[tuple[int, int]]]) -> str:
    parts = []
    for (kind, at), spans in sorted(solid.items()):
        for a, b in _merged(spans):
            if kind == "h":
                parts.append(f"M{a} {_middle(at):g}H{b}")
            else:
                x = at * CELL + CELL // 2
                parts.append(f"M{x} {a + 2}V{b + 2}")
    return "".join(parts)


def _text(run: list[str], col: int, row: int, style: str) -> str:
    text = "".join(run)
    length = cells(text) * CELL
    y = row * ROW + ROW * 0.75 + 2
    return (f'<text x="{col * CELL}" y="{y:g}" textLength="{length}" '
            f'lengthAdjust="spacingAndGlyphs"{LOOKS.get(style, "")}>{escape(text)}</text>')


def paper_svg(game: object, report: dict, state: object, settlement: object, steps: list,
              columns: int) -> str:
    """The game's paper sheet, drawn by its family for ``columns`` cells, as SVG.

    Raises:
        PulkaError: the family draws no paper sheet.
    """
    from .registry import get_paper

    conv = game.table.convention  # type: ignore[attr-defined]
    kit = Kit(width=columns, encoding="utf-8", ascii=False, colour=False)
    lines = get_paper(conv.family).draw(kit, game, report, state, settlement, steps)
    return sheet_svg(lines, conv.title)
