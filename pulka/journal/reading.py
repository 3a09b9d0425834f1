"""Opening a journal: its header at once, its body line by line as the game is replayed."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, BinaryIO

from ..errors import JournalError, OnError, Source, os_cause
from ..files.inputs import LINE_LIMIT, line_blocks, reading
from ..files.inputs import lines as bounded_lines
from ..files.kinds import HEAD, not_a_journal, says_pulka
from ..game import Game, Table
from ..i18n import _
from ..notation import Vocabulary, words_for
from .body import Entries, Index, Line, body_lines, from_line, scan
from .header import Header, not_a_journal_error, read_header, read_header_block

if TYPE_CHECKING:
    from ..files.inputs import FilePath


class Journal(Header):
    """A journal: its header, read at once, and its body, read line by line when needed.

    A long journal is never held in memory: :meth:`lines` reads it again on each pass.

    Attributes:
        path: the file, as named.
        reader: gives the file's lines (bytes) afresh on each call.
        blocks: gives them in blocks from a file line on, each line without its LF (for the
            compiled replay).
        chunks: gives the file's bytes in large pieces (to look for corrections quickly).
        players, convention_ref, overrides, rules, meta, convention, body_start, sources:
            the header (see :class:`.header.Header`).
    """

    def __init__(self, path: str, reader: Callable[[], Iterable[bytes]],
                 chunks: Callable[[], Iterable[bytes]],
                 blocks: Callable[[int], Iterable[list[bytes]]] | None = None) -> None:
        super().__init__(path)
        self.reader = reader
        self.chunks = chunks
        self.blocks = blocks
        self._index: Index | None = None

    @property
    def next_number(self) -> int:
        return self.index().used + 1

    def table(self) -> Table:
        assert self.convention is not None
        return Table(self.players, self.convention, dict(self.overrides), self.convention_ref)

    def words(self) -> Vocabulary:
        """The vocabulary its deals are read with: its family's."""
        assert self.convention is not None
        return words_for(self.convention.family)

    def lines(self, on_error: OnError = None) -> Iterator[Line]:
        """The body's deal, void, restore and fix lines, in file order (see
        :func:`.body.body_lines`).

        Raises:
            JournalError, NotationError: a line that is not UTF-8 or does not read.
        """
        return body_lines(self.path, self.body_start, self.reader(), on_error)

    def index(self) -> Index:
        """Numbering, voids and fixes (one pass over the body, done once).

        Raises:
            JournalError: a deal number out of sequence, or a void or fix of a deal that is
                not in force.
        """
        if self._index is None:
            self._index = scan(self.lines())
        return self._index

    def game(self, on_error: OnError = None) -> Game:
        """The deals in force (voids removed, fixes applied), read as the game is replayed.

        A journal with no void or fix line at all (most of them) is read in one pass, its
        numbering checked on the way; otherwise a first pass finds the voids and fixes.

        Args:
            on_error: given, every problem of the body is handed to it, now (the first pass)
                or as the game is replayed, and the reading goes past it (see
                :mod:`.body`); not given, the first problem is raised.

        Raises:
            JournalError, NotationError: the first pass met a problem (no ``on_error``), or
                the file could not be read.
        """
        if on_error is not None:
            index = scan(self.lines(on_error), on_error) if self.corrections() else None
        else:
            index = self.index() if self._index is not None or self.corrections() else None
        # (no snapshot is kept of a game read past its problems: it is not the journal's game)
        content = self.digest if on_error is None else None
        entries = Entries(self.lines, self.players, self.words(), index, self.path, self.reader,
                          self.body_start, self.blocks, content, on_error)
        return Game(self.table(), entries, self.path, dict(self.meta))

    def digest(self) -> bytes:
        """The SHA-256 of the journal's bytes as they are now (read afresh from a file)."""
        from ..files.sha256 import digest_of

        return digest_of(self.chunks())

    def corrections(self) -> bool:
        """Could the journal hold a void, restore or fix line? (False only when it certainly
        does not.)"""
        tail = b""
        for chunk in self.chunks():
            joined = tail + chunk if tail else chunk  # (a word cut between two chunks, too)
            if b"void" in joined or b"fix" in joined or b"restore" in joined:
                return True
            tail = chunk[-7:]
        return False


def read(path: FilePath) -> Journal:
    """Open a journal file: its header is read now, its deals when the game is replayed.

    Only a regular file is opened (a FIFO or a device is refused before it is read), and
    every line is read with a bound (see :mod:`pulka.files.inputs`); the size is not capped.

    Raises:
        JournalError: missing, unreadable, not a regular file, cut off, or a header that does
            not read.
    """
    where = str(path)
    try:
        with reading(path, "journal", JournalError) as handle:
            size = handle.seek(0, os.SEEK_END)
            if size:
                handle.seek(size - 1)
                if handle.read(1) != b"\n":
                    handle.seek(0)
                    _refuse_kind(where, handle.read(HEAD))
                    handle.seek(0)
                    raise _torn(where, _count_journal_lines(handle, where))
    except OSError as exc:
        raise JournalError(_("cannot read the journal: {cause}").format(cause=os_cause(exc)),
                           Source(where)) from None

    def reader() -> Iterator[bytes]:
        with reading(path, "journal", JournalError) as handle:
            yield from bounded_lines(handle, where, JournalError)

    def chunks() -> Iterator[bytes]:
        with reading(path, "journal", JournalError) as handle:
            while chunk := handle.read(1 << 20):
                yield chunk

    def blocks(first: int) -> Iterator[list[bytes]]:
        with reading(path, "journal", JournalError) as handle:
            yield from from_line(line_blocks(handle, where, JournalError), first)

    return _open(where, reader, chunks, blocks)


def parse(data: bytes, where: str) -> Journal:
    """A journal held in memory (see :func:`read`)."""
    lines = data.split(b"\n")
    if data and not data.endswith(b"\n"):
        _refuse_kind(where, data[:HEAD])
        raise _torn(where, len(lines))
    body = lines[:-1] if data else []

    def reader() -> Iterator[bytes]:
        for number, raw in enumerate(body, start=1):
            if len(raw) >= LINE_LIMIT:  # the same bound as a file read line by line
                raise JournalError(_("line {number} is longer than {limit} bytes; this is not "
                                     "a line pulka wrote").format(number=number,
                                                                  limit=LINE_LIMIT),
                                   Source(where, number))
            yield raw

    def blocks(first: int) -> Iterator[list[bytes]]:
        for start in range(first - 1, len(body), 4096):
            block = body[start:start + 4096]
            if max(map(len, block)) >= LINE_LIMIT:  # the lines before it, then the refusal
                long = next(at for at, raw in enumerate(block) if len(raw) >= LINE_LIMIT)
                if long:
                    yield block[:long]
                list(reader())  # (refuses the long line with its number)
            yield block

    return _open(where, reader, lambda: [data], blocks, data)


def _count_journal_lines(handle: BinaryIO, where: str) -> int:
    """The number of lines of a journal cut off part-way; what is not a journal at all is
    refused from its first line instead of being read to its end."""
    count, started = 0, False
    for count, raw in enumerate(bounded_lines(handle, where, JournalError), start=1):
        text = raw.removeprefix(b"\xef\xbb\xbf").strip()
        if not started and text and text[:1] not in b";#":
            if text.split()[0] != b"pulka":
                raise not_a_journal_error(Source(where, count))
            started = True
    return count


def _refuse_kind(where: str, head: bytes) -> None:
    """A file with no final LF that is plainly not a journal (CR line ends, UTF-16) is named
    for what it is, not sent to `repair` as a torn line."""
    if b"\0" in head and not head.startswith((b"\xff\xfe", b"\xfe\xff")):
        if says_pulka(head):
            return  # a journal with a hole of NUL bytes: the line bound names the line
        raise JournalError(_("not a pulka journal: it holds binary data (NUL bytes)"),
                           Source(where, 1))
    kind = not_a_journal(head)
    if kind is not None:
        raise JournalError(_("not a pulka journal: {what}").format(what=kind), Source(where, 1))


def _torn(where: str, line: int) -> JournalError:
    return JournalError(_("the last line (line {line}) was cut off part-way").format(line=line),
                        Source(where, line),
                        hint=_("`pulka repair {path}` removes that line if it is incomplete, "
                               "or adds its newline if it is whole").format(path=where))


def _open(where: str, reader: Callable[[], Iterable[bytes]],
          chunks: Callable[[], Iterable[bytes]],
          blocks: Callable[[int], Iterable[list[bytes]]], data: bytes | None = None
          ) -> Journal:
    """The journal with its header read (from a header met before, when the whole ``data``
    is at hand and starts with one)."""
    journal = Journal(path=where, reader=reader, chunks=chunks, blocks=blocks)
    if data is None or not read_header_block(journal, data):
        read_header(journal, reader())
    return journal
