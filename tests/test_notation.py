"""The deal notation: aliases, name prefixes, canonical form, and errors with columns."""

from __future__ import annotations

import pytest
from conftest import ALL_WORDS

from pulka.errors import NotationError
from pulka.game import Contract, DealKind, Decision, Strain
from pulka.notation import format_deal, parse_contract, parse_deal

P = ("Аня", "Борис", "Вера")


@pytest.mark.parametrize("text", ["6s", "6♠", "6 пик", "6п", "6 пики", "6S"])
def test_six_of_spades_spellings(text):
    assert parse_contract(text, ALL_WORDS) == Contract(6, Strain.SPADES)


@pytest.mark.parametrize(("text", "strain"), [("7nt", Strain.NOTRUMP), ("7бк", Strain.NOTRUMP),
                                              ("8 черви", Strain.HEARTS), ("9♦", Strain.DIAMONDS),
                                              ("10 треф", Strain.CLUBS)])
def test_contract_spellings(text, strain):
    assert parse_contract(text, ALL_WORDS).strain is strain


@pytest.mark.parametrize("text", ["misere", "мизер", "Misère"])
def test_misere_spellings(text):
    assert parse_contract(text, ALL_WORDS).strain is Strain.MISERE


def test_russian_words_and_prefixes_give_the_same_deal():
    a = parse_deal("Аня 6s 6 Борис whist 2 Вера whist 2", P, ALL_WORDS)
    b = parse_deal("А 6 пик 6 Б вист 2 В в 2", P, ALL_WORDS)
    assert a == b
    assert a.defence == {"Борис": Decision.WHIST, "Вера": Decision.WHIST}
    assert format_deal(b, ALL_WORDS) == "Аня 6s 6 Борис whist 2 Вера whist 2"


def test_raspasy_and_other_kinds():
    d = parse_deal("распасы А 4 Б 0 В 6", P, ALL_WORDS)
    assert d.kind is DealKind.RASPASY and d.tricks == {"Аня": 4, "Борис": 0, "Вера": 6}
    assert parse_deal("end", P, ALL_WORDS).kind is DealKind.END
    adj = parse_deal("adjust pulya Аня 2 gora Борис -3 whists Аня Борис 10", P, ALL_WORDS)
    assert format_deal(adj, ALL_WORDS) == "adjust pulya Аня 2 gora Борис -3 whists Аня Борис 10"


def test_names_that_need_quotes_round_trip():
    players = ("pass", "6s", "Анна Мария")
    deal = parse_deal('"Анна Мария" 7h 7 "pass" whist 2 "6s" pass', players, ALL_WORDS)
    text = format_deal(deal, ALL_WORDS)
    assert text == '"Анна Мария" 7h 7 "pass" whist 2 "6s" pass'
    assert parse_deal(text, players, ALL_WORDS) == deal


def test_errors_point_at_the_column():
    with pytest.raises(NotationError) as info:
        parse_deal("Аня 5s 6 Борис whist 2", P, ALL_WORDS)
    assert info.value.source.col == 5
    with pytest.raises(NotationError, match="'Глеб' is not at the table"):
        parse_deal("Глеб 6s", P, ALL_WORDS)
    with pytest.raises(NotationError, match="could be"):
        parse_deal("Аня 6s 6 Б whist 2 В whist 2", ("Аня", "Борис", "Богдан"), ALL_WORDS)
    with pytest.raises(NotationError, match="0 to 10"):
        parse_deal("Аня 6s 11", P, ALL_WORDS)
    with pytest.raises(NotationError, match="'11h': a contract's level is 6 to 10"):
        parse_deal("Аня 11h", P, ALL_WORDS)
    with pytest.raises(NotationError, match="'x' is not a contract"):
        parse_deal("Аня x", P, ALL_WORDS)


@pytest.mark.parametrize("players", [("A", "B", "C"), ("В", "П", "Т"), ("p", "w", "h")])
def test_one_letter_names_need_no_quotes(players):
    a, b, c = players
    deal = parse_deal(f"{a} 6s 6 {b} whist 2 {c} pass", players, ALL_WORDS)
    assert deal.declarer == a and list(deal.defence) == [b, c]
    assert format_deal(deal, ALL_WORDS) == f"{a} 6s 6 {b} whist 2 {c} pass"
    assert parse_deal(format_deal(deal, ALL_WORDS), players, ALL_WORDS) == deal


@pytest.mark.parametrize(("latin", "word"), [("kontra", "contra"), ("rekontra", "recontra"),
                                             ("Subkontra", "subcontra"),
                                             ("mortkontra", "mortcontra")])
def test_contra_in_the_balkan_tables_latin_spelling(latin, word):
    players = ("Marko", "Jelena", "Nikola")
    deal = parse_deal(f"Marko c 7 Jelena whist 2 {latin} Nikola whist 1", players, ALL_WORDS)
    assert deal == parse_deal(f"Marko c 7 Jelena whist 2 {word} Nikola whist 1", players, ALL_WORDS)
    assert deal.contra == {"Jelena": ("contra", "recontra", "subcontra",
                                      "mortcontra").index(word) + 1}
    assert format_deal(deal, ALL_WORDS) == f"Marko c 7 Jelena whist 2 {word} Nikola whist 1"
