"""Snapshots: the state a journal's replay ended with, kept so that the next command on the
same journal replays nothing.

At the table every command replays the journal from its first deal: ``show`` between deals,
``add`` for each one. A snapshot is the family's state after the journal's last deal in force,
pickled into the user's cache folder (:mod:`pulka.files.folders`) under a name made from the SHA-256 of
the journal's bytes, the language the notes are written in, the Python that runs it, and this
pulka's code (the size and time of change of every file a replay runs, ``__init__.py`` and its
version among them).
The next ``show``, ``settle`` or ``check`` of the same bytes reads the state back; ``add``
starts from the snapshot of the journal as it stood and plays only the new deal.

A snapshot holds nothing the journal does not: deleting the folder costs one replay. It is
used only for the table it was made for (the players and the rules' digest are kept in it and
compared), under the name it was written with (kept in it too), and only when it is a regular
file of the user's own that nobody else may write (each is written for the user alone). A snapshot that
cannot be read, written or unpickled is passed over in silence: it only ever saves time, so it
never fails a command. ``PULKA_SNAPSHOTS=off`` turns them off.
"""

from __future__ import annotations

import os
import pickle
import stat
import sys
from typing import TYPE_CHECKING, Any

from ..files.sha256 import sha256

if TYPE_CHECKING:
    from ..families.base import State
    from ..game import Deal, Table

FORMAT = 1  #: raise it when what a snapshot holds changes
KEEP = 256  #: the most snapshots kept; past it the oldest are removed
FOLDER = "snapshots"  #: under the user's cache folder
#: the parts of the package a replay runs (a change to any of them makes new snapshots)
_REPLAY_CODE = ("", "convention", "files", "i18n", "notation", "journal", "families", "replay")
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: a snapshot's name is a file of its own: not followed through a link, and a FIFO does not
#: keep its opening waiting
_OPEN = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


class Snapshot:
    """A state read back, with what the replay that made it knew.

    Attributes:
        state: the family's state after the last deal in force.
        count: the deals in force.
        used: the last deal number the journal used (voided deals too).
        last: the last deal in force as the rules checked it, with its number, when known
            (``add`` refuses a deal that repeats it).
    """

    __slots__ = ("count", "last", "state", "used")

    def __init__(self, state: State, count: int, used: int,
                 last: tuple[int, Deal] | None = None) -> None:
        self.state, self.count, self.used, self.last = state, count, used, last


def enabled() -> bool:
    return os.environ.get("PULKA_SNAPSHOTS", "").strip().lower() != "off"


#: a snapshot larger than this is not read (a state's size does not grow with its deals, only
#: with the remarks they leave: a million deals' state is a few hundred kilobytes)
MOST_BYTES = 32 << 20


def load(content: bytes, table: Table) -> Snapshot | None:
    """The snapshot of a journal whose bytes have the SHA-256 ``content``, if one was kept for
    this table."""
    if not enabled():
        return None
    try:
        name = _name(content)
        with open(os.open(os.path.join(_folder(), name), _OPEN), "rb") as handle:
            facts = os.fstat(handle.fileno())
            if (not stat.S_ISREG(facts.st_mode) or facts.st_uid != os.getuid()
                    or facts.st_mode & 0o022 or facts.st_size > MOST_BYTES):
                # not a file, another user's, one others may write, or one far larger than a
                # state ever is: not unpickled
                return None
            kept = _Reader(handle, table).load()
    except Exception:  # any snapshot that does not read is only a replay more
        return None
    if (not isinstance(kept, dict) or kept.get("table") != _table_key(table)
            or kept.get("name") != name):  # (not another journal's, copied under this name)
        return None
    found = kept.get("snapshot")
    return found if isinstance(found, Snapshot) else None


def save(content: bytes, snapshot: Snapshot) -> None:
    """Keep ``snapshot`` for the journal whose bytes have the SHA-256 ``content``; silently
    nothing when it cannot be written."""
    if not enabled():
        return
    table = snapshot.state.table
    scratch: str | None = None
    try:
        folder = _folder()
        os.makedirs(folder, mode=0o700, exist_ok=True)
        name = _name(content)
        scratch = os.path.join(folder, f".{name}.{os.getpid()}")
        try:
            os.unlink(scratch)  # (left by a process of the same number that was stopped)
        except FileNotFoundError:
            pass
        # only the user may write it, whatever the umask (a file others may write is not read)
        with open(os.open(scratch, _CREATE, 0o600), "wb") as handle:
            _Writer(handle, table).dump({"table": _table_key(table), "name": name,
                                         "snapshot": snapshot})
        os.replace(scratch, os.path.join(folder, name))
        _prune(folder)
    except Exception:  # a snapshot not written is only a replay more
        if scratch is not None:
            try:
                os.unlink(scratch)
            except OSError:
                pass


class _Writer(pickle.Pickler):
    """Pickles a state without its table: the table is the one read from the journal's
    header when the snapshot is read back."""

    def __init__(self, handle: Any, table: Table) -> None:
        super().__init__(handle, protocol=pickle.HIGHEST_PROTOCOL)
        self.table = table

    def persistent_id(self, obj: object) -> str | None:
        return "table" if obj is self.table else None


class _Reader(pickle.Unpickler):
    def __init__(self, handle: Any, table: Table) -> None:
        super().__init__(handle)
        self.table = table

    def persistent_load(self, pid: object) -> object:
        if pid != "table":
            raise pickle.UnpicklingError(pid)
        return self.table


def _table_key(table: Table) -> tuple[tuple[str, ...], str]:
    return table.players, table.convention.digest()


def _folder() -> str:
    from ..files.folders import user_cache

    return os.path.join(user_cache(), FOLDER)


def _name(content: bytes) -> str:
    from ..i18n import language

    key = sha256(f"{FORMAT}\0{sys.version}\0{_code()}\0{language()}\0".encode())
    key.update(content)
    return key.hexdigest()[:40]


_CODE: list[str] = []


def _code() -> str:
    """A digest of the replay's code as installed: every source (or, installed without its
    sources, compiled) and catalog file's name, size and time of change (a new version
    changes ``__init__.py``; a development checkout changes its code without one)."""
    if not _CODE:
        seen: list[str] = []
        for part in _REPLAY_CODE:
            stack = [os.path.join(_PACKAGE, part)]
            while stack:
                with os.scandir(stack.pop()) as found:
                    for entry in found:
                        if entry.is_dir(follow_symlinks=False):
                            if entry.name != "__pycache__" and part:
                                stack.append(entry.path)
                        # (a .pyc here: an install without its sources; the bytecode cached
                        # beside a source, in __pycache__, is left out above)
                        elif entry.name.endswith((".py", ".pyc", ".mo")):
                            facts = entry.stat()
                            seen.append(f"{entry.path}\0{facts.st_size}\0{facts.st_mtime_ns}")
        _CODE.append(sha256("\n".join(sorted(seen)).encode()).hexdigest())
    return _CODE[0]


def _prune(folder: str) -> None:
    """Keep the :data:`KEEP` newest snapshots (looked at only when a few more have gathered)."""
    with os.scandir(folder) as found:
        kept = [entry for entry in found if entry.is_file(follow_symlinks=False)]
    if len(kept) <= KEEP + KEEP // 8:
        return
    kept.sort(key=lambda entry: entry.stat().st_mtime_ns, reverse=True)
    for entry in kept[KEEP:]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass
