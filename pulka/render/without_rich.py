"""The terminal sheet without importing rich, where rich would print plain text anyway.

rich costs about a third of a command's start-up. When stdout is not a terminal (a pipe, a
file, a test), rich writes no styles, so its simple tables are a matter of column widths:
this module writes them byte for byte as rich does. Whatever it is not sure of (a terminal,
a table wider than the console, a character of another width, an emoji code, a non-UTF
stream) goes to rich itself, unchanged.
"""

from __future__ import annotations

import builtins
import os
import re
import sys
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
    """The few calls of ``rich.table.Table`` the sheet makes, kept to be drawn either way."""

    def __init__(self, title: str | None = None, title_justify: str = "center") -> None:
        self.title = title
        self.title_justify = title_justify
        self.columns: list[tuple[str, str]] = []
        self.rows: list[tuple[str, ...]] = []

    def add_column(self, header: str, justify: str = "left") -> None:
        self.columns.append((header, justify))

    def add_row(self, *cells: str) -> None:
        self.rows.append(cells)

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

    def lines(self, width: int) -> list[str] | None:
        """The table as rich draws it with the SIMPLE_HEAD box, or None when it does not fit
        in ``width`` (rich would wrap or shrink it) or holds a character not known narrow."""
        texts = [h for h, _ in self.columns] + [c for row in self.rows for c in row]
        if self.title is not None:
            texts.append(self.title)
        if not all(_simple(t) for t in texts) or (self.title is not None
                                                  and self.title_justify != "left"):
            return None
        widths = [len(h) for h, _ in self.columns]
        for row in self.rows:
            widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
        total = sum(widths) + 3 * len(widths) + 1  # a space each side of a cell, edges, rules
        if total > width or (self.title is not None and len(self.title) > total):
            return None
        out = [] if self.title is None else [self.title]
        out.append(" " * total)
        out.append(self._line([h for h, _ in self.columns], widths))
        out.append(" " + "─".join("─" * (w + 2) for w in widths) + " ")
        out += [self._line(list(row), widths) for row in self.rows]
        out.append(" " * total)
        return out

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


def _rich_console() -> Any:
    from rich.console import Console as RichConsole

    # markup is off: player names and notes are printed exactly as written
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
