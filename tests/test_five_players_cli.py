"""Five players at every command that takes two to four (issue 29, §2): new, play (its status
line names both sitters, and a deal asked step by step), show and show --paper (five sectors),
settle --explain (over all five), export --pdf (a pentagon around the target, filled and blank)
and --xlsx, stats and verify; an evening of thirty deals run through them all."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from cli_kit import ok, run
from click.testing import CliRunner
from conftest import ROOT
from random_games import FIVE, RUSSIAN_5, legal_game

from pulka.cli import cli
from pulka.render import paper_kit

NAMES = ("Аня", "Борис", "Вера", "Гена", "Дима")


def evening() -> list[str]:
    """Thirty legal deals at five (drawn as the compiled replay's tests draw them), the
    players renamed A → Аня ..."""
    texts = legal_game("sochi", {"pulya": 20}, FIVE, RUSSIAN_5, seed=7, deals=30)
    out = []
    for text in texts:
        for letter, name in zip(FIVE, NAMES, strict=True):
            text = re.sub(rf"(?<!\w){letter}(?!\w)", name, text)
        out.append(text)
    assert len(out) == 30
    return out


def shown(*args: object, columns: int = 100) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Path, Path, list[str]]:
    """The evening typed at `pulka play` (one deal asked step by step, one in Russian words),
    and the same deals recorded with `pulka add`."""
    folder = tmp_path_factory.mktemp("five")
    deals = evening()
    assert deals[11] == "Вера 6c Гена pass Дима half"
    typed = [*deals[:11], "?", "Вера", "6 треф", "", "пас", "", "полвиста", "",
             *deals[12:14], "Аня 6 пик 6 Борис вист 2 Вера вист 2", *deals[15:], "quit", "n"]
    assert deals[14] == "Аня 6s 6 Борис whist 2 Вера whist 2"
    game, control = folder / "g.pulka", folder / "control.pulka"
    for path in (game, control):
        ok("new", path, "--players", *NAMES, "--price", "0.10")
    session = CliRunner().invoke(cli, ["play", str(game), "--lang", "ru"],
                                 input="\n".join(typed) + "\n",
                                 env={"COLUMNS": "80", "LINES": "24"})
    assert session.exit_code == 0, (session.stdout, session.stderr)
    for deal in deals:
        ok("add", control, *deal.split())
    return game, control, session.stdout.splitlines()


def test_play_names_both_sitters_and_records_what_add_records(played) -> None:
    game, control, lines = played
    # A deals first; with five.rest right his right-hand neighbour, Дима, sits out with him
    assert "сдача 1: сдаёт Аня; отдыхают Аня и Дима" in lines
    assert "сдача 2: сдаёт Борис; отдыхают Борис и Аня" in lines
    assert "сдача 6: сдаёт Аня; отдыхают Аня и Дима" in lines  # round the table in five
    assert any("сдача в записи: Вера 6♣ Гена пас Дима полвиста" in line for line in lines)
    body = [line for line in game.read_text("utf-8").splitlines() if re.match(r"\d+\. ", line)]
    assert body == [line for line in control.read_text("utf-8").splitlines()
                    if re.match(r"\d+\. ", line)]
    assert len(body) == 30
    assert json.loads(ok("settle", game, "--json").stdout) == \
        json.loads(ok("settle", control, "--json").stdout)


def test_show_and_the_five_sectors_on_paper(played) -> None:
    game = played[0]
    assert "next deal: Аня deals; Аня and Дима sit out" in shown("show", game, "--lang", "en")
    sheet = shown("show", "--paper", game, "--lang", "ru", columns=100).splitlines()
    # the two far seats over the centre, the left and right ones beside it, Аня under it
    assert sheet[1].startswith("┌─ Вера ") and "┬─ Гена " in sheet[1]
    middle = next(line for line in sheet if line.startswith("├─ Борис "))
    assert "┴" in middle and "┬─ Дима " in middle
    assert sheet[-5].startswith("└─ Аня ")
    assert "следующая сдача: сдаёт Аня; отдыхают Аня и Дима" in sheet[-3]
    for columns in range(40, 131, 6):
        for line in shown("show", "--paper", game, "--lang", "ru",
                          columns=columns).splitlines():
            assert paper_kit.cells(line) <= columns, (columns, line)


def test_settle_over_all_five(played) -> None:
    game = played[0]
    report = json.loads(ok("settle", game, "--json").stdout)
    assert len(report["result"]) == 5 and sum(map(Fraction, map(str, report["result"].values()))) == 0
    explained = ok("settle", game, "--explain", "--lang", "en").stdout
    assert "each gora × 10 ÷ 5 is written by every other player on its owner" in explained
    # ten pairs netted: 5 × 4 / 2
    assert len(re.findall(r"^  \w+ – \w+: ", explained, re.M)) == 10
    for name in NAMES:
        assert re.search(rf"^  {name}: [+-]?\d+$", explained, re.M)


def test_the_pdf_is_a_pentagon_and_the_workbook_recomputes(played, tmp_path: Path) -> None:
    from openpyxl import load_workbook
    from pypdf import PdfReader

    game = played[0]
    ok("export", game, "--pdf", tmp_path / "g.pdf", "--xlsx", tmp_path / "g.xlsx",
       "--lang", "ru")
    page = PdfReader(str(tmp_path / "g.pdf")).pages[0].extract_text()
    for name in NAMES:
        assert name in page
    assert page.count("пуля") >= 5 and page.count("гора") >= 5  # a band each
    assert "→ Вера" in page and "→ Дима" in page  # whist columns named after their seats
    sheet = load_workbook(tmp_path / "g.xlsx").worksheets[0]
    rows = {row[0]: row for row in sheet.iter_rows(values_only=True) if row[0] in NAMES}
    assert set(rows) == set(NAMES)
    formula = rows["Аня"][-1]
    assert formula.startswith("=ROUND(10*(B5-AVERAGE(B$5:B$9))")  # the mean of five


def test_stats_and_verify_take_five(played, tmp_path: Path) -> None:
    data = json.loads(ok("stats", played[0].parent, "--json").stdout)
    assert set(data["players"]) == set(NAMES)
    assert ok("verify", ROOT / "tests" / "vectors" / "five" / "sochi-5p-example.yaml").stdout \
        .startswith("ok ")


def test_a_blank_sheet_for_five(tmp_path: Path) -> None:
    from pypdf import PdfReader

    ok("blank", tmp_path / "b.pdf", "--players", "5")
    text = PdfReader(str(tmp_path / "b.pdf")).pages[0].extract_text()
    # round the table from the writer's left: on the left, 2nd left, 2nd right, on the right
    for label in ("on the left", "on 2nd left", "on 2nd right", "on the right"):
        assert text.count(label) == 5, label
    ok("blank", tmp_path / "n.pdf", "--players", *NAMES, "--convention", "classic")
    named = PdfReader(str(tmp_path / "n.pdf")).pages[0].extract_text()
    assert named.count("raspasy") >= 5 and all(name in named for name in NAMES)
    result = run("blank", tmp_path / "s.pdf", "--players", "6")
    assert result.exit_code == 2 and "6" in result.stderr


def test_a_deal_asked_step_by_step_names_who_sits_out(tmp_path: Path) -> None:
    game = tmp_path / "m.pulka"
    ok("new", game, "--players", *NAMES, "--set", "five.rest=manual")
    typed = ["?", "Вера", "Гена", "7 пик", "7", "вист", "2", "вист", "1", "quit", "n"]
    session = CliRunner().invoke(cli, ["play", str(game), "--lang", "ru"],
                                 input="\n".join(typed) + "\n", env={"COLUMNS": "80"})
    assert session.exit_code == 0, (session.stdout, session.stderr)
    # Аня deals and sits out with Вера: Борис, Гена, Дима hold cards; after Гена, Дима
    assert "сдача 1: сдаёт Аня и отдыхает вместе с тем, кого назовёт сдача" in session.stdout
    assert "Кто отдыхает, кроме сдающего (Аня)? " in session.stdout
    assert "1. rest Аня Вера Гена 7s 7 Дима whist 2 Борис whist 1" in game.read_text("utf-8")


def test_a_game_begun_before_sochi_seated_five_keeps_quiet(tmp_path: Path) -> None:
    # the samples recorded Sochi as played by 3 or 4; it is now 3, 4 or 5: nothing a game
    # scores by changed, so show says nothing of it; another change is still said
    sample = (ROOT / "samples" / "sochi-3.pulka").read_text("utf-8")
    assert "rule players 3 4\n" in sample
    assert "has changed" not in shown("show", ROOT / "samples" / "sochi-3.pulka", "--lang", "en")
    changed = tmp_path / "g.pulka"
    changed.write_text(sample.replace("rule players 3 4\n", "rule players 3\n"), "utf-8")
    assert "has changed since this game started (players)" not in shown("show", changed)
    other = tmp_path / "h.pulka"
    other.write_text(sample.replace("rule players 3 4\n", "rule players 3 4 5 2\n"), "utf-8")
    assert "has changed since this game started (players)" in shown("show", other, "--lang", "en")
