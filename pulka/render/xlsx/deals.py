"""The Deals tab: every deal of the journal and each entry it wrote, one entry a row.

Every row carries its deal's number, dealer, text and journal line, so a filter on any column
keeps them. A deal's earlier versions (the lines a ``fix`` replaced) and voided deals are
listed too, in their place, marked; the deal as it stands is marked as corrected. The amount
and the reason it was written are separate columns, each padded, so that an amount never
runs into a reason that starts with a digit.
"""

from __future__ import annotations

import textwrap
from typing import NamedTuple

from ...families.base import Presentation, Step
from ...game import Game
from ...i18n import _, pgettext
from ...journal.body import Entries, Line
from ...notation import words_for
from ...notation.styles import said_in_language, written
from ...replay import family_of
from ..words import on_paper, sheet_name
from .cells import KEY, LINE, PADDED, REASONED, WRAPPED, Tab, header, put, widths
from .printing import narrowed

TEXT_COL, AMOUNT_COL, WHY_COL = 3, 9, 10
_LOOKS = {AMOUNT_COL: PADDED, WHY_COL: REASONED}


class Version(NamedTuple):
    """A line of the journal that wrote a deal, and what happened to it."""

    line: int | None
    text: str
    mark: str  # "" (in force), "corrected", "replaced", "voided"
    why: str


def deals_tab(ws: Tab, game: Game, steps: list[Step], next_dealer: str | None) -> None:
    shown = family_of(game.table).presentation
    words = words_for(game.table.convention.family)
    style = said_in_language(words)
    _head(ws)
    lines = {entry.number: entry.source.line if entry.source else None for entry in game.entries}
    gone = _corrections(game)
    row = 2
    texts: list[tuple[int, dict[int, object]]] = []  # (row, its texts by column)
    dealers = [step.dealer for step in steps] + [next_dealer]
    at = 0  # the next step in force
    for number in sorted({*(s.number for s in steps), *gone}):
        if at < len(steps) and steps[at].number == number:
            step = steps[at]
            at += 1
            versions = gone.get(number, [])
            for version in versions:
                row = _row(ws, row, (number, step.dealer, version), None, texts)
            mark = pgettext("deal mark", "corrected") if versions else ""
            # (in the players' words, as the PDF has it; the journal's line is the next column's)
            current = Version(lines.get(number), written(step.deal, style, game.table.players,
                                                         words), mark, "")
            row = _step_rows(ws, row, shown, step, current, texts)
        else:  # voided: the dealer it would have now is the next deal's
            for version in gone[number]:
                row = _row(ws, row, (number, dealers[at], version), None, texts)
    ws.ws.freeze_panes(1, 0)
    ws.ws.autofilter(f"A1:J{max(row - 1, 2)}")
    widths(ws, padded=1)
    _wrapped(ws, texts)


def _head(ws: Tab) -> None:
    header(ws, 1, _headings())


def _headings() -> list[str]:
    return [_("deal"), _("dealer"), _("as written"), _("journal line"), _("mark"), _("player"),
            _("column"),
            # Translators: the column of the player an entry is written on
            pgettext("workbook", "on"), _("amount"), _("why")]


def _step_rows(ws: Tab, row: int, shown: Presentation, step: Step, current: Version,
               texts: list[tuple[int, dict[int, object]]]) -> int:
    keys = (step.number, step.dealer, current)
    if not step.postings and not step.notes:
        return _row(ws, row, keys, None, texts)
    for posting in step.postings:
        row = _row(ws, row, keys, (posting.player, sheet_name(shown, posting.column),
                                   posting.target, on_paper(shown, posting.column, posting.amount),
                                   posting.note), texts)
    for note in step.notes:
        row = _row(ws, row, keys, (None, None, None, None, note), texts)
    return row


def _row(ws: Tab, row: int, keys: tuple[int, str | None, Version],
         entry: tuple[object, ...] | None, texts: list[tuple[int, dict[int, object]]]) -> int:
    """One row: the deal's number, dealer, text, line and mark, and an entry (or the reason
    a version of the deal wrote nothing)."""
    number, dealer, version = keys
    put(ws, row, 1, number, font=KEY)
    put(ws, row, 2, dealer)
    put(ws, row, TEXT_COL, version.text)
    put(ws, row, 4, version.line, font=PADDED)
    put(ws, row, 5, version.mark or None)
    if entry is None:
        entry = (None, None, None, None, version.why or None)
    for col, value in enumerate(entry, start=6):
        # the numbers each a space away from the text beside them
        put(ws, row, col, value, font=_LOOKS.get(col, ()))
    texts.append((row, {2: dealer, TEXT_COL: version.text, 6: entry[0], 8: entry[2],
                        WHY_COL: entry[-1]}))
    return row + 1


#: the columns narrowed where the tab would otherwise print small, and the narrowest each may
#: be (characters): the names, the deal's text, the journal's line (its heading on two lines)
#: and the reason
NARROWEST = {2: 14, TEXT_COL: 24, 4: 10, 6: 14, 8: 14, WHY_COL: 16}
#: the smallest the tab prints at (pt): a list to look a deal up in, of one line a row for a
#: game of short names, where 8 pt would put most deals on two
SMALLEST = 7


def _wrapped(ws: Tab, texts: list[tuple[int, dict[int, object]]]) -> None:
    """Columns narrowed where the tab would otherwise print small (a long game's reasons, long
    names), and a text longer than its column on as many lines as it takes, never cut in
    print: more pages down rather than smaller print."""
    for col, width in narrowed(ws, True, NARROWEST, SMALLEST).items():  # (printed lying)
        ws.set_width(col, width)
    headings: dict[int, object] = dict(enumerate(_headings(), start=1))
    for row, values in [(1, headings), *texts]:
        lines = 1
        for col, value in values.items():
            if not isinstance(value, str) or col not in ws.width:
                continue
            look = _LOOKS.get(col, ())
            # (LibreOffice fits a few more characters than the column counts, Excel about as
            # many, less an indent)
            room = ws.width[col] - (1 if look else 0)
            if len(value) > room:
                if row > 1:  # (the headings wrap already)
                    put(ws, row, col, value, font=look + WRAPPED)
                lines = max(lines, len(textwrap.wrap(value, room)))
        if lines > 1:  # (a reader does not make a row taller itself; 409 pt is the most a row is)
            ws.ws.set_row(row - 1, min(LINE * lines, 409))


def _corrections(game: Game) -> dict[int, list[Version]]:
    """The lines of the journal no longer in force, by deal: what a fix replaced, and voided
    deals (each version of a deal in the order written)."""
    entries = game.entries
    if not isinstance(entries, Entries) or entries.index is None:
        return {}  # a vector, or a journal with no void or fix line
    written: dict[int, list[Line]] = {}
    voided: dict[int, Line] = {}
    for line in entries.lines(None):
        if line.kind == "void":
            voided[line.number] = line
        elif line.kind == "restore":  # brought back as it stood: in force again
            voided.pop(line.number, None)
        else:
            written.setdefault(line.number, []).append(line)
    out: dict[int, list[Version]] = {}
    for number, versions in written.items():
        end = voided.get(number)
        replaced = versions if end is not None else versions[:-1]
        for k, line in enumerate(replaced):
            later = versions[k + 1] if k + 1 < len(versions) else None
            if later is not None:
                version = Version(line.source.line, line.text.strip(), pgettext("deal mark", "replaced"),
                                  _("replaced by line {line}").format(line=later.source.line))
            else:
                assert end is not None
                version = Version(line.source.line, line.text.strip(), pgettext("deal mark", "voided"),
                                  _("voided on line {line}").format(line=end.source.line))
            out.setdefault(number, []).append(version)
    return out
