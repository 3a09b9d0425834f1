"""Redo: `restore N` brings back the deal the last undo took back, appended like every other
write; undone deals come back last first, and only until something else is recorded."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import ok, refused, run

from pulka import journal, recorder
from pulka.errors import JournalError, NotationError

ONE = "Аня 6s 6 Борис whist 2 Вера whist 2"
TWO = "raspasy Аня 4 Борис 0 Вера 6"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", "Аня", "Борис", "Вера")
    ok("add", path, *ONE.split())
    ok("add", path, *TWO.split())
    return path


def body(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return lines[next(k for k, line in enumerate(lines) if line.startswith("1. ")):]


def result(path: Path) -> str:
    return ok("settle", path, "--json").stdout


def test_redo_brings_back_the_deal_an_undo_took_back(game):
    before = result(game)
    ok("undo", game)
    out = ok("redo", game).stdout
    assert out.startswith("restore 2: deal 2 brought back\n")
    assert "next deal: Вера deals; raspasy in a row: 1" in out
    assert body(game)[-2:] == ["void 2", "restore 2"]
    assert result(game) == before
    assert ok("check", game).stdout == ""


def test_two_undos_are_redone_last_first(game):
    ok("undo", game)
    ok("undo", game)
    assert recorder.redo(game).line == "restore 1"
    assert recorder.redo(game).line == "restore 2"
    refused(game.parent, "redo", game, needles=("there is no deal to bring back",))


def test_a_deal_comes_back_as_it_stood_with_its_fix(game):
    ok("undo", game)
    ok("fix", game, "1", "Аня 6s 7 Борис whist 1 Вера whist 2")
    ok("undo", game)
    ok("redo", game)
    deals = ok("show", game, "--deals").stdout
    assert "Аня 6s 7 Борис whist 1 Вера whist 2" in deals
    assert "corrected; it was: Аня 6s 6 Борис whist 2 Вера whist 2" in deals
    assert "(voided)" in deals  # deal 2, undone before the fix, stays taken back


@pytest.mark.parametrize("between", [("add", "Борис 7h 7 Вера pass Аня whist 3"),
                                     ("fix", "1", "Аня 6s 7 Борис whist 1 Вера whist 2")])
def test_anything_recorded_after_the_undo_ends_the_redos(game, between):
    ok("undo", game)
    ok(between[0], game, *" ".join(between[1:]).split())
    refused(game.parent, "redo", game, needles=("there is no deal to bring back", "g.pulka"))


def test_a_void_of_an_earlier_deal_ends_the_redos_and_one_of_the_last_is_an_undo(game):
    ok("add", game, *"Борис 7h 7 Вера pass Аня whist 3".split())
    ok("undo", game)  # deal 3
    ok("void", game, "1")  # not the last deal in force: no undo
    refused(game.parent, "redo", game, needles=("there is no deal to bring back",))
    ok("void", game, "2")  # the last deal in force: as an undo
    assert recorder.redo(game).line == "restore 2"


def test_redo_with_nothing_undone_is_refused_in_russian_too(game):
    err = refused(game.parent, "--lang", "ru", "redo", game, needles=("g.pulka",))
    assert "нечего вернуть" in err


def test_redo_said_in_russian(game):
    ok("undo", game)
    assert ok("--lang", "ru", "redo", game).stdout.startswith("сдача 2 возвращена (`restore 2`)")


def test_the_journal_word_is_checked_where_it_stands(tmp_path, game):
    text = game.read_text(encoding="utf-8")
    bad = tmp_path / "bad.pulka"
    bad.write_text(text + "restore 1\n", encoding="utf-8")  # deal 1 is in force
    with pytest.raises(JournalError, match=r"restore 1: deal 1 was not taken back"):
        journal.read(bad).game()
    bad.write_text(text + "void 2\nrestore 2 Аня\n", encoding="utf-8")
    with pytest.raises(NotationError, match=r"`restore N` takes only a deal number"):
        list(journal.read(bad).lines())
    assert run("check", bad).exit_code == 2


def test_a_journal_without_restore_reads_as_before(game):
    # (the word is new: a journal of an older pulka has none, and reads the same)
    ok("undo", game)
    ok("add", game, *TWO.split())
    assert body(game) == ["1. " + ONE, "2. " + TWO, "void 2",
                          "3. " + TWO]
    assert ok("check", game).stdout == ""
