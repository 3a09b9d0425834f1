"""The PDF sheet agrees with itself (issue 14): one sign for the bule, the results table on
page 1, blank sheets with the fields their game needs, running totals that read one way, long
games on continuation sheets, every page in the players' language.

Every case goes through the CLI (``pulka export``/``pulka blank``) and reads the pages back
with pypdf; the samples are never changed.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_kit import digests, ok

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
