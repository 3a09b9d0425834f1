"""Opening input files safely: only regular files, never blocking, never read without bound.

A journal, a convention or a vector may be named by mistake (or on purpose) as ``/dev/zero``,
a FIFO, a folder or a huge file. Each is refused here by its kind and size, before a byte is
parsed: the kind is checked with ``os.stat`` and again on the open file (opened with
``O_NONBLOCK``, so a FIFO swapped in between cannot block), and a file is never read past
its limit.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, BinaryIO

from ..errors import PulkaError, Source, os_cause
from ..i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from typing import TypeAlias

    #: a file's path as the command line gives it (text) or a caller does (a pathlib.Path);
    #: the commands that only read or append to a journal never import pathlib (start-up time)
    FilePath: TypeAlias = "str | os.PathLike[str]"

#: a journal's body line longer than this is refused (a deal line is well under 200 bytes)
LINE_LIMIT = 64 * 1024


#: the largest journal a command holds whole in memory (add and the other writes, play, the
#: paper sheet, each game of stats): some 100,000 deals, where an evening writes a few
#: hundred. settle and check stream a journal of any size.
HELD_LIMIT = 4 << 20
#: the largest journal drawn whole into a workbook, a PDF or a picture: some 6,000 deals (a
#: PDF takes some 4 ms and a workbook 10 KB of memory a deal)
DRAWN_LIMIT = 256 << 10
#: the fewest bytes a deal line takes, near enough, to say a limit in deals
_DEAL_BYTES = 42


def refuse_held(size: int, path: FilePath, error: type[PulkaError],
                limit: int = HELD_LIMIT) -> None:
    """Refuse a journal of ``size`` bytes that is larger than a command holds (``limit``).

    Raises:
        error: the journal is larger than ``limit``.
    """
    if size > limit:
        raise error(_("the journal is {size} bytes, more than the {limit} bytes this command "
                      "holds in memory at once (some {deals} deals; an evening writes a few "
                      "hundred)").format(size=size, limit=limit,
                                        deals=limit // _DEAL_BYTES // 1000 * 1000),
                    Source(str(path)),
                    hint=_("`pulka settle` and `pulka check` read a journal of any size"))


def kind_name(what: str) -> str:
    """The kind of file (``journal``, ``convention``, ``vector``) as a message names it, in
    the players' language; another kind is named as given."""
    if what == "journal":
        return pgettext("file kind", "journal")
    if what == "convention":
        return pgettext("file kind", "convention")
    if what == "vector":
        return pgettext("file kind", "vector")
    return what


def _check_kind(mode: int, path: FilePath, what: str, error: type[PulkaError]) -> None:
    if stat.S_ISDIR(mode):
        raise error(_("the {what} is a folder, not a file").format(what=kind_name(what)),
                    Source(str(path)))
    if not stat.S_ISREG(mode):
        raise error(_("the {what} is not a regular file (a device, a FIFO or a socket?); pulka "
                      "reads only ordinary files").format(what=kind_name(what)),
                    Source(str(path)))


def open_regular(path: FilePath, what: str, error: type[PulkaError]) -> BinaryIO:
    """The file open for reading in binary, once it is known to be a regular file.

    Args:
        what: the kind of file, ``journal``, ``convention`` or ``vector`` (see :func:`kind_name`).

    Raises:
        error: missing, unreadable, or not a regular file.
    """
    try:
        _check_kind(os.stat(path).st_mode, path, what, error)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise _unreadable(path, what, exc, error) from None
    handle = os.fdopen(fd, "rb")
    try:
        _check_kind(os.fstat(fd).st_mode, path, what, error)  # the file actually opened
    except PulkaError:
        handle.close()
        raise
    return handle


@contextmanager
def reading(path: FilePath, what: str, error: type[PulkaError]) -> Iterator[BinaryIO]:
    """:func:`open_regular` for a ``with`` block: a read that fails in the block is ``error``
    (cannot read the {what}), and a close that fails after it is let be (what was read was
    read), so that a generator closed late never prints "Exception ignored"."""
    handle = open_regular(path, what, error)
    try:
        yield handle
    except OSError as exc:
        raise _unreadable(path, what, exc, error) from None
    finally:
        try:
            handle.close()
        except OSError:
            pass


def read_bytes(path: FilePath, what: str, error: type[PulkaError],
               limit: int | None = None) -> bytes:
    """The whole of a regular file, checked as :func:`open_regular` checks it but with fewer
    calls (``pulka stats`` reads thousands of journals): opened without blocking, its kind
    checked on the open file, read to its end (a journal: at most ``limit`` bytes, see
    :func:`refuse_held`).

    Raises:
        error: missing, unreadable, not a regular file, or larger than ``limit``.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        try:  # (where a folder cannot be opened at all, it is named as one)
            _check_kind(os.stat(path).st_mode, path, what, error)
        except OSError:
            pass
        raise _unreadable(path, what, exc, error) from None
    try:
        found = os.fstat(fd)
        _check_kind(found.st_mode, path, what, error)
        if limit is not None:
            refuse_held(found.st_size, path, error)
        want = found.st_size + 1  # (one byte more: a file that grew is read to its end)
        data = os.read(fd, want)
        while len(data) >= want:
            more = os.read(fd, 1 << 20)
            if not more:
                break
            data += more
            want = len(data) + 1
            if limit is not None:
                refuse_held(len(data), path, error)  # (it grew as it was read)
        return data
    except OSError as exc:
        raise _unreadable(path, what, exc, error) from None
    finally:
        os.close(fd)


def read_text(path: FilePath, what: str, limit: int, error: type[PulkaError]) -> str:
    """The whole file as UTF-8 text, if it is a regular file of at most ``limit`` bytes.

    Raises:
        error: not a regular file, too large, unreadable, or not UTF-8 (with the line).
    """
    with open_regular(path, what, error) as handle:
        try:
            size = os.fstat(handle.fileno()).st_size
            data = b"" if size > limit else handle.read(limit + 1)
        except OSError as exc:
            raise _unreadable(path, what, exc, error) from None
    if size > limit or len(data) > limit:
        size = max(size, len(data))
        raise error(ngettext("the {what} is {size} byte, more than the {limit} bytes pulka "
                             "reads in a {what}",
                             "the {what} is {size} bytes, more than the {limit} bytes pulka "
                             "reads in a {what}", size).format(
                        what=kind_name(what), size=size, limit=limit), Source(str(path)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(_("the {what} is not UTF-8 text (byte {byte})").format(
            what=kind_name(what), byte=exc.start + 1), Source(str(path), line)) from None


def _unreadable(path: FilePath, what: str, exc: OSError, error: type[PulkaError]) -> PulkaError:
    return error(_("cannot read the {what}: {cause}").format(what=kind_name(what),
                                                             cause=os_cause(exc)),
                 Source(str(path)))


def lines(handle: BinaryIO, where: str, error: type[PulkaError],
          limit: int = LINE_LIMIT) -> Iterator[bytes]:
    """The file's lines, each read with a bound: a line longer than ``limit`` is refused with
    its number instead of being read to its end."""
    for number, raw in enumerate(iter(partial(handle.readline, limit + 1), b""), start=1):
        if len(raw) > limit:
            raise error(_("line {number} is longer than {limit} bytes; this is not a line "
                          "pulka wrote").format(number=number, limit=limit),
                        Source(where, number))
        yield raw


def line_blocks(handle: BinaryIO, where: str, error: type[PulkaError],
                limit: int = LINE_LIMIT, size: int = 1 << 16) -> Iterator[list[bytes]]:
    """The file's lines in blocks read ``size`` bytes at a time, each line without its LF,
    with the same bound as :func:`lines` (a line of ``limit`` bytes or more is refused)."""
    number, rest = 0, b""
    while data := handle.read(size):
        block = (rest + data).split(b"\n") if rest else data.split(b"\n")
        rest = block.pop()
        if len(rest) >= limit or max(map(len, block), default=0) >= limit:
            for at, line in enumerate([*block, rest]):
                if len(line) >= limit:  # the lines before it first, as line by line
                    if at:
                        yield block[:at]
                    raise error(_("line {number} is longer than {limit} bytes; this is not a "
                                  "line pulka wrote").format(number=number + at + 1,
                                                             limit=limit),
                                Source(where, number + at + 1))
        number += len(block)
        if block:
            yield block
    if rest:
        yield [rest]
