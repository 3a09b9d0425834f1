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
    child.sendcontrol("d")  # no deal: nothing to settle, nothing to export
    child.expect_exact("no deal is recorded: nothing to settle")
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
    from pulka.cli.play.completion import Positions
    from pulka.notation import words_for

    players = ("Аня", "Борис", "Вера")

    def offered(family: str, language: str, *lines: str) -> set[str]:
        positions = Positions(players, words_for(family), language)
        return {w for line in lines for w in positions.candidates(line)[1]}

    everywhere = ("", "Аня ", "Аня 6s 6 Борис ", "Аня 6s 6 Борис вист 2 ")
    russian, balkan = offered("russian", "ru", *everywhere), offered("balkan", "en", *everywhere)
    austrian, greek = offered("austrian", "en", *everywhere), offered("greek", "en", *everywhere)
    assert {"6s", "10nt", "мизер", "полвиста", "Вера", "отмена", "конец"} <= russian
    assert "bettel" not in russian and "together" not in russian
    for other in (balkan, austrian):
        assert {"s", "bettel", "igra", "Аня", "fix"} <= other
        assert not {"6s", "half", "полвиста", "misere"} & other
    assert {"refill", "aces", "durchmarsch"} <= austrian
    assert {"7h", "together", "concede"} <= greek and "half" not in greek
    assert {"вместе", "один"} <= offered("greek", "ru", "Аня 6s 6 Б ")


@pytest.mark.parametrize(("language", "line", "words"), [
    # at the start: the players, the kinds of deal and the commands, in the session's words
    ("ru", "", ["Аня", "Борис", "Вера", "распасы", "конец", "отмена", "вернуть", "исправить",
                "лист", "расчёт", "помощь", "выход", "шаг"]),
    ("en", "", ["Аня", "Борис", "Вера", "raspasy", "end", "undo", "redo", "fix", "show",
                "settle", "help", "quit", "step"]),
    # after a level, the suits; after a defender, his answers
    ("ru", "Аня 6 ", ["пик", "треф", "бубны", "черви", "бк"]),
    ("en", "Аня 6 ", ["s", "c", "d", "h", "nt"]),
    ("ru", "Аня 6 пик 6 Б ", ["вист", "пас", "полвиста"]),
    ("en", "Аня 6s 6 Борис ", ["whist", "pass", "half"]),
    ("ru", "Аня 6s 6 Борис вист 2 В", ["Вера"]),
    ("ru", "Аня 6s 6 Борис п", ["пас", "полвиста"]),
    # what the session's words miss, the other spellings complete
    ("ru", "Аня 6s 6 Борис wh", ["whist"]),
    ("en", "отм", ["отмена", "отменить"]),
    # (one spelling of each meaning: its first that fits, not each of its forms)
    ("en", "Аня 6 ч", ["черви"]),
    # after fix, the deals in force, last first; then a deal
    ("ru", "исправить ", ["2", "1"]),
    ("ru", "исправить 2 Аня 6 ", ["пик", "треф", "бубны", "черви", "бк"]),
    # a raspasy: the players not named yet
    ("ru", "распасы Аня 4 ", ["Борис", "Вера"]),
    # in quotes, only a name
    ("ru", 'Аня 6s 6 "Бо', ["Борис"]), ("ru", 'Аня 6s 6 "', ["Борис", "Вера"]),
    # nothing after a command that stands alone, or in a comment
    ("ru", "отмена ", []), ("ru", "Аня 6s ; ", []),
])
def test_tab_follows_what_was_typed(language: str, line: str, words: list[str]) -> None:
    from pulka.cli.play.completion import Positions
    from pulka.notation import words_for

    positions = Positions(("Аня", "Борис", "Вера"), words_for("russian"), language,
                          lambda: ["2", "1"])
    assert positions.candidates(line)[1] == words


def test_a_name_with_a_space_is_offered_in_quotes() -> None:
    from pulka.cli.play.completion import Positions
    from pulka.notation import words_for

    positions = Positions(("Анна Мария", "Борис", "Вера"), words_for("russian"), "ru")
    assert positions.candidates("")[1][0] == '"Анна Мария"'
    assert positions.candidates('Борис 6s 6 "Анна М') == ('"Анна М', ['"Анна Мария"'])
    assert positions.candidates("Борис 6s 6 Ан") == ("Ан", ['"Анна Мария"'])


def test_tab_in_a_terminal_offers_the_russian_suits_after_a_level(tmp_path: Path) -> None:
    """In a real terminal: Tab after a level lists the suits in Russian, and completes a
    suit, a name and an answer; the deal so typed is recorded."""
    from play_kit import finished, spawn

    game, control = twins(tmp_path)
    child = spawn("play", game, "--lang", "ru", cwd=tmp_path)
    child.expect_exact("сдача 1>")
    child.send("А\t 6 \t")
    child.expect_exact("бубны")  # the menu of the suits
    child.expect_exact("черви")
    child.send("ч\t")
    child.expect_exact("черви")
    child.send(" 6 Б\t в\t 2 В\t вист 2\r")
    child.expect_exact("записано: 1. Аня 6♥ 6 Борис вист 2 Вера вист 2")
    child.expect_exact("сдача 2>")
    child.sendline("выход")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("н")
    assert finished(child) == 0
    assert game.read_bytes() == added(control, ["Аня 6h 6 Борис whist 2 Вера whist 2"])


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


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_s_commands_in_russian_beside_the_english_ones(tmp_path: Path,
                                                                  lang: str) -> None:
    """отмена, вернуть, исправить, лист, расчёт, помощь, выход act as undo, redo, fix, show,
    settle, help, quit, whatever the session speaks; the journal is the one the same commands
    give in English."""
    game, control = twins(tmp_path)
    typed = [GAME[0], GAME[1], "отмена", "вернуть", "исправить 2 Борис 7h 8 Вера whist 2 Аня pass",
             "помощь", "лист", "Расчет", "выход", "н"]
    result = run("play", game, "--lang", lang, input="\n".join(typed) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    said = {"en": ["void 2: deal 2 taken back", "restore 2: deal 2 brought back",
                   "recorded: fix 2 Борис 7h 8", "  отмена, undo", "└─ Аня ─", "pays"],
            "ru": ["сдача 2 отменена (`void 2`)", "сдача 2 возвращена (`restore 2`)",
                   "записано: сдача 2 исправлена: Борис 7h 8", "  отмена, undo", "└─ Аня ─",
                   "Аня → Борис: "]}[lang]
    if lang == "en":
        said[3] = "  undo        take back the last deal"
    for text in said:
        assert text in result.stdout, text
    assert result.stderr == ""
    english = [GAME[0], GAME[1], "undo", "redo", "fix 2 Борис 7h 8 Вера whist 2 Аня pass",
               "help", "show", "settle", "quit", "n"]
    assert run("play", control, input="\n".join(english) + "\n").exit_code == 0
    assert game.read_bytes() == control.read_bytes()


def test_a_name_like_a_command_s_word_starts_a_deal(tmp_path: Path) -> None:
    """A command that stands alone is one only when nothing follows it: a player called Лист
    declares."""
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Лист", "Борис", "Вера")
    result = run("play", game, input="Лист 6s 6 Борис whist 2 Вера whist 2\nquit\nn\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "recorded: 1. Лист 6s 6 Борис whist 2 Вера whist 2" in result.stdout


def test_redo_in_play_brings_back_what_undo_took(tmp_path: Path) -> None:
    """`redo` after `undo`s brings the deals back last first, as `pulka redo` does; with
    nothing to bring back it is refused and play goes on."""
    game, control = twins(tmp_path)
    typed = [*GAME[:3], "undo", "undo", "redo", "redo", "redo", GAME[3], "quit", "n"]
    result = run("play", game, input="\n".join(typed) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "restore 2: deal 2 brought back" in result.stdout
    assert "restore 3: deal 3 brought back\n  Аня gora" in result.stdout  # what it wrote
    assert result.stderr == (f"error: {game}: there is no deal to bring back: redo follows an "
                             "undo, before anything else is recorded\n")
    for deal in GAME[:3]:
        ok("add", control, *deal.split())
    for command in ("undo", "undo", "redo", "redo"):
        ok(command, control)
    assert game.read_bytes() == added(control, [GAME[3]])


def test_several_lines_pasted_are_several_deals(tmp_path: Path) -> None:
    """A bracketed paste of several deal lines, in a real terminal, records each as a deal,
    shown at its own prompt; after a line that is refused the rest are said, not read."""
    from play_kit import finished, spawn

    game, control = twins(tmp_path)
    child = spawn("play", game, "--lang", "ru", cwd=tmp_path)
    child.expect_exact("сдача 1>")
    child.send("\x1b[200~" + "\n".join(GAME[:3]) + "\n\x1b[201~")  # ends with a new line
    child.expect_exact("записано: 1. Аня 6s 6")
    child.expect_exact("сдача 2> " + GAME[1])
    child.expect_exact("записано: 2. Борис 7h 7")
    child.expect_exact("сдача 3> " + GAME[2])
    child.expect_exact("записано: 3. raspasy")
    child.expect_exact("сдача 4>")
    child.send("\x1b[200~" + "\n".join(["Вера misere 0", "Аня 6c 5 Бо whistle 3",
                                        GAME[4]]) + "\x1b[201~")  # Enter still to press
    child.send("\r")
    child.expect_exact("записано: 4. Вера misere 0")
    child.expect_exact("ошибка: ")
    child.expect_exact("вставленная после неё строка не прочитана:")
    child.expect_exact("  " + GAME[4])
    child.expect_exact("сдача 5>")
    child.sendline("выход")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("н")
    assert finished(child) == 0
    assert game.read_bytes() == added(control, GAME[:4])


@pytest.mark.parametrize(("options", "deals", "said"), [
    # Sochi (end: each): each player's distance to his pulya, or that he closed it
    (["--pulya", "2"], ["Аня 6s Борис pass Вера pass"],
     "to the pulya of 2: Аня closed · Борис 2 · Вера 2"),
    # Leningrad (end: total): the sum and what is left of the total, no "closed"
    (["-c", "leningrad", "--pulya", "4"], ["Аня 7s Борис pass Вера pass"],
     "the pulyas add up to 4 of 12: 8 to the end (Аня 4 · Борис 0 · Вера 0)"),
    # a game in jumps: the jump under way
    (["-c", "skachki", "--pulya", "4"], [],
     "jump 1 of 5: it ends when the first pulya closes\nto the pulya of 4: Аня 4"),
    # a Sochi game the players end
    (["--set", "end=manual"], [], "the game ends when the players say so (`end`)"),
    # the Balkan bule, and their sum, which ends the game at 0
    (["-c", "croatian"], [], "bule left: Аня "),
    # an Austrian pot that a deal empties, a Greek kasa, a Swabian game the players end
    (["-c", "austrian"], [], "pot: 150; the game ends when a deal empties it"),
    (["-c", "austrian-unlimited"], [], "the game ends when the players say so (`end`)"),
    (["-c", "greek"], [], "kasa: 1500; the game ends when less than 10 remain"),
    (["-c", "swabian"], [], "the game ends when the players say so (`end`)"),
])
def test_the_distance_to_the_end_in_the_game_s_own_terms(tmp_path: Path, options: list[str],
                                                         deals: list[str], said: str) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера", *options)
    for deal in deals:
        ok("add", game, *deal.split())
    result = run("play", game, input="quit\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert said in result.stdout
