"""Replacing a file all at once: a temporary file beside it, fsync, rename, fsync the folder.

A reader (or a crash) sees either the old file or the new one, never half of each.
"""

from __future__ import annotations

import os
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
