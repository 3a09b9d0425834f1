"""Finding a TrueType font that can write Cyrillic, for the PDF.

reportlab's built-in fonts (and its bundled Vera) have no Cyrillic and print boxes without
complaint, so the PDF never uses them. The order is: the font given with ``--font`` (it must
be usable, or it is an error), then DejaVu Sans shipped in ``pulka/render/pdf/font_files``, then the usual
system places. A font is usable when it is a TrueType file whose cmap maps the Cyrillic
letters; that is read here from the file itself, so this module needs no reportlab (the PDF
module registers the files it returns).
"""

from __future__ import annotations

import struct
import sys
from bisect import bisect_left, bisect_right
from functools import lru_cache
from pathlib import Path

from ...errors import PulkaError
from ...frozen import NamedTuple
from ...i18n import N_, _, translated

#: letters a font must have to be used: if these are there, the alphabet is
REQUIRED = "АЯаяЁёЖж"

NOT_FOUND = N_("no font with Cyrillic found; pass --font PATH")

#: system fonts tried after the packaged ones, in order: (regular, bold)
SYSTEM_FONTS: tuple[tuple[str, str], ...] = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
     "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/local/share/fonts/DejaVuSans.ttf", "/usr/local/share/fonts/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
     "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"),
    ("/Library/Fonts/Arial.ttf", "/Library/Fonts/Arial Bold.ttf"),
    ("/System/Library/Fonts/Supplemental/Arial.ttf",
     "/System/Library/Fonts/Supplemental/Arial Bold.ttf"),
    ("C:/Windows/Fonts/DejaVuSans.ttf", "C:/Windows/Fonts/DejaVuSans-Bold.ttf"),
    ("C:/Windows/Fonts/arial.ttf", "C:/Windows/Fonts/arialbd.ttf"),
)


class FontFiles(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond at start-up)
    """The two faces the PDF uses; ``bold`` is ``regular`` when there is no bold face."""

    regular: Path
    bold: Path


def packaged_dir() -> Path | None:
    """``pulka/render/pdf/font_files`` as a directory on disk (None if the package is not on disk). (Found
    from this file, as importlib.resources would find it for a package on disk: that module
    and its readers, zipfile among them, cost 2.5 ms to import.)"""
    path = Path(__file__).parent / "font_files"
    return path if path.is_dir() else None


def candidates() -> list[FontFiles]:
    """The fonts to try when none is given: the packaged DejaVu Sans, then system fonts."""
    found: list[FontFiles] = []
    folder = packaged_dir()
    if folder is not None:
        found.append(FontFiles(folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"))
    home = Path.home()
    user = [(str(home / ".local/share/fonts/DejaVuSans.ttf"),
             str(home / ".local/share/fonts/DejaVuSans-Bold.ttf"))]
    if sys.platform == "darwin":
        user.append((str(home / "Library/Fonts/DejaVuSans.ttf"),
                     str(home / "Library/Fonts/DejaVuSans-Bold.ttf")))
    for regular, bold in (*SYSTEM_FONTS, *user):
        found.append(FontFiles(Path(regular), Path(bold)))
    return found


def find_font(font: str | None = None) -> FontFiles:
    """The font files to draw with.

    Args:
        font: a TTF file the user chose (``--font``); used when given.

    Raises:
        PulkaError: the given font is missing or cannot write Cyrillic, or none was given and
            no usable font was found.
    """
    if font:
        path = Path(font).expanduser()
        if not path.is_file():
            raise PulkaError(_("font not found: {font}").format(font=font),
                             hint=_("pass --font PATH to a .ttf file"))
        if not covers(path, REQUIRED):
            raise PulkaError(_("{font}: not a TrueType font with Cyrillic letters").format(font=font),
                             hint=_("pass --font PATH to a .ttf file that has Cyrillic"))
        bold = _bold_sibling(path)
        return FontFiles(path, bold if bold is not None and covers(bold, REQUIRED) else path)
    for pair in candidates():
        if pair.regular.is_file() and covers(pair.regular, REQUIRED):
            bold = pair.bold if pair.bold.is_file() and covers(pair.bold, REQUIRED) else pair.regular
            return FontFiles(pair.regular, bold)
    raise PulkaError(translated(NOT_FOUND))


def _bold_sibling(path: Path) -> Path | None:
    for name in (f"{path.stem}-Bold{path.suffix}", f"{path.stem}bd{path.suffix}",
                 f"{path.stem} Bold{path.suffix}"):
        sibling = path.with_name(name)
        if sibling.is_file():
            return sibling
    return None


def covers(path: Path, text: str) -> bool:
    """True if ``path`` is a TrueType font (glyf outlines) whose cmap has every character."""
    codes = _cmap_codes(str(path))
    return codes is not None and all(codes(ord(ch)) for ch in text)


def missing(path: Path, text: str) -> set[str]:
    """The characters of ``text`` the font has no glyph for."""
    codes = _cmap_codes(str(path))
    if codes is None:
        return set(text)
    return {ch for ch in set(text) if not codes(ord(ch))}


@lru_cache(maxsize=16)
def _cmap_codes(path: str):
    """A predicate "code point has a glyph" read from the font's cmap, or None if unusable."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    try:
        return _read_cmap(data)
    except (struct.error, IndexError, ValueError):
        return None


def _read_cmap(data: bytes):
    version = data[:4]
    if version not in (b"\x00\x01\x00\x00", b"true"):
        return None  # CFF (OTTO), collections and other formats cannot be embedded
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = (offset, length)
    if b"cmap" not in tables or b"glyf" not in tables:
        return None
    base = tables[b"cmap"][0]
    n = struct.unpack_from(">H", data, base + 2)[0]
    subtables = {}
    for i in range(n):
        platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        subtables[(platform, encoding)] = base + offset
    for key in ((3, 10), (0, 4), (0, 6)):
        if key in subtables and struct.unpack_from(">H", data, subtables[key])[0] == 12:
            return _format12(data, subtables[key])
    for key in ((3, 1), (0, 3), (0, 2), (0, 1), (0, 0)):
        if key in subtables and struct.unpack_from(">H", data, subtables[key])[0] == 4:
            return _format4(data, subtables[key])
    return None


def _format12(data: bytes, at: int):
    groups = struct.unpack_from(">I", data, at + 12)[0]
    ranges = [struct.unpack_from(">III", data, at + 16 + 12 * i) for i in range(groups)]
    starts = [start for start, _end, _glyph in ranges]
    ordered = all(ranges[i][1] < ranges[i + 1][0] for i in range(groups - 1))

    def has(code: int) -> bool:
        if ordered:  # (as the format requires: the one group that can hold the code)
            i = bisect_right(starts, code) - 1
            if i < 0:
                return False
            start, end, glyph = ranges[i]
            return start <= code <= end and glyph + code - start != 0
        return any(start <= code <= end and glyph + code - start != 0 for start, end, glyph in ranges)

    return has


def _format4(data: bytes, at: int):
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends_at = at + 14
    starts_at = ends_at + 2 * segments + 2
    deltas_at = starts_at + 2 * segments
    offsets_at = deltas_at + 2 * segments
    ends = struct.unpack_from(f">{segments}H", data, ends_at)
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, deltas_at)
    offsets = struct.unpack_from(f">{segments}H", data, offsets_at)

    ordered = all(ends[i] < ends[i + 1] for i in range(segments - 1))

    def has(code: int) -> bool:
        if code > 0xFFFF:
            return False
        # (the segments are in order of their ends, as the format requires: the first that
        # ends at or after the code is found by bisection; a font out of order, one by one)
        first = bisect_left(ends, code) if ordered else 0
        for i in range(first, segments):
            if ends[i] < code:
                continue
            if starts[i] > code:
                return False
            if offsets[i] == 0:
                return (code + deltas[i]) & 0xFFFF != 0
            where = offsets_at + 2 * i + offsets[i] + 2 * (code - starts[i])
            glyph = struct.unpack_from(">H", data, where)[0]
            return glyph != 0 and (glyph + deltas[i]) & 0xFFFF != 0
        return False

    return has
