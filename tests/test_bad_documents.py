"""Hostile documents (issue 9 follow-up): conventions, vectors and hand-edited journals.

Each case runs through the command line (click's CliRunner). A refusal is exit status 2, one
``error: <file>:<line>...`` message on stderr, nothing on stdout, and every file in the folder
byte for byte as it was.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import digests, run_untraced

NEW = ("new", "g.pulka", "--players", "A", "B", "C", "--convention", "my.yaml")


#: each test in its own folder (conftest.py)
pytestmark = pytest.mark.usefixtures("in_tmp_path")


def refused(tmp_path: Path, *args: str, where: str, what: str) -> None:
    """The command exits 2 with one located message and changes nothing on disk."""
    before = digests(tmp_path)
    result = run_untraced(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"error: {where}"), result.stderr
    assert what in first, result.stderr
    assert digests(tmp_path) == before


@pytest.mark.parametrize("line", ["name: ''", "name: '   '", "title: ''", "title: \"\u00a0\""])
def test_an_empty_name_or_title_is_refused_at_new(tmp_path: Path, line: str) -> None:
    # `new` wrote `rule name ` into the header and then refused its own journal on every read
    key = line.split(":")[0]
    other = "title: My" if key == "name" else "name: my"
    (tmp_path / "my.yaml").write_text(f"extends: sochi\n{other}\n{line}\n", encoding="utf-8")
    refused(tmp_path, *NEW, where="my.yaml:3", what="empty")
    assert not (tmp_path / "g.pulka").exists()


JOURNAL = ("pulka 1\nconvention sochi\nplayers A B C\n", "1. A 6s 6 B whist 2 C whist 2\n")


def journal_bytes(tmp_path: Path) -> bytes:
    assert run_untraced("new", "g.pulka", "--players", "A", "B", "C", "--convention", "sochi").exit_code == 0
    assert run_untraced("add", "g.pulka", *JOURNAL[1].split()[1:]).exit_code == 0
    return (tmp_path / "g.pulka").read_bytes()


@pytest.mark.parametrize("damage", ["cr", "utf16"])
@pytest.mark.parametrize("command", [("show",), ("settle", "--explain"), ("check",),
                                     ("export", "--xlsx", "o.xlsx"),
                                     ("add", "B", "6s", "6", "A", "whist", "2", "C", "whist", "2")])
def test_a_journal_saved_with_cr_ends_or_in_utf16_is_named_not_sent_to_repair(
        tmp_path: Path, damage: str, command: tuple[str, ...]) -> None:
    # it was "the last line was cut off part-way; run repair", and repair refuses such a file
    data = journal_bytes(tmp_path)
    text = data.decode("utf-8")
    saved = text.replace("\n", "\r").encode() if damage == "cr" else text.encode("utf-16")
    (tmp_path / "g.pulka").write_bytes(saved)
    what = "CR alone" if damage == "cr" else "UTF-16"
    refused(tmp_path, command[0], "g.pulka", *command[1:], where="g.pulka:1", what=what)


SIX = "{declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 2, C: 2}}"


@pytest.mark.parametrize("expect, column", [
    ("pulya: {Z: 1}", 11), ("pulya: {a: 2}", 11), ("whists: {A: {Z: 4}}", 16),
    ("whists: {Z: {A: 4}}", 12), ("money: {Q: '1.00'}", 11), ("bombs: {Q: [2]}", 11)])
def test_an_expectation_for_someone_not_at_the_table_is_bad_input(
        tmp_path: Path, expect: str, column: int) -> None:
    # verify called it a difference (exit 1): a typo in the vector, not a scoring fault
    (tmp_path / "v.yaml").write_text(
        f"convention: sochi\nplayers: [A, B, C]\ndeals:\n  - {SIX}\nexpect:\n  {expect}\n",
        encoding="utf-8")
    refused(tmp_path, "verify", "v.yaml", where=f"v.yaml:6:{column}",
            what="is not one of the players")


def test_an_expectation_for_a_player_of_the_table_still_verifies(tmp_path: Path) -> None:
    (tmp_path / "v.yaml").write_text(
        f"convention: sochi\nplayers: [A, B, C]\ndeals:\n  - {SIX}\nexpect:\n"
        "  pulya: {A: 2}\n  whists: {B: {A: 4}, C: {A: 4}}\n", encoding="utf-8")
    result = run_untraced("verify", "v.yaml")
    assert result.exit_code == 0, result.output


BREVE = "\u0418\u0306"  # И + combining breve: Й in another Unicode form


def test_a_name_in_a_deal_matches_its_player_in_nfc(tmp_path: Path) -> None:
    # the declarer was matched in NFC but the keys of defence and tricks were not
    (tmp_path / "v.yaml").write_text(
        "convention: sochi\nplayers: [\u0419, B, C]\ndeals:\n"
        f"  - {{declarer: {BREVE}, contract: 6s, defence: {{B: whist, C: whist}}, "
        f"tricks: {{{BREVE}: 6, B: 2, C: 2}}}}\nexpect:\n  pulya: {{{BREVE}: 2}}\n",
        encoding="utf-8")
    result = run_untraced("verify", "v.yaml")
    assert result.exit_code == 0, result.output


def test_nfc_twins_in_one_mapping_are_refused(tmp_path: Path) -> None:
    (tmp_path / "v.yaml").write_text(
        "convention: sochi\nplayers: [\u0419, B, C]\ndeals:\n"
        f"  - {{raspasy: {{\u0419: 4, {BREVE}: 3, C: 3}}}}\n", encoding="utf-8")
    refused(tmp_path, "settle", "v.yaml", "--json", where="v.yaml:4:", what="given twice")


@pytest.mark.parametrize("document, where", [
    ("convention: sochi\nplayers: [A, B, C]\ndeals:\n  - {adjust: {pulya: {B: %s}}}\n",
     "v.yaml:4:26"),
    ("convention: x.yaml\nplayers: [A, B, C]\ndeals: []\n", "x.yaml:2:8")])
def test_a_number_too_long_for_python_is_named_by_its_length(
        tmp_path: Path, document: str, where: str) -> None:
    # the message was Python's own: "Exceeds the limit (4300 digits) ... set_int_max_str_digits"
    digits = "9" * 5000
    (tmp_path / "v.yaml").write_text(document.replace("%s", digits), encoding="utf-8")
    (tmp_path / "x.yaml").write_text(f"extends: sochi\npulya: {digits}\n", encoding="utf-8")
    refused(tmp_path, "settle", "v.yaml", "--json", where=where, what="5000 digits; at most 4000")
