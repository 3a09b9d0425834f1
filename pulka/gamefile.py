"""Open any game file: a journal (``.pulka`` or any other name) or a scoring vector (YAML)."""

from __future__ import annotations

from pathlib import Path

from . import journal
from .model import Game


def open_game(path: Path) -> tuple[Game, dict | None]:
    """The game in a file, and the vector's ``expect`` (None for a journal).

    Raises:
        PulkaError: the file cannot be read, or is malformed.
    """
    if path.suffix.lower() in (".yaml", ".yml"):
        from .vector import load_vector  # YAML is only read for vectors

        return load_vector(path)
    return journal.read(path).game(), None
