"""Names and deals that break the rules are refused (issue 9), through the command line.

Every refusal: exit status 2, nothing on stdout, one message on stderr that names the place
(file, line or deal number) and what is wrong, and every file in the folder byte for byte as it
was (compared by sha256). The skeleton mapping behind the look-alike checks is tested on its own
at the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import ok, refused

from pulka.names import MAX_NAME_LENGTH, letter, nfc, skeleton, twin_letters

P3 = ("Аня", "Борис", "Вера")
SIX = "Аня 6s 6 Борис whist 2 Вера whist 2"
SEVEN = "Борис 7h 6 Аня whist 4 Вера pass"
BREVE = "И\u0306"  # Й as И and a combining breve (NFD)
LATIN_C = "Бори\u0063"  # Борис with a Latin c


def new_game(folder: Path, *players: str, convention: str = "sochi") -> Path:
    path = folder / "g.pulka"
    ok("new", path, "--players", *(players or P3), "--convention", convention)
    return path


def hand_written(folder: Path, players: str, *body: str, name: str = "old.pulka") -> Path:
    """A journal as an older pulka (or a hand) wrote it: the convention read by name."""
    path = folder / name
    text = f"pulka 1\nconvention sochi\nplayers {players}\n" + "".join(f"{b}\n" for b in body)
    path.write_text(text, encoding="utf-8")
    return path


def body_line_number(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


# --- names at `new` ------------------------------------------------------------------------


def test_a_name_in_nfd_is_stored_in_nfc_and_typed_either_way(tmp_path):
    path = new_game(tmp_path, BREVE, "Борис", "Вера")
    assert "\nplayers Й Борис Вера\n" in path.read_text(encoding="utf-8")
    ok("add", path, "Й 6s 6 Борис whist 2 Вера whist 2")  # typed in NFC
    ok("add", path, f"{BREVE} 7h 7 Борис whist 3 Вера pass")  # typed in NFD
    assert BREVE not in path.read_text(encoding="utf-8")
    assert "\n2. Й 7h 7 Борис whist 3 Вера pass\n" in path.read_text(encoding="utf-8")


def test_two_names_equal_after_nfc_are_one_name(tmp_path):
    refused(tmp_path, "new", tmp_path / "g.pulka", "--players", "Й", BREVE, "Вера",
            needles=("two players have the same name",))
    assert not (tmp_path / "g.pulka").exists()


@pytest.mark.parametrize("names, needles", [
    (("Борис", LATIN_C, "Вера"),
     ("'Борис' and 'Бориc' look the same", "'Бориc' has Latin 'c' (U+0063) where 'Борис' has "
      "Cyrillic 'с' (U+0441)")),
    (("Вера", "Аня", "B\u0435ра"),  # Latin B, Cyrillic ера
     ("'Вера' and 'Bера' look the same", "Latin 'B' (U+0042)", "Cyrillic 'В' (U+0412)")),
    (("Tom", "Т\u043em", "Ann"),  # Cyrillic Т and о
     ("look the same", "Cyrillic 'Т' (U+0422), Cyrillic 'о' (U+043E) where 'Tom' has Latin 'T' "
      "(U+0054), Latin 'o' (U+006F)")),
])
def test_names_that_differ_only_in_look_alike_letters_are_refused(tmp_path, names, needles):
    refused(tmp_path, "new", tmp_path / "g.pulka", "--players", *names, needles=needles)
    assert not (tmp_path / "g.pulka").exists()


def test_names_in_different_alphabets_that_do_not_look_alike_are_fine(tmp_path):
    path = new_game(tmp_path, "Boris", "Борис", "Вера")  # r and р, i and и, s and с differ
    assert "\nplayers Boris Борис Вера\n" in path.read_text(encoding="utf-8")


def test_a_name_over_the_limit_is_refused_with_the_limit(tmp_path):
    long = "Я" * (MAX_NAME_LENGTH + 1)
    refused(tmp_path, "new", tmp_path / "g.pulka", "--players", long, "Борис", "Вера",
            needles=(f"is {MAX_NAME_LENGTH + 1} characters long",
                     f"a name may have at most {MAX_NAME_LENGTH} characters"))
    assert not (tmp_path / "g.pulka").exists()


def test_a_name_of_ten_thousand_characters_is_refused_and_not_echoed_whole(tmp_path):
    stderr = refused(tmp_path, "new", tmp_path / "g.pulka", "--players", "x" * 10_000, "Борис",
                     "Вера", needles=("is 10000 characters long", "at most 32 characters"))
    assert len(stderr) < 200


def test_a_name_at_the_limit_is_fine(tmp_path):
    name = "Я" * MAX_NAME_LENGTH
    path = new_game(tmp_path, name, "Борис", "Вера")
    ok("add", path, f"{name} 6s 6 Борис whist 2 Вера whist 2")


@pytest.mark.parametrize("name, code", [
    ("Аня\nБорис", "U+000A"), ("Аня\tБорис", "U+0009"), ("Бо\u200bрис", "U+200B"),
    ("Аня\x00", "U+0000"),
])
def test_control_and_invisible_characters_are_refused(tmp_path, name, code):
    refused(tmp_path, "new", tmp_path / "g.pulka", "--players", name, "Вера", "Гена",
            needles=("has an invisible character", code))


def test_an_empty_name_is_refused(tmp_path):
    refused(tmp_path, "new", tmp_path / "g.pulka", "--players", "", "Вера", "Гена",
            needles=("player name '' is empty",))


# --- names typed in a deal -------------------------------------------------------------------


@pytest.mark.parametrize("deal, needles", [
    (f"{LATIN_C} 6s 6 Аня whist 2 Вера whist 2",
     ("deal 1:", "'Бориc' is not at the table: 'Бориc' has Latin 'c' (U+0063) where the table's "
      "'Борис' has Cyrillic 'с' (U+0441)")),
    ("Аня 6s 6 Б\u006fр whist 2 Вера whist 2",  # a prefix with a Latin o
     ("deal 1:", "'Бoр' has Latin 'o' (U+006F) where the table's 'Борис' has Cyrillic 'о'")),
    ("A 6s 6 Борис whist 2 Вера whist 2",  # a Latin A for Аня
     ("deal 1:", "'A' has Latin 'A' (U+0041) where the table's 'Аня' has Cyrillic 'А' (U+0410)")),
    (f'Аня 6s 6 "{LATIN_C}" whist 2 Вера whist 2',  # quoted: the whole name
     ("deal 1:", "'Бориc' has Latin 'c' (U+0063)")),
])
def test_a_typed_name_in_the_wrong_alphabet_is_explained_and_not_taken(tmp_path, deal, needles):
    path = new_game(tmp_path)
    refused(tmp_path, "add", path, deal, needles=(str(path), *needles))


def test_a_name_that_looks_like_no_player_keeps_the_plain_message(tmp_path):
    path = new_game(tmp_path)
    refused(tmp_path, "add", path, "Гена 6s 6 Аня whist 2 Вера whist 2",
            needles=("deal 1:", "'Гена' is not at the table (players: Аня, Борис, Вера)"))


def test_an_old_journal_with_look_alike_names_still_opens(tmp_path):
    path = hand_written(tmp_path, f"Аня Борис {LATIN_C}",
                        f"1. Борис 6s 6 Аня whist 2 {LATIN_C} whist 2")
    out = ok("show", path).stdout
    assert LATIN_C in out and "Борис" in out
    ok("add", path, f"{LATIN_C} 7h 7 Аня whist 3 Борис pass")  # each name typed as it is
    assert path.read_text(encoding="utf-8").endswith(f"\n2. {LATIN_C} 7h 7 Аня whist 3 Борис pass\n")


def test_an_old_journal_with_nfd_names_opens_with_the_names_in_nfc(tmp_path):
    path = hand_written(tmp_path, f"{BREVE} Борис Вера", f"1. {BREVE} 6s 6 Борис whist 2 Вера whist 2")
    out = ok("show", path).stdout
    assert "Й" in out and BREVE not in out
    ok("add", path, "Й 7h 7 Борис whist 3 Вера pass")


# --- names in a vector (check_players is shared) ----------------------------------------------


VECTOR = """\
convention: sochi
players: [{players}]
deals:
  - {{raspasy: {{{tricks}}}}}
"""


@pytest.mark.parametrize("players, needles", [
    (("Борис", LATIN_C, "Вера"), ("v.yaml:2:", "'Бориc' has Latin 'c' (U+0063)")),
    (("Борис", "Я" * 40, "Вера"), ("v.yaml:2:", "is 40 characters long", "at most 32")),
])
def test_a_vector_with_such_names_is_refused(tmp_path, players, needles):
    path = tmp_path / "v.yaml"
    tricks = ", ".join(f"{p}: {t}" for p, t in zip(players, (4, 3, 3), strict=True))
    path.write_text(VECTOR.format(players=", ".join(players), tricks=tricks), encoding="utf-8")
    refused(tmp_path, "settle", path, needles=needles)


# --- digits: only 0-9 ------------------------------------------------------------------------


@pytest.mark.parametrize("number", ["٧", "३", "７"])  # Arabic-Indic, Devanagari, fullwidth
def test_a_deal_number_in_other_digits_is_refused_with_its_line(tmp_path, number):
    path = hand_written(tmp_path, "Аня Борис Вера", f"1. {SIX}", f"{number}. {SEVEN}")
    line = body_line_number(path, f"{number}. {SEVEN}")
    for command in ("show", "check", "settle"):
        refused(tmp_path, command, path,
                needles=(f"{path}:{line}:1: deal number '{number}.' is not written with the digits 0-9",))
    refused(tmp_path, "add", path, "Вера misere 0", needles=(f"{path}:{line}:1:",))


def test_a_deal_number_in_other_digits_is_refused_even_in_sequence(tmp_path):
    path = hand_written(tmp_path, "Аня Борис Вера", f"١. {SIX}")  # ١ is 1 to int()
    refused(tmp_path, "show", path, needles=(f"{path}:4:1:", "'١.'", "digits 0-9"))


@pytest.mark.parametrize("word", ["void", "fix"])
def test_a_void_or_fix_number_in_other_digits_is_refused(tmp_path, word):
    tail = f" {SIX}" if word == "fix" else ""
    path = hand_written(tmp_path, "Аня Борис Вера", f"1. {SIX}", f"{word} ١{tail}")
    refused(tmp_path, "show", path, needles=(f"{path}:5:{len(word) + 2}:", "'١'", "digits 0-9"))


def test_an_absurdly_long_deal_number_is_refused_without_a_traceback(tmp_path):
    path = hand_written(tmp_path, "Аня Борис Вера", "9" * 5000 + f". {SIX}")
    refused(tmp_path, "show", path, needles=(f"{path}:4:1:", "has 5000 digits"))


@pytest.mark.parametrize("deal, needles", [
    ("Аня 6s ٦ Борис whist 2 Вера whist 2", ("'٦': numbers are written with the digits 0-9",)),
    ("Аня ٦s 6 Борис whist 2 Вера whist 2", ("'٦s': a contract's level is written with the digits 0-9",)),
    ("raspasy Аня ٤ Борис 3 Вера 3", ("'٤': numbers are written with the digits 0-9",)),
])
def test_tricks_and_levels_in_other_digits_are_refused(tmp_path, deal, needles):
    path = new_game(tmp_path)
    refused(tmp_path, "add", path, deal, needles=(f"{path}: deal 1:", *needles))


# --- raspasy with a contract, tricks on an all-pass ----------------------------------------------


@pytest.mark.parametrize("deal, word", [
    ("raspasy 6s Аня 4 Борис 3 Вера 3", "6s"),
    ("raspasy Аня 6s 4 Борис 3 Вера 3", "6s"),  # a declarer and his contract
    ("raspasy Аня misere 4 Борис 3 Вера 3", "misere"),
    ("распасы Аня 4 Борис вист 3 Вера 3", "вист"),
])
def test_a_raspasy_that_names_a_contract_is_refused(tmp_path, deal, word):
    path = new_game(tmp_path)
    ok("add", path, SIX)
    refused(tmp_path, "add", path, deal,
            needles=(f"{path}: deal 2: '{word}': a raspasy has no contract, declarer or whist",))


def test_a_raspasy_with_a_contract_in_the_journal_is_refused_with_its_line(tmp_path):
    path = hand_written(tmp_path, "Аня Борис Вера", f"1. {SIX}", "2. raspasy 7h Аня 4 Борис 3 Вера 3")
    refused(tmp_path, "show", path, needles=(f"{path}:5:", "'7h': a raspasy has no contract"))


@pytest.mark.parametrize("players, deal, written", [
    (("Таня", "Борис", "Вера"), "raspasy т 4 Б 3 В 3", "raspasy Таня 4 Борис 3 Вера 3"),  # т: clubs
    (("A", "B", "C"), "raspasy A 4 B 3 C 3", 'raspasy A 4 B 3 C 3'),  # C: clubs
])
def test_a_player_whose_name_reads_like_a_suit_still_plays_raspasy(tmp_path, players, deal, written):
    path = new_game(tmp_path, *players)
    ok("add", path, deal)
    assert path.read_text(encoding="utf-8").endswith(f"\n1. {written}\n")


@pytest.mark.parametrize("deal", ["allpass A 4", "allpass 4", "все-пас A"])
def test_tricks_on_an_allpass_are_refused(tmp_path, deal):
    path = new_game(tmp_path, "A", "B", "C", convention="croatian")
    refused(tmp_path, "add", path, deal,
            needles=(f"{path}: deal 1:", "an all-pass is not played, so nothing follows", "hint:"))


def test_tricks_on_an_allpass_in_the_journal_are_refused_with_their_line(tmp_path):
    path = new_game(tmp_path, "A", "B", "C", convention="croatian")
    ok("add", path, "allpass")
    data = path.read_bytes() + b"2. allpass A 4\n"
    path.write_bytes(data)
    line = data.count(b"\n")
    refused(tmp_path, "show", path, needles=(f"{path}:{line}:", "an all-pass is not played"))


# --- the same deal twice in a row: only with --again ---------------------------------------------


def test_the_same_deal_again_is_refused_and_says_which(tmp_path):
    path = new_game(tmp_path)
    ok("add", path, SIX)
    ok("add", path, SEVEN)
    refused(tmp_path, "add", path, SEVEN,
            needles=(f"{path}: deal 3: the same as deal 2; add --again to record it anyway",))


def test_the_same_deal_typed_another_way_is_the_same(tmp_path):
    path = new_game(tmp_path)
    ok("add", path, SIX)
    refused(tmp_path, "add", path, "А 6♠ 6 Б вист 2 В вист ; Вера's 2 left out",
            needles=("deal 2: the same as deal 1",))


def test_with_again_the_same_deal_is_recorded(tmp_path):
    path = new_game(tmp_path)
    ok("add", path, "raspasy Аня 4 Борис 3 Вера 3")
    ok("add", path, "--again", "raspasy Аня 4 Борис 3 Вера 3")
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n1. raspasy Аня 4 Борис 3 Вера 3\n2. raspasy Аня 4 Борис 3 Вера 3\n")


def test_a_different_deal_needs_no_again(tmp_path):
    path = new_game(tmp_path)
    ok("add", path, "raspasy Аня 4 Борис 3 Вера 3")
    ok("add", path, "raspasy Аня 3 Борис 4 Вера 3")  # other tricks
    ok("add", path, "raspasy Аня 3 Борис 3 Вера 4")
    assert path.read_text(encoding="utf-8").endswith("\n3. raspasy Аня 3 Борис 3 Вера 4\n")


def test_the_deal_compared_is_the_one_in_force_before(tmp_path):
    path = new_game(tmp_path)
    ok("add", path, SIX)
    ok("add", path, SEVEN)
    ok("undo", path)  # deal 2 taken back: deal 1 is the one before now
    ok("add", path, SEVEN)  # not the same as deal 1
    ok("void", path, "3")
    refused(tmp_path, "add", path, SIX, needles=("deal 4: the same as deal 1",))


def test_the_help_of_add_says_what_again_means():
    out = " ".join(ok("add", "--help").stdout.split())
    assert "--again" in out and "the same as the deal in force before it" in out


# --- the skeleton mapping ------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", [
    ("Борис", LATIN_C),
    ("Вера", "Bepa"),  # Latin B, e, p, a
    ("АННА", "AHHA"),  # capitals: Cyrillic Н and Latin H
    ("Ёжик", "Ëжик"),  # Cyrillic Ё, Latin Ë (U+00CB)
    ("Олег", "Οлег"),  # Greek capital omicron
    ("Іван", "Iван"),  # Ukrainian І, Latin I
    ("Аня", "Ａня"),  # a fullwidth A
    ("Kate", "Каtе"),
])
def test_look_alikes_share_a_skeleton(a, b):
    assert a != b
    assert skeleton(a) == skeleton(b)


@pytest.mark.parametrize("a, b", [
    ("Аня", "Анна"), ("Борис", "Boris"), ("Вера", "Вена"), ("Ёжик", "Ежик"), ("Rene", "René"),
    ("Бойко", "Боико"), ("Ира", "Ила"),
])
def test_different_names_have_different_skeletons(a, b):
    assert skeleton(a) != skeleton(b)


def test_the_skeleton_ignores_case_and_unicode_form():
    assert skeleton("ВЕРА") == skeleton("вера")
    assert skeleton(BREVE) == skeleton("Й")


def test_twin_letters_pairs_the_letters_that_differ():
    assert twin_letters(LATIN_C, "Борис") == [("c", "с")]
    assert twin_letters("Бo", "Борис") == [("o", "о")]  # a typed prefix
    assert twin_letters("Борис", "БОРИС") == []  # case alone is not a look-alike


def test_a_letter_is_named_with_its_alphabet_and_code_point():
    assert letter("c") == "Latin 'c' (U+0063)"
    assert letter("с") == "Cyrillic 'с' (U+0441)"
    assert letter("ο") == "Greek 'ο' (U+03BF)"


def test_nfc_composes():
    assert nfc(BREVE) == "Й" and len(nfc(BREVE)) == 1
    assert nfc("Аня") == "Аня"


def test_short_forms_are_distinct_and_within_the_width() -> None:
    """Issue 31: two names with a long beginning in common are never shortened to one form."""
    from pulka.names import short_forms

    names = ["Александра-Констанция Петровна", "Александра-Констанция Ивановна", "Борис"]
    for width in range(3, 40):
        forms = short_forms(names, width)
        assert len(set(forms.values())) == 3, width
        assert all(len(form) <= max(width, 3) or form == name for name, form in forms.items())
        assert forms["Борис"] == ("Борис" if width >= 5 else forms["Борис"])
    assert short_forms(names, 16)[names[0]] == "А.-К. Петровна"
    assert short_forms(names, 40) == {name: name for name in names}
