"""The journal's write lock: one writer at a time, and a clear word about who holds it.

An advisory ``flock`` on the journal itself; a second writer waits a little (``LOCK_WAIT``
seconds, or ``$PULKA_LOCK_WAIT``), then gives up and names the process that holds the lock
(read from ``/proc/locks`` where the system has it).

The lock is on an open file, the path is only a name: an editor or a sync tool that saves by
rename, or a delete, leaves the lock on a file that is no longer the journal. So once the lock
is taken, and again right before and after the append, the path must still name the locked
file; if it does not, the lock is taken again on the new file (a few times), or nothing is
written and the writer is told why.

The append is the commit point: one ``write`` of the whole line and ``fsync``. If either
fails, the file is cut back to its old length, so no torn or unsaved line is left behind.
After the fsync the path must still name the file, and the file must still end with the
line: another program may have saved over it at that very moment. What pulka then says is
what it found (:class:`Uncertain` when it cannot know).
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..errors import JournalError, Source, Uncertain, os_cause
from ..files.inputs import HELD_LIMIT, LINE_LIMIT, refuse_held
from ..i18n import _, ngettext
from ..numbers import shown

if TYPE_CHECKING:
    import signal

    from ..files.inputs import FilePath
else:  # signal's C core, the same functions: the signal module makes three enums when imported
    import _signal as signal

LOCK_WAIT = 5.0
#: how often the lock is taken again when the journal is replaced while pulka waits
REOPEN_TRIES = 5
#: flock's answers on a file system that has no locks (NFS without lockd, some FUSE mounts)
NO_LOCKS = {errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS}

_SECONDS = r"[0-9]+(\.[0-9]*)?|\.[0-9]+"  # compiled when first used (re keeps it)


class Replaced(JournalError):
    """The path no longer names the file that pulka has locked.

    Attributes:
        written: the line that was written (and taken back from the old file) when the file
            was replaced during the write, else None: a copy of the file made at that moment
            may hold it (see :func:`.writing.append_checked`).
    """

    written: str | None = None




#: the longest wait for the lock that PULKA_LOCK_WAIT may ask for
MAX_LOCK_WAIT = 86400


def lock_wait() -> float:
    """Seconds to wait for the lock: ``$PULKA_LOCK_WAIT`` (a plain number, 0 or more)."""
    raw = os.environ.get("PULKA_LOCK_WAIT")
    if raw is None:
        return LOCK_WAIT
    if not re.fullmatch(_SECONDS, raw.strip()):
        raise JournalError(_("must be a number of seconds, 0 or more (like 5 or {half}), not "
                             "{raw!r}").format(half=shown(0.5), raw=raw),
                           Source("PULKA_LOCK_WAIT"))
    seconds = float(raw)
    if seconds > MAX_LOCK_WAIT:  # (400 digits are an infinity, which 'inf' is refused as)
        raise JournalError(_("{raw}: more than {limit} seconds (a day), the longest pulka waits "
                             "for the lock").format(raw=raw.strip()[:20] + (
                                 "…" if len(raw.strip()) > 20 else ""), limit=MAX_LOCK_WAIT),
                           Source("PULKA_LOCK_WAIT"))
    return seconds


class Locked:
    """Holds the journal's write lock while a line is checked and appended."""

    def __init__(self, path: FilePath) -> None:
        self.path = path
        self.fd = -1

    def __enter__(self) -> Locked:
        wait = lock_wait()
        deadline = time.monotonic() + wait
        for _attempt in range(REOPEN_TRIES):
            self.fd = self._open()
            try:
                self._lock(wait, deadline)
                if self.same_file():
                    return self
                fcntl.flock(self.fd, fcntl.LOCK_UN)
            except BaseException:
                self._close()
                raise
            self._close()  # replaced while we waited: lock the file now at the path
        raise Replaced(_("the journal was replaced again and again while pulka waited for it; "
                         "nothing was written"), Source(str(self.path)),
                       hint=_("wait until the program saving it has finished, then run the "
                              "command again"))

    def _open(self) -> int:
        """The journal opened for appending, or a clear error before anything is done."""
        where = Source(str(self.path))
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CLOEXEC)
        except OSError as exc:
            raise JournalError(_("cannot open the journal for writing: {cause}").format(
                cause=os_cause(exc)), where) from None
        try:
            info = os.fstat(fd)
        except OSError as exc:
            os.close(fd)
            raise JournalError(_("cannot look at the journal: {cause}").format(
                cause=os_cause(exc)), where) from None
        if not stat.S_ISREG(info.st_mode):
            os.close(fd)
            raise JournalError(_("cannot write here: this is not an ordinary file"), where)
        if not info.st_mode & 0o222:
            os.close(fd)
            raise JournalError(_("the journal is read-only (no write permission in its mode); "
                                 "nothing was written"), where,
                               hint=_("`chmod u+w {path}` makes it writable again").format(
                                   path=self.path))
        return fd

    def _lock(self, wait: float, deadline: float) -> None:
        while True:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    holder = lock_holder(self.fd)
                    raise JournalError(_("another pulka is writing to this journal ({holder}); "
                                         "waited {seconds} s").format(holder=holder,
                                                                      seconds=shown(wait)),
                                       Source(str(self.path)),
                                       hint=_("try again when it has finished")) from None
                time.sleep(0.01)
            except OSError as exc:
                if exc.errno in NO_LOCKS:
                    raise JournalError(_("this file system cannot lock the journal ({cause}); "
                                         "nothing was written").format(cause=os_cause(exc)),
                                       Source(str(self.path)),
                                       hint=_("keep the journal on a local disk")) from None
                raise JournalError(_("cannot lock the journal: {cause}").format(
                    cause=os_cause(exc)), Source(str(self.path))) from None

    def same_file(self) -> bool:
        """The path still names the locked file (``os.stat`` follows a symlink to it); a path
        that names nothing now (deleted, or a folder on it replaced by a file) does not.

        Raises:
            JournalError: the file or the path cannot be looked at (EIO, EACCES, ...).
        """
        try:
            return self._same()
        except OSError as exc:
            raise JournalError(_("cannot look at the journal: {cause}").format(
                cause=os_cause(exc)), Source(str(self.path))) from None

    def _same(self) -> bool:
        mine = os.fstat(self.fd)
        try:
            now = os.stat(self.path)
        except (FileNotFoundError, NotADirectoryError):
            return False
        return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)

    def _fstat(self) -> os.stat_result:
        try:
            return os.fstat(self.fd)
        except OSError as exc:
            raise JournalError(_("cannot look at the journal: {cause}").format(
                cause=os_cause(exc)), Source(str(self.path))) from None

    def refuse_other(self, file_id: tuple[int, int] | None) -> None:
        """Refuse to write unless the locked file is the one the caller had (``file_id``:
        its device and inode; None: any file the path names).

        Raises:
            Replaced: the journal at the path is another file now; nothing is written.
        """
        if file_id is None:
            return
        mine = self._fstat()
        if (mine.st_dev, mine.st_ino) != tuple(file_id):
            raise Replaced(_("the journal was replaced or deleted since it was opened; nothing "
                             "was written"), Source(str(self.path)))

    def read(self, held: bool = True) -> bytes:
        """The whole journal; a line past LINE_LIMIT (a huge or sparse file without newlines)
        is refused as soon as it is read, so memory and time stay bounded; ``held``: a
        journal larger than HELD_LIMIT is refused once that much is read (repair reads any
        size)."""
        try:
            os.lseek(self.fd, 0, os.SEEK_SET)
            chunks: list[bytes] = []
            lines, open_line = 1, 0  # lines begun so far; bytes of the last one, not ended
            total = 0
            while chunk := os.read(self.fd, 1 << 16):
                chunks.append(chunk)
                total += len(chunk)
                ends = chunk.count(b"\n")
                open_line = len(chunk) - chunk.rfind(b"\n") - 1 if ends else open_line + len(chunk)
                lines += ends
                if open_line >= LINE_LIMIT:
                    raise JournalError(_("line {number} runs past {limit} bytes without an "
                                         "end; this file is not a journal pulka wrote").format(
                                             number=lines, limit=LINE_LIMIT),
                                       Source(str(self.path), lines))
                if held and total > HELD_LIMIT:  # (a line too long is named first)
                    refuse_held(max(total, self._fstat().st_size), self.path, JournalError)
        except OSError as exc:
            raise JournalError(_("cannot read the journal: {cause}").format(
                cause=os_cause(exc)), Source(str(self.path))) from None
        return b"".join(chunks)

    def append(self, line: str, committed: Callable[[str], None] | None = None,
               writing: Callable[[str, int], None] | None = None) -> None:
        """One write of one whole line, then fsync: the commit point.

        Args:
            committed: called with the line as soon as it is safely on disk, before Ctrl-C
                can interrupt anything again (so the caller knows it was recorded).
            writing: called with the line and the offset it goes to, under the lock, just
                before the write (a caller that must tell later whether the line got there
                notes both); an error it raises stops the write.

        Raises:
            Replaced: the path no longer names the locked file; nothing was written to the
                journal (``written`` says whether the line was written to the old file).
            Uncertain: the line was written, but pulka cannot tell whether the journal holds
                it now (the message says how to look).
            JournalError: the line could not be written or saved; the file is as it was.
        """
        where = Source(str(self.path))
        if not self.same_file():
            raise Replaced(_("the journal was replaced or deleted while the deal was being "
                             "checked; nothing was written"), where)
        data = line_bytes(line)
        size = self._fstat().st_size
        if writing is not None:
            writing(line, size)
        with _no_interrupt():
            try:
                written = os.write(self.fd, data)
            except OSError as exc:
                self._roll_back(size, os_cause(exc), line)
                raise JournalError(_("cannot write the journal: {cause}; nothing was recorded")
                                   .format(cause=os_cause(exc)), where) from None
            if written != len(data):
                self._roll_back(size, _("the disk is full"), line)
                raise JournalError(ngettext(
                    "cannot write the journal: only {written} of {size} byte fit (the disk is "
                    "full?); the part written was removed, nothing was recorded",
                    "cannot write the journal: only {written} of {size} bytes fit (the disk is "
                    "full?); the part written was removed, nothing was recorded",
                    len(data)).format(written=written, size=len(data)), where)
            try:
                os.fsync(self.fd)
            except OSError as exc:
                self._roll_back(size, os_cause(exc), line, whole=True, saved=False)
                raise JournalError(_("the line was written but could not be saved to disk "
                                     "(fsync: {cause}); it was taken back, so nothing was "
                                     "recorded").format(cause=os_cause(exc)), where) from None
            self._check_written(size, data, line)
            if committed is not None:
                committed(line)

    def _check_written(self, size: int, data: bytes, line: str) -> None:
        """After the fsync: the path still names the file, and the file still ends with the
        line (``data``, written at offset ``size``). A journal replaced meanwhile is cut back
        (the line goes into the file now at the path); one that cannot be looked at is cut
        back too; one rewritten in place by another program is left as that program made it,
        and the player is told."""
        where = Source(str(self.path))
        try:
            same = self._same()
        except OSError as exc:
            self._roll_back(size, os_cause(exc), line, whole=True)
            raise JournalError(_("the line was written, but then the journal could not be "
                                 "looked at ({cause}); it was taken back, so nothing was "
                                 "recorded").format(cause=os_cause(exc)), where) from None
        if not same:
            self._roll_back(size, _("the journal was replaced"), line, whole=True)
            replaced = Replaced(_("the journal was replaced or deleted while the deal was being "
                                  "written; it was taken back from the old file, nothing was "
                                  "recorded"), where, hint=_("run the command again"))
            replaced.written = line
            raise replaced
        try:
            ends = os.pread(self.fd, len(data) + 1, size) == data  # and nothing after it
        except OSError as exc:
            raise Uncertain(_("the line {line!r} was written and saved, but the journal could "
                              "not be read back ({cause}): pulka cannot tell whether it holds "
                              "the line").format(line=line, cause=os_cause(exc)), where,
                            hint=_look(self.path)) from None
        if not ends:
            raise Uncertain(_("the line {line!r} was written and saved, but another program "
                              "changed the journal at the same moment: it no longer ends with "
                              "that line, and pulka left it as the other program made it")
                            .format(line=line), where, hint=_look(self.path))

    def _roll_back(self, size: int, cause: str, line: str, whole: bool = False,
                   saved: bool = True) -> None:
        """Cut the file back to ``size`` bytes (and save that), after a failed append
        (``whole``: the whole ``line`` was written; ``saved``: and its fsync was done)."""
        where = Source(str(self.path))
        try:
            os.ftruncate(self.fd, size)
        except OSError as exc:
            if whole:
                raise Uncertain(_("the line {line!r} was written, but {cause}, and it could not "
                                  "be taken back ({error}): it is in the file, but may not "
                                  "be saved or may not be the journal now").format(
                                      line=line, cause=cause, error=os_cause(exc)),
                                where, hint=_look(self.path)) from None
            raise JournalError(_("cannot write the journal ({cause}), and the part written "
                                 "could not be removed ({error}); the last line may be cut "
                                 "off or unsaved").format(cause=cause, error=os_cause(exc)),
                               where,
                               hint=_("`pulka check {path}` tells; `pulka repair {path}` "
                                      "removes a cut-off line").format(path=self.path)) from None
        try:
            os.fsync(self.fd)
        except OSError as exc:
            if whole and saved:
                raise Uncertain(_("the line {line!r} was written, but {cause}; it was taken "
                                  "back, but that could not be saved to disk ({error}): after "
                                  "a crash the line may be there again").format(
                                      line=line, cause=cause, error=os_cause(exc)),
                                where, hint=_look(self.path)) from None
            raise JournalError(_("cannot write the journal ({cause}); it was cut back to what it "
                                 "was, but that could not be saved to disk ({error}); nothing "
                                 "was recorded").format(cause=cause, error=os_cause(exc)),
                               where,
                               hint=_("`pulka check {path}` after a crash").format(
                                   path=self.path)) from None

    def _close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # closing the file releases its flock
            self.fd = -1

    def __exit__(self, *exc: object) -> None:
        self._close()


def _look(path: FilePath) -> str:
    return _("`pulka show {path}` shows what the journal holds: look before you enter the deal "
             "again").format(path=path)


@contextmanager
def _no_interrupt() -> Iterator[None]:
    """Ctrl-C waits until the block is done (in the main thread; elsewhere it cannot come)."""
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (OSError, ValueError):  # pragma: no cover - a platform without signal masks
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def lock_holder(fd: int) -> str:
    """Who holds the flock on this open file: "pid 123: pulka add ...", as far as known."""
    try:
        info = os.fstat(fd)
    except OSError:
        return _("holder unknown")
    wanted = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as handle:
            for line in handle:
                fields = line.split()
                if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == wanted:
                    return _describe(int(fields[4]))
    except OSError:
        pass
    return _("holder unknown")


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


def line_bytes(line: str) -> bytes:
    """The bytes :meth:`Locked.append` writes for ``line``: the line and one LF, in UTF-8."""
    return (line.rstrip("\n") + "\n").encode("utf-8")
