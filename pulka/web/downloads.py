"""The files the page offers: the workbook and the filled PDF of the game as it stands, and a
blank sheet for its players, each made in memory as `pulka export` and `pulka blank` make
them (nothing is written on the server's disk), in the language of the page."""

from __future__ import annotations

import os
import re
from urllib.parse import quote as url_quote

from .. import journal
from ..convention.schema import PRICE
from ..settlement.figures import build

#: what each download is: its name's ending, its media type
KINDS = {
    "workbook.xlsx": ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    "sheet.pdf": ("pdf", "application/pdf"),
    "blank.pdf": ("blank.pdf", "application/pdf"),
}


def make(path: str, kind: str) -> bytes:
    """The bytes of one download (in the language in use; under the pulka lock)."""
    game = journal.read(path).game()
    if kind == "blank.pdf":
        from ..render.pdf.document import render_blank
        from ..render.registry import get_renderer

        conv = game.table.convention
        players = game.table.players
        key = get_renderer(conv.family).target_key
        return render_blank(len(players), names=tuple(players), title=conv.title,
                            target=str(conv[key]) if key else None,
                            price=None if conv[PRICE] is None else str(conv[PRICE]),
                            family=conv.family, convention=conv)
    if kind == "workbook.xlsx":
        from ..render.xlsx.book import render_xlsx
        from ..render.xlsx.history import Rows

        history = Rows(game)
        report, state, settlement, steps = build(game, each=history.add)
        return render_xlsx(game, steps, report, state, settlement, history)
    from ..cli.export import notation
    from ..render.pdf.document import render_filled

    report, state, settlement, steps = build(game)
    return render_filled(game, steps, report, state, settlement,
                         notation=notation(game.table.players, game.table.convention.family))


def disposition(path: str, kind: str) -> str:
    """The Content-Disposition of a download: the journal's name with the kind's ending (an
    ASCII stand-in, and the name itself in UTF-8)."""
    stem = os.path.splitext(os.path.basename(path))[0] or "pulka"
    ending = KINDS[kind][0]
    name = f"{stem}.{ending}"
    plain = re.sub(r"[^A-Za-z0-9._-]", "_", name)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{url_quote(name)}"
