"""The core's messages in Russian (issue 11): the journal, the ledger, the lock, the names and
the outputs, driven through the CLI with ``--lang ru`` (and once with ``LANG=ru_RU.UTF-8`` in a
real process).

Each refused command exits 2, prints nothing on stdout, prints exactly the Russian message on
stderr (after the CLI's own one-word prefix, which the CLI translates) and leaves every file as
it was. The English messages are asserted by the older tests, unchanged.
"""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests
from click.testing import CliRunner, Result

from pulka.cli import cli

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ("Аня", "Борис", "Вера")
DEAL = ("Аня", "6s", "6", "Борис", "whist", "2", "Вера", "whist", "2")


def run(*args: object, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], env=env)


def refused(folder: Path, *args: object, message: str | re.Pattern[str],
            env: dict[str, str] | None = None) -> None:
    """The command (in Russian unless the arguments say otherwise) is refused with exactly
    ``message``: exit 2, stdout empty, every file under the folder as it was."""
    before = digests(folder)
    result = run(*(args if "--lang" in args else ("--lang", "ru", *args)), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert (result.exit_code, result.stdout) == (2, ""), (result.stdout, result.stderr)
    pattern = message.pattern if isinstance(message, re.Pattern) else re.escape(message)
    # the CLI's prefix (`error:`) is one word, in the language of the CLI's own catalog
    assert re.fullmatch(r"[^\s:]+: " + pattern + r"\n", result.stderr), result.stderr
    assert digests(folder) == before


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game of three with one deal, in the current folder (messages name it `g.pulka`)."""
    monkeypatch.chdir(tmp_path)
    for args in (("new", "g.pulka", "--players", *PLAYERS, "--convention", "sochi"),
                 ("add", "g.pulka", *DEAL)):
        result = run(*args)
        assert result.exit_code == 0, (result.stdout, result.stderr)
    return tmp_path / "g.pulka"


def _lines(path: Path) -> int:
    return len(path.read_bytes().splitlines())


def test_a_damaged_journal_line_is_named_with_its_place(game: Path) -> None:
    with game.open("a", encoding="utf-8") as handle:
        handle.write("xyz Аня 6s\n")
    refused(game.parent, "show", "g.pulka",
            message=f"g.pulka:{_lines(game)}:1: 'xyz' — не начало строки сдачи (строка сдачи "
                    "начинается с её номера: `12. Аня 6s ...`)")


def test_a_deal_number_out_of_sequence(game: Path) -> None:
    with game.open("a", encoding="utf-8") as handle:
        handle.write("3. Аня 6s 6 Борис whist 2 Вера whist 2\n")
    refused(game.parent, "show", "g.pulka",
            message=f"g.pulka:{_lines(game)}: номер сдачи 3 не по порядку (ожидался 2)")


@pytest.mark.parametrize(("data", "command", "message"), [
    (b"hello\n", "show", "n.pulka:1: не журнал pulka: первой строкой должна быть `pulka 1`"),
    (b"PK\x03\x04workbook", "show",
     "n.pulka:1: не журнал pulka: это zip-архив (например, книга .xlsx)"),
    (b"PK\x03\x04workbook", "repair",
     "n.pulka: не журнал pulka: это zip-архив (например, книга .xlsx); файл оставлен как был"),
    (b"", "repair", "n.pulka: не журнал pulka: файл пуст; файл оставлен как был"),
], ids=["text", "zip", "zip-repair", "empty-repair"])
def test_a_file_that_is_not_a_journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      data: bytes, command: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "n.pulka").write_bytes(data)
    refused(tmp_path, command, "n.pulka", message=message)


def test_a_read_only_journal_is_not_written(game: Path) -> None:
    game.chmod(0o444)
    if os.geteuid() == 0:  # root opens it for writing: pulka's own check of the mode refuses
        message = ("g.pulka: журнал только для чтения (в его правах нет записи); ничего не "
                   "записано\n  подсказка: `chmod u+w g.pulka` снова разрешит запись")
    else:  # anyone else is refused by the system, in pulka's words for its cause
        message = "g.pulka: не удаётся открыть журнал для записи: отказано в доступе"
    refused(game.parent, "add", "g.pulka", "Аня", "7s", "7", "Борис", "pass", "Вера", "pass",
            message=message)


def test_an_export_never_writes_over_a_journal(game: Path) -> None:
    (game.parent / "k.pulka").write_bytes(game.read_bytes())
    refused(game.parent, "export", "g.pulka", "--xlsx", "k.pulka",
            message="k.pulka: отказано: это журнал pulka, а отчёт никогда не заменяет игру")
    refused(game.parent, "export", "g.pulka", "--pdf", "g.pulka",
            message="g.pulka: отказано: этот файл команда читает (тот же файл, возможно, по "
                    "ссылке или под другим написанием пути)")


def test_two_names_that_look_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    refused(tmp_path, "new", "h.pulka", "--players", "Аня", "Борис", "Бориc",
            message="имена 'Борис' и 'Бориc' выглядят одинаково: в 'Бориc' латинская 'c' "
                    "(U+0063) там, где в 'Борис' кириллическая 'с' (U+0441); напишите оба "
                    "одним алфавитом")
    assert not (tmp_path / "h.pulka").exists()


def test_a_player_count_pulka_does_not_play(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    refused(tmp_path, "new", "h.pulka", "--players", "Аня", "Борис", "Вера", "Гена", "Дима",
            "Ефим", message="6 игроков: в pulka играют вдвоём, втроём, вчетвером или впятером")


@pytest.mark.parametrize(("command", "message"), [
    (("void", "g.pulka", "9"), "g.pulka: сдача 9: нет действующей сдачи 9, отменять нечего"),
    (("fix", "g.pulka", "9", *DEAL), "g.pulka: сдача 9: нет действующей сдачи 9, исправлять нечего"),
    (("add", "g.pulka", *DEAL),
     "g.pulka: сдача 2: то же, что сдача 1; добавьте --again, чтобы всё равно записать"),
], ids=["void", "fix", "same-again"])
def test_a_deal_that_is_not_there_or_repeats(game: Path, command: tuple[str, ...],
                                             message: str) -> None:
    refused(game.parent, *command, message=message)


def test_the_lock_wait_is_written_with_a_decimal_comma(game: Path) -> None:
    refused(game.parent, "add", "g.pulka", "Аня", "7s", "7", "Борис", "pass", "Вера", "pass",
            env={"PULKA_LOCK_WAIT": "half"},
            message="PULKA_LOCK_WAIT: нужно число секунд, 0 или больше (например, 5 или 0,5), "
                    "а не 'half'")


def test_a_journal_locked_by_another_writer(game: Path) -> None:
    fd = os.open(game, os.O_RDONLY)  # another open file: its flock keeps pulka out
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        refused(game.parent, "add", "g.pulka", "Аня", "7s", "7", "Борис", "pass", "Вера",
                "pass", env={"PULKA_LOCK_WAIT": "0.05"},
                message=re.compile(r"g\.pulka: в этот журнал пишет другая pulka "
                                   r"\((pid \d+.*|кто — неизвестно)\); ждали 0,05 с\n"
                                   r"  подсказка: повторите, когда она закончит"))
    finally:
        os.close(fd)


def test_the_postings_name_their_columns_in_russian(game: Path) -> None:
    result = run("--lang", "ru", "add", "g.pulka", "Борис", "7h", "7", "Аня", "whist", "2",
                 "Вера", "pass")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "Аня → Борис висты +" in result.stdout
    assert "Борис пуля +4" in result.stdout


def test_lang_en_wins_over_a_russian_locale(game: Path) -> None:
    refused(game.parent, "--lang", "en", "void", "g.pulka", "9", env={"LANG": "ru_RU.UTF-8"},
            message="g.pulka: deal 9: there is no deal 9 in force to take back")


def test_a_russian_locale_in_a_real_process(game: Path) -> None:
    """LANG=ru_RU.UTF-8 alone makes pulka speak Russian: a torn last line, and its hint."""
    with game.open("ab") as handle:
        handle.write("2. Аня 6s".encode())
    env = {k: v for k, v in os.environ.items()
           if k not in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update(LANG="ru_RU.UTF-8", PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    before = digests(game.parent)
    done = subprocess.run([sys.executable, "-m", "pulka", "show", "g.pulka"], cwd=game.parent,
                          env=env, capture_output=True, timeout=120)
    line = _lines(game)
    assert (done.returncode, done.stdout) == (2, b"")
    message = (f"g.pulka:{line}: последняя строка (строка {line}) оборвана на середине\n"
               "  подсказка: `pulka repair g.pulka` удалит эту строку, если она неполная, или "
               "допишет ей перевод строки, если она целая\n")
    assert re.fullmatch(r"[^\s:]+: " + re.escape(message), done.stderr.decode()), done.stderr
    assert digests(game.parent) == before
