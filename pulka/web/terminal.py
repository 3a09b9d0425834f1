"""What `pulka serve` prints: the two links, each with a QR code a phone's camera reads (drawn
in the terminal's half blocks, or in ``#`` where the console cannot show them), or with
``--json`` one line of JSON."""

from __future__ import annotations

import io
import json
import sys

import click

from ..i18n import _


def qr_text(url: str, encoding: str) -> str:
    """The link as a QR code in text: two rows of modules a line (half blocks), or one row a
    line in ``##`` where the console lacks the blocks."""
    import segno

    code = segno.make(url, error="l")
    try:
        "█▀▄".encode(encoding)
    except (UnicodeError, LookupError):
        return "\n".join("".join("  " if dark else "##" for dark in row)
                         for row in code.matrix_iter(border=2)) + "\n"
    rows = [[bool(dark) for dark in row] for row in code.matrix_iter(border=2)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        # dark modules as spaces on a light ground: a camera reads the code on a dark terminal
        lines.append("".join({(True, True): " ", (True, False): "▄", (False, True): "▀",
                              (False, False): "█"}[(a, b)] for a, b in zip(top, bottom, strict=True)))
    return "\n".join(lines) + "\n"


def tell(scorer: str, table: str, *, as_json: bool, lan: bool, title: str, file: str) -> None:
    """The links, once the server listens."""
    if as_json:
        click.echo(json.dumps({"scorer": scorer, "table": table}, ensure_ascii=False))
        return
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    out = io.StringIO()
    out.write(_("pulka serve: {file} ({title})").format(file=file, title=title) + "\n\n")
    out.write(_("The scorer's link: it records deals; keep it to yourself") + "\n")
    out.write(f"  {scorer}\n")
    out.write(qr_text(scorer, encoding) + "\n")
    out.write(_("The table's link: it only shows the game; for every phone at the table") + "\n")
    out.write(f"  {table}\n")
    out.write(qr_text(table, encoding) + "\n")
    if not lan:
        out.write(_("Listening on this computer only; `pulka serve --lan` lets the phones on "
                    "the local network in.") + "\n")
    out.write(_("Ctrl-C stops the server.") + "\n")
    click.echo(out.getvalue(), nl=False)
