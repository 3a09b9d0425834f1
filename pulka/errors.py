"""Error types and the way pulka points at the place that is wrong.

Every error carries a :class:`Source` (file, line, column) when it is known, and the deal
number when it concerns a deal, so the CLI can print ``game.pulka:17:4: deal 12: ...``.
"""

from __future__ import annotations

import errno
from collections.abc import Callable

from .frozen import NamedTuple
from .i18n import N_, _, translated


class Source(NamedTuple):
    """Where a piece of input came from.

    Attributes:
        path: the file name as the user gave it (or ``<input>`` for typed text).
        line: 1-based line number, or 0 when unknown.
        col: 1-based column, or 0 when unknown.
    """

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        text = self.path or "''"  # (an empty name given on the command line, shown as one)
        if self.line:
            text += f":{self.line}"
            if self.col:
                text += f":{self.col}"
        return text

    def at_col(self, col: int) -> Source:
        return Source(self.path, self.line, col)


class PulkaError(ValueError):
    """Base of every error pulka reports to the user (exit status 2 at the CLI).

    Attributes:
        line_deal: the number of the deal the line at ``source`` writes, when the message does
            not name the deal (a deal line that does not read is named by its place alone):
            for the listings that give every problem its deal (``check --json``).
    """

    line_deal: int | None = None

    def __init__(
        self,
        message: str,
        source: Source | None = None,
        deal: int | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.deal = deal
        self.hint = hint

    def located(self, source: Source | None = None, deal: int | None = None) -> PulkaError:
        """Fill in the place if the raiser did not know it; returns self."""
        if self.source is None and source is not None:
            self.source = source
        if self.deal is None and deal is not None:
            self.deal = deal
        return self

    def unplaced(self) -> str:
        """The message and its hint without the place: for an answer typed at a question,
        which has no file or deal to name."""
        if not self.hint:
            return self.message
        return self.message + "\n  " + _("hint: {hint}").format(hint=self.hint)

    def __str__(self) -> str:
        parts = []
        if self.source is not None:
            parts.append(f"{self.source}:")
        if self.deal is not None:
            parts.append(_("deal {number}:").format(number=self.deal))
        parts.append(self.message)
        text = " ".join(parts)
        if self.hint:
            text += "\n  " + _("hint: {hint}").format(hint=self.hint)
        return text


#: what a reading or a replay that goes past its problems calls with each one (it records the
#: problem; the line or deal is then passed over as if it were not there); None: the first
#: problem is raised
OnError = Callable[[PulkaError], None] | None


def refuse(exc: PulkaError, on_error: OnError) -> None:
    """Raise ``exc``, or hand it to ``on_error`` and return (the caller passes over what it
    refused)."""
    if on_error is None:
        raise exc
    on_error(exc)


class NotationError(PulkaError):
    """A line or value that cannot be read at all (syntax)."""


class IllegalDealError(PulkaError):
    """A deal that reads fine but breaks the rules or the state of the game."""


class ConventionError(PulkaError):
    """A convention file or override that is missing, malformed or out of range."""


class JournalError(PulkaError):
    """A journal file that is damaged, missing or cannot be written."""


class Uncertain(JournalError):
    """pulka cannot tell whether its line is in the journal: another program changed the file
    as it was written, or the file could not be read back or cut back after the write. The
    message says what is known and how to look (exit status 5 at the CLI): the deal must not
    be entered again before looking."""


#: the causes of OS errors a player meets, in the words of the C library (English), to be
#: translated where they are shown; any other cause is shown as the system words it
_CAUSES = {
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.ENOENT: N_("No such file or directory"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EFBIG: N_("File too large"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EEXIST: N_("File exists"),
    errno.EIO: N_("Input/output error"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.ETXTBSY: N_("Text file busy"),
    errno.EMFILE: N_("Too many open files"),
    errno.ENOLCK: N_("No locks available"),
    errno.EOPNOTSUPP: N_("Operation not supported"),
    errno.EINVAL: N_("Invalid argument"),
    errno.ENOSYS: N_("Function not implemented"),
}


def os_cause(exc: OSError) -> str:
    """Why an OS call failed, in the players' language: the system's own words
    (``exc.strerror``) when the catalogs have no translation of them."""
    english = _CAUSES.get(exc.errno) if exc.errno is not None else None
    if english is not None and translated(english) != english:
        return translated(english)
    return exc.strerror or str(exc)
