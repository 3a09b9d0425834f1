"""The PDF sheet agrees with itself (issue 14): one sign for the bule, the results table on
page 1, blank sheets with the fields their game needs, running totals that read one way, long
games on continuation sheets, every page in the players' language.

Every case goes through the CLI (``pulka export``/``pulka blank``) and reads the pages back
with pypdf; the samples are never changed.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_kit import LONG_NAMES, digests, long_names_game, ok

pypdf = pytest.importorskip("pypdf")

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"


def pages(path: Path) -> list[str]:
    """The text of each page of a PDF file."""
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages]


def export(tmp_path: Path, sample: str, *more: str) -> list[str]:
    """Export a sample's PDF and return its pages' text; the samples stay as they were."""
    before = digests(SAMPLES)
    out = tmp_path / f"{sample}.pdf"
    ok("export", SAMPLES / f"{sample}.pulka", "--pdf", out, *more)
    assert digests(SAMPLES) == before
    return pages(out)


# --- 1. the bule with the paper's sign ----------------------------------------------------------


def test_the_balkan_sheet_its_table_and_its_deals_write_the_bule_one_way(tmp_path: Path) -> None:
    sheet, rest = export(tmp_path, "croatian-3")
    column = sheet.split("\n")
    assert "+16" in column and "−30" in column  # A ends 16 past zero; C is back at the start
    lines = rest.split("\n")
    assert any(line.split()[:2] == ["A", "+16"] for line in lines), lines
    assert any(line.split()[:2] == ["C", "−30"] for line in lines), lines
    assert "C bule +6  (♦ made)" in rest and "A bule -8  (♥ down)" in rest
    assert "A: +16 + 0 = +16" in rest


def test_settle_json_keeps_the_debt_left_and_says_so() -> None:
    data = json.loads(ok("settle", SAMPLES / "croatian-3.pulka", "--json").stdout)
    assert data["bule"] == {"A": -16, "B": -14, "C": 30}  # the contract's numbers, unchanged
    assert data["bule_sign"] == "left_to_play"


def test_the_workbook_writes_the_bule_as_the_paper(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "c.xlsx"
    ok("export", SAMPLES / "croatian-3.pulka", "--xlsx", out)
    ws = openpyxl.load_workbook(out)["Sheet"]
    rows = {ws.cell(row=r, column=1).value: ws.cell(row=r, column=2).value for r in range(5, 8)}
    assert rows == {"A": 16, "B": 14, "C": -30}


def blank(tmp_path: Path, *args: str) -> str:
    """A blank sheet through the CLI, in Russian; its one page's text."""
    out = tmp_path / "blank.pdf"
    ok("blank", out, *args, "--force", "--lang", "ru")
    (text,) = pages(out)
    return text


# --- 2. the results table on page 1 -------------------------------------------------------------


@pytest.mark.parametrize("sample, rows", [
    ("sochi-3", (["Аня", "20", "64", "+12", "+165 1/3", "+16,54"],
                 ["Вера", "20", "95", "+24", "−132 2/3", "−13,27"])),
    ("gusarik-2", (["Аня", "20", "17", "+92", "+282", "+28,20"],)),
])
def test_page_one_of_a_small_table_has_the_results_table(tmp_path: Path, sample, rows) -> None:
    sheet = "|".join(export(tmp_path, sample, "--lang", "ru")[0].split("\n"))  # one cell a line
    assert "|расчёт|пуля|гора|висты ±|итог|деньги|" in sheet
    for row in rows:
        assert "|" + "|".join(row) + "|" in sheet, (row, sheet)


# --- 3. blank sheets with the fields their game needs -------------------------------------------


def test_a_classic_blank_for_three_has_bombs_raspasy_played_and_the_robber(tmp_path: Path) -> None:
    text = blank(tmp_path, "--convention", "classic")
    for word, count in (("бомбы", 3), ("распасы", 3), ("сыграно", 3), ("разбойник", 3),
                        ("круги распасов", 3), ("расчёт", 1)):
        assert text.count(word) == count, (word, text)
    assert "^ бомба, ^^ двойная, ^^^ ёлка" in text and "✓ погашена" in text


@pytest.mark.parametrize("players", ["3", "4"])
def test_a_sochi_blank_has_no_bombs_anywhere(tmp_path: Path, players: str) -> None:
    text = blank(tmp_path, "--convention", "sochi", "--players", players)
    assert "бомб" not in text and "разбойник" not in text and "‖ пуля закрыта" in text
    assert ("распасы" in text) == (players == "4")  # the outer ring of four players


def test_a_blank_takes_the_conventions_table_size(tmp_path: Path) -> None:
    assert blank(tmp_path, "--convention", "gusarik").count("на соперника") == 2
    assert blank(tmp_path, "--convention", "croatian").count("буле") == 3


def test_a_blank_for_a_table_the_convention_does_not_play_is_refused(tmp_path: Path) -> None:
    from cli_kit import refused

    refused(tmp_path, "blank", tmp_path / "x.pdf", "--convention", "croatian", "--players", "4",
            needles=("Croatian", "played by 3 players", "no sheet for 4", "--players"))
    assert not (tmp_path / "x.pdf").exists()


def test_the_filled_classic_sheet_writes_bombs_and_the_robber_in_their_own_fields(tmp_path: Path) -> None:
    sheet = export(tmp_path, "classic-3", "--lang", "ru")[0]
    assert "бомбы:" not in sheet  # never squeezed into the gora band
    assert sheet.count("бомбы") == 3 and sheet.count("сыграно") == 3
    assert sheet.count("разбойник") == 3


# --- 4. running totals that read one way --------------------------------------------------------


def test_a_fraction_is_one_glyph_joined_to_its_total(tmp_path: Path) -> None:
    sheet = export(tmp_path, "rostov-3")[0].replace("\n", "")
    assert "10.18.22.52.69½.77½.81½.93½.99½.129½.139½.142" in sheet
    assert " 1/2." not in sheet


def test_the_flag_stands_only_on_a_zero(tmp_path: Path) -> None:
    sheet = export(tmp_path, "classic-3")[0].replace("\n", "")
    assert "−1.3.0⚑.−5" in sheet  # Борис's gora written off to 0
    assert "−1.1.−1.5" in sheet and "−1⚑" not in sheet  # Аня's went from 1 to −1: no flag


# --- 5. long games on continuation sheets; tables that break repeat their heading ---------------


def sizes_by_page(path: Path) -> list[set[float]]:
    """The font sizes of the text on each page."""
    out = []
    for page in pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages:
        found: set[float] = set()

        def visit(text, cm, tm, font, size, found=found):
            if text.strip():
                found.add(round(size * (tm[0] ** 2 + tm[1] ** 2) ** 0.5, 2))

        page.extract_text(visitor_text=visit)
        out.append(found)
    return out


def long_game(tmp_path: Path, deals: int, *, balkan: bool = False) -> Path:
    """A long legal game written by the CLI's `new` and a generated journal (never committed)."""
    path = tmp_path / ("balkan.pulka" if balkan else "long.pulka")
    players = ("A", "B", "C") if balkan else ("Аня", "Борис", "Вера")
    if balkan:
        ok("new", path, "--players", *players, "--convention", "croatian", "--set", "start=3000")
    else:
        ok("new", path, "--players", *players, "--pulya", "1000000", "--set", "end=manual")
    lines = []
    for n in range(1, deals + 1):
        a, b, c = (players[(n + k) % 3] for k in range(3))
        if balkan:
            lines.append(f"{n}. {a} {'dhc'[n % 3]} {6 + n % 4} {b} whist {(4 - n % 4) // 2} {c} whist "
                         f"{4 - n % 4 - (4 - n % 4) // 2}")
        elif n % 4 == 0:
            lines.append(f"{n}. raspasy {a} {n % 5} {b} {(n * 7) % (11 - n % 5)} {c} "
                         f"{10 - n % 5 - (n * 7) % (11 - n % 5)}")
        else:
            lines.append(f"{n}. {a} {6 + n % 3}{'schd'[n % 4]} {6 + n % 3} {b} whist 2 {c} whist "
                         f"{4 - n % 3 - 2}")
    with path.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    ok("check", path)
    return path


def test_a_long_game_goes_on_continuation_sheets_never_below_6_points(tmp_path: Path) -> None:
    journal = long_game(tmp_path, 557)
    out = tmp_path / "long.pdf"
    ok("export", journal, "--pdf", out)
    texts = pages(out)
    sheets = [k for k, text in enumerate(texts) if "sheet " in text.split("\n")[2]]
    assert len(sheets) >= 2 and sheets == list(range(len(sheets)))  # the sheets come first
    sizes = sizes_by_page(out)
    for k in sheets:
        assert min(sizes[k]) >= 6.0, (k, sorted(sizes[k]))
    assert f"sheet 1 of {len(sheets)}: deals 1–" in texts[0]
    assert f"sheet {len(sheets)} of {len(sheets)}: deals " in texts[len(sheets) - 1]
    assert "557" in texts[len(sheets) - 1].split("\n")[2]
    assert texts[len(sheets)].startswith("Deals and settlement")
    assert f"{len(sheets) + 1}/{len(texts)}" in texts[len(sheets)]


def test_a_continuation_sheet_starts_each_column_with_the_total_carried_over(tmp_path: Path) -> None:
    from pulka.gamefile import open_game
    from pulka.render.running_totals import build_history
    from pulka.render.russian.pdf_fill import marker
    from pulka.settlement.figures import build

    journal = long_game(tmp_path, 557)
    out = tmp_path / "long.pdf"
    ok("export", journal, "--pdf", out)
    texts = pages(out)
    head = texts[1].split("\n")[2]
    first = int(head.split("deals ")[-1].split("–")[0])
    game, _ = open_game(journal)
    _, _, _, steps = build(game)
    history = build_history(game.table.players, steps, mark=marker(game.table.convention["pulya"]))
    gora = history.columns["Вера"]["gora"].entries
    before = [total for deal, total in gora if deal < first][-1]
    after = next(total for deal, total in gora if deal >= first)
    assert f"{before}.{after}" in texts[1].replace("\n", "")


def test_the_balkan_columns_of_a_long_game_write_one_total_a_line(tmp_path: Path) -> None:
    journal = long_game(tmp_path, 350, balkan=True)
    out = tmp_path / "balkan.pdf"
    ok("export", journal, "--pdf", out)
    texts = pages(out)
    sheets = [text for text in texts if "sheet " in text.split("\n")[2]]
    assert len(sheets) >= 2
    sizes = sizes_by_page(out)
    for k, text in enumerate(sheets):
        assert min(sizes[k]) >= 6.0
        numbers = [line for line in text.split("\n")[3:] if line[:1] in "−+0123456789"]
        assert numbers and all(" " not in line.strip() for line in numbers), numbers
    assert "−3000" in sheets[0].split("\n")  # the start, then the bule carried from sheet to sheet


def test_the_settlement_table_is_not_parted_from_its_heading(tmp_path: Path) -> None:
    texts = export(tmp_path, "serbian-3")
    for text in texts[1:]:
        lines = text.split("\n")
        for name in ("Marko", "Jelena", "Nikola"):
            rows = [k for k, line in enumerate(lines) if line.startswith(name + " ") and "%" not in line
                    and line.split()[1][:1] in "+−0123456789"]
            for k in rows:
                assert any(line.startswith("player") for line in lines[:k]), (name, lines)


def losing_game(tmp_path: Path, deals: int, players: tuple[str, ...]) -> Path:
    """A long Sochi game in which Константин mostly declares and goes down, so his gora grows
    (four players: the dealer sits out); written by the CLI's `new` and a generated journal."""
    path = tmp_path / f"losing-{len(players)}.pulka"
    ok("new", path, "--players", *players, "--convention", "sochi", "--pulya", "1000000",
       "--set", "end=manual")
    n_players = len(players)
    lines = []
    for n in range(1, deals + 1):
        first = (n - 1) % n_players + (1 if n_players == 4 else 0)  # who sits after the dealer
        a, b, c = (players[(first + k) % n_players] for k in range(3))
        if n % 5 == 0:
            lines.append(f"{n}. raspasy {a} 0 {b} {(n * 7) % 11} {c} {10 - (n * 7) % 11}")
            continue
        declarer = "Константин" if "Константин" in (a, b, c) and n % 3 else a
        x, y = (p for p in (a, b, c) if p != declarer)
        level = 6 + n % 3
        taken = level - 1 - n % 2 if n % 7 else level
        lines.append(f"{n}. {declarer} {level}{'schd'[n % 4]} {taken} {x} whist 2 {y} whist "
                     f"{max(8 - taken, 0)}")
    with path.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    ok("check", path)
    return path


def placed_text(path: Path, page: int = 0) -> list[tuple[str, float, float, tuple[float, float]]]:
    """The text drawn on a page: (text, x, y in points, the direction its lines run)."""
    found = []

    def visit(text, cm, tm, font, size):
        if not text.strip():
            return
        a, b, c, d, e, f = cm
        x, y = tm[4] * a + tm[5] * c + e, tm[4] * b + tm[5] * d + f
        run = (round(tm[0] * a + tm[1] * c, 3), round(tm[0] * b + tm[1] * d, 3))
        found.append((text, x, y, run))

    pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages[page].extract_text(visitor_text=visit)
    return found


def test_a_side_players_rings_run_on_into_the_top_readable_from_his_seat(tmp_path: Path) -> None:
    from pulka.render.pdf.geometry import Geometry3, mm

    journal = losing_game(tmp_path, 400, ("Аня", "Борис", "Константин"))
    out = tmp_path / "long.pdf"
    ok("export", journal, "--pdf", out)
    rects = Geometry3().ring_rects()  # the sheet, inside the whists, the pulya, the gora
    top, bottom = rects[1][3] * mm, rects[3][3] * mm  # the pulya and gora bands at the top
    left, right = rects[0][0] * mm, rects[0][2] * mm
    middle = (left + right) / 2
    there = [(text, x, run) for text, x, y, run in placed_text(out) if bottom < y < top]
    upside_down = [text for text, _, run in there if run[0] < -0.5]
    assert upside_down == []  # nobody sits at the top: written for the seat beside it
    # Константин's totals (on the right) run on into the top
    assert len([text for text, x, _ in there if x > middle + 2 and text[:1].isdigit()]) > 4, there
    # the left player reads down the page on his half, the right one up it on his
    assert all(run == (0.0, -1.0) for _, x, run in there if x < middle - 2), there
    assert all(run == (0.0, 1.0) for _, x, run in there if x > middle + 2), there
    assert min(sizes_by_page(out)[0]) >= 6.0


def totals_row(text: str, name: str) -> list[str]:
    """A player's row of the totals table under a sheet, one cell a field."""
    lines = text.split("\n")
    k = max(k for k, line in enumerate(lines) if line == name)
    return lines[k + 1:k + 5]


def test_each_sheet_of_a_long_game_has_its_own_totals_under_it(tmp_path: Path) -> None:
    from pulka.numbers import signed

    players = ("Аня", "Константин", "Вера", "Глеб")
    journal = losing_game(tmp_path, 400, players)
    out = tmp_path / "long.pdf"
    ok("export", journal, "--pdf", out)
    texts = pages(out)
    sheets = [text for text in texts if "sheet " in text.split("\n")[2]]
    assert len(sheets) >= 3
    for k, size in enumerate(sizes_by_page(out)[:len(sheets)]):
        assert min(size) >= 6.0, (k, sorted(size))
    written = journal.read_text(encoding="utf-8").split("\n")
    header = [line for line in written if line[:1] not in "123456789"]
    deals = [line for line in written if line[:1] in "123456789"]
    for k, text in enumerate(sheets):
        last = int(text.split("\n")[2].split("–")[-1])
        if k < len(sheets) - 1:  # the totals as they stood after the sheet's last deal
            assert "after deal " + str(last) in text and "settlement" not in text
            cut = tmp_path / f"after-{last}.pulka"
            cut.write_text("\n".join(header + deals[:last]) + "\n", encoding="utf-8")
        else:
            assert last == 400 and "settlement" in text and "after deal" not in text
            cut = journal
        then = json.loads(ok("settle", cut, "--json").stdout)
        for name in players:
            pulya, gora, _whists, result = totals_row(text, name)
            assert (pulya, gora) == (str(then["pulya"][name]), str(then["gora"][name])), (k, name)
            assert result == signed(Fraction(then["result"][name])), (k, name)
    first = totals_row(sheets[0], "Константин")
    assert first != totals_row(sheets[-1], "Константин")  # sheet 1 is not the final totals


# --- titles and names too long for a line: shortened the way people would, never cut --------


#: per sample: its title on the sheet (set smaller where that is enough), and in the deals
#: pages' heading (after "Deals and settlement — "), in each language
TITLES = {
    "en": (("Illustrated, Bettel and Sans Atout",) * 2,
           ("Австрийский, неограниченный банк (Austrian, unlimited pot)", "Austrian, unlimited pot"),
           ("Иллюстрированный, только беттель (Illustrated, Bettel only)", "Illustrated, Bettel only")),
    "ru": (("Иллюстрированный, беттель и без козыря",) * 2,
           ("Австрийский, неограниченный банк (Austrian, unlimited pot)",
            "Австрийский, неограниченный банк"),
           ("Иллюстрированный, только беттель (Illustrated, Bettel only)",
            "Иллюстрированный, только беттель")),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_long_convention_title_is_named_in_the_players_language_not_cut(tmp_path: Path,
                                                                         lang: str) -> None:
    for sample, (title, named) in zip(("illustrated-6-3", "austrian-unlimited-3", "illustrated-5-4"),
                                      TITLES[lang], strict=True):
        texts = export(tmp_path, sample, "--lang", lang)
        assert texts[0].split("\n")[0] == title, sample
        headings = [text.split("\n")[0] for text in texts[1:]]
        assert headings and all(heading.endswith(" — " + named) for heading in headings), headings


@pytest.mark.parametrize("lang, alone", [("en", "Illustrated, Bettel only"),
                                         ("ru", "Иллюстрированный, только беттель")])
def test_a_title_in_two_languages_and_one_that_is_not(lang: str, alone: str) -> None:
    from pulka import i18n
    from pulka.render.words import title_alone

    i18n.use(lang)  # (the autouse fixture speaks English again after the test)
    assert title_alone("Иллюстрированный, только беттель (Illustrated, Bettel only)") == alone
    assert title_alone("Скачки (5 по 20)") is None  # one name, both parts in one language
    assert title_alone("Friday at Oleg's") is None


def test_thirty_letter_names_leave_the_subtitle_its_deals_and_state(tmp_path: Path) -> None:
    names = LONG_NAMES
    journal = long_names_game(tmp_path)
    out = tmp_path / "names.pdf"
    ok("export", journal, "--pdf", out, "--lang", "ru")
    subtitle = [line for line in pages(out)[0].split("\n") if "пуля 20" in line]
    assert len(subtitle) == 1 and "…" in subtitle[0]
    people, rest = subtitle[0].split(" — ", 1)
    assert rest == "пуля 20 — сдач: 1 — игра идёт"  # the deals and the state whole
    forms = people.split(" · ")
    assert len(set(forms)) == 3 and all(form[:5] == name[:5] for form, name in zip(forms, names,
                                                                                   strict=True))


# --- 6. every page in the players' language; names the font cannot draw ------------------------


def test_names_the_font_cannot_draw_are_named_in_a_warning_not_drawn_as_boxes(tmp_path: Path) -> None:
    journal = tmp_path / "cjk.pulka"
    ok("new", journal, "--players", "王明", "Аня", "李华")
    ok("add", journal, "王明", "6s", "6", "Аня", "whist", "2", "李华", "whist", "2")
    before = digests(tmp_path)
    result = ok("export", journal, "--pdf", tmp_path / "cjk.pdf")
    assert result.stdout == f"wrote {tmp_path / 'cjk.pdf'}\n"
    assert result.stderr.splitlines() == [
        "warning: the PDF's font has no 王明 (in '王明'): the name is written '??1'; "
        "--font PATH gives a font that has them",
        "warning: the PDF's font has no 李华 (in '李华'): the name is written '??3'; "
        "--font PATH gives a font that has them"]
    assert set(digests(tmp_path)) - set(before) == {str(tmp_path / "cjk.pdf")} and all(
        digests(tmp_path)[k] == v for k, v in before.items())
    texts = pages(tmp_path / "cjk.pdf")
    for text in texts:
        assert "王" not in text and "李" not in text
    assert "??1 · Аня · ??3" in texts[0] and "on ??3" in texts[0]
    assert "??1 6♠ 6 Аня whist 2 ??3 whist 2" in texts[1]
    russian = ok("export", journal, "--pdf", tmp_path / "cjk.pdf", "--force", "--lang", "ru")
    assert russian.stderr.splitlines()[0] == (
        "предупреждение: в шрифте PDF нет 王明 (в имени '王明'): имя записано как '??1'; "
        "--font PATH — шрифт, в котором они есть")


def test_a_blank_with_such_names_warns_too(tmp_path: Path) -> None:
    result = ok("blank", tmp_path / "b.pdf", "--players", "Аня", "Bo王", "Вера")
    assert result.stderr == ("warning: the PDF's font has no 王 (in 'Bo王'): the name is written "
                             "'Bo?'; --font PATH gives a font that has them\n")
    (text,) = pages(tmp_path / "b.pdf")
    assert "on Bo?" in text


def test_a_drawable_name_gives_no_warning(tmp_path: Path) -> None:
    result = ok("export", SAMPLES / "sochi-3.pulka", "--pdf", tmp_path / "s.pdf")
    assert result.stderr == ""
