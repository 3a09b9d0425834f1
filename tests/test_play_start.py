"""`pulka play` without a game: the dialogue that starts one. The journal it makes is the one
`pulka new` makes from the same answers (all but the time stamp of its `created` line); a
wrong answer is said and asked again; Ctrl-C or Ctrl-D leaves nothing behind."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from cli_kit import digests, ok
from click.testing import CliRunner, Result
from play_kit import created_lines, finished, header, spawn

from pulka.cli import cli

TODAY = re.compile(r"\d{4}-\d\d-\d\d(-\d+)?\.pulka")


def expect(child: object, text: str) -> None:
    """Wait for ``text`` on the screen (a trailing space is drawn as a cursor move)."""
    child.expect_exact(text.rstrip())  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test runs in its own empty folder (the default file is made in the current one)."""
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")


def piped(*args: str, input: str, env: dict[str, str] | None = None) -> Result:
    """`pulka play ARGS` in the current folder, its answers from a pipe (plain lines)."""
    return CliRunner().invoke(cli, ["play", *args], input=input,
                              env={"COLUMNS": "80", "LINES": "24", **(env or {})})


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_new_game_made_in_a_terminal_is_the_game_pulka_new_makes(tmp_path: Path,
                                                                   lang: str) -> None:
    words = {
        "ru": ["Файл игры? [", "Соглашение? [сочи]",
               "ошибка: неизвестное соглашение 'sochinkaa'", "leningrad (питер, ленинградка",
               "Игроки (по часовой стрелке, первый сдаёт)? ",
               "ошибка: 1 игрок: в pulka играют вдвоём, втроём, вчетвером или впятером",
               "Пуля? [20] ", "Цена виста? [нет] ", "(по часовой стрелке)", "сдача 1: сдаёт Аня",
               "сдача 1>", "ни одной сдачи не записано: рассчитывать нечего"],
        "en": ["Game file? [", "Convention? [sochi]",
               "error: unknown convention 'sochinkaa'", "leningrad (питер, ленинградка",
               "Players (clockwise, the first deals)? ",
               "error: 1 players: pulka plays with 2, 3, 4 or 5",
               "Pulya? [20] ", "Price of a whist? [none] ", "(clockwise)", "deal 1: Аня deals",
               "deal 1>", "no deal is recorded: nothing to settle"],
    }[lang]
    before = datetime.date.today().isoformat()
    tmp_path = Path.cwd()
    child = spawn("play", "--lang", lang, cwd=tmp_path)
    expect(child, words[0])
    child.sendline("")  # today's date
    expect(child, words[1])
    child.sendline("sochinkaa")
    expect(child, words[2])
    expect(child, words[1])
    child.sendline("?")
    expect(child, words[3])
    expect(child, words[1])
    child.send("пит")
    child.expect_exact("пит")  # the prompt is reading the keys
    child.send("\t")  # Tab completes the alias
    child.expect_exact("ер")
    child.send("\r")
    expect(child, words[4])
    child.sendline("Аня")  # one name: said, and asked again
    expect(child, words[5])
    expect(child, words[4])
    child.sendline("Аня, Борис Вера")
    expect(child, words[6])
    child.sendline("")  # the convention's pulya
    expect(child, words[7])
    child.sendline("0,10")  # a decimal comma
    expect(child, words[8])
    expect(child, words[9])
    expect(child, words[10])
    child.sendline("quit")  # no deal: nothing to settle or export
    expect(child, words[11])
    assert finished(child) == 0
    after = datetime.date.today().isoformat()
    made = [p for p in tmp_path.iterdir()]
    assert len(made) == 1 and made[0].name in (f"{before}.pulka", f"{after}.pulka")
    control = tmp_path.parent / "control.pulka"
    ok("new", control, "--players", "Аня", "Борис", "Вера", "--convention", "питер",
       "--price", "0,10")
    assert header(made[0]) == header(control)
    assert len(created_lines(made[0])) == 1  # the time stamp is the one line that may differ


def test_the_answers_from_a_pipe_and_the_convention_s_defaults(tmp_path: Path) -> None:
    result = piped(input="friday\n\nАня Борис Вера Глеб\n\n\nquit\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    made = Path("friday.pulka")
    control = tmp_path / "control.pulka"
    ok("new", control, "--players", "Аня", "Борис", "Вера", "Глеб")
    assert header(made) == header(control)
    assert "friday.pulka: a new Сочинка (Sochi) game for Аня, Борис, Вера, Глеб (clockwise); " \
           "Аня deals first" in result.stdout
    assert "deal 1: Аня deals and sits out" in result.stdout


def test_a_taken_file_is_never_written_over(tmp_path: Path) -> None:
    folder = Path.cwd()
    today = folder / f"{datetime.date.today().isoformat()}.pulka"
    today.write_text("my notes\n", encoding="utf-8")
    (folder / "taken.pulka").write_text("other notes\n", encoding="utf-8")
    before = digests(folder)
    result = piped("--lang", "ru", input="taken.pulka\n\n\nАня Борис Вера\n\n\nquit\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "ошибка: taken.pulka уже есть; назовите новый файл" in result.stderr
    made = sorted(p.name for p in folder.iterdir() if str(p) not in before)
    assert made == [f"{datetime.date.today().isoformat()}-2.pulka"]
    assert {k: v for k, v in digests(folder).items() if k in before} == before


@pytest.mark.parametrize(("answers", "message"), [
    ("g\n\nАня Аня Вера\n", "error: "),  # a name given twice
    ("g\n\nА Б В Г Д Е\n", "error: 6 players: pulka plays with 2, 3, 4 or 5"),
    ("g\nsochi\nАня Борис\n", "error: Сочинка (Sochi) is not played by 2 players; it takes 3, "
                              "4 or 5\n"),
    # (the question named the key: the error says only why the answer is wrong)
    ("g\n\nАня Борис Вера\nдвадцать\n",
     "error: expected a whole number from 1 to 1000000000, got 'двадцать'\n"),
    ("g\n\nАня Борис Вера\n\nмного\n",
     "error: expected a decimal amount such as 0.10, or none, got 'много'\n"),
])
def test_a_wrong_answer_is_said_and_nothing_is_made_when_the_input_ends(
        tmp_path: Path, answers: str, message: str) -> None:
    result = piped(input=answers)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert message in result.stderr
    assert "<answer>" not in result.stderr
    assert result.stdout.rstrip().endswith("no game was started")
    assert list(Path.cwd().iterdir()) == []


def test_the_questions_in_russian_from_the_locale(tmp_path: Path) -> None:
    result = piped(input="g\n\nАня\n", env={"LANG": "ru_RU.UTF-8"})
    assert result.stdout.startswith("Файл игры? [")
    assert "Игроки (по часовой стрелке, первый сдаёт)? " in result.stdout
    assert result.stderr == ("ошибка: 1 игрок: в pulka играют вдвоём, втроём, вчетвером или "
                             "впятером\n")
    assert result.stdout.rstrip().endswith("новая игра не начата")


@pytest.mark.parametrize(("key", "status"), [("c", 130), ("d", 0)])
def test_ctrl_c_or_ctrl_d_in_the_dialogue_makes_nothing(tmp_path: Path, key: str,
                                                        status: int) -> None:
    child = spawn("play", "--lang", "ru", cwd=Path.cwd())
    child.expect_exact("Файл игры? [")
    child.sendline("g")
    child.expect_exact("Соглашение? [сочи]")
    child.sendline("")
    child.expect_exact("Игроки (по часовой стрелке, первый сдаёт)?")
    child.sendline("Аня Борис Вера")
    child.expect_exact("Пуля? [20]")
    child.sendcontrol(key)
    child.expect_exact("новая игра не начата")
    assert finished(child) == status
    assert list(Path.cwd().iterdir()) == []


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_play_of_a_file_not_there_offers_to_start_that_game(tmp_path: Path, lang: str) -> None:
    """`pulka play NEW.pulka` offers a new game in that file: yes asks the rest of the
    dialogue (not the file) and plays it; no makes nothing."""
    words = {"ru": ["new.pulka ещё нет: начать в нём новую игру? [Д/н]", "Соглашение? [сочи]",
                    "Игроки (по часовой стрелке, первый сдаёт)?", "Пуля? [20]",
                    "Цена виста? [нет]", "сдача 1: сдаёт Аня", "сдача 1>",
                    "новая игра не начата"],
             "en": ["new.pulka is not there yet: start a new game in it? [Y/n]",
                    "Convention? [sochi]", "Players (clockwise, the first deals)?", "Pulya? [20]",
                    "Price of a whist? [none]", "deal 1: Аня deals", "deal 1>",
                    "no game was started"]}[lang]
    folder = Path.cwd()
    child = spawn("play", "new.pulka", "--lang", lang, cwd=folder)
    expect(child, words[0])
    child.sendline("")  # Enter: yes
    expect(child, words[1])
    child.sendline("")
    expect(child, words[2])
    child.sendline("Аня Борис Вера")
    expect(child, words[3])
    child.sendline("")
    expect(child, words[4])
    child.sendline("")
    expect(child, words[5])
    expect(child, words[6])
    child.sendline("Аня 6s 6 Борис whist 2 Вера whist 2")
    expect(child, words[6].replace("1", "2"))
    child.sendcontrol("d")
    child.expect_exact("[")  # the export offer
    child.sendline("")
    assert finished(child) == 0
    control = tmp_path / "control.pulka"
    ok("new", control, "--players", "Аня", "Борис", "Вера")
    made = folder / "new.pulka"
    assert header(made)[:-1] == header(control)  # the header pulka new makes, and the deal
    assert made.read_text(encoding="utf-8").splitlines()[-1] == \
        "1. Аня 6s 6 Борис whist 2 Вера whist 2"

    child = spawn("play", "other.pulka", "--lang", lang, cwd=folder)
    expect(child, words[0].replace("new.pulka", "other.pulka"))
    child.sendline({"ru": "н", "en": "n"}[lang])
    expect(child, words[7])
    assert finished(child) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["new.pulka"]


def test_the_offer_from_a_pipe_and_a_file_that_cannot_be_made(tmp_path: Path) -> None:
    result = piped("g.pulka", input="no\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stdout == ("g.pulka is not there yet: start a new game in it? [Y/n] "
                             "no game was started\n")
    assert list(Path.cwd().iterdir()) == []
    result = piped("nowhere/g.pulka", input="\n")  # no such folder: refused, nothing asked
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: nowhere/g.pulka: ")


@pytest.mark.parametrize(("lang", "question", "said"), [
    ("ru", "Игроки (против часовой стрелки, первый сдаёт)? ",
     "играют Άννα, Βασίλης, Γιώργος (против часовой стрелки)"),
    ("en", "Players (counter-clockwise, the first deals)? ",
     "game for Άννα, Βασίλης, Γιώργος (counter-clockwise)"),
])
def test_a_greek_table_is_asked_its_players_counter_clockwise(tmp_path: Path, lang: str,
                                                              question: str, said: str) -> None:
    """Greek play moves counter-clockwise (payment-families.md §6): the question says so, and
    the game lists the players in the order typed, the first defender the next after the
    declarer; `pulka new` says the same of the names it was given."""
    result = piped("--lang", lang, input="g\nпрефа\nΆννα Βασίλης Γιώργος\n\nquit\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert question in result.stdout
    assert "clockwise, the first" not in result.stdout.replace("counter-clockwise", "")
    assert said in result.stdout
    control = tmp_path / "control.pulka"
    out = ok("--lang", lang, "new", control, "--players", "Άννα", "Βασίλης", "Γιώργος",
             "--convention", "префа").stdout
    assert said in out
    assert header(Path("g.pulka")) == header(control)
    # the next in the list defends first: Βασίλης after Άννα
    out = ok("add", control, *"Άννα 7s 8 Βασίλης pass Γιώργος alone 2".split()).stdout
    assert "Άννα → Γιώργος paid +14" in out


def test_every_family_says_the_way_its_play_moves() -> None:
    from pulka.families import get_family
    from pulka.registry import FAMILIES

    ways = {name: get_family(name).seating for name in FAMILIES}
    assert ways.pop("greek") == "counter-clockwise"
    assert set(ways.values()) == {"clockwise"}
