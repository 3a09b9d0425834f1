"""What a player types, attacked (issue 9 follow-up): each row is a defect found by a hostile
run of the command line, kept as a regression test.

Every refusal: exit status 2, nothing on stdout, one message on stderr that says what is wrong
(and where: the file and deal number, or the option), and every file in the folder byte for
byte as it was (compared by sha256). Good input next to each row is still accepted.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import ok, refused

P3 = ("Аня", "Борис", "Вера")
SIX = "Аня 6s 6 Борис whist 2 Вера whist 2"
SEVEN = "Борис 7h 6 Аня whist 4 Вера pass"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", *P3)
    ok("add", path, SIX)
    ok("add", path, SEVEN)
    return path


# --- deal numbers for fix and void: the digits 0-9 only (README "The deal notation") -----------

BAD_NUMBERS = ["١", "１", " 1", "1 ", "+1", "0_1", "²"]


@pytest.mark.parametrize("number", BAD_NUMBERS)
def test_void_refuses_a_number_not_in_ascii_digits(game: Path, number: str) -> None:
    # click's int took all of these as deal 1 and voided it
    refused(game.parent, "void", game, number, needles=(repr(number), "digits 0-9"))


@pytest.mark.parametrize("number", BAD_NUMBERS)
def test_fix_refuses_a_number_not_in_ascii_digits(game: Path, number: str) -> None:
    refused(game.parent, "fix", game, number, "Аня 6s 7 Борис whist 1 Вера whist 2",
            needles=(repr(number), "digits 0-9"))


def test_plain_deal_numbers_still_work(game: Path) -> None:
    ok("fix", game, "1", "Аня 6s 7 Борис whist 1 Вера whist 2")
    ok("void", game, "2")


# --- --pulya, --price and --set numbers: the digits 0-9 only, plain decimals for money ---------

@pytest.mark.parametrize(("option", "value"), [
    ("--pulya", "٢٠"), ("--pulya", "１０"), ("--pulya", "1_0"), ("--pulya", "+20"),
    ("--price", "٢٠"), ("--price", "１０"), ("--price", "1_0"), ("--price", "+0.10"),
    ("--price", "1e9"), ("--price", "1e1"), ("--price", "Infinity"),
    ("--set", "whist.rate=٢"), ("--set", "whist.rate=1_0"), ("--set", "whist.half=٦"),
    ("--set", "premiums.jumps=٥"), ("--set", "price=1E+2"),
])
def test_new_refuses_numbers_a_table_does_not_write(tmp_path: Path, option: str,
                                                     value: str) -> None:
    key = option[2:] if option != "--set" else value.partition("=")[0]
    shown = value if option != "--set" else value.partition("=")[2]
    refused(tmp_path, "new", tmp_path / "n.pulka", "--players", *P3, option, value,
            needles=("<options>", key, repr(shown)))


@pytest.mark.parametrize(("option", "value", "stored"), [
    ("--pulya", "20", "set pulya 20"), ("--pulya", " 20", "set pulya 20"),
    ("--price", "0.10", "set price 0.10"), ("--price", ".5", "set price 0.5"),
    ("--price", "0", "set price 0"), ("--price", "none", "set price none"),
    ("--set", "whist.rate=2", "set whist.rate 2"),
])
def test_new_still_takes_plain_numbers(tmp_path: Path, option: str, value: str,
                                       stored: str) -> None:
    path = tmp_path / "n.pulka"
    ok("new", path, "--players", *P3, option, value)
    assert stored in path.read_text(encoding="utf-8").splitlines()


def test_a_very_long_deal_number_says_there_is_no_such_deal(game: Path) -> None:
    refused(game.parent, "void", game, "9" * 5000, needles=("5000 digits", "no such deal"))


# --- a key given twice: the last one won silently -------------------------------------------

@pytest.mark.parametrize("options", [
    ("--set", "whist.rate=2", "--set", "whist.rate=3"),
    ("--pulya", "10", "--set", "pulya=20"),
    ("--price", "0.10", "--set", " price=1"),
])
def test_new_refuses_a_key_given_twice(tmp_path: Path, options: tuple[str, ...]) -> None:
    key = options[-1].partition("=")[0].strip()
    refused(tmp_path, "new", tmp_path / "n.pulka", "--players", *P3, *options,
            needles=("--set", repr(key), "twice"))


# --- deals that were recorded though they say nothing, or say a word twice ------------------

@pytest.fixture
def balkan(tmp_path: Path) -> Path:
    path = tmp_path / "b.pulka"
    ok("new", path, "--players", *P3, "--convention", "croatian")
    return path


@pytest.mark.parametrize("deal", ["adjust pulya", "adjust gora", "adjust whists",
                                  "adjust pulya Аня 2 gora"])
def test_an_adjustment_column_without_entries_is_refused(game: Path, deal: str) -> None:
    # "adjust pulya" was recorded as deal 3, an adjustment of nothing
    column = deal.split()[-1]
    refused(game.parent, "add", game, deal,
            needles=("g.pulka", "deal 3", f"adjust {column}", "a player and an amount"))


def test_a_full_adjustment_is_still_recorded(game: Path) -> None:
    assert ok("add", game, "adjust pulya Аня 2 gora Борис -3").stdout.startswith("deal 3.")


@pytest.mark.parametrize(("deal", "word"), [
    ("Аня s igra igra 6 Борис whist 4 Вера pass", "igra"),
    ("Аня s igra бп 6 Борис whist 4 Вера pass", "бп"),
    ("Аня c invite invite 7 Борис whist 2 Вера pass 1", "invite"),
])
def test_a_balkan_marker_said_twice_is_refused(balkan: Path, deal: str, word: str) -> None:
    refused(balkan.parent, "add", balkan, deal,
            needles=("b.pulka", "deal 1", repr(word), "twice"))


@pytest.mark.parametrize(("deal", "word"), [
    ("Аня 7nt dark тёмная 7 Борис whist 3 Вера pass", "'тёмная'"),
    ("raspasy dark 1 dark 1 Аня 4 Борис 3 Вера 3", "'dark'"),
    ("raspasy dark 1 dark 2 Аня 4 Борис 3 Вера 3", "'dark'"),
])
def test_a_dark_marker_said_twice_is_refused(tmp_path: Path, deal: str, word: str) -> None:
    path = tmp_path / "c.pulka"
    ok("new", path, "--players", *P3, "--convention", "classic")
    refused(tmp_path, "add", path, deal, needles=("c.pulka", "deal 1", word, "twice"))
    ok("add", path, "Аня 7nt dark 7 Борис whist 3 Вера pass")


def test_balkan_markers_once_are_still_recorded(balkan: Path) -> None:
    ok("add", balkan, "Аня s igra 6 Борис whist 4 Вера pass")
    ok("add", balkan, "Борис c invite 7 Вера whist 2 Аня pass 1")


@pytest.mark.parametrize("deal", ["raspasy Аня 4 Борис 3 Вера 3 looked",
                                  "raspasy Аня 4 looked Борис 3 Вера 3"])
def test_looked_on_a_raspasy_that_is_not_dark_is_refused(game: Path, deal: str) -> None:
    # it was recorded with a `looked` that no rule reads
    refused(game.parent, "add", game, deal, needles=("g.pulka", "deal 3", "looked", "dark raspasy"))


def test_looked_on_a_dark_raspasy_is_still_recorded(tmp_path: Path) -> None:
    path = tmp_path / "c.pulka"
    ok("new", path, "--players", *P3, "--convention", "classic")
    ok("add", path, "raspasy dark 1 Аня 3 Борис 3 Вера 4 looked")


# --- a deal typed unquoted with a negative amount: click took -3 for an option ---------------

def test_add_takes_a_negative_amount_typed_unquoted(game: Path) -> None:
    # README's `adjust pulya Аня 2 gora Борис -3`, typed as separate words: "No such option '-3'"
    result = ok("add", game, "adjust", "pulya", "Аня", "2", "gora", "Борис", "-3")
    assert result.stdout.startswith("deal 3. adjust pulya Аня 2 gora Борис -3")
    assert game.read_text(encoding="utf-8").endswith("3. adjust pulya Аня 2 gora Борис -3\n")


def test_fix_takes_a_negative_amount_typed_unquoted(game: Path) -> None:
    ok("add", game, "adjust pulya Аня 2")
    result = ok("fix", game, "3", "adjust", "gora", "Борис", "-3")
    assert result.stdout.startswith("fix 3 adjust gora Борис -3")


@pytest.mark.parametrize("command", ["void", "fix"])
def test_a_negative_deal_number_is_named(game: Path, command: str) -> None:
    deal = ("Аня 6s 7 Борис whist 1 Вера whist 2",) if command == "fix" else ()
    refused(game.parent, command, game, "-1", *deal, needles=("'-1'", "not a deal number"))


def test_add_again_is_still_an_option(game: Path) -> None:
    ok("add", game, "Борис", "7h", "6", "Аня", "whist", "4", "Вера", "pass", "--again")


@pytest.mark.parametrize("deal", ["-1 h Борис", "-h6s", "--pass"])
def test_a_deal_that_starts_with_a_dash_is_a_refused_deal_not_an_option(game: Path,
                                                                         deal: str) -> None:
    # never the help text (exit 0) nor "No such option": the deal's own message
    refused(game.parent, "add", game, deal, needles=("g.pulka", "deal 3"))


# --- blank --players in other digits ------------------------------------------------------

@pytest.mark.parametrize("count", ["٣", "３", " 3"])
def test_blank_refuses_a_player_count_not_in_ascii_digits(tmp_path: Path, count: str) -> None:
    # "٣" drew a sheet for three
    refused(tmp_path, "blank", tmp_path / "o.pdf", "--players", count,
            needles=("--players", repr(count), "digits 0-9"))


def test_blank_still_takes_a_plain_count(tmp_path: Path) -> None:
    ok("blank", tmp_path / "o.pdf", "--players", "4")
    assert (tmp_path / "o.pdf").read_bytes().startswith(b"%PDF")


# --- a name that is only a combining mark -----------------------------------------------------

@pytest.mark.parametrize("name", ["\u0301", "\u0306Аня", "\u20dd"])
def test_new_refuses_a_name_that_starts_with_a_combining_mark(tmp_path: Path, name: str) -> None:
    # "\u0301" was a player: printed, it sits on the comma before it and the name is not seen
    refused(tmp_path, "new", tmp_path / "n.pulka", "--players", name, "Борис", "Вера",
            needles=(f"U+{ord(name[0]):04X}",))


def test_a_combining_mark_inside_a_name_is_still_fine(tmp_path: Path) -> None:
    ok("new", tmp_path / "n.pulka", "--players", "И\u0306горь", "Борис", "Вера")
