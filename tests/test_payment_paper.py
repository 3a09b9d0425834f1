"""The sheet of the pot and payment games as it is kept on paper: `pulka show --paper` (a ruled
list for the pot games and Swabian, the Balkan-shaped κιτάπι for Greek Prefa), the Greek sheet
in `pulka show` and in the PDF, filled and blank (payment-families.md §1.4, §3.4, §4.6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import digests, ok
from click.testing import CliRunner
from conftest import FAST_SAMPLES, tiered

from pulka.cli import cli
from pulka.render import paper_kit

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
PAYMENT_SAMPLES = ["austrian-3", "austrian-unlimited-3", "austrian-limited-3", "styrian-3",
                   "illustrated-3", "illustrated-5-4", "illustrated-6-3", "swabian-3",
                   "greek-3"]


def paper(path: Path, columns: int, *more: str) -> str:
    result = CliRunner().invoke(cli, ["show", "--paper", str(path), *more],
                                env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


AUSTRIAN_HEAD = """\
Австрийский (Austrian)
in the pot 20 each · price 0.10
┌──────┬─────┬─────────┬─────────┬────────┬────────────────────────────────────┐
│ deal │ pot │     Аня │   Борис │   Вера │ moves                              │
├──────┼─────┼─────────┼─────────┼────────┼────────────────────────────────────┤
│      │  60 │     −20 │     −20 │    −20 │                                    │
│    1 │  60 │     −29 │     −14 │    −17 │ pot→Борис 10 · Борис→Вера 3 ·      │
│      │     │         │         │        │ Борис→Аня 1 · Аня→pot 10           │
"""
AUSTRIAN_TAIL = """\
├──────┼─────┼─────────┼─────────┼────────┼────────────────────────────────────┤
│    = │   0 │ −53 1/3 │ +56 2/3 │ −3 1/3 │ pot→Аня 16 2/3 ·                   │
│      │     │         │         │        │ pot→Борис 16 2/3 · pot→Вера 16 2/3 │
└──────┴─────┴─────────┴─────────┴────────┴────────────────────────────────────┘
pot → player, player → pot, player → player
19 deals played · the game is over
result: Аня −53 1/3 · Борис +56 2/3 · Вера −3 1/3
money: Аня −5.33 · Борис +5.67 · Вера −0.34
"""
GREEK_100 = """\
Греческий (Greek Prefa)
in the kasa 100 each · price 0.01
┌──────────────────────────────┬───────────────────────────┬───────────────────────────┐
│             Άννα             │          Βασίλης          │          Γιώργος          │
├───────────┬──────┬───────────┼────────┬──────┬───────────┼───────────┬──────┬────────┤
│ → Γιώργος │ kasa │ → Βασίλης │ → Άννα │ kasa │ → Γιώργος │ → Βασίλης │ kasa │ → Άννα │
├───────────┼──────┼───────────┼────────┼──────┼───────────┼───────────┼──────┼────────┤
│        25 │   10 │        14 │     15 │   10 │        58 │        48 │   10 │      5 │
│        91 │    5 │        39 │     60 │    3 │       148 │        90 │   18 │     11 │
│           │    1 │        67 │     72 │   17 │           │       104 │    8 │        │
│           │    0 │       167 │        │    7 │           │       114 │    0 │        │
│           │      │       293 │        │    5 │           │       134 │      │        │
│           │      │       343 │        │    0 │           │           │      │        │
└───────────┴──────┴───────────┴────────┴──────┴───────────┴───────────┴──────┴────────┘
kasa: the figure in tens of kapikia · → name: what that player owes him
14 deals played · the game is over
result: Άννα +351 · Βασίλης −257 · Γιώργος −94
money: Άννα +3.51 · Βασίλης −2.57 · Γιώργος −0.94
"""


def test_the_austrian_sheet_on_paper() -> None:
    before = digests(SAMPLES)
    text = paper(SAMPLES / "austrian-3.pulka", 80)
    # the closing line shares the 50 left in the pot: 16 2/3 each, and gives the balances
    assert text.startswith(AUSTRIAN_HEAD) and text.endswith(AUSTRIAN_TAIL)
    assert digests(SAMPLES) == before


def test_the_greek_sheet_on_paper_is_balkan_shaped() -> None:
    assert paper(SAMPLES / "greek-3.pulka", 100) == GREEK_100
    # too narrow for three groups side by side: one under the other, the same columns
    narrow = paper(SAMPLES / "greek-3.pulka", 80)
    assert "│             Άννα             │\n" in narrow and "│          Γιώργος          │" in narrow
    assert "│        91 │    5 │        39 │" in narrow


def test_a_greek_figure_never_goes_below_zero() -> None:
    # §4.6: deal 13 would take Γιώργος's figure from 8 to −2: he takes 2 tens from the
    # largest other figure, Βασίλης's 7 (→ 5); deal 14 would take Άννα's from 1 to −5: she
    # takes 5 tens from Βασίλης's 5 (→ 0). The tens taken are written as owed by the lender
    # to the borrower: Γιώργος on Βασίλης 114 + 20 = 134, Άννα on Βασίλης 293 + 50 = 343
    from pulka.gamefile import open_game
    from pulka.render.payment.kitapi import areas
    from pulka.settlement.figures import build

    game, _ = open_game(SAMPLES / "greek-3.pulka")
    steps = build(game)[3]
    columns = areas(game.table.players, 100, steps)
    figures = {p: [t for _n, t in columns[p][1].entries] for p in game.table.players}
    assert figures == {"Άννα": [10, 5, 1, 0], "Βασίλης": [10, 3, 17, 7, 5, 0],
                       "Γιώργος": [10, 18, 8, 0]}
    owed = {(p, c.other): [t for _n, t in c.entries] for p in game.table.players
            for c in columns[p] if c.other}
    assert owed[("Γιώργος", "Βασίλης")][-2:] == [114, 134]
    assert owed[("Άννα", "Βασίλης")][-2:] == [293, 343]
    for path in sorted((ROOT / "tests" / "vectors" / "payment").glob("*greek*.yaml")):
        game, _ = open_game(path)
        if "fair" in path.name:
            continue  # (a kasa run below zero leaves nothing to take)
        columns = areas(game.table.players, game.table.convention["kasa"], build(game)[3])
        assert all(t >= 0 for cs in columns.values() for _n, t in cs[1].entries), path.name


def test_the_greek_figures_and_side_columns_give_the_balances() -> None:
    # §4.6: Σⱼ (owed to i by j − owed by i to j) − 10 × (figure − mean figure) = balance
    from pulka.gamefile import open_game
    from pulka.render.payment.kitapi import KASA, areas
    from pulka.settlement.figures import build

    for name in ("greek-3", "pulka-greek-together-solo-aces", "11_greek_prefadoros_examples",
                 "pulka-greek-last-fair", "pulka-greek-last-normal", "pulka-greek-last-unbalanced"):
        path = SAMPLES / f"{name}.pulka"
        if not path.exists():
            path = ROOT / "tests" / "vectors" / "payment" / f"{name}.yaml"
        game, _ = open_game(path)
        _report, _state, settlement, steps = build(game)
        players = game.table.players
        columns = areas(players, game.table.convention["kasa"], steps)
        last = {(p, c.other): (c.entries[-1][1] if c.entries else 0)
                for p in players for c in columns[p]}
        mean = sum(last[(p, None)] for p in players) / len(players)
        for p in players:
            owed = sum(last[(p, q)] - last[(q, p)] for q in players if q != p)
            assert owed - 10 * (last[(p, None)] - mean) == settlement.result[p], (name, p)
        assert all(c.kind == KASA for p in players for c in columns[p][1:2])


@pytest.mark.parametrize("name", tiered(PAYMENT_SAMPLES, FAST_SAMPLES & set(PAYMENT_SAMPLES)))
def test_no_line_is_wider_than_the_terminal(name: str) -> None:
    for columns in range(40, 131, 3):
        for line in paper(SAMPLES / f"{name}.pulka", columns).splitlines():
            assert paper_kit.cells(line) <= columns, (columns, line)


@pytest.mark.parametrize("convention", ["austrian", "swabian", "greek"])
def test_names_of_32_letters_fit_forty_columns_whole(tmp_path: Path, convention: str) -> None:
    game = tmp_path / "g.pulka"
    long_one, other = "Александра-Константиновна-Длинна", "Вера-Николаевна-Очень-Длинная"
    ok("new", game, "--players", long_one, "Бо", other, "--convention", convention)
    ok("add", game, {"austrian": "Бо d 6 Ве whist 3 Ал whist 1", "swabian": "Бо h 8",
                     "greek": "Бо 6h 6 Ве whist 3 Ал whist 1"}[convention])
    for lang in ("en", "ru"):
        text = paper(game, 40, "--lang", lang)
        for line in text.splitlines():
            assert paper_kit.cells(line) <= 40, line
        assert text.count(long_one) >= 2 and text.count(other) >= 2


def test_the_paper_sheet_in_russian() -> None:
    text = paper(SAMPLES / "austrian-3.pulka", 80, "--lang", "ru")
    assert text.splitlines()[1] == "в банке по 20 с каждого · цена 0,10"
    assert "│ сдача │ банк │" in text and "платежи" in text
    assert "банк→Аня 16 2/3" in text
    greek = paper(SAMPLES / "greek-3.pulka", 100, "--lang", "ru")
    assert greek.splitlines()[1] == "в кассе по 100 с каждого · цена 0,01"
    assert "│ → Γιώργος │ касса │ → Βασίλης │" in greek


def test_carry_keeps_the_pot_on_the_closing_line(tmp_path: Path) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "A", "B", "C", "--set", "end.leftover=carry",
       "--convention", "austrian")
    ok("add", game, "B d 6 C whist 3 A whist 1")
    ok("add", game, "end")
    rows = [line.split() for line in paper(game, 80).splitlines()]
    # nothing is shared: the pot keeps its 150, the columns are the balances
    assert ["│", "=", "│", "150", "│", "−59", "│", "−44", "│", "−47", "│", "│"] in rows


def test_the_greek_sheet_in_show_and_in_the_pdf(tmp_path: Path) -> None:
    from pypdf import PdfReader

    rows = [line.split() for line in paper_free(SAMPLES / "greek-3.pulka")]
    assert ["deal", "→", "Γιώργος", "Άννα", "→", "Βασίλης", "→", "Άννα", "Βασίλης", "→",
            "Γιώργος", "→", "Βασίλης", "Γιώργος", "→", "Άννα"] in rows
    assert ["10", "10", "10"] in rows and ["1", "5", "15", "5"] in rows
    before = digests(SAMPLES)
    ok("export", SAMPLES / "greek-3.pulka", "--pdf", tmp_path / "g.pdf")
    page = PdfReader(str(tmp_path / "g.pdf")).pages[0].extract_text().splitlines()
    assert "Άννα · Βασίλης · Γιώργος — in the kasa: 100 each — one unit: 0.01 — 14 deals — " \
        "the game is over" in page or any("in the kasa: 100 each" in line for line in page)
    assert page.count("kasa") == 3 and "→ Βασίλης" in page
    for figure in ("10", "5", "1", "0", "293", "343"):
        assert figure in page
    assert "−5" not in page and "−2" not in page  # no figure under zero (§4.6)
    assert digests(SAMPLES) == before
    ok("blank", tmp_path / "b.pdf", "--convention", "greek")
    blank = PdfReader(str(tmp_path / "b.pdf")).pages[0].extract_text().splitlines()
    assert "in the kasa: 500 each" in blank and blank.count("50") == 3
    assert blank.count("→ left") == 3 and blank.count("→ right") == 3


def paper_free(path: Path) -> list[str]:
    """`pulka show` (not --paper) at 120 columns."""
    result = CliRunner().invoke(cli, ["show", str(path)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    return result.stdout.splitlines()



@pytest.mark.parametrize(("convention", "players"), [("austrian", 3), ("illustrated-5", 4),
                                                     ("swabian", 3)])
def test_a_blank_pot_sheet_without_names_has_a_field_for_each(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, convention: str, players: int) -> None:
    """Unnamed, the list's heading has a line to write each player's name on; named, the
    names stand there instead."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from pulka.render.payment.pdf_sheet import TOP

    drawn: list[tuple[float, float]] = []
    line = Canvas.line

    def recorded(self, x1, y1, x2, y2):
        drawn.append((y1, y2))
        return line(self, x1, y1, x2, y2)

    monkeypatch.setattr(Canvas, "line", recorded)
    field = ((TOP - 0.3) * mm, (TOP - 0.3) * mm)
    ok("blank", tmp_path / "b.pdf", "--convention", convention, "--players", str(players))
    assert drawn.count(field) == players
    drawn.clear()
    names = ["Аня", "Борис", "Вера", "Глеб"][:players]
    ok("blank", tmp_path / "n.pdf", "--convention", convention, "--players", *names)
    assert drawn.count(field) == 0


def test_the_greek_settlement_speaks_of_the_kasa() -> None:
    # §4.6: the κιτάπι's words, the kasa and the kapiki; an empty kasa shares nothing, so no
    # step and no term says so
    for lang, words, never in (
            ("en", ("1. The kasa: what each lifted from it and put into it",
                    "Άννα: lifted 150, put in 100", "2. What the players paid each other",
                    "3. Balance: lifted − put in + received − paid",
                    "Άννα: 150 − 100 + 384 − 83 = 351",  # 50 + 301: her balance
                    "4. The money at 0.01 a kapiki, to the cent"),
             ("pot", "unit", "left in the kasa", ": 0\n")),
            ("ru", ("1. Касса:", "Άννα: взял из кассы 150, положил 100",
                    "4. Деньги по 0,01 за капики"), ("банк", "единиц", "осталось"))):
        text = ok("settle", SAMPLES / "greek-3.pulka", "--explain", "--lang", lang).stdout
        for line in words:
            assert line in text, (lang, line)
        for word in never:
            assert word not in text, (lang, word)
    # a kasa run below zero (last: fair) is shared, a third each: −40 / 3
    fair = ok("settle", ROOT / "tests" / "vectors" / "payment" / "pulka-greek-last-fair.yaml",
              "--explain", "--lang", "en").stdout
    assert "left in the kasa: -40" in fair and "A: 50 − 20 + 20 − 20 − 13 1/3 = 16 2/3" in fair
