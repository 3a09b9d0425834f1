"""The end of an evening at `pulka play`: the offer to write the workbook and the PDF sheet
beside the journal, by the code of `pulka export` (which never writes over a journal or over
a file that is not the same kind of report). At that prompt the table's commands still act:
a deal that ended the game unexpectedly is taken back with `undo` (or `fix`), and play goes
on; an answer that is neither yes, no nor a command is asked again, never taken as no."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from ...errors import PulkaError
from ...i18n import _
from ..committed import say
from .commands import NO, YES, command_of, said_in_session


def reports_of(path: Path) -> tuple[Path, Path]:
    """Where the workbook and the PDF of the journal ``path`` go: beside it, GAME.xlsx and
    GAME.pdf."""
    return path.with_suffix(".xlsx"), path.with_suffix(".pdf")


def ask_at_end(path: Path, read: Callable[..., str],
               act: Callable[[str], bool | None]) -> bool:
    """Ask whether to export, until the answer is yes, no (Enter, Ctrl-D, Ctrl-C, quit) or a
    command that changed the game; ``act`` runs a command (see :meth:`.table.Table.at_end`).
    True when the evening ends here (exported or not), False when play goes on."""
    while True:
        try:
            answer = read(_("Export the workbook and the PDF sheet? [y/N] "), ()).strip()
        except (KeyboardInterrupt, EOFError):
            click.echo()
            answer = ""
        folded = answer.casefold()
        if folded in YES:
            export(path)
            return True
        if not answer or folded in NO or command_of(answer) == "quit":
            return True
        acted = act(answer)
        if acted:
            return False
        if acted is None:
            say(_("error: answer y or n, or change the game: `{undo}`, `{redo}`, `{fix} N DEAL`")
                .format(**{c: said_in_session(c) for c in ("undo", "redo", "fix")}))


def export(path: Path) -> None:
    """Write both files as `pulka export GAME --xlsx GAME.xlsx --pdf GAME.pdf` would. A
    refusal (a file of something else there) is said, and the journal is left as it is."""
    from ..export import export as command

    xlsx, pdf = reports_of(path)
    try:
        click.get_current_context().invoke(command, file=path, xlsx=xlsx, pdf=pdf, font=None,
                                           force=False)
    except PulkaError as exc:
        say(_("error: {message}").format(message=exc))
