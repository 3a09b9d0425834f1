"""The end of `pulka play` (quit, or the deal that ends the game): the settlement and the
payments, then the offer to write GAME.xlsx and GAME.pdf beside the journal as `pulka export`
does; the journal itself is not touched, and a file that is not a report is never replaced.
At that offer undo, redo and fix still act (play goes on); a finished game reopened shows its
sheet and takes undo and fix; a game with no deal ends with nothing to settle."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import ok
from click.testing import CliRunner, Result
from play_kit import finished, sha, spawn

from pulka.cli import cli

DEALS = ["Аня 6s 6 Борис whist 2 Вера whist 2", "Борис 7h 7 Вера whist 3 Аня pass"]


def game_of(folder: Path, *options: str) -> Path:
    path = folder / "g.pulka"
    ok("new", path, "--players", "Аня", "Борис", "Вера", "--price", "0.10", *options)
    return path


def piped(*args: object, input: str) -> Result:
    return CliRunner().invoke(cli, ["play", *map(str, args)], input=input,
                              env={"COLUMNS": "80", "LINES": "24"})


def test_the_export_offered_at_quit_in_russian(tmp_path: Path) -> None:
    game = game_of(tmp_path)
    for deal in DEALS:
        ok("add", game, *deal.split())
    before = sha(game)
    child = spawn("play", game, "--lang", "ru", cwd=tmp_path)
    child.expect_exact("сдача 3>")
    child.sendline("quit")
    child.expect_exact("(игра не окончена: это расчёт на сейчас)")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("д")
    child.expect_exact(f"записан {tmp_path / 'g.xlsx'}")
    child.expect_exact(f"записан {tmp_path / 'g.pdf'}")
    assert finished(child) == 0
    assert sha(game) == before
    assert (tmp_path / "g.xlsx").read_bytes().startswith(b"PK\x03\x04")
    assert (tmp_path / "g.pdf").read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.pdf", "g.pulka", "g.xlsx"]


def test_the_export_offered_in_english_and_declined(tmp_path: Path) -> None:
    game = game_of(tmp_path)
    ok("add", game, *DEALS[0].split())
    before = sha(game)
    child = spawn("play", game, cwd=tmp_path)
    child.expect_exact("deal 2>")
    child.sendcontrol("d")  # Ctrl-D ends the evening as quit does
    child.expect_exact("Export the workbook and the PDF sheet? [y/N]")
    child.sendline("n")
    assert finished(child) == 0
    assert sha(game) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.pulka"]


def test_the_same_files_as_pulka_export_writes(tmp_path: Path) -> None:
    game = game_of(tmp_path)
    result = piped(game, input="\n".join([*DEALS, "quit", "y"]) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stdout.endswith(f"Export the workbook and the PDF sheet? [y/N] wrote "
                                  f"{tmp_path / 'g.xlsx'}\nwrote {tmp_path / 'g.pdf'}\n")
    assert "Аня pays Борис 0.80\nВера pays Борис 0.40\n" in result.stdout  # the payments
    ok("export", game, "--xlsx", tmp_path / "e.xlsx", "--pdf", tmp_path / "e.pdf")
    assert members(tmp_path / "e.xlsx") == members(tmp_path / "g.xlsx")
    assert pages(tmp_path / "e.pdf") == pages(tmp_path / "g.pdf")


def members(path: Path) -> dict[str, bytes]:
    """A workbook's parts (the zip's own time stamps left out)."""
    import zipfile

    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()
                if name != "docProps/core.xml"}  # its created/modified times


def pages(path: Path) -> list[str]:
    """A PDF's text, page by page."""
    import pytest

    pypdf = pytest.importorskip("pypdf")
    return [page.extract_text() for page in pypdf.PdfReader(str(path)).pages]


def test_a_file_that_is_not_a_report_is_never_replaced(tmp_path: Path) -> None:
    game = game_of(tmp_path)
    mine = tmp_path / "g.xlsx"
    mine.write_text("my own table\n", encoding="utf-8")
    result = piped(game, "--lang", "ru", input="\n".join([DEALS[0], "quit", "да"]) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stderr.startswith("ошибка: ")
    assert "g.xlsx" in result.stderr
    assert mine.read_text(encoding="utf-8") == "my own table\n"
    assert not (tmp_path / "g.pdf").exists()  # nothing is written unless both can be
    assert game.read_text(encoding="utf-8").splitlines()[-1] == "1. " + DEALS[0]


def test_the_deal_that_ends_the_game_ends_the_evening(tmp_path: Path) -> None:
    game = game_of(tmp_path, "--pulya", "2")
    result = piped(game, input="Аня 8s Борис pass Вера pass\nn\nБорис 6s 6 Вера pass Аня pass\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "the game is over: every pulya is closed\n" in result.stdout
    assert result.stdout.endswith("Export the workbook and the PDF sheet? [y/N] ")
    assert "(the game is not over" not in result.stdout
    lines = game.read_text(encoding="utf-8").splitlines()
    assert lines[-1] == "1. Аня 8s Борис pass Вера pass"  # the line after the end is not read


def leningrad(folder: Path) -> Path:
    """A Leningrad game (it ends when the pulyas add up to the total: 3 × 2 here) two deals
    short of its end: 4 of 6 in."""
    path = folder / "g.pulka"
    ok("new", path, "--players", "Аня", "Борис", "Вера", "--convention", "leningrad",
       "--pulya", "2")
    ok("add", path, *"Аня 6s 6 Борис whist 2 Вера whist 2".split())
    ok("add", path, *"Борис 6h 6 Вера whist 2 Аня whist 2".split())
    return path


def test_the_deal_that_ends_the_game_is_taken_back_at_the_end_prompt(tmp_path: Path) -> None:
    """Leningrad: the table is told the total and what is left before the deal; the deal that
    ends the game unexpectedly is taken back with `отмена` at the export offer (not taken as
    no), play goes on, and `вернуть` brings it back and ends the game again."""
    game = leningrad(tmp_path)
    child = spawn("play", game, "--lang", "ru", cwd=tmp_path)
    child.expect_exact("пули в сумме 4 из 6: до конца 2 (Аня 2 · Борис 2 · Вера 0)")
    child.expect_exact("сдача 3>")
    child.sendline("Вера 6б А пас Б пас")
    child.expect_exact("игра окончена: пули в сумме дошли до 6")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("Аня 6s 6 Б вист 2 В вист 2")  # not an answer: said, and asked again
    child.expect_exact("ошибка: ответьте д или н — или измените игру: `отмена`, `вернуть`, "
                       "`исправить N СДАЧА`")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("отмена")
    child.expect_exact("сдача 3 отменена (`void 3`)")
    child.expect_exact("пули в сумме 4 из 6: до конца 2")
    child.expect_exact("сдача 4>")
    child.sendline("вернуть")
    child.expect_exact("сдача 3 возвращена (`restore 3`)")
    child.expect_exact("игра окончена: пули в сумме дошли до 6")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("н")
    assert finished(child) == 0
    lines = game.read_text(encoding="utf-8").splitlines()
    assert lines[-3:] == ["3. Вера 6d Аня pass Борис pass", "void 3", "restore 3"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.pulka"]


def test_fix_at_the_end_prompt_in_english(tmp_path: Path) -> None:
    """`fix` at the offer corrects the deal that ended the game; the game that is still over
    comes to the offer again, with the settlement as it is now."""
    game = leningrad(tmp_path)
    result = piped(game, input="\n".join([
        "Вера 6d Аня pass Борис pass", "settle", "fix 3 Вера 6d 6 Аня pass Борис whist 4",
        "", ""]) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    out = result.stdout
    assert "the pulyas add up to 4 of 6: 2 to the end (Аня 2 · Борис 2 · Вера 0)" in out
    assert out.count("Export the workbook and the PDF sheet? [y/N] ") == 3
    assert "recorded: fix 3 Вера 6d 6 Аня pass Борис whist 4" in out
    assert out.index("recorded: fix 3") > out.index("Export the workbook")
    assert game.read_text(encoding="utf-8").splitlines()[-1] == \
        "fix 3 Вера 6d 6 Аня pass Борис whist 4"
    assert result.stderr == ""


def test_a_finished_game_reopened_shows_its_sheet_and_takes_undo(tmp_path: Path) -> None:
    game = leningrad(tmp_path)
    ok("add", game, *"Вера 6d Аня pass Борис pass".split())
    child = spawn("play", game, "--lang", "ru", cwd=tmp_path, rows=24, columns=70)
    child.expect_exact("└─ Аня ─")  # the paper sheet, whatever the room
    child.expect_exact("игра окончена (пули в сумме дошли до 6): `отмена` или `исправить N "
                       "СДАЧА` — изменить, `выход` — конец")
    child.expect_exact("сдача 4>")
    child.sendline("Аня 6s 6 Б вист 2 В вист 2")  # no more deals
    child.expect_exact("ошибка: ")
    child.expect_exact("сдача 4>")
    child.sendline("отмена")
    child.expect_exact("сдача 3 отменена (`void 3`)")
    child.expect_exact("сдача 4: сдаёт Вера")
    child.expect_exact("сдача 4>")
    child.sendcontrol("d")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("")
    assert finished(child) == 0
    assert game.read_text(encoding="utf-8").splitlines()[-1] == "void 3"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ctrl_d_on_a_game_with_no_deal_settles_nothing(tmp_path: Path, lang: str) -> None:
    game = game_of(tmp_path)
    ok("add", game, *DEALS[0].split())
    ok("undo", game)  # (a deal taken back: none is in force)
    before = sha(game)
    child = spawn("play", game, "--lang", lang, cwd=tmp_path)
    child.expect_exact({"en": "deal 2>", "ru": "сдача 2>"}[lang])
    child.sendcontrol("d")
    child.expect_exact({"en": "no deal is recorded: nothing to settle",
                        "ru": "ни одной сдачи не записано: рассчитывать нечего"}[lang])
    assert finished(child) == 0
    assert "Export" not in child.before and "Выгрузить" not in child.before
    assert "pays" not in child.before and "итог" not in child.before
    assert sha(game) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.pulka"]
