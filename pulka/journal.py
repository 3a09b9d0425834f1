"""The game journal: a plain UTF-8 text file, one line per deal, only ever appended to.

Layout::

    ; comments start with ; or #
    pulka 1                                 format version (first line that is not a comment)
    created 2026-11-29T20:15
    convention sochi                        the name or path the game was started with
    players Аня Борис Вера                  seating order, clockwise; the first deals first
    set pulya 20                            the table's own overrides, as given
    rule whist.rate 1                       ... the full resolved convention, one key a line
    1. Аня 6s 6 Борис whist 2 Вера whist 2  deals, numbered; numbers are never reused
    void 1                                  takes deal 1 back
    fix 2 Борис 7h 6 Аня whist 4 Вера pass  replaces deal 2; later deals are rescored

The journal is the source of truth and the sheet is derived from it. Every write appends
one whole line after the whole game, with that line, has been replayed and checked.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, NamedTuple

from .atomic import clean_stale, create_new, replace_keeping, umask
from .bounded import LINE_LIMIT, open_regular
from .bounded import lines as bounded_lines
from .convention import Convention
from .convention.schema import IDENTITY, keys_for
from .convention.stored import from_rule_lines
from .convention.types import BadValue
from .errors import ConventionError, JournalError, NotationError, PulkaError, Source
from .filekind import HEAD, not_a_journal
from .lock import REOPEN_TRIES, Locked, Replaced
from .model import Deal, Entry, Game, Table, check_players
from .notation import format_deal, parse_cached, parse_deal, quote, tokenize

VERSION = "1"
HEADER_WORDS = ("pulka", "created", "convention", "players", "set", "rule", "title")
#: a header line longer than this is refused at once (a non-journal is told quickly)
HEADER_LINE_LIMIT = 8192
_NUMBERED = re.compile(r"^([0-9]{1,12})\.?$")  # ASCII digits only: \d would take ٧ as 7
_ANY_DIGITS = re.compile(r"^\d+\.?$")
_CANONICAL = re.compile(rb"([0-9]{1,12})\. ([^\s;#][^;#\r\n]*?)\r?\n?$")


class Line(NamedTuple):
    """A line of the journal's body: a deal, a void or a fix (its deal text not yet read).

    Attributes:
        kind: ``deal``, ``void`` or ``fix``.
        number: the deal number it concerns.
        text: the deal, for deal and fix lines.
        source: file, line and the column where the deal text starts.
    """

    kind: str
    number: int
    text: str
    source: Source


class Index:
    """What a first pass over the body learns: the deals voided, the last fix of each deal,
    and how many numbers have been used."""

    def __init__(self) -> None:
        self.voided: set[int] = set()
        self.fixes: dict[int, Line] = {}
        self.used = 0


class Journal:
    """A journal: its header, read at once, and its body, read line by line when needed.

    A long journal is never held in memory: :meth:`lines` reads it again on each pass.

    Attributes:
        path: the file, as named.
        reader: gives the file's lines (bytes) afresh on each call.
        chunks: gives the file's bytes in large pieces (to look for corrections quickly).
        players, convention_ref, overrides, rules, meta: the header.
        convention: the convention the header resolves to.
        body_start: the number of the first line after the header.
        sources: where the header's convention and set lines stood.
    """

    def __init__(self, path: str, reader: Callable[[], Iterable[bytes]],
                 chunks: Callable[[], Iterable[bytes]]) -> None:
        self.path = path
        self.reader = reader
        self.chunks = chunks
        self.players: tuple[str, ...] = ()
        self.convention_ref = ""
        self.overrides: dict[str, str] = {}
        self.rules: dict[str, tuple[str, Source]] = {}
        self.meta: dict[str, str] = {}
        self.convention: Convention | None = None
        self.body_start = 1
        self.sources: dict[str, Source] = {}
        self._index: Index | None = None

    @property
    def next_number(self) -> int:
        return self.index().used + 1

    def table(self) -> Table:
        assert self.convention is not None
        return Table(self.players, self.convention, dict(self.overrides), self.convention_ref)

    def lines(self) -> Iterator[Line]:
        """The body's deal, void and fix lines, in file order.

        Raises:
            JournalError, NotationError: a line that is not UTF-8 or does not read.
        """
        for number, raw in enumerate(self.reader(), start=1):
            if number >= self.body_start:
                yield from self.lines_of(number, raw)

    def lines_of(self, number: int, raw: bytes) -> Iterator[Line]:
        """The body line at ``number`` (nothing for a blank or comment line)."""
        fast = _CANONICAL.match(raw)  # a deal line as pulka writes it: the quick way
        if fast is not None:
            try:
                text = fast[2].decode("utf-8")
            except UnicodeDecodeError:
                pass
            else:
                yield Line("deal", int(fast[1]), text, Source(self.path, number, len(fast[1]) + 3))
                return
        source = Source(self.path, number)
        line = _decode(raw, source)
        text = line.strip()
        if not text or text[0] in ";#":
            return
        word, _, rest = text.partition(" ")
        if word in HEADER_WORDS:
            raise JournalError(f"`{word}` belongs in the header, before the first deal", source)
        yield _body_line(word, rest.strip(), line, source)

    def index(self) -> Index:
        """Numbering, voids and fixes (one pass over the body, done once)."""
        if self._index is None:
            self._index = self._scan()
        return self._index

    def _scan(self) -> Index:
        """One pass over the body: numbering, voids and fixes.

        Raises:
            JournalError: a deal number out of sequence, or a void or fix of a deal that is
                not in force.
        """
        index = Index()
        for line in self.lines():
            if line.kind == "deal":
                if line.number != index.used + 1:
                    raise JournalError(f"deal number {line.number} out of sequence (expected "
                                       f"{index.used + 1})", line.source)
                index.used = line.number
                continue
            if not 1 <= line.number <= index.used or line.number in index.voided:
                raise JournalError(f"{line.kind} {line.number}: there is no deal {line.number}"
                                   " in force", line.source, deal=line.number)
            if line.kind == "void":
                index.voided.add(line.number)
                index.fixes.pop(line.number, None)
            else:
                index.fixes[line.number] = line
        return index

    def game(self) -> Game:
        """The deals in force (voids removed, fixes applied), read as the game is replayed.

        A journal with no void or fix line at all (most of them) is read in one pass, its
        numbering checked on the way; otherwise a first pass finds the voids and fixes.
        """
        index = self.index() if self._index is not None or self.corrections() else None
        return Game(self.table(), _Entries(self, index), self.path, dict(self.meta))

    def corrections(self) -> bool:
        """Could the journal hold a void or fix line? (False only when it certainly does not.)"""
        tail = b""
        for chunk in self.chunks():
            if any(word in tail + chunk for word in (b"void", b"fix")):
                return True
            tail = chunk[-4:]
        return False


class _Entries:
    """The deals in force of a journal, read from the file each time they are iterated."""

    def __init__(self, journal: Journal, index: Index | None) -> None:
        self.journal = journal
        self.index = index  # None: there are no voids or fixes, numbering is checked here

    def __iter__(self) -> Iterator[Entry]:
        players = self.journal.players
        if self.index is None:
            yield from self._in_order(players)
            return
        voided, fixes = self.index.voided, self.index.fixes
        for line in self.journal.lines():
            if line.kind != "deal" or line.number in voided:
                continue
            chosen = fixes.get(line.number, line)
            deal = parse_deal(chosen.text, players, chosen.source)
            yield Entry(line.number, deal, Source(chosen.source.path, chosen.source.line))


    def _in_order(self, players: tuple[str, ...]) -> Iterator[Entry]:
        """A journal without voids or fixes: every deal line, in order (the quick way: most
        lines are written by pulka, and are read with one pattern and a cached parse)."""
        journal = self.journal
        path, canonical, parse = journal.path, _CANONICAL.match, parse_cached
        expected = 1
        for number, raw in enumerate(journal.reader(), start=1):
            if number < journal.body_start:
                continue
            fast = canonical(raw)
            if fast is not None:
                try:
                    text = fast[2].decode("utf-8")
                except UnicodeDecodeError:
                    fast = None
            if fast is None:
                for line in journal.lines_of(number, raw):  # anything else: the full way
                    yield from self._one(line, expected, players)
                    expected += 1
                continue
            deal_number = int(fast[1])
            if deal_number != expected:
                raise JournalError(f"deal number {deal_number} out of sequence (expected "
                                   f"{expected})", Source(path, number))
            expected += 1
            try:
                deal = parse(text, players)
            except NotationError:  # read it again, to point at the place
                deal = parse_deal(text, players, Source(path, number, len(fast[1]) + 3))
            yield Entry(deal_number, deal, Source(path, number))

    @staticmethod
    def _one(line: Line, expected: int, players: tuple[str, ...]) -> Iterator[Entry]:
        if line.number != expected:
            raise JournalError(f"deal number {line.number} out of sequence (expected "
                               f"{expected})", line.source)
        deal = parse_deal(line.text, players, line.source)
        yield Entry(line.number, deal, Source(line.source.path, line.source.line))


def _decode(raw: bytes, source: Source) -> str:
    try:
        return raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError:
        raise JournalError("the line is not valid UTF-8", source) from None


def _body_line(word: str, rest: str, line: str, source: Source) -> Line:
    if word in ("void", "fix"):
        number_text, _, deal_text = rest.partition(" ")
        if not re.fullmatch(r"[0-9]{1,12}", number_text):
            _other_digits(number_text, line, source)
            raise NotationError(f"`{word}` needs the number of a deal",
                                source.at_col(line.find(word) + 1))
        if word == "void":
            tail = deal_text.strip()
            if tail and not tail.startswith(";"):
                raise NotationError("`void N` takes only a deal number (and a ; comment)",
                                    source.at_col(line.find(tail) + 1))
        col = line.find(deal_text) + 1 if deal_text else 0
        return Line(word, int(number_text), deal_text, source.at_col(col))
    numbered = _NUMBERED.match(word)
    if numbered is None:
        _other_digits(word, line, source)
        raise NotationError(f"{word!r} does not start a deal line (a deal line starts with its "
                            "number: `12. Аня 6s ...`)", source.at_col(line.find(word) + 1))
    col = line.find(rest, line.find(word) + len(word)) + 1 if rest else 0
    return Line("deal", int(numbered.group(1)), rest, source.at_col(col))


def _other_digits(word: str, line: str, source: Source) -> None:
    """Refuse a deal number in digits other than 0-9 (٧, ७, ７), or one absurdly long."""
    if _ANY_DIGITS.match(word):
        where = source.at_col(line.find(word) + 1)
        shown = word if len(word) <= 20 else word[:20] + "…"
        if word.rstrip(".").isascii():
            raise NotationError(f"deal number {shown} has {len(word.rstrip('.'))} digits; deal "
                                "numbers count the deals of one game", where)
        raise NotationError(f"deal number {shown!r} is not written with the digits 0-9", where)


def read(path: Path) -> Journal:
    """Open a journal file: its header is read now, its deals when the game is replayed.

    Only a regular file is opened (a FIFO or a device is refused before it is read), and
    every line is read with a bound (see :mod:`.bounded`); the size is not capped.

    Raises:
        JournalError: missing, unreadable, not a regular file, cut off, or a header that does
            not read.
    """
    where = str(path)
    try:
        with open_regular(path, "journal", JournalError) as handle:
            size = handle.seek(0, os.SEEK_END)
            if size:
                handle.seek(size - 1)
                if handle.read(1) != b"\n":
                    handle.seek(0)
                    _refuse_kind(where, handle.read(HEAD))
                    handle.seek(0)
                    raise _torn(where, _count_journal_lines(handle, where))
    except OSError as exc:
        raise JournalError(f"cannot read the journal: {exc.strerror}", Source(where)) from None

    def reader() -> Iterator[bytes]:
        with open_regular(path, "journal", JournalError) as handle:
            yield from bounded_lines(handle, where, JournalError)

    def chunks() -> Iterator[bytes]:
        with open_regular(path, "journal", JournalError) as handle:
            while chunk := handle.read(1 << 20):
                yield chunk

    return _open(where, reader, chunks)


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
                raise JournalError(f"line {number} is longer than {LINE_LIMIT} bytes; this is "
                                   "not a line pulka wrote", Source(where, number))
            yield raw

    return _open(where, reader, lambda: [data])


def _count_journal_lines(handle: BinaryIO, where: str) -> int:
    """The number of lines of a journal cut off part-way; what is not a journal at all is
    refused from its first line instead of being read to its end."""
    count, started = 0, False
    for count, raw in enumerate(bounded_lines(handle, where, JournalError), start=1):
        text = raw.removeprefix(b"\xef\xbb\xbf").strip()
        if not started and text and text[:1] not in b";#":
            if text.split()[0] != b"pulka":
                raise _not_a_journal(Source(where, count))
            started = True
    return count


def _not_a_journal(source: Source) -> JournalError:
    return JournalError("not a pulka journal: the first line must be `pulka 1`", source)


def _refuse_kind(where: str, head: bytes) -> None:
    """A file with no final LF that is plainly not a journal (CR line ends, UTF-16) is named
    for what it is, not sent to `repair` as a torn line."""
    if b"\0" in head and not head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return  # NUL bytes without a byte-order mark: the line bound names them
    kind = not_a_journal(head)
    if kind is not None:
        raise JournalError(f"not a pulka journal: {kind}", Source(where, 1))


def _torn(where: str, line: int) -> JournalError:
    return JournalError(f"the last line (line {line}) was cut off part-way", Source(where, line),
                        hint=f"`pulka repair {where}` removes that line if it is incomplete, "
                             "or adds its newline if it is whole")


def _open(where: str, reader: Callable[[], Iterable[bytes]],
          chunks: Callable[[], Iterable[bytes]]) -> Journal:
    journal = Journal(path=where, reader=reader, chunks=chunks)
    seen_version = False
    number = 0
    for number, raw in enumerate(reader(), start=1):
        source = Source(where, number)
        if len(raw) > HEADER_LINE_LIMIT and raw.lstrip()[:1] not in (b";", b"#"):
            # a header line is short: refuse it without decoding or parsing it
            # (a long first deal line is refused too: no deal line comes near this)
            raise JournalError(f"line {number} is longer than {HEADER_LINE_LIMIT} bytes: "
                               "not a line of a journal's header", source)
        line = _decode(raw.removeprefix(b"\xef\xbb\xbf") if number == 1 else raw, source)
        text = line.strip()
        if not text or text[0] in ";#":
            continue
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        if not seen_version:
            if word != "pulka":
                raise _not_a_journal(source)
            if rest != VERSION:
                raise JournalError(f"journal format {rest!r} is not known (this pulka reads "
                                   f"format {VERSION})", source)
            seen_version = True
            continue
        if word not in HEADER_WORDS:
            journal.body_start = number
            break
        _header(journal, word, rest, source.at_col(line.find(rest) + 1 if rest else 0))
    else:
        journal.body_start = number + 1
    if not seen_version:
        raise _not_a_journal(Source(where, 1))
    if not journal.players:
        raise JournalError("the journal names no players (a `players` line)", Source(where))
    journal.convention = _convention(journal, Source(where))
    return journal


def _header(journal: Journal, word: str, rest: str, source: Source) -> None:
    key = f"{word} {rest.partition(' ')[0]}" if word in ("set", "rule") else word
    first = journal.sources.get(key)
    if first is not None and rest:  # the last would win silently, and change the game
        raise JournalError(f"`{key}` is given twice in the header, at lines {first.line} and "
                           f"{source.line}", source)
    journal.sources[key] = source
    if word not in ("players", "set", "rule") and any(  # those are checked by their types
            ch != "\t" and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in rest):
        # an escape in a title would reach the terminal through `show`
        raise JournalError(f"`{word}` holds a control character; a header line is visible text",
                           source)
    if word == "players":
        names = tuple(t.text for t in tokenize(rest, source))
        journal.players = check_players(names, source, strict=False)  # old games still open
    elif word == "convention":
        journal.convention_ref = rest
    elif word in ("set", "rule"):
        key, _, value = rest.partition(" ")
        if not key or not value.strip():
            raise NotationError(f"`{word}` needs a key and a value", source)
        if word == "set":
            journal.overrides[key] = value.strip()
        else:
            journal.rules[key] = (value.strip(), source)
    else:
        journal.meta[word] = rest


def _convention(journal: Journal, where: Source) -> Convention:
    """The convention the header resolves to; ``set`` values are checked either way and kept
    in the key's own text, so ``show`` prints what the settlement uses."""
    if journal.rules:
        convention = from_rule_lines(journal.rules, where)
        journal.overrides = _checked_sets(journal, convention)
        return convention
    if not journal.convention_ref:
        raise JournalError("the journal names no convention", where)
    from .convention.loader import apply_text_overrides, find, load_file  # reads YAML

    try:
        convention = load_file(find(journal.convention_ref, Path(journal.path).parent))
    except ConventionError as exc:
        raise exc.located(journal.sources.get("convention", where)) from None
    for key, text in journal.overrides.items():
        convention = apply_text_overrides(convention, {key: text},
                                          journal.sources.get(f"set {key}", where))
    journal.overrides = _checked_sets(journal, convention)
    return convention


def _checked_sets(journal: Journal, convention: Convention) -> dict[str, str]:
    """The ``set`` lines read as their keys' types; each must agree with the ``rule`` line of
    the same key (a journal pulka wrote always does).

    Raises:
        ConventionError: a value that does not read, an unknown key, or a disagreement.
    """
    keys = keys_for(convention.family)
    out: dict[str, str] = {}
    for path, text in journal.overrides.items():
        source = journal.sources[f"set {path}"]
        key = keys.get(path)
        if key is None or path in IDENTITY:
            raise ConventionError(f"set {path}: not a key that a table can set", source)
        try:
            value = key.type.from_text(text)
        except BadValue as exc:
            raise ConventionError(f"set {path}: {exc}", source) from None
        if value != convention[path]:
            rule = journal.sources.get(f"rule {path}")
            raise ConventionError(f"set {path} {text} disagrees with the rule of line "
                                  f"{rule.line if rule else '?'} "
                                  f"({key.type.text(convention[path])})", source)
        out[path] = key.type.text(value)
    return out


# --- writing -----------------------------------------------------------------------------------


def header_text(players: tuple[str, ...], ref: str, convention: Convention,
                overrides: dict[str, str], created: str) -> str:
    """The header of a new journal, with the whole resolved convention."""
    lines = [
        "; pulka game journal: one deal per line. pulka only ever appends to this file.",
        f"pulka {VERSION}",
        f"created {created}",
        f"convention {ref}",
        "players " + " ".join(quote(p) for p in players),
    ]
    keys = keys_for(convention.family)
    lines += [f"set {k} {keys[k].type.text(convention[k])}" for k in overrides]
    lines += [f"rule {k} {v}" for k, v in convention.rule_lines()]
    return "\n".join(lines) + "\n"


def create(path: Path, text: str) -> None:
    """Write a new journal all at once; never replaces an existing file.

    Raises:
        JournalError: the file exists or cannot be written (nothing is left on disk).
    """
    folder = path.parent if str(path.parent) else Path(".")
    try:
        create_new(path, text.encode("utf-8"), 0o666 & ~umask())  # as an ordinary new file
    except FileExistsError:
        if path.is_dir():
            raise JournalError("a folder of that name is there; a journal is a file",
                               Source(str(path))) from None
        raise JournalError("the file already exists; pulka will not overwrite a game",
                           Source(str(path))) from None
    except FileNotFoundError as exc:
        if not folder.is_dir():
            raise JournalError(f"cannot create the journal: there is no folder {folder}",
                               Source(str(path))) from None
        raise JournalError(f"cannot create the journal: the folder {folder} takes no new files "
                           f"({exc.strerror})", Source(str(path))) from None
    except OSError as exc:
        raise JournalError(f"cannot create the journal: {exc.strerror or exc}",
                           Source(str(path))) from None


def append_checked(path: Path, make_line: Callable[[Journal], str],
                   committed: Callable[[str], None] | None = None) -> str:
    """Append one line under the write lock, after the whole game has been checked with it.

    If the journal is replaced (saved by rename) or deleted before the line is safely
    written, the old file is left as it was and the whole check runs again on the file now
    at the path, a few times at most.

    Args:
        make_line: journal -> the line to append. It replays the game with the change (every
            check runs) and raises PulkaError if the game would not be legal.
        committed: called with the line the moment it is safely on disk (see Locked.append).

    Returns:
        The line appended.
    """
    tries = 1
    while True:
        with Locked(path) as lock:
            journal = parse(lock.read(), str(path))
            line = make_line(journal)
            check_line(journal, line)
            try:
                lock.append(line, committed)
                return line
            except Replaced:
                if tries >= REOPEN_TRIES:
                    raise
                tries += 1


def check_line(journal: Journal, line: str) -> None:
    """The line reads back as a body line of this journal (syntax only)."""
    source = Source(journal.path)
    word, _, rest = line.strip().partition(" ")
    body = _body_line(word, rest.strip(), line, source)
    if body.kind != "void":
        parse_deal(body.text, journal.players, source)


def deal_line(number: int, deal: Deal) -> str:
    return f"{number}. {format_deal(deal)}"


class Mended(NamedTuple):
    """What :func:`repair` did: ``nothing``, ``newline`` (added to a complete last line) or
    ``dropped`` (a cut-off last line removed); ``line`` is that last line's text."""

    action: str
    line: str = ""


def repair(path: Path) -> Mended:
    """Mend a journal whose last line has no newline: a complete, valid last line gets its
    newline; a cut-off one is removed by an atomic rewrite (through a symlink, of the target;
    its mode and owner kept). Anything that is not a pulka journal is refused, unchanged.

    Raises:
        JournalError: not a journal, damaged before its last line, or cannot be written.
    """
    where = str(path)
    _refuse_other_files(path, where)  # before the lock, which would name other faults first
    try:
        with Locked(path) as lock:
            data = lock.read()
            head = _check_journal_head(data, where)
            cut = data.rfind(b"\n") + 1
            keep, last = data[:cut], data[cut:].decode("utf-8", errors="replace")
            # A valid last line is taken as whole. (A cut that leaves a valid line is possible,
            # as `... Вера whist` for `... Вера whist 2`; it then reads as the same deal.)
            if not last:
                mended = Mended("nothing")
            elif (whole := _replay_error(data + b"\n", where)) is None:
                lock.append("")  # the last line was whole: just its newline
                mended = Mended("newline", last)
            else:
                if head > keep.count(b"\n"):  # the `pulka` line itself is the last one
                    raise whole
                _replay(keep, where)  # raises if even the kept part does not read
                replace_keeping(path, keep)
                mended = Mended("dropped", last)
        clean_stale(Path(os.path.realpath(path)))
    except OSError as exc:
        raise JournalError(f"cannot repair the journal: {exc.strerror or exc}",
                           Source(where)) from None
    return mended


def _refuse_other_files(path: Path, where: str) -> None:
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
        raise JournalError(f"not a pulka journal: {what}; repair left it as it was",
                           Source(where))
    for number, raw in enumerate(data.split(b"\n", 4096)[:4096], start=1):
        try:
            text = raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8").strip()
        except UnicodeDecodeError:
            raise JournalError(f"not a pulka journal: line {number} is not UTF-8 text; repair "
                               "left the file as it was", Source(where, number)) from None
        if text and text[0] not in ";#":
            if text.split()[0] != "pulka":
                raise JournalError("not a pulka journal (its first line is not `pulka 1`); "
                                   "repair left it as it was", Source(where, number))
            return number
    return 0


def _replay(data: bytes, where: str) -> None:
    """Read the journal and replay the whole game (every check runs)."""
    from .replay import final_state  # only repair plays the game; reading does not

    try:
        final_state(parse(data, where).game())
    except PulkaError as exc:
        if exc.hint is None:
            exc.hint = "repair changed nothing: the journal is damaged before its last line"
        raise


def _replay_error(data: bytes, where: str) -> PulkaError | None:
    """Why the journal does not read or replay, or None when it does."""
    from .replay import final_state

    try:
        final_state(parse(data, where).game())
    except PulkaError as exc:
        if exc.hint is None:
            exc.hint = "repair left the file as it was"
        return exc
    return None


__all__ = [
    "ConventionError",
    "PulkaError",
    "append_checked",
    "create",
    "deal_line",
    "header_text",
    "parse",
    "read",
    "repair",
]

