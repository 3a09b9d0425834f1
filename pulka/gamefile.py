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


def is_vector(path: FilePath) -> bool:
    """Is the file a scoring vector (YAML)? Any other is read as a journal."""
    return os.path.splitext(path)[1].lower() in (".yaml", ".yml")
