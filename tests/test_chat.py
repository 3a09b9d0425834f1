"""The sheet to send to the group (issue 31): `pulka export GAME --png FILE` (the filled sheet
as a picture, the PDF's first page) and `pulka settle GAME --text` (the few plain lines a
table pastes into its chat), for every sample in both languages."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from cli_kit import digests, ok, run
from conftest import ROOT

SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_the_text_says_the_game_each_result_and_who_pays_whom(sample: Path, lang: str) -> None:
    data = json.loads(ok("settle", sample, "--json").stdout)
    lines = ok("--lang", lang, "settle", sample, "--text").stdout.splitlines()
    title = next(line.split(" ", 2)[2] for line in sample.read_text(encoding="utf-8")
                 .splitlines() if line.startswith("rule title "))
    assert lines[0].startswith(f"{title}, ")
    assert lines[1].startswith({"ru": "Итог (", "en": "Result ("}[lang])
    results = lines[2:2 + len(data["players"])]
    said = {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in results}
    assert set(said) == set(data["players"])
    for name, text in said.items():
        points, _space, money = text.partition(" (")
        assert Fraction(points.replace("−", "-").replace("+", "").replace(" ", "+")
                        if " " not in points else _mixed(points)) == Fraction(
                            str(data["result"][name]))
        if "money" in data:
            assert Decimal(money.rstrip(")").split()[0].replace("−", "-").replace(",", ".")) \
                == Decimal(data["money"][name])
    payments = lines[3 + len(data["players"]):]
    assert len(payments) == len(data["payments"])
    for line, payment in zip(payments, data["payments"], strict=True):
        assert payment["from"] in line and payment["to"] in line
    heading = {"ru": "Кто кому платит:", "en": "Who pays whom:"}[lang]
    assert lines[2 + len(data["players"])] == heading if data["payments"] else True


def _mixed(points: str) -> Fraction:
    sign = -1 if points.startswith("−") else 1
    whole, part = points[1:].split(" ")
    return sign * (int(whole) + Fraction(part))


def test_the_text_of_a_game_in_russian(tmp_path: Path) -> None:
    out = ok("--lang", "ru", "settle", ROOT / "samples" / "sochi-3.pulka", "--text").stdout
    assert out == ("Сочинка (Sochi), 29.11.2026, 34 сдачи, игра окончена\n"
                   "Итог (висты и деньги):\n"
                   "Аня: +165 1/3 (+16,54)\n"
                   "Борис: −32 2/3 (−3,27)\n"
                   "Вера: −132 2/3 (−13,27)\n"
                   "Кто кому платит:\n"
                   "Вера → Аня: 13,27\n"
                   "Борис → Аня: 3,27\n")


def test_text_with_json_or_explain_is_a_usage_error() -> None:
    result = run("settle", ROOT / "samples" / "sochi-3.pulka", "--text", "--json")
    assert result.exit_code == 2 and "--text cannot be given with --json or --explain" in \
        result.stderr


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_the_picture_is_the_pdfs_first_page(sample: Path, lang: str, tmp_path: Path) -> None:
    from PIL import Image, ImageChops

    pypdfium2 = pytest.importorskip("pypdfium2")
    before = digests(ROOT / "samples")
    png, pdf = tmp_path / "sheet.png", tmp_path / "sheet.pdf"
    result = ok("--lang", lang, "export", sample, "--png", png, "--pdf", pdf)
    assert result.stdout.count("\n") == 2
    picture = Image.open(png)
    assert picture.format == "PNG" and picture.size == (1241, 1754)  # A4 at 150 dpi
    page = pypdfium2.PdfDocument(pdf.read_bytes())[0]
    drawn = page.render(scale=150 / 72, fill_color=(255, 255, 255, 255)).to_pil()
    assert ImageChops.difference(picture.convert("RGB"), drawn.convert("RGB")).getbbox() is None
    # the sheet is drawn: far from a blank page
    assert sum(picture.convert("L").histogram()[:128]) > 10_000
    assert digests(ROOT / "samples") == before


def test_the_picture_alone_and_never_over_another_file(tmp_path: Path) -> None:
    sample = ROOT / "samples" / "croatian-3.pulka"
    png = tmp_path / "лист.png"
    assert ok("--lang", "ru", "export", sample, "--png", png).stdout == f"записан {png}\n"
    assert png.read_bytes().startswith(b"\x89PNG")
    again = ok("export", sample, "--png", png)  # a picture of pulka's replaced by another
    assert again.exit_code == 0
    notes = tmp_path / "notes.txt"
    notes.write_text("not a picture\n", encoding="utf-8")
    refused = run("export", sample, "--png", notes)
    assert refused.exit_code == 2 and notes.read_text(encoding="utf-8") == "not a picture\n"
    assert "--force" in refused.stderr
    nothing = run("export", sample)
    assert nothing.exit_code == 2 and "--png OUT.png" in nothing.stderr
    assert io.BytesIO(png.read_bytes()).getvalue()[:4] == b"\x89PNG"
