"""A third scoring family, sketched in a test, runs through show, settle, export and verify.

The sketch ("tally": a made contract writes its level × ``tally.points`` into the declarer's
column; the settlement is ``rate × (tally − mean)``) is written into a temporary package
with the two folders a family owns, ``families/tally/`` (its rules, and its convention keys
in ``keys.py``) and ``render/tally/``, and is made known by one call,
:func:`pulka.registry.register`. Nothing else of pulka is touched: this is what issue 10 means
by "a new family is an addition".
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_kit import digests
from click.testing import CliRunner

from pulka.cli import cli
from pulka.registry import FAMILIES

FAMILY_CODE = '''
"""The tally family: a made contract is worth its level × tally.points, nothing else."""

from pulka.errors import IllegalDealError
from pulka.families.base import Defaults, Explanation, Presentation, State, Term, linear_result
from pulka.game import DealKind
from pulka.numbers import mixed
from pulka.families.sheet import Sheet, Writer

from .keys import KEYS, SETTLE_TALLY_WHISTS, TALLY_POINTS


class TallyFamily(Defaults):  # (what it leaves out: no pot kept, no facts, nothing to ask)
    name = "tally"
    presentation = Presentation(columns=("tally",), pair="whists",
                                terms=(Term("tally", SETTLE_TALLY_WHISTS, 1),))
    keys = KEYS  # (no seats: the tables any family may have)

    def new_state(self, table):
        return State(table, Sheet(table.players, ("tally",)))

    def play(self, deal, state):
        if deal.kind is not DealKind.CONTRACT or deal.contract.level is None:
            raise IllegalDealError("the tally family plays declared games only")
        write = Writer(state.sheet)
        points = state.table.convention[TALLY_POINTS] * deal.contract.level
        write("tally", deal.declarer, points, f"{deal.contract.pretty()} made")
        state.next_deal()
        return deal, write.postings

    def result(self, state):
        return linear_result(state, self.presentation.terms, state.sheet.cells)

    def explain(self, state):
        return Explanation((("1. The tally", tuple(
            f"{p}: {mixed(state.sheet.cells['tally'][p])}" for p in state.players)),))

    def status(self, state):
        return [f"tally in all: {mixed(sum(state.sheet.cells['tally'].values()))}"]

    def summary(self, state):
        return {"tally": dict(state.sheet.cells["tally"])}


FAMILY = TallyFamily()
'''

KEYS_CODE = '''
"""The tally family's convention keys."""

from pulka.convention.schema import Key
from pulka.convention.types import Number

TALLY_POINTS = Key("tally.points", Number(), "points per level of a made game",
                   "очков за каждый уровень сыгранной игры")
SETTLE_TALLY_WHISTS = Key("settle.tally_whists", Number(), "whists per point of tally",
                          "вистов за очко при расчёте", default=1)
KEYS = (TALLY_POINTS, SETTLE_TALLY_WHISTS)
'''

RENDER_CODE = '''
"""The tally sheet: one line per player under the common heading."""

from reportlab.lib.units import mm

from pulka.numbers import mixed
from pulka.render.pdf.geometry import GEOMETRY
from pulka.render.pdf.header import Header, blank_subtitle, draw_header
from pulka.render.pdf.style import Styles, new_canvas
from pulka.render.registry import Renderer


class TallyRenderer(Renderer):  # (no paper sheet in the terminal; the deals listed)
    target_key = "tally.points"

    def text_sheet(self, game, steps):
        return None

    def pdf_blank(self, buf, f, seats, names, *, title, target, price, convention=None):
        c = new_canvas(buf, title or "Tally")
        draw_header(c, f, Styles, Header(title or "Tally", blank_subtitle(names), None, ""),
                    GEOMETRY[len(seats)]())
        return c

    def pdf_sheet(self, buf, f, page, game, steps, report, state, settlement):
        c = new_canvas(buf, page.title)
        head = Header(page.title, " — ".join([" · ".join(page.players), page.count, page.state]),
                      page.created, "tally", page.convention)
        draw_header(c, f, Styles, head, GEOMETRY[len(page.players)]())
        c.setFont(f.regular, 12)
        for i, p in enumerate(page.players):
            c.drawString(20 * mm, (200 - 10 * i) * mm, f.text(f"{p}: {mixed(report['tally'][p])}"))
        return c


RENDERER = TallyRenderer()
'''

CONVENTION = """\
family: tally
name: tally
title: Tally (a sketch)
aliases: []
players: [3]
price: 0.10
tally:
  points: 2
settle:
  tally_whists: 1
"""

VECTOR = """\
title: tally, two made games
convention: tally.yaml
players: [A, B, C]
deals:
  - {declarer: A, contract: 7s, defence: {B: pass, C: pass}}
  - {declarer: B, contract: 6h, defence: {C: pass, A: pass}}
expect:
  finished: false
  result: {A: "16/3", B: "10/3", C: "-26/3"}
"""


@pytest.fixture
def tally(tmp_path: Path) -> Iterator[Path]:
    """The tally family on sys.path and in the registries; the folder of its vector."""
    code = tmp_path / "code"
    for folder, text in (("families", FAMILY_CODE), ("render", RENDER_CODE)):
        package = code / "third" / folder / "tally"
        package.mkdir(parents=True)
        for parent in (code / "third", code / "third" / folder):
            (parent / "__init__.py").write_text("", encoding="utf-8")
        (package / "__init__.py").write_text(textwrap.dedent(text), encoding="utf-8")
    (code / "third" / "families" / "tally" / "keys.py").write_text(KEYS_CODE, encoding="utf-8")
    game = tmp_path / "game"
    game.mkdir()
    (game / "tally.yaml").write_text(CONVENTION, encoding="utf-8")
    (game / "tally-vector.yaml").write_text(VECTOR, encoding="utf-8")
    sys.path.insert(0, str(code))
    saved = dict(FAMILIES)
    from pulka.registry import register

    register("tally", "third.families.tally", "third.render.tally")
    try:
        yield game
    finally:
        sys.path.remove(str(code))
        for name in [m for m in sys.modules if m == "third" or m.startswith("third.")]:
            del sys.modules[name]
        FAMILIES.clear()
        FAMILIES.update(saved)


def run(args: list[str]):
    return CliRunner().invoke(cli, args, catch_exceptions=False)


def test_show_settle_verify(tally: Path) -> None:
    vector = str(tally / "tally-vector.yaml")
    before = digests(tally)
    shown = run(["show", vector])
    assert shown.exit_code == 0, shown.output
    assert "tally" in shown.output and "tally in all: 26" in shown.output
    settled = run(["settle", "--json", vector])
    assert settled.exit_code == 0, settled.output
    data = json.loads(settled.output)
    assert data["tally"] == {"A": 14, "B": 12, "C": 0}
    assert data["result"] == {"A": "16/3", "B": "10/3", "C": "-26/3"}
    assert data["money"] == {"A": "0.54", "B": "0.33", "C": "-0.87"}
    verified = run(["verify", vector])
    assert verified.exit_code == 0, verified.output
    assert digests(tally) == before  # reading writes nothing


def test_export(tally: Path) -> None:
    pytest.importorskip("openpyxl")
    pytest.importorskip("reportlab")
    from openpyxl import load_workbook
    from pypdf import PdfReader

    vector = tally / "tally-vector.yaml"
    before = digests(tally)
    out = run(["export", str(vector), "--xlsx", str(tally / "t.xlsx"),
               "--pdf", str(tally / "t.pdf")])
    assert out.exit_code == 0, out.output
    after = digests(tally)
    assert {k: v for k, v in after.items() if not k.endswith(("t.xlsx", "t.pdf"))} == before
    sheet = load_workbook(tally / "t.xlsx")["Sheet"]
    assert [c.value for c in sheet[4]][:3] == ["player", "tally", "whists on A"]
    # (issue 14: the workbook's recomputed result is rounded to 9 places, never a -0)
    assert sheet["H5"].value == "=ROUND(1*(B5-AVERAGE(B$5:B$7))+SUM(C5:E5)-SUM(C5:C7),9)"
    text = PdfReader(str(tally / "t.pdf")).pages[0].extract_text()
    assert "A: 14" in text and "B: 12" in text


def test_illegal_deal_is_located(tally: Path) -> None:
    vector = tally / "tally-vector.yaml"
    vector.write_text(VECTOR.replace("  - {declarer: B, contract: 6h, defence: {C: pass, A: pass}}",
                                     "  - {raspasy: {A: 2, B: 4, C: 4}}"), encoding="utf-8")
    before = digests(tally)
    result = CliRunner().invoke(cli, ["settle", "--json", str(vector)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "the tally family plays declared games only" in result.stderr
    assert "deal 2" in result.stderr
    assert digests(tally) == before


def test_its_keys_are_shown_with_their_meanings(tally: Path) -> None:
    convention = str(tally / "tally.yaml")
    english = run(["conventions", "show", convention])
    assert english.exit_code == 0, english.output
    lines = english.output.splitlines()
    assert lines[0].startswith("Tally (a sketch)  [tally]  hash ")
    at = lines.index(next(line for line in lines if line.startswith("  tally.points ")))
    assert lines[at + 1] == "      points per level of a made game"
    russian = run(["conventions", "show", convention, "--lang", "ru"])
    assert "      очков за каждый уровень сыгранной игры" in russian.output.splitlines()
    # a key the file leaves out is read with its default; one it gets wrong is refused
    (tally / "tally.yaml").write_text(CONVENTION.replace("settle:\n  tally_whists: 1\n", "")
                                      .replace("points: 2", "points: many"), encoding="utf-8")
    refused = CliRunner().invoke(cli, ["conventions", "check", convention])
    assert refused.exit_code == 2
    assert "tally.points: expected a number" in refused.stderr
    assert "tally_whists" not in refused.stderr
