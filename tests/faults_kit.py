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


# -- faults injected into one process ---------------------------------------------------------

def on_file(path: Path, fault):
    """A stand-in for an os function taking an fd first that calls ``fault(real, fd, *args)``
    on the file ``path`` names now (its inode), and the real function on any other."""
    inode = path.stat().st_ino

    def wrapped(real):
        def call(fd, *args):
            try:
                here = os.fstat(fd).st_ino
            except OSError:
                here = None
            if here == inode:
                return fault(real, fd, *args)
            return real(fd, *args)
        return call
    return wrapped


def eio(*_args: object, **_kwargs: object) -> None:
    raise OSError(errno.EIO, os.strerror(errno.EIO))


# -- faults injected with strace (into a real process, at one system call) ------------------------

def have_strace() -> bool:
    """strace is installed and may trace here (a container may forbid ptrace)."""
    if shutil.which("strace") is None:
        return False
    done = subprocess.run(["strace", "-o", os.devnull, "true"], capture_output=True)
    return done.returncode == 0


def needs_strace() -> None:
    if not have_strace():
        pytest.skip("needs strace (apt-get install strace) and the right to trace")


def strace_log(command: list[str], calls: str, log: Path, **run: object) -> list[str]:
    """Run ``command`` under strace, tracing ``calls`` (a strace -e trace= list); the calls
    made, one a line, in their order."""
    subprocess.run(["strace", "-f", "-o", str(log), "-e", f"trace={calls}", *command],
                   capture_output=True, timeout=300, **run)  # type: ignore[call-overload]
    return [line for line in log.read_text(errors="replace").splitlines()
            if "(" in line and "+++" not in line and "resumed>" not in line]


def nth_call(calls: list[str], syscall: str, wanted) -> int | None:
    """The 1-based number of the first call of ``syscall`` (among those of ``syscall``) for
    which ``wanted(index in calls, line)`` holds, or None."""
    count = 0
    for index, line in enumerate(calls):
        if f" {syscall}(" in line:
            count += 1
            if wanted(index, line):
                return count
    return None


def strace_inject(command: list[str], syscall: str, error: str, when: int | str, log: Path,
                  **run: object) -> subprocess.CompletedProcess:
    """Run ``command`` with ``error`` (EIO, ENOSPC, ...) injected into call ``when`` of
    ``syscall`` (a number, or strace's ``N+`` for that one and every later one); the calls
    of ``syscall`` go to ``log`` (an injected one says INJECTED)."""
    return subprocess.run(["strace", "-f", "-o", str(log), "-e", f"trace={syscall}", "-e",
                           f"inject={syscall}:error={error}:when={when}", *command],
                          capture_output=True, timeout=300, **run)  # type: ignore[call-overload]
