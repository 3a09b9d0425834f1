"""The index of the built-in conventions: one line per file, ``stem<TAB>name<TAB>alias...``.

A lookup by name reads this one small file instead of every convention. It is generated
(``python -m pulka.convention.make_index``) and a test fails when a file's name or aliases change
without it; a file it does not list (one added since, such as a new family's) is read itself.
"""

from __future__ import annotations

import os

INDEX = "index.tsv"


def read_index(folder: str) -> list[tuple[str, str, list[str]]] | None:
    """(name, path, aliases) of the folder's conventions in file order, or None when the
    folder has no index (a user's folder) or it cannot be read."""
    try:
        with open(os.path.join(folder, INDEX), encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeError):
        return None
    found = []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) < 2:
            return None  # not an index this version wrote: the files are read instead
        stem, name, *aliases = fields
        found.append((name, os.path.join(folder, f"{stem}.yaml"), aliases))
    return found
