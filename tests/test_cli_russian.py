"""The command line in Russian: help, usage errors and the commands' own words, chosen by
--lang ru or by the locale (LANG=ru_RU.UTF-8); English stays as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cli_kit import digests, ok
from click.testing import CliRunner, Result

from pulka.cli import cli

ROOT = Path(__file__).resolve().parent.parent
HINT = "  подсказка: `{command} --help` расскажет, что нужно указать"


def run(*args: object) -> Result:
    """`pulka ARGS` in-process, named as the player types it (the hints name the command)."""
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="pulka")


def _pulka(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`python -m pulka ARGS` in a real process, the worktree first on the path."""
    clean = {k: v for k, v in os.environ.items()
             if k not in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "pulka", *map(str, args)],
                          capture_output=True, text=True, encoding="utf-8",
                          env={**clean, **(env or {})}, check=False)


def _game(tmp_path: Path) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", "Аня", "Борис", "Вера")
    return path


def _refused_in_russian(tmp_path: Path, *args: object) -> str:
    """A usage error: exit 2, nothing on stdout, the files untouched; the stderr."""
    before = digests(tmp_path)
    result = run("--lang", "ru", *args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert digests(tmp_path) == before
    return result.stderr


def test_the_help_of_pulka_in_russian() -> None:
    out = run("--lang", "ru", "--help").stdout.splitlines()
    assert out[0] == "Использование: pulka [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]..."
    assert "Параметры:" in out and "Команды:" in out
    assert "  -h, --help      Показать эту справку и выйти." in out
    assert "  --version       Показать версию и выйти." in out
    assert any(line.startswith("  add          Записать следующую сдачу") for line in out)


def test_the_help_of_add_follows_the_locale() -> None:
    done = _pulka("add", "--help", env={"LANG": "ru_RU.UTF-8"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Использование: pulka add [ПАРАМЕТРЫ] ФАЙЛ СДАЧА..."
    assert "Параметры:" in lines
    assert "  --again         Записать сдачу, даже если она совпадает с предыдущей" in lines
    assert "  -h, --help      Показать эту справку и выйти." in lines
    assert done.stderr == ""


def test_the_help_stays_english_without_a_russian_locale() -> None:
    done = _pulka("add", "--help", env={"LANG": "C.UTF-8"})
    assert done.returncode == 0
    assert done.stdout.startswith("Usage: pulka add [OPTIONS] FILE DEAL...")
    assert "  -h, --help      Show this message and exit." in done.stdout.splitlines()


def test_an_unknown_option_in_russian(tmp_path: Path) -> None:
    game = _game(tmp_path)
    assert _refused_in_russian(tmp_path, "show", game, "--bogus") == (
        "ошибка: Нет такого параметра '--bogus'.\n" + HINT.format(command="pulka show") + "\n")


def test_a_missing_argument_in_russian(tmp_path: Path) -> None:
    game = _game(tmp_path)
    assert _refused_in_russian(tmp_path, "add", game) == (
        "ошибка: Не указан аргумент 'СДАЧА...'.\n" + HINT.format(command="pulka add") + "\n")
    assert _refused_in_russian(tmp_path, "add") == (
        "ошибка: Не указан аргумент 'ФАЙЛ'.\n" + HINT.format(command="pulka add") + "\n")


def test_a_missing_argument_in_russian_from_the_locale(tmp_path: Path) -> None:
    done = _pulka("void", tmp_path / "g.pulka", env={"LANG": "ru_RU.UTF-8"})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("ошибка: Не указан аргумент 'НОМЕР'.\n"
                           + HINT.format(command="pulka void") + "\n")
    assert not (tmp_path / "g.pulka").exists()


def test_an_extra_argument_and_a_bad_value_in_russian(tmp_path: Path) -> None:
    game = _game(tmp_path)
    assert _refused_in_russian(tmp_path, "show", game, "лишнее").splitlines()[0] == (
        "ошибка: Лишний аргумент (лишнее)")
    assert _refused_in_russian(tmp_path, "fix", game, "x", "y").splitlines()[0] == (
        "ошибка: Неверное значение 'НОМЕР': 'x' — не номер сдачи: пишите его цифрами 0-9")
    assert _refused_in_russian(tmp_path, "blank", tmp_path / "b.pdf", "--players", "7"
                               ).splitlines()[0] == (
        "ошибка: Неверное значение '--players' / '-p': 7 вне диапазона 2<=x<=5.")


def test_a_mistyped_command_in_russian() -> None:
    result = run("--lang", "ru", "shwo")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ("ошибка: Нет такой команды 'shwo'. Может быть, 'show'?\n"
                             + HINT.format(command="pulka") + "\n")


def test_a_mistyped_option_in_russian(tmp_path: Path) -> None:
    game = _game(tmp_path)
    assert _refused_in_russian(tmp_path, "show", game, "--deal").splitlines()[0] == (
        "ошибка: Нет такого параметра '--deal'. (Может быть, одно из: '--deals', '--help'?)")


def test_the_lang_option_after_the_command(tmp_path: Path) -> None:
    result = run("add", "--lang", "ru")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == "ошибка: Не указан аргумент 'ФАЙЛ'."


def test_the_commands_own_words_in_russian(tmp_path: Path) -> None:
    game = tmp_path / "g.pulka"
    out = ok("--lang", "ru", "new", game, "--players", "Аня", "Борис", "Вера").stdout
    assert out == (f"{game}: новая пуля, Сочинка (Sochi); играют Аня, Борис, Вера (по часовой "
                   f"стрелке); первым сдаёт Аня\n")
    ok("add", game, "Аня", "6s", "6", "Борис", "whist", "2", "Вера", "whist", "2")
    out = ok("--lang", "ru", "undo", game).stdout
    assert out == "сдача 1 отменена (`void 1`)\nследующая сдача: сдаёт Аня\n"
    assert ok("--lang", "ru", "blank", tmp_path / "b.pdf").stdout == f"записан {tmp_path / 'b.pdf'}\n"


def test_the_version_in_russian() -> None:
    assert ok("--lang", "ru", "--version").stdout.startswith("pulka, версия ")
    assert ok("--version").stdout.startswith("pulka, version ")


def test_help_in_both_languages_in_one_process() -> None:
    # click makes the -h/--help option once, with its text in the language of that moment
    for lang, line in (("en", "Show this message and exit."), ("ru", "Показать эту справку и выйти."),
                       ("en", "Show this message and exit.")):
        for args in ((), ("conventions",), ("add",)):
            out = run("--lang", lang, *args, "--help").stdout.splitlines()
            assert any(o.startswith("  -h, --help") and o.endswith(line) for o in out), (lang, args)


def test_the_lang_option_among_the_words_of_a_deal(tmp_path: Path) -> None:
    game = _game(tmp_path)
    out = run("add", game, "Аня", "6s", "6", "--lang=ru", "Борис", "whist", "2", "Вера",
              "whist", "2").stdout
    assert out.splitlines()[-1] == "следующая сдача: сдаёт Борис"
    out = run("undo", game, "--lang", "ru").stdout
    assert out == "сдача 1 отменена (`void 1`)\nследующая сдача: сдаёт Аня\n"
