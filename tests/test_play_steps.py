"""A deal asked step by step at `pulka play` ("?", шаг, step): the questions, the line they
make, and the journal the same as `pulka add` of that line makes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_kit import ok
from click.testing import CliRunner, Result
from play_kit import finished, sha, spawn

from pulka.cli import cli


def twins(folder: Path, *options: str) -> tuple[Path, Path]:
    """Two journals of one new game, byte for byte the same."""
    one = folder / "g.pulka"
    ok("new", one, *options)
    two = folder / "control.pulka"
    shutil.copyfile(one, two)
    return one, two


def piped(*args: object, input: str) -> Result:
    return CliRunner().invoke(cli, ["play", *map(str, args)], input=input,
                              env={"COLUMNS": "80", "LINES": "24"})


def test_step_by_step_in_russian_in_a_terminal(tmp_path: Path) -> None:
    game, control = twins(tmp_path, "--players", "Аня", "Борис", "Вера")
    child = spawn("play", game, "--lang", "ru", cwd=tmp_path)
    child.expect_exact("сдача 1>")
    child.sendline("?")
    child.expect_exact("Кто играл? (имя или распасы)")
    child.send("Ан")
    child.expect_exact("Ан")  # the prompt is reading the keys
    child.send("\t")  # the names are completed
    child.expect_exact("я")
    child.send("\r")
    child.expect_exact("Что? (например, 6s, 7 пик, 9nt, мизер)")
    child.sendline("6 пикей")  # not a contract: said (no file or deal named), and asked again
    child.expect_exact("ошибка: после 6 нужна масть")
    child.expect_exact("Что?")
    child.sendline("6 пик")
    child.expect_exact("Сколько взял играющий? (Enter — не играли)")
    child.sendline("6")
    child.expect_exact("Вистовали?")
    child.expect_exact("Борис: вист, пас или полвиста?")
    child.sendline("вистонул")
    child.expect_exact("ошибка: 'вистонул': нет такого ответа; может быть, вистанул?")
    child.expect_exact("Борис: вист, пас или полвиста?")
    child.sendline("вист")
    child.expect_exact("Борис: сколько взяток? (Enter — не сказано)")
    child.sendline("11")
    child.expect_exact("ошибка: '11': взяток — число от 0 до 10")
    child.expect_exact("Борис: сколько взяток?")
    child.sendline("2")
    child.expect_exact("Вера: вист, пас или полвиста?")
    child.sendline("пас")
    child.expect_exact("Вера: сколько взяток?")
    child.sendline("")
    child.expect_exact("сдача в записи: Аня 6♠ 6 Борис вист 2 Вера пас")
    # (the line said in the notation; what was recorded, in the language's words)
    child.expect_exact("записано: 1. Аня 6♠ 6 Борис вист 2 Вера пас")
    child.expect_exact("сдача 2>")
    child.sendline("шаг")
    child.expect_exact("Кто играл?")
    child.sendline("распасы")
    for name, taken in (("Вера", "4"), ("Аня", "4"), ("Борис", "2")):  # from the dealer's left
        child.expect_exact(f"{name}: сколько взяток?")
        child.sendline(taken)
    child.expect_exact("записано: 2. распасы Аня 4 Борис 2 Вера 4")
    child.expect_exact("сдача 3>")
    child.sendline("шаг")
    child.expect_exact("Кто играл?")
    child.sendline("Вера")
    child.expect_exact("Что?")
    child.sendcontrol("c")  # Ctrl-C drops the deal being asked
    child.expect_exact("не записано")
    child.expect_exact("сдача 3>")
    child.sendline("quit")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("")
    assert finished(child) == 0
    ok("add", control, *"Аня 6s 6 Борис whist 2 Вера pass".split())
    ok("add", control, *"raspasy Аня 4 Борис 2 Вера 4".split())
    assert game.read_bytes() == control.read_bytes()


def test_step_by_step_in_english_in_a_terminal(tmp_path: Path) -> None:
    game, control = twins(tmp_path, "--players", "Аня", "Борис", "Вера", "Глеб")
    child = spawn("play", game, cwd=tmp_path)
    child.expect_exact("deal 1>")
    child.sendline("step")
    child.expect_exact("Who played? (a name, or raspasy)")
    child.sendline("Аня")  # the dealer sits out at four
    child.expect_exact("error: Аня sits this deal out")
    child.expect_exact("Who played?")
    child.sendline("Вера")
    child.expect_exact("What? (e.g. 6s, 7 пик, 9nt, мизер)")
    child.sendline("misere")
    child.expect_exact("How many tricks did the declarer take?")
    child.sendline("1")
    child.expect_exact("the deal in the notation: Вера misere 1")
    child.expect_exact("recorded: 1. Вера misere 1")
    child.expect_exact("deal 2>")
    child.sendline("?")
    child.expect_exact("Who played?")
    child.sendline("Глеб")
    child.expect_exact("What?")
    child.sendline("7h")
    child.expect_exact("How many tricks did the declarer take?")
    child.sendline("")  # not played out: both pass
    child.expect_exact("Whisted?")
    for name in ("Аня", "Вера"):  # clockwise from the declarer; Борис deals and sits out
        child.expect_exact(f"{name}: whist, pass or half?")
        child.sendline("pass")
        child.expect_exact(f"{name}: how many tricks? (Enter: not said)")
        child.sendline("")
    child.expect_exact("the deal in the notation: Глеб 7h Аня pass Вера pass")
    child.expect_exact("recorded: 2. ")
    child.expect_exact("deal 3>")
    child.sendline("quit")
    child.expect_exact("Export the workbook and the PDF sheet? [y/N]")
    child.sendline("n")
    assert finished(child) == 0
    ok("add", control, *"Вера misere 1".split())
    ok("add", control, *"Глеб 7h Аня pass Вера pass".split())
    assert game.read_bytes() == control.read_bytes()


def test_a_balkan_deal_asks_the_game_from_the_hand_and_the_contras(tmp_path: Path) -> None:
    game, control = twins(tmp_path, "--players", "Marko", "Jelena", "Nikola",
                          "--convention", "serbian")
    answers = ["?", "Marko", "6s", "d", "n", "5", "half", "пол виста", "whist", "3", "kontr", "kontra",
               "whist", "2",
               "", "step", "allpass", "step", "Nikola", "sans", "y", "7", "whist", "3", "",
               "pass", "", "quit", ""]
    result = piped(game, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "What? (e.g. s, d, sans, bettel) " in result.stdout
    assert "A game from the hand (igra)? [y/N] " in result.stdout
    assert "Jelena: contra? (Enter: no) " in result.stdout
    # no half-whist at a Balkan table: not offered, and refused at the question
    assert "Jelena: whist or pass? " in result.stdout and "half?" not in result.stdout
    assert "error: there is no half-whist in the Balkan conventions" in result.stderr
    assert result.stderr.count("error: there is no half-whist in the Balkan conventions") == 2
    assert "the deal in the notation: Marko d 5 Jelena whist 3 contra Nikola whist 2" \
        in result.stdout
    assert "error: 'kontr': say contra, recontra, subcontra or mortcontra" in result.stderr
    assert "error: '6s': a Balkan game is named by its suit alone (s, d, h, c), sans or bettel" \
        in result.stderr
    for deal in ["Marko d 5 Jelena whist 3 contra Nikola whist 2", "allpass",
                 "Nikola sans igra 7 Marko whist 3 Jelena pass"]:
        ok("add", control, *deal.split())
    assert game.read_bytes() == control.read_bytes()


#: each payment table's session: the answers typed (a refused one is said and asked again), the
#: prompts and refusals said in each language, the deals the answers make
SESSIONS = {
    "austrian": (("Аня", "Борис", "Вера"), [
        "?", "Борис", "6s", "d", "n", "whist", "half", "whist", "6", "5", "3", "",
        "?", "Вера", "h", "y", "вист", "пас", "н", "7", "тузы",
        "?", "allpass", "quit", ""],
        {"en": ["Who played? (a name, allpass or end) ", "What? (e.g. c, s, d, h) ",
                "A game from the hand (igra)? [y/N] ", "Вера: whist or pass? ",
                "How many tricks did the declarer take? ", "Вера: how many tricks? ",
                "Аня plays alone: invite Борис? [y/N] ",
                "Claimed: four aces or no aces? (Enter: nothing) "],
         "ru": ["Кто играл? (имя, все-пас или конец) ", "Что? (например, c, s, d, h) ",
                "Игра без прикупа? [д/Н] ", "Вера: вист или пас? ",
                "Сколько взял играющий? ", "Вера: сколько взяток? ",
                "Аня вистует в одиночку: пригласить второго (Борис)? [д/Н] ",
                "Объявлено: четыре туза или нет тузов? (Enter — ничего) "]},
        {"en": ["'6s': this table plays c, s, d or h", "'half': say whist or pass",
                "'5': say a number from 0 to 4"],
         "ru": ["'6s': за этим столом играют c, s, d или h", "'half': скажите вист или пас",
                "'5': скажите число от 0 до 4"]},
        ["Борис d 6 Вера whist 3 Аня whist 1", "Вера h igra 7 Аня whist 3 Борис pass aces",
         "allpass"]),
    "swabian": (("Anna", "Berta", "Carl"), [
        "?", "Berta", "7", "herz", "n", "8", "", "kontra", "y",
        "?", "Carl", "bettel", "n", "сыграл", "", "", "",
        "?", "allpass", "end", "n"],
        {"en": ["Who played? (a name, or end) ", "Anna: contra? (Enter: no) ",
                "A paired talon (Kunstwerk)? [y/N] ", "Did the declarer make it? (made or "
                "down) "],
         "ru": ["Кто играл? (имя или конец) ", "Anna: контра? (Enter — нет) ",
                "Парный прикуп (Kunstwerk)? [д/Н] ", "Играющий сыграл? (сыграл или без) "]},
        {"en": ["'allpass' is not allowed here: say Anna, Berta, Carl or end"],
         "ru": ["'allpass' здесь нельзя: скажите Anna, Berta, Carl или конец"]},
        ["Berta h 8 Anna contra kunstwerk", "Carl bettel made", "end"]),
    "greek": (("Άννα", "Βασίλης", "Γιώργος"), [
        "?", "Βασίλης", "7s", "n", "pass", "whist", "half", "alone", "11", "8", "",
        "?", "Γιώργος", "6 σπαθιά", "n", "πάσο", "παίζω", "μαζί", "8", "1", "y",
        "?", "allpass", "quit", ""],
        {"en": ["Did the declarer concede before play? [y/N] ", "Άννα: together or alone? ",
                "Four aces? [y/N] "],
         "ru": ["Играющий сдал игру, не разыгрывая? [д/Н] ", "Άννα: вместе или один? ",
                "Четыре туза? [д/Н] "]},
        {"en": ["'half': say together or alone", "'11': tricks are a number from 0 to 10"],
         "ru": ["'half': скажите вместе или один", "'11': взяток — число от 0 до 10"]},
        ["Βασίλης 7s 8 Γιώργος pass Άννα alone 2",
         "Γιώργος 6c 8 Άννα pass 1 Βασίλης together 1 aces", "allpass"]),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("convention", list(SESSIONS))
def test_a_payment_deal_asked_step_by_step(tmp_path: Path, convention: str, lang: str) -> None:
    """Guided play works at every table: the payment games ask their own questions, offer
    only what the rules allow, and record what `pulka add` of the same deals records."""
    players, answers, prompts, refusals, deals = SESSIONS[convention]
    game, control = twins(tmp_path, "--players", *players, "--convention", convention)
    result = piped(game, "--lang", lang, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    for prompt in prompts[lang]:
        assert prompt in result.stdout, prompt
    error = {"en": "error: ", "ru": "ошибка: "}[lang]
    for refusal in refusals[lang]:
        assert error + refusal in result.stderr, refusal
    for deal in deals:
        ok("add", control, *deal.split())
    assert game.read_bytes() == control.read_bytes()


def test_an_empty_first_answer_records_nothing(tmp_path: Path) -> None:
    game, _ = twins(tmp_path, "--players", "Аня", "Борис", "Вера")
    before = sha(game)
    result = piped(game, input="?\n\nquit\n\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "Who played? (a name, or raspasy) not recorded" in result.stdout
    assert sha(game) == before


def test_where_the_table_says_who_fell_each_whister_is_asked(tmp_path: Path) -> None:
    """With ``quota: table`` a made game asks each whister whether he fell; the answer is the
    word ``fell`` in the line, and the journal is the one `pulka add` of that line makes."""
    game, control = twins(tmp_path, "--players", "Marko", "Jelena", "Nikola",
                          "--convention", "croatian", "--set", "quota=table")
    answers = ["?", "Marko", "d", "n", "7", "whist", "2", "", "y", "whist", "1", "", "n",
               "?", "Jelena", "h", "n", "4", "whist", "6", "", "pass", "", "quit", ""]
    result = piped(game, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stdout.count("Jelena: fell? [y/N] ") == 1  # (not asked of a failed game)
    assert "Nikola: fell? [y/N] " in result.stdout
    assert "the deal in the notation: Marko d 7 Jelena whist 2 fell Nikola whist 1" \
        in result.stdout
    for deal in ["Marko d 7 Jelena whist 2 fell Nikola whist 1", "Jelena h 4 Nikola whist 6 "
                 "Marko pass"]:
        ok("add", control, *deal.split())
    assert game.read_bytes() == control.read_bytes()


def test_where_the_tricks_say_who_fell_nobody_is_asked(tmp_path: Path) -> None:
    game, _control = twins(tmp_path, "--players", "Marko", "Jelena", "Nikola",
                           "--convention", "croatian")
    answers = ["?", "Marko", "d", "n", "7", "whist", "2", "", "whist", "1", "", "quit", ""]
    result = piped(game, "--lang", "ru", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "fell" not in result.stdout and "упал" not in result.stdout


def test_the_russian_questions_offer_what_the_rules_allow(tmp_path: Path) -> None:
    """After two raspasy in a row Sochi starts at the seven; half-whist is the second
    defender's, after the first passed, in a game not played out (his tricks are not asked);
    the tricks never add up past ten. A refused answer is said with the rule, and asked
    again."""
    game, control = twins(tmp_path, "--players", "Аня", "Борис", "Вера")
    deals = ["raspasy Аня 4 Борис 0 Вера 6", "raspasy Аня 3 Борис 3 Вера 4"]
    for deal in deals:
        ok("add", game, *deal.split())
        ok("add", control, *deal.split())
    answers = ["?", "Аня", "6s", "7s", "", "half", "pass", "", "half",
               "?", "Борис", "7h", "7", "whist", "4", "3", "pass", "", "quit", ""]
    result = piped(game, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stderr.splitlines() == [
        "error: after 2 raspasy in a row the lowest contract is 7, not 6",
        "error: only the second defender can half-whist; Борис speaks first",
        "error: '4': say a number from 0 to 3"]
    # (a half-whisted game is not played: her tricks are not asked)
    assert "Вера: whist, pass or half? the deal in the notation: Аня 7s Борис pass Вера half" \
        in result.stdout
    for deal in ["Аня 7s Борис pass Вера half", "Борис 7h 7 Вера whist 3 Аня pass"]:
        ok("add", control, *deal.split())
    assert game.read_bytes() == control.read_bytes()
