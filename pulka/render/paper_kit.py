"""What the paper sheets for the terminal share: lines of styled spans, box characters (or
their ASCII stand-ins where the console lacks them), colour where the terminal has it, text
wrapped at its separators (a number is never cut), and the lines under every sheet.

A line is a list of spans (text, style); its width is what a terminal gives it (a wide
character two cells, a combining one none). Colour is written only to a terminal
(``isatty``, ``TERM`` not ``dumb``) and never when ``NO_COLOR`` is set (no bold either).
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TextIO

from ..convention.schema import CURRENCY
from ..frozen import NamedTuple
from ..i18n import decimal, ngettext, pgettext
from ..numbers import plain_fractions, signed

#: a span of a line: its text and a style name ("" plain; see :data:`STYLES`)
Span = tuple[str, str]
Line = list[Span]

#: style name -> the SGR parameters a colour terminal gets
STYLES = {"name": "1", "label": "2", "target": "1", "rule": "2"}

#: the characters of the frame, and their ASCII stand-ins
BOX = {"h": "─", "v": "│", "tl": "┌", "tr": "┐", "bl": "└", "br": "┘", "down": "┬", "up": "┴",
       "right": "├", "left": "┤", "cross": "┼", "dots": "┄", "rtl": "╭", "rtr": "╮", "rbl": "╰",
       "rbr": "╯"}
ASCII_BOX = {"h": "-", "v": "|", "tl": "+", "tr": "+", "bl": "+", "br": "+", "down": "+", "up": "+",
             "right": "+", "left": "+", "cross": "+", "dots": ".", "rtl": "+", "rtr": "+", "rbl": "+",
             "rbr": "+"}
#: what a console without the sheet's marks gets instead (anything else it lacks: ``?``)
ASCII_MARKS = {"‖": "||", "⚑": "#", "✓": "+", "−": "-", "—": "-", "–": "-", "→": "->", "·": "|",
               "♠": "s", "♣": "c", "♦": "d", "♥": "h", "…": "...", "\u00a0": " "}
#: the narrowest terminal the sheets are laid out for (narrower: the same stacked layout)
NARROWEST = 40


class Kit(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond at start-up)
    """How the sheet is written on this console.

    Attributes:
        width: the columns to fill.
        encoding: the console's encoding (characters it lacks get stand-ins).
        ascii: the box characters are missing: ``+-|`` frames.
        colour: styles are written as ANSI codes.
    """

    width: int = 80
    encoding: str = "utf-8"
    ascii: bool = False
    colour: bool = False

    @property
    def box(self) -> Mapping[str, str]:
        return ASCII_BOX if self.ascii else BOX

    def text(self, text: str) -> str:
        """``text`` as this console can show it (stand-ins for what it lacks)."""
        if not self.ascii and _encodes(text, self.encoding):
            return text
        if not _encodes(text, self.encoding):
            text = plain_fractions(text)  # (``69½`` as ``69(1/2)``, never ``69?``)
        out = []
        for ch in text:
            if _encodes(ch, self.encoding):
                out.append(ch)
            else:
                out.append(ASCII_MARKS.get(ch, "?"))
        return "".join(out)

    def render(self, line: Line) -> str:
        """A line as written: its spans, with colour where the terminal has it."""
        if not self.colour:
            return "".join(text for text, _style in line).rstrip()
        parts = []
        for text, style in line:
            code = STYLES.get(style)
            parts.append(f"\x1b[{code}m{text}\x1b[0m" if code and text.strip() else text)
        return "".join(parts).rstrip()


def detect(stream: TextIO | None = None, environ: Mapping[str, str] | None = None) -> Kit:
    """The kit for ``stream`` (stdout): its width, encoding, and whether it takes colour."""
    stream = sys.stdout if stream is None else stream
    environ = os.environ if environ is None else environ
    from .width import terminal_columns

    width = terminal_columns()
    encoding = getattr(stream, "encoding", None) or "utf-8"
    ascii_only = not _encodes("".join(BOX.values()) + "‖", encoding)
    return Kit(max(width, 1), encoding, ascii_only, _colour(stream, environ))


def _colour(stream: Any, environ: Mapping[str, str]) -> bool:
    if environ.get("NO_COLOR"):
        return False
    if environ.get("TERM", "dumb") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def cells(text: str) -> int:
    """The columns a terminal gives ``text``: two for a wide character, none for a mark."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def line_cells(line: Line) -> int:
    return sum(cells(text) for text, _style in line)


def pad(line: Line, width: int, align: str = "left") -> Line:
    """``line`` filled with spaces to ``width`` (left, right or centre)."""
    room = max(0, width - line_cells(line))
    if align == "right":
        return [(" " * room, ""), *line]
    if align == "centre":
        return [(" " * (room // 2), ""), *line, (" " * (room - room // 2), "")]
    return [*line, (" " * room, "")]


def wrap(kit: Kit, label: str, tokens: Sequence[str], sep: str, width: int,
         indent: int = 2, style: str = "") -> list[Line]:
    """``label: t1.t2.t3`` in lines of ``width`` at most, broken after a separator only.

    A token wider than the line still goes whole on a line of its own: a number is never cut.
    """
    label, sep = kit.text(label), kit.text(sep)
    items = []
    for k, token in enumerate(tokens):
        item = kit.text(token) + (sep if k < len(tokens) - 1 else "")
        if cells(item.rstrip(" ")) > width - indent and " " in item.strip() \
                and any(ch.isalpha() for ch in item):  # a long phrase, never a number
            words = item.split(" ")
            items += [w + " " for w in words[:-1] if w] + [words[-1]]
        else:
            items.append(item)
    lines: list[Line] = []
    current: Line = []
    used = 0
    if label:  # a label wider than the line (a long name) is broken between its words
        heads = _words(label + ":", width)
        lines = [[(head, "label")] for head in heads[:-1]]
        current, used = [(heads[-1], "label")], cells(heads[-1])
    fresh = True  # no token on the current line yet (it holds the label, or nothing)
    for item in items:
        gap = " " if label and fresh else ""
        need = cells(gap) + cells(item.rstrip(" "))
        if (not fresh or label) and used + need > width:
            lines.append(current)
            current, used, gap = [(" " * indent, "")], indent, ""
        current.append((gap + item, style))
        used += cells(gap) + cells(item)
        fresh = False
    lines.append(current)
    return [_trim(line) for line in lines]


def _words(text: str, width: int) -> list[str]:
    """``text`` in lines of ``width`` at most, broken at spaces (a longer word stays whole)."""
    out: list[str] = []
    for word in text.split(" "):
        if out and cells(out[-1]) + 1 + cells(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def _trim(line: Line) -> Line:
    if line:
        text, style = line[-1]
        line[-1] = (text.rstrip(" "), style)
    return line


def joined(kit: Kit, label: str, items: Iterable[str], width: int) -> list[Line]:
    """``label: a · b · c`` wrapped between the items."""
    return wrap(kit, label, list(items), " · ", width)


def rule(kit: Kit, width: int, left: str, right: str, labels: Sequence[tuple[int, str]] = (),
         junction: str = "down") -> Line:
    """A frame line: ``left``, then segments of the given widths joined by ``junction``, each
    with its name written into the line (``├─ Борис ───┬───┤``), then ``right``.

    ``labels``: (segment width, name); no labels: one segment of ``width``.
    """
    box = kit.box
    h = box["h"]
    parts: Line = [(box[left], "rule")]
    segments = list(labels) or [(width - 2, "")]
    for k, (seg, name) in enumerate(segments):
        if k:
            parts.append((box[junction], "rule"))
        if name:
            shown = kit.text(name)
            parts += [(h + " ", "rule"), (shown, "name"),
                      (" " + h * max(0, seg - cells(shown) - 3), "rule")]
        else:
            parts.append((h * seg, "rule"))
    parts.append((box[right], "rule"))
    return parts


def framed(kit: Kit, content: Line, width: int) -> Line:
    """``│ content │`` filling ``width`` columns."""
    v = kit.box["v"]
    return [(v + " ", "rule"), *pad(content, width - 4), (" " + v, "rule")]


def centre_box(kit: Kit, texts: Sequence[str]) -> list[Line]:
    """The centre of the sheet: a small rounded box with the target and the price."""
    box = kit.box
    shown = [kit.text(t) for t in texts]
    inner = max(cells(t) for t in shown) + 2
    lines: list[Line] = [[(box["rtl"] + box["h"] * inner + box["rtr"], "rule")]]
    for t in shown:
        lines.append([(box["v"], "rule"), *pad([(t, "target")], inner, "centre"), (box["v"], "rule")])
    lines.append([(box["rbl"] + box["h"] * inner + box["rbr"], "rule")])
    return lines


def legend(kit: Kit, entries: Sequence[tuple[str, str]], present: str, width: int) -> list[Line]:
    """The marks used on the sheet and what they mean (only those that appear)."""
    used = [f"{kit.text(mark)} {meaning}" for mark, meaning in entries if mark in present]
    if not used:
        return []
    return wrap(kit, "", used, "   ", width, indent=0, style="label")


def money_text(amount: Any, currency: str | None = None) -> str:
    """A balance in money, signed, with the language's decimal separator (and the table's
    currency sign, when it set one)."""
    text = decimal(f"{amount:+}").replace("-", "−")
    return f"{text} {currency}" if currency else text


def footer(kit: Kit, game: Any, state: Any, settlement: Any, deals: int, width: int) -> list[Line]:
    """Under every sheet: the deals played and what comes next, the result so far, money."""
    players = game.table.players
    played = ngettext("{n} deal played", "{n} deals played", deals).format(n=deals)
    if state.finished:
        nxt = pgettext("paper", "the game is over")
    else:
        from .dealing import on_paper

        nxt = on_paper(state)
    lines = wrap(kit, "", [played, nxt], " · ", width, indent=0)
    result = [f"{p} {signed(settlement.result[p])}" for p in players]
    lines += joined(kit, pgettext("paper", "result"), result, width)
    if settlement.money is not None:
        currency = game.table.convention[CURRENCY]
        money = [f"{p} {money_text(settlement.money[p], currency)}" for p in players]
        lines += joined(kit, pgettext("paper", "money"), money, width)
    return lines


def write(kit: Kit, lines: Iterable[Line]) -> None:
    """Print the sheet's lines (click's echo: a closed pipe is pulka's usual failure)."""
    import click

    for line in lines:
        click.echo(kit.render(line))


def show_paper(game: Any, report: dict, state: Any, settlement: Any, steps: list,
               kit: Kit | None = None) -> None:
    """Print the game's paper sheet, drawn by its family (see :mod:`.registry`)."""
    from .registry import get_paper

    kit = detect() if kit is None else kit
    write(kit, get_paper(game.table.convention.family).draw(kit, game, report, state, settlement, steps))
