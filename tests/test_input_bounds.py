"""Bounded, validated input files (issue 9): journals' headers, conventions and vectors.

Every case runs through the command line (click's CliRunner). A refusal must be exit status
2, one ``error: <file>:<line>...`` message on stderr, nothing on stdout, and every file in the
folder byte for byte as it was. Files that are not regular (a FIFO, /dev/zero) are refused by
their kind before they are opened; a huge file is refused by its size (a convention, a vector)
or by its first line (a journal) before it is parsed.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from cli_kit import digests, run_untraced
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pulka.errors import PulkaError
from pulka.replay import steps
from pulka.vectors.load import MAX_BYTES, load_vector

P3 = ("A", "B", "C")
SIX = "{declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 2, C: 2}}"
VECTOR = "convention: sochi\nplayers: [A, B, C]\n"


#: each test in its own folder (conftest.py)
pytestmark = pytest.mark.usefixtures("in_tmp_path")


def refused(pattern: str, *args: object, folder: Path | None = None) -> Result:
    """Run a command that must be refused: exit 2, one located message, no file changed."""
    folder = folder or Path.cwd()
    before = digests(folder)
    result = run_untraced(*args)
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == "", result.stdout
    lines = result.stderr.splitlines()
    assert lines and lines[0].startswith("error: "), result.stderr
    assert all(line.startswith("  hint: ") for line in lines[1:]), result.stderr
    assert re.match(f"error: {pattern}", result.stderr), (pattern, result.stderr)
    assert digests(folder) == before
    return result


def accepted(*args: object) -> Result:
    result = run_untraced(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def new_game(name: str = "g.pulka", *options: str) -> Path:
    accepted("new", name, "--players", *P3, "--price", "0.10", "--pulya", "20", *options)
    accepted("add", name, "A 6s 6 B whist 2 C whist 2")
    return Path(name)


def edit_line(path: Path, prefix: str, replacement: str | None = None, *,
              after: str | None = None) -> int:
    """Replace the line starting with ``prefix`` (or add ``after`` below it); its number."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(prefix):
            if after is not None:
                lines.insert(i + 1, after + "\n")
                path.write_text("".join(lines), encoding="utf-8")
                return i + 2
            lines[i] = replacement + "\n"  # type: ignore[operator]
            path.write_text("".join(lines), encoding="utf-8")
            return i + 1
    raise AssertionError(f"no line starts with {prefix!r}")


def line_of(path: Path, prefix: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith(prefix):
            return number
    raise AssertionError(prefix)


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")


def sparse(path: Path, size: int, head: bytes = b"", tail: bytes = b"") -> Path:
    """A file of ``size`` bytes that takes no room on the disk (a hole after ``head``)."""
    with open(path, "wb") as handle:
        handle.write(head)
        handle.truncate(size - len(tail))
        handle.seek(0, os.SEEK_END)
        handle.write(tail)
    return path


# --- files that are not regular, or far too large --------------------------------------------------


@needs_fifo
@pytest.mark.parametrize("command", ["show", "settle", "check"])
def test_a_fifo_given_as_a_journal_is_refused_without_blocking(tmp_path, command):
    os.mkfifo("g.pulka")
    refused(r"g\.pulka: the journal is not a regular file", command, "g.pulka")


@needs_fifo
def test_a_fifo_given_as_a_vector_or_a_convention_is_refused(tmp_path):
    os.mkfifo("v.yaml")
    refused(r"v\.yaml: the vector is not a regular file", "check", "v.yaml")
    os.mkfifo("c.yaml")
    refused(r"c\.yaml: the convention is not a regular file", "new", "n.pulka", "--players",
            *P3, "--convention", "c.yaml")
    Path("w.yaml").write_text("convention: c.yaml\nplayers: [A, B, C]\ndeals: []\n")
    refused(r"c\.yaml: the convention is not a regular file", "check", "w.yaml")


@needs_dev_zero
def test_dev_zero_is_refused_as_a_journal_a_vector_and_a_convention(tmp_path):
    refused(r"/dev/zero: the journal is not a regular file", "show", "/dev/zero")
    Path("z.yaml").symlink_to("/dev/zero")
    refused(r"z\.yaml: the vector is not a regular file", "check", "z.yaml")
    refused(r"z\.yaml: the convention is not a regular file", "new", "n.pulka", "--players",
            *P3, "--convention", "z.yaml")


@needs_fifo
@needs_dev_zero
def test_the_archive_s_quick_read_refuses_what_open_regular_refuses(tmp_path):
    """pulka stats reads each file whole with fewer calls (bounded.read_bytes): a FIFO,
    a device and a folder are refused by kind without blocking, a missing file says why,
    and a file of several megabytes is read to its last byte."""
    from pulka.errors import JournalError
    from pulka.files.inputs import read_bytes

    os.mkfifo("f.pulka")
    Path("d.pulka").mkdir()
    for name, needle in (("f.pulka", "not a regular file"), ("/dev/zero", "not a regular file"),
                         ("d.pulka", "is a folder"), ("gone.pulka", "cannot read the journal")):
        with pytest.raises(JournalError, match=needle) as refused_one:
            read_bytes(name, "journal", JournalError)
        assert refused_one.value.source.path == name
    data = os.urandom(3 << 20) + b"end"
    Path("big.pulka").write_bytes(data)
    assert read_bytes("big.pulka", "journal", JournalError) == data
    assert read_bytes(Path("big.pulka"), "journal", JournalError) == data


def test_a_50_mb_file_is_refused_from_its_first_line_as_a_journal(tmp_path):
    # a hole of NUL bytes after the first line: the second line is not read to its end
    sparse(tmp_path / "big.pulka", 50 << 20, b"pulka 1\n", b"\n")
    refused(r"big\.pulka:2: line 2 is longer than 65536 bytes", "show", "big.pulka")
    # not ending in a newline (as if cut off): a non-journal is told from its first line
    sparse(tmp_path / "text.pulka", 50 << 20, b"some other text\n")
    refused(r"text\.pulka:1: not a pulka journal", "show", "text.pulka")
    # no newline at all, only NUL bytes: named from its first bytes, never read to its end
    sparse(tmp_path / "zeros.pulka", 50 << 20)
    refused(r"zeros\.pulka:1: not a pulka journal: it holds binary data", "show", "zeros.pulka")


def test_a_50_mb_vector_and_a_2_mb_convention_are_refused_by_size(tmp_path):
    sparse(tmp_path / "big.yaml", 50 << 20, VECTOR.encode())
    refused(rf"big\.yaml: the vector is {50 << 20} bytes, more than the {MAX_BYTES}",
            "check", "big.yaml")
    sparse(tmp_path / "c.yaml", 2 << 20, b"extends: sochi\n")
    refused(r"c\.yaml: the convention is 2097152 bytes, more than the 1048576", "new",
            "n.pulka", "--players", *P3, "--convention", "c.yaml")


def test_a_journal_body_line_longer_than_64_kb_is_refused_with_its_number(tmp_path):
    path = new_game()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("2. A 6s 6 B whist 2 C whist 2 ; " + "x" * 70_000 + "\n")
    at = len(path.read_text(encoding="utf-8").splitlines())
    for command in ("show", "settle", "check"):
        refused(rf"g\.pulka:{at}: line {at} is longer than 65536 bytes", command, path)


def test_add_refuses_to_append_to_a_journal_with_a_long_line_or_a_doubled_rule(tmp_path):
    """`add` reads the journal in memory (under its lock): the same bounds and checks."""
    path = new_game()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("; " + "x" * 70_000 + "\n")
    at = len(path.read_text(encoding="utf-8").splitlines())
    refused(rf"g\.pulka:{at}: line {at} is longer than 65536 bytes", "add", path,
            "B 6s 6 A whist 2 C whist 2")
    path = new_game("h.pulka")
    first = line_of(path, "rule whist.rate ")
    at = edit_line(path, "rule whist.rate ", after="rule whist.rate 7")
    refused(rf"h\.pulka:{at}:\d+: `rule whist\.rate` is given twice in the header, at lines "
            rf"{first} and {at}", "add", path, "B 6s 6 A whist 2 C whist 2")


def test_a_header_line_longer_than_8_kb_is_refused(tmp_path):
    path = new_game()
    at = edit_line(path, "created ", after="title " + "t" * 9000)
    refused(rf"g\.pulka:{at}: line {at} is longer than 8192 bytes", "show", path)


def test_a_long_journal_is_not_capped_by_its_size(tmp_path):
    """A journal is streamed: a long one (here made long by a comment of 20 MB in short
    lines) is read to its end, not refused by its size."""
    path = new_game()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(("; " + "c" * 60 + "\n") * 330_000)
    assert path.stat().st_size > 20_000_000
    accepted("check", path)


# --- the journal's header ----------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["show", "settle", "check", "verify"])
def test_a_rule_given_twice_is_refused_naming_both_lines(tmp_path, command):
    path = new_game()
    first = line_of(path, "rule whist.rate ")
    at = edit_line(path, "rule whist.rate ", after="rule whist.rate 7")
    refused(rf"g\.pulka:{at}(:\d+)?: `rule whist\.rate` is given twice in the header, at lines "
            rf"{first} and {at}", command, path)


def test_a_set_or_players_line_given_twice_is_refused(tmp_path):
    path = new_game()
    first = line_of(path, "set pulya ")
    at = edit_line(path, "set pulya ", after="set pulya 20")
    refused(rf"g\.pulka:{at}:\d+: `set pulya` is given twice in the header, at lines {first} "
            rf"and {at}", "settle", path)
    path = new_game("h.pulka")
    first = line_of(path, "players ")
    at = edit_line(path, "players ", after="players A B C")
    refused(rf"h\.pulka:{at}:\d+: `players` is given twice", "show", path)


@pytest.mark.parametrize("value", ["0.1.0", "NaN", "1e400", "-1", "abc"])
@pytest.mark.parametrize("command", ["show", "settle"])
def test_a_set_price_that_does_not_read_is_refused_with_its_line(tmp_path, value, command):
    path = new_game()
    at = edit_line(path, "set price ", f"set price {value}")
    refused(rf"g\.pulka:{at}:\d+: set price: expected a decimal amount", command, path)


@pytest.mark.parametrize("value", ["NaN", "1e400", "20.5", "twenty"])
def test_a_set_pulya_that_does_not_read_is_refused_with_its_line(tmp_path, value):
    path = new_game()
    at = edit_line(path, "set pulya ", f"set pulya {value}")
    refused(rf"g\.pulka:{at}:\d+: set pulya: expected a whole number", "show", path)


def test_a_set_line_that_disagrees_with_its_rule_is_refused(tmp_path):
    """show prints the set lines, settle uses the rules: they must not differ."""
    path = new_game()
    rule = line_of(path, "rule pulya ")
    at = edit_line(path, "set pulya ", "set pulya 30")
    for command in ("show", "settle"):
        refused(rf"g\.pulka:{at}:\d+: set pulya 30 disagrees with the rule of line {rule} \(20\)",
                command, path)


@pytest.mark.parametrize("line, needle", [
    ("rule whist.rate NaN", "rule whist.rate: expected a number"),
    ("rule whist.rate 1e400", "rule whist.rate: expected a number"),
    ("rule pulya 20.5", "rule pulya: expected a whole number"),
    ("rule bombs maybe", "rule bombs: expected true or false"),
    ("rule settle.gora_whists 0", "rule settle.gora_whists: 0 is out of range"),
    ("rule title a\x1b[31mred", "rule title: 'a\\\\x1b\\[31mred' holds a control character"),
])
def test_a_rule_value_that_does_not_read_is_refused_with_its_line(tmp_path, line, needle):
    path = new_game()
    key = line.split()[1]
    at = edit_line(path, f"rule {key} ", line)
    for command in ("show", "settle"):
        refused(rf"g\.pulka:{at}:\d+: {needle}", command, path)


@pytest.mark.parametrize("line", ["title a\x1b]0;owned\x07", "convention sochi\x1b[2J"])
def test_a_header_line_with_an_escape_is_refused(tmp_path, line):
    path = new_game()
    word = line.split()[0]
    at = edit_line(path, f"{word} ", line) if word == "convention" else edit_line(
        path, "created ", after=line)
    for command in ("show", "settle"):
        refused(rf"g\.pulka:{at}:\d+: `{word}` holds a control character", command, path)


def test_show_and_settle_read_the_same_header(tmp_path):
    """A hand-written set value is shown the way the settlement reads it."""
    path = new_game()
    money = json.loads(accepted("settle", path, "--json").stdout)["money"]
    edit_line(path, "set price ", "set price 0.1")  # the same price as the rule's 0.10
    assert "(overrides: pulya=20), whist 0.10" in accepted("show", path).stdout
    assert json.loads(accepted("settle", path, "--json").stdout)["money"] == money


# --- conventions --------------------------------------------------------------------------------------


def convention(text: str, name: str = "c.yaml") -> Path:
    path = Path(name)
    path.write_text(text, encoding="utf-8")
    return path


def new_with(conv: Path) -> tuple[str, ...]:
    return ("new", "n.pulka", "--players", *P3, "--convention", str(conv))


@pytest.mark.parametrize("text, at, needle", [
    ('extends: sochi\ntitle: "two\\nlines"\n', "2:8", "title: 'two\\\\nlines' holds a control"),
    ('extends: sochi\ntitle: "\\e[2Jwiped"\n', "2:8", "title: '\\\\x1b\\[2Jwiped' holds a control"),
    ('extends: sochi\nname: "a\\tb"\n', "2:7", "name: 'a\\\\tb' holds a control"),
    ('extends: sochi\naliases: [ok, "b\\rc"]\n', "2:10", "aliases: item 2: 'b\\\\rc' holds a control"),
    ('extends: sochi\nbombs: "yes"\n', "2:8", "bombs: expected true or false, got 'yes'"),
    ("extends: sochi\nbombs: 'true'\n", "2:8", "bombs: expected true or false, got 'true'"),
    ("extends: sochi\npulya: 20.5\n", "2:8", "pulya: expected a whole number from 1"),
    ("extends: sochi\npulya: 0\n", "2:8", "pulya: 0 is out of range"),
    ("extends: sochi\nsettle:\n  gora_whists: 0\n", "3:16", "settle.gora_whists: 0 is out of range"),
    ("extends: croatian\nvalues: [4, 6, 8, 10, 0, 14]\n", "2:9", "values: item 5: 0 is out of range"),
])
def test_a_bad_convention_value_is_refused_at_its_place(tmp_path, text, at, needle):
    conv = convention(text)
    refused(rf"c\.yaml:{at}: {needle}", *new_with(conv))
    Path("v.yaml").write_text("convention: c.yaml\nplayers: [A, B, C]\ndeals: []\n")
    refused(rf"c\.yaml:{at}: {needle}", "settle", "v.yaml")


def test_unquoted_yes_and_no_remain_booleans(tmp_path):
    accepted(*new_with(convention("extends: sochi\nbombs: yes\nwhist:\n  stalingrad: no\n")))
    assert "rule bombs true" in Path("n.pulka").read_text(encoding="utf-8")


def test_a_rate_that_divides_is_refused_as_a_table_override(tmp_path):
    refused(r"<options>: settle\.gora_whists: 0 is out of range", "new", "n.pulka",
            "--players", *P3, "--set", "settle.gora_whists=0")
    Path("v.yaml").write_text(VECTOR + "options: {settle: {gora_whists: 0}}\ndeals: []\n")
    for command in ("settle", "show", "verify"):
        refused(r"v\.yaml:3:\d+: settle\.gora_whists: 0 is out of range", command, "v.yaml")
    path = new_game()
    at = edit_line(path, "rule pulya ", after="set settle.gora_whists 0")
    refused(rf"g\.pulka:{at}:\d+: set settle\.gora_whists: 0 is out of range", "settle", path,
            "--explain")


def test_a_small_gora_rate_still_explains(tmp_path):
    """A rate that is not 0 divides fine: the explanation and the sums agree."""
    Path("v.yaml").write_text(VECTOR + "options: {settle: {gora_whists: 1/3}}\ndeals:\n  - "
                              + SIX + "\n")
    out = accepted("settle", "v.yaml", "--explain").stdout
    assert "1/3" in out


# --- vectors: every shape checked ---------------------------------------------------------------------


def deals(*lines: str, head: str = VECTOR) -> str:
    return head + "deals:\n" + "".join(f"  - {line}\n" for line in lines)


BAD_VECTORS = [
    # (id, text, the place and message after "v.yaml:")
    ("whists flat", deals("{adjust: {whists: {A: 10}}}"),
     r"4:27: deal 1: adjust whists A: whists go by pairs"),
    ("adjust a list", deals("{adjust: [1, 2]}"), r"4:14: deal 1: adjust is a mapping of columns"),
    ("adjust column a list", deals("{adjust: {pulya: [A]}}"),
     r"4:22: deal 1: adjust pulya is a mapping of players"),
    ("adjust pulya nested", deals("{adjust: {pulya: {A: {B: 1}}}}"),
     r"4:26: deal 1: \{'B': 1\} is not an amount"),
    ("adjust amount null", deals("{adjust: {gora: {A: ~}}}"), r"4:25: deal 1: None is not an amount"),
    ("adjust whists amount", deals("{adjust: {whists: {A: {B: x}}}}"),
     r"4:31: deal 1: 'x' is not an amount"),
    ("adjust column a number", deals("{adjust: {1: {A: 2}}}"),
     r"4:\d+: deal 1: adjust: 1 is not the name of a column"),
    ("tricks a list", deals(SIX.replace("tricks: {A: 6, B: 2, C: 2}", "tricks: [6, 2, 2]")),
     r"4:\d+: deal 1: tricks is a mapping of players"),
    ("tricks by number", deals("{raspasy: {1: 4, 2: 3, 3: 3}}"),
     r"4:\d+: deal 1: raspasy: 1 is not a player's name"),
    ("tricks a fraction", deals("{raspasy: {A: 4.5, B: 2.5, C: 3}}"),
     r"4:\d+: deal 1: A: tricks are a whole number from 0 to 10, not '4\.5'"),
    ("defence a list", deals(SIX.replace("defence: {B: whist, C: whist}", "defence: [B, C]")),
     r"4:\d+: deal 1: defence is a mapping of players"),
    ("defence a number", deals(SIX.replace("C: whist}", "C: 1}")),
     r"4:\d+: deal 1: 1: a defender says whist, pass or half"),
    ("declarer a number", deals(SIX.replace("declarer: A", "declarer: 5")),
     r"4:\d+: deal 1: the declarer is text, not 5"),
    ("declarer a list", deals(SIX.replace("declarer: A", "declarer: [A]")),
     r"4:\d+: deal 1: the declarer is text"),
    ("contract a mapping", deals(SIX.replace("contract: 6s", "contract: {6: s}")),
     r"4:\d+: deal 1: a contract is a word"),
    ("players numbers", "convention: sochi\nplayers: [1, 2, 3]\ndeals: []\n",
     r"2:11: a player's name is text, not 1"),
    ("players a mapping", "convention: sochi\nplayers: {A: 1}\ndeals: []\n",
     r"2:10: the vector must list its players"),
    ("end quoted yes", deals('{end: "yes"}'), r"4:\d+: deal 1: end is true or false \(unquoted\)"),
    ("end false", deals("{end: false}"), r"4:\d+: deal 1: end: false is not a deal"),
    ("allpass quoted", deals("{allpass: 'true'}"), r"4:\d+: deal 1: allpass is true or false"),
    ("dark quoted", deals(SIX[:-1] + ', dark: "yes"}'), r"4:\d+: deal 1: a contract's dark is true"),
    ("no_talon quoted", deals(SIX[:-1] + ", no_talon: 'no'}"), r"4:\d+: deal 1: no_talon is true"),
    ("invite a number", deals(SIX[:-1] + ", invite: 1}"), r"4:\d+: deal 1: invite is true or false"),
    ("tricks on an allpass", deals("{allpass: true, tricks: {A: 6}}"),
     r"4:\d+: deal 1: 'tricks' does not belong in a deal of allpass"),
    ("raspasy with a contract", deals("{raspasy: {A: 4, B: 3, C: 3}, contract: 6s}"),
     r"4:5: deal 1: a deal is one of: .* this one is raspasy and contract"),
    ("raspasy with a declarer", deals("{raspasy: {A: 4, B: 3, C: 3}, declarer: A}"),
     r"4:5: deal 1: a deal is one of: .* this one is raspasy and contract"),
    ("raspasy with defence", deals("{raspasy: {A: 4, B: 3, C: 3}, defence: {A: pass}}"),
     r"4:\d+: deal 1: 'defence' does not belong in a deal of raspasy"),
    ("end with adjust", deals("{end: true, adjust: {pulya: {A: 1}}}"),
     r"4:5: deal 1: a deal is one of: .* this one is end and adjust"),
    ("an empty deal", deals("{}"), r"4:5: deal 1: a deal is one of: .* none of them"),
    ("contra a list", deals(SIX[:-1] + ", contra: [A]}"), r"4:\d+: deal 1: contra is a mapping"),
    ("contra a string", deals(SIX[:-1] + ", contra: {A: '1'}}"),
     r"4:\d+: deal 1: A: contra levels are 1 \(contra\) to 4"),
    ("looked a name", deals("{raspasy: {A: 4, B: 3, C: 3}, dark: 1, looked: B}"),
     r"4:\d+: deal 1: looked is a list of names"),
    ("looked numbers", deals("{raspasy: {A: 4, B: 3, C: 3}, dark: 1, looked: [1]}"),
     r"4:\d+: deal 1: a name in looked is text, not 1"),
    ("dark raspasy quoted", deals("{raspasy: {A: 4, B: 3, C: 3}, dark: '1'}"),
     r"4:\d+: deal 1: the rank of a dark raspasy is 1, 2 or 3, not '1'"),
    ("convention a list", "convention: [sochi]\nplayers: [A, B, C]\ndeals: []\n",
     r"1:13: the vector must name its convention"),
    ("options a list", VECTOR + "options: [1]\ndeals: []\n", r"3:10: options must be a mapping"),
    ("options bool as text", VECTOR + "options: {bombs: 'yes'}\ndeals: []\n",
     r"3:\d+: bombs: expected true or false"),
    ("options pulya a fraction", VECTOR + "options: {pulya: 20.5}\ndeals: []\n",
     r"3:\d+: pulya: expected a whole number"),
    ("title with escape", VECTOR + 'title: "\\e]0;owned\\a"\ndeals: []\n',
     r"3:8: '\\x1b\]0;owned\\x07' holds a control character"),
    ("title on two lines", VECTOR + 'title: "one\\ntwo"\ndeals: []\n',
     r"3:8: 'one\\ntwo' holds a control character"),
    ("source with a bell", VECTOR + 'source: "page\\a"\ndeals: []\n',
     r"3:9: 'page\\x07' holds a control character"),
    ("title a list", VECTOR + "title: [a]\ndeals: []\n", r"3:8: expected a line of text"),
    ("expect whists flat", VECTOR + "deals: []\nexpect: {whists: {A: 10}}\n",
     r"4:22: expect whists A: the amounts go by pairs"),
    ("expect result a number", VECTOR + "deals: []\nexpect: {result: 7}\n",
     r"4:18: expect result is a mapping of players"),
    ("expect finished quoted", VECTOR + "deals: []\nexpect: {finished: 'yes'}\n",
     r"4:20: expect finished is true or false"),
    ("expect money words", VECTOR + "deals: []\nexpect: {money: {A: lots}}\n",
     r"4:21: 'lots' is not an amount of money"),
    ("expect money NaN", VECTOR + "deals: []\nexpect: {money: {A: NaN}}\n",
     r"4:21: 'NaN' is not an amount of money"),
    ("expect bombs a number", VECTOR + "deals: []\nexpect: {bombs: {A: 2}}\n",
     r"4:21: expect bombs A: a list of multipliers"),
    ("expect bombs words", VECTOR + "deals: []\nexpect: {bombs: {A: [x]}}\n",
     r"4:22: a bomb multiplier is a whole number, not 'x'"),
    ("expect paid flat", VECTOR + "deals: []\nexpect: {paid: {A: 10}}\n",
     r"4:20: expect paid A: the amounts go by pairs"),
    ("expect pot a list", VECTOR + "deals: []\nexpect: {pot: [1]}\n", r"4:15: \[1\] is not an amount"),
    ("expect unknown key", VECTOR + "deals: []\nexpect: {score: {A: 1}}\n",
     r"4:10: expect: 'score' is not a key pulka computes"),
    ("expect by number", VECTOR + "deals: []\nexpect: {pulya: {1: 10}}\n",
     r"4:18: expect pulya: 1 is not a player's name"),
]


@pytest.mark.parametrize("text, where", [pytest.param(t, w, id=i) for i, t, w in BAD_VECTORS])
@pytest.mark.parametrize("command", ["check", "verify"])
def test_a_malformed_vector_is_refused_at_its_place(tmp_path, text, where, command):
    Path("v.yaml").write_text(text, encoding="utf-8")
    refused(rf"v\.yaml:{where}", command, "v.yaml")


EVERY_SHAPE = """\
title: >
  every shape vectors.md shows
source: >
  written for the tests, in a folded block

  that runs over several lines
convention: sochi
options: {pulya: 10, price: "0.10", bombs: true}
players: [A, B, C]
deals:
  - {declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 2, C: 2}}
  - {declarer: B, contract: 7h, defence: {A: whist, C: pass}, tricks: {B: 6, A: 4}}
  - {declarer: C, contract: 8d, defence: {A: pass, B: pass}}
  - {raspasy: {A: 4, B: 0, C: 6}}
  - {raspasy: {A: 3, B: 3, C: 4}, dark: 1, looked: [B]}
  - {raspasy: {A: 3, B: 3, C: 4}, dark: false}
  - {declarer: A, contract: 7nt, dark: true, defence: {B: whist, C: pass}, tricks: {A: 7, B: 3}}
  - {adjust: {pulya: {A: 2}, gora: {B: -3, C: "1/2"}, whists: {A: {B: 10}, C: {A: 2.5}}}}
  - {end: true}
expect:
  finished: true
  whists: {A: {B: 1}, B: ~}
  bombs: {A: [], B: ~}
  money: {A: "1.00", B: -1, C: 0.5}
  result: {A: "310/3", B: 0, C: -1.5}
"""


def test_every_good_shape_is_still_read(tmp_path):
    """The shapes vectors.md allows (with empty rows written as null) read; the numbers here
    are wrong on purpose, so verify reports differences (1), not bad input (2)."""
    Path("v.yaml").write_text(EVERY_SHAPE, encoding="utf-8")
    result = run_untraced("verify", "v.yaml")
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stderr == ""
    assert "  result.A: expected 310/3, got 619/6\n" in result.stdout
    assert "  bombs" not in result.stdout  # no bomb waiting, as expected


def test_vector_player_names_are_case_sensitive(tmp_path):
    Path("v.yaml").write_text(
        "convention: sochi\nplayers: [a, A, b]\ndeals:\n  - {raspasy: {a: 4, A: 3, b: 3}}\n"
        "expect:\n  finished: false\n", encoding="utf-8")
    report = json.loads(accepted("settle", "v.yaml", "--json").stdout)
    assert set(report["gora"]) == {"a", "A", "b"}
    assert report["gora"]["a"] != report["gora"]["A"]  # a took 4 tricks, A took 3
    assert "ok   v.yaml" in accepted("verify", "v.yaml").stdout
    Path("w.yaml").write_text("convention: sochi\nplayers: [a, A, a]\ndeals: []\n")
    refused(r"w\.yaml:2:17: player 'a' is listed twice", "check", "w.yaml")


@pytest.mark.slow  # the exhaustive tier
def test_a_200000_deal_vector_loads(tmp_path):
    """The node bound scales with the file: a long vector is not "an alias bomb". (Balkan
    all-passes: the shortest deal to write and to replay, so the test stays quick.)"""
    path = tmp_path / "long.yaml"
    path.write_text("convention: croatian\nplayers: [A, B, C]\ndeals:\n"
                    + "- {allpass: true}\n" * 200_000, encoding="utf-8")
    accepted("check", path)


def test_an_alias_bomb_is_still_refused(tmp_path):
    rows = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    rows += [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]"
             for i in range(8)]
    Path("v.yaml").write_text("\n".join(rows) + "\n", encoding="utf-8")
    refused(r"v\.yaml:\d+:\d+: the YAML is too large \(an alias bomb\?\)", "check", "v.yaml")


def test_aliases_within_the_bound_are_read(tmp_path):
    Path("v.yaml").write_text(VECTOR + f"deals:\n  - &six {SIX}\n  - *six\n  - *six\n"
                              "expect: {pulya: {A: 6}}\n", encoding="utf-8")
    assert "1 passed, 0 failed" in accepted("verify", "v.yaml").stdout


# --- verify: 0 all pass, 1 differences only, 2 bad input (after checking the others) ---------------


GOOD = VECTOR + "deals:\n  - " + SIX + "\nexpect: {pulya: {A: 2}}\n"


def test_verify_exit_statuses(tmp_path):
    Path("good.yaml").write_text(GOOD, encoding="utf-8")
    Path("wrong.yaml").write_text(GOOD.replace("A: 2}", "A: 3}"), encoding="utf-8")
    Path("bad.yaml").write_text(deals("{adjust: {whists: {A: 10}}}"), encoding="utf-8")
    before = digests(tmp_path)

    result = accepted("verify", "good.yaml")
    assert result.stdout == "ok   good.yaml\n1 passed, 0 failed\n"

    result = run_untraced("verify", "good.yaml", "wrong.yaml")
    assert result.exit_code == 1
    assert "FAIL wrong.yaml\n  pulya.A: expected 3, got 2\n" in result.stdout
    assert result.stderr == ""

    result = run_untraced("verify", "bad.yaml", "good.yaml", "wrong.yaml")
    assert result.exit_code == 2  # bad input outranks a difference
    assert result.stdout.splitlines() == ["ok   good.yaml", "FAIL wrong.yaml",
                                          "  pulya.A: expected 3, got 2",
                                          "1 passed, 1 failed, 1 not read (bad input)"]
    assert result.stderr.splitlines() == [
        "error: bad.yaml:4:27: deal 1: adjust whists A: whists go by pairs, writer -> target,"
        " such as {A: {B: 10}}"]
    assert digests(tmp_path) == before


def test_verify_documents_its_exit_statuses():
    text = accepted("verify", "--help").stdout
    assert re.search(r"0\s+every file read and matched", text)
    assert re.search(r"1\s+a file read well but its numbers differ", text)
    assert re.search(r"2\s+a file could not be read", text)


# --- fuzzing the vector loader: only PulkaError, always located ---------------------------------------


_scalar = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.sampled_from(
    ["A", "B", "C", "D", "a", "6s", "misere", "whist", "pass", "half", "yes", "1/0", "2.5",
     "NaN", "1e400", "", "\x1b[2J", "x\ny"]))
_key = st.sampled_from(["declarer", "contract", "defence", "tricks", "raspasy", "dark", "looked",
                        "allpass", "no_talon", "invite", "contra", "adjust", "end", "A", "B",
                        "whists", "pulya", "gora", 1, True])
_value = st.recursive(_scalar, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(_key, inner, max_size=4)), max_leaves=12)
_deal = st.dictionaries(_key, _value, max_size=5)
_expect = st.dictionaries(st.sampled_from(["pulya", "gora", "whists", "result", "money", "bombs",
                                           "finished", "hats", "other"]), _value, max_size=3)
_vector = st.fixed_dictionaries(
    {"convention": st.sampled_from(["sochi", "croatian", 7]),
     "players": st.one_of(st.just(["A", "B", "C"]), _value),
     "deals": st.one_of(st.lists(_deal, max_size=4), _value)},
    optional={"expect": st.one_of(_expect, _value), "options": _value, "title": _value})


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(doc=_vector)
def test_fuzz_a_vector_of_any_shape_is_refused_only_with_a_located_pulka_error(tmp_path, doc):
    import yaml

    path = tmp_path / "f.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    try:
        game, _ = load_vector(path)
        for _ in steps(game):
            pass
    except PulkaError as exc:
        assert exc.message
        assert exc.source is not None or exc.deal is not None, exc


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(doc=_vector)
def test_fuzz_verify_exits_0_1_or_2_without_a_traceback(tmp_path, doc):
    import yaml

    path = tmp_path / "f.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    result = run_untraced("verify", path)
    assert result.exit_code in (0, 1, 2)
    if result.exit_code == 2:
        assert result.stderr.startswith(f"error: {path}")
