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
from functools import partial
from pathlib import Path
from typing import BinaryIO

from .errors import PulkaError, Source

#: a journal's body line longer than this is refused (a deal line is well under 200 bytes)
LINE_LIMIT = 64 * 1024


def _check_kind(mode: int, path: Path, what: str, error: type[PulkaError]) -> None:
    if stat.S_ISDIR(mode):
        raise error(f"the {what} is a folder, not a file", Source(str(path)))
    if not stat.S_ISREG(mode):
        raise error(f"the {what} is not a regular file (a device, a FIFO or a socket?); pulka "
                    "reads only ordinary files", Source(str(path)))


def open_regular(path: Path, what: str, error: type[PulkaError]) -> BinaryIO:
    """The file open for reading in binary, once it is known to be a regular file.

    Raises:
        error: missing, unreadable, or not a regular file.
    """
    try:
        _check_kind(os.stat(path).st_mode, path, what, error)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise error(f"cannot read the {what}: {exc.strerror}", Source(str(path))) from None
    handle = os.fdopen(fd, "rb")
    try:
        _check_kind(os.fstat(fd).st_mode, path, what, error)  # the file actually opened
    except PulkaError:
        handle.close()
        raise
    return handle


def read_text(path: Path, what: str, limit: int, error: type[PulkaError]) -> str:
    """The whole file as UTF-8 text, if it is a regular file of at most ``limit`` bytes.

    Raises:
        error: not a regular file, too large, unreadable, or not UTF-8 (with the line).
    """
    with open_regular(path, what, error) as handle:
        try:
            size = os.fstat(handle.fileno()).st_size
            data = b"" if size > limit else handle.read(limit + 1)
        except OSError as exc:
            raise error(f"cannot read the {what}: {exc.strerror}", Source(str(path))) from None
    if size > limit or len(data) > limit:
        raise error(f"the {what} is {max(size, len(data))} bytes, more than the {limit} bytes "
                    f"pulka reads in a {what}", Source(str(path)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(f"the {what} is not UTF-8 text (byte {exc.start + 1})",
                    Source(str(path), line)) from None


def lines(handle: BinaryIO, where: str, error: type[PulkaError],
          limit: int = LINE_LIMIT) -> Iterator[bytes]:
    """The file's lines, each read with a bound: a line longer than ``limit`` is refused with
    its number instead of being read to its end."""
    for number, raw in enumerate(iter(partial(handle.readline, limit + 1), b""), start=1):
        if len(raw) > limit:
            raise error(f"line {number} is longer than {limit} bytes; this is not a line pulka "
                        "wrote", Source(where, number))
        yield raw
