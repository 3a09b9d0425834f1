"""What the fault tests share: a small tmpfs to fill, and a journal replaced as an editor or
a sync tool replaces a file (a new file renamed over it)."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from pathlib import Path

import pytest


def replace_by_rename(path: Path, data: bytes) -> None:
    """What an editor or a sync tool does: a new file beside it, renamed over it."""
    tmp = path.with_name(path.name + ".saving")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def mount_tmpfs(folder: Path, size: str) -> Path:
    """A small tmpfs at ``folder`` (root and a kernel that allows it, else the test skips)."""
    folder.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True)
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace')}")
    return folder


def unmount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the file system at ``folder`` to the last byte."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for _ in range(1 << 20):  # bounded: far more pages than any small tmpfs has
            try:
                if os.write(fd, b"\0" * 4096) == 0:
                    break
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                break
    finally:
        os.close(fd)
    return filler
