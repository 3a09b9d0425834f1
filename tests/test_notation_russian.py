"""The notation Russian players actually type, its messages in both languages, and the deal
said back in the player's own words (issue 11 §1, §2).

Each word players use is read as exactly the deal its canonical form gives; an unknown word
after a player is named as a word, in the alphabet it was typed in; the echo of `add` and
`fix` uses the typed style (Russian words, suit symbols) while the journal keeps its one
canonical line; the styled formatter is the parser's inverse for each style.
"""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from cli_kit import digests, ok, refused, run
from conftest import ALL_WORDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pulka import i18n
from pulka.errors import NotationError
from pulka.game import Contract, Deal, DealKind, Decision, Strain
from pulka.notation import format_deal, parse_deal
from pulka.notation.styles import format_styled, style_of
from pulka.notation.vocabulary import LATIN, SYMBOLS, Style

#: the Russian words of every family's tables, in one style
RUSSIAN = ALL_WORDS.style("ru")

ROOT = Path(__file__).resolve().parents[1]
P = ("Аня", "Борис", "Вера")


@pytest.fixture
def russian():
    """Speak Russian for the test (the autouse fixture switches back to English after it)."""
    i18n.use("ru")
    yield
    i18n.use("en")


def same(typed: str, canonical: str, players: tuple[str, ...] = P) -> None:
    deal = parse_deal(typed, players, ALL_WORDS)
    assert deal == parse_deal(canonical, players, ALL_WORDS), typed
    assert format_deal(deal, ALL_WORDS) == canonical


# --- the words players type -------------------------------------------------------------------


@pytest.mark.parametrize("typed, canonical", [
    # half-whist: пол-виста, полвиста, пол (after a player), пол виста; any case
    ("Аня 6s Борис pass Вера пол-виста", "Аня 6s Борис pass Вера half"),
    ("Аня 6s Борис pass Вера полвиста", "Аня 6s Борис pass Вера half"),
    ("Аня 6s Борис pass Вера пол", "Аня 6s Борис pass Вера half"),
    ("Аня 6s Борис pass Вера пол виста", "Аня 6s Борис pass Вера half"),
    ("Аня 6s Б пас В ПОЛ-ВИСТА", "Аня 6s Борис pass Вера half"),
    # вистую, пасую
    ("Аня 6s 6 Борис вистую 2 Вера вистую 2", "Аня 6s 6 Борис whist 2 Вера whist 2"),
    ("Аня 6s 6 Борис вистую 4 Вера пасую", "Аня 6s 6 Борис whist 4 Вера pass"),
    ("Аня 6s Борис пасую Вера Пасую", "Аня 6s Борис pass Вера pass"),
    # clubs: крести, кресты, к
    ("Аня 6 крести Б пас В пас", "Аня 6c Борис pass Вера pass"),
    ("Аня 6 кресты Б пас В пас", "Аня 6c Борис pass Вера pass"),
    ("Аня 6к Б пас В пас", "Аня 6c Борис pass Вера pass"),
    ("Аня 7 к Б пас В пас", "Аня 7c Борис pass Вера pass"),
    # пика, черва
    ("Аня 6 пика Б пас В пас", "Аня 6s Борис pass Вера pass"),
    ("Аня 8 черва Б пас В пас", "Аня 8h Борис pass Вера pass"),
    # no trumps: без козыря, без козырей, бкз, бк, joined or not
    ("Аня 6 без козыря Б пас В пас", "Аня 6nt Борис pass Вера pass"),
    ("Аня 6 без козырей Б пас В пас", "Аня 6nt Борис pass Вера pass"),
    ("Аня 6 Без Козыря Б пас В пас", "Аня 6nt Борис pass Вера pass"),
    ("Аня 6без козыря Б пас В пас", "Аня 6nt Борис pass Вера pass"),
    ("Аня 7 бкз Б пас В пас", "Аня 7nt Борис pass Вера pass"),
    ("Аня 7бкз Б пас В пас", "Аня 7nt Борис pass Вера pass"),
    ("Аня 6бк Б пас В пас", "Аня 6nt Борис pass Вера pass"),
    # the compact forms: 6п, 7ч, 8б, 6♠
    ("Аня 6п Б пас В пас", "Аня 6s Борис pass Вера pass"),
    ("Аня 7ч Б пас В пас", "Аня 7h Борис pass Вера pass"),
    ("Аня 8б Б пас В пас", "Аня 8d Борис pass Вера pass"),
    ("Аня 9т Б пас В пас", "Аня 9c Борис pass Вера pass"),
    ("Аня 6♠ Б пас В пас", "Аня 6s Борис pass Вера pass"),
    # a clean misère: no trick
    ("Аня мизер чистый", "Аня misere 0"),
    ("Аня мизер чистый Борис 5 Вера 5", "Аня misere 0 Борис 5 Вера 5"),
    ("Аня МИЗЕР ЧИСТЫЙ", "Аня misere 0"),
    # ё and е alike, in words and in names
    ("Аня мизёр 1", "Аня misere 1"),
    ("Аня 6s Борис пас Вёра пас", "Аня 6s Борис pass Вера pass"),
])
def test_the_words_players_type_read_as_their_canonical_form(typed, canonical):
    same(typed, canonical)


def test_a_name_with_yo_is_typed_with_ye_too():
    players = ("Алёна", "Борис", "Вера")
    same("Алена 6s Борис pass Вера pass", "Алёна 6s Борис pass Вера pass", players)
    same("ален 6s Бо пас Ве пас", "Алёна 6s Борис pass Вера pass", players)
    # a table with both spellings keeps them apart
    both = ("Алёна", "Алена", "Вера")
    same("Алена 6s Алёна pass Вера pass", "Алена 6s Алёна pass Вера pass", both)


def test_pol_after_a_player_is_half_whist_and_pol_the_player_still_plays():
    players = ("Аня", "Пол", "Вера")
    same("Аня 6s Вера pass Пол пол", "Аня 6s Вера pass Пол half", players)
    same("Пол 6s 6 Аня вист 2 Вера вист 2", "Пол 6s 6 Аня whist 2 Вера whist 2", players)
    same("Аня misere 1 Пол 5 Вера 4", "Аня misere 1 Пол 5 Вера 4", players)
    # the canonical form needs no quotes for him: the words he shares are never where names are
    deal = parse_deal("Пол 6s Аня pass Вера pass", players, ALL_WORDS)
    assert format_deal(deal, ALL_WORDS) == "Пол 6s Аня pass Вера pass"


def test_p_and_b_read_by_their_place():
    # п after a level is spades, after a player pass; б after a level is diamonds
    same("Аня 6 п Б п В п", "Аня 6s Борис pass Вера pass")
    same("Аня 6 б Б п В п", "Аня 6d Борис pass Вера pass")


# --- the messages ---------------------------------------------------------------------------------


def message(typed: str, players: tuple[str, ...] = P) -> str:
    with pytest.raises(NotationError) as info:
        parse_deal(typed, players, ALL_WORDS)
    return info.value.message


ERRORS = [
    ("Аня 6s 6 Борис вистонул", "'вистонул': no such answer; did you mean вистанул?",
     "'вистонул': нет такого ответа; может быть, вистанул?"),
    ("Аня 6s 6 Борис wisht 2", "'wisht': no such answer; did you mean whist?",
     "'wisht': нет такого ответа; может быть, whist?"),
    ("Аня 6s 6 Борис абракадабра 2", "'абракадабра': not a defence word; say вист, пас or полвиста",
     "'абракадабра': такого ответа нет; скажите вист, пас или полвиста"),
    ("Аня 6s чистый", "'чистый': only a misère is played clean (no tricks)",
     "'чистый': чистым бывает только мизер (без взяток)"),
    ("Аня мизер чистый 0", "Аня's tricks are given twice", "Аня: взятки указаны дважды"),
    ("Аня 6 без пас", "a suit must follow the level 6", "после 6 нужна масть"),
    ("Аня 6x", "'6x': 'x' is not a suit", "'6x': 'x' — не масть"),
    ("Аня шестёрка пик", "'шестёрка' is not a contract", "'шестёрка' — не заказ"),
    ("Аня 11h", "'11h': a contract's level is 6 to 10", "'11h': заказ бывает от 6 до 10"),
    ("Гена 6s", "'Гена' is not at the table (players: Аня, Борис, Вера)",
     "за столом нет игрока 'Гена' (играют: Аня, Борис, Вера)"),
    ("Аня 6s 11", "11 tricks: a player takes 0 to 10 tricks",
     "11 взяток: у игрока бывает от 0 до 10 взяток"),
    ("Аня 6s 21", "21 tricks: a player takes 0 to 10 tricks",
     "21 взятка: у игрока бывает от 0 до 10 взяток"),
    ("Аня 6s 22", "22 tricks: a player takes 0 to 10 tricks",
     "22 взятки: у игрока бывает от 0 до 10 взяток"),
    ("Аня 6s -1", "-1 tricks: a player takes 0 to 10 tricks",
     "-1: у игрока бывает от 0 до 10 взяток"),
    ("Аня 6s 1000000000000000021", "1000000000000000021 tricks: a player takes 0 to 10 tricks",
     "1000000000000000021 взятка: у игрока бывает от 0 до 10 взяток"),
    ("", "empty deal", "пустая сдача"),
    ("end of it", "nothing may follow 'end'", "после 'end' ничего не пишут"),
    ("распасы тёмная 4 Аня 4", "the rank of a dark raspasy is 1, 2 or 3",
     "ранг тёмных распасов — 1, 2 или 3"),
    ("Вера 6s 6 Аня whist 2 Борис whist 2 Аня whist", "Аня is named twice", "имя Аня названо дважды"),
]


@pytest.mark.parametrize("typed, english, _ru", ERRORS)
def test_the_messages_in_english(typed, english, _ru):
    assert message(typed) == english


@pytest.mark.parametrize("typed, _en, russian_text", ERRORS)
def test_the_messages_in_russian(russian, typed, _en, russian_text):
    assert message(typed) == russian_text


def test_a_shared_prefix_is_named_in_both_languages(russian):
    players = ("Аня", "Анна", "Анатолий")
    assert message("Ан 6s", players) == "'Ан': это может быть Аня, Анна или Анатолий"
    assert message("Ан 6s", players[:2]) == "'Ан': это может быть Аня или Анна"
    i18n.use("en")
    assert message("Ан 6s", players) == "'Ан' could be Аня, Анна or Анатолий"
    assert message("Ан 6s", players[:2]) == "'Ан' could be Аня or Анна"


LATIN_C = "Бори\u0063"  # a Latin c at the end


def test_a_name_with_a_letter_of_the_other_alphabet_is_named(russian):
    text = message(f"Аня 6s 6 {LATIN_C} вист 2 Вера вист 2")
    assert text.startswith(f"за столом нет игрока '{LATIN_C}': в '{LATIN_C}' стоит ")
    assert "'c' (U+0063), а в имени 'Борис' — " in text
    i18n.use("en")
    assert message(f"Аня 6s 6 {LATIN_C} вист 2 Вера вист 2") == (
        f"'{LATIN_C}' is not at the table: '{LATIN_C}' has Latin 'c' (U+0063) where the table's "
        "'Борис' has Cyrillic 'с' (U+0441)")


def test_an_answer_with_a_letter_of_the_other_alphabet_is_named(russian):
    typed = "Аня 6s Борис па\u0063 Вера пас"  # a Latin c
    text = message(typed)  # (the letters themselves are named by pulka.names)
    assert text.startswith("в 'паc' стоит ") and "'c' (U+0063), а в ответе 'пас' — " in text
    i18n.use("en")
    assert message(typed) == ("'паc' has Latin 'c' (U+0063) where the answer 'пас' has Cyrillic "
                              "'с' (U+0441)")
    assert message("Аня 6s Борис p\u0430ss Вера pass") == (
        "'pаss' has Cyrillic 'а' (U+0430) where the answer 'pass' has Latin 'a' (U+0061)")


def test_a_look_alike_right_after_a_player_is_named_too_not_taken_for_a_word():
    with pytest.raises(NotationError, match="has Latin 'c'"):
        parse_deal(f"Аня 6s 6 Вера {LATIN_C} whist 2", P, ALL_WORDS)


def test_a_misplaced_answer_keeps_its_message():
    # after the tricks, not after a player: the word is looked for among the players
    assert message("Вера 6s 6 Аня 2 whist Борис whist 2") == (
        "'whist' is not at the table (players: Аня, Борис, Вера)")


# --- through the command line ---------------------------------------------------------------------


def new_game(folder: Path) -> Path:
    path = folder / "g.pulka"
    ok("new", path, "--players", *P)
    return path


def last_line(path: Path) -> str:
    return path.read_text(encoding="utf-8").splitlines()[-1]


def test_an_unknown_answer_is_refused_as_a_word_through_the_cli(tmp_path):
    path = new_game(tmp_path)
    refused(tmp_path, "add", path, "Аня 6s 6 Борис вистонул 2 Вера вист 2",
            needles=(f"{path}: deal 1:", "'вистонул': no such answer; did you mean вистанул?"))
    refused(tmp_path, "add", path, "Аня 6s 6 Борис пол-виста Вера pass",
            needles=("half-whist",))  # read as the answer it is, refused by the rules
    stderr = refused(tmp_path, "add", path, "Аня 6s 6 Борис пол-виста Вера pass",
                     needles=("half-whist",))
    assert "not at the table" not in stderr


def test_an_unknown_answer_is_refused_in_russian_through_the_cli(tmp_path, monkeypatch):
    path = new_game(tmp_path)
    monkeypatch.setenv("PULKA_LANG", "ru")
    refused(tmp_path, "add", path, "Аня 6s 6 Борис вистонул 2 Вера вист 2",
            needles=(str(path), "'вистонул': нет такого ответа; может быть, вистанул?"))


def test_a_deal_typed_in_russian_is_said_back_in_russian_and_written_canonically(tmp_path):
    path = new_game(tmp_path)
    out = ok("add", path, "Аня", "6п", "6", "Б", "вист", "2", "В", "вист", "2").stdout
    assert out.splitlines()[0] == "deal 1. Аня 6♠ 6 Борис вист 2 Вера вист 2"
    assert last_line(path) == "1. Аня 6s 6 Борис whist 2 Вера whist 2"
    out = ok("--lang", "ru", "add", path, "Борис 7 без козыря 7 В вист 2 А пас").stdout
    assert out.splitlines()[0] == "сдача 2: Борис 7БК 7 Вера вист 2 Аня пас 1"  # as scored
    assert last_line(path) == "2. Борис 7nt 7 Вера whist 2 Аня pass 1"
    out = ok("--lang", "ru", "add", path, "распасы А 4 Б 3 В 3").stdout
    assert out.splitlines()[0] == "сдача 3: распасы Аня 4 Борис 3 Вера 3"
    assert last_line(path) == "3. raspasy Аня 4 Борис 3 Вера 3"
    out = ok("--lang", "ru", "add", path, "Борис мизер чистый").stdout
    assert out.splitlines()[0] == "сдача 4: Борис мизер 0"
    assert last_line(path) == "4. Борис misere 0"


def test_suit_symbols_are_said_back_and_english_words_stay_as_they_were(tmp_path):
    path = new_game(tmp_path)
    out = ok("add", path, "Аня 6s 6 Б whist 2 В whist 2").stdout
    assert out.splitlines()[0] == "deal 1. Аня 6s 6 Борис whist 2 Вера whist 2"  # as before
    out = ok("add", path, "Борис 6♥ 6 Вера whist 2 Аня whist 2").stdout
    assert out.splitlines()[0] == "deal 2. Борис 6♥ 6 Вера whist 2 Аня whist 2"
    out = ok("--lang", "ru", "add", path, "Вера 6d 6 Аня whist 2 Борис whist 2").stdout
    assert out.splitlines()[0] == "сдача 3: Вера 6d 6 Аня whist 2 Борис whist 2"
    assert path.read_text(encoding="utf-8").endswith(
        "1. Аня 6s 6 Борис whist 2 Вера whist 2\n2. Борис 6h 6 Вера whist 2 Аня whist 2\n"
        "3. Вера 6d 6 Аня whist 2 Борис whist 2\n")


def test_a_fix_typed_in_russian_is_said_back_in_russian(tmp_path):
    path = new_game(tmp_path)
    ok("add", path, "Аня 6s 6 Б whist 2 В whist 2")
    out = ok("fix", path, "1", "Аня 6 крести 6 Б вистую 2 В вистую 2").stdout
    assert out.splitlines()[0] == "fix 1 Аня 6♣ 6 Борис вист 2 Вера вист 2"
    assert last_line(path) == "fix 1 Аня 6c 6 Борис whist 2 Вера whist 2"
    out = ok("--lang", "ru", "fix", path, "1", "Аня 7п 7 Б пас В вист 3").stdout
    assert out.splitlines()[0] == "сдача 1 исправлена: Аня 7♠ 7 Борис пас Вера вист 3"
    assert last_line(path) == "fix 1 Аня 7s 7 Борис pass Вера whist 3"
    out = ok("fix", path, "1", "Аня 7s 7 Б pass В whist 3").stdout
    assert out.splitlines()[0] == "fix 1 Аня 7s 7 Борис pass Вера whist 3"  # as before


def test_the_locale_alone_makes_the_echo_russian(tmp_path):
    path = new_game(tmp_path)
    before = digests(tmp_path)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    done = subprocess.run([sys.executable, "-m", "pulka", "add", str(path), "Аня", "6п", "Б", "пас",
                           "В", "пас"], env={**env, "LANG": "ru_RU.UTF-8", "PYTHONPATH": str(ROOT)},
                          capture_output=True, check=False)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode("utf-8").splitlines()[0] == "сдача 1: Аня 6♠ Борис пас Вера пас"
    assert digests(tmp_path) != before and last_line(path) == "1. Аня 6s Борис pass Вера pass"


def test_the_style_is_read_from_the_words_not_the_names():
    assert style_of("Аня 6s 6 Б whist 2 В whist 2", P, ALL_WORDS) is LATIN  # Б and В are names here
    assert style_of("Аня 6s 6 Б в 2 В в 2", P, ALL_WORDS) is RUSSIAN  # в after a name: вист
    assert style_of("Аня 6♠ 6 Борис whist 2 Вера whist 2", P, ALL_WORDS) is SYMBOLS
    assert style_of("Аня 6 пик 6 Борис whist 2 Вера whist 2", P, ALL_WORDS) is RUSSIAN
    assert style_of('"Вера" 6s 6 Аня whist 2 Борис whist 2', P, ALL_WORDS) is LATIN
    assert style_of("raspasy Аня 4 Борис 3 Вера 3", P, ALL_WORDS) is LATIN
    assert style_of("not a deal", P, ALL_WORDS) is LATIN


def test_a_run_refused_in_russian_words_leaves_the_journal(tmp_path):
    path = new_game(tmp_path)
    before = digests(tmp_path)
    result = run("add", path, "Аня 6 без пас")
    assert result.exit_code == 2 and result.stdout == ""
    assert "a suit must follow the level 6" in result.stderr
    assert digests(tmp_path) == before


# --- the styled formatter is the parser's inverse ---------------------------------------------------


NAME_SETS = (
    P,
    ("A", "B", "C"),  # C reads as clubs
    ("Дядя Ваня", "Пас", "7h"),  # a space, a keyword, a contract: quoted
    ("П", "В", "К"),  # one letter each: pass, whist, clubs
    ("Аня", "Пол", "Вера"),  # a word players say, never where the canonical form puts a name
    ("Алёна", "Тёмная", "Вера"),  # ё, and a keyword spelled with it
)
STRAINS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)
PROFILE = settings(max_examples=150, deadline=None, database=None,
                   suppress_health_check=[HealthCheck.too_slow])


@st.composite
def deals(draw, players: tuple[str, ...]) -> Deal:
    """Any deal the notation can write: contracts (Russian, Balkan and the payment games',
    made or down and their marks), raspasy, adjustments, the pot's refill."""
    kind = draw(st.sampled_from(["contract", "contract", "contract", "raspasy", "adjust", "end",
                                 "allpass", "refill"]))
    tricks = st.integers(0, 10)
    if kind == "raspasy":
        counted = draw(st.lists(st.sampled_from(players), unique=True))
        dark = draw(st.sampled_from([0, 0, 1, 2, 3]))
        looked = draw(st.lists(st.sampled_from(players), unique=True)) if dark else []
        # (the notation writes who looked beside his tricks: in the order of the tricks)
        looked = [p for p in counted if p in looked] + [p for p in looked if p not in counted]
        return Deal(DealKind.RASPASY, tricks={p: draw(tricks) for p in counted}, dark=dark,
                    looked=tuple(looked))
    if kind == "adjust":
        columns: dict[str, dict] = {}
        amounts = st.fractions(min_value=-50, max_value=50, max_denominator=6)
        for column in draw(st.lists(st.sampled_from(["pulya", "gora", "whists", "bule", "refe",
                                                     "hats"]), min_size=1, unique=True)):
            names = draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
            if column == "whists":
                columns[column] = {p: {q: Fraction(draw(amounts)) for q in players if q != p}
                                   for p in names}
            else:
                columns[column] = {p: Fraction(draw(amounts)) for p in names}
        return Deal(DealKind.ADJUST, adjust=columns)
    if kind in ("end", "allpass", "refill"):
        return Deal(DealKind(kind))
    declarer = draw(st.sampled_from(players))
    others = [p for p in players if p != declarer]
    game = draw(st.sampled_from(["level", "level", "misere", "suit", "bettel", "sans", "extra"]))
    contract = {
        "level": lambda: Contract(draw(st.integers(6, 10)), draw(st.sampled_from(STRAINS))),
        "misere": lambda: Contract(None, Strain.MISERE),
        "suit": lambda: Contract(None, draw(st.sampled_from(STRAINS[:4]))),
        "bettel": lambda: Contract(None, Strain.BETTEL),
        "sans": lambda: Contract(None, Strain.SANS),
        "extra": lambda: Contract(None, draw(st.sampled_from(
            [Strain.DURCHMARSCH, Strain.PLAUDERER, Strain.OFFENER]))),
    }[game]()
    defenders = draw(st.permutations(others))[:draw(st.integers(0, len(others)))]
    defence = {p: draw(st.sampled_from(list(Decision))) for p in defenders}
    counted = draw(st.lists(st.sampled_from(players), unique=True))
    contra = {p: draw(st.integers(1, 4)) for p in draw(st.lists(st.sampled_from(others), unique=True))}
    # (made or down is written only where the declarer's tricks are not)
    made = draw(st.sampled_from([None, True, False])) if declarer not in counted else None
    marks = tuple(draw(st.lists(st.sampled_from(["aces", "noaces", "kunstwerk", "concede"]),
                                unique=True)))
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=defence,
                tricks={p: draw(tricks) for p in counted}, dark=int(draw(st.booleans())),
                no_talon=draw(st.booleans()), invite=draw(st.booleans()), contra=contra,
                made=made, marks=marks)


CASES = st.sampled_from(NAME_SETS).flatmap(lambda names: st.tuples(st.just(names), deals(names)))


@PROFILE
@given(CASES, st.sampled_from([RUSSIAN, SYMBOLS]))
def test_a_deal_written_in_a_style_reads_back_the_same(case, style):
    players, deal = case
    text = format_styled(deal, style, ALL_WORDS)
    assert parse_deal(text, players, ALL_WORDS) == deal, text


@PROFILE
@given(CASES)
def test_the_styled_formatter_with_the_journal_words_is_the_canonical_form(case):
    players, deal = case
    canonical = format_deal(deal, ALL_WORDS)
    assert parse_deal(canonical, players, ALL_WORDS) == deal, canonical
    assert format_styled(deal, LATIN, ALL_WORDS) == canonical
    assert format_styled(deal, Style("a copy of latin"), ALL_WORDS) == canonical


@PROFILE
@given(CASES, st.sampled_from([RUSSIAN, SYMBOLS]))
def test_a_deal_typed_in_a_style_is_said_back_in_the_same_words(case, style):
    players, deal = case
    text = format_styled(deal, style, ALL_WORDS)
    assert format_styled(deal, style_of(text, players, ALL_WORDS), ALL_WORDS) == text


def test_the_greek_answers_are_said_in_russian_words_too():
    """A Russian PDF or echo of a Greek game: together and alone are вместе and один (no
    English word in a Russian sheet), which read back as the same answers."""
    players = ("Άννα", "Βασίλης", "Γιώργος")
    for line, russian in (("Άννα 7nt 8 Βασίλης pass Γιώργος alone 2", "Γιώργος один 2"),
                          ("Άννα 6c 6 Βασίλης pass 1 Γιώργος together 3", "Γιώργος вместе 3")):
        deal = parse_deal(line, players, ALL_WORDS)
        text = format_styled(deal, RUSSIAN, ALL_WORDS)
        assert russian in text and parse_deal(text, players, ALL_WORDS) == deal, text


def test_the_payment_words_are_said_in_russian_and_fall_back_where_they_name_a_player():
    """сыграл, без, тузы, безтузов and пополнение in a Russian sheet or echo; the journal's
    word where the Russian one would read as a player's name (без at a table with Безухов)."""
    from pulka.notation.styles import written

    players = ("Аня", "Борис", "Вера")
    for line, russian in (("Борис durchmarsch igra down Вера contra", "Борис дурхмарш бп без"),
                          ("Аня bettel made Борис recontra", "Аня беттель сыграл"),
                          ("Вера h igra 7 Аня whist 3 Борис pass aces", "Аня вист 3 Борис пас тузы"),
                          ("Вера h 4 Аня whist 4 Борис whist 2 noaces", "безтузов"),
                          ("refill", "пополнение"),
                          ("Аня plauderer 0 Борис contra", "Аня плаудерер 0 Борис контра"),
                          ("Вера offener made", "Вера оффенер сыграл"),
                          ("Аня d 7 Борис contra kunstwerk", "кунстверк")):
        deal = parse_deal(line, players, ALL_WORDS)
        text = written(deal, RUSSIAN, players, ALL_WORDS)
        assert russian in text and parse_deal(text, players, ALL_WORDS) == deal, text
    table = ("Аня", "Безухов", "Вера")
    deal = parse_deal("Аня durchmarsch down Вера contra", table, ALL_WORDS)
    assert written(deal, RUSSIAN, table, ALL_WORDS) == "Аня durchmarsch down Вера contra"
    table = ("Аня", "Борис", "Упал")  # упал after Борис would name the player Упал
    deal = parse_deal("Аня h 7 Борис whist 1 fell Упал whist 2", table, ALL_WORDS)
    assert written(deal, RUSSIAN, table, ALL_WORDS) == "Аня h 7 Борис whist 1 fell Упал whist 2"
