"""Fonts and styles of the PDF sheet, and the small drawing helpers every page shares.

:class:`Styles` holds every size, grey level and line width; :func:`load_fonts` finds the
fonts (see :mod:`.fonts`), registers them with reportlab and notes the symbols they lack;
:func:`new_canvas` starts a deterministic A4 document.
"""

from __future__ import annotations

import base64
import io
import zlib
from collections.abc import Callable
from pathlib import Path
from types import BuiltinFunctionType
from weakref import WeakKeyDictionary

from reportlab.lib.pagesizes import A4
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from ...errors import PulkaError, os_cause
from ...frozen import Frozen
from ...i18n import _, translated
from ...numbers import VULGAR_PLAIN, plain_small_fractions
from . import fonts
from .face import QuickFont


class Styles:
    """Every font size (points), grey level and line width of the PDF, in one place."""

    title = 14.0
    subtitle = 8.0
    name = 10.0
    label = 6.0
    target = 15.0
    field = 7.0
    legend = 6.0
    table = 7.0
    list_text = 7.0
    heading = 11.0
    step_title = 7.5
    footer = 6.5
    ink = 0.0
    grey = 0.42
    light = 0.80
    guide = 0.88
    line_outer = 1.1
    line_divider = 0.75
    line_ring = 0.45
    line_cut = 0.35
    line_guide = 0.25


#: symbols the sheet uses, and what to write instead with a font that lacks them
FALLBACK = {
    "♠": "s", "♣": "c", "♦": "d", "♥": "h", "⚑": "F", "‖": "||", "✓": "+", "−": "-", "—": "-",
    "→": "->", "×": "x", "÷": "/", "…": "...", "№": "N", "·": "-", "–": "-", "≥": ">=",
    **VULGAR_PLAIN, "⁄": "/",
}




class Fonts(Frozen):
    """The registered regular and bold faces, and the symbols they lack: a frozen record, equal
    to another of the same fields, each with its own caches of what it has written, measured
    and drawn. (Written by hand rather than as a frozen dataclass, compiled at every start.)"""

    FIELDS = ("regular", "bold", "replace", "faces", "aliases")

    regular: str
    bold: str
    replace: tuple[tuple[str, str], ...]
    faces: tuple[Path, ...]  #: the font files, to tell what else they cannot draw
    aliases: tuple[tuple[str, str], ...]  #: names the font cannot draw, as written
    _texts: dict[str, str]
    _widths: dict[tuple[str, bool], float]
    _drawn: dict[str, bool]

    def __init__(self, regular: str, bold: str, replace: tuple[tuple[str, str], ...] = (),
                 faces: tuple[Path, ...] = (), aliases: tuple[tuple[str, str], ...] = ()) -> None:
        self.__dict__.update(regular=regular, bold=bold, replace=replace, faces=faces,
                             aliases=aliases, _texts={}, _widths={}, _drawn={})

    def aliased(self, aliases: tuple[tuple[str, str], ...]) -> Fonts:
        """The same fonts with these aliases (and caches of their own), as
        ``dataclasses.replace(fonts, aliases=...)`` made them."""
        return Fonts(self.regular, self.bold, self.replace, self.faces, aliases)

    def _fields(self) -> tuple:
        return (self.regular, self.bold, self.replace, self.faces, self.aliases)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self.FIELDS, self._fields(),
                                                                      strict=True))
        return f"{self.__class__.__qualname__}({shown})"

    def text(self, value: str) -> str:
        """The text with every symbol the font lacks written another way, a name it cannot
        draw by its alias (:func:`aliases`), any other letter it lacks as ``?``: never a box."""
        done = self._texts.get(value)
        if done is None:  # (a sheet writes the same totals and words again and again)
            done = self._texts[value] = self._written(value)
        return done

    def _written(self, value: str) -> str:
        for name, alias in self.aliases:
            value = value.replace(name, alias)
        if "⁄" in value and any(symbol == "⁄" for symbol, _ in self.replace):  # ¹⁄₇ as (1/7)
            value = plain_small_fractions(value)
        for symbol, plain in self.replace:
            value = value.replace(symbol, plain)
        if self.faces and not value.isascii():
            lacking = {ord(ch): "?" for ch in set(value) if not ch.isascii() and not self.draws(ch)}
            value = value.translate(lacking) if lacking else value
        return value

    def draws(self, ch: str) -> bool:
        """Whether both faces have a glyph for the character."""
        done = self._drawn.get(ch)
        if done is None:
            key = (self.faces, ch)
            if key not in _DRAWS:
                _DRAWS[key] = not any(fonts.missing(face, ch) for face in self.faces)
            done = self._drawn[ch] = _DRAWS[key]
        return done

    def width(self, value: str, bold: bool = False) -> float:
        """Width of the text at size 1, in points."""
        key = (value, bold)
        done = self._widths.get(key)
        if done is None:  # (measured once: fitting a band tries every size on the same texts)
            done = self._widths[key] = pdfmetrics.stringWidth(value, self.bold if bold else self.regular,
                                                              1.0)
        return done


_REGISTERED: dict[tuple[str, int, int], str] = {}
_DRAWS: dict[tuple[tuple[Path, ...], str], bool] = {}


def _register(path: Path) -> str:
    """Register a TTF with reportlab once; the name comes from the file's content."""
    try:
        stat = path.stat()
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        data = b"" if key in _REGISTERED else fonts.font_bytes(path)
    except OSError as exc:
        raise PulkaError(_("cannot read the font {font}: {cause}").format(
            font=path, cause=os_cause(exc)), hint=_("pass --font PATH to a .ttf file")) from None
    if key not in _REGISTERED:
        # (the name from a CRC: a SHA-1 of the two faces cost 17 M instructions a PDF)
        name = f"Pulka-{zlib.crc32(data):08x}-{len(data)}"
        if name not in pdfmetrics.getRegisteredFontNames():
            try:
                face = QuickFont(name, path)  # (reportlab's TTFont, read faster)
            except Exception as exc:  # reportlab raises its own TTFError and plain errors
                raise PulkaError(_("{path}: cannot use this font: {error}").format(path=path, error=exc),
                                 hint=_("pass --font PATH to a TrueType .ttf file")) from None
            if ord("Я") not in face.face.charToGlyph:
                raise PulkaError(translated(fonts.NOT_FOUND))
            pdfmetrics.registerFont(face)
        _REGISTERED[key] = name
    return _REGISTERED[key]


def load_fonts(font: str | None = None) -> Fonts:
    """Find, check and register the fonts (see :mod:`.fonts` for the search order)."""
    files = fonts.find_font(font)
    regular, bold = _register(files.regular), _register(files.bold)
    lacking = fonts.missing(files.regular, "".join(FALLBACK)) | fonts.missing(files.bold, "".join(FALLBACK))
    return Fonts(regular, bold, tuple((s, FALLBACK[s]) for s in FALLBACK if s in lacking),
                 (files.regular, files.bold))


def aliases(names, draws: Callable[[str], bool]) -> dict[str, str]:
    """How the sheet writes each name with letters the font lacks: ``?`` for each of them, and
    the seat's number after it where that alone would not tell the player (``??1``, ``??3``)."""
    shown = {name: "".join(ch if ch.isascii() or draws(ch) else "?" for ch in name) for name in names}
    out = {}
    for seat, name in enumerate(names, 1):
        if shown[name] == name:
            continue
        alias = shown[name]
        if not alias.strip("? ") or list(shown.values()).count(alias) > 1 or alias in names:
            alias = f"{alias}{seat}"
        out[name] = alias
    return dict(sorted(out.items(), key=lambda item: -len(item[0])))  # a longer name first


def a85(data: bytes) -> str:
    """ASCII base-85, as reportlab writes a PDF's streams (``z`` for four zero bytes, ``~>`` at
    the end: the very same text), with the standard library's encoder: a few times faster
    than reportlab's own pure-Python one, which would otherwise encode every page."""
    return base64.a85encode(data).decode("latin-1") + "~>"


def save(c: Canvas) -> None:
    """``c.save()``, its streams encoded by :func:`a85` (the same bytes) unless reportlab has
    its own encoder in C (its ``accel`` extra, rl_accel: fifty times quicker again)."""
    before = pdfdoc.asciiBase85Encode  # type: ignore[attr-defined]
    if isinstance(before, BuiltinFunctionType):
        c.save()
        return
    pdfdoc.asciiBase85Encode = a85  # type: ignore[attr-defined]
    try:
        c.save()
    finally:
        pdfdoc.asciiBase85Encode = before  # type: ignore[attr-defined]


def new_canvas(buf: io.BytesIO, title: str) -> Canvas:
    """An A4 canvas whose output is deterministic (``invariant=1``): the same page, the same bytes."""
    c = Canvas(buf, pagesize=A4, invariant=1)
    c.setTitle(title)
    c.setCreator("pulka")
    return c


# --- shared drawing helpers ------------------------------------------------------------------


class Lines(PDFTextObject):
    """A text object whose every line is placed with ``setTextOrigin``: ``textOut`` writes the
    same operators as reportlab's, without measuring the advance of a cursor no line reads
    (``getX`` is not kept), and a line written before in the same font, size and subset is
    not encoded again (the encoding of a character never changes within a document); the
    numbers of an origin are formatted once each."""

    # reportlab's own state, which its stubs leave out
    _canvas: Canvas
    _fontname: str
    _fontsize: float
    _leading: float
    _curSubset: int
    _code: list[str]
    _formatText: Callable[[str], str]
    _x: float
    _y: float
    _x0: float
    _y0: float

    def __init__(self, canvas: Canvas, written: dict) -> None:
        super().__init__(canvas)
        self._written = written

    def setTextOrigin(self, x: float, y: float) -> None:
        if not self._canvas.bottomup:
            super().setTextOrigin(x, y)
            return
        self._code.append(f"1 0 0 1 {_number(x)} {_number(y)} Tm")  # (fp_str(x, y), as reportlab)
        self._x0 = self._x = x
        self._y0 = self._y = y

    def textOut(self, text: str) -> None:
        key = (self._fontname, self._fontsize, self._leading, self._curSubset, text)
        done = self._written.get(key)
        if done is None:
            done = self._written[key] = (self._formatText(text), self._curSubset)
        code, self._curSubset = done
        self._code.append(code)


_NUMBERS: dict[float, str] = {}


def _number(value: float) -> str:
    done = _NUMBERS.get(value)
    if done is None:
        done = _NUMBERS[value] = fp_str(value)
    return done


_LINES: WeakKeyDictionary[Canvas, dict] = WeakKeyDictionary()


def begin_lines(c: Canvas) -> Lines:
    """``c.beginText()`` for lines each placed on its own (see :class:`Lines`)."""
    return Lines(c, _LINES.setdefault(c, {}))



def rule(c: Canvas, st: type[Styles], x1: float, y: float, x2: float) -> None:
    """A grey hairline to write on, from x1 to x2 at height y (points)."""
    c.setLineWidth(st.line_cut)
    c.setStrokeGray(st.grey)
    c.line(x1, y, x2, y)
    c.setStrokeGray(st.ink)


def guide_lines(c: Canvas, st: type[Styles], left: float, right: float, top: float,
                bottom: float, step: float) -> None:
    """A blank sheet's guide lines to write on, every ``step`` points below ``top`` down to
    ``bottom`` (points)."""
    c.setLineWidth(st.line_guide)
    c.setStrokeGray(st.guide)
    y = top - step
    while y > bottom + 1 * mm:
        c.line(left, y, right, y)
        y -= step
    c.setStrokeGray(st.ink)


def longest(fits: Callable[[int], bool], most: int) -> int:
    """The largest k in 0..most with ``fits(k)``, for a ``fits`` true up to some k and false
    after it (0 when none fits): doubling, then halving, so a long text is measured only
    O(log k) times on prefixes of about k characters."""
    low, high = 0, 1
    while high <= most and fits(high):
        low, high = high, high * 2
    high = min(high, most + 1)  # fits(high) is false or beyond the end
    while high - low > 1:
        mid = (low + high) // 2
        if fits(mid):
            low = mid
        else:
            high = mid
    return low


def clip(f: Fonts, text: str, bold: bool, size: float, width: float) -> str:
    """The text, cut short with an ellipsis if it is wider than ``width``."""
    if f.width(text, bold) * size <= width:
        return text
    ellipsis = f.text("…")
    keep = longest(lambda k: f.width(text[:k] + ellipsis, bold) * size <= width, len(text) - 1)
    return text[:keep] + ellipsis


def clip_names(f: Fonts, names: list[str], bold: bool, size: float, width: float
               ) -> dict[str, str]:
    """Each name cut to ``width`` as :func:`clip` cuts a text, but never two to the same form:
    where clipping would make two alike, the longest distinct short forms that fit
    (:func:`pulka.names.short_forms`: ``А.-К. Петровна``, ``Алекс…ровна``)."""
    from ...names import short_forms

    shown = {name: clip(f, name, bold, size, width) for name in names}
    if len(set(shown.values())) == len(shown):
        return shown
    longest_name = max(len(name) for name in names)
    for chars in range(longest_name, 2, -1):
        forms = short_forms(names, chars)
        if all(f.width(form, bold) * size <= width for form in forms.values()):
            return forms
    return short_forms(names, 3)


def arrowhead(c: Canvas, x: float, y: float, dx: float, dy: float, size: float) -> None:
    """A filled arrowhead with its tip at (x, y), pointing along (dx, dy); mm throughout."""
    px, py = -dy, dx
    path = c.beginPath()
    path.moveTo(x * mm, y * mm)
    path.lineTo((x - dx * size + px * size * 0.45) * mm, (y - dy * size + py * size * 0.45) * mm)
    path.lineTo((x - dx * size - px * size * 0.45) * mm, (y - dy * size - py * size * 0.45) * mm)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
