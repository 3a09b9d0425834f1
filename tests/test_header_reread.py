"""A header read before (every game of a table in a many-game run) is filled in from its first
reading (pulka.journal.header): the same header, field for field, with the file's own name
and information lines, and the same refusals."""

from __future__ import annotations

import pytest
from conftest import ROOT

from pulka.errors import JournalError, PulkaError
from pulka.journal import header as header_module
from pulka.journal import parse

SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))
FIELDS = ("path", "players", "convention_ref", "overrides", "rules", "meta", "convention",
          "body_start", "sources")


@pytest.fixture(autouse=True)
def _afresh(monkeypatch):
    monkeypatch.setattr(header_module, "_READ", {})
    monkeypatch.setattr(header_module, "_KINDS", {})
    monkeypatch.setattr(header_module, "_BLOCKS", {})


def _fields(journal) -> dict:
    return {name: getattr(journal, name) for name in FIELDS}


def _read_afresh(data: bytes, where: str) -> dict:
    """The header as the line-by-line reading gives it, handed every line of the file (so it
    also says where the header ends)."""
    found = header_module.Header(where)
    header_module._read_lines(found, data.split(b"\n")[:-1])
    return _fields(found)


def _other_date(data: bytes) -> bytes:
    lines = data.split(b"\n")
    at = next(n for n, line in enumerate(lines) if line.startswith(b"created "))
    lines[at] = b"created 2031-02-03T04:05:06"
    return b"\n".join(lines)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_a_header_read_again_is_the_header_read_afresh(sample):
    data = sample.read_bytes()
    first = _fields(parse(data, "a.pulka"))
    assert len(header_module._READ) == 1
    again = parse(_other_date(data), "other/b.pulka")  # another file of the same table
    assert len(header_module._READ) == 1  # (read from the first reading)
    assert _fields(again) == _read_afresh(_other_date(data), "other/b.pulka")
    assert again.meta["created"] == "2031-02-03T04:05:06" != first["meta"]["created"]
    assert {s.path for s in again.sources.values()} == {"other/b.pulka"}
    assert {s.path for _text, s in again.rules.values()} == {"other/b.pulka"}
    again.overrides["pulya"] = "changed"  # each journal has its own dicts
    assert parse(data, "c.pulka").overrides == first["overrides"]


def _journal(*extra: bytes, body: bytes = b"1. raspasy A 4 B 3 C 3\n") -> bytes:
    rules = b"".join(line + b"\n" for line in
                     (ROOT / "samples" / "sochi-3.pulka").read_bytes().split(b"\n")
                     if line.startswith((b"rule ", b"set ")))
    return (b"pulka 1\ncreated 2026-01-01T20:00:00\nconvention sochi\nplayers A B C\n"
            + rules + b"".join(e + b"\n" for e in extra) + body)


@pytest.mark.parametrize("extra, body, needle", [
    ((b"created 2026-01-02T20:00:00",), b"", "`created` is given twice"),
    ((b"title an \x1b[31mescape",), b"", "control character"),
    ((b"title \xff\xfe",), b"", "not valid UTF-8"),
    ((), b"1. raspasy A 4 B 3 C \xff\n", "not valid UTF-8"),
])
def test_what_a_reading_refuses_is_refused_when_read_again(extra, body, needle):
    parse(_journal(), "first.pulka")  # the table's header, read once
    bad = _journal(*extra, body=body)
    with pytest.raises(PulkaError) as again:
        parse(bad, "bad.pulka")
    header_module._READ.clear()
    header_module._BLOCKS.clear()
    with pytest.raises(PulkaError) as afresh:
        parse(bad, "bad.pulka")
    assert str(again.value) == str(afresh.value) and needle in str(again.value)
    assert again.value.source == afresh.value.source


def test_only_the_information_lines_may_differ():
    parse(_journal(b"title Friday"), "first.pulka")
    parse(_journal(b"title Saturday"), "second.pulka")
    assert len(header_module._READ) == 1
    for changed in (_journal(b"title Friday").replace(b"players A B C", b"players A B D"),
                    _journal(b"title Friday").replace(b"convention sochi\n",
                                                      b"; a comment\nconvention sochi\n"),
                    _journal(b"title Friday", b"; a line more")):
        parse(changed.replace(b"raspasy A 4 B 3 C 3", b"raspasy A 4 B 3 D 3"), "x.pulka")
    assert len(header_module._READ) == 4  # players changed, a line moved, one more: afresh
    with pytest.raises(JournalError):
        parse(_journal().replace(b"pulka 1", b"pulka 2"), "y.pulka")
    assert len(header_module._READ) == 4


@pytest.mark.parametrize("line", [
    b"; " + b"a long comment " * 700,  # longer than a header line may be: a comment may
    "\u00a0title a no-break space first".encode(),
    b"\tset pulya 20",
    b"   ",
    b"pulka 1",  # (a second one: the reading keeps it among the information)
])
def test_odd_lines_end_the_header_where_a_reading_ends_it(line):
    data = _journal(line, b"title Friday")
    try:
        afresh: dict | None = _read_afresh(data, "odd.pulka")
    except PulkaError:
        afresh = None
    for _twice in range(2):
        if afresh is None:
            with pytest.raises(PulkaError):
                parse(data, "odd.pulka")
        else:
            assert _fields(parse(data, "odd.pulka")) == afresh


@pytest.mark.parametrize("line", [
    b"title",  # a bare title: no space after the word
    b" title Friday",  # after a space
    b"\ttitle Friday",
    b"title\r",  # a CRLF line end
    b"created",
])
def test_an_information_line_is_told_as_the_reading_tells_it(line):
    data = _journal(line)
    afresh = _read_afresh(data, "odd.pulka")
    for _twice in range(2):
        assert _fields(parse(data, "odd.pulka")) == afresh
    assert afresh["meta"][line.split()[0].decode()] == ("Friday" if b"Friday" in line else "")


def test_a_bare_title_then_another_is_refused_when_read_again():
    parse(_journal(b"title", b"title "), "first.pulka")  # (an empty title may come twice)
    bad = _journal(b"title", b"title Friday")
    for _twice in range(2):
        with pytest.raises(JournalError) as again:
            parse(bad, "bad.pulka")
        assert str(again.value) == ("bad.pulka:51:7: `title` is given twice in the header, at "
                                     "lines 50 and 51")


def test_a_convention_file_is_found_from_each_journal_s_folder(tmp_path):
    """A header without rule lines names its convention by a path relative to the journal's
    folder: two folders, two files, two conventions; a folder without the file refuses."""
    sochi = (ROOT / "conventions" / "sochi.yaml").read_text()
    data = b"pulka 1\nconvention house.yaml\nplayers A B C\n"
    for name, pulya in (("x", 10), ("y", 30)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "house.yaml").write_text(sochi.replace("pulya: 20", f"pulya: {pulya}"))
    found = [parse(data, str(tmp_path / name / "g.pulka")).convention["pulya"]
             for name in ("x", "y", "x")]
    assert found == [10, 30, 10]
    (tmp_path / "z").mkdir()
    with pytest.raises(PulkaError) as refused:
        parse(data, str(tmp_path / "z" / "g.pulka"))
    assert "convention file house.yaml does not exist" in str(refused.value)


def test_a_line_is_told_by_its_place_too():
    """A line known as a header line from one file is told afresh on a file's first line
    (where a BOM is taken off), and a first line with a BOM is not known after it."""
    bom = b"\xef\xbb\xbf"
    plain = _journal()
    parse(bom + plain, "bom.pulka")
    assert bom + b"pulka 1" not in header_module._KINDS  # (the first line is never kept)
    assert b"rule values 2 4 6 8 10" in header_module._KINDS  # (the others are)
    moved = plain.replace(b"convention sochi\n", b"convention sochi\n" + bom + b"pulka 1\n")
    for _twice in range(2):
        with pytest.raises(PulkaError) as again:
            parse(moved, "moved.pulka")  # (a BOM inside ends the header: the line is a deal's)
    header_module._KINDS.clear()
    header_module._READ.clear()
    header_module._BLOCKS.clear()
    with pytest.raises(PulkaError) as afresh:
        parse(moved, "moved.pulka")
    assert str(again.value) == str(afresh.value)


def test_long_lines_are_not_kept_as_known():
    long = b"; " + b"a long comment " * 40
    parse(_journal(long), "long.pulka")
    assert long not in header_module._KINDS
    assert all(len(raw) <= header_module._KIND_LINE for raw in header_module._KINDS)


# --- a header met before, matched as one block of bytes -------------------------------------


def test_a_header_met_before_is_read_as_one_block(monkeypatch):
    """Every game of a table in a many-game run: the block before the first deal, its
    information lines aside, is known, and the header is filled in without a line-by-line
    reading."""
    from pulka.journal import reading

    data = SAMPLES[0].read_bytes()
    parse(data, "a.pulka")
    assert len(header_module._BLOCKS) == 1

    def no_reading(*_args):
        raise AssertionError("read line by line")

    monkeypatch.setattr(reading, "read_header", no_reading)
    again = parse(_other_date(data), "other/b.pulka")
    assert _fields(again) == _read_afresh(_other_date(data), "other/b.pulka")
    assert again.meta["created"] == "2031-02-03T04:05:06"


@pytest.mark.parametrize("first, bad, body, needle", [
    (b"title Friday", b"title an \x1b[31mescape", None, "control character"),
    (b"title Friday", b"title \xff\xfe", None, "not valid UTF-8"),
    (b"title Friday", b"title Friday", b"1. raspasy A 4 B 3 C \xff\n", "not valid UTF-8"),
    (b"title Friday", b"title " + b"x" * 9000, None, "longer than 8192 bytes"),
    (b"title Friday", b"title Friday", b"1. raspasy " + b"A" * 9000 + b"\n", "longer than"),
    (b"title", b"title Friday", None, None),  # (a bare title, then one with words: read)
])
def test_a_block_met_before_refuses_what_a_reading_refuses(first, bad, body, needle):
    extra = {"body": body} if body is not None else {}
    parse(_journal(first), "first.pulka")
    assert len(header_module._BLOCKS) == 1
    data = _journal(bad, **extra).replace(b"created 2026-01-01", b"created 2026-01-04")
    outcomes = []
    for _afresh in (False, True):
        if _afresh:
            header_module._READ.clear()
            header_module._BLOCKS.clear()
            header_module._KINDS.clear()
        try:
            outcomes.append(_fields(parse(data, "bad.pulka")))
        except PulkaError as exc:
            outcomes.append((str(exc), exc.source))
    assert outcomes[0] == outcomes[1]
    if needle is None:
        assert outcomes[0]["meta"] == {"created": "2026-01-04T20:00:00", "title": "Friday"}
    else:
        assert needle in outcomes[0][0]


@pytest.mark.parametrize("line", [b"created\r", b"title\tFriday", b" title Friday",
                                  b"titles Friday", b"title"])
def test_a_block_is_kept_only_when_its_information_lines_are_the_reading_s(line):
    """An information line the block's pattern does not find as the reading finds it (a CR
    left on a bare word, a tab, a space before it): no block is kept, the line-by-line
    reading goes on; a bare word is found by both."""
    data = _journal(line)
    try:
        afresh: object = _read_afresh(data, "odd.pulka")
    except PulkaError as exc:
        afresh = str(exc)
    header_module._READ.clear()
    for _twice in range(2):
        try:
            assert _fields(parse(data, "odd.pulka")) == afresh
        except PulkaError as exc:
            assert str(exc) == afresh
    assert len(header_module._BLOCKS) == (line == b"title")


def test_a_block_without_information_lines_is_read_again(monkeypatch):
    """A header with no created or title line at all (found by the fuzzer: the block path
    then had no information line to measure)."""
    from pulka.journal import reading

    data = _journal().replace(b"created 2026-01-01T20:00:00\n", b"")
    first = _fields(parse(data, "a.pulka"))
    assert len(header_module._BLOCKS) == 1
    monkeypatch.setattr(reading, "read_header", None)  # (the block is read, not the lines)
    assert _fields(parse(data, "a.pulka")) == first == _read_afresh(data, "a.pulka")
    assert first["meta"] == {}


def test_a_header_read_from_a_file_is_kept_as_the_block_it_is(tmp_path):
    """A file is read line by line, each line with its LF: the block it teaches is its own
    bytes, not one with every line doubled (which a journal with a blank line after each
    header line would then match, found by a helper's differential run)."""
    from pulka.journal import read

    head = [line for line in _journal().split(b"\n") if line and not line.startswith(
        (b"created", b"1. "))]
    body = b"1. raspasy A 4 B 3 C 3\n"
    (tmp_path / "t.pulka").write_bytes(b"".join(line + b"\n" for line in head) + body)
    read(tmp_path / "t.pulka")
    assert list(header_module._BLOCKS) == [b"".join(line + b"\n" for line in head)]
    spaced = b"".join(line + b"\n\n" for line in head) + body
    warm = _fields(parse(spaced, "m.pulka"))
    assert warm == _read_afresh(spaced, "m.pulka")
    assert warm["body_start"] == 2 * len(head) + 1


@pytest.mark.parametrize("damage", [b"ru\x00le", b"rul", b"Rule"])
def test_a_damaged_rule_line_is_named_where_it_cuts_the_header_short(damage):
    """A rule line that no longer reads as one ends the header there: the rules after it are
    missing, and the message says which line ended the header (a NUL byte, a typo)."""
    data = _journal().replace(b"rule values", damage + b" values")
    at = data.split(b"\n").index(damage + b" values 2 4 6 8 10") + 1
    with pytest.raises(PulkaError) as refused:
        parse(data, "d.pulka")
    assert "the journal's rules lack: values" in str(refused.value)
    assert refused.value.hint == (
        f"the header ends at line {at} ({(damage + b' values 2 4 6 8 10').decode()!r}), "
        "which is not a header line: the lines after it are not read as the header")


def test_a_header_ended_by_its_first_deal_gets_no_such_hint():
    data = _journal().replace(b"rule values 2 4 6 8 10\n", b"")
    with pytest.raises(PulkaError) as refused:
        parse(data, "d.pulka")
    assert "lack: values" in str(refused.value) and refused.value.hint is None
