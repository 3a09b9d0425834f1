"""reportlab's TrueType font, read from the file with one struct call a table.

reportlab's ``TTFontFile.extractInfo`` reads the character map, the advance widths and the
glyph offsets one number at a time in Python: for DejaVu Sans (6,253 glyphs) that is about
100 M instructions a face, half the start-up of ``export --pdf``. :class:`QuickFace` lets
reportlab read the headers (names, metrics, flags), then reads those three tables whole (the
character map with :mod:`.cmap`, which the font finder reads too) and gives the same
attributes reportlab would, with its quirks: ``charToGlyph``, ``charWidths`` and
``defaultWidth`` at once (every text is measured with them); ``hmetrics`` and ``glyphPos``,
which only the embedded subset reads (a few hundred glyphs), as sequences that read an
entry when asked; ``glyphToChar`` (only shaping reads it) when first asked. A character
map of another format than 4 or 12, or one that maps a character twice, is left to
reportlab. The PDF drawn with it is the same, byte for byte (tests/test_pdf_fast.py
compares the two readings).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Sequence
from fnmatch import fnmatch
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, overload
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace

from .cmap import char_map, unicode_subtable


class QuickFace(TTFontFace):
    """A ``TTFontFace`` whose character tables are read whole (see the module's docstring)."""

    _pairs: Callable[[], Iterable[tuple[int, int]]]  #: the cmap's (character, glyph), in order

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

    @cached_property
    def glyphToChar(self) -> dict[int, list[int]]:
        """Glyph -> the characters the cmap maps to it, as reportlab makes it."""
        out: dict[int, list[int]] = {}
        for code, glyph in self._pairs():
            out.setdefault(glyph, []).append(code)
        return out


class QuickFont(TTFont):
    """``TTFont(name, path)`` with a :class:`QuickFace`: what ``TTFont.__init__`` sets."""

    def __init__(self, name: str, path: Path | str) -> None:  # (no super(): it would read the file)
        self.fontName = name
        self.face = QuickFace(str(path))
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob or ())


class _Entries(Sequence):
    """A table of the font file read one entry at a time: ``read(k)`` is entry k."""

    def __init__(self, count: int, read: Callable[[int], Any]) -> None:
        self._count = count
        self._read = read

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, k: int) -> Any: ...

    @overload
    def __getitem__(self, k: slice) -> list: ...

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(self._count))]
        if k < 0:
            k += self._count
        if not 0 <= k < self._count:
            raise IndexError(k)
        return self._read(k)


def _char_info(face: Any) -> bool:  # (a QuickFace: reportlab's attributes are untyped)
    """Fill the face's character tables as ``extractInfo`` does; False where it cannot (and
    reportlab's own reading says what is wrong with the font, or reads it)."""
    data = face._ttf_data
    head = face.table["head"]["offset"]
    index_to_loc, glyph_format = struct.unpack_from(">HH", data, head + 50)
    if glyph_format != 0:
        return False  # (reportlab's reading refuses it, in its words)
    at = unicode_subtable(data, face.table["cmap"]["offset"])
    if at is None:
        return False
    chars = char_map(data, at)
    if chars is None:
        return False
    char_to_glyph = dict(chars.pairs())
    if chars.listed != len(char_to_glyph):  # a character mapped twice: reportlab's order of widths
        return False
    hhea = face.table["hhea"]["offset"]
    metrics = struct.unpack_from(">H", data, hhea + 34)[0]
    glyphs = face.numGlyphs
    hmtx = face.table["hmtx"]["offset"]
    full = struct.unpack_from(f">{2 * metrics}H", data, hmtx)
    if face.unitsPerEm == 1000:  # (reportlab's scale, x * (1000 / unitsPerEm))
        advances = list(full[::2])
    else:
        per_unit = 1000 / face.unitsPerEm
        advances = [aw * per_unit for aw in full[::2]]
    last = advances[-1]
    rest = max(glyphs - metrics, 0)  # past the full pairs only side bearings, the last advance kept
    if rest:
        struct.unpack_from(">H", data, hmtx + 4 * metrics + 2 * (rest - 1))  # (the whole table is there)
    widths = advances + [last] * rest
    if max(char_to_glyph.values(), default=-1) >= len(widths):
        return False  # (a glyph past the font's: reportlab gives it no width)
    char_widths = dict(zip(char_to_glyph, map(widths.__getitem__, char_to_glyph.values()), strict=True))

    def hmetric(k: int) -> tuple:
        if k < metrics:
            return struct.unpack_from(">HH", data, hmtx + 4 * k)
        return (last, struct.unpack_from(">H", data, hmtx + 4 * metrics + 2 * (k - metrics))[0])

    if "loca" not in face.table:
        return False
    loca = face.table["loca"]["offset"]
    if index_to_loc == 0:
        struct.unpack_from(">H", data, loca + 2 * glyphs)  # (the whole table is there)

        def position(k: int) -> int:
            return struct.unpack_from(">H", data, loca + 2 * k)[0] << 1
    elif index_to_loc == 1:
        struct.unpack_from(">L", data, loca + 4 * glyphs)

        def position(k: int) -> int:
            return struct.unpack_from(">L", data, loca + 4 * k)[0]
    else:
        return False
    face.charToGlyph = char_to_glyph
    face._pairs = chars.pairs
    face.charWidths = char_widths
    face.hmetrics = _Entries(metrics + rest, hmetric)
    face.defaultWidth = advances[0]
    face.glyphPos = _Entries(glyphs + 1, position)
    if 0x20 in char_to_glyph:
        char_to_glyph[0xA0] = char_to_glyph[0x20]
        char_widths[0xA0] = char_widths[0x20]
    elif 0xA0 in char_to_glyph:
        char_to_glyph[0x20] = char_to_glyph[0xA0]
        char_widths[0x20] = char_widths[0xA0]
    return True
