"""Files that are not a journal, given as one: a folder, a huge sparse file, a line that never
ends, another kind of text, binary data. Each is refused with one located message on stderr,
exit 2, nothing on stdout and every file as it was (sha256), quickly.

Found by attacking the CLI with folders, sparse files and the like; each test failed before
its fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import digests
from click.testing import CliRunner

from pulka.cli import cli

PLAYERS = ("Аня", "Борис", "Вера")
DEAL = ("Вера", "6s", "6", "Аня", "whist", "2", "Борис", "whist", "2")


def refused(args: list[str], folder: Path, where: str, *words: str) -> str:
    """Run pulka; it must refuse with one message naming `where`, changing nothing."""
    before = digests(folder, head=1 << 20)  # (a sparse file: its size and first MB)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    assert "Traceback" not in message and "Usage:" not in message
    assert message.startswith(f"error: {where}"), message
    for word in words:
        assert word in message, message
    assert digests(folder, head=1 << 20) == before
    return message


def game(folder: Path) -> Path:
    path = folder / "g.pulka"
    result = CliRunner().invoke(cli, ["new", str(path), "--players", *PLAYERS])
    assert result.exit_code == 0, result.output
    return path


READERS = [["show"], ["show", "--deals"], ["settle"], ["settle", "--json"],
           ["settle", "--explain"], ["check"], ["verify"], ["conventions", "check"]]
WRITERS = [["add", "{}", *DEAL], ["undo", "{}"], ["void", "{}", "1"],
           ["fix", "{}", "1", *DEAL], ["repair", "{}"]]


def _args(command: list[str], path: Path) -> list[str]:
    if "{}" in command:
        return [str(path) if word == "{}" else word for word in command]
    return [*command, str(path)]


@pytest.mark.parametrize("command", READERS + WRITERS + [["export", "{}", "--xlsx", "o.xlsx"],
                                                         ["export", "{}", "--pdf", "o.pdf"]],
                         ids=lambda c: "-".join(w for w in c[:2] if w != "{}"))
def test_a_folder_as_the_journal_is_one_message_not_a_usage_error(tmp_path, monkeypatch, command):
    # Before: click's 4-line usage error ("Usage: ... Invalid value for 'FILE' ... is a
    # directory"), not one message naming the file.
    folder = tmp_path / "x.pulka"
    folder.mkdir()
    (folder / "inside").write_text("keep\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    refused(_args(command, folder), tmp_path, str(folder))


@pytest.mark.parametrize("command", WRITERS[:4], ids=lambda c: c[0])
def test_a_huge_sparse_file_is_refused_by_the_writers_without_reading_it(tmp_path, command):
    # Before: add/undo/void/fix read the whole 50 GB of zeros into memory under the lock
    # (hung past any timeout). Now the first line past the line bound stops the read.
    path = tmp_path / "x.pulka"
    with path.open("wb") as handle:
        handle.truncate(50 << 30)
    refused(_args(command, path), tmp_path, f"{path}:1", "line 1")


def test_a_journal_ending_in_a_huge_unended_line_names_that_line(tmp_path):
    # A crash that left zeros after the last deal: the line is named by its number.
    path = game(tmp_path)
    lines = path.read_bytes().count(b"\n")
    with path.open("ab") as handle:
        handle.truncate(path.stat().st_size + (1 << 30))
    refused(_args(WRITERS[0], path), tmp_path, f"{path}:{lines + 1}", f"line {lines + 1}")


def test_a_good_journal_is_still_written_by_every_writer(tmp_path):
    path = game(tmp_path)
    for command in (WRITERS[0], WRITERS[3], WRITERS[2], ["add", "{}", *DEAL]):
        result = CliRunner().invoke(cli, _args(command, path))
        assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["show", str(path)])
    assert result.exit_code == 0 and "Вера" in result.stdout


# --- a file that is plainly not a journal is named for what it is, not called cut off -------


@pytest.mark.parametrize("data, what", [
    (b"pulka 1\rplayers A B C\r", "its lines end in CR alone"),
    ("pulka 1\nplayers A B C\n".encode("utf-16"), "it is UTF-16 text"),
])
@pytest.mark.parametrize("command", [["show"], ["settle", "--json"], ["check"],
                                     ["add", "A", "6s", "6", "B", "whist", "2", "C", "whist", "2"]])
def test_a_file_of_another_kind_is_not_called_cut_off(tmp_path, data, what, command):
    path = tmp_path / "g.pulka"
    path.write_bytes(data)
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, [command[0], str(path), *command[1:]])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {path}:1: not a pulka journal: {what}"), result.stderr
    assert "cut off" not in result.stderr and len(result.stderr.splitlines()) == 1
    assert digests(tmp_path) == before


@pytest.mark.parametrize("command", [["show"], ["add", "A", "6s", "6", "B", "whist", "2", "C", "whist", "2"]])
def test_binary_data_is_not_called_a_cut_off_journal(tmp_path, command):
    path = tmp_path / "g.pulka"
    path.write_bytes(bytes(range(256)) * 12)  # no final newline, NUL bytes, no byte-order mark
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, [command[0], str(path), *command[1:]])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"error: {path}:1: not a pulka journal: it holds binary data (NUL bytes)\n"
    assert digests(tmp_path) == before
