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

from ..files.kinds import HEAD, says_pulka

SUFFIX = ".pulka"


def journals(given: Iterable[Path]) -> list[str]:
    """Every journal the arguments name, once each (the same file under two spellings or
    through a link is one game), in a stable order."""
    found: dict[object, str] = {}
    for path in given:
        names = sorted(_under(str(path))) if path.is_dir() else [str(path)]
        for name in names:
            found.setdefault(_identity(name), name)
    return list(found.values())


def _identity(name: str) -> object:
    try:
        st = os.stat(name)
    except OSError:
        return name  # missing or unreadable: named as given, and said so when read
    return st.st_dev, st.st_ino


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
