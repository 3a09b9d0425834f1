"""Which files of the archive are journals.

A file named on the command line is read as a journal, whatever its name. Under a folder
(searched through its subfolders, without following links to folders) a file is a journal
when it ends in ``.pulka`` or its first line that counts says ``pulka``; every other file
(the expected settlements, workbooks, PDFs, notes) is left alone without a word.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..filekind import HEAD, says_pulka

SUFFIX = ".pulka"


def journals(given: Iterable[Path]) -> list[str]:
    """Every journal the arguments name, once each, in a stable order."""
    found: dict[str, None] = {}
    for path in given:
        if path.is_dir():
            for name in sorted(_under(str(path))):
                found.setdefault(name)
        else:
            found.setdefault(str(path))
    return list(found)


def _under(folder: str) -> Iterator[str]:
    for root, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]  # .git, a cache folder
        for name in names:
            path = os.path.join(root, name)
            if name.endswith(SUFFIX) or _looks_like_journal(path):
                yield path


def _looks_like_journal(path: str) -> bool:
    """Does a file that is not named ``.pulka`` begin as a journal does? (A regular file
    only: a FIFO in the archive is never opened.)"""
    try:
        if not os.path.isfile(path):
            return False
        with open(path, "rb") as handle:
            return says_pulka(handle.read(HEAD))
    except (OSError, IndexError):
        return False
