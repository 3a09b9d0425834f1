"""The terminal's width, within reason: a sheet drawn to ``COLUMNS=100000000`` takes time
and memory that grow with the width, and no terminal is that wide."""

from __future__ import annotations

import os
import shutil

from ..errors import PulkaError
from ..i18n import _

#: the widest terminal drawn for (a 4K screen at a small font has some 600 columns)
MAX_COLUMNS = 1000


def terminal_columns() -> int:
    """The width to draw at: ``COLUMNS``, else the terminal's, else 80.

    Raises:
        PulkaError: a width beyond MAX_COLUMNS (a ``COLUMNS`` set by mistake).
    """
    width = shutil.get_terminal_size((80, 24)).columns
    if width > MAX_COLUMNS:
        given = os.environ.get("COLUMNS", str(width))
        raise PulkaError(_("COLUMNS={width}: a sheet is drawn at most {limit} columns wide; "
                           "set COLUMNS to the terminal's width, or unset it").format(
                               width=given if len(given) <= 24 else given[:20] + "…",
                               limit=MAX_COLUMNS))
    return width
