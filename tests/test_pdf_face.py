"""pulka.render.pdf_face reads a TrueType font the way reportlab does, only faster: the same
tables, the same widths, the same subset embedded in the PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("reportlab")

from reportlab.pdfbase.ttfonts import TTFont

from pulka.render.pdf_face import QuickFont

PACKAGED = Path(__file__).parent.parent / "pulka" / "fonts"
#: the bundled faces (cmap format 12), and system fonts where there are some (format 4 too)
FONTS = sorted(PACKAGED.glob("*.ttf")) + sorted(Path("/usr/share/fonts").glob("**/*.ttf"))[:40]
#: the cursor of the file reader and the reader's own function differ, nothing a PDF reads
IGNORED = {"_pos", "_pdfScale"}


def _tables(font) -> dict:
    return {k: v for k, v in vars(font.face).items() if k not in IGNORED}


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_the_same_face_as_reportlab_reads(path: Path) -> None:
    try:
        theirs = TTFont("A", str(path))
    except Exception as exc:  # a font reportlab refuses is refused the same way
        with pytest.raises(type(exc)):
            QuickFont("A", path)
        return
    ours = QuickFont("A", path)
    expected, got = _tables(theirs), _tables(ours)
    assert expected.keys() == got.keys()
    for key in expected:
        assert got[key] == expected[key], key
    for key in ("charToGlyph", "glyphToChar", "charWidths"):  # in the same order too
        assert list(got[key].items()) == list(expected[key].items()), key
    assert {k: repr(v) for k, v in vars(ours).items() if k not in ("face", "state", "encoding")} == \
        {k: repr(v) for k, v in vars(theirs).items() if k not in ("face", "state", "encoding")}
    text = "Борис 6♠ вист ½ ‖ ⚑ abc"
    assert ours.stringWidth(text, 7) == theirs.stringWidth(text, 7)
    codes = [ord(ch) for ch in dict.fromkeys(text)]
    assert ours.face.makeSubset(codes) == theirs.face.makeSubset(codes)


def test_the_sheet_is_drawn_the_same_with_either_reading(monkeypatch) -> None:
    from pulka.render import pdf, pdf_style

    quick = pdf.render_blank(3, names=("Аня", "Борис", "Вера"), target="20", price="0.10")
    read = []
    monkeypatch.setattr(pdf_style, "QuickFont",
                        lambda name, path: read.append(path) or TTFont(name, str(path)))
    monkeypatch.setattr(pdf_style, "_REGISTERED", {})
    from reportlab.pdfbase import pdfmetrics

    names = [n for n in pdfmetrics.getRegisteredFontNames() if n.startswith("Pulka-")]
    for name in names:  # registered again, read by reportlab itself
        monkeypatch.delitem(pdfmetrics._fonts, name)
    assert pdf.render_blank(3, names=("Аня", "Борис", "Вера"), target="20", price="0.10") == quick
    assert len(read) == 2  # the regular face and the bold one
