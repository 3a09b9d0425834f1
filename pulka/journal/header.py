"""A journal's header: the format line, the players, the convention and its rules.

The header is read at once when a journal is opened; the body (:mod:`.body`) is read only
as the game is replayed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from ..convention import Convention
from ..convention.conflicts import refuse as refuse_conflicts
from ..convention.conflicts import table_size_refused
from ..convention.schema import IDENTITY, keys_for
from ..convention.stored import from_rule_lines
from ..convention.types import BadValue
from ..errors import ConventionError, JournalError, NotationError, Source
from ..game import check_players
from ..i18n import _
from ..names import control_character
from ..notation import tokenize

VERSION = "1"
HEADER_WORDS = ("pulka", "created", "convention", "players", "set", "rule", "title")
#: a header line longer than this is refused at once (a non-journal is told quickly)
HEADER_LINE_LIMIT = 8192


class Header:
    """What the header says.

    Attributes:
        path: the file, as named.
        players, convention_ref, overrides, rules, meta: the header's lines.
        convention: the convention the header resolves to.
        body_start: the number of the first line after the header.
        sources: where the header's convention and set lines stood.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.players: tuple[str, ...] = ()
        self.convention_ref = ""
        self.overrides: dict[str, str] = {}
        self.meta: dict[str, str] = {}
        self.convention: Convention | None = None
        self.body_start = 1
        self._rules: dict[str, tuple[str, Source]] = {}
        self._sources: dict[str, Source] = {}
        #: a header filled in from one read before: its rules and sources are located in
        #: this file only when asked for (a many-game run never asks)
        self._read_before: _Read | None = None

    @property
    def rules(self) -> dict[str, tuple[str, Source]]:
        self._locate()
        return self._rules

    @property
    def sources(self) -> dict[str, Source]:
        self._locate()
        return self._sources

    def _locate(self) -> None:
        read, self._read_before = self._read_before, None
        if read is not None:
            where = self.path
            self._rules = {k: (text, Source(where, line, col))
                           for k, (text, line, col) in read.rules.items()}
            # (the information lines' own sources, found as they were read afresh, stay)
            self._sources = {**{k: Source(where, line, col)
                                for k, (line, col) in read.sources.items()}, **self._sources}


def decode(raw: bytes, source: Source) -> str:
    """A line as text, without its line end."""
    try:
        return raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError:
        raise JournalError(_("the line is not valid UTF-8"), source) from None


def not_a_journal_error(source: Source) -> JournalError:
    return JournalError(_("not a pulka journal: the first line must be `pulka 1`"), source)


def read_header(header: Header, lines: Iterable[bytes]) -> None:
    """Fill ``header`` from the journal's first lines, up to the first body line.

    A header read before, line for line but for its ``created`` and ``title`` lines (every
    game of a table in a many-game run), is filled in from the first reading.

    Raises:
        JournalError, NotationError, ConventionError: a header that does not read.
    """
    raws, ended, info = _header_lines(lines)
    if ended and len(raws[-1]) > HEADER_LINE_LIMIT:
        _read_lines(header, raws)  # (refused)
        return
    # the key: the header's lines, the information lines left out, and whether a body follows
    # (its first line ends the header, whatever it holds)
    key = (*(None if at in info else raw for at, raw in enumerate(raws[:len(raws) - ended])),
           ended)
    found = _READ.get(key)
    if found is not None:
        found.fill(header, raws, ended, info)
        return
    _read_lines(header, raws)
    # (a convention found by its name or path, not given by rule lines, depends on the
    # journal's folder and on that file: read afresh each time)
    if header.rules and len(_READ) < _READ_MAX:
        _READ[key] = found = _Read(header)
        _learn_block(raws, ended, info, found)


def read_header_block(header: Header, data: bytes) -> bool:
    """Fill ``header`` from a header met before as one block of bytes, when ``data`` (a whole
    journal) starts with one; False when it does not (then :func:`read_header` reads it).

    The block is every line before the first deal line (``1. ``), its information lines
    (:data:`META`) cut down to their word: a block :func:`read_header` read exactly as its
    header, telling the same lines apart as information lines, is read the same way again.
    """
    end = data.find(b"\n1. ") + 1 if _BLOCKS else 0
    if not end:
        return False
    key, spans = _block_key(data, end)
    found = _BLOCKS.get(key)
    if found is None:
        return False
    read, numbers = found
    lines = [data[start:stop] for start, stop in spans]
    first_deal = data[end:data.find(b"\n", end)]
    if max([len(first_deal), *map(len, lines)]) > HEADER_LINE_LIMIT:
        return False  # (refused: read_header says where)
    read.fill_lines(header, zip(numbers, lines, strict=True), first_deal)
    return True


def _block_key(data: bytes, end: int) -> tuple[bytes, list[tuple[int, int]]]:
    """The block ``data[:end]`` with its information lines cut down to their word (a line
    that starts with the word, followed by a space or nothing), and where those lines are
    (start, end), in order."""
    cuts: list[tuple[int, int, int]] = []  # (where a line starts, its word ends, it ends)
    for word in (b"\ncreated", b"\ntitle"):
        at = data.find(word, 0, end)
        while at >= 0:
            after = at + len(word)
            if data[after:after + 1] in (b" ", b"\n"):
                cuts.append((at + 1, after, data.find(b"\n", after)))
            at = data.find(word, after, end)
    if not cuts:
        return data[:end], []
    cuts.sort()
    parts, last = [], 0
    for start, after, stop in cuts:
        parts.append(data[last:after])
        last = stop
    parts.append(data[last:end])
    return b"".join(parts), [(start, stop) for start, _after, stop in cuts]


def _learn_block(raws: list[bytes], ended: bool, info: set[int], read: _Read) -> None:
    """Keep a header just read as a block (see :func:`read_header_block`), when it is one: it
    ends at a deal line numbered 1, and its information lines are the ones the block's key
    cuts down."""
    if not ended or not raws[-1].startswith(b"1. ") or len(_BLOCKS) >= _READ_MAX:
        return
    # (a file read line by line gives each line with its LF; a journal in memory, without)
    block = b"".join(raw if raw.endswith(b"\n") else raw + b"\n" for raw in raws[:-1])
    key, spans = _block_key(block, len(block))
    numbers = [block.count(b"\n", 0, start) + 1 for start, _stop in spans]
    if {n - 1 for n in numbers} != info:
        return
    _BLOCKS[key] = (read, tuple(numbers))


#: the words of the header lines that are only information (Header.meta)
META = ("created", "title")


def _header_lines(lines: Iterable[bytes]) -> tuple[list[bytes], bool, set[int]]:
    """The lines :func:`_read_lines` reads: the header's, and the first line after it if there
    is one (or up to the first line it refuses); whether the last of them is that first line
    after it; and the places (from 0) of the information lines (:data:`META`). Each line is
    told apart exactly as :func:`_read_lines` tells it."""
    raws: list[bytes] = []
    info: set[int] = set()
    kinds = _KINDS
    for raw in lines:
        raws.append(raw)
        if kinds.get(raw) and len(raws) > 1:  # (a header line met before: the same again)
            continue
        if len(raw) > HEADER_LINE_LIMIT and raw.lstrip()[:1] not in (b";", b"#"):
            return raws, True, info  # (refused)
        try:
            text = (raw.removeprefix(b"\xef\xbb\xbf") if len(raws) == 1 else raw).decode(
                "utf-8").strip()
        except UnicodeDecodeError:
            return raws, True, info  # (refused)
        word = text.partition(" ")[0]
        if text and text[0] not in ";#" and word not in HEADER_WORDS:
            return raws, True, info
        if word in META:  # (a bare `title`, or one after a space, too)
            info.add(len(raws) - 1)
        elif len(raws) > 1 and len(raw) <= _KIND_LINE and len(kinds) < _KINDS_MAX:
            kinds[raw] = True  # (not the first line: it loses a BOM)
    return raws, False, info


#: header lines (after the first) found to be header lines that are not information lines:
#: every game of a table has the same ones
_KINDS: dict[bytes, bool] = {}
_KINDS_MAX = 4096
_KIND_LINE = 512  #: the longest line kept there


def _read_lines(header: Header, raws: list[bytes]) -> None:
    where = header.path
    seen_version = False
    number = 0
    ended_by = ""  # the line that ended the header when it reads like no body line
    for number, raw in enumerate(raws, start=1):
        source = Source(where, number)
        if len(raw) > HEADER_LINE_LIMIT and raw.lstrip()[:1] not in (b";", b"#"):
            # a header line is short: refuse it without decoding or parsing it
            # (a long first deal line is refused too: no deal line comes near this)
            raise JournalError(_("line {number} is longer than {limit} bytes: not a line of a "
                                 "journal's header").format(number=number,
                                                            limit=HEADER_LINE_LIMIT), source)
        line = decode(raw.removeprefix(b"\xef\xbb\xbf") if number == 1 else raw, source)
        text = line.strip()
        if not text or text[0] in ";#":
            continue
        word, _sep, rest = text.partition(" ")
        rest = rest.strip()
        if not seen_version:
            if word != "pulka":
                raise not_a_journal_error(source)
            if rest != VERSION:
                raise JournalError(_("journal format {format!r} is not known (this pulka reads "
                                     "format {version})").format(format=rest, version=VERSION),
                                   source)
            seen_version = True
            header._sources["pulka"] = source  # (a second `pulka` line is refused by _header)
            continue
        if word not in HEADER_WORDS:
            header.body_start = number
            if not text[:1].isdigit() and word not in ("void", "restore", "fix"):
                ended_by = text
            break
        _header(header, word, rest, source.at_col(line.find(rest) + 1 if rest else 0))
    else:
        header.body_start = number + 1
    if not seen_version:
        raise not_a_journal_error(Source(where, 1))
    if not header.players:
        raise JournalError(_("the journal names no players (a `players` line)"),
                           Source(where))
    try:
        header.convention = _convention(header, Source(where))
    except ConventionError as exc:
        if ended_by and exc.hint is None:  # (a damaged header line cuts the header short)
            exc.hint = _("the header ends at line {number} ({line}), which is not a header "
                         "line: the lines after it are not read as the header").format(
                             number=header.body_start, line=repr(ended_by[:60]))
        raise
    checked = (header.convention, len(header.players))
    if checked not in _CONSISTENT:  # (a many-game run reads the same rules again and again)
        places = {**header.convention.origins,
                  **{k: str(s) for k, (_t, s) in header.rules.items()}}
        refused = table_size_refused(header.convention, len(header.players))
        if refused is not None:  # (a players line edited by hand: no rule plays it)
            raise JournalError(refused, header.sources["players"])
        refuse_conflicts(header.convention.values, places, len(header.players),
                         str(header.sources["players"]), stored=True)
        _CONSISTENT.add(checked)


class _Read:
    """A header as first read, but for its information lines and the file's name."""

    def __init__(self, header: Header) -> None:
        self.players, self.ref = header.players, header.convention_ref
        self.overrides, self.convention = dict(header.overrides), header.convention
        self.body_start = header.body_start
        # (what other header lines put there: a second `pulka` line)
        self.meta = {k: v for k, v in header.meta.items() if k not in META}
        self.rules = {k: (text, s.line, s.col) for k, (text, s) in header.rules.items()}
        self.sources = {k: (s.line, s.col) for k, s in header.sources.items() if k not in META}

    def fill(self, header: Header, raws: list[bytes], ended: bool, info: set[int]) -> None:
        """Fill ``header`` as a reading of these lines would (see :meth:`fill_lines`)."""
        self.fill_lines(header, ((at + 1, raws[at]) for at in sorted(info)),
                        raws[-1] if ended else None)

    def fill_lines(self, header: Header, info: Iterable[tuple[int, bytes]],
                   first_body: bytes | None) -> None:
        """Fill ``header`` as a reading of the same lines would: the information lines
        (number, line) read afresh, in order, and the body's first line decoded (the only
        lines that can still be refused)."""
        where = header.path
        header.players, header.convention_ref = self.players, self.ref
        header.overrides, header.convention = dict(self.overrides), self.convention
        header.body_start, header.meta = self.body_start, dict(self.meta)
        header._rules, header._sources, header._read_before = {}, {}, self
        for number, raw in info:
            source = Source(where, number)
            line = decode(raw.removeprefix(b"\xef\xbb\xbf") if number == 1 else raw, source)
            word, _sep, rest = line.strip().partition(" ")
            rest = rest.strip()
            _header(header, word, rest, source.at_col(line.find(rest) + 1 if rest else 0))
        if first_body is not None:
            decode(first_body, Source(where, self.body_start))


#: headers read so far (see read_header), by their lines with the information lines left out
_READ: dict[tuple[bytes | bool | None, ...], _Read] = {}
_READ_MAX = 256
#: the same headers as blocks (see read_header_block): the block, its information lines cut
#: down to their word -> the header's first reading, and the numbers of those lines
_BLOCKS: dict[bytes, tuple[_Read, tuple[int, ...]]] = {}


#: stored rules found free of contradictions, with the number of players (the check of a
#: journal's rules depends on nothing else)
_CONSISTENT: set[tuple[Convention, int]] = set()


def _header(journal: Header, word: str, rest: str, source: Source) -> None:
    key = f"{word} {rest.partition(' ')[0]}" if word in ("set", "rule") else word
    # (a header filled in from one read before reads only its information lines here, whose
    # keys are never among the lines read before: their own sources are enough to compare)
    first = journal._sources.get(key)
    if first is not None and rest:  # the last would win silently, and change the game
        raise JournalError(_("`{key}` is given twice in the header, at lines {first} and "
                             "{second}").format(key=key, first=first.line, second=source.line),
                           source)
    journal._sources[key] = source
    # players, set and rule lines are checked by their types
    if word not in ("players", "set", "rule") and control_character(rest, "\t") is not None:
        # an escape in a title would reach the terminal through `show`
        raise JournalError(_("`{word}` holds a control character; a header line is visible "
                             "text").format(word=word), source)
    if word == "players":
        names = tuple(t.text for t in tokenize(rest, source))
        journal.players = check_players(names, source, strict=False)  # old games still open
    elif word == "convention":
        journal.convention_ref = rest
    elif word in ("set", "rule"):
        key, _sep, value = rest.partition(" ")
        if not key or not value.strip():
            raise NotationError(_("`{word}` needs a key and a value").format(word=word), source)
        if word == "set":
            journal.overrides[key] = value.strip()
        else:
            journal._rules[key] = (value.strip(), source)
    else:
        journal.meta[word] = rest


def _convention(journal: Header, where: Source) -> Convention:
    """The convention the header resolves to; ``set`` values are checked either way and kept
    in the key's own text, so ``show`` prints what the settlement uses."""
    if journal.rules:
        convention = from_rule_lines(journal.rules, where)
        journal.overrides = _checked_sets(journal, convention)
        return convention
    if not journal.convention_ref:
        raise JournalError(_("the journal names no convention"), where)
    from ..convention.finding import find
    from ..convention.loader import apply_text_overrides, load_file  # reads YAML

    try:
        convention = load_file(find(journal.convention_ref, os.path.dirname(journal.path)))
    except ConventionError as exc:
        raise exc.located(journal.sources.get("convention", where)) from None
    for key, text in journal.overrides.items():
        convention = apply_text_overrides(convention, {key: text},
                                          journal.sources.get(f"set {key}", where))
    journal.overrides = _checked_sets(journal, convention)
    return convention


def _checked_sets(journal: Header, convention: Convention) -> dict[str, str]:
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
            raise ConventionError(_("set {key}: not a key that a table can set").format(
                key=path), source)
        try:
            value = key.type.from_text(text)
        except BadValue as exc:
            raise ConventionError(_("set {key}: {problem}").format(key=path, problem=exc),
                                  source) from None
        if value != convention[path]:
            rule = journal.sources.get(f"rule {path}")
            raise ConventionError(_("set {key} {value} disagrees with the rule of line {line} "
                                    "({rule})").format(key=path, value=text,
                                                       line=rule.line if rule else "?",
                                                       rule=key.type.text(convention[path])),
                                  source)
        out[path] = key.type.text(value)
    return out

