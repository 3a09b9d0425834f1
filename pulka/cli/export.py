"""Commands that write reports: export (XLSX workbook, filled PDF) and blank (empty sheets).

openpyxl and reportlab are imported here only when a report is written, so the commands
used at the table start fast.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..atomic import write_atomic
from ..files import open_game
from ..report import build
from . import cli

OUT = click.Path(dir_okay=False, path_type=Path)


@cli.command()
@click.argument("file", type=OUT)
@click.option("--xlsx", type=OUT, help="Write the settlement workbook here.")
@click.option("--pdf", type=OUT, help="Write the filled pulka sheet here.")
@click.option("--font", type=click.Path(exists=True, dir_okay=False),
              help="A TTF font with Cyrillic for the PDF (DejaVu Sans is bundled).")
def export(file: Path, xlsx: Path | None, pdf: Path | None, font: str | None) -> None:
    """Export a game: the workbook (--xlsx OUT) and/or the filled sheet (--pdf OUT)."""
    if xlsx is None and pdf is None:
        raise click.UsageError("say where to write: --xlsx OUT.xlsx and/or --pdf OUT.pdf")
    game, _ = open_game(file)
    report, state, settlement, steps = build(game)
    outputs: list[tuple[Path, bytes]] = []
    if xlsx is not None:
        from ..render.xlsx import render_xlsx

        outputs.append((xlsx, render_xlsx(game, steps, report, state, settlement)))
    if pdf is not None:
        from ..render.pdf import render_filled

        outputs.append((pdf, render_filled(game, steps, report, state, settlement, font=font)))
    for path, data in outputs:  # nothing is written unless every report could be made
        write_atomic(path, data)
        click.echo(f"wrote {path}")


@cli.command()
@click.argument("out", type=OUT)
@click.option("--players", "count", type=click.IntRange(2, 4), default=3, show_default=True,
              help="How many players the sheet is for.")
@click.option("--names", multiple=True, metavar="NAME",
              help="Players' names, clockwise from the first dealer (repeat the option).")
@click.option("--convention", "-c", help="Write the convention's name and target on the sheet; "
              "a Balkan convention gives the Balkan sheet.")
@click.option("--pulya", help="The target written in the centre.")
@click.option("--price", help="The price of a whist written in the centre.")
@click.option("--font", type=click.Path(exists=True, dir_okay=False),
              help="A TTF font with Cyrillic (DejaVu Sans is bundled).")
def blank(out: Path, count: int, names: tuple[str, ...], convention: str | None,
          pulya: str | None, price: str | None, font: str | None) -> None:
    """Print a blank pulka sheet (PDF, A4) for 2, 3 or 4 players."""
    from ..model import check_players

    if names:
        check_players(names)
        if len(names) != count:
            raise click.BadParameter(f"{len(names)} names for {count} players",
                                     param_hint="--names")
    title = None
    family = "russian"
    if convention is not None:
        from ..convention.loader import find, load_file

        conv = load_file(find(convention))
        title, family = conv.title, conv.family
        if pulya is None:
            pulya = str(conv["pulya"] if family == "russian" else conv["start"])
        if price is None and conv["price"] is not None:
            price = str(conv["price"])
    from ..render.pdf import render_blank

    data = render_blank(count, names=names or None, title=title, target=pulya, price=price,
                        family=family, font=font)
    write_atomic(out, data)
    click.echo(f"wrote {out}")
