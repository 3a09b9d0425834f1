"""Who answers for the defence's quota in the Balkan games: the keys of conventions.md §1.7
other tables play by (contra.writer: caller with contra.quota, contra.caller_penalty, the deal
field ``fell`` under quota: table), each with exact numbers. The fine points of §4 are in
test_balkan_fine_points.

Players A, B, C clockwise; Croatian from 30 unless a test says otherwise. Values: spades 4,
diamonds 6, hearts 8, clubs 10, bettel 12, sans 14; igra (no talon) +2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import digests, ok, refused, run
from conftest import ALL_WORDS, play, whists

from pulka.errors import IllegalDealError, NotationError
from pulka.notation import format_deal, parse_deal

PLAYERS = ("A", "B", "C")


def cro(lines: list[str], **options: object) -> dict:
    return play(lines, convention="croatian", **options)


CALLER = {"contra.writer": "caller"}
TABLE = {"quota": "table"}
NO_CALLER_PENALTY = {"contra.caller_penalty": False}

# --- contra.writer: caller, contra.quota ------------------------------------------------------


def test_the_caller_writes_all_the_defence_supe_and_answers_for_five():
    deal = ["B c 7 A whist 2 contra C whist 1"]  # clubs (10) made, the defence took 3
    # each writes his own: A 2 × 10 × 2, C 1 × 10; C short of 2 pays 10; A called and the
    # defence took 4 or fewer: A pays 10 × 2 (Croatian contra.caller_penalty)
    each = cro(deal)
    assert whists(each) == {"A": {"B": 40}, "C": {"B": 10}}
    assert each["bule"] == {"A": 50, "B": 10, "C": 40}
    # the caller writes the defence's 3 tricks × 10 × 2 and, short of 5, pays 10 × 2 (once);
    # C writes nothing and answers for nothing
    caller = cro(deal, **CALLER)
    assert whists(caller) == {"A": {"B": 60}}
    assert caller["bule"] == {"A": 50, "B": 10, "C": 30}


def test_contra_quota_is_the_tricks_the_caller_answers_for():
    deal = ["B c 7 A whist 2 contra C whist 1"]
    assert cro(deal, **CALLER, **{"contra.quota": 3})["bule"] == {"A": 30, "B": 10, "C": 30}
    assert cro(deal, **CALLER, **{"contra.quota": 4})["bule"] == {"A": 50, "B": 10, "C": 30}


def test_the_caller_writes_at_most_five_tricks_when_the_game_fails():
    r = cro(["B c 4 A whist 3 contra C whist 3"], **CALLER)  # 6 defence tricks, counted as 5
    assert whists(r) == {"A": {"B": 5 * 10 * 2}}
    assert r["bule"] == {"A": 30, "B": 30 + 20, "C": 30}


def test_two_callers_each_write_their_own_and_each_answers_for_the_quota():
    r = cro(["B c 7 A whist 2 contra C whist 1 contra"], **CALLER)
    assert whists(r) == {"A": {"B": 40}, "C": {"B": 20}}
    assert r["bule"] == {"A": 30 + 20, "B": 30 - 20, "C": 30 + 20}


def test_contra_writer_each_and_an_unused_contra_quota_keep_the_numbers():
    deal = ["B c 7 A whist 2 contra C whist 1", "A h 6 B whist 2 C whist 2"]
    plain = cro(deal)
    # contra.quota without contra.writer: caller is not a contradiction, only unused
    assert cro(deal, **{"contra.writer": "each", "contra.quota": 2}) == plain


# --- contra.caller_penalty ------------------------------------------------------------------


def test_the_caller_pays_when_the_defence_takes_four_or_fewer():
    deal = ["B c 6 A whist 2 contra C whist 2"]  # made; the pair took its 4
    assert cro(deal)["bule"] == {"A": 30 + 20, "B": 30 - 20, "C": 30}  # Croatian: on
    assert cro(deal, **NO_CALLER_PENALTY)["bule"] == {"A": 30, "B": 10, "C": 30}  # off: main's rule
    failed = ["B c 5 A whist 3 contra C whist 2"]  # the defence took 5: the claim held
    assert cro(failed)["bule"] == {"A": 30, "B": 30 + 20, "C": 30}


def test_a_short_caller_pays_once_with_or_without_the_key():
    deal = ["B c 7 A whist 1 contra C whist 2"]  # A short of 2, and the defence took 3
    for options in ({}, NO_CALLER_PENALTY):
        assert cro(deal, **options)["bule"] == {"A": 30 + 20, "B": 30 - 20, "C": 30}


def test_the_caller_penalty_is_written_in_the_croatian_file_and_off_by_default(tmp_path: Path):
    from pulka.convention.loader import builtin_dir
    from pulka.convention.schema import keys_for

    assert keys_for("balkan")["contra.caller_penalty"].default is False
    assert keys_for("balkan")["contra.writer"].default == "each"
    assert keys_for("balkan")["contra.quota"].default == 5
    text = (builtin_dir() / "croatian.yaml").read_text("utf-8")
    assert "  caller_penalty: true   # штраф контрящему" in text
    # a game started before the key existed keeps its numbers: its rules say nothing of it
    journal = tmp_path / "old.pulka"
    ok("new", journal, "--players", *PLAYERS, "--convention", "croatian")
    lines = journal.read_text("utf-8").splitlines(keepends=True)
    new_keys = ("rule contra.writer ", "rule contra.quota ", "rule contra.caller_penalty ")
    kept = [line for line in lines if not line.startswith(new_keys)]
    assert len(kept) == len(lines) - 3
    journal.write_text("".join(kept), "utf-8")
    ok("add", journal, "B c 6 A whist 2 contra C whist 2")
    import json

    data = json.loads(ok("settle", journal, "--json").stdout)
    assert data["bule"] == {"A": 30, "B": 10, "C": 30}


# --- fell under quota: table ---------------------------------------------------------------


def test_who_fell_is_the_tables_word_not_the_trick_count():
    deal = ["C h 7 A whist 1 B whist 2"]  # by the count A, short of 2, pays 8
    assert cro(deal)["bule"] == {"A": 38, "B": 30, "C": 22}
    assert cro(deal, **TABLE)["bule"] == {"A": 30, "B": 30, "C": 22}  # nobody said fell
    r = cro(["C h 7 A whist 1 B whist 2 fell"], **TABLE)
    assert r["bule"] == {"A": 30, "B": 38, "C": 22}
    assert whists(r) == {"A": {"C": 8}, "B": {"C": 16}}  # the supe are the tricks', as ever


def test_fell_multiplies_like_any_penalty():
    r = cro(["allpass", "C h 6 A whist 2 contra fell B whist 2 fell"], **TABLE)
    # C's refe ×2; A's contra ×2 more: A pays 8 × 2 × 2, B 8 × 2
    assert r["bule"] == {"A": 30 + 32, "B": 30 + 16, "C": 30 - 32}
    assert whists(r) == {"A": {"C": 2 * 8 * 4}, "B": {"C": 2 * 8 * 2}}


def test_under_contra_writer_caller_only_the_caller_can_fall():
    r = cro(["B c 6 A whist 2 contra fell C whist 2"], **TABLE, **CALLER)
    assert r["bule"] == {"A": 30 + 20, "B": 10, "C": 30}
    with pytest.raises(IllegalDealError, match=r"C answered for no tricks in this deal \(A did\)"):
        cro(["B c 6 A whist 2 contra C whist 2 fell"], **TABLE, **CALLER)


@pytest.mark.parametrize("line", ["C h 6 A whist 1 fell B whist 3", "C h 6 A whist 1 pao B whist 3",
                                  "C h 6 A whist 1 PALA B whist 3", "C ч 6 A вист 1 пао B вист 3",
                                  "C h 6 A whist 1 упал B whist 3", "C h 6 A fell A whist 1 B whist 3"])
def test_fell_in_english_serbian_and_russian_words(line):
    deal = parse_deal(line, PLAYERS, ALL_WORDS)
    assert deal.fell == ("A",)
    assert format_deal(deal, ALL_WORDS) == "C h 6 A whist 1 fell B whist 3"


def test_the_declarer_fell_is_written_at_the_end_and_read_back():
    deal = parse_deal("C h 5 fell A whist 1 B whist 4", PLAYERS, ALL_WORDS)
    assert deal.fell == ("C",) and format_deal(deal, ALL_WORDS) == "C h 5 A whist 1 B whist 4 C fell"
    assert parse_deal(format_deal(deal, ALL_WORDS), PLAYERS, ALL_WORDS) == deal


def test_a_player_called_pao_or_pala_keeps_his_name():
    players = ("Pala", "B", "C")
    deal = parse_deal("C h 6 Pala whist 2 B whist 2", players, ALL_WORDS)
    assert list(deal.defence) == ["Pala", "B"] and deal.fell == ()
    deal = parse_deal("C h 6 Pala whist 1 fell B whist 3 pao", players, ALL_WORDS)
    assert deal.fell == ("Pala", "B")
    assert format_deal(deal, ALL_WORDS) == "C h 6 Pala whist 1 fell B whist 3 fell"


def test_fell_said_twice_is_a_typo():
    with pytest.raises(NotationError, match="'pao' is said twice in one deal"):
        parse_deal("C h 6 A whist 1 fell pao B whist 3", PLAYERS, ALL_WORDS)


@pytest.mark.parametrize(("line", "options", "message"), [
    ("C h 6 A whist 1 fell B whist 3", {}, "'fell' is written only where the table says who fell "
     "(quota: table); this convention counts the tricks"),
    ("C h 5 fell A whist 1 B whist 4", TABLE, "C is the declarer: only a defender falls"),
    ("C h 5 A whist 1 fell B whist 4", TABLE, "C failed, so no defender fell"),
    ("C h 6 A whist 4 B pass fell", TABLE, "B passed, so he cannot have fallen"),
    ("C h invite 6 A whist 2 B pass 2 fell", TABLE, "B passed, so he cannot have fallen"),
    ("C bettel 1 A whist fell B whist", TABLE, "against a bettel no defender falls"),
    ("C h A pass fell B pass", TABLE, "the game was not played, so A cannot have fallen"),
    ("C s A whist fell B pass", TABLE, "the game was not played, so A cannot have fallen"),
])
def test_a_fall_that_cannot_be_is_refused(line, options, message):
    with pytest.raises(IllegalDealError) as caught:
        cro([line], **options)
    assert message in str(caught.value)


def _game(tmp_path: Path, *options: str) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", *PLAYERS, "--convention", "croatian", *options)
    return path


def test_the_journal_keeps_the_canonical_word(tmp_path: Path):
    path = _game(tmp_path, "--set", "quota=table")
    result = ok("add", path, "C h 6 A whist 1 pao B whist 3")
    assert "A bule +8  (fell against ♥, as the table says)" in result.stdout
    assert path.read_text("utf-8").splitlines()[-1] == "1. C h 6 A whist 1 fell B whist 3"
    result = ok("--lang", "ru", "add", path, "C ч 6 A вист 1 B вист 3 пала")
    assert result.stdout.startswith("сдача 2: C ♥ 6 A вист 1 B вист 3 упал\n")
    assert "B буле +8  (♥: упал, как сказал стол)" in result.stdout
    assert path.read_text("utf-8").splitlines()[-1] == "2. C h 6 A whist 1 B whist 3 fell"


def test_fell_without_quota_table_is_refused_naming_the_deal(tmp_path: Path):
    path = _game(tmp_path)
    ok("add", path, "C h 6 A whist 2 B whist 2")
    refused(tmp_path, "add", path, "B h 6 A whist 1 fell C whist 3",
            needles=("g.pulka: deal 2: 'fell' is written only where the table says who fell "
                     "(quota: table)", "hint: leave the word out, or set quota: table"))
    stderr = refused(tmp_path, "--lang", "ru", "add", path, "B h 6 A вист 1 упал C вист 3",
                     needles=("g.pulka: сдача 2: 'fell' пишут, только когда стол сам говорит, кто упал",))
    assert "подсказка: уберите слово или задайте quota: table" in stderr


def test_a_russian_table_hears_its_own_words(tmp_path: Path):
    import os
    import subprocess
    import sys

    path = _game(tmp_path, "--set", "quota=table")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
           "LANG": "ru_RU.UTF-8"}
    before = digests(tmp_path)
    done = subprocess.run([sys.executable, "-m", "pulka", "add", str(path),
                           "B c 5 A вист 3 упал C вист 2"], env=env, capture_output=True,
                          check=False)
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode("utf-8") == (
        f"ошибка: {path}: сдача 1: B не сыграл, так что никто из защитников не упал\n")
    assert digests(tmp_path) == before
    done = subprocess.run([sys.executable, "-m", "pulka", "add", str(path),
                           "B c 6 A вист 2 контра упал C вист 2"], env=env, capture_output=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert out.startswith("сдача 1: B ♣ 6 C вист 2 A вист 2 контра упал\n")
    assert "A буле +20  (♣: упал, как сказал стол)" in out
    assert path.read_text("utf-8").splitlines()[-1] == "1. B c 6 C whist 2 A whist 2 contra fell"


def test_a_journal_with_a_bad_fall_is_refused_naming_the_deal(tmp_path: Path):
    path = _game(tmp_path, "--set", "quota=table")
    ok("add", path, "C h 6 A whist 1 fell B whist 3")
    with path.open("a", encoding="utf-8") as out:
        out.write("2. A d 6 B whist 4 C pass fell\n")
    refused(tmp_path, "show", path, needles=("g.pulka:", "deal 2", "C passed, so he cannot have fallen"))


VECTOR = """\
title: fell, without quota table
convention: croatian
options: {{{options}}}
players: [A, B, C]
deals:
  - {{declarer: C, contract: h, defence: {{A: whist, B: whist}}, tricks: {{C: 6, A: 1, B: 3}}, fell: {fell}}}
expect:
  bule: {{A: 38, B: 30, C: 22}}
"""


def test_a_vector_says_who_fell(tmp_path: Path):
    vector = tmp_path / "v.yaml"
    vector.write_text(VECTOR.format(options="quota: table", fell="[A]"), "utf-8")
    assert ok("verify", vector).exit_code == 0
    vector.write_text(VECTOR.format(options="quota: table", fell="A"), "utf-8")
    assert ok("verify", vector).exit_code == 0
    vector.write_text(VECTOR.format(options="", fell="[A]"), "utf-8")
    refused(tmp_path, "settle", vector, needles=("v.yaml", "deal 1", "'fell' is written only"))
    vector.write_text(VECTOR.format(options="quota: table", fell="[A, A]"), "utf-8")
    refused(tmp_path, "settle", vector, needles=("v.yaml:6", "A is said to have fallen twice"))
    vector.write_text(VECTOR.format(options="quota: table", fell="[D]"), "utf-8")
    refused(tmp_path, "settle", vector, needles=("v.yaml", "deal 1", "'D' is not at the table"))


def test_quota_takes_a_number_or_table(tmp_path: Path):
    path = tmp_path / "g.pulka"
    before = digests(tmp_path)
    result = run("new", path, "--players", *PLAYERS, "--convention", "croatian", "--set", "quota=tabel")
    assert result.exit_code == 2 and result.stdout == ""
    assert "quota" in result.stderr and "table" in result.stderr
    assert digests(tmp_path) == before
