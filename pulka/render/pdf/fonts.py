"""Finding a TrueType font that can write Cyrillic, for the PDF.

reportlab's built-in fonts (and its bundled Vera) have no Cyrillic and print boxes without
complaint, so the PDF never uses them. The order is: the font given with ``--font`` (it must
be usable, or it is an error), then DejaVu Sans shipped in ``pulka/render/pdf/font_files``, then the usual
system places. A font is usable when it is a TrueType file whose cmap maps the Cyrillic
letters; that is read from the file itself (:mod:`.cmap`, as the PDF's faces read it), so
this module needs no reportlab (the PDF module registers the files it returns).
"""

from __future__ import annotations

import os
import stat
import struct
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from ...errors import PulkaError, os_cause
from ...frozen import NamedTuple
from ...i18n import N_, _, translated
from .cmap import char_map, tables, unicode_subtable

#: letters a font must have to be used: if these are there, the alphabet is
REQUIRED = "АЯаяЁёЖж"

NOT_FOUND = N_("no font with Cyrillic found; pass --font PATH")

#: the largest font file read (whole): DejaVu Sans is 0.7 MB, the largest common TrueType
#: fonts some 25 MB; a file beyond this is not a font one writes a score sheet with
MAX_FONT_BYTES = 64 << 20

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
        _check_given(path, font)
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


def _check_given(path: Path, font: str) -> None:
    """The font given with --font is a regular file that can be read, of a font's size.

    Raises:
        PulkaError: missing, not a regular file (a folder, a FIFO, /dev/zero), too large,
            or unreadable, said so.
    """
    hint = _("pass --font PATH to a .ttf file")
    try:
        found = os.stat(path)
    except FileNotFoundError:
        raise PulkaError(_("font not found: {font}").format(font=font), hint=hint) from None
    except OSError as exc:
        raise PulkaError(_("cannot read the font {font}: {cause}").format(
            font=font, cause=os_cause(exc)), hint=hint) from None
    if not stat.S_ISREG(found.st_mode):
        raise PulkaError(_("{font}: not a regular file (a folder, a pipe or a device); a font "
                           "is a .ttf file").format(font=font), hint=hint)
    if found.st_size > MAX_FONT_BYTES:
        raise PulkaError(_("{font}: {size} bytes, more than the {limit} bytes pulka reads in a "
                           "font").format(font=font, size=found.st_size, limit=MAX_FONT_BYTES),
                         hint=hint)
    try:
        font_bytes(path)
    except OSError as exc:
        raise PulkaError(_("cannot read the font {font}: {cause}").format(
            font=font, cause=os_cause(exc)), hint=hint) from None


def font_bytes(path: Path | str) -> bytes:
    """The whole font file, if it is a regular file of at most MAX_FONT_BYTES (opened without
    blocking: a FIFO put in a font's place does not hang the export).

    Raises:
        OSError: it cannot be read, is not a regular file (EINVAL) or is too large (EFBIG).
    """
    import errno

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))
        if found.st_size > MAX_FONT_BYTES:
            raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(MAX_FONT_BYTES + 1)
        if len(data) > MAX_FONT_BYTES:  # (it grew as it was read)
            raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))
        return data
    finally:
        os.close(fd)


@lru_cache(maxsize=16)
def _cmap_codes(path: str) -> Callable[[int], bool] | None:
    """A predicate "code point has a glyph" read from the font's cmap (:mod:`.cmap`), or None
    if the font is unusable."""
    try:
        data = font_bytes(path)
    except OSError:
        return None
    try:
        found = tables(data)
        if found is None or b"cmap" not in found or b"glyf" not in found:
            return None  # CFF (OTTO), collections and other formats cannot be embedded
        at = unicode_subtable(data, found[b"cmap"])
        chars = None if at is None else char_map(data, at)
    except (struct.error, IndexError, ValueError):
        return None
    if chars is None:
        return None

    def has(code: int) -> bool:
        try:
            return chars.glyph(code) != 0
        except (struct.error, IndexError):  # (a map that runs past the file: reportlab refuses it)
            return False

    return has
