"""Mending a journal whose last line was cut off by a crash, or lacks its newline."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import JournalError, PulkaError, Source, os_cause
from ..files.kinds import first_line, not_a_journal, says_pulka
from ..frozen import NamedTuple
from ..game import Game
from ..i18n import _
from .reading import parse

if TYPE_CHECKING:
    from ..files.inputs import FilePath


class Mended(NamedTuple):
    """What :func:`repair` did: ``nothing``, ``newline`` (added to a complete last line) or
    ``dropped`` (a cut-off last line removed); ``line`` is that last line's text."""

    action: str
    line: str = ""
    warning: str | None = None  #: the journal was rewritten, but its folder is not synced


#: plays a whole game, every check running (raises PulkaError); the ledger passes the replay,
#: so that the journal, a record, never imports the scoring above it
Play = Callable[[Game], object]


def repair(path: FilePath, play: Play) -> Mended:
    """Mend a journal whose last line has no newline: a complete, valid last line gets its
    newline; a cut-off one is removed by an atomic rewrite (through a symlink, of the target;
    its mode and owner kept). Anything that is not a pulka journal is refused, unchanged.

    Raises:
        JournalError: not a journal, damaged before its last line, or cannot be written.
    """
    from pathlib import Path  # (imported here: the commands that only read a journal or

    from ..files.atomic import (  # append to it load none of these)
        Unsynced,
        clean_stale,
        replace_keeping,
    )
    from .commit import Locked
    from .writing import unsynced_warning

    where = str(path)
    _refuse_other_files(path, where)  # before the lock, which would name other faults first
    try:
        with Locked(path) as lock:
            data = lock.read(held=False)
            head = _check_journal_head(data, where)
            cut = data.rfind(b"\n") + 1
            keep, last = data[:cut], data[cut:].decode("utf-8", errors="replace")
            # A valid last line is taken as whole. (A cut that leaves a valid line is possible,
            # as `... Вера whist` for `... Вера whist 2`; it then reads as the same deal.)
            if not last:  # no cut-off line; but a journal that does not read is not "fine"
                _replay(data, where, play, _("repair mends only a last line cut off by a "
                                             "crash; it cannot mend this, and changed nothing"))
                mended = Mended("nothing")
            elif (whole := _replay_error(data + b"\n", where, play)) is None:
                lock.append("")  # the last line was whole: just its newline
                mended = Mended("newline", last)
            else:
                if head > keep.count(b"\n"):  # the `pulka` line itself is the last one
                    raise whole
                _replay(keep, where, play)  # raises if even the kept part does not read
                try:
                    replace_keeping(Path(path), keep)
                    mended = Mended("dropped", last)
                except Unsynced as exc:
                    mended = Mended("dropped", last, unsynced_warning(path, exc.cause))
        clean_stale(Path(os.path.realpath(path)))
    except OSError as exc:
        raise JournalError(_("cannot repair the journal: {cause}").format(cause=os_cause(exc)),
                           Source(where)) from None
    return mended


def _refuse_other_files(path: FilePath, where: str) -> None:
    """Refuse a regular file that is plainly not a journal from its first bytes, unchanged."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return  # the lock names what it is
        with open(path, "rb") as handle:
            head = handle.read(1 << 16)
    except OSError:
        return  # the lock names the fault
    if len(head) == 1 << 16 and b"\n" in head:
        head = head[:head.rfind(b"\n") + 1]  # whole lines only
    _check_journal_head(head, where)


def _check_journal_head(data: bytes, where: str) -> int:
    """Refuse a file that is not a pulka journal: other bytes, or a first line not `pulka`.

    Returns:
        The number of the `pulka` line (0 when it is not among the first lines).
    """
    what = not_a_journal(data)
    if what is not None:
        raise JournalError(_("not a pulka journal: {what}; repair left it as it was")
                           .format(what=what), Source(where))
    found = first_line(data)
    if found is None:
        return 0
    number, text = found
    try:
        text.decode("utf-8")
    except UnicodeDecodeError:
        raise JournalError(_("not a pulka journal: line {number} is not UTF-8 text; repair "
                             "left the file as it was").format(number=number),
                           Source(where, number)) from None
    if not says_pulka(data):
        raise JournalError(_("not a pulka journal (its first line is not `pulka 1`); "
                             "repair left it as it was"), Source(where, number))
    return number


def _replay(data: bytes, where: str, play: Play, hint: str | None = None) -> None:
    """Read the journal and replay the whole game (every check runs); what refuses it is
    raised with ``hint`` (by default: damaged before its last line)."""
    try:
        play(parse(data, where).game())
    except PulkaError as exc:
        if exc.hint is None:
            exc.hint = hint or _("repair changed nothing: the journal is damaged before its "
                                 "last line")
        raise


def _replay_error(data: bytes, where: str, play: Play) -> PulkaError | None:
    """Why the journal does not read or replay, or None when it does."""
    try:
        play(parse(data, where).game())
    except PulkaError as exc:
        if exc.hint is None:
            exc.hint = _("repair left the file as it was")
        return exc
    return None
