"""A journal's body: its deal, void, restore and fix lines, their numbering, and the deals in
force.

A deal line as pulka writes it (``12. Аня 6s ...``) is read by one pattern, the fast path;
anything else is read word by word. Either way the numbering is checked in one place.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator

from ..errors import JournalError, NotationError, Source
from ..frozen import NamedTuple
from ..game import Deal, Entry
from ..i18n import _, ngettext
from ..notation import parse_cached, parse_deal
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
    (kept while it is voided: a restore brings the deal back as it stood), and how many
    numbers have been used."""

    def __init__(self) -> None:
        self.voided: set[int] = set()
        self.fixes: dict[int, Line] = {}
        self.used = 0


def body_lines(path: str, body_start: int, raw_lines: Iterable[bytes]) -> Iterator[Line]:
    """The body's deal, void, restore and fix lines, in file order.

    Raises:
        JournalError, NotationError: a line that is not UTF-8 or does not read.
    """
    for number, raw in enumerate(raw_lines, start=1):
        if number >= body_start and (line := line_at(path, number, raw)) is not None:
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
        raise JournalError(_("deal number {number} out of sequence (expected {expected})")
                           .format(number=line.number, expected=used + 1),
                           Source(line.source.path, line.source.line))
    return line.number


def scan(lines: Iterable[Line]) -> Index:
    """One pass over the body: numbering, voids, restores and fixes.

    Raises:
        JournalError: a deal number out of sequence, a void or fix of a deal that is not in
            force, or a restore of a deal that was not voided.
    """
    index = Index()
    for line in lines:
        if line.kind == "deal":
            index.used = next_in_sequence(line, index.used)
            continue
        if line.kind == "restore":
            if line.number not in index.voided:
                raise JournalError(_("restore {number}: deal {number} was not taken back")
                                   .format(number=line.number), line.source, deal=line.number)
            index.voided.discard(line.number)
            continue
        if not 1 <= line.number <= index.used or line.number in index.voided:
            # Translators: {word} is the journal's own word, `void` or `fix`
            raise JournalError(_("{word} {number}: there is no deal {number} in force")
                               .format(word=line.kind, number=line.number), line.source,
                               deal=line.number)
        if line.kind == "void":
            index.voided.add(line.number)
        else:
            index.fixes[line.number] = line
    return index


def deal_of(line: Line, players: tuple[str, ...]) -> Deal:
    """The deal a deal or fix line holds (cached: most lines repeat; an error is read again to
    point at its place)."""
    deal = read_canonical(line.text, players)  # a line as pulka writes it: the quick way
    if deal is not None:
        return deal
    try:
        return parse_cached(line.text, players)
    except NotationError:
        return parse_deal(line.text, players, line.source)


class Entries:
    """The deals in force of a journal, read from the file each time they are iterated.

    A journal with no void or fix (``index`` None) is read in one pass straight from its raw
    lines: a line in the canonical form, numbered in sequence, holding a deal the quick reader
    knows, becomes its entry without a :class:`Line` made for it; any other line takes the
    word-by-word way and its checks.

    ``content`` gives the SHA-256 of the journal's bytes as they are now: the name of its
    snapshot (:mod:`pulka.replay.snapshots`).
    """

    def __init__(self, lines: Callable[[], Iterable[Line]], players: tuple[str, ...],
                 index: Index | None, path: str = "",
                 raw: Callable[[], Iterable[bytes]] | None = None, body_start: int = 1,
                 block_reader: Callable[[int], Iterable[list[bytes]]] | None = None,
                 content: Callable[[], bytes] | None = None) -> None:
        self.lines = lines
        self.players = players
        self.index = index  # None: there are no voids or fixes, numbering is checked here
        self.path, self.raw, self.body_start = path, raw, body_start
        self.block_reader = block_reader
        self.content = content

    def __iter__(self) -> Iterator[Entry]:
        players = self.players
        if self.index is None and self.raw is not None:
            yield from self._in_one_pass()
            return
        if self.index is None:  # every deal line, in order
            used = 0
            for line in self.lines():
                used = next_in_sequence(line, used)
                yield Entry(used, deal_of(line, players), Source(line.source.path,
                                                                 line.source.line))
            return
        voided, fixes = self.index.voided, self.index.fixes
        for line in self.lines():
            if line.kind != "deal" or line.number in voided:
                continue
            chosen = fixes.get(line.number, line)
            yield Entry(line.number, deal_of(chosen, players),
                        Source(chosen.source.path, chosen.source.line))

    def _in_one_pass(self) -> Iterator[Entry]:
        """Every deal line in order, the common lines read the quick way (see the class)."""
        assert self.raw is not None
        path, players = self.path, self.players
        used = 0
        raw_lines = itertools.islice(self.raw(), self.body_start - 1, None)
        for number, raw in enumerate(raw_lines, start=self.body_start):
            entry = entry_at(path, players, number, raw, used)
            if entry is not None:
                used = entry.number
                yield entry

    def blocks(self, first: int | None = None) -> Blocks | None:
        """The body in blocks of lines from file line ``first`` (the body's first line when
        None), for the compiled replay (:mod:`pulka.replay.compiled`); None when the journal has
        corrections, or no block reader."""
        if self.index is not None or self.block_reader is None:
            return None
        first = self.body_start if first is None else first
        return Blocks(self.path, self.players, first, iter(self.block_reader(first)))


def entry_at(path: str, players: tuple[str, ...], number: int, raw: bytes,
             used: int) -> Entry | None:
    """The deal at file line ``number`` after ``used`` deals (None for a blank or comment
    line): a line as pulka writes it the quick way, any other word by word.

    Raises:
        JournalError, NotationError: the line does not read, or is out of sequence.
    """
    deal = canonical_deal(raw, used + 1, players)
    if deal is not None:
        return Entry(used + 1, deal, Source(path, number))
    line = line_at(path, number, raw)
    if line is None:
        return None
    return Entry(next_in_sequence(line, used), deal_of(line, players), Source(path, number))


def canonical_deal(raw: bytes, number: int, players: tuple[str, ...]) -> Deal | None:
    """The deal of a line as pulka writes it (``12. Аня 6s ...``) numbered ``number``, read
    the quick way; None for any other line."""
    fast = _CANONICAL.match(raw)
    if fast is None or fast[1] != b"%d" % number:  # (no leading zeros)
        return None
    try:
        return read_canonical(fast[2].decode("utf-8"), players)
    except UnicodeDecodeError:
        return None


class Blocks:
    """A body read in blocks of lines (each without its LF), for the compiled replay.

    Attributes:
        first: the file line of the body's first line.
        blocks: the body's lines, in blocks.
    """

    def __init__(self, path: str, players: tuple[str, ...], first: int,
                 blocks: Iterator[list[bytes]]) -> None:
        self.path, self.players, self.first, self.blocks = path, players, first, blocks

    def line_entry(self, number: int, raw: bytes, used: int) -> Entry | None:
        """See :func:`entry_at`."""
        return entry_at(self.path, self.players, number, raw, used)


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

