"""Deals read as players write and say them (issue 28 §1): punctuation between the parts, a
line copied with its number, a contract down by some tricks, the answers as verbs, numbers as
words, the common forms of the suits, `все пас`, and an unknown word named as a word. Each form
in Russian and in English, at the family's table; the README's tables of each family's words
are the families' own vocabularies."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from cli_kit import digests, ok, refused, run
from conftest import ROOT

from pulka.errors import NotationError
from pulka.notation import format_deal, parse_deal, words_for

P = ("Аня", "Борис", "Вера")
E = ("Ann", "Bob", "Cid")


def read(line: str, family: str = "russian", players: tuple[str, ...] = P) -> str:
    """The line as the journal writes it, read at a table of ``family``."""
    words = words_for(family)
    return format_deal(parse_deal(line, players, words), words)


def refusal(line: str, family: str = "russian", players: tuple[str, ...] = P) -> str:
    with pytest.raises(NotationError) as info:
        parse_deal(line, players, words_for(family))
    return info.value.message


@pytest.mark.parametrize(("typed", "journal"), [
    ("Аня 6 пик 6, Борис вист 2, Вера пас", "Аня 6s 6 Борис whist 2 Вера pass"),
    ("распасы: Аня 2, Борис 0, Вера 8", "raspasy Аня 2 Борис 0 Вера 8"),
    ("Аня 6 пик 6 — Борис вист 2 — Вера пас", "Аня 6s 6 Борис whist 2 Вера pass"),
    ("Аня 6 пик 6 - Борис вист 2 - Вера пас", "Аня 6s 6 Борис whist 2 Вера pass"),
])
def test_punctuation_between_the_parts_in_russian(typed, journal):
    assert read(typed) == journal


@pytest.mark.parametrize(("typed", "journal"), [
    ("Ann 6s 6, Bob whist 2, Cid pass", "Ann 6s 6 Bob whist 2 Cid pass"),
    ("raspasy: Ann 2, Bob 0, Cid 8", "raspasy Ann 2 Bob 0 Cid 8"),
    ("Ann 7h 7 – Bob pass – Cid pass", "Ann 7h 7 Bob pass Cid pass"),
])
def test_punctuation_between_the_parts_in_english(typed, journal):
    assert read(typed, players=E) == journal


def test_a_decimal_comma_stays_a_number():
    assert read("поправка пуля Аня 2,5") == "adjust pulya Аня 5/2"


def test_a_line_copied_with_its_number_is_read_when_it_is_the_next_one(tmp_path):
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", *P)
    ok("add", game, "1. Аня 6 пик 6, Борис вист 2, Вера пас")
    assert game.read_text(encoding="utf-8").endswith("1. Аня 6s 6 Борис whist 2 Вера pass 2\n")
    before = digests(tmp_path)
    refused(tmp_path, "add", game, "5. Борис 7 пик 7 Вера пас Аня пас",
            needles=("the line is numbered 5, but the next deal is 2",))
    assert digests(tmp_path) == before
    result = run("--lang", "ru", "add", game, "7. Борис 7 пик 7 Вера пас Аня пас")
    assert result.exit_code == 2 and "у строки номер 7, а следующая сдача — 2" in result.stderr


@pytest.mark.parametrize(("typed", "journal"), [
    ("Аня 7 бк без одной Борис вист Вера пас", "Аня 7nt 6 Борис whist Вера pass"),  # 7 − 1
    ("Аня 8 черв без двух Борис вист Вера вист", "Аня 8h 6 Борис whist Вера whist"),  # 8 − 2
    ("Аня 6 пик без 3 Борис вист Вера пас", "Аня 6s 3 Борис whist Вера pass"),  # 6 − 3
    ("Аня 9 треф минус 2 Борис вист Вера пас", "Аня 9c 7 Борис whist Вера pass"),  # 9 − 2
    ("Вера мизер без одной", "Вера misere 1"),  # a misère down one: one trick taken
])
def test_a_contract_down_in_russian_words(typed, journal):
    assert read(typed) == journal


@pytest.mark.parametrize(("typed", "journal"), [
    ("Ann 7nt down one Bob whist Cid pass", "Ann 7nt 6 Bob whist Cid pass"),
    ("Ann 8h down 2 Bob whist Cid whist", "Ann 8h 6 Bob whist Cid whist"),
    ("Ann 6s minus 1 Bob whist Cid pass", "Ann 6s 5 Bob whist Cid pass"),
])
def test_a_contract_down_in_english_words(typed, journal):
    assert read(typed, players=E) == journal


def test_down_at_a_balkan_table_counts_from_six_tricks_and_a_bettel_from_none():
    assert read("Аня пики без двух Борис вист Вера пас", "balkan") == "Аня s 4 Борис whist Вера pass"
    assert read("Аня беттель без одной", "balkan") == "Аня bettel 1"


def test_down_where_the_table_s_rule_says_what_a_game_needs_is_refused():
    # Swabian games need what the convention requires: the tricks must be said
    assert "say how many tricks the declarer took" in refusal("Аня h без одной", "swabian")
    assert "only the declarer's game goes down" in refusal("Аня 6 пик 6 Борис без одной")


@pytest.mark.parametrize("said", ["вистую", "вистует", "вистовал", "вистовала", "вистуют",
                                  "whists", "whisted"])
def test_whist_as_a_verb_in_any_person_tense_and_gender(said):
    assert read(f"Аня 6 пик 6 Борис {said} 2 Вера пас") == "Аня 6s 6 Борис whist 2 Вера pass"


@pytest.mark.parametrize("said", ["пасую", "пасует", "пасовал", "пасовала", "пасуют",
                                  "passes", "passed"])
def test_pass_as_a_verb_in_any_person_tense_and_gender(said):
    assert read(f"Аня 6 пик 6 Борис вист 2 Вера {said}") == "Аня 6s 6 Борис whist 2 Вера pass"


@pytest.mark.parametrize(("said", "word"), [("контрую", "contra"), ("контровала", "contra"),
                                            ("реконтрую", "recontra")])
def test_contra_as_a_verb_at_a_balkan_table(said, word):
    assert read(f"Аня c 7 Борис вист 3 {said} Вера пас", "balkan") == (
        f"Аня c 7 Борис whist 3 {word} Вера pass")


@pytest.mark.parametrize(("typed", "journal"), [
    ("Аня шесть пик шесть Борис вист две Вера пас", "Аня 6s 6 Борис whist 2 Вера pass"),
    ("Аня 6 пик 6 взяток Борис вист 2 взятки Вера пас", "Аня 6s 6 Борис whist 2 Вера pass"),
    ("Вера мизер 2 взятки", "Вера misere 2"),
    ("Вера мизер одна взятка", "Вера misere 1"),
    ("Вера мизер без взяток", "Вера misere 0"),
    ("распасы Аня ноль Борис четыре Вера шесть", "raspasy Аня 0 Борис 4 Вера 6"),
    ("Аня десять черв десять Борис пас Вера пас", "Аня 10h 10 Борис pass Вера pass"),
])
def test_numbers_in_russian_words(typed, journal):
    assert read(typed) == journal


@pytest.mark.parametrize(("typed", "journal"), [
    ("Ann six spades six Bob whist two Cid pass", "Ann 6s 6 Bob whist 2 Cid pass"),
    ("Ann 7 hearts 7 tricks Bob pass Cid pass", "Ann 7h 7 Bob pass Cid pass"),
    ("raspasy Ann zero Bob four Cid six", "raspasy Ann 0 Bob 4 Cid 6"),
])
def test_numbers_in_english_words(typed, journal):
    assert read(typed, players=E) == journal


@pytest.mark.parametrize(("suit", "letter"), [
    ("черв", "h"), ("червей", "h"), ("червями", "h"), ("бубей", "d"), ("бубнами", "d"),
    ("пиками", "s"), ("трефей", "c"), ("крестями", "c"), ("без козыря", "nt"),
])
def test_the_common_forms_of_the_suits_in_russian(suit, letter):
    assert read(f"Аня 7 {suit} 7 Борис пас Вера пас") == f"Аня 7{letter} 7 Борис pass Вера pass"


@pytest.mark.parametrize(("suit", "letter"), [
    ("spades", "s"), ("clubs", "c"), ("diamonds", "d"), ("hearts", "h"), ("no trumps", "nt"),
])
def test_the_suits_by_their_english_names(suit, letter):
    assert read(f"Ann 7 {suit} 7 Bob pass Cid pass", players=E) == f"Ann 7{letter} 7 Bob pass Cid pass"


def test_everybody_passed_said_in_two_words_is_the_table_s_deal_nobody_played():
    assert read("все пас Аня 4 Борис 3 Вера 3") == "raspasy Аня 4 Борис 3 Вера 3"  # Russian
    assert read("все пас", "balkan") == "allpass"  # Balkan: the all-pass with its refe
    assert read("рефе", "balkan") == "allpass"
    assert read("все пас", "greek") == "allpass"


def test_a_greek_concession_in_russian():
    assert read("Аня 7 пик сдаюсь", "greek") == "Аня 7s concede"


@pytest.mark.parametrize(("typed", "message"), [
    ("Аня 6 пик 6 Борис вистонул 2 Вера пас", "'вистонул': no such answer; did you mean вистанул?"),
    ("распасыы Аня 4 Борис 3 Вера 3", "'распасыы': no such word; did you mean распасы?"),
    ("Аня 6 пик 6 Борис вист 2 Вера пас взяткаа", "'взяткаа': no such word; did you mean взятка?"),
    ("Аня 6 пик 6 Борис вист 2 Вера пас блаблабла",
     "'блаблабла': no such word, nor a player at the table (players: Аня, Борис, Вера)"),
])
def test_an_unknown_word_is_named_as_a_word_with_the_nearest_known_one(typed, message):
    assert refusal(typed) == message


def test_an_unknown_word_is_a_missing_player_only_when_it_looks_like_a_name():
    assert refusal("Гена 6 пик") == "'Гена' is not at the table (players: Аня, Борис, Вера)"
    assert refusal("Аня 6 пик 6 Борс вист 2") == (  # a capital letter: a name
        "'Борс' is not at the table (players: Аня, Борис, Вера)")
    assert refusal("Аня 6 пик 6 бориc вист 2").startswith("'бориc' is not at the table")


def test_an_unknown_word_in_russian(tmp_path):
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", *P)
    result = run("--lang", "ru", "add", game, "Аня 6 пик 6 Борис вистонул 2 Вера пас")
    assert result.exit_code == 2
    assert "'вистонул': нет такого ответа; может быть, вистанул?" in result.stderr


def test_the_readme_lists_each_family_s_words_as_the_families_say_them():
    spec = importlib.util.spec_from_file_location("readme_words", ROOT / "tools" / "readme_words.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.partition(tool.BEGIN)[2].partition(tool.END)[0]
    assert block.strip() == tool.tables().strip(), (
        "the README's tables of words are out of date: run python tools/readme_words.py")
    assert "| spades | `s` |" in block and "вистовала" in block


def test_help_notation_lists_the_words_in_the_players_language():
    english = run("help", "notation", "--convention", "sochi")
    assert english.exit_code == 0
    assert "spades: s" in english.stdout and "пиками" in english.stdout
    russian = run("--lang", "ru", "help", "notation", "--convention", "croatian")
    assert russian.exit_code == 0
    assert "пики: s" in russian.stdout and "рефе" in russian.stdout and "spades:" not in russian.stdout
    assert "балканский" in russian.stdout


def test_the_canonical_words_still_mean_what_they_did():
    # (every family's journal is written in the canonical words: they read alike everywhere)
    for family in ("russian", "balkan", "austrian", "swabian", "greek"):
        assert read("end", family) == "end"
    assert Path(ROOT / "README.md").exists()
