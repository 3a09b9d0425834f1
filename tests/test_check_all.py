"""`pulka check` lists every problem of a journal in one run (errors are values).

Each problem is one ``error:`` line on stderr with its file:line (and the deal, when the
message names it; ``--json`` gives every problem its deal), the status is 2, and nothing on
disk changes. A deal refused is passed over as if it were voided, so the deals after it are
judged against the state without it. The first line is the one message `check` gave when it
stopped at the first problem (and that `show`, `add` and the rest still give).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from cli_kit import digests, ok, run
from conftest import ALL_WORDS
from random_games import GAMES

from pulka.convention.loader import load_convention
from pulka.errors import IllegalDealError, Source
from pulka.families import get_family
from pulka.game import Entry, Game, Table
from pulka.notation import parse_deal
from pulka.replay import final_state
from pulka.replay import problems as replay_problems
from pulka.replay.problems import replay_past_problems

PLAYERS = ("Аня", "Борис", "Вера")
GOOD = "Аня 6s 6 Борис whist 2 Вера whist 2"


def journal(tmp_path: Path, *lines: str, players: tuple[str, ...] = PLAYERS,
            name: str = "g.pulka") -> Path:
    """A journal started by `pulka new`, its body the ``lines`` as given (deals, voids,
    fixes: written by hand, as a damaged or mistyped journal is)."""
    path = tmp_path / name
    ok("new", path, "--players", *players)
    with open(path, "a", encoding="utf-8") as handle:
        handle.writelines(line + "\n" for line in lines)
    return path


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if line == text)


def errors_of(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith(("error: ", "ошибка: "))]


def refused_check(folder: Path, *args: object) -> tuple[list[str], str]:
    """Run `check` on a journal with problems: status 2, nothing on disk changed (the
    journal, and no snapshot kept). Its error lines, and its stdout."""
    before = digests(folder)
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert digests(folder) == before
    return errors_of(result.stderr), result.stdout


@pytest.fixture
def snapshots_on(tmp_path, monkeypatch) -> None:
    """Snapshots kept under the test's own folder: a check that kept one would change it."""
    monkeypatch.delenv("PULKA_SNAPSHOTS")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


#: three bad deals of three kinds among good ones: a deal line that does not read (deal 3),
#: a deal the rules refuse (deal 5: eleven tricks), a fix of a deal that does not exist
THREE = ("1. " + GOOD,
         "2. raspasy Аня 4 Борис 3 Вера 3",
         "3. Борис 6s 6 Гена whist 2 Вера whist 2",
         "4. Вера 7h 7 Аня pass Борис whist 3",
         "5. Борис 6s 6 Аня whist 2 Вера whist 3",
         "fix 9 Борис 6s 6 Аня whist 2 Вера whist 2",
         "6. " + GOOD,
         "fix 1 Аня 6s 7 Борис whist 1 Вера whist 2",
         "7. Вера 6d 6 Аня whist 2 Борис whist 2")


def test_every_problem_is_listed_with_its_place_and_deal(tmp_path, snapshots_on):
    path = journal(tmp_path, *THREE)
    unreadable, refused, fix = (line_of(path, THREE[2]), line_of(path, THREE[4]),
                                line_of(path, THREE[5]))
    errors, stdout = refused_check(tmp_path, "check", path)
    assert stdout == ""
    # the voids and fixes are read first (as the check that stopped at the first problem
    # read them), then the deals as they are replayed
    assert errors == [
        f"error: {path}:{fix}:7: deal 9: fix 9: there is no deal 9 in force",
        f"error: {path}:{unreadable}:12: 'Гена' is not at the table (players: Аня, Борис, "
        "Вера)",
        f"error: {path}:{refused}: deal 5: the tricks of the game add up to 11, not 10 "
        "(Борис 6 + Аня 2 + Вера 3)",
    ]
    # the first line is what every other command says of the journal, and they say no more
    for command in ("show", "settle", "export"):
        args = ("--xlsx", tmp_path / "out.xlsx") if command == "export" else ()
        result = run(command, path, *args)
        assert result.exit_code == 2 and errors_of(result.stderr) == errors[:1]
    result = run("add", path, GOOD)
    assert result.exit_code == 2 and errors_of(result.stderr) == errors[:1]
    assert not (tmp_path / "out.xlsx").exists()


def test_json_lists_every_problem_in_words_of_no_language(tmp_path, snapshots_on):
    path = journal(tmp_path, *THREE)
    lines = [line_of(path, THREE[i]) for i in (5, 2, 4)]
    errors, stdout = refused_check(tmp_path, "check", "--json", path)
    assert len(errors) == 3  # the same lines on stderr
    data = json.loads(stdout)
    assert data == {
        "file": str(path), "ok": False, "convention": "sochi", "rules": data["rules"],
        "errors": [
            {"filename": str(path), "lineno": lines[0], "col": 7, "deal": 9, "kind": "journal",
             "message": "fix 9: there is no deal 9 in force", "hint": None},
            {"filename": str(path), "lineno": lines[1], "col": 12, "deal": 3,
             "kind": "notation",
             "message": "'Гена' is not at the table (players: Аня, Борис, Вера)", "hint": None},
            {"filename": str(path), "lineno": lines[2], "col": None, "deal": 5,
             "kind": "illegal", "message": "the tricks of the game add up to 11, not 10 "
             "(Борис 6 + Аня 2 + Вера 3)", "hint": None},
        ]}
    assert re.fullmatch(r"[0-9a-f]{12}", data["rules"])
    russian, in_russian = refused_check(tmp_path, "--lang", "ru", "check", "--json", path)
    assert json.loads(in_russian) == data  # the JSON: the same in every language
    assert russian[0].startswith("ошибка: ")


def test_every_message_in_russian(tmp_path):
    path = journal(tmp_path, *THREE, "garbage here", "9. " + GOOD, "void 12")
    errors, _stdout = refused_check(tmp_path, "--lang", "ru", "check", path)
    said = [re.sub(r"^ошибка: [^ ]+ ", "", line) for line in errors]  # (without the place)
    assert said == [
        "сдача 9: fix 9: сдачи 9 среди действующих нет",
        "'garbage' — не начало строки сдачи (строка сдачи начинается с её номера: "
        "`12. Аня 6s ...`)",
        "номер сдачи 9 не по порядку (ожидался 8)",
        "сдача 12: void 12: сдачи 12 среди действующих нет",
        "за столом нет игрока 'Гена' (играют: Аня, Борис, Вера)",
        "сдача 5: в игре взяток в сумме 11, а не 10 (Борис 6 + Аня 2 + Вера 3)",
    ]
    for line in said:  # no English word left (but the journal's own words, quoted or not)
        words = re.findall(r"[A-Za-z]{3,}", re.sub(r"`[^`]*`|'[^']*'|\b(void|fix)\b", "", line))
        assert words == [], line


def test_a_deal_after_a_bad_one_is_judged_as_if_the_bad_one_were_voided(tmp_path):
    """At four the dealer sits out: a refused deal 2 leaves the deal with Борис, so deal 3
    is Борис's to sit out, and a deal 3 that has Вера sitting out is wrong, as it would be
    after `void 2`; one that has Борис sitting out is right."""
    players = ("Аня", "Борис", "Вера", "Глеб")
    first = ("1. Борис 6s 6 Вера whist 2 Глеб whist 2",
             "2. Аня 6s 6 Вера whist 2 Глеб whist 3")  # eleven tricks: refused
    path = journal(tmp_path, *first, "3. Аня 6s 6 Борис whist 2 Глеб whist 2", name="a.pulka",
                   players=players)
    errors, _stdout = refused_check(tmp_path, "check", path)
    assert errors == [
        f"error: {path}:{line_of(path, first[1])}: deal 2: the tricks of the game add up to "
        "11, not 10 (Аня 6 + Вера 2 + Глеб 3)",
        f"error: {path}:{line_of(path, first[1]) + 1}: deal 3: Борис deals this deal and sits "
        "it out at four players",
    ]
    voided = journal(tmp_path, *first[:1], "2. Аня 6s 6 Вера whist 2 Глеб whist 2", "void 2",
                     "3. Аня 6s 6 Борис whist 2 Глеб whist 2", name="v.pulka", players=players)
    said = errors_of(run("check", voided).stderr)
    assert [line.split(": ", 2)[2] for line in said] == [errors[1].split(": ", 2)[2]]

    right = journal(tmp_path, *first, "3. Аня 6s 6 Вера whist 2 Глеб whist 2", name="b.pulka",
                    players=players)
    errors, _stdout = refused_check(tmp_path, "check", right)
    assert len(errors) == 1 and "deal 2:" in errors[0]


def test_a_good_journal_says_what_it_said(tmp_path):
    path = journal(tmp_path, "1. " + GOOD, "2. raspasy Аня 4 Борис 3 Вера 3", "void 2",
                   "3. " + GOOD, "fix 3 Аня 6s 7 Борис whist 1 Вера whist 2")
    result = ok("check", path)
    assert (result.stdout, result.stderr) == ("", "")
    assert json.loads(ok("check", "--json", path).stdout) == {
        "file": str(path), "ok": True, "convention": "sochi",
        "rules": load_convention("sochi").digest(), "deals": 2, "finished": False}


def test_one_problem_is_said_as_before(tmp_path):
    """A journal with one problem: the one line `check` always gave (and `show` gives)."""
    cases = [("2. Борис 6s 6 Аня whist 2 Вера whist 3",), ("garbage here",),
             ("void 5",), ("5. " + GOOD,), ("2. Борис 6s 6 Гена whist 2 Вера whist 2",)]
    for number, body in enumerate(cases):
        path = journal(tmp_path, "1. " + GOOD, *body, name=f"{number}.pulka")
        result = run("check", path)
        assert result.exit_code == 2
        assert result.stderr == run("show", path).stderr
        assert len(errors_of(result.stderr)) == 1


def test_a_deal_missing_or_written_twice_is_one_problem(tmp_path):
    for deals in ((1, 2, 4, 5, 6), (1, 2, 3, 2, 4, 5), (1, 2, 2, 3, 4)):
        lines = [f"{n}. {GOOD}" for n in deals]
        for corrections in ((), ("void 1",)):  # read in one pass, and after a first pass
            path = journal(tmp_path, *lines, *corrections, name=f"{deals}{corrections}.pulka")
            errors, _stdout = refused_check(tmp_path, "check", path)
            assert len(errors) == 1 and "out of sequence" in errors[0], errors


def test_a_broken_header_stops_at_once(tmp_path):
    path = journal(tmp_path, "1. " + GOOD, "2. Борис 6s 6 Гена whist 2 Вера whist 2")
    text = path.read_text(encoding="utf-8").replace("players Аня Борис Вера",
                                                    "players Аня Аня Вера")
    path.write_text(text, encoding="utf-8")
    errors, stdout = refused_check(tmp_path, "check", "--json", path)
    assert stdout == ""
    assert len(errors) == 1 and "two players have the same name" in errors[0]
    assert errors_of(run("show", path).stderr) == errors


def test_a_line_that_cannot_be_read_on_is_the_last_problem(tmp_path):
    path = journal(tmp_path, "1. " + GOOD, "2. Борис 6s 6 Аня whist 2 Вера whist 3",
                   "3. " + GOOD + " ; " + "x" * 70_000, "4. " + GOOD)
    errors, _stdout = refused_check(tmp_path, "check", path)
    assert len(errors) == 2
    assert "deal 2:" in errors[0] and "is longer than 65536 bytes" in errors[1]


def test_a_vector_lists_every_illegal_deal(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("convention: sochi\nplayers: [A, B, C]\ndeals:\n"
                    "  - {declarer: A, contract: 6s, defence: {B: whist, C: whist}, "
                    "tricks: {A: 6, B: 2, C: 3}}\n"
                    "  - {raspasy: {A: 4, B: 3, C: 3}}\n"
                    "  - {declarer: C, contract: 7h, defence: {A: whist, B: whist}, "
                    "tricks: {C: 7, A: 2, B: 2}}\n", encoding="utf-8")
    errors, _stdout = refused_check(tmp_path, "check", path)
    assert [line.split(": ")[1:3] for line in errors] == [[f"{path}:4:5", "deal 1"],
                                                          [f"{path}:6:5", "deal 3"]]


# --- the replay that goes past its problems --------------------------------------------------


@pytest.mark.parametrize("convention, settings, players, texts",
                         [pytest.param(*game, id=f"{game[0]}-{i}") for i, game in
                          enumerate(GAMES)])
def test_the_state_is_the_state_without_the_refused_deals(convention, settings, players,
                                                           texts):
    """Deals drawn at random, many refused: the state is the one the deals accepted give."""
    table = Table(players, load_convention(convention, settings or None), dict(settings),
                  convention)
    rng = random.Random(7)
    entries = [Entry(n, parse_deal(rng.choice(texts), players, ALL_WORDS), Source("r", n))
               for n in range(1, 161)]
    problems: list = []
    state, count = replay_past_problems(Game(table, entries), problems.append)
    refused = {problem.deal for problem in problems}
    assert refused and count == 160 - len(refused)
    kept = [entry for entry in entries if entry.number not in refused]
    assert (state, count) == final_state(Game(table, kept), compiled=False)


def test_a_refusal_that_changed_the_state_is_undone(monkeypatch):
    """A family may change the state before it refuses a deal: the state goes back."""
    table = Table(PLAYERS, load_convention("sochi"), {}, "sochi")
    family = get_family(table.convention.family)
    play = family.play

    def careless(deal, state):
        if deal.tricks.get("Вера") == 3:  # changes the sheet, then refuses
            state.sheet.cells["pulya"]["Вера"] += 100
            state.next_deal()
            raise IllegalDealError("refused late")
        return play(deal, state)

    monkeypatch.setattr(family, "play", careless)
    monkeypatch.setattr(replay_problems, "EVERY", 3)
    texts = [GOOD, "raspasy Аня 4 Борис 3 Вера 3", "Борис 6s 6 Аня whist 2 Вера whist 3"]
    rng = random.Random(3)
    entries = [Entry(n, parse_deal(rng.choice(texts), PLAYERS, ALL_WORDS)) for n in range(1, 25)]
    problems: list = []
    state, count = replay_past_problems(Game(table, entries), problems.append)
    kept = [e for e in entries if e.deal.tricks.get("Вера") != 3]
    assert problems and len(kept) == count
    monkeypatch.setattr(family, "play", play)
    assert state == final_state(Game(table, kept), compiled=False)[0]
