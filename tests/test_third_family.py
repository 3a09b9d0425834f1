"""A third scoring family, sketched in a test, runs through show, settle, export and verify.

The sketch ("tally": a made contract writes its level × ``tally.points`` into the declarer's
column; the settlement is ``rate × (tally − mean)``) is written into a temporary package
with the two folders a family owns, ``families/tally/`` and ``render/tally/``, and is made
known through the registration functions. Nothing else of pulka is touched: this is
what issue 10 means by "a new family is an addition".
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
from pulka.convention import schema
from pulka.registry import FAMILIES

FAMILY_CODE = '''
"""The tally family: a made contract is worth its level × tally.points, nothing else."""

from pulka.errors import IllegalDealError
from pulka.families.base import Explanation, Presentation, State, Term, linear_result
from pulka.game import DealKind
from pulka.numbers import mixed
from pulka.families.sheet import Sheet, Writer


class TallyFamily:
    name = "tally"
    presentation = Presentation(columns=("tally",), pair="whists",
                                terms=(Term("tally", "settle.tally_whists", 1),))

    def new_state(self, table):
        return State(table, Sheet(table.players, ("tally",)))

    def play(self, deal, state):
        if deal.kind is not DealKind.CONTRACT or deal.contract.level is None:
            raise IllegalDealError("the tally family plays declared games only")
        write = Writer(state.sheet)
        points = state.table.convention["tally.points"] * deal.contract.level
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

RENDER_CODE = '''
"""The tally sheet: one line per player under the common heading."""

from reportlab.lib.units import mm

from pulka.numbers import mixed
from pulka.render.pdf.geometry import GEOMETRY
from pulka.render.pdf.header import Header, blank_subtitle, draw_header
from pulka.render.pdf.style import Styles, new_canvas


class TallyRenderer:
    target_key = "tally.points"

    def text_sheet(self, game, steps):
        return None

    def pdf_blank(self, buf, f, seats, names, *, title, target, price):
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
    game = tmp_path / "game"
    game.mkdir()
    (game / "tally.yaml").write_text(CONVENTION, encoding="utf-8")
    (game / "tally-vector.yaml").write_text(VECTOR, encoding="utf-8")
    sys.path.insert(0, str(code))
    saved = (dict(FAMILIES), list(schema.FAMILIES))
    from pulka.convention.types import Number
    from pulka.registry import register

    register("tally", "third.families.tally", "third.render.tally")
    schema.register_family("tally", (
        schema.Key("tally.points", Number(), ("tally",), "points per level of a made game"),
        schema.Key("settle.tally_whists", Number(), ("tally",), "whists per point of tally"),
    ))
    try:
        yield game
    finally:
        sys.path.remove(str(code))
        for name in [m for m in sys.modules if m == "third" or m.startswith("third.")]:
            del sys.modules[name]
        FAMILIES.clear()
        FAMILIES.update(saved[0])
        schema.FAMILIES[:] = saved[1]
        del schema._BY_FAMILY["tally"]


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
