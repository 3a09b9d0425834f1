"""The Deals tab: every row carries its deal's number, dealer, text and journal line (so a
filter keeps them); the lines a fix replaced and the voided deals are listed, marked; the
amount and the reason are separate padded columns."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from cli_kit import digests, long_names_game, ok
from conftest import ROOT

DEALS = ["Аня 6s 6 Борис whist 2 Вера whist 2",
         "Борис 7h 6 Вера whist 3 Аня pass",
         "Вера 6d 6 Аня whist 2 Борис whist 2",
         "Аня 6c 7 Борис whist 2 Вера pass"]


def corrected_game(tmp_path: Path) -> Path:
    """Four deals; deal 2 fixed twice, deal 3 voided (journal lines 2 to 8 of the body)."""
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера", "--convention", "sochi")
    for deal in DEALS:
        ok("add", game, deal)
    ok("fix", game, "2", "Борис 7h 7 Вера whist 2 Аня pass")
    ok("void", game, "3")
    ok("fix", game, "2", "Борис 7h 7 Вера whist 1 Аня pass")
    return game


def line_of(game: Path, start: str) -> tuple[int, str]:
    """The number of the journal line that starts so, and its deal's text as written."""
    for number, line in enumerate(game.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith(start):
            words = line.split(" ", 2 if line.startswith(("fix ", "void ")) else 1)
            return number, words[-1]
    raise AssertionError(start)


def rows_of(out: Path, tab: str = "Deals") -> list[tuple]:
    return list(openpyxl.load_workbook(out)[tab].iter_rows(min_row=2, values_only=True))


def test_voided_and_corrected_deals_are_listed_and_marked(tmp_path: Path) -> None:
    game = corrected_game(tmp_path)
    before = digests(tmp_path)
    out = tmp_path / "g.xlsx"
    ok("export", game, "--xlsx", out)
    assert {k: v for k, v in digests(tmp_path).items() if k != str(out)} == before
    rows = rows_of(out)
    assert all(r[0] and r[1] and r[2] and r[3] for r in rows)  # number, dealer, text, line
    by_deal: dict[int, list[tuple]] = {}
    for r in rows:
        by_deal.setdefault(r[0], []).append(r)
    assert list(by_deal) == [1, 2, 3, 4]
    first, first_text = line_of(game, "2. ")
    fixed_once, once_text = line_of(game, "fix 2 Борис 7h 7 Вера whist 2")
    fixed_twice, twice_text = line_of(game, "fix 2 Борис 7h 7 Вера whist 1")
    voided = line_of(game, "void 3")[0]
    two = by_deal[2]
    assert two[0][2:] == (first_text, first, "replaced", None, None, None, None,
                          f"replaced by line {fixed_once}")
    assert two[1][2:5] == (once_text, fixed_once, "replaced")
    assert two[1][9] == f"replaced by line {fixed_twice}"
    in_force = two[2:]
    assert {r[3:5] for r in in_force} == {(fixed_twice, "corrected")}
    assert {r[2] for r in in_force} == {twice_text}
    assert {r[1] for r in two} == {"Борис"}  # Борис dealt deal 2 (Аня the first)
    assert [r[8] for r in in_force if r[6] == "pulya"] == [4]  # 7♥ made
    (three,) = by_deal[3]
    number, text = line_of(game, "3. ")
    assert three[2:] == (text, number, "voided", None, None, None, None,
                         f"voided on line {voided}")
    assert three[1] == "Вера"  # the dealer it would have now: deal 4 is dealt by Вера
    assert {r[1] for r in by_deal[4]} == {"Вера"} and {r[4] for r in by_deal[4]} == {None}
    ws = openpyxl.load_workbook(out)["Deals"]
    assert ws.auto_filter.ref == f"A1:J{ws.max_row}"


def test_the_marks_in_russian(tmp_path: Path) -> None:
    game = corrected_game(tmp_path)
    out = tmp_path / "g.xlsx"
    ok("--lang", "ru", "export", game, "--xlsx", out)
    rows = rows_of(out, "Сдачи")
    assert {r[4] for r in rows} == {None, "заменена", "исправлена", "отменена"}
    voided = next(r for r in rows if r[4] == "отменена")
    assert voided[9] == f"отменена в строке {line_of(game, 'void 3')[0]}"
    assert any(r[9] and r[9].startswith("заменена строкой ") for r in rows)
    head = [c.value for c in openpyxl.load_workbook(out)["Сдачи"][1]]
    assert head[3:5] == ["строка журнала", "отметка"]


def test_a_filter_on_a_player_keeps_the_deal_of_every_row(tmp_path: Path) -> None:
    """What a filter on the player column leaves still says which deal, dealt by whom."""
    out = tmp_path / "g.xlsx"
    ok("export", ROOT / "samples" / "sochi-3.pulka", "--xlsx", out)
    rows = rows_of(out)
    kept = [r for r in rows if r[5] == "Вера" and r[6] == "whists"]
    assert kept and all(isinstance(r[0], int) and r[1] and r[2] and r[3] for r in kept)
    first = next(r for r in rows if r[0] == 1)
    number, text = line_of(ROOT / "samples" / "sochi-3.pulka", "1. ")
    assert first[:4] == (1, "Аня", text, number)


# --- printed at 7 pt at least: narrower columns, their texts on more lines (issue 31) ---------


def page_size(ws) -> float:
    """The size the tab's text prints at, fitted to the width of an A4 page lying down, as
    pulka estimates it (a character of the reader's font 9 pixels at most, 96 pixels an inch,
    margins of 0.75 inch, the cells written at 11 pt)."""
    pixels = sum(d.width * 9 + 5 for d in ws.column_dimensions.values() if d.width)
    return 11 * (11.69 - 1.5) * 96 / pixels


def test_a_long_games_deals_print_at_7_points_their_texts_wrapped_not_cut(tmp_path: Path) -> None:
    from math import ceil

    from test_pdf_paper import losing_game

    journal = losing_game(tmp_path, 120, ("Аня", "Константин", "Вера", "Глеб"))
    out = tmp_path / "long.xlsx"
    ok("export", journal, "--xlsx", out)
    ws = openpyxl.load_workbook(out)["Deals"]
    assert page_size(ws) >= 7 * 1.1  # (LibreOffice prints it at 7.5 pt; 6.6 before)
    wrapped = 0
    for row in ws.iter_rows(min_row=2):
        for cell in row:
            width = ws.column_dimensions[cell.column_letter].width
            if isinstance(cell.value, str) and len(cell.value) > width:
                assert cell.alignment.wrap_text, (cell.coordinate, cell.value, width)
                height = ws.row_dimensions[cell.row].height
                assert height is not None and height >= 15 * ceil(len(cell.value) / width) - 15
                wrapped += 1
    assert wrapped > 100  # the deal's text on two lines, the reasons


def test_thirty_letter_names_are_wrapped_in_the_deals_never_cut(tmp_path: Path) -> None:
    journal = long_names_game(tmp_path)
    out = tmp_path / "names.xlsx"
    ok("export", journal, "--xlsx", out)
    ws = openpyxl.load_workbook(out)["Deals"]
    text = ws["C2"].value
    assert text.count("Александра-Констанция") == 2 and text.endswith("Мономахович\" whist 2")
    assert len(text) > ws.column_dimensions["C"].width and ws["C2"].alignment.wrap_text
    assert ws.row_dimensions[2].height >= 15 * 2
    assert page_size(ws) >= 7 * 1.1
