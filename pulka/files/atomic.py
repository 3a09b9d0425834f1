"""Replacing a file all at once: a temporary file beside it, fsync, rename, fsync the folder.

A reader (or a crash) sees either the old file or the new one, never half of each.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from collections.abc import Callable
from pathlib import Path


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` atomically (replacing any file there).

    Args:
        mode: permission bits; an ordinary new file's (0666 less the umask) by default.
    """
    folder = _folder(path)
    clean_stale_in(folder)  # what killed runs left in this folder
    fd, tmp = _start(folder, path.name)
    folder_fd = -1
    try:
        _fill(fd, data, mode if mode is not None else 0o666 & ~umask())
        # a folder that cannot be opened or synced is found before the old file is replaced
        folder_fd = os.open(folder, os.O_RDONLY)
        os.fsync(folder_fd)
        os.replace(tmp, path)
        os.fsync(folder_fd)
    finally:
        _finish(fd, tmp)  # (its name is gone already when the rename was made)
        if folder_fd >= 0:
            try:
                os.close(folder_fd)
            except OSError:
                pass


def probe_folder(folder: Path) -> None:
    """Make sure a new file can be made in ``folder``, leaving nothing there: an unnamed file
    (O_TMPFILE) where the file system has them, else a named one, removed at once.

    Raises:
        OSError: no new file can be made there (missing, not a folder, read-only, full).
    """
    unnamed = getattr(os, "O_TMPFILE", 0)
    if unnamed:
        try:
            fd = os.open(folder, unnamed | os.O_WRONLY | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise
        else:
            try:
                os.close(fd)
            except OSError:
                pass
            return
    fd, tmp = _start(folder, "probe")
    _finish(fd, tmp)  # a name left behind is the next run's to remove (it holds no lock)


# --- new files, and whole replacements that keep the owner ------------------------------------
#
# The temporary file is named ``.pulka-<target name>.<random>.tmp`` and holds a flock while it
# is in use. A run killed half-way may leave one; the next run for the same target removes those
# that nobody holds.


class Unsynced(OSError):
    """The new file is in place, but its folder could not be saved to disk (``cause``: the
    error of that fsync), so a crash may still lose it: told, but the file is there."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror)
        self.cause = cause


def create_new(path: Path, data: bytes, mode: int) -> None:
    """Write a new file at ``path`` with ``data``; never replaces anything there.

    Raises:
        FileExistsError: something (a file, folder or link) is already at ``path``.
        Unsynced: the file was made, but its folder could not be synced, and the file could
            not be taken away again.
        OSError: the file cannot be written; nothing is left on disk.
    """
    folder = _folder(path)
    fd, tmp = _start(folder, path.name)
    try:
        _fill(fd, data, mode)
        os.link(tmp, path)  # fails if anything is there: never a replacement
        try:
            fsync_dir(folder)
        except OSError as exc:
            try:
                if _same(path, fd):
                    os.unlink(path)
            except OSError:
                raise Unsynced(exc) from None  # it is there: said so, not "cannot create"
            raise
    finally:
        _finish(fd, tmp)
    clean_stale(path)


def replace_keeping(path: Path, data: bytes) -> None:
    """Replace the file ``path`` names (through a symlink: its target) with ``data``, keeping
    its mode and owner; a reader or a crash sees the old file or the new one.

    Raises:
        PermissionError: the file's owner cannot be kept (the file is left as it was).
        Unsynced: the file was replaced, but its folder could not be synced.
        OSError: the file cannot be written; it is left as it was.
    """
    target = Path(os.path.realpath(path))
    info = os.stat(target)
    folder = _folder(target)
    fd, tmp = _start(folder, target.name)
    try:
        now = os.fstat(fd)
        if (now.st_uid, now.st_gid) != (info.st_uid, info.st_gid):
            os.fchown(fd, info.st_uid, info.st_gid)  # before the mode: chown clears set-id bits
        _fill(fd, data, stat.S_IMODE(info.st_mode))
        os.replace(tmp, target)
        try:
            fsync_dir(folder)
        except OSError as exc:
            raise Unsynced(exc) from None  # replaced all the same: said so, not "cannot"
    finally:
        _finish(fd, tmp)
    clean_stale(target)


def clean_stale(path: Path) -> list[str]:
    """Remove the temporary files of ``path`` that killed runs left (those nobody holds).

    Best effort: a file that cannot be examined is left alone. Returns the names removed.
    """
    prefix = _prefix(path.name)
    return _clean(_folder(path), lambda n, *_info: n.startswith(prefix) and n.endswith(".tmp"))


#: how old a temporary file of an older pulka must be to be taken for left behind: those
#: (``.pulka-`` and eight random characters) held no lock, so their age has to tell
OLD_STYLE_AGE = 3600


def clean_stale_in(folder: Path) -> list[str]:
    """Remove every temporary file of pulka's in ``folder`` that killed runs left: those
    nobody holds, and those of older versions (unnamed, with no lock) over an hour old.
    Best effort, as :func:`clean_stale`."""
    import re
    import time

    old_style = re.compile(r"\.pulka-[a-z0-9_]{8}")
    now = time.time()

    def stale(name: str, info: os.stat_result | None = None) -> bool:
        if name.startswith(".pulka-") and name.endswith(".tmp"):
            return True
        return bool(old_style.fullmatch(name)) and (
            info is None or now - info.st_mtime > OLD_STYLE_AGE)

    return _clean(folder, stale)


def _clean(folder: Path, stale: Callable[..., bool]) -> list[str]:
    removed: list[str] = []
    try:
        names = [n for n in os.listdir(folder) if stale(n)]
    except OSError:
        return removed
    for name in names:
        where = os.path.join(folder, name)
        try:
            fd = os.open(where, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # refused: a live run holds it
            info = os.fstat(fd)
            if stat.S_ISREG(info.st_mode) and stale(name, info) and _same(where, fd):
                os.unlink(where)
                removed.append(name)
        except OSError:
            pass
        finally:
            try:
                os.close(fd)
            except OSError:
                pass
    return removed


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _prefix(name: str) -> str:
    return f".pulka-{name[:160]}."  # short enough to leave room for the random part


def _start(folder: Path, name: str) -> tuple[int, str]:
    """A new temporary file for ``name`` in ``folder``, open and flocked: (fd, its path)."""
    tmp = os.path.join(folder, f"{_prefix(name)}{os.urandom(6).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        if not _same(tmp, fd):  # another run took it for stale before we held it
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), tmp)
    except BaseException:
        _finish(fd, tmp)
        raise
    return fd, tmp


def _fill(fd: int, data: bytes, mode: int) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fchmod(fd, mode)
    os.fsync(fd)


def _finish(fd: int, tmp: str) -> None:
    """Close the temporary file; remove its name if it still names it (not yet renamed).
    Best effort: what the caller did is done (or failed) already, and a name left behind is
    removed by the next run's :func:`clean_stale`."""
    try:
        if _same(tmp, fd):
            os.unlink(tmp)
    except OSError:
        pass
    finally:
        try:
            os.close(fd)
        except OSError:
            pass


def _same(name: str | Path, fd: int) -> bool:
    """Does ``name`` (a link not followed) still name the file open as ``fd``?"""
    try:
        here, there = os.stat(name, follow_symlinks=False), os.fstat(fd)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)
