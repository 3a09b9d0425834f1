"""The built-in conventions resolved ahead of time, so that `show` reads no YAML.

``resolved.tsv`` beside the built-in files holds one line per file::

    stem<TAB>sha256 of the file<TAB>what it extends (or nothing)<TAB>key=text<TAB>key=text...

the keys being the rule lines a journal stores for that convention (``extends`` followed,
defaults filled in). `show` compares a game's rules with its convention as it is now; for a
built-in file that is a read of the file to hash it, not a parse. A file whose bytes are not the
ones resolved, or that extends a convention now found elsewhere (a user's file of that name), is
read in full instead. The file is generated with the index
(``python -m pulka.convention.make_index``), and a test fails when it is out of date.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..errors import ConventionError, Source
from ..files.inputs import read_text
from ..files.sha256 import hex_sha256
from . import Convention
from .finding import MAX_BYTES, MAX_EXTENDS, builtin_dir, find, stem
from .stored import from_rule_lines

if TYPE_CHECKING:
    from ..files.inputs import FilePath

RESOLVED = "resolved.tsv"

#: stem -> (sha256 of the file, what it extends, its rule lines as (key, text))
Resolved = dict[str, tuple[str, str, list[tuple[str, str]]]]


def resolved_line(stem: str, text: str, extends: str, convention: Convention) -> str | None:
    """The line of ``resolved.tsv`` for one file (None when a value would not fit in a line)."""
    fields = [stem, hex_sha256(text.encode("utf-8")), extends]
    fields += [f"{key}={value}" for key, value in convention.rule_lines()]
    if any(ch in field for field in fields for ch in "\t\r\n"):
        return None
    return "\t".join(fields)


def prebuilt(path: FilePath) -> Convention | None:
    """The built-in convention at ``path``, rebuilt from its resolved rule lines, or None when
    it has to be read from its file (not a built-in, changed since, or extending another
    file now)."""
    path, folder = os.fspath(path), builtin_dir()
    if os.path.dirname(path) != folder:
        return None
    table = _read(folder)
    if table is None or not _unchanged(path, folder, table, 0):
        return None
    where = Source(os.path.join(folder, RESOLVED))
    try:
        return from_rule_lines({k: (v, where) for k, v in table[stem(path)][2]}, where)
    except ConventionError:
        return None


def _unchanged(path: str, folder: str, table: Resolved, depth: int) -> bool:
    """Is this file, and each one it extends, the one that was resolved?"""
    name = stem(path)
    entry = table.get(name)
    if entry is None or path != os.path.join(folder, f"{name}.yaml") or depth > MAX_EXTENDS:
        return False
    digest, extends, _ = entry
    try:
        if hex_sha256(read_text(path, "convention", MAX_BYTES, ConventionError).encode()) != digest:
            return False
        return not extends or _unchanged(find(extends, os.path.dirname(path)), folder, table,
                                         depth + 1)
    except ConventionError:
        return False


def _read(folder: str) -> Resolved | None:
    try:
        with open(os.path.join(folder, RESOLVED), encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeError):
        return None
    table: Resolved = {}
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) < 3:
            return None  # not a file this version wrote: the conventions are read instead
        pairs = [rule.partition("=") for rule in fields[3:]]
        table[fields[0]] = (fields[1], fields[2], [(key, value) for key, _, value in pairs])
    return table
