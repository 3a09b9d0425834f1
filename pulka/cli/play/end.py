"""The end of an evening at `pulka play`: the offer to write the workbook and the PDF sheet
beside the journal, by the code of `pulka export` (which never writes over a journal or over
a file that is not the same kind of report)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from ...errors import PulkaError
from ...i18n import _
from ..committed import say

#: answers that mean yes, in either language
YES = {"y", "yes", "д", "да"}


def reports_of(path: Path) -> tuple[Path, Path]:
    """Where the workbook and the PDF of the journal ``path`` go: beside it, GAME.xlsx and
    GAME.pdf."""
    return path.with_suffix(".xlsx"), path.with_suffix(".pdf")


def offer_export(path: Path, read: Callable[..., str]) -> None:
    """Ask whether to export; on yes, write both files as `pulka export GAME --xlsx GAME.xlsx
    --pdf GAME.pdf` would. A refusal (a file of something else there) is said, and the
    journal is left as it is."""
    try:
        answer = read(_("Export the workbook and the PDF sheet? [y/N] "), ()).strip().casefold()
    except (KeyboardInterrupt, EOFError):
        click.echo()
        answer = ""
    if answer not in YES:
        return
    from ..export import export

    xlsx, pdf = reports_of(path)
    try:
        click.get_current_context().invoke(export, file=path, xlsx=xlsx, pdf=pdf, font=None,
                                           force=False)
    except PulkaError as exc:
        say(_("error: {message}").format(message=exc))
