"""A journal's body: its deal, void, restore and fix lines, their numbering, and the deals in
force.

A deal line as pulka writes it (``12. Аня 6s ...``) is read by one pattern, the fast path;
anything else is read word by word. Either way the numbering is checked in one place.

Each reading raises its first problem, or, given an ``on_error`` (``pulka check``), hands every
problem to it and passes over the line: a line that does not read, a deal out of sequence and
a void or fix of no deal in force are read as if they were not there, and a deal whose text
does not read as if it were voided.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator

from ..errors import JournalError, NotationError, OnError, PulkaError, Source, refuse
from ..frozen import NamedTuple
from ..game import Deal, Entry
from ..i18n import _, ngettext
from ..notation import Vocabulary, parse_cached, parse_deal
from .canonical import read_canonical
from .header import HEADER_WORDS, decode

#: the words that start a body line other than a deal (``restore N`` brings back deal N,
#: voided, as it stood: what `pulka redo` writes)
BODY_WORDS = ("void", "restore", "fix")
# (patterns for the lines read word by word, compiled when first used: re keeps them)
_NUMBERED = r"^([0-9]{1,12})\.?$"  # ASCII digits only: \d would take ٧ as 7
_ANY_DIGITS = r"^\d+\.?$"
#: (greedy, not lazy: the text cannot hold a CR or LF, so it ends where the lazy form would
#: end, without trying the line's end at every character)
_CANONICAL = re.compile(rb"([0-9]{1,12})\. ([^\s;#][^;#\r\n]*)\r?\n?$")


class Line(NamedTuple):
    """A line of the journal's body: a deal, a void, a restore or a fix (its deal text not yet
    read).

    Attributes:
        kind: ``deal``, ``void``, ``restore`` or ``fix``.
        number: the deal number it concerns.
        text: the deal, for deal and fix lines.
        source: file, line and the column where the deal text starts.
    """

    kind: str
    number: int
    text: str
    source: Source


class Index:
    """What a first pass over the body learns: the deals voided, the last fix of each deal
    (kept while it is voided: a restore brings the deal back as it stood), how many numbers
    have been used, and the file lines of the deal, void, restore and fix lines a pass that
    goes past its problems refused (:func:`scan`)."""

    def __init__(self) -> None:
        self.voided: set[int] = set()
        self.fixes: dict[int, Line] = {}
        self.used = 0
        self.refused: set[int] = set()


def body_lines(path: str, body_start: int, raw_lines: Iterable[bytes],
               on_error: OnError = None) -> Iterator[Line]:
    """The body's deal, void, restore and fix lines, in file order (a line that does not
    read is handed to ``on_error`` and passed over, when one is given).

    Raises:
        JournalError, NotationError: a line that is not UTF-8 or does not read.
    """
    for number, raw in enumerate(raw_lines, start=1):
        if number < body_start:
            continue
        try:
            line = line_at(path, number, raw)
        except PulkaError as exc:
            if on_error is None:
                raise
            on_error(exc)
            continue
        if line is not None:
            yield line


def line_at(path: str, number: int, raw: bytes) -> Line | None:
    """The body line at ``number`` (None for a blank or comment line)."""
    fast = _CANONICAL.match(raw)  # a deal line as pulka writes it: the quick way
    if fast is not None:
        try:
            text = fast[2].decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            return Line("deal", int(fast[1]), text, Source(path, number, len(fast[1]) + 3))
    source = Source(path, number)
    line = decode(raw, source)
    text = line.strip()
    if not text or text[0] in ";#":
        return None
    word, _sep, rest = text.partition(" ")
    if word in HEADER_WORDS:
        raise JournalError(_("`{word}` belongs in the header, before the first deal")
                           .format(word=word), source)
    return body_line(word, rest.strip(), line, source)


def next_in_sequence(line: Line, used: int) -> int:
    """The number of a deal line, after making sure it follows the ``used`` numbers.

    Raises:
        JournalError: the number is out of sequence.
    """
    if line.number != used + 1:
        raise _out_of_sequence(line, used)
    return line.number


def _out_of_sequence(line: Line, used: int) -> JournalError:
    """The problem of a deal line whose number does not follow the ``used`` numbers. (A
    reading that goes past it refuses the line and counts on from the higher of the two: a
    deal missing or written twice is one problem, not one for every deal after it.)"""
    return JournalError(_("deal number {number} out of sequence (expected {expected})")
                        .format(number=line.number, expected=used + 1),
                        Source(line.source.path, line.source.line))


def scan(lines: Iterable[Line], on_error: OnError = None) -> Index:
    """One pass over the body: numbering, voids, restores and fixes (each problem handed to
    ``on_error`` and its line refused, when one is given).

    Raises:
        JournalError: a deal number out of sequence, a void or fix of a deal that is not in
            force, or a restore of a deal that was not voided.
    """
    index = Index()
    for line in lines:
        if line.kind == "deal":
            if line.number == index.used + 1:
                index.used = line.number
            else:  # (the count goes on from the higher: see _out_of_sequence)
                problem = _out_of_sequence(line, index.used)
                problem.line_deal = line.number
                refuse(problem, on_error)
                index.refused.add(line.source.line)
                index.used = max(index.used, line.number)
            continue
        if line.kind == "restore":
            if line.number not in index.voided:
                refuse(JournalError(_("restore {number}: deal {number} was not taken back")
                                    .format(number=line.number), line.source,
                                    deal=line.number), on_error)
                index.refused.add(line.source.line)
                continue
            index.voided.discard(line.number)
            continue
        if not 1 <= line.number <= index.used or line.number in index.voided:
            # Translators: {word} is the journal's own word, `void` or `fix`
            refuse(JournalError(_("{word} {number}: there is no deal {number} in force")
                                .format(word=line.kind, number=line.number), line.source,
                                deal=line.number), on_error)
            index.refused.add(line.source.line)
            continue
        if line.kind == "void":
            index.voided.add(line.number)
        else:
            index.fixes[line.number] = line
    return index


def deal_of(line: Line, players: tuple[str, ...], words: Vocabulary) -> Deal:
    """The deal a deal or fix line holds (cached: most lines repeat; an error is read again to
    point at its place)."""
    deal = read_canonical(line.text, players, words)  # a line as pulka writes it: the quick way
    if deal is not None:
        return deal
    try:
        return parse_cached(line.text, players, words)
    except NotationError:
        return parse_deal(line.text, players, words, line.source)


class Entries:
    """The deals in force of a journal, read from the file each time they are iterated.

    A journal with no void or fix (``index`` None) is read in one pass straight from its raw
    lines: a line in the canonical form, numbered in sequence, holding a deal the quick reader
    knows, becomes its entry without a :class:`Line` made for it; any other line takes the
    word-by-word way and its checks.

    ``content`` gives the SHA-256 of the journal's bytes as they are now: the name of its
    snapshot (:mod:`pulka.replay.snapshots`).
    """

    def __init__(self, lines: Callable[[OnError], Iterable[Line]], players: tuple[str, ...],
                 words: Vocabulary, index: Index | None, path: str = "",
                 raw: Callable[[], Iterable[bytes]] | None = None, body_start: int = 1,
                 block_reader: Callable[[int], Iterable[list[bytes]]] | None = None,
                 content: Callable[[], bytes] | None = None, on_error: OnError = None
                 ) -> None:
        self.lines = lines
        self.players = players
        self.words = words  # the vocabulary of the table's family
        self.index = index  # None: there are no voids or fixes, numbering is checked here
        self.path, self.raw, self.body_start = path, raw, body_start
        self.block_reader = block_reader
        self.content = content
        #: given: every problem is handed to it, and the reading goes past it (``index`` was
        #: made by a scan given it too)
        self.on_error = on_error

    def __iter__(self) -> Iterator[Entry]:
        players, words = self.players, self.words
        if self.on_error is not None:
            yield from self._past_problems(self.on_error)
            return
        if self.index is None and self.raw is not None:
            yield from self._in_one_pass()
            return
        if self.index is None:  # every deal line, in order
            used = 0
            for line in self.lines(None):
                used = next_in_sequence(line, used)
                yield Entry(used, deal_of(line, players, words), Source(line.source.path,
                                                                 line.source.line))
            return
        voided, fixes = self.index.voided, self.index.fixes
        for line in self.lines(None):
            if line.kind != "deal" or line.number in voided:
                continue
            chosen = fixes.get(line.number, line)
            yield Entry(line.number, deal_of(chosen, players, words),
                        Source(chosen.source.path, chosen.source.line))

    def _past_problems(self, on_error: Callable[[PulkaError], None]) -> Iterator[Entry]:
        """The deals in force, every problem handed to ``on_error`` (see the module)."""
        players, words = self.players, self.words
        if self.index is None:  # no void or fix line: the numbering is checked here
            used = 0
            for line in self.lines(on_error):
                if line.number != used + 1:
                    problem = _out_of_sequence(line, used)
                    problem.line_deal = line.number
                    on_error(problem)
                    used = max(used, line.number)
                    continue
                used = line.number
                deal = _deal_or_refused(line, players, words, on_error)
                if deal is not None:
                    yield Entry(used, deal, Source(line.source.path, line.source.line))
            return
        voided, fixes, refused = self.index.voided, self.index.fixes, self.index.refused
        for line in self.lines(_told):  # (the scan told of the lines that do not read)
            if line.kind != "deal" or line.number in voided or line.source.line in refused:
                continue
            chosen = fixes.get(line.number, line)
            deal = _deal_or_refused(chosen, players, words, on_error)
            if deal is not None:
                yield Entry(line.number, deal, Source(chosen.source.path, chosen.source.line))

    def _in_one_pass(self) -> Iterator[Entry]:
        """Every deal line in order, the common lines read the quick way (see the class)."""
        assert self.raw is not None
        path, players, words = self.path, self.players, self.words
        used = 0
        raw_lines = itertools.islice(self.raw(), self.body_start - 1, None)
        for number, raw in enumerate(raw_lines, start=self.body_start):
            entry = entry_at(path, players, words, number, raw, used)
            if entry is not None:
                used = entry.number
                yield entry

    def blocks(self, first: int | None = None) -> Blocks | None:
        """The body in blocks of lines from file line ``first`` (the body's first line when
        None), for the compiled replay (:mod:`pulka.replay.compiled`); None when the journal has
        corrections, or no block reader."""
        if self.index is not None or self.block_reader is None or self.on_error is not None:
            return None
        first = self.body_start if first is None else first
        return Blocks(self.path, self.players, self.words, first, iter(self.block_reader(first)))


def _deal_or_refused(line: Line, players: tuple[str, ...], words: Vocabulary,
                     on_error: Callable[[PulkaError], None]) -> Deal | None:
    """:func:`deal_of`, or None when it does not read (the problem handed to ``on_error``)."""
    try:
        return deal_of(line, players, words)
    except PulkaError as exc:
        exc.line_deal = line.number
        on_error(exc)
        return None


def _told(exc: PulkaError) -> None:
    """A problem told already (by the first pass over the same lines)."""


def entry_at(path: str, players: tuple[str, ...], words: Vocabulary, number: int, raw: bytes,
             used: int) -> Entry | None:
    """The deal at file line ``number`` after ``used`` deals (None for a blank or comment
    line): a line as pulka writes it the quick way, any other word by word.

    Raises:
        JournalError, NotationError: the line does not read, or is out of sequence.
    """
    deal = canonical_deal(raw, used + 1, players, words)
    if deal is not None:
        return Entry(used + 1, deal, Source(path, number))
    line = line_at(path, number, raw)
    if line is None:
        return None
    return Entry(next_in_sequence(line, used), deal_of(line, players, words),
                 Source(path, number))


def canonical_deal(raw: bytes, number: int, players: tuple[str, ...],
                   words: Vocabulary) -> Deal | None:
    """The deal of a line as pulka writes it (``12. Аня 6s ...``) numbered ``number``, read
    the quick way; None for any other line."""
    fast = _CANONICAL.match(raw)
    if fast is None or fast[1] != b"%d" % number:  # (no leading zeros)
        return None
    try:
        return read_canonical(fast[2].decode("utf-8"), players, words)
    except UnicodeDecodeError:
        return None


class Blocks:
    """A body read in blocks of lines (each without its LF), for the compiled replay.

    Attributes:
        first: the file line of the body's first line.
        blocks: the body's lines, in blocks.
    """

    def __init__(self, path: str, players: tuple[str, ...], words: Vocabulary, first: int,
                 blocks: Iterator[list[bytes]]) -> None:
        self.path, self.players, self.first, self.blocks = path, players, first, blocks
        self.words = words

    def line_entry(self, number: int, raw: bytes, used: int) -> Entry | None:
        """See :func:`entry_at`."""
        return entry_at(self.path, self.players, self.words, number, raw, used)


def from_line(blocks: Iterable[list[bytes]], first: int) -> Iterator[list[bytes]]:
    """The blocks of a whole file, from file line ``first`` on."""
    skip = first - 1
    for block in blocks:
        if skip >= len(block):
            skip -= len(block)
            continue
        yield block[skip:] if skip else block
        skip = 0


def body_line(word: str, rest: str, line: str, source: Source) -> Line:
    """A body line read word by word (``word`` is its first word, ``rest`` what follows)."""
    if word in BODY_WORDS:
        number_text, _sep, deal_text = rest.partition(" ")
        if not re.fullmatch(r"[0-9]{1,12}", number_text):
            other_digits(number_text, line, source)
            raise NotationError(_("`{word}` needs the number of a deal").format(word=word),
                                source.at_col(line.find(word) + 1))
        if word != "fix":
            tail = deal_text.strip()
            if tail and not tail.startswith(";"):
                # Translators: {word} is the journal's own word, `void` or `restore`
                raise NotationError(_("`{word} N` takes only a deal number (and a ; comment)")
                                    .format(word=word), source.at_col(line.find(tail) + 1))
        col = line.find(deal_text) + 1 if deal_text else 0
        return Line(word, int(number_text), deal_text, source.at_col(col))
    numbered = re.match(_NUMBERED, word)
    if numbered is None:
        other_digits(word, line, source)
        raise NotationError(_("{word!r} does not start a deal line (a deal line starts with "
                              "its number: `12. Аня 6s ...`)").format(word=word),
                            source.at_col(line.find(word) + 1))
    col = line.find(rest, line.find(word) + len(word)) + 1 if rest else 0
    return Line("deal", int(numbered.group(1)), rest, source.at_col(col))


def other_digits(word: str, line: str, source: Source) -> None:
    """Refuse a deal number in digits other than 0-9 (٧, ७, ７), or one absurdly long."""
    if re.match(_ANY_DIGITS, word):
        where = source.at_col(line.find(word) + 1)
        shown = word if len(word) <= 20 else word[:20] + "…"
        if word.rstrip(".").isascii():
            digits = len(word.rstrip("."))
            raise NotationError(ngettext("deal number {shown} has {digits} digit; deal numbers "
                                         "count the deals of one game",
                                         "deal number {shown} has {digits} digits; deal numbers "
                                         "count the deals of one game", digits)
                                .format(shown=shown, digits=digits), where)
        raise NotationError(_("deal number {shown!r} is not written with the digits 0-9")
                            .format(shown=shown), where)

