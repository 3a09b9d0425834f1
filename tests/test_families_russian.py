"""The scoring families in Russian: what each deal wrote, the notes, the status of play, the
errors of an impossible deal, and the settlement worked out step by step, down to who carries
the extra kopeck.

Every case goes through the CLI with ``--lang ru`` (one through ``LANG=ru_RU.UTF-8``). The
postings are checked by who they are written for and by their note: the note is the families'
text, the rest of the line (the column's name, the amount) is the sheet's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_kit import digests, ok, run

from pulka import i18n
from pulka.families.balkan.family import FAMILY as BALKAN
from pulka.families.russian.family import FAMILY as RUSSIAN

PLAYERS = ("Аня", "Борис", "Вера")
#: the game of tests/test_cli.py: its money (-1.13 1/3, -5.33 1/3, +6.46 2/3) does not divide
GAME = (
    "Аня 6s 6 Борис whist 2 Вера whist 2",
    "Борис 7h 6 Аня whist 4 Вера pass",
    "raspasy Аня 4 Борис 0 Вера 6",
    "Вера misere 0",
    "Вера 6s Аня pass Борис pass",
)


def new_game(tmp_path: Path, *options: object, players: tuple[str, ...] = PLAYERS,
             name: str = "g.pulka") -> Path:
    path = tmp_path / name
    ok("new", path, "--players", *players, *options)
    return path


def written(path: Path, deal: str, *lang: str) -> list[str]:
    """The indented lines `pulka add` prints for a deal: its postings and notes."""
    out = ok(*(lang or ("--lang", "ru")), "add", path, deal).stdout
    return [line.strip() for line in out.splitlines() if line.startswith("  ")]


def assert_postings(lines: list[str], expected: list[tuple[str | None, str]]) -> None:
    """Each line is written for ``who`` (``Аня``, ``Борис → Аня``) and ends with its note; a
    ``who`` of ``None`` stands for a note of the deal, the whole line."""
    assert len(lines) == len(expected), lines
    for line, (who, note) in zip(lines, expected, strict=True):
        if who is None:
            assert line == note
        else:
            assert line.startswith(f"{who} "), (line, who)
            assert line.endswith(f"  ({note})"), (line, note)


def refused(folder: Path, *args: object, message: str, hint: str | None = None) -> None:
    """A command refused in Russian: exit 2, nothing on stdout, every file as it was, and the
    message (after its location) and hint exactly as given."""
    before = digests(folder)
    result = run("--lang", "ru", *args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0].endswith(f": {message}"), lines
    if hint is not None:
        assert len(lines) == 2 and lines[1].endswith(hint), lines
    assert digests(folder) == before


def test_a_made_game_a_lone_whister_and_half_whists_in_russian(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--pulya", "10", "--set", "whist.half=6 7 8")
    assert_postings(written(path, "Аня 6s 7 Борис whist 2 Вера pass"), [
        ("Борис → Аня", "3 взятки защиты на 6♠, вистующий один"),
        ("Борис", "недобор виста на 6♠: защита взяла 3 из 4"),
        ("Аня", "6♠ сыграно"),
    ])
    assert_postings(written(path, "Борис 6h Вера pass Аня half"), [
        ("Аня → Борис", "полвиста на 6♥: 2 взятки × 2"),
        ("Борис", "6♥ без розыгрыша"),
    ])
    # half of a quota of one: a fraction of a trick takes the genitive singular
    assert_postings(written(path, "Вера 8s Аня pass Борис half"), [
        ("Борис → Вера", "полвиста на 8♠: 1/2 взятки × 6"),
        ("Вера", "8♠ без розыгрыша"),
    ])
    assert_postings(written(path, "Аня 7s 7 Борис whist 1 Вера whist 2"), [
        ("Борис → Аня", "1 взятка на 7♠"),
        ("Вера → Аня", "2 взятки на 7♠"),
        ("Аня", "7♠ сыграно"),
    ])


def test_a_failed_game_in_russian(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    assert_postings(written(path, "Аня 6c 4 Борис whist 3 Вера whist 3"), [
        ("Борис → Аня", "3 взятки на 6♣"),
        ("Вера → Аня", "3 взятки на 6♣"),
        ("Аня", "ремиз 6♣, без 2: 2 × 2"),
        ("Борис → Аня", "консоляция: ремиз 6♣, без 2"),
        ("Вера → Аня", "консоляция: ремиз 6♣, без 2"),
    ])


def test_raspasy_their_streak_and_the_exit_in_russian(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    assert_postings(written(path, "raspasy Аня 4 Борис 0 Вера 6"), [
        ("Аня", "распасы №1 по 1: 4 взятки"),
        ("Вера", "распасы №1 по 1: 6 взяток"),
        ("Борис", "распасы №1 по 1: ни одной взятки"),
    ])
    assert_postings(written(path, "raspasy Аня 1 Борис 5 Вера 4"), [
        ("Аня", "распасы №2 по 2: 1 взятка"),
        ("Борис", "распасы №2 по 2: 5 взяток"),
        ("Вера", "распасы №2 по 2: 4 взятки"),
    ])
    shown = [line.strip() for line in ok("--lang", "ru", "show", path).stdout.splitlines()]
    assert "пуля до 20" in shown
    assert "распасов подряд: 2; следующий заказ — не ниже 7; следующие распасы — по 3 за " \
           "взятку" in shown
    refused(tmp_path, "add", path, "Вера 6s 6 Аня whist 2 Борис whist 2",
            message="после 2 распасов подряд заказ не ниже 7, а не 6")


def test_misere_and_a_closed_pulya_helping_in_russian(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--pulya", "10")
    assert_postings(written(path, "Аня misere 2"), [
        ("Аня", "мизер не сыгран: 2 взятки × 10"),
    ])
    assert_postings(written(path, "Борис 6s Вера pass Аня pass"), [
        ("Борис", "6♠ без розыгрыша"),
    ])
    assert_postings(written(path, "Вера misere 0"), [("Вера", "мизер сыгран")])
    # 10 more closes Борис's pulya (8 of them) and helps Аня with the rest (Вера's is closed)
    assert_postings(written(path, "Борис misere 0"), [
        ("Борис", "мизер сыгран: пуля закрыта"),
        ("Аня", "помогает Борис"),
        ("Борис → Аня", "2 очка помощи × 10"),
    ])


def test_the_end_of_the_game_and_a_deal_after_it_in_russian(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    ok("add", path, "Аня 6s 6 Борис whist 2 Вера whist 2")
    out = ok("--lang", "ru", "add", path, "end").stdout
    assert out.splitlines()[-1].endswith(": игроки закончили игру")
    refused(tmp_path, "add", path, "Борис 6s 6 Вера whist 2 Аня whist 2",
            message="игра окончена (игроки закончили игру); сдач больше нет",
            hint="исправить сдачу — `fix N ...`; отменить — `void N`")


@pytest.mark.parametrize(("deal", "message", "hint"), [
    ("Борис 6s 6 Вера whist 2", "Аня: вист, пас или полвиста?", None),
    ("Борис 6s Вера half Аня pass",
     "полвиста говорит только второй по очереди (первый по очереди — Вера)",
     "запишите так: Вера pass Аня half"),
    ("Борис 6s Вера whist Аня half",
     "полвиста говорят только после паса первого (Вера: вист)", None),
    ("Борис 8s Вера pass Аня half",
     "в этой конвенции полвиста на 8 не говорят (можно на: 6, 7)", None),
    ("Борис 6s 6 Вера whist 2 Аня whist 3",
     "в игре взяток в сумме 11, а не 10 (Борис 6 + Вера 2 + Аня 3)", None),
    ("Борис misere Вера whist Аня pass", "мизер не вистуют: пасы и висты не записывают", None),
    ("Борис misere", "Борис: сколько взяток на мизере?", None),
    ("raspasy Вера 4", "не записаны взятки: Аня и Борис",
     "запишите взятки каждого (одного можно пропустить)"),
])
def test_an_impossible_deal_is_refused_in_russian(tmp_path: Path, deal: str, message: str,
                                                  hint: str | None) -> None:
    path = new_game(tmp_path)
    ok("add", path, "Аня 6s 6 Борис whist 2 Вера whist 2")  # Борис deals next: Вера, Аня defend
    refused(tmp_path, "add", path, deal, message=message, hint=hint)


def test_the_dealer_at_four_is_refused_in_russian(tmp_path: Path) -> None:
    path = new_game(tmp_path, players=("Аня", "Борис", "Вера", "Гена"))
    refused(tmp_path, "add", path, "Аня 6s 6 Борис whist 2 Вера whist 2",
            message="Аня сдаёт эту сдачу и вчетвером в ней не играет, заказывать сдающий не "
                    "может")


def test_refe_and_hats_of_the_balkan_family_in_russian(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--convention", "croatian")
    assert_postings(written(path, "allpass"), [
        ("Аня", "все пасовали: рефе"), ("Борис", "все пасовали: рефе"),
        ("Вера", "все пасовали: рефе"),
    ])
    assert_postings(written(path, "Борис d 7 Вера whist 2 Аня whist 1"), [
        ("Борис", "рефе сыгран"),
        ("Борис", "♦ сыграно"),
        ("Вера → Борис", "2 взятки на ♦"),
        ("Аня → Борис", "1 взятка на ♦"),
        ("Аня", "вист: взято 1 из 2 против ♦"),
    ])
    assert_postings(written(path, "Вера h 4 Аня whist 3 Борис whist 3"), [
        ("Вера", "рефе сыгран"),
        ("Вера", "♥: ремиз"),
        ("Аня → Вера", "2 1/2 взятки на ♥"),
        ("Борис → Вера", "2 1/2 взятки на ♥"),
    ])
    assert_postings(written(path, "allpass"), [
        (None, "все пасовали: рефе нет (все рефе на эту пулю уже выданы)"),
    ])
    for deal in ("Борис sans igra Вера pass Аня pass", "Вера c 7 Аня whist 3 Борис pass"):
        ok("add", path, deal)
    assert_postings(written(path, "Борис sans igra Вера pass Аня pass"), [
        ("Борис", "санс без прикупа: оба паса, выиграно без розыгрыша"),
        ("Борис", "ниже 0: шляпа"),
    ])
    shown = [line.strip() for line in ok("--lang", "ru", "show", path).stdout.splitlines()]
    assert "под шляпой: Борис (всеобщий пас рефе не даёт)" in shown
    assert "рефе выдано: 1 из 1" in shown
    refused(tmp_path, "add", path, "Аня 6s Борис whist Вера pass",
            message="6s — не балканский заказ: пишите масть (пики, трефы, бубны, черви), "
                    "беттель или санс (бп — игра без прикупа)")


def _explain(path: Path, *lang: str) -> list[str]:
    """The lines of `settle --explain` before the table of results."""
    out = ok(*lang, "settle", path, "--explain").stdout
    lines = [line.strip() for line in out.splitlines()]
    return lines[:lines.index("")]


def test_settle_explain_in_russian_down_to_the_kopeck(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--pulya", "10", "--price", "0.10")
    for deal in GAME:
        ok("add", path, deal)
    assert _explain(path, "--lang", "ru") == [
        "1. Недобор в пуле переводится в гору",
        "Аня: гора 4 + (10 − пуля 4) × 10/10 = 10",
        "Борис: гора 4 + (10 − пуля 1) × 10/10 = 13",
        "Вера: гора 6 + (10 − пуля 10) × 10/10 = 6",
        "2. Амнистия",
        "самая маленькая гора — 6; она списывается со всех гор",
        "Аня: 4", "Борис: 7", "Вера: 0",
        "3. Гора в висты",
        "гора × 10 ÷ 3: столько вистов каждый из остальных пишет на её хозяина",
        "Аня: 4 × 10 ÷ 3 = 13 1/3 от каждого из остальных",
        "Борис: 7 × 10 ÷ 3 = 23 1/3 от каждого из остальных",
        "Вера: 0 × 10 ÷ 3 = 0 от каждого из остальных",
        "4. Висты сводятся попарно",
        "Аня – Борис: 43 1/3 − 17 1/3: 26 → Аня",
        "Аня – Вера: 0 − 37 1/3: 37 1/3 → Вера",
        "Борис – Вера: 0 − 27 1/3: 27 1/3 → Вера",
        "5. Итог в вистах",
        "Аня: -11 1/3", "Борис: -53 1/3", "Вера: +64 2/3",
        "сумма: 0",
        "6. Деньги по 0,10 за вист, с точностью до копейки",
        "Аня: -11 1/3 × 0,10 = -113 1/3 копейки, с округлением вниз -1,14",
        "Борис: -53 1/3 × 0,10 = -533 1/3 копейки, с округлением вниз -5,34",
        "Вера: +64 2/3 × 0,10 = 646 2/3 копейки, с округлением вниз +6,46",
        "после округления вниз сумма -0,02: не хватает 2 копеек",
        "их получают по одной те, у кого больше остатки (доли копейки, отброшенные "
        "округлением), при равных — кто раньше по порядку мест",
        "Аня: лишняя копейка (остаток 2/3 копейки): -1,13",
        "Борис: лишняя копейка (остаток 2/3 копейки): -5,33",
        "Вера: остаток тот же (2/3 копейки), но позже по порядку мест: остаётся +6,46",
        "сумма: 0,00",
    ]


def test_settle_explain_says_who_carries_the_extra_cent_and_why(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--pulya", "10", "--price", "0.10")
    for deal in GAME:
        ok("add", path, deal)
    lines = _explain(path)
    assert lines[lines.index("6. The money at 0.10 a whist, to the cent"):] == [
        "6. The money at 0.10 a whist, to the cent",
        "Аня: -11 1/3 × 0.10 = -113 1/3 cents, rounded down to -1.14",
        "Борис: -53 1/3 × 0.10 = -533 1/3 cents, rounded down to -5.34",
        "Вера: +64 2/3 × 0.10 = 646 2/3 cents, rounded down to +6.46",
        "rounded down, the money adds up to -0.02: 2 cents are missing",
        "they go one each to the largest remainders (the parts of a cent rounding down took "
        "off), ties in seating order",
        "Аня carries an extra cent (remainder 2/3 of a cent): -1.13",
        "Борис carries an extra cent (remainder 2/3 of a cent): -5.33",
        "Вера: the same remainder (2/3 of a cent), but later in seating order: stays +6.46",
        "sum: 0.00",
    ]
    # the money the table prints is the money the steps end on
    out = ok("settle", path).stdout
    assert "Борис pays Вера 5.33" in out and "Аня pays Вера 1.13" in out


#: ten deals of samples/rostov-3.pulka: the shared raspasy make sixths of a whist
ROSTOV = (
    "Аня 6s 6 Борис whist 2 Вера whist 2", "raspasy Аня 3 Борис 5 Вера 2",
    "raspasy Аня 2 Борис 2 Вера 6", "Борис 6c 7 Вера whist 2 Аня whist 1",
    "Вера 7h 6 Аня whist 3 Борис pass 1", "raspasy Аня 0 Борис 4 Вера 6",
    "Аня 7nt 8 Борис pass 1 Вера whist 1", "Борис 8d Вера pass Аня pass",
    "Аня 6d 8 Борис whist 1 Вера pass 1", "raspasy Аня 1 Борис 1 Вера 8",
)


def test_the_largest_remainder_carries_the_cent_before_the_seating_order(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--convention", "rostov", "--pulya", "20", "--price", "0.01")
    for deal in ROSTOV:
        ok("add", path, deal)
    lines = _explain(path)
    money = lines[lines.index("6. The money at 0.01 a whist, to the cent"):]
    assert money == [
        "6. The money at 0.01 a whist, to the cent",
        "Аня: +113 1/6 × 0.01 = 113 1/6 cents, rounded down to +1.13",
        "Борис: +45 1/6 × 0.01 = 45 1/6 cents, rounded down to +0.45",
        "Вера: -158 1/3 × 0.01 = -158 1/3 cents, rounded down to -1.59",
        "rounded down, the money adds up to -0.01: 1 cent is missing",
        "it goes to the largest remainder (the part of a cent rounding down took off), ties in "
        "seating order",
        "Аня: a smaller remainder (1/6 of a cent): stays +1.13",
        "Борис: a smaller remainder (1/6 of a cent): stays +0.45",
        "Вера carries an extra cent (remainder 2/3 of a cent): -1.58",
        "sum: 0.00",
    ]
    ru = _explain(path, "--lang", "ru")
    assert ru[ru.index("6. Деньги по 0,01 за вист, с точностью до копейки") + 4:] == [
        "после округления вниз сумма -0,01: не хватает 1 копейки",
        "её получает тот, у кого больше остаток (доля копейки, отброшенная округлением), при "
        "равных — кто раньше по порядку мест",
        "Аня: остаток меньше (1/6 копейки): остаётся +1,13",
        "Борис: остаток меньше (1/6 копейки): остаётся +0,45",
        "Вера: лишняя копейка (остаток 2/3 копейки): -1,58",
        "сумма: 0,00",
    ]


def test_whole_cents_need_no_rounding(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--pulya", "10", "--price", "0.03")
    for deal in GAME:
        ok("add", path, deal)
    lines = _explain(path, "--lang", "ru")
    assert lines[lines.index("6. Деньги по 0,03 за вист, с точностью до копейки"):] == [
        "6. Деньги по 0,03 за вист, с точностью до копейки",
        "Аня: -11 1/3 × 0,03 = -0,34",
        "Борис: -53 1/3 × 0,03 = -1,60",
        "Вера: +64 2/3 × 0,03 = +1,94",
        "все суммы — в целых копейках: округлять нечего",
        "сумма: 0,00",
    ]


def test_the_json_keeps_its_steps_and_no_price_means_no_money_step(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--pulya", "10", "--set", "price=none")
    for deal in GAME:
        ok("add", path, deal)
    assert _explain(path)[-1] == "sum: 0"
    priced = new_game(tmp_path, "--pulya", "10", "--price", "0.10", name="p.pulka")
    for deal in GAME:
        ok("add", priced, deal)
    data = json.loads(ok("settle", priced, "--json", "--explain").stdout)
    assert [s["step"][:2] for s in data["explain"]] == ["1.", "2.", "3.", "4.", "5."]


def test_the_locale_alone_makes_the_postings_russian(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pulka.cli import cli

    path = new_game(tmp_path)
    ok("add", path, "Аня 6c 4 Борис whist 3 Вера whist 3")
    result = CliRunner().invoke(cli, ["show", str(path), "--deals"],
                                env={"LANG": "ru_RU.UTF-8"})
    assert result.exit_code == 0, result.stderr
    assert _noted(result.stdout) == ["3 взятки на 6♣", "3 взятки на 6♣", "ремиз 6♣, без 2: 2 × 2",
                                     "консоляция: ремиз 6♣, без 2", "консоляция: ремиз 6♣, без 2"]
    assert "пуля до 20" in [line.strip() for line in result.stdout.splitlines()]


def test_one_process_speaks_both_languages_deal_after_deal(tmp_path: Path) -> None:
    """The notes of a game are kept (cached) for the next deal alike: in the language they
    were asked in."""
    path = new_game(tmp_path)
    english = written(path, "Аня 6s 7 Борис whist 2 Вера pass", "--lang", "en")
    assert english[0].endswith("  (3 defence tricks on 6♠, alone)")
    russian = ["3 взятки защиты на 6♠, вистующий один",
               "недобор виста на 6♠: защита взяла 3 из 4", "6♠ сыграно"]
    assert _noted(ok("--lang", "ru", "show", path, "--deals").stdout) == russian
    assert _noted(ok("--lang", "en", "show", path, "--deals").stdout) == [
        "3 defence tricks on 6♠, alone", "whist shortfall on 6♠: defence took 3 of 4",
        "6♠ made"]
    assert _noted(ok("--lang", "ru", "show", path, "--deals").stdout) == russian


def test_the_families_names_of_columns_are_marked_for_the_catalogs() -> None:
    """What a renderer shows of a family (Presentation, Term) is English marked with N_:
    ``i18n.translated`` gives the players' words."""
    i18n.use("ru")
    try:
        russian = RUSSIAN.presentation
        balkan = BALKAN.presentation
        assert [i18n.translated(c) for c in russian.columns] == ["пуля", "гора"]
        assert i18n.translated(russian.pair) == "висты"
        assert [i18n.translated(t.column) for t in russian.terms] == ["пуля", "гора"]
        assert [i18n.translated(c) for c in balkan.columns] == ["були", "рефе", "шляпы"]
        assert {k: i18n.translated(v) for k, v in balkan.labels.items()} == {
            "refe": "рефе", "hats": "шляпы"}  # (the bule are headed by their own name)
        assert i18n.translated(balkan.pair) == "супе"
        assert [i18n.translated(t.column) for t in balkan.terms] == ["були"]
    finally:
        i18n.use("en")
    assert russian.columns == ("pulya", "gora") and balkan.pair == "supe"  # still the keys


def test_russian_counts_take_three_forms() -> None:
    from fractions import Fraction

    from pulka.families.russian.pulya import points_text
    from pulka.families.tricks import tricks_text

    i18n.use("ru")
    try:
        assert [tricks_text(n) for n in (1, 2, 5, 11, 21, 22)] == [
            "1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки"]
        assert tricks_text(Fraction(5, 2)) == "2 1/2 взятки"
        assert [points_text(n) for n in (1, 3, 6, Fraction(1, 2))] == [
            "1 очко", "3 очка", "6 очков", "1/2 очка"]
    finally:
        i18n.use("en")
    assert [tricks_text(n) for n in (1, 2, Fraction(1, 2))] == ["1 trick", "2 tricks",
                                                                "1/2 tricks"]


def _noted(text: str) -> list[str]:
    return re.findall(r"  \((.*)\)$", text, flags=re.M)


@pytest.mark.parametrize(("deal", "message"), [
    ("{declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 2, C: 2}, "
     "fell: [B]}", "'fell' is said only at a Balkan table that writes who fell (quota: table)"),
    ("{raspasy: {A: 3, B: 3, C: 4}, looked: [B]}", "'looked' is said only of a dark raspasy")])
def test_a_word_the_russian_rules_do_not_read_is_refused(tmp_path, deal, message):
    """fell (a Balkan table's word) and looked (of a dark raspasy) were dropped without a
    word, and a vector that said them passed as written."""
    path = tmp_path / "v.yaml"
    path.write_text(f"title: t\nconvention: sochi\nplayers: [A, B, C]\ndeals:\n  - {deal}\n"
                    "expect:\n  finished: false\n", encoding="utf-8")
    result = run("verify", path)
    assert result.exit_code == 2 and f"deal 1: {message}" in result.stderr, result.stderr
