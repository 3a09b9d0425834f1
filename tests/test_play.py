"""`pulka play GAME`: deals typed at one prompt end up in the journal exactly as `pulka add`
would write them; commands at the prompt; a repeated deal asks first; errors do not end it.

The whole game is typed in a real pseudo-terminal (pexpect, prompt_toolkit reading the
line); the same session from a pipe reads plain lines.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from cli_kit import digests, ok
from click.testing import CliRunner, Result

from pulka.cli import cli

ROOT = Path(__file__).resolve().parents[1]

GAME = [
    "Аня 6s 6 Борис whist 2 Вера whist 2",
    "Борис 7h 7 Вера whist 3 Аня pass",
    "raspasy Аня 4 Борис 2 Вера 4",
    "Вера misere 0",
    "Аня 6c 5 Борис whist 3 Вера whist 2",
]


def run(*args: object, input: str) -> Result:
    """`pulka ARGS` in-process, reading ``input`` (a pipe: plain lines), on a terminal of 80
    by 24 whatever the one running the tests is."""
    return CliRunner().invoke(cli, [str(a) for a in args], input=input,
                              env={"COLUMNS": "80", "LINES": "24"})


def twins(folder: Path) -> tuple[Path, Path]:
    """Two journals of one new game, byte for byte the same (the header holds the time)."""
    one = folder / "play.pulka"
    ok("new", one, "--players", "Аня", "Борис", "Вера", "--convention", "sochi", "--price", "0.10")
    two = folder / "add.pulka"
    shutil.copyfile(one, two)
    return one, two


def added(path: Path, deals: list[str]) -> bytes:
    for deal in deals:
        ok("add", path, *deal.split())
    return path.read_bytes()


def test_a_game_typed_in_a_terminal_is_the_game_pulka_add_records(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    game, control = twins(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "NO_COLOR": "1",
           "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "pulka", "play", str(game)], env=env,
                          encoding="utf-8", dimensions=(24, 80), timeout=30)
    child.expect("deal 1: Аня deals")
    child.expect_exact("deal 1>")
    child.send("Ан\t 6s 6 Бо\t whist 2 Вера whist 2\r")  # Tab completes the names
    child.expect_exact("recorded: 1. Аня 6s 6 Борис whist 2 Вера whist 2")
    child.expect_exact("deal 2>")
    for number, deal in enumerate(GAME[1:], 2):
        child.sendline(deal)
        child.expect_exact(f"recorded: {number}. ")
        child.expect_exact(f"deal {number + 1}>")
    child.sendline(GAME[-1])  # the same again: asked, and refused
    child.expect_exact("the same as deal 5: record it again? [y/N]")
    child.sendline("n")
    child.expect_exact("not recorded")
    child.expect_exact("deal 6>")
    child.sendline("Аня 6s 6 Бо whistle 2")  # a mistake: said, and the prompt again
    child.expect("error: ")
    child.expect_exact("deal 6>")
    child.send("Вера 6s")
    child.sendcontrol("c")  # Ctrl-C drops the line being typed
    child.expect_exact("(the line was dropped; `quit` ends the game)")
    child.expect_exact("deal 6>")
    child.sendline("quit")
    child.expect("pays")
    child.expect_exact("Export the workbook and the PDF sheet? [y/N]")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert game.read_bytes() == added(control, GAME)


def test_a_big_terminal_shows_the_paper_sheet_before_the_deal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    game, _ = twins(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "NO_COLOR": "1",
           "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(sys.executable, ["-m", "pulka", "play", str(game)], env=env,
                          encoding="utf-8", dimensions=(60, 100), timeout=30)
    child.expect_exact("┌─ Борис ─")
    child.expect_exact("└─ Аня ─")
    child.expect_exact("deal 1: Аня deals")
    child.expect_exact("deal 1>")
    child.sendcontrol("d")
    child.expect_exact("Export the workbook and the PDF sheet? [y/N]")
    child.sendcontrol("d")  # no
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_game_read_from_a_pipe(tmp_path: Path) -> None:
    game, control = twins(tmp_path)
    typed = "\n".join([*GAME[:3], GAME[2], "y", "undo", "fix 2 Борис 7h 8 Вера whist 2 Аня pass",
                       "help", "show", "settle", *GAME[3:], "quit"]) + "\n"
    result = run("play", game, input=typed)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "the same as deal 3: record it again? [y/N] " in result.stdout
    assert "void 4: deal 4 taken back" in result.stdout
    assert "recorded: fix 2 Борис 7h 8 Вера whist 2 Аня pass" in result.stdout
    assert "\ntotals changed: " in result.stdout  # (as `pulka fix` says it)
    assert "  fix N DEAL  correct deal N" in result.stdout
    assert "└─ Аня ─" in result.stdout  # show: the paper sheet
    assert result.stderr == ""
    for deal in GAME[:3]:
        ok("add", control, *deal.split())
    ok("add", control, "--again", *GAME[2].split())
    ok("undo", control)
    ok("fix", control, "2", *"Борис 7h 8 Вера whist 2 Аня pass".split())
    assert game.read_bytes() == added(control, GAME[3:])


def test_before_each_deal_the_table_is_told_where_it_stands(tmp_path: Path) -> None:
    game, _ = twins(tmp_path)
    result = run("play", game, input="\n".join([GAME[2], "quit"]) + "\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[:2] == [
        "deal 1: Аня deals", "to the pulya of 20: Аня 20 · Борис 20 · Вера 20"]
    assert "deal 2: Борис deals\nraspasy in a row: 1; the lowest contract: 6\n" in result.stdout
    assert "  1. raspasy Аня 4 Борис 2 Вера 4\n" in result.stdout


def test_in_russian(tmp_path: Path) -> None:
    game, _ = twins(tmp_path)
    result = run("play", game, "--lang", "ru", input="\n".join([GAME[0], "Аня 6s 6 Бо whistle 2",
                                                                 "Борис 6п 6 В вист 2 А вист 2",
                                                                 "fix 2 Борис 6п 7 В вист 2 А пас",
                                                                 "quit"]) + "\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("сдача 1: сдаёт Аня\nдо пули 20: Аня 20 · Борис 20 · Вера 20\n"
                                    "сдача 1> записано: 1. Аня 6s 6 Борис whist 2 Вера whist 2\n")
    assert "до пули 20: Аня 18 · Борис 20 · Вера 20" in result.stdout
    # a deal typed in Russian words is said back in them, as `pulka add` says it
    assert "записано: 2. Борис 6♠ 6 Вера вист 2 Аня вист 2\n" in result.stdout
    assert "записано: сдача 2 исправлена: Борис 6♠ 7 Вера вист 2 Аня пас 1\n" in result.stdout
    fixed = result.stdout.index("записано: сдача 2 исправлена: ")
    # the totals it changed, right after the deal's postings, before the table is told again
    assert result.stdout.index("\nитоги изменились: ", fixed) < result.stdout.index(
        "сдача 3: сдаёт", fixed)
    assert result.stderr.startswith("ошибка: ")


def test_a_file_that_is_not_a_game_is_refused_before_the_prompt(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello\n", encoding="utf-8")
    before = digests(tmp_path)
    result = run("play", tmp_path / "notes.txt", input="quit\n")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert digests(tmp_path) == before


def test_the_prompt_completes_the_words_of_the_table_s_family() -> None:
    """Tab offers what the table's family writes: 6s and полвиста at a Russian table, the
    suit alone and bettel at a Balkan or pot one, Greek answers at a Greek one."""
    from pulka.cli.play.table import words
    from pulka.notation import words_for

    players = ("Аня", "Борис", "Вера")
    russian, balkan = words(players, words_for("russian")), words(players, words_for("balkan"))
    austrian, greek = words(players, words_for("austrian")), words(players, words_for("greek"))
    assert {"6s", "10nt", "мизер", "полвиста", "Вера", "undo", "конец"} <= set(russian)
    assert "bettel" not in russian and "together" not in russian
    for other in (balkan, austrian):
        assert {"s", "bettel", "igra", "Аня", "fix"} <= set(other)
        assert not {"6s", "half", "полвиста", "misere"} & set(other)
    assert {"refill", "aces", "durchmarsch"} <= set(austrian)
    assert {"7h", "together", "вместе", "concede"} <= set(greek) and "half" not in greek


def test_a_journal_torn_during_the_session_is_said_once_and_play_stops(tmp_path: Path) -> None:
    """Another program cuts the journal's last line short while play waits: the deal typed
    meets it, the message is said once, and play ends with status 2, writing nothing."""
    pexpect = pytest.importorskip("pexpect")
    from play_kit import spawn

    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера")
    child = spawn("play", game, "--lang", "ru", cwd=tmp_path)
    child.expect_exact("сдача 1>")
    with open(game, "a", encoding="utf-8") as out:
        out.write("1. Аня 6s 6 Бор")
    torn = game.read_bytes()
    child.sendline("Аня 6s 6 Борис whist 2 Вера whist 2")
    child.expect(pexpect.EOF)
    child.close()
    assert child.before.count("оборвана на середине") == 1, child.before
    assert child.exitstatus == 2
    assert game.read_bytes() == torn
