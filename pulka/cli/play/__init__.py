"""`pulka play [GAME]`: the evening at one terminal (issue 11 §3).

With GAME, the table mode on that journal (:mod:`.table`); without, or with a GAME that is
not there yet, a short dialogue starts a new game first (:mod:`.start`). A deal is typed in
the notation or asked step by step (:mod:`.steps`); at the end, the settlement and the offer
to export (:mod:`.end`).
"""

from __future__ import annotations

from pathlib import Path

import click

from .. import cli
from .table import Table

__all__ = ["Table", "play"]


@cli.command()
@click.argument("file", required=False, type=click.Path(path_type=Path))  # a folder: pulka's own message
def play(file: Path | None) -> None:
    """Play the game in FILE at the table: one deal per line, the sheet between deals.
    Without FILE, or with a FILE that is not there yet, a few questions start a new game
    first."""
    from ...gamefile import open_game, refuse_too_large

    if file is None or _new(file):
        from .start import start

        file = start(path=file)
        if file is None:  # Ctrl-C or Ctrl-D: nothing was made
            return
    refuse_too_large(file)  # each deal replays and draws the whole game
    open_game(file)  # a file that is not a game is refused before the first prompt
    Table(file).run()


def _new(file: Path) -> bool:
    """A file that is not there, in a folder that is: a new game may be started in it."""
    return not file.exists() and not file.is_symlink() and file.parent.is_dir()
