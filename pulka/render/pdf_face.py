"""reportlab's TrueType font, read from the file with one struct call a table.

reportlab's ``TTFontFile.extractInfo`` reads the character map, the advance widths and the
glyph offsets one number at a time in Python: for DejaVu Sans (6,253 glyphs) that is about
100 M instructions a face, half the start-up of ``export --pdf``. :class:`QuickFace` lets
reportlab read the headers (names, metrics, flags), then reads those three tables whole and
makes the very same attributes reportlab would (``charToGlyph``, ``glyphToChar``,
``charWidths``, ``hmetrics``, ``defaultWidth``, ``glyphPos``, with reportlab's own quirks);
a character map of another format than 4 or 12 is left to reportlab. The PDF drawn with it
is the same, byte for byte (tests/test_pdf_face.py compares the two readings).
"""

from __future__ import annotations

import struct
from fnmatch import fnmatch
from pathlib import Path
from typing import Any, Literal
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFError, TTFont, TTFontFace


class QuickFace(TTFontFace):
    """A ``TTFontFace`` whose character tables are read whole (see the module's docstring)."""

    def extractInfo(self, charInfo: bool | Literal[0, 1] = 1) -> None:
        super().extractInfo(0)  # the headers only: names, metrics, flags
        if not charInfo:
            return
        try:
            done = _char_info(self)
        except (struct.error, IndexError):
            done = False
        if not done:  # a format read here only by reportlab, or a font it has to refuse
            super().extractInfo(charInfo)


class QuickFont(TTFont):
    """``TTFont(name, path)`` with a :class:`QuickFace`: what ``TTFont.__init__`` sets."""

    def __init__(self, name: str, path: Path | str) -> None:  # (no super(): it would read the file)
        self.fontName = name
        self.face = QuickFace(str(path))
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob or ())


def _char_info(face: Any) -> bool:  # (a QuickFace: reportlab's attributes are untyped)
    """Fill the face's character tables as ``extractInfo`` does; False where it cannot."""
    data = face._ttf_data
    head = face.table["head"]["offset"]
    index_to_loc, glyph_format = struct.unpack_from(">HH", data, head + 50)
    if glyph_format != 0:
        raise TTFError(f"Unknown glyph data format ({glyph_format})")
    cmap = face.table["cmap"]["offset"]
    version, count = struct.unpack_from(">HH", data, cmap)
    if count == 0 and version != 0:
        count = version
    at = None
    enc = 0
    for k in range(count):  # the subtable reportlab chooses (the last one it likes)
        platform, encoding, offset = struct.unpack_from(">HHL", data, cmap + 4 + 8 * k)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            enc, at = 1, offset
        elif platform == 1 and encoding == 0 and enc != 1:
            enc, at = 2, offset
    if at is None:
        return False
    at += cmap
    fmt = struct.unpack_from(">H", data, at)[0]
    if fmt == 12:
        pairs = _format12(data, at)
    elif fmt == 4:
        pairs = _format4(data, at)
    else:
        return False
    char_to_glyph: dict[int, int] = {}
    glyph_to_char: dict[int, list[int]] = {}
    for code, glyph in pairs:
        char_to_glyph[code] = glyph
        glyph_to_char.setdefault(glyph, []).append(code)
    hhea = face.table["hhea"]["offset"]
    metrics = struct.unpack_from(">H", data, hhea + 34)[0]
    glyphs = face.numGlyphs
    hmtx = face.table["hmtx"]["offset"]
    full = struct.unpack_from(f">{2 * metrics}H", data, hmtx)
    scale = face._pdfScale
    advances = [scale(aw) for aw in full[::2]]
    # past the full pairs only the side bearings: the last (scaled) advance, as reportlab keeps it
    hmetrics = list(zip(full[::2], full[1::2], strict=True))
    rest = struct.unpack_from(f">{max(glyphs - metrics, 0)}H", data, hmtx + 4 * metrics)
    last = advances[-1]
    hmetrics += [(last, lsb) for lsb in rest]
    widths = advances + [last] * len(rest)
    # reportlab adds the widths glyph by glyph: the same keys, in that order
    char_widths = {code: widths[glyph] for glyph in sorted(glyph_to_char) if glyph < len(widths)
                   for code in glyph_to_char[glyph]}
    if "loca" not in face.table:
        raise TTFError("missing location table")
    loca = face.table["loca"]["offset"]
    if index_to_loc == 0:
        glyph_pos = [p << 1 for p in struct.unpack_from(f">{glyphs + 1}H", data, loca)]
    elif index_to_loc == 1:
        glyph_pos = list(struct.unpack_from(f">{glyphs + 1}L", data, loca))
    else:
        raise TTFError(f"Unknown location table format ({index_to_loc})")
    face.charToGlyph = char_to_glyph
    face.glyphToChar = glyph_to_char
    face.charWidths = char_widths
    face.hmetrics = hmetrics
    face.defaultWidth = advances[0]
    face.glyphPos = glyph_pos
    if 0x20 in char_to_glyph:
        char_to_glyph[0xA0] = char_to_glyph[0x20]
        char_widths[0xA0] = char_widths[0x20]
    elif 0xA0 in char_to_glyph:
        char_to_glyph[0x20] = char_to_glyph[0xA0]
        char_widths[0x20] = char_widths[0xA0]
    return True


def _format12(data: bytes, at: int) -> list[tuple[int, int]]:
    groups = struct.unpack_from(">L", data, at + 12)[0]
    triples = struct.unpack_from(f">{3 * groups}L", data, at + 16)
    pairs: list[tuple[int, int]] = []
    for k in range(0, 3 * groups, 3):
        start, end, first = triples[k:k + 3]
        pairs += zip(range(start, end + 1), range(first, first + end + 1 - start), strict=True)
    return pairs


def _format4(data: bytes, at: int) -> list[tuple[int, int]]:
    length = struct.unpack_from(">H", data, at + 2)[0]
    limit = at + length
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    pairs: list[tuple[int, int]] = []
    for n in range(segments):
        start, end, delta, offset = starts[n], ends[n], deltas[n], ranges[n]
        if end < start:
            continue
        if offset == 0:
            pairs += ((code, (code + delta) & 0xFFFF) for code in range(start, end + 1))
            continue
        first = ranges_at + 2 * n + offset
        for code in range(start, end + 1):
            where = first + 2 * (code - start)
            glyph = 0 if where >= limit else struct.unpack_from(">H", data, where)[0]
            pairs.append((code, (glyph + delta) & 0xFFFF if glyph else 0))
    return pairs
