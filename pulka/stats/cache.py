"""The summaries of games already replayed, kept in a SQLite file.

A row is keyed by the sha256 of a journal's bytes and the pulka version (with the format
of the summary), so a journal changed by one byte, or a new pulka, is replayed afresh, and a
journal renamed or copied is not. The cache holds nothing that is not in the journals:
deleting it only costs a replay. A cache that cannot be opened, read or written (damaged,
read-only, locked too long by another run) is given up with one warning, and the run goes
on without it: it never fails a run. A row not used for :data:`KEEP_DAYS` is dropped.

The file is marked as pulka's (SQLite's ``application_id``): a marked file whose table has
another shape (an older pulka's) is rebuilt, and another program's database, or one with
tables of its own, is left untouched, with the warning.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from .. import __version__
from ..errors import os_cause
from ..files.folders import user_cache
from ..i18n import N_, _, translated

T = TypeVar("T")

FORMAT = 3  #: raise it when :mod:`.summary` or :mod:`.tallies` changes what a summary holds
KEY = f"{__version__}/{FORMAT}"
KEEP_DAYS = 180
FILE_NAME = "stats.sqlite3"
SCHEMA = ("CREATE TABLE IF NOT EXISTS games (digest TEXT NOT NULL, version TEXT NOT NULL, "
          "summary TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (digest, version))")
COLUMNS = ["digest", "version", "summary", "used"]  #: the games table's, in order
APPLICATION_ID = 0x70756C6B  #: "pulk": the mark of pulka's cache file


class NotOurs(Exception):
    """The cache file is another program's database: pulka writes nothing to it."""


def default_path(environ: dict[str, str] | os._Environ[str] = os.environ) -> Path:
    """``stats.sqlite3`` in the user's cache folder (:mod:`pulka.files.folders`: on Linux
    ``$XDG_CACHE_HOME/pulka/`` or ``~/.cache/pulka/``)."""
    return Path(user_cache(environ)) / FILE_NAME


def _today() -> int:
    return int(time.time() // 86400)


class Cache:
    """The summaries kept for this version of pulka; :attr:`warning` says why the cache was
    given up (None while it works)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.warning: str | None = None
        self._db: sqlite3.Connection | None = None
        if path is not None:
            self._guard(self._open, path)

    def _open(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=2, isolation_level=None)
        try:
            if not _ready(db):
                _prepare(db)
        except BaseException:
            db.close()
            raise
        self._db = db

    def _guard(self, work: Callable[..., T], *args: object) -> T | None:
        """Run one access; on any failure, give the cache up with one warning."""
        try:
            return work(*args)
        except (sqlite3.Error, OSError, ValueError, NotOurs) as exc:
            self._give_up(exc)
            return None

    def _give_up(self, exc: Exception) -> None:
        if self.warning is None:
            cause = (os_cause(exc) if isinstance(exc, OSError) else sqlite_cause(exc)
                     if isinstance(exc, sqlite3.Error) else str(exc))
            self.warning = _("warning: the cache {path} cannot be used ({cause}); the "
                             "statistics come from the journals alone").format(
                                 path=self.path, cause=cause)
        db, self._db = self._db, None
        if db is not None:
            try:
                db.close()
            except sqlite3.Error:
                pass

    @property
    def working(self) -> bool:
        """Whether summaries can still be kept (a cache given up, or none, keeps nothing)."""
        return self._db is not None

    def load(self) -> dict[str, tuple[str, int]]:
        """Every summary kept for this version, by digest: its JSON text (read with
        :func:`summary`, only for the journals found) and the day it was last used."""
        if self._db is None:
            return {}
        db = self._db
        rows = self._guard(lambda: db.execute(
            "SELECT digest, summary, used FROM games WHERE version = ?", (KEY,)).fetchall())
        return {digest: (text, used) for digest, text, used in rows or ()}

    @staticmethod
    def summary(text: object) -> dict | None:
        """A kept summary, or None when its row is damaged or not pulka's (then it is
        replayed)."""
        from .sealed import opened

        return opened(text)

    def store(self, new: Iterable[tuple[str, str]], used: Iterable[str]) -> None:
        """Keep the summaries just made (digest, the summary as JSON text), mark the ones read
        as used today (once a day), drop the stale; nothing is written when there is
        nothing new."""
        if self._db is None:
            return
        today = _today()
        rows = [(digest, KEY, text, today) for digest, text in new]
        marks = [(today, digest, KEY) for digest in used]
        if not rows and not marks:
            return

        def write() -> None:
            db = self._db
            assert db is not None
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?)", rows)
                db.executemany("UPDATE games SET used = ? WHERE digest = ? AND version = ?",
                               marks)
                db.execute("DELETE FROM games WHERE used < ?", (today - KEEP_DAYS,))
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

        self._guard(write)

    @staticmethod
    def today() -> int:
        return _today()

    def close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            self._guard(db.close)


def _columns(db: sqlite3.Connection) -> list[str]:
    return [row[1] for row in db.execute("PRAGMA table_info(games)")]


def _ready(db: sqlite3.Connection) -> bool:
    """Whether the file is pulka's cache as this pulka keeps it (the usual case: two reads)."""
    return (db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
            and _columns(db) == COLUMNS)


def _prepare(db: sqlite3.Connection) -> None:
    """Make the file pulka's cache: a new (empty) file, or an unmarked one holding only this
    table (an earlier pulka's), is marked; a marked one with another table is rebuilt.

    Raises:
        NotOurs: another program's database, or one with tables of its own.
    """
    db.execute("BEGIN IMMEDIATE")  # (another run may be preparing the same file)
    try:
        owner = db.execute("PRAGMA application_id").fetchone()[0]
        tables = {name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        shaped = _columns(db) == COLUMNS
        if owner != APPLICATION_ID:
            if owner != 0 or tables - {"games"} or (tables and not shaped):
                raise NotOurs(_("it is another program's database; pulka writes nothing "
                                "to it"))
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        elif tables and not shaped:
            db.execute("DROP TABLE IF EXISTS games")
        db.execute(SCHEMA)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


#: SQLite's primary result codes that a cache meets, with its English words for them (what
#: Python before 3.11 gives without the code)
_SQLITE = {5: "database is locked", 6: "database table is locked",
           8: "attempt to write a readonly database", 10: "disk I/O error",
           11: "database disk image is malformed", 13: "database or disk is full",
           14: "unable to open database file", 26: "file is not a database"}
_CODES = {words: code for code, words in _SQLITE.items()}
#: what the warning says of each (translated when said)
_REASONS = {5: N_("another run of pulka is using it"), 6: N_("another run of pulka is using it"),
            8: N_("it is read-only"), 10: N_("the disk could not be read or written"),
            11: N_("it is damaged"), 13: N_("the disk is full"), 14: N_("it cannot be opened"),
            26: N_("it is not a database")}


def sqlite_cause(exc: sqlite3.Error) -> str:
    """Why SQLite failed, in the players' language; a failure it rarely gives is named by
    SQLite's own code name (``SQLITE_SCHEMA``), or its words."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else _CODES.get(str(exc))
    reason = _REASONS.get(primary)  # type: ignore[arg-type]
    if reason is not None:
        return translated(reason)
    return getattr(exc, "sqlite_errorname", None) or str(exc)
