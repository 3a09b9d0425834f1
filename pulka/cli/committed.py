"""What a command has done to the journal, and how a failure after that is told.

A writing command (add, fix, void, undo) notes its line here at the commit point (the line
is safely on disk). Whatever goes wrong after that (stdout full or closed, a closed pipe,
Ctrl-C, a console that cannot show a character) is told on stderr as "deal N was recorded"
with its own exit status, so the player does not type the deal again.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import TYPE_CHECKING, Any

import click

from ..i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..files.inputs import FilePath

#: nothing was recorded: bad input, or a fault of the machine that is told in one line
EXIT_FAILED = 2
#: a deal was recorded, but what followed (its report) could not be shown
EXIT_RECORDED = 3
#: a command that records nothing could not write its output (stdout full, closed, EIO)
EXIT_NO_OUTPUT = 4
#: interrupted (Ctrl-C) before anything was recorded
EXIT_INTERRUPTED = 130
#: the reader of the output went away (a closed pipe): quietly, as a killed Unix tool
EXIT_PIPE = 141


class Outcome:
    """The journal a writing command works on, and the line it has recorded (if any)."""

    def __init__(self) -> None:
        self.journal: FilePath | None = None
        self.line: str | None = None
        self.before: str | None = None  #: the last line recorded and told (`pulka play`)

    def reset(self) -> None:
        self.journal = self.line = self.before = None

    def told(self) -> None:
        """The line recorded has been told (a session goes on to its next write)."""
        if self.line is not None:
            self.before, self.line = self.line, None

    def committing(self, journal: FilePath) -> Callable[[str], None]:
        """The callback for the commit point of an append to ``journal``."""
        self.journal = journal

        def committed(line: str) -> None:
            self.line = line

        return committed

    def recorded(self, line: str | None = None) -> str | None:
        """"deal 12 was recorded in g.pulka", once a line (``line``, or the one just
        recorded) is safely in the journal."""
        line = line or self.line
        if line is None:
            return None
        word, _sep, rest = line.partition(" ")
        number = rest.split(" ", 1)[0]
        if word == "void":
            return _("void {number} (deal {number} taken back) was recorded in {journal}").format(
                number=number, journal=self.journal)
        if word == "restore":
            return _("restore {number} (deal {number} brought back) was recorded in {journal}"
                     ).format(number=number, journal=self.journal)
        if word == "fix":
            return _("the fix of deal {number} was recorded in {journal}").format(
                number=number, journal=self.journal)
        return _("deal {number} was recorded in {journal}").format(number=word.rstrip("."),
                                                                   journal=self.journal)


OUTCOME = Outcome()


def say(text: str) -> None:
    """One line on stderr; if stderr itself is gone, the exit status has to do (what could
    not be written is dropped, so the flush at exit does not fail again and change it)."""
    try:
        click.echo(text, err=True)
    except (OSError, ValueError):
        _drop(sys.stderr)


class OutputError(OSError):
    """Writing stdout failed (so not the journal, nor any other file)."""


class _StandardFile(io.RawIOBase):
    """The file under stdout (or stderr), with its write errors told apart as OutputError
    (stdout's; stderr's stay OSError); once ``dropping``, what is written goes nowhere."""

    def __init__(self, fd: int, errors: type[OSError] = OutputError) -> None:
        self.fd = fd
        self.errors = errors
        self.dropping = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: bytes) -> int:  # type: ignore[override]
        if self.dropping:
            return len(data)
        try:
            return os.write(self.fd, data)
        except OSError as exc:
            raise self.errors(exc.errno, exc.strerror) from None


def _on_standard_file(stream: Any, errors: type[OSError]) -> Any:
    """``stream`` put on a :class:`_StandardFile` (the same encoding and buffering)."""
    try:
        fd = stream.fileno()
        encoding, codec_errors, lines = stream.encoding, stream.errors, stream.line_buffering
    except (AttributeError, OSError, ValueError):
        return stream
    raw: Any = _StandardFile(fd, errors)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding=encoding,
                            errors=codec_errors, line_buffering=bool(lines))


def _drop(stream: object) -> bool:
    """Make a stream on a :class:`_StandardFile` drop what it holds and what comes; False
    when it is not on one."""
    raw = getattr(getattr(stream, "buffer", None), "raw", None)
    if not isinstance(raw, _StandardFile):
        return False
    raw.dropping = True
    try:
        stream.flush()  # type: ignore[attr-defined]
    except (OSError, ValueError):
        pass
    return True


def silence_stdout() -> None:
    """Drop what is left for stdout, so the flush at exit does not fail again."""
    if _drop(sys.stdout):
        return
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # no file under it (closed, or captured)
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # kept to the exit
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


class ClosedStdout(io.TextIOBase):
    """Stands for a stdout that was closed (``>&-``): every write fails, and says why."""

    encoding = "utf-8"
    written = False  # a write was tried (and failed): flush fails from then on

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.written = self.written or bool(text)  # click probes with empty writes
        raise OutputError(errno.EBADF, _("standard output is closed"))

    def flush(self) -> None:
        if self.written:
            raise OutputError(errno.EBADF, _("standard output is closed"))


def guard_standard_files() -> None:
    """Closed stdin, stdout or stderr are opened on /dev/null (so the journal never gets
    their numbers); a closed stdout is then noticed at the first write."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    # Python leaves sys.stdin and sys.stderr None when their files were closed at start: they
    # are files on /dev/null now (stdin reads as empty, stderr says nothing)
    if sys.stdin is None:
        sys.stdin = open(0, encoding="utf-8", closefd=False)
    # what is typed or piped in is read as UTF-8, as the arguments are (main): an ASCII or C
    # locale would fail on the first Cyrillic letter; bytes that are not UTF-8 are kept as
    # surrogates, and refused where they matter (a player's name)
    try:
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")  # type: ignore[union-attr]
    except (AttributeError, OSError, ValueError):
        pass
    if sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace",
                          closefd=False)
    sys.stderr = _on_standard_file(sys.stderr, OSError)
    if sys.stdout is None:
        sys.stdout = ClosedStdout()
    else:
        sys.stdout = _on_standard_file(sys.stdout, OutputError)


def after_failure(exc: BaseException) -> int | None:
    """The exit status for an exception that escaped a command, after telling the player;
    None when it is not one of ours to handle (it goes on up)."""
    recorded = OUTCOME.recorded()
    interrupted = isinstance(exc, KeyboardInterrupt)
    if recorded is not None:
        if interrupted:
            say(_("pulka: {recorded}; interrupted before its report was shown").format(
                recorded=recorded))
        elif isinstance(exc, OSError):
            silence_stdout()
            say(_("pulka: {recorded}, but its report could not be shown: {cause}").format(
                recorded=recorded, cause=_cause(exc)))
        else:
            say(_("pulka: {recorded}, but its report failed: {error}").format(
                recorded=recorded, error=f"{type(exc).__name__}: {exc}"))
        return EXIT_RECORDED
    earlier = OUTCOME.recorded(OUTCOME.before)
    if earlier is not None and (interrupted or isinstance(exc, OSError)):
        # a session recorded lines and told them; what failed came after
        if not isinstance(exc, OSError):
            say(_("pulka: interrupted; {recorded} before that").format(recorded=earlier))
        else:
            silence_stdout()
            say(_("pulka: {recorded}; after that the output could not be written: {cause}")
                .format(recorded=earlier, cause=_cause(exc)))
        return EXIT_RECORDED
    if interrupted:
        if OUTCOME.journal is not None:
            say(_("pulka: interrupted; nothing was recorded in {journal}").format(
                journal=OUTCOME.journal))
        else:
            say(_("pulka: interrupted"))
        return EXIT_INTERRUPTED
    if isinstance(exc, OutputError):
        silence_stdout()
        if isinstance(exc, BrokenPipeError) or exc.errno == errno.EPIPE:
            return EXIT_PIPE
        say(_("pulka: cannot write the output: {cause}").format(cause=_cause(exc)))
        return EXIT_NO_OUTPUT
    return _failed(exc)


def _failed(exc: BaseException) -> int | None:
    """A fault of the machine under pulka (a disk that fails a read, pulka's own files that
    cannot be loaded, memory run out) before anything was recorded: said in one line, never
    a traceback. None for anything else (a defect, which goes on up)."""
    if isinstance(exc, OSError):
        from ..errors import os_cause

        if exc.filename is not None:
            say(_("error: {file}: {cause}").format(file=os.fsdecode(exc.filename),
                                                  cause=os_cause(exc)))
        else:
            say(_("error: {cause}").format(cause=os_cause(exc)))
    elif isinstance(exc, ImportError):
        say(_("error: pulka cannot load a part of itself ({name}): its files cannot be read; "
              "nothing was recorded").format(name=exc.name or exc))
    elif isinstance(exc, MemoryError):
        say(_("error: not enough memory; nothing was recorded"))
    else:
        return None
    return EXIT_FAILED


def _cause(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__
