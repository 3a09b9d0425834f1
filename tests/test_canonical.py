"""The quick reader of canonical deal lines (pulka.journal.canonical) reads every line it takes
exactly as the full parser does, takes the lines pulka writes for the common deals, and leaves
everything else to the full parser (which alone words the errors)."""

from __future__ import annotations

from pathlib import Path

from cli_kit import digests, ok, run
from conftest import ALL_WORDS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import FAST, NAME_SETS, deals

import pulka.journal.body as body
from pulka.game import Deal
from pulka.journal.canonical import read_canonical
from pulka.notation import format_deal, parse_deal, quote

#: tables whose names are all written bare, some of them looking like words of the notation
PLAIN_SETS = (
    ("Аня", "Борис", "Вера"),
    ("A", "B", "C"),
    ("W", "п", "Misere"),  # a decision's letter, a suit's letter, a no-trick game's name
    ("Аня", "Анна", "Пик"),
    ("В", "Б", "Т", "Ч"),
)
#: the words of a line made up at random: names, the canonical words, and near misses
WORDS = ["raspasy", "misere", "mis", "6s", "7h", "10nt", "6", "s", "11s", "whist", "pass",
         "half", "w", "p", "вист", "dark", "looked", "contra", "igra", "end", "allpass", "0",
         "4", "10", "11", "-1", "+3", "05", ";", "; note", '"Аня"', "", "аня", "АНЯ", "Ан"]


def same_reading(text: str, players: tuple[str, ...], quick: Deal) -> None:
    full = parse_deal(text, players, ALL_WORDS)
    assert quick == full
    assert tuple(quick.defence.items()) == tuple(full.defence.items())  # the order too
    assert tuple(quick.tricks.items()) == tuple(full.tricks.items())
    assert format_deal(quick, ALL_WORDS) == format_deal(full, ALL_WORDS)


@FAST
@given(st.sampled_from(NAME_SETS[:2] + PLAIN_SETS[2:4]).flatmap(
    lambda names: st.tuples(st.just(names), deals(names[:3]))))
def test_every_canonical_line_of_a_plain_table_is_read_quickly_and_alike(case):
    players, deal = case
    text = format_deal(deal, ALL_WORDS)
    quick = read_canonical(text, players, ALL_WORDS)
    assert quick is not None, text
    same_reading(text, players, quick)


@st.composite
def near_misses(draw) -> tuple[tuple[str, ...], str]:
    """A canonical line with a few words changed, dropped, doubled or swapped (or, now and
    then, words drawn at random)."""
    players = draw(st.sampled_from(NAME_SETS + PLAIN_SETS))
    pool = st.sampled_from([*players, *WORDS])
    if draw(st.integers(0, 9)) == 0:
        return players, " ".join(draw(st.lists(pool, max_size=9)))
    words = format_deal(draw(deals(players[:3])), ALL_WORDS).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(words) - 1))
        change = draw(st.sampled_from(["replace", "drop", "double", "swap", "insert"]))
        if change == "replace":
            words[at] = draw(pool)
        elif change == "drop" and len(words) > 1:
            del words[at]
        elif change == "double":
            words.insert(at, words[at])
        elif change == "swap":
            other = draw(st.integers(0, len(words) - 1))
            words[at], words[other] = words[other], words[at]
        else:
            words.insert(at, draw(pool))
    return players, " ".join(words)


@settings(FAST, max_examples=FAST.max_examples * 5)  # cheap: no game is played
@given(near_misses())
def test_a_line_the_quick_reader_takes_reads_the_same_in_full(case):
    players, text = case
    quick = read_canonical(text, players, ALL_WORDS)
    if quick is not None:  # else the full parser reads it, or refuses it
        same_reading(text, players, quick)


def test_tables_with_a_quoted_name_are_left_to_the_full_parser():
    for players in (("Дядя Ваня", "Пас", "7h"), ("Аня", "Whist", "Вера")):
        keywords = ALL_WORDS.keywords
        assert any(quote(p, keywords) != p for p in players)
        deal = parse_deal(f"{quote(players[0], keywords)} 6s 6 {quote(players[1], keywords)} whist 2 "
                          f"{quote(players[2], keywords)} whist 2", players, ALL_WORDS)
        assert read_canonical(format_deal(deal, ALL_WORDS), players, ALL_WORDS) is None


def test_the_quick_reader_takes_the_usual_lines_and_no_other():
    players = ("Аня", "Борис", "Вера")
    for text in ("Аня 6s 6 Борис whist 2 Вера whist 2", "Вера misere 1", "end",
                 "raspasy Аня 4 Борис 3 Вера 3", "Борис 7h Вера pass Аня half",
                 "Аня 10nt 10 Борис whist Вера pass"):
        assert read_canonical(text, players, ALL_WORDS) is not None, text
    for text in ("Аня 6s 6 Борис whist 2 Вера whist 2 ; ok", "Аня 6 s 6", "аня 6s",
                 "Ан 6s 6 Борис whist 2 Вера whist 2", "Аня 6♠ 6", "Аня 6s 11", "Аня 6s 6 Аня 4",
                 "Аня 6s  6", "raspasy Аня 4 Аня 3", "raspasy dark 1 Аня 3 Борис 3 Вера 4",
                 "Аня 6s 6 Борис", "Аня 6s 6 Борис whist 2 Борис pass", "Аня 6S 6", "",
                 "end now", "adjust pulya Аня 2", "Аня 8c dark 8 Борис whist Вера whist"):
        assert read_canonical(text, players, ALL_WORDS) is None, text


def write_journal(folder: Path) -> Path:
    game = folder / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера")
    with game.open("a", encoding="utf-8") as out:
        out.write("1. Аня 6s 6 Борис whist 2 Вера whist 2\n"
                  "2. Борис 7h 7 Вера whist 3 Аня pass\n"
                  "3. Б 6♠ 6 Вера вист 2 А вист 2 ; typed by hand\n"
                  "4. raspasy Аня 4 Борис 3 Вера 3\n"
                  "5. Вера misere 0\n"
                  "6. Аня 6s 6 Борис whist 2 Вера whist 2\n"
                  "fix 2 Борис 7h 8 Вера whist 2 Аня pass\n")
    return game


def test_a_journal_reads_the_same_with_and_without_the_quick_reader(tmp_path, monkeypatch):
    game = write_journal(tmp_path)
    before = digests(tmp_path)
    commands = [["show", game, "--deals"], ["settle", game, "--json"], ["check", game]]
    quick = [ok(*args).output for args in commands]
    monkeypatch.setattr(body, "read_canonical", lambda text, players, words: None)
    assert [ok(*args).output for args in commands] == quick
    third = [line.split() for line in quick[0].splitlines() if line.strip().startswith("3.")]
    assert third == [["3.", "Вера", "Борис", "6s", "6", "Вера", "whist", "2", "Аня", "whist", "2"]]
    assert digests(tmp_path) == before


def test_a_bad_line_is_told_by_the_full_parser_either_way(tmp_path, monkeypatch):
    game = write_journal(tmp_path)
    with game.open("a", encoding="utf-8") as out:
        out.write("7. Борис 6s 11 Вера whist 0 Аня whist 0\n")
    before = digests(tmp_path)
    told = run("show", game)
    monkeypatch.setattr(body, "read_canonical", lambda text, players, words: None)
    again = run("show", game)
    assert (told.exit_code, told.stdout, told.stderr) == (again.exit_code, again.stdout,
                                                          again.stderr)
    assert told.exit_code == 2 and told.stdout == ""
    assert "g.pulka:" in told.stderr and "11 tricks" in told.stderr, told.stderr
    assert digests(tmp_path) == before


def test_the_one_pass_read_of_a_journal_gives_the_entries_of_the_line_by_line_read(tmp_path):
    """A journal with no void or fix is read from its raw lines; the odd lines among the
    common ones (a leading zero, a comment, a blank line, a word-by-word deal, a Russian
    word) give the same entries, at the same lines, as the line-by-line read."""
    from pulka.journal import read

    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера")
    head = len(game.read_bytes().splitlines())
    with open(game, "a", encoding="utf-8") as out:
        out.write("1. Аня 6s 6 Борис whist 2 Вера whist 2\n"
                  "; a comment\n\n"
                  "02. raspasy Аня 4 Борис 3 Вера 3\n"
                  "3. Борис 7h 7 Вера w 1 Аня pass   ; typed by hand\n"
                  "4.  Вера мизер 0\n"
                  "5. raspasy Аня 2 Борис 4 Вера 4\n")
    journal = read(game)
    one_pass = list(journal.game().entries)
    entries = journal.game().entries
    assert entries.raw is not None and entries.index is None
    entries.raw = None  # the line-by-line read
    by_line = list(entries)
    assert [e.number for e in one_pass] == [1, 2, 3, 4, 5]
    assert one_pass == by_line
    assert [(e.source.path, e.source.line) for e in one_pass] == [
        (str(game), head + n) for n in (1, 4, 5, 6, 7)]
