"""Replacing a file all at once: a temporary file beside it, fsync, rename, fsync the folder.

A reader (or a crash) sees either the old file or the new one, never half of each.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
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
    import tempfile  # only when a file is replaced, not on every append

    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=".pulka-", dir=folder)
    folder_fd = -1
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fchmod(handle.fileno(), mode if mode is not None else 0o666 & ~umask())
            os.fsync(handle.fileno())
        # a folder that cannot be opened or synced is found before the old file is replaced
        folder_fd = os.open(folder, os.O_RDONLY)
        os.fsync(folder_fd)
        os.replace(tmp, path)
        os.fsync(folder_fd)
    except BaseException:
        try:
            os.unlink(tmp)  # gone already when the rename was made
        except OSError:
            pass
        raise
    finally:
        if folder_fd >= 0:
            os.close(folder_fd)


# --- new files, and whole replacements that keep the owner ------------------------------------
#
# The temporary file is named ``.pulka-<target name>.<random>.tmp`` and holds a flock while it
# is in use. A run killed half-way may leave one; the next run for the same target removes those
# that nobody holds.


def create_new(path: Path, data: bytes, mode: int) -> None:
    """Write a new file at ``path`` with ``data``; never replaces anything there.

    Raises:
        FileExistsError: something (a file, folder or link) is already at ``path``.
        OSError: the file cannot be written; nothing is left on disk.
    """
    folder = _folder(path)
    fd, tmp = _start(folder, path.name)
    try:
        _fill(fd, data, mode)
        os.link(tmp, path)  # fails if anything is there: never a replacement
        try:
            fsync_dir(folder)
        except OSError:
            if _same(path, fd):
                os.unlink(path)
            raise
    finally:
        _finish(fd, tmp)
    clean_stale(path)


def replace_keeping(path: Path, data: bytes) -> None:
    """Replace the file ``path`` names (through a symlink: its target) with ``data``, keeping
    its mode and owner; a reader or a crash sees the old file or the new one.

    Raises:
        PermissionError: the file's owner cannot be kept (the file is left as it was).
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
        fsync_dir(folder)
    finally:
        _finish(fd, tmp)
    clean_stale(target)


def clean_stale(path: Path) -> list[str]:
    """Remove the temporary files of ``path`` that killed runs left (those nobody holds).

    Best effort: a file that cannot be examined is left alone. Returns the names removed.
    """
    folder = _folder(path)
    prefix = _prefix(path.name)
    removed: list[str] = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
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
            if stat.S_ISREG(os.fstat(fd).st_mode) and _same(where, fd):
                os.unlink(where)
                removed.append(name)
        except OSError:
            pass
        finally:
            os.close(fd)
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
    """Close the temporary file; remove its name if it still names it (not yet renamed)."""
    try:
        if _same(tmp, fd):
            os.unlink(tmp)
    finally:
        os.close(fd)


def _same(name: str | Path, fd: int) -> bool:
    """Does ``name`` (a link not followed) still name the file open as ``fd``?"""
    try:
        here, there = os.stat(name, follow_symlinks=False), os.fstat(fd)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)
