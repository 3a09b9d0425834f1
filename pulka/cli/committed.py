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
from typing import TYPE_CHECKING

import click

from ..i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..files.inputs import FilePath

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

    def reset(self) -> None:
        self.journal = self.line = None

    def committing(self, journal: FilePath) -> Callable[[str], None]:
        """The callback for the commit point of an append to ``journal``."""
        self.journal = journal

        def committed(line: str) -> None:
            self.line = line

        return committed

    def recorded(self) -> str | None:
        """"deal 12 was recorded in g.pulka", once a line is safely in the journal."""
        if self.line is None:
            return None
        word, _sep, rest = self.line.partition(" ")
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
    """One line on stderr; if stderr itself is gone, the exit status has to do."""
    try:
        click.echo(text, err=True)
    except (OSError, ValueError):
        pass


class OutputError(OSError):
    """Writing stdout failed (so not the journal, nor any other file)."""


class _StdoutFile(io.RawIOBase):
    """The file under stdout, with its write errors told apart as OutputError."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: bytes) -> int:  # type: ignore[override]
        try:
            return os.write(self.fd, data)
        except OSError as exc:
            raise OutputError(exc.errno, exc.strerror) from None


def tell_stdout_apart() -> None:
    """Put stdout on a file whose write errors are OutputError (same encoding, buffering)."""
    out = sys.stdout
    try:
        fd = out.fileno()
        encoding, errors, lines = out.encoding, out.errors, out.line_buffering
    except (AttributeError, OSError, ValueError):
        return
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_StdoutFile(fd)), encoding=encoding,
                                  errors=errors, line_buffering=bool(lines))


def silence_stdout() -> None:
    """Send what is left for stdout to /dev/null, so the flush at exit does not fail again."""
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
    if sys.stdout is None:
        sys.stdout = ClosedStdout()
    else:
        tell_stdout_apart()


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
    return None


def _cause(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__
