"""The PDF's fast paths write exactly what reportlab would: the font read by
pulka.render.pdf.face (the same tables, widths and embedded subset), the lines of
pdf_style.Lines (the same text operators), the streams encoded by pdf_style.a85."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("reportlab")

from reportlab.pdfbase.ttfonts import TTFont

from pulka.render.pdf.face import QuickFont
from pulka.render.pdf.style import a85, begin_lines, load_fonts, new_canvas

PACKAGED = Path(__file__).parent.parent / "pulka" / "render" / "pdf" / "font_files"
#: the bundled faces (cmap format 12), and system fonts where there are some (format 4 too)
FONTS = sorted(PACKAGED.glob("*.ttf")) + sorted(Path("/usr/share/fonts").glob("**/*.ttf"))[:40]
#: the cursor of the file reader and the reader's own function differ, nothing a PDF reads
IGNORED = {"_pos", "_pdfScale"}


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_the_same_face_as_reportlab_reads(path: Path) -> None:
    try:
        theirs = TTFont("A", str(path))
    except Exception as exc:  # a font reportlab refuses is refused the same way
        with pytest.raises(type(exc)):
            QuickFont("A", path)
        return
    ours = QuickFont("A", path)
    for key, expected in vars(theirs.face).items():
        if key in IGNORED:
            continue
        got = getattr(ours.face, key)
        if key in ("hmetrics", "glyphPos"):  # (read when asked)
            got = list(got)
        assert got == expected, key
    for key in ("charToGlyph", "glyphToChar"):  # in the same order too (charWidths: a lookup)
        assert list(getattr(ours.face, key).items()) == list(getattr(theirs.face, key).items()), key
    assert {k: repr(v) for k, v in vars(ours).items() if k not in ("face", "state", "encoding")} == \
        {k: repr(v) for k, v in vars(theirs).items() if k not in ("face", "state", "encoding")}
    text = "Борис 6♠ вист ½ ‖ ⚑ abc"
    assert ours.stringWidth(text, 7) == theirs.stringWidth(text, 7)
    codes = [ord(ch) for ch in dict.fromkeys(text)]
    assert ours.face.makeSubset(codes) == theirs.face.makeSubset(codes)


def test_the_sheet_is_drawn_the_same_with_either_reading(monkeypatch) -> None:
    from pulka.render.pdf import document as pdf
    from pulka.render.pdf import style as pdf_style

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


@pytest.mark.parametrize("length", [*range(13), 255, 256, 4097])
def test_a85_is_reportlabs_encoding(length: int) -> None:
    import random

    from reportlab.lib import rl_accel

    # (reportlab's pure-Python encoder, and its C one where rl_accel is installed)
    theirs = [getattr(rl_accel, "_py_asciiBase85Encode", None), rl_accel.asciiBase85Encode]
    rng = random.Random(length)
    for zeros in (0.0, 0.5, 1.0):  # (four zero bytes are written z; a short end never is)
        data = bytes(0 if rng.random() < zeros else rng.randrange(256) for _ in range(length))
        for encode in filter(None, theirs):
            assert a85(data) == encode(data)


def test_lines_write_what_reportlabs_text_object_writes() -> None:
    import io

    f = load_fonts()
    texts = ["Аня 6♠ вист 2", "(a) \\ b)", "½ ‖ ⚑ 69¹⁄₇", "Аня 6♠ вист 2",
             "".join(chr(c) for c in range(0x410, 0x450)) + "".join(chr(c) for c in range(0x3B1, 0x3CA)),
             *("".join(chr(0x100 + k * 7 + j) for j in range(40)) for k in range(12)), "(a) \\ b)"]
    written = []
    for fast in (False, True):
        c = new_canvas(io.BytesIO(), "t")
        for page in range(2):  # a second page: the lines already encoded come from the memory
            text = begin_lines(c) if fast else c.beginText()
            for k, line in enumerate(texts):
                if k % 6 == 0:  # (a font set anew starts from no subset; the lines between do not)
                    text.setFont(f.bold if k % 12 == 0 else f.regular, 7.0 + k % 2)
                text.setFillGray(0.42 * (k % 2))
                text.setTextOrigin(56.69 + k, 800.123456 - 9.5 * k - page)
                text.textOut(line)
            c.drawText(text)
            c.showPage()
        written.append(c.getpdfdata())
    assert written[0] == written[1]


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_the_font_finders_character_map_is_reportlabs(path: Path) -> None:
    """pulka.render.pdf.fonts looks characters up in the cmap one at a time (to choose a font
    without reportlab): the characters it says the font has are the ones reportlab's own
    reading maps to a glyph."""
    from pulka.render.pdf import fonts

    try:
        face = TTFont("A", str(path)).face
    except Exception:  # (a font reportlab refuses: not one the PDF can use)
        return
    has = fonts._cmap_codes(str(path))
    assert has is not None
    mapped = {c for c, g in face.charToGlyph.items() if g} - {0xA0, 0x20}  # (reportlab's alias)
    assert {c for c in range(0x30000) if has(c)} - {0xA0, 0x20} == mapped


def _format4(segments: list[tuple[int, int, int, list[int] | None]]) -> bytes:
    """A cmap subtable of format 4: (start, end, delta, the glyphs of the array or None)."""
    import struct

    n = len(segments)
    head = 16 + 8 * n
    glyphs: list[int] = []
    offsets = []
    for k, (_start, _end, _delta, listed) in enumerate(segments):
        if listed is None:
            offsets.append(0)
            continue
        offsets.append(head - (14 + 6 * n + 2 + 2 * k) + 2 * len(glyphs))
        glyphs += listed
    length = head + 2 * len(glyphs)
    return struct.pack(f">7H{n}HH{n}H{n}h{n}H{len(glyphs)}H", 4, length, 0, 2 * n, 0, 0, 0,
                       *(s[1] for s in segments), 0, *(s[0] for s in segments),
                       *(s[2] for s in segments), *offsets, *glyphs)


def test_a_character_listed_twice_has_the_glyph_listed_last() -> None:
    """As reportlab reads such a map (a dict filled in the file's order); the segments out of
    order are not bisected."""
    from pulka.render.pdf.cmap import char_map

    data = _format4([(0x41, 0x43, 10, None), (0x43, 0x44, 1, [5, 0]), (0xFFFF, 0xFFFF, 1, None)])
    chars = char_map(data, 0)
    assert chars is not None and not chars.disjoint
    assert list(chars.pairs()) == [(0x41, 75), (0x42, 76), (0x43, 77), (0x43, 6), (0x44, 0),
                                   (0xFFFF, 0)]
    assert chars.listed == 6
    assert [chars.glyph(c) for c in range(0x40, 0x46)] == [0, 75, 76, 6, 0, 0]


def test_segments_in_order_are_bisected() -> None:
    from pulka.render.pdf.cmap import char_map

    data = _format4([(0x20, 0x21, -0x20, None), (0x41, 0x42, 0, [7, 9]), (0x430, 0x44F, 100, None),
                     (0xFFFF, 0xFFFF, 1, None)])
    chars = char_map(data, 0)
    assert chars is not None and chars.disjoint
    wanted = dict(chars.pairs())
    assert wanted == {0x20: 0, 0x21: 1, 0x41: 7, 0x42: 9, **{c: c + 100 for c in range(0x430, 0x450)},
                      0xFFFF: 0}
    assert all(chars.glyph(c) == wanted.get(c, 0) for c in range(0x10001))
