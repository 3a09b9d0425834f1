"""Open any game file: a journal (``.pulka`` or any other name) or a scoring vector (YAML)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from . import journal
from .game import Game

if TYPE_CHECKING:
    from .files.inputs import FilePath


def open_game(path: FilePath) -> tuple[Game, dict | None]:
    """The game in a file, and the vector's ``expect`` (None for a journal).

    Raises:
        PulkaError: the file cannot be read, or is malformed.
    """
    if is_vector(path):
        from .vectors.load import load_vector  # YAML is only read for vectors

        return load_vector(path)
    return journal.read(path).game(), None


def refuse_too_large(path: FilePath, drawn: bool = False) -> None:
    """Refuse a journal too large for a command that holds every deal of it (the paper
    sheet, play; ``drawn``: the exports): see :func:`pulka.files.inputs.refuse_held`. A
    vector has its own bound; a file that cannot be looked at is told by its reading.

    Raises:
        JournalError: the journal is larger than HELD_LIMIT.
    """
    if is_vector(path):
        return
    from .errors import JournalError
    from .files.inputs import DRAWN_LIMIT, HELD_LIMIT, refuse_held

    try:
        size = os.stat(path).st_size
    except OSError:
        return
    refuse_held(size, path, JournalError, DRAWN_LIMIT if drawn else HELD_LIMIT)


def is_vector(path: FilePath) -> bool:
    """Is the file a scoring vector (YAML)? Any other is read as a journal."""
    return os.path.splitext(path)[1].lower() in (".yaml", ".yml")
