"""The terminal sheet without importing rich, where rich would print plain text anyway.

rich costs about a third of a command's start-up. When stdout is not a terminal (a pipe, a
file, a test), rich writes no styles, so its simple tables are a matter of column widths:
this module writes them byte for byte as rich does. Whatever it is not sure of (a terminal,
a character of another width, an emoji code, a non-UTF stream) goes to rich itself, unchanged.

A table wider than the console is never left to rich to cut (``+1…``): it is drawn in parts
that fit (:meth:`Table.fitted`), either way.
"""

from __future__ import annotations

import builtins
import os
import re
import sys
from collections.abc import Callable
from typing import Any

#: characters one cell wide in rich as in any terminal, as code point ranges (both ends in):
#: ASCII, Latin, Cyrillic, a few signs, the Greek letters of Greek Prefa
_NARROW_RANGES = ((0x20, 0x7E), (0xA0, 0xAC), (0xAE, 0x24F), (0x386, 0x386), (0x388, 0x38A),
                  (0x38C, 0x38C), (0x38E, 0x3A1), (0x3A3, 0x3CE), (0x400, 0x482), (0x48A, 0x4FF),
                  (0x2013, 0x2014), (0x2026, 0x2026), (0x2190, 0x2194), (0x2212, 0x2212),
                  (0x2660, 0x2667))
#: deletes every narrow character from a text (what is left is not narrow); a regular
#: expression of these ranges took longer to compile than the sheet takes to draw
_DROP_NARROW = dict.fromkeys(c for low, high in _NARROW_RANGES for c in range(low, high + 1))
#: what rich would read as an emoji code (``:smile:``)
_EMOJI = re.compile(r":\S*:")


class Table:
    """The few calls of ``rich.table.Table`` the sheet makes, kept to be drawn either way.

    ``keys``: how many first columns name a row (the player, the deal); a table too wide for
    the console repeats them in each of its parts."""

    def __init__(self, title: str | None = None, title_justify: str = "center",
                 keys: int = 1) -> None:
        self.title = title
        self.title_justify = title_justify
        self.keys = keys
        self.columns: list[tuple[str, str]] = []
        self.rows: list[tuple[str, ...]] = []
        self.starts: list[bool] = []  # may a part begin at this column

    def add_column(self, header: str, justify: str = "left", *, starts: bool = True) -> None:
        """A column; ``starts`` False: it stays in the part of the column before it (the
        columns of one player)."""
        self.columns.append((header, justify))
        self.starts.append(starts)

    def add_row(self, *cells: str) -> None:
        self.rows.append(cells)

    def shown(self, show: Callable[[str], str]) -> Table:
        """The table with every text as ``show`` writes it."""
        out = Table(None if self.title is None else show(self.title), self.title_justify,
                    self.keys)
        out.starts = list(self.starts)
        out.columns = [(show(h), j) for h, j in self.columns]
        out.rows = [tuple(show(c) for c in row) for row in self.rows]
        return out

    def to_rich(self) -> Any:
        from rich import box
        from rich.table import Table as RichTable

        kwargs: dict[str, Any] = {"box": box.SIMPLE_HEAD}
        if self.title is not None:
            kwargs.update(title=self.title, title_justify=self.title_justify)
        table = RichTable(**kwargs)
        for header, justify in self.columns:
            table.add_column(header, justify=justify)  # type: ignore[arg-type]
        for row in self.rows:
            table.add_row(*row)
        return table

    def width(self) -> int:
        """The width rich draws the table in when the console leaves it room."""
        return sum(_widths(self)) + 3 * len(self.columns) + 1

    def fitted(self, width: int) -> tuple[list[str], list[Table]]:
        """The table as parts that each fit in ``width``: the title's lines, then the parts
        (the table itself, title and all, when it fits). Columns go to the next part whole,
        with the player's columns together (``starts``) and the first ``keys`` columns in
        every part; a column of text too wide for any part is wrapped between its words."""
        if width <= 0 or self.width() <= width:
            return [], [self]
        title = [] if self.title is None else wrap(self.title, width)
        table = self._narrowed(width)
        widths = _widths(table)
        keys = list(range(min(self.keys, len(self.columns))))
        base = sum(widths[k] + 3 for k in keys) + 1
        groups = self._groups()
        parts: list[list[int]] = []
        used = base
        for whole in groups:
            size = sum(widths[i] + 3 for i in whole)
            # a group wider than any part goes column by column (nothing cut either way)
            for group in [whole] if base + size <= width else [[i] for i in whole]:
                size = sum(widths[i] + 3 for i in group)
                room = width - used - 3
                if parts and used + size > width and len(group) == 1 and \
                        table._wrappable(group[0]) and room >= max(_ROOM, _longest_word(
                            table, group[0])):  # text beside the numbers, wrapped to the room
                    table = table._wrapped(group[0], room, self)
                    widths = _widths(table)
                    size = widths[group[0]] + 3
                if parts and used + size <= width:
                    parts[-1] += group
                    used += size
                else:
                    parts.append(list(group))
                    used = base + size
        return title, [table._part(keys + part) for part in parts or [[]]]

    def _groups(self) -> list[list[int]]:
        """The columns after the keys, in the groups a part takes whole."""
        groups: list[list[int]] = []
        for i in range(min(self.keys, len(self.columns)), len(self.columns)):
            if not groups or self.starts[i]:
                groups.append([])
            groups[-1].append(i)
        return groups

    def _part(self, columns: list[int]) -> Table:
        part = Table(keys=self.keys)
        for i in columns:
            part.add_column(*self.columns[i])
        for row in self.rows:
            part.add_row(*(row[i] for i in columns))
        return part

    def _narrowed(self, width: int) -> Table:
        """The table with its widest column of text wrapped, one at a time, until every part
        it is cut into can fit (a column never narrower than its longest word allows, a
        number never wrapped)."""
        table = self
        for _ in range(len(self.columns)):
            widths = _widths(table)
            keys = range(min(self.keys, len(self.columns)))
            base = sum(widths[k] + 3 for k in keys) + 1
            widest = max(self._groups(), key=lambda g: sum(widths[i] + 3 for i in g),
                         default=[])
            over = base + sum(widths[i] + 3 for i in widest) - width
            if over <= 0:
                return table
            wrappable = [i for i in [*keys, *widest] if self._wrappable(i)]
            if not wrappable:
                return table
            column = max(wrappable, key=lambda i: widths[i])
            narrower = max(widths[column] - over, 1)
            if narrower >= widths[column]:
                return table
            table = table._wrapped(column, narrower)
        return table

    def _wrappable(self, column: int) -> bool:
        cells = [self.columns[column][0], *(row[column] for row in self.rows)]
        return any(" " in cell.strip() for cell in cells)

    def _wrapped(self, column: int, width: int, source: Table | None = None) -> Table:
        """The table with one column's texts (as ``source`` has them) wrapped to ``width``."""
        source = self if source is None else source
        out = Table(self.title, self.title_justify, self.keys)
        out.starts = list(self.starts)
        out.columns = [(wrap_cell(source.columns[i][0], width) if i == column else h, j)
                       for i, (h, j) in enumerate(self.columns)]
        out.rows = [tuple(wrap_cell(original[i], width) if i == column else c
                          for i, c in enumerate(row))
                    for row, original in zip(self.rows, source.rows, strict=True)]
        return out

    def lines(self, width: int) -> list[str] | None:
        """The table as rich draws it with the SIMPLE_HEAD box, or None when it does not fit
        in ``width`` (rich would wrap or shrink it) or holds a character not known narrow."""
        texts = [line for h, _ in self.columns for line in h.split("\n")]
        texts += [line for row in self.rows for c in row for line in c.split("\n")]
        if self.title is not None:
            texts.append(self.title)
        if not all(_simple(t) for t in texts) or (self.title is not None
                                                  and self.title_justify != "left"):
            return None
        widths = _widths(self)
        total = sum(widths) + 3 * len(widths) + 1  # a space each side of a cell, edges, rules
        if total > width or (self.title is not None and len(self.title) > total):
            return None
        out = [] if self.title is None else [self.title]
        out.append(" " * total)
        out += self._lines([h for h, _ in self.columns], widths, bottom=True)
        out.append(" " + "─".join("─" * (w + 2) for w in widths) + " ")
        for row in self.rows:
            out += self._lines(list(row), widths)
        out.append(" " * total)
        return out

    def _lines(self, cells: list[str], widths: list[int], bottom: bool = False) -> list[str]:
        """A row as lines: a cell of several lines is as high as the row, the others at its
        top (the header's at its bottom), as rich sets them."""
        split = [cell.split("\n") for cell in cells]
        height = max(len(lines) for lines in split)
        split = [([""] * (height - len(lines)) + lines) if bottom
                 else lines + [""] * (height - len(lines)) for lines in split]
        return [self._line([lines[k] for lines in split], widths) for k in range(height)]

    def _line(self, cells: list[str], widths: list[int]) -> str:
        parts = []
        for cell, w, (_, justify) in zip(cells, widths, self.columns, strict=True):
            if justify == "right":
                parts.append(cell.rjust(w))
            elif justify == "center":
                left = (w - len(cell)) // 2
                parts.append(" " * left + cell + " " * (w - len(cell) - left))
            else:
                parts.append(cell.ljust(w))
        return " " + " ".join(f" {p} " for p in parts) + " "


#: the narrowest a column of text is wrapped to beside other columns, rather than on its own
_ROOM = 24


def _longest_word(table: Table, column: int) -> int:
    cells = [table.columns[column][0], *(row[column] for row in table.rows)]
    return max((len(word) for cell in cells for word in cell.split()), default=0)


def _widths(table: Table) -> list[int]:
    """Each column's width: its longest line, the header's included."""
    widths = [max(len(line) for line in h.split("\n")) for h, _ in table.columns]
    for row in table.rows:
        widths = [max(w, *(len(line) for line in c.split("\n")))
                  for w, c in zip(widths, row, strict=True)]
    return widths


def wrap(text: str, width: int, separator: str = " · ") -> list[str]:
    """A text as lines of at most ``width`` characters: broken after a ``separator`` where it
    can be, else between words, a word longer than the line cut in pieces (nothing lost)."""
    if len(text) <= width:
        return [text]
    items = text.split(separator)
    pieces = [item + (separator.rstrip() if k < len(items) - 1 else "")
              for k, item in enumerate(items)]
    lines: list[str] = []
    line = ""
    for piece in pieces:
        for word in (piece.split(" ") if len(piece) > width else [piece]):
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                lines.append(line)
                line = word
    lines.append(line)
    return lines


def wrap_cell(text: str, width: int) -> str:
    """A cell's text with its lines wrapped to ``width`` (see :func:`wrap`)."""
    return "\n".join(out for line in text.split("\n") for out in wrap(line, width))


def _simple(text: str) -> bool:
    return not text.translate(_DROP_NARROW) and _EMOJI.search(text) is None


class Console:
    """``print`` as the sheet uses rich's Console (no markup, no highlighting, soft wrap):
    plain text written directly while rich would add nothing, rich from the first doubt on."""

    def __init__(self) -> None:
        self._width = _width()
        # a width of 0 ($COLUMNS=0) is rich's to deal with: it prints nothing then
        self._rich: Any = None if _plain_stream() and self._width > 0 else _rich_console()

    def print(self, thing: str | Table = "", style: str | None = None) -> None:
        if isinstance(thing, Table):
            title, parts = thing.shown(_shown).fitted(self._width)
            for line in title:
                self._print(line)
            for part in parts:
                self._print(part)
            return
        self._print(_shown(thing), style)

    def _print(self, thing: str | Table = "", style: str | None = None) -> None:
        if self._rich is None:
            lines = thing.lines(self._width) if isinstance(thing, Table) else (
                [thing] if _simple(thing) else None)
            if lines is not None:
                sys.stdout.write("".join(f"{line}\n" for line in lines))
                sys.stdout.flush()  # as rich does: a closed pipe is found here, not at exit
                return
            self._rich = _rich_console()
        if isinstance(thing, Table):
            self._rich.print(thing.to_rich())
        else:
            self._rich.print(thing, style=style)


def _shown(text: str) -> str:
    """A text as the console will show it: where it cannot encode a character, with the
    stand-in the CLI writes for it (``->`` for ``→``), so that a table is measured as it
    will be printed."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    if encoding.lower().replace("-", "").startswith("utf") or text.isascii():
        return text
    try:
        return text.encode(encoding, "pulka-plain").decode(encoding)
    except LookupError:  # (no stand-ins registered: outside the CLI)
        return text.encode(encoding, "replace").decode(encoding)


def _rich_console() -> Any:
    from rich.console import Console as RichConsole

    # markup is off: player names and notes are printed exactly as written; NO_COLOR: no
    # style at all (rich itself drops the colours and keeps the bold and the italics)
    if os.environ.get("NO_COLOR"):
        return RichConsole(highlight=False, soft_wrap=True, markup=False, color_system=None)
    return RichConsole(highlight=False, soft_wrap=True, markup=False)


def _plain_stream() -> bool:
    """True where rich would write no control codes and draw boxes in Unicode: stdout is not
    a terminal by rich's rules, on POSIX, in a UTF encoding."""
    if os.name != "posix" or "idlelib" in sys.modules:
        return False
    encoding = (getattr(sys.stdout, "encoding", "utf-8") or "utf-8").lower()
    if not encoding.startswith("utf"):
        return False
    if hasattr(builtins, "get_ipython"):
        return False  # rich's Jupyter mode
    tty = os.environ.get("TTY_COMPATIBLE", "")
    if tty in ("0", "1"):
        return tty == "0"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force == ""
    isatty = getattr(sys.stdout, "isatty", None)
    try:
        return isatty is None or not isatty()
    except ValueError:
        return True


def _width() -> int:
    """The console width as rich finds it: $COLUMNS, else a terminal on fd 0, 1 or 2, else 80."""
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns)
    width = 0
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    return width or 80
