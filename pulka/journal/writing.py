"""Writing a journal: a new one all at once, then one checked line at a time."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..convention import Convention
from ..convention.schema import keys_for
from ..errors import JournalError, Source, os_cause
from ..game import Deal
from ..i18n import _
from ..notation import Vocabulary, format_deal, parse_deal, quote, words_for
from .body import body_line
from .header import VERSION
from .reading import Journal, parse

if TYPE_CHECKING:
    from ..files.inputs import FilePath


def header_text(players: tuple[str, ...], ref: str, convention: Convention,
                overrides: dict[str, str], created: str) -> str:
    """The header of a new journal, with the whole resolved convention."""
    lines = [
        "; pulka game journal: one deal per line. pulka only ever appends to this file.",
        f"pulka {VERSION}",
        f"created {created}",
        f"convention {ref}",
        "players " + " ".join(quote(p, words_for(convention.family).keywords) for p in players),
    ]
    keys = keys_for(convention.family)
    lines += [f"set {k} {keys[k].type.text(convention[k])}" for k in overrides]
    lines += [f"rule {k} {v}" for k, v in convention.rule_lines()]
    return "\n".join(lines) + "\n"


def create(path: FilePath, text: str) -> str | None:
    """Write a new journal all at once; never replaces an existing file.

    Returns:
        None, or a warning: the journal was made, but its folder could not be saved to disk.

    Raises:
        JournalError: the file exists or cannot be written (nothing is left on disk).
    """
    from pathlib import Path  # (imported here: reading a journal needs none of these)

    from ..files.atomic import Unsynced, create_new, umask

    folder = os.path.dirname(path) or "."
    try:
        create_new(Path(path), text.encode("utf-8"), 0o666 & ~umask())  # an ordinary new file
    except Unsynced as exc:
        return unsynced_warning(path, exc.cause)
    except FileExistsError:
        if os.path.isdir(path):
            raise JournalError(_("a folder of that name is there; a journal is a file"),
                               Source(str(path))) from None
        raise JournalError(_("the file already exists; pulka will not overwrite a game"),
                           Source(str(path))) from None
    except FileNotFoundError as exc:
        if not os.path.isdir(folder):
            raise JournalError(_("cannot create the journal: there is no folder {folder}")
                               .format(folder=folder), Source(str(path))) from None
        raise JournalError(_("cannot create the journal: the folder {folder} takes no new "
                             "files ({cause})").format(folder=folder, cause=os_cause(exc)),
                           Source(str(path))) from None
    except OSError as exc:
        raise JournalError(_("cannot create the journal: {cause}").format(cause=os_cause(exc)),
                           Source(str(path))) from None
    return None


def unsynced_warning(path: FilePath, cause: OSError) -> str:
    """The warning for a journal written whole, whose folder could not be saved to disk."""
    return _("warning: {file}: the journal was written, but its folder could not be saved to "
             "disk ({cause}): a crash of the computer now may still lose the change").format(
                 file=path, cause=os_cause(cause))


def append_checked(path: FilePath, make_line: Callable[[Journal], str],
                   committed: Callable[[str], None] | None = None,
                   file_id: tuple[int, int] | None = None,
                   writing: Callable[[str, int], None] | None = None) -> str:
    """Append one line under the write lock, after the whole game has been checked with it.

    If the journal is replaced (saved by rename) or deleted before the line is safely
    written, the old file is left as it was and the whole check runs again on the file now
    at the path, a few times at most.

    Args:
        make_line: journal -> the line to append. It replays the game with the change (every
            check runs) and raises PulkaError if the game would not be legal.
        committed: called with the line the moment it is safely on disk (see Locked.append).
        file_id: the (device, inode) of the one file the caller will have written: a journal
            replaced since (by rename, or deleted and made again) is refused, not followed.
        writing: called with the line and its offset right before the write (see
            Locked.append).

    Returns:
        The line appended.
    """
    from .commit import REOPEN_TRIES, Locked, Replaced, line_bytes  # (imported here, as in create)

    tries = 1
    written: str | None = None  # the line taken back from a file replaced as it was written
    while True:
        with Locked(path) as lock:
            lock.refuse_other(file_id)
            data = lock.read()
            if written is not None and (line := _holds_already(data, written, line_bytes(written),
                                                               str(path), make_line)):
                if committed is not None:
                    committed(line)
                return line
            journal = parse(data, str(path))
            line = make_line(journal)
            check_line(journal, line)
            try:
                lock.append(line, committed, writing)
                return line
            except Replaced as exc:
                if tries >= REOPEN_TRIES or file_id is not None:
                    raise
                tries += 1
                written = exc.written


def _holds_already(data: bytes, line: str, ending: bytes, path: str,
                   make_line: Callable[[Journal], str]) -> str | None:
    """The line, when the journal ``data`` already ends with it as this write would make it:
    a sync tool copied the file after the line was written to it, and saved the copy over it
    (the line was taken back from the old file only). None otherwise."""
    if not data.endswith(ending) or not (len(data) == len(ending)
                                         or data[-len(ending) - 1:-len(ending)] == b"\n"):
        return None
    from ..errors import PulkaError

    try:
        before = parse(data[:-len(ending)], path)
        again = make_line(before)
    except PulkaError:
        return None
    return line if again == line else None


def check_line(journal: Journal, line: str) -> None:
    """The line reads back as a body line of this journal (syntax only)."""
    source = Source(journal.path)
    word, _sep, rest = line.strip().partition(" ")
    body = body_line(word, rest.strip(), line, source)
    if body.kind == "deal" or body.kind == "fix":
        parse_deal(body.text, journal.players, journal.words(), source)


def deal_line(number: int, deal: Deal, words: Vocabulary) -> str:
    return f"{number}. {format_deal(deal, words)}"
