"""The journal's write lock: one writer at a time, and a clear word about who holds it.

An advisory ``flock`` on the journal itself; a second writer waits a little (``LOCK_WAIT``
seconds, or ``$PULKA_LOCK_WAIT``), then gives up and names the process that holds the lock
(read from ``/proc/locks`` where the system has it).
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from .errors import JournalError, Source

LOCK_WAIT = 5.0


class Locked:
    """Holds the journal's write lock while a line is checked and appended."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd = -1

    def __enter__(self) -> Locked:
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
        except OSError as exc:
            raise JournalError(f"cannot open the journal: {exc.strerror}",
                               Source(str(self.path))) from None
        wait = float(os.environ.get("PULKA_LOCK_WAIT", LOCK_WAIT))
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return self
            except BlockingIOError:
                if time.monotonic() > deadline:
                    holder = lock_holder(self.fd)
                    os.close(self.fd)
                    raise JournalError(f"another pulka is writing to this journal ({holder}); "
                                       f"waited {wait:g} s", Source(str(self.path)),
                                       hint="try again when it has finished") from None
                time.sleep(0.01)

    def read(self) -> bytes:
        os.lseek(self.fd, 0, os.SEEK_SET)
        chunks = []
        while chunk := os.read(self.fd, 1 << 16):
            chunks.append(chunk)
        return b"".join(chunks)

    def append(self, line: str) -> None:
        """One write of one whole line, then fsync."""
        data = (line.rstrip("\n") + "\n").encode("utf-8")
        written = os.write(self.fd, data)
        if written != len(data):
            raise JournalError("the journal could not be written in full (disk full?)",
                               Source(str(self.path)))
        os.fsync(self.fd)

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def lock_holder(fd: int) -> str:
    """Who holds the flock on this open file: "pid 123: pulka add ...", as far as known."""
    info = os.fstat(fd)
    wanted = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as handle:
            for line in handle:
                fields = line.split()
                if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == wanted:
                    return _describe(int(fields[4]))
    except OSError:
        pass
    return "holder unknown"


def _describe(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            words = [w.decode(errors="replace") for w in handle.read().split(b"\0") if w]
    except OSError:
        return f"pid {pid}"
    if (words and words[0].endswith(("python", "python3"))) or (
            words and "python" in os.path.basename(words[0])):
        words = words[1:]
    command = " ".join(os.path.basename(w) if i == 0 else w for i, w in enumerate(words))
    command = " ".join(command.split())  # one line, whatever the arguments hold
    return f"pid {pid}: {command[:80]}" if command else f"pid {pid}"
