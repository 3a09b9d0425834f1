"""The `pulka` command line, command by command, through click's CliRunner.

Exit status: 0 all well, 1 `verify` found differences, 2 bad input. A refused line must leave
the journal byte for byte as it was, and the message (on stderr) must name the file and the
deal number (or file:line for a damaged journal) and say what is wrong.

The settlement numbers are worked out by hand from conventions.md §1.4:
``result_i = 10 × (pulya_i − mean pulya) − 10 × (gora_i − mean gora) + Σ_j (W[i][j] − W[j][i])``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import click
import pytest
from cli_kit import ok, run, settle_json
from conftest import VECTORS

from pulka.cli import cli

PLAYERS = ("Аня", "Борис", "Вера")
CASES = sorted(VECTORS.glob("*.yaml"))
RUSSIAN_CASES = ("sochi-short.yaml", "leningrad-six-unplayed.yaml", "settle-mailru.yaml")


def new_game(tmp_path: Path, *options: object, players=PLAYERS, name: str = "g.pulka") -> Path:
    path = tmp_path / name
    ok("new", path, "--players", *players, *options)
    return path


def add(path: Path, *deals: str) -> None:
    for deal in deals:
        ok("add", path, deal)


def lines_in(data: bytes) -> int:
    return data.count(b"\n")


def frac(value: object) -> Fraction:
    return Fraction(str(value))


def formula(report: dict) -> dict[str, Fraction]:
    """§1.4 worked from the sheet the report prints (Sochi: 10 whists a point)."""
    players = report["players"]
    n = len(players)
    pulya = {p: frac(report["pulya"][p]) for p in players}
    gora = {p: frac(report["gora"][p]) for p in players}
    w = {(i, j): frac(report["whists"].get(i, {}).get(j, 0)) for i in players for j in players}
    mean_p, mean_g = sum(pulya.values()) / n, sum(gora.values()) / n
    return {i: 10 * (pulya[i] - mean_p) - 10 * (gora[i] - mean_g)
            + sum(w[(i, j)] - w[(j, i)] for j in players) for i in players}


def refused(path: Path, *args: object, needles: tuple[str, ...] = ()):
    """Run a command that must be refused: exit 2, nothing on stdout, the file untouched."""
    before = path.read_bytes()
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.stdout == ""
    assert str(path) in result.stderr
    for needle in needles:
        assert needle in result.stderr, result.stderr
    assert path.read_bytes() == before
    return result


# --- new ---------------------------------------------------------------------------------------


def test_new_writes_a_journal_with_the_players_and_the_resolved_convention(tmp_path):
    path = tmp_path / "g.pulka"
    result = ok("new", path, "--players", *PLAYERS, "--pulya", "10", "--price", "0.10")
    assert str(path) in result.stdout
    assert "Аня deals first" in result.stdout
    text = path.read_text(encoding="utf-8")
    assert "\npulka 1\n" in text
    assert "\nplayers Аня Борис Вера\n" in text
    assert "\nset pulya 10\n" in text
    assert "\nrule pulya 10\n" in text
    assert "\nrule whist.lone greedy\n" in text
    assert text.endswith("\n")


def test_new_takes_the_names_as_plain_arguments_too(tmp_path):
    path = tmp_path / "g.pulka"
    ok("new", path, *PLAYERS, "--convention", "питер")
    assert "\nplayers Аня Борис Вера\n" in path.read_text(encoding="utf-8")
    assert "rule name leningrad" in path.read_text(encoding="utf-8")


def test_a_new_game_settles_to_zero(tmp_path):
    report = settle_json(new_game(tmp_path))
    assert report["result"] == {p: 0 for p in PLAYERS}
    assert report["deals"] == 0
    assert report["next_dealer"] == "Аня"


def test_new_never_overwrites_a_game(tmp_path):
    path = new_game(tmp_path)
    refused(path, "new", path, "--players", *PLAYERS, needles=("already exists",))


@pytest.mark.parametrize("names, what", [
    (("Аня", "Борис", "Вера", "Гена", "Дима", "Ефим"), "6 players"),
    (("Аня",), "1 players"),
    (("Аня", "Борис", "аня"), "same name"),
])
def test_new_refuses_a_table_it_cannot_seat(tmp_path, names, what):
    path = tmp_path / "g.pulka"
    result = run("new", path, "--players", *names)
    assert result.exit_code == 2
    assert what in result.stderr
    assert not path.exists()


def test_new_refuses_an_unknown_convention_or_key(tmp_path):
    path = tmp_path / "g.pulka"
    result = run("new", path, "--players", *PLAYERS, "--convention", "sochy")
    assert result.exit_code == 2
    assert "unknown convention 'sochy'" in result.stderr
    assert "sochi" in result.stderr  # did you mean
    result = run("new", path, "--players", *PLAYERS, "--set", "whist.rat=2")
    assert result.exit_code == 2
    assert "whist.rat" in result.stderr
    result = run("new", path, "--players", *PLAYERS, "--set", "whist.rate")
    assert result.exit_code == 2
    assert "KEY=VALUE" in result.stderr
    assert not path.exists()


def test_two_players_are_not_a_sochi_table(tmp_path):
    path = tmp_path / "g.pulka"
    result = run("new", path, "--players", "Аня", "Борис")
    assert result.exit_code == 2
    assert "not 2" in result.stderr
    assert not path.exists()


def test_new_with_an_empty_setting_writes_a_journal_that_can_be_read(tmp_path):
    path = tmp_path / "g.pulka"
    result = run("new", path, "--players", *PLAYERS, "--set", "whist.half=")
    if result.exit_code == 2:  # refusing the empty value would be fine too
        assert not path.exists()
        return
    ok("show", path)


# --- add, show, settle ---------------------------------------------------------------------------


def test_one_deal_then_show_and_settle(tmp_path):
    path = new_game(tmp_path, "--pulya", "10")
    result = ok("add", path, "Аня 6s 6 Борис whist 2 Вера whist 2")
    assert "deal 1. Аня 6s 6 Борис whist 2 Вера whist 2" in result.stdout
    assert "Аня pulya +2" in result.stdout
    assert path.read_text(encoding="utf-8").endswith("\n1. Аня 6s 6 Борис whist 2 Вера whist 2\n")

    report = settle_json(path)
    assert report["pulya"] == {"Аня": 2, "Борис": 0, "Вера": 0}
    assert report["gora"] == {"Аня": 0, "Борис": 0, "Вера": 0}
    assert report["whists"] == {"Борис": {"Аня": 4}, "Вера": {"Аня": 4}}
    # Аня: 10 × (2 − 2/3) − 0 + (0 − 8) = 40/3 − 8 = 16/3; Борис: 10 × (0 − 2/3) + 4 = −8/3
    assert report["result"] == {"Аня": "16/3", "Борис": "-8/3", "Вера": "-8/3"}
    assert {p: frac(v) for p, v in report["result"].items()} == formula(report)
    assert report["deals"] == 1
    assert report["next_dealer"] == "Борис"
    assert report["finished"] is False
    assert "money" not in report  # no price set
    assert report["payments"] == [{"from": "Борис", "to": "Аня", "amount": "8/3"},
                                  {"from": "Вера", "to": "Аня", "amount": "8/3"}]

    shown = ok("show", path).stdout
    for needle in ("pulya to 10", "Аня", "+5 1/3", "-2 2/3", "deals: 1", "next deal: Борис deals"):
        assert needle in shown


GAME = (
    "Аня 6s 6 Борис whist 2 Вера whist 2",  # Аня pulya 2; Борис, Вера 2 × 2 on Аня
    "Борис 7h 6 Аня whist 4 Вера pass",  # down 1: gora 4; Аня 16 + 4, Вера 4 on Борис
    "raspasy Аня 4 Борис 0 Вера 6",  # gora 4 and 6 at price 1; Борис's 0 tricks: pulya 1
    "Вера misere 0",  # pulya 10: Вера's pulya is closed
    "Вера 6s Аня pass Борис pass",  # 2 past the closed pulya help Аня: 20 whists on her
)


def test_a_short_game_settles_to_the_exact_numbers(tmp_path):
    path = new_game(tmp_path, "--pulya", "10", "--price", "0.10")
    add(path, *GAME)
    report = settle_json(path)
    assert report["pulya"] == {"Аня": 4, "Борис": 1, "Вера": 10}
    assert report["gora"] == {"Аня": 4, "Борис": 4, "Вера": 6}
    assert report["whists"] == {"Аня": {"Борис": 20}, "Борис": {"Аня": 4},
                                "Вера": {"Аня": 24, "Борис": 4}}
    # mean pulya 5, mean gora 14/3
    # Аня   10 × (4 − 5) − 10 × (4 − 14/3) + (20 − 4 − 24) = −10 + 20/3 − 8  = −34/3
    # Борис 10 × (1 − 5) − 10 × (4 − 14/3) + (4 − 20 − 4)  = −40 + 20/3 − 20 = −160/3
    # Вера  10 × (10 − 5) − 10 × (6 − 14/3) + (24 + 4)     = 50 − 40/3 + 28  = 194/3
    assert report["result"] == {"Аня": "-34/3", "Борис": "-160/3", "Вера": "194/3"}
    assert {p: frac(v) for p, v in report["result"].items()} == formula(report)
    # cents −113 1/3, −533 1/3, 646 2/3: floors −114, −534, 646 miss 2 cents; the remainders
    # tie (2/3 each), so they go in seating order to Аня and Борис
    assert report["money"] == {"Аня": "-1.13", "Борис": "-5.33", "Вера": "6.46"}
    assert report["payments"] == [{"from": "Борис", "to": "Вера", "amount": "5.33"},
                                  {"from": "Аня", "to": "Вера", "amount": "1.13"}]
    assert report["deals"] == 5
    assert report["next_dealer"] == "Вера"
    assert report["raspasy_streak"] == 0


def test_settle_prints_the_table_and_who_pays_whom(tmp_path):
    path = new_game(tmp_path, "--pulya", "10", "--price", "0.10")
    add(path, *GAME)
    out = ok("settle", path).stdout
    for needle in ("-11 1/3", "-53 1/3", "+64 2/3", "-1.13", "-5.33", "+6.46",
                   "Борис pays Вера 5.33", "Аня pays Вера 1.13", "the game is not over"):
        assert needle in out


def test_settle_explain_works_it_out_the_paper_way(tmp_path):
    path = new_game(tmp_path, "--pulya", "10")
    add(path, *GAME)
    out = ok("settle", path, "--explain").stdout
    for needle in ("1. The unfinished pulya goes into the gora", "2. Amnesty",
                   "the smallest gora is 6", "3. The gora into whists", "4. Whists netted",
                   "5. The result in whists", "Аня: -11 1/3", "Борис: -53 1/3", "Вера: +64 2/3",
                   "sum: 0", "Борис pays Вера 53 1/3 whists"):
        assert needle in out

    data = json.loads(ok("settle", path, "--json", "--explain").stdout)
    assert data["result"] == {"Аня": "-34/3", "Борис": "-160/3", "Вера": "194/3"}
    assert [s["step"][:2] for s in data["explain"]] == ["1.", "2.", "3.", "4.", "5."]
    assert "sum: 0" in data["explain"][-1]["lines"]


def test_show_deals_lists_what_every_deal_wrote(tmp_path):
    path = new_game(tmp_path, "--pulya", "10")
    add(path, *GAME)
    out = ok("show", path, "--deals").stdout
    for needle in ("1.  Аня     Аня 6s 6 Борис whist 2 Вера whist 2", "Аня → Борис whists +16",
                   "Борис pulya +1", "Вера → Аня whists +20", "deals: 5", "next deal: Вера deals"):
        assert needle in out


def test_add_takes_russian_words_and_name_prefixes(tmp_path):
    path = new_game(tmp_path)
    result = ok("add", path, "А", "6♠", "6", "Б", "вист", "2", "В", "вист", "2")
    assert "deal 1. Аня 6♠ 6 Борис вист 2 Вера вист 2" in result.stdout  # in the words typed
    ok("add", path, "распасы А 4 Б 3 В 3")
    ok("add", path, "Вера мизер 0")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[-3:] == ["1. Аня 6s 6 Борис whist 2 Вера whist 2",
                          "2. raspasy Аня 4 Борис 3 Вера 3", "3. Вера misere 0"]


def test_show_reports_the_raspasy_streak_and_the_exit(tmp_path):
    path = new_game(tmp_path)
    add(path, "raspasy Аня 4 Борис 3 Вера 3", "raspasy Аня 3 Борис 4 Вера 3")
    out = ok("show", path).stdout
    assert "raspasy in a row: 2; the next contract must be 7 or higher" in out
    assert settle_json(path)["raspasy_streak"] == 2


def test_the_end_of_the_game_is_announced_and_then_no_deal_is_taken(tmp_path):
    path = new_game(tmp_path, "--pulya", "10")
    add(path, "Аня misere 0", "Борис misere 0")
    result = ok("add", path, "Вера misere 0")
    assert "the game is over: every pulya is closed" in result.stdout
    assert settle_json(path)["finished"] is True
    refused(path, "add", path, "Аня 6s Борис pass Вера pass", needles=("deal 4", "game is over"))


# --- refused input -------------------------------------------------------------------------------


@pytest.fixture
def game(tmp_path) -> Path:
    """A Sochi game at 3 players with one deal in it (deal 2 is next)."""
    path = new_game(tmp_path)
    add(path, "Аня 6s 6 Борис whist 2 Вера whist 2")
    return path


@pytest.mark.parametrize("deal, what", [
    ("Борис 6s 5 Аня whist 2 Вера whist 2", "add up to 9, not 10"),
    ("Борис 6s 6 Аня whist 3 Вера whist 3", "add up to 12"),
    ("raspasy Аня 4 Борис 4 Вера 4", "add up to 12, not 10"),
    ("Вера misere 1 Аня 5 Борис 5", "add up to 11, not 10"),
    ("Гена 6s 6 Аня whist 2 Вера whist 2", "'Гена' is not at the table"),
    ("Борис 6s 6 Аня whist 2 Гена whist 2", "'Гена' is not at the table"),
    ("Борис 5s 6 Аня whist 2 Вера whist 2", "'5s': a contract's level is 6 to 10"),
    ("Борис 11h 6 Аня whist 2 Вера whist 2", "'11h': a contract's level is 6 to 10"),
    ("Борис 5 пик 6 Аня whist 2 Вера whist 2", "'5': a contract's level is 6 to 10"),
    ("Борис 0h Аня pass Вера pass", "a contract's level is 6 to 10"),
    ("Борис 6 z Аня pass Вера pass", "a suit must follow the level 6"),
    ("Борис шестёрка пик Аня pass Вера pass", "'шестёрка' is not a contract"),
    ("Борис 8h Вера pass Аня half", "half-whist is not allowed on a 8"),
    ("Борис 6h Вера half Аня pass", "only the second defender can half-whist"),
    ("Борис 6h Вера whist Аня half", "half-whist needs Вера to pass"),
    ("Борис 6h Вера pass", "what did Аня say"),
    ("Борис 6h 6 Аня pass Вера pass", "nobody whisted"),
    ("Борис 6h Вера pass Аня half Борис 6", "leave the tricks out"),
    ("Борис misere Аня whist", "misère is not whisted"),
    ("allpass", "raspasy"),
])
def test_an_impossible_deal_is_refused_and_the_journal_is_untouched(game, deal, what):
    refused(game, "add", game, deal, needles=("deal 2:", what))


@pytest.mark.parametrize("deal", [
    "Борис 6s Борис whist Вера whist",
    "Борис 6s 6 Аня whist 2 Борис whist",
    "Борис 6s Аня pass Вера pass Борис pass",
])
def test_the_declarer_listed_as_a_defender_is_refused(game, deal):
    refused(game, "add", game, deal,
            needles=("deal 2:", "Борис is the declarer and cannot also defend"))


def test_an_unknown_suit_is_refused_and_not_blamed_on_the_level(game):
    result = refused(game, "add", game, "Борис 6z Аня pass Вера pass", needles=("deal 2:", "'6z'"))
    assert "level is 6 to 10" not in result.stderr


def test_the_declarer_with_his_tricks_twice_is_refused(game):
    refused(game, "add", game, "Борис 6s 6 Борис whist 2 Вера whist 2",
            needles=("deal 2:", "Борис's tricks are given twice"))


def test_a_one_letter_prefix_that_reads_like_a_decision_names_the_first_defender(game):
    # В is Вера, and в is also `whist`: after the declarer a name wins
    result = ok("add", game, "Борис 6s 6 В вист 2 А вист 2")
    assert "deal 2. Борис 6♠ 6 Вера вист 2 Аня вист 2" in result.stdout  # in the words typed
    assert game.read_text(encoding="utf-8").endswith("\n2. Борис 6s 6 Вера whist 2 Аня whist 2\n")


def test_a_one_letter_prefix_after_a_defenders_tricks_names_the_player(game):
    result = ok("add", game, "Борис мизер 1 А 4 В 5")
    assert "deal 2. Борис мизер 1 Аня 4 Вера 5" in result.stdout  # in the words typed
    assert game.read_text(encoding="utf-8").endswith("\n2. Борис misere 1 Аня 4 Вера 5\n")


def test_the_sitting_out_dealer_cannot_declare_at_four_players(tmp_path):
    path = new_game(tmp_path, players=("Аня", "Борис", "Вера", "Гена"))
    refused(path, "add", path, "Аня 6s 6 Борис whist 2 Вера whist 2",
            needles=("deal 1:", "Аня deals this deal and sits it out", "cannot declare"))
    refused(path, "add", path, "Борис 6s 6 Аня whist 2 Вера whist 2",
            needles=("deal 1:", "Аня deals this deal and sits it out"))
    ok("add", path, "Борис 6s 6 Вера whist 2 Гена whist 2")
    # deal 2: Борис deals and sits out
    refused(path, "add", path, "Борис 6s 6 Вера whist 2 Гена whist 2",
            needles=("deal 2:", "Борис deals this deal and sits it out"))
    ok("add", path, "Аня 6s 6 Вера whist 2 Гена whist 2")


def test_half_whist_only_on_the_levels_the_table_allows(tmp_path):
    path = new_game(tmp_path, "--set", "whist.half=6")
    assert "\nrule whist.half 6\n" in path.read_text(encoding="utf-8")
    refused(path, "add", path, "Аня 7h Борис pass Вера half",
            needles=("deal 1:", "half-whist is not allowed on a 7", "allowed: 6"))
    ok("add", path, "Аня 6h Борис pass Вера half")
    assert settle_json(path)["whists"] == {"Вера": {"Аня": 4}}  # half the quota: 2 × 2


def test_half_whist_can_be_switched_off(tmp_path):
    path = new_game(tmp_path, "--set", "whist.half=[]")
    refused(path, "add", path, "Аня 6h Борис pass Вера half",
            needles=("deal 1:", "half-whist is not allowed on a 6"))


def test_after_two_raspasy_a_six_is_refused(tmp_path):
    path = new_game(tmp_path)
    add(path, "raspasy Аня 4 Борис 3 Вера 3")
    ok("add", path, "raspasy Аня 3 Борис 3 Вера 4")  # after one raspasy a six would do
    refused(path, "add", path, "Аня 6s Борис pass Вера pass",
            needles=("deal 3:", "after 2 raspasy in a row the lowest contract is 7, not 6"))
    ok("add", path, "Аня 7s Борис pass Вера pass")


def test_a_line_that_does_not_parse_names_file_and_line(game):
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    bad = game.with_name("bad.pulka")
    bad.write_text("".join(lines) + "garbage here\n", encoding="utf-8")
    line = len(lines) + 1
    for command in ("settle", "show", "check"):
        refused(bad, command, bad, needles=(f"{bad}:{line}", "'garbage' does not start a deal line"))
    refused(bad, "add", bad, "raspasy Аня 4 Борис 3 Вера 3", needles=(f"{bad}:{line}",))


def test_a_deal_line_that_does_not_parse_names_file_and_line(game):
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    bad = game.with_name("bad.pulka")
    bad.write_text("".join(lines) + "2. Борис 6s 6 Гена whist 2\n", encoding="utf-8")
    refused(bad, "settle", bad, needles=(f"{bad}:{len(lines) + 1}", "'Гена' is not at the table"))


def test_a_line_that_is_not_utf8_names_file_and_line(game):
    data = game.read_bytes()
    bad = game.with_name("bad.pulka")
    bad.write_bytes(data + b"2. \xff\xfe\n")
    refused(bad, "settle", bad, needles=(f"{bad}:{lines_in(data) + 1}", "UTF-8"))


def test_a_deal_number_out_of_sequence_names_file_and_line(game):
    data = game.read_bytes()
    bad = game.with_name("bad.pulka")
    bad.write_bytes(data + "3. raspasy Аня 4 Борис 3 Вера 3\n".encode())
    refused(bad, "settle", bad, needles=(f"{bad}:{lines_in(data) + 1}", "out of sequence"))


def test_an_illegal_deal_written_into_the_journal_by_hand_names_file_line_and_deal(game):
    data = game.read_bytes()
    bad = game.with_name("bad.pulka")
    bad.write_bytes(data + "2. Борис 6s 6 Аня whist 2 Вера whist 3\n".encode())
    refused(bad, "settle", bad, needles=(f"{bad}:{lines_in(data) + 1}", "deal 2:", "add up to 11"))


def test_a_cut_off_last_line_is_reported_and_repaired(game):
    data = game.read_bytes()
    line = data.count(b"\n") + 1
    game.write_bytes(data + "2. Борис 6s 6 Ан".encode())
    torn = game.read_bytes()
    for command in ("settle", "show", "check"):
        refused(game, command, game, needles=(f"{game}:{line}", "cut off", "pulka repair"))
    refused(game, "add", game, "raspasy Аня 4 Борис 3 Вера 3", needles=(f"{game}:{line}",))
    assert game.read_bytes() == torn

    result = ok("repair", game)
    assert "removed the cut-off last line: '2. Борис 6s 6 Ан'" in result.stdout
    assert game.read_bytes() == data  # only the torn line is gone
    ok("add", game, "Борис 6s 6 Аня whist 2 Вера whist 2")
    assert game.read_bytes() == data + "2. Борис 6s 6 Вера whist 2 Аня whist 2\n".encode()
    assert settle_json(game)["pulya"] == {"Аня": 2, "Борис": 2, "Вера": 0}


def test_repair_leaves_a_sound_journal_alone(game):
    before = game.read_bytes()
    assert "nothing to repair" in ok("repair", game).stdout
    assert game.read_bytes() == before


def test_a_missing_journal(tmp_path):
    path = tmp_path / "nowhere.pulka"
    for args in (("show", path), ("settle", path), ("check", path), ("undo", path),
                 ("add", path, "raspasy Аня 4 Борис 3 Вера 3")):
        result = run(*args)
        assert result.exit_code == 2
        assert str(path) in result.stderr
        assert result.stdout == ""
    assert not path.exists()


def test_a_file_that_is_not_a_journal(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n", encoding="utf-8")
    refused(path, "show", path, needles=(f"{path}:1", "not a pulka journal"))


#: a journal as pulka wrote it at commit 7bb6fd8 (`premiums.jumps` was a yes/no then)
OLD_JOURNAL = """\
; pulka game journal: one deal per line. pulka only ever appends to this file.
pulka 1
created 2026-11-29T12:15:06
convention sochi
players Аня Борис Вера
set pulya 10
set price 0.10
rule family russian
rule name sochi
rule title Сочинка (Sochi)
rule players 3 4
rule price 0.10
rule values 2 4 6 8 10
rule misere.value 10
rule misere.penalty 10
rule whist.rate 1
rule whist.quota 4 2 1 1 1
rule whist.ten whisted
rule whist.responsibility full
rule whist.lone greedy
rule whist.pair_low_quota second
rule whist.half 6 7
rule whist.stalingrad false
rule remise.gora 1
rule remise.consolation 1
rule remise.consolation_to defenders
rule raspasy.prices 1 2 3
rule raspasy.amnesty false
rule raspasy.zero price
rule raspasy.exit 6 7 7
rule raspasy.scoring gora
rule raspasy.rate 5
rule raspasy.talon open
rule pulya 10
rule overflow help
rule help_whists 10
rule split none
rule end each
rule premiums.prize 0
rule premiums.amnesty 0
rule premiums.jumps false
rule settle.pulya_whists 10
rule settle.gora_whists 10
rule bombs false
rule dark.raspasy 2 4 8
rule dark.game 2
rule dark.bombs 2 4 8
1. Аня 6s 6 Борис whist 2 Вера whist 2
2. Борис 7h 6 Вера pass Аня whist 4
3. raspasy Аня 4 Борис 0 Вера 6
4. Вера misere 0
5. Вера 6s Аня pass Борис pass
"""


def test_a_journal_written_by_an_earlier_pulka_still_reads(tmp_path):
    path = tmp_path / "old.pulka"
    path.write_text(OLD_JOURNAL, encoding="utf-8")
    report = settle_json(path)
    assert report["result"] == {"Аня": "-34/3", "Борис": "-160/3", "Вера": "194/3"}


# --- undo, void, fix -----------------------------------------------------------------------------


def test_undo_appends_a_void_and_restores_the_sheet(tmp_path):
    path = new_game(tmp_path, "--pulya", "10", "--price", "0.10")
    add(path, *GAME[:3])
    before_json = settle_json(path)
    before_show = ok("show", path).stdout
    add(path, GAME[3])
    assert settle_json(path) != before_json

    result = ok("undo", path)
    assert "void 4: deal 4 taken back" in result.stdout
    assert path.read_text(encoding="utf-8").endswith("\n4. Вера misere 0\nvoid 4\n")
    assert settle_json(path) == before_json
    assert ok("show", path).stdout == before_show

    # numbers are never reused: the next deal is 5
    assert "deal 5. " in ok("add", path, GAME[3]).stdout


def test_undo_twice_and_undo_on_an_empty_game(tmp_path):
    path = new_game(tmp_path)
    empty = settle_json(path)
    refused(path, "undo", path, needles=("no deal to take back",))
    add(path, GAME[0], GAME[1])
    ok("undo", path)
    ok("undo", path)
    assert path.read_text(encoding="utf-8").endswith("\nvoid 2\nvoid 1\n")
    assert settle_json(path) == empty
    refused(path, "undo", path, needles=("no deal to take back",))


def test_void_takes_back_an_earlier_deal_and_rescores_the_rest(tmp_path):
    path = new_game(tmp_path, "--pulya", "10")
    add(path, *GAME)
    result = ok("void", path, "2")
    assert "void 2: deal 2 taken back" in result.stdout
    direct = new_game(tmp_path, "--pulya", "10", name="direct.pulka")
    add(direct, GAME[0], *GAME[2:])
    assert settle_json(path)["result"] == settle_json(direct)["result"]


def test_void_of_a_deal_not_in_force_is_refused(tmp_path):
    path = new_game(tmp_path)
    add(path, GAME[0], GAME[1])
    refused(path, "void", path, "7", needles=("deal 7", "no deal 7 in force"))
    ok("void", path, "2")
    refused(path, "void", path, "2", needles=("deal 2", "no deal 2 in force"))
    refused(path, "fix", path, "2", GAME[1], needles=("deal 2", "no deal 2 in force"))
    refused(path, "void", path, "0", needles=("no deal 0 in force",))


def test_fix_appends_a_fix_and_rescores_the_later_deals(tmp_path):
    deals = ["raspasy Аня 4 Борис 3 Вера 3", "Аня 6s Борис pass Вера pass",
             "raspasy Аня 2 Борис 0 Вера 8", "Борис 6h 7 Вера whist 2 Аня whist 1"]
    path = new_game(tmp_path, "--pulya", "10")
    add(path, *deals)
    result = ok("fix", path, "2", "Аня", "7s", "6", "Борис", "whist", "4", "Вера", "pass")
    assert "fix 2 Аня 7s 6 Борис whist 4 Вера pass" in result.stdout
    assert path.read_text(encoding="utf-8").endswith("\nfix 2 Аня 7s 6 Борис whist 4 Вера pass\n")

    direct = new_game(tmp_path, "--pulya", "10", name="direct.pulka")
    add(direct, deals[0], "Аня 7s 6 Борис whist 4 Вера pass", *deals[2:])
    assert settle_json(path) == settle_json(direct)
    # the raspasy after the fixed deal is still the first of its streak (price 1)
    assert settle_json(path)["gora"]["Вера"] == 3 + 8


def test_a_fix_that_makes_a_later_deal_illegal_is_refused(tmp_path):
    path = new_game(tmp_path)
    add(path, "raspasy Аня 4 Борис 3 Вера 3", "Аня 7s Борис pass Вера pass",
        "raspasy Аня 2 Борис 0 Вера 8", "Борис 6h Вера pass Аня pass")
    # with deal 2 a raspasy, deal 4 comes after three raspasy in a row: a six is too low
    refused(path, "fix", path, "2", "raspasy Аня 3 Борис 3 Вера 4",
            needles=("deal 4:", "lowest contract is 7, not 6"))


def test_fix_with_an_impossible_deal_is_refused(tmp_path):
    path = new_game(tmp_path)
    add(path, *GAME[:2])
    refused(path, "fix", path, "1", "Аня 6s 6 Борис whist 2 Вера whist 1",
            needles=("deal 1:", "add up to 9"))
    refused(path, "fix", path, "1", "Аня 6s 6 Гена whist 2 Вера whist 2",
            needles=("deal 1:", "'Гена' is not at the table"))


# --- verify, check, settle on vectors -----------------------------------------------------------


def test_the_public_vectors_are_there():
    names = {p.name for p in CASES}
    assert set(RUSSIAN_CASES) <= names


def test_verify_all_the_public_vectors():
    result = run("verify", *CASES)
    russian = [p for p in CASES if p.name in RUSSIAN_CASES]
    for path in russian:
        assert f"ok   {path}" in result.stdout
    # the vectors of conventions not supported yet (croatian) may fail, and then exit 1
    failed = [p for p in CASES if f"FAIL {p}" in result.stdout]
    assert set(failed).isdisjoint(russian)
    assert result.exit_code == (1 if failed else 0)
    assert f"{len(CASES) - len(failed)} passed, {len(failed)} failed" in result.stdout


@pytest.mark.parametrize("name", RUSSIAN_CASES)
def test_verify_a_russian_vector_alone(name):
    path = VECTORS / name
    result = ok("verify", path)
    assert f"ok   {path}" in result.stdout
    assert "1 passed, 0 failed" in result.stdout


def test_verify_reports_a_wrong_expectation_and_exits_1(tmp_path):
    source = VECTORS / "sochi-short.yaml"
    text = source.read_text(encoding="utf-8")
    assert "result: {A: 128, " in text
    path = tmp_path / "sochi-short.yaml"
    path.write_text(text.replace("result: {A: 128, ", "result: {A: 129, "), encoding="utf-8")
    result = run("verify", path)
    assert result.exit_code == 1
    assert f"FAIL {path}" in result.stdout
    assert "result.A: expected 129, got 128" in result.stdout
    assert "0 passed, 1 failed" in result.stdout

    # and together with a good one: still 1, the good one ok
    result = run("verify", source, path)
    assert result.exit_code == 1
    assert f"ok   {source}" in result.stdout
    assert "1 passed, 1 failed" in result.stdout


def test_verify_a_journal_checks_it(game):
    result = ok("verify", game)
    assert "a journal: checked, no expectations" in result.stdout


def test_settle_on_a_vector(tmp_path):
    report = settle_json(VECTORS / "sochi-short.yaml")
    assert report["result"] == {"A": 128, "B": -18, "C": -110}
    assert report["money"] == {"A": "12.80", "B": "-1.80", "C": "-11.00"}


ILLEGAL_VECTOR = """\
title: an illegal third deal
convention: sochi
options: {pulya: 10}
players: [A, B, C]
deals:
  - {declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 2, C: 2}}
  - {raspasy: {A: 4, B: 3, C: 3}}
  - {declarer: C, contract: 7h, defence: {A: whist, B: whist}, tricks: {C: 7, A: 2, B: 2}}
expect:
  result: {A: 0, B: 0, C: 0}
"""


def test_settle_on_a_vector_with_an_illegal_deal(tmp_path):
    path = tmp_path / "illegal.yaml"
    path.write_text(ILLEGAL_VECTOR, encoding="utf-8")
    for command in ("settle", "show", "check"):
        result = refused(path, command, path, needles=("deal 3:", "add up to 11, not 10"))
        assert f"{path}:8" in result.stderr  # the deal's line in the vector
    result = run("verify", path)
    assert result.exit_code == 2  # an illegal deal is bad input, not a difference
    assert "deal 3:" in result.stderr


def test_settle_on_a_vector_with_the_declarer_defending(tmp_path):
    path = tmp_path / "illegal.yaml"
    path.write_text(ILLEGAL_VECTOR.replace("defence: {A: whist, B: whist}",
                                           "defence: {C: whist, B: whist}"), encoding="utf-8")
    refused(path, "settle", path, needles=("deal 3:", "C is the declarer and cannot also defend"))


def test_check_is_silent_on_a_sound_game(game):
    result = ok("check", game)
    assert result.stdout == ""
    assert result.stderr == ""


# --- conventions ---------------------------------------------------------------------------------


def test_conventions_list():
    out = ok("conventions", "list").stdout
    for name in ("sochi", "leningrad", "rostov", "classic", "сочинка", "питер"):
        assert name in out


def test_conventions_show():
    out = ok("conventions", "show", "сочи").stdout
    assert "Сочинка (Sochi)" in out
    assert "[russian]" in out
    assert "whist.lone" in out and "greedy" in out
    assert "raspasy.exit" in out


def test_conventions_show_an_unknown_name():
    result = run("conventions", "show", "sochy")
    assert result.exit_code == 2
    assert "unknown convention 'sochy'" in result.stderr
    assert result.stdout == ""


def test_conventions_check(tmp_path):
    from pulka.convention.loader import find

    sochi = find("sochi")
    result = ok("conventions", "check", sochi)
    assert f"{sochi}: ok (Сочинка (Sochi), russian, hash" in result.stdout

    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: sochi\nname: mine\nwhist:\n  lone: gentleman\n", encoding="utf-8")
    assert f"{mine}: ok (mine, russian" in ok("conventions", "check", mine).stdout

    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: sochi\nname: bad\nwhist:\n  lonely: gentleman\n", encoding="utf-8")
    result = run("conventions", "check", bad)
    assert result.exit_code == 2
    assert f"{bad}:4" in result.stderr
    assert "whist.lonely" in result.stderr
    assert "whist.lone" in result.stderr  # did you mean


def test_a_game_under_a_convention_file(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: sochi\nname: mine\nwhist:\n  lone: gentleman\n", encoding="utf-8")
    path = new_game(tmp_path, "--convention", mine)
    add(path, "Борис 7h 7 Аня whist 3 Вера pass")
    # gentleman: 3 tricks × 4 split ½ / ½ between whister and passer
    assert settle_json(path)["whists"] == {"Аня": {"Борис": 6}, "Вера": {"Борис": 6}}


# --- help ----------------------------------------------------------------------------------------

COMMANDS = {
    (): "pulka keeps a preferans score sheet",
    ("new",): "Start a new game journal FILE.",
    ("add",): "Record the next deal",
    ("undo",): "Take back the last deal in force",
    ("void",): "Take back deal NUMBER",
    ("fix",): "Correct deal NUMBER",
    ("repair",): "Remove a last line that was cut off part-way",
    ("show",): "The sheet now",
    ("settle",): "Settle the game",
    ("verify",): "Check scoring vectors against their",
    ("check",): "Replay the game and run every check",
    ("conventions",): "The conventions (house rules) pulka knows.",
    ("conventions", "list"): "Every convention that can be named",
    ("conventions", "show"): "Every key of a convention",
    ("conventions", "check"): "Check a convention file",
}


def all_commands(group=cli, prefix=()):
    yield prefix, group
    if isinstance(group, click.Group):  # commands load on demand: ask the group for them
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            yield from all_commands(group.get_command(ctx, name), (*prefix, name))


ALL = dict(all_commands())


def test_the_commands_are_all_there():
    assert set(COMMANDS) <= set(ALL)


@pytest.mark.parametrize("path, doc", COMMANDS.items(), ids=[" ".join(p) or "pulka" for p in COMMANDS])
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_every_command_has_help(path, doc, flag):
    result = ok(*path, flag)
    assert doc in " ".join(result.stdout.split())
    assert "Usage:" in result.stdout


@pytest.mark.parametrize("path", list(ALL), ids=[" ".join(p) or "pulka" for p in ALL])
def test_every_command_prints_its_docstring(path):
    command = ALL[path]
    assert command.help and command.help.strip(), f"{path} has no docstring"
    first = " ".join(command.help.strip().split("\n\n")[0].split())
    out = " ".join(ok(*path, "--help").stdout.split())
    assert first in out


def test_version():
    assert "pulka, version" in ok("--version").stdout


def test_names_with_spaces_and_quotes_and_a_comment(tmp_path):
    players = ("Дядя Ваня", 'Бо"рис', "Вера")
    path = new_game(tmp_path, players=players)
    assert '\nplayers "Дядя Ваня" "Бо\\"рис" Вера\n' in path.read_text(encoding="utf-8")
    ok("add", path, '"Дядя Ваня" 6s 6 "Бо\\"рис" whist 2 Вера whist 2')
    ok("add", path, "Дя 6s Бо pass Ве pass ; not played")
    assert path.read_text(encoding="utf-8").endswith(
        '\n2. "Дядя Ваня" 6s "Бо\\"рис" pass Вера pass\n')
    report = settle_json(path)
    assert report["pulya"] == {"Дядя Ваня": 4, 'Бо"рис': 0, "Вера": 0}
    # 10 × (4 − 4/3) − 8 = 56/3; 10 × (0 − 4/3) + 4 = −28/3
    assert report["result"] == {"Дядя Ваня": "56/3", 'Бо"рис': "-28/3", "Вера": "-28/3"}


def test_a_bad_price_is_refused(tmp_path):
    path = tmp_path / "g.pulka"
    result = run("new", path, "--players", *PLAYERS, "--price", "abc")
    assert result.exit_code == 2
    assert "price" in result.stderr
    assert not path.exists()


def test_a_usage_error_exits_2(tmp_path):
    result = run("add", tmp_path / "g.pulka")  # no deal
    assert result.exit_code == 2
    assert "Missing argument" in result.stderr
    result = run("void", tmp_path / "g.pulka", "two")
    assert result.exit_code == 2
    result = run("frobnicate")
    assert result.exit_code == 2
    assert "No such command" in result.stderr


def test_module_entry_point():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "pulka", "--version"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0
    assert "pulka" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["add", "{g}"], "error: Missing argument 'DEAL...'."),
    (["nosuch"], "error: No such command 'nosuch'."),
    (["show", "{g}", "--bogus"], "error: No such option '--bogus'"),
    (["blank", "{d}/b.pdf", "--players", "7"], "error: Invalid value for '--players'"),
])
def test_a_usage_error_is_one_message_with_a_hint(tmp_path, args, message):
    game = tmp_path / "g.pulka"
    assert run("new", game, "--players", "A", "B", "C").exit_code == 0
    before = game.read_bytes()
    result = run(*[a.format(g=game, d=tmp_path) for a in args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0].startswith(message), result.stderr
    assert len(lines) == 2 and lines[1].endswith(" --help` says what it takes"), result.stderr
    assert game.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.pulka"]
