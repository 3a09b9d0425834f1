"""A TrueType font's character map, read once for the font finder and for the PDF's faces.

:mod:`.fonts` asks which characters a font has (to choose a font without importing
reportlab); :mod:`.face` asks for every character's glyph (reportlab's own reading costs
about 100 M instructions a face). Both read it here, from the subtable reportlab chooses, so
what the finder says a font has is what the PDF draws. Each array of the subtable is read
with one struct call. Formats 4 and 12 only, what Unicode fonts carry; any other is left to
reportlab (the finder takes such a font for one without the letters).
"""

from __future__ import annotations

import struct
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from functools import cached_property
from itertools import chain


def tables(data: bytes) -> dict[bytes, int] | None:
    """The offsets of a font file's tables by tag; None for a file that is not TrueType (CFF
    outlines, a collection), which the PDF cannot embed.

    Raises:
        struct.error: the file is cut short.
    """
    if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        return None
    count = struct.unpack_from(">H", data, 4)[0]
    found = {}
    for i in range(count):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        found[tag] = offset
    return found


def unicode_subtable(data: bytes, cmap: int) -> int | None:
    """Where the subtable reportlab reads starts, for the cmap table at ``cmap`` (the last
    Unicode one listed, else the Mac Roman one); None where there is none."""
    version, count = struct.unpack_from(">HH", data, cmap)
    if count == 0 and version != 0:  # (reportlab reads the two numbers either way round)
        count = version
    at = None
    unicode = False
    for k in range(count):
        platform, encoding, offset = struct.unpack_from(">HHL", data, cmap + 4 + 8 * k)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            unicode, at = True, offset
        elif platform == 1 and encoding == 0 and not unicode:
            at = offset
    return None if at is None else cmap + at


def char_map(data: bytes, at: int) -> CharMap | None:
    """The subtable at ``at``; None for a format other than 4 or 12.

    Raises:
        struct.error: the subtable runs past the file.
    """
    fmt = struct.unpack_from(">H", data, at)[0]
    if fmt == 12:
        return _Groups(data, at)
    if fmt == 4:
        return _Segments(data, at)
    return None


class CharMap:
    """A character map: the glyph of a character, and every (character, glyph) it lists. A
    character listed twice has the glyph listed last (as reportlab reads it)."""

    #: the runs of characters are in order and apart, as the format requires: a character's
    #: run is found by bisection
    disjoint: bool

    @property
    def listed(self) -> int:
        """How many (character, glyph) the subtable lists, a character listed twice counted twice."""
        raise NotImplementedError

    def pairs(self) -> Iterable[tuple[int, int]]:
        """Every (character, glyph) in the order of the file, glyph 0 included."""
        raise NotImplementedError

    def glyph(self, code: int) -> int:
        """The glyph of the character, 0 (the missing glyph) where there is none."""
        if not self.disjoint:
            return self._all.get(code, 0)
        return self._bisected(code)

    def _bisected(self, code: int) -> int:
        raise NotImplementedError

    @cached_property
    def _all(self) -> dict[int, int]:
        return dict(self.pairs())


class _Groups(CharMap):
    """Format 12: groups of consecutive characters on consecutive glyphs."""

    def __init__(self, data: bytes, at: int) -> None:
        count = struct.unpack_from(">L", data, at + 12)[0]
        triples = struct.unpack_from(f">{3 * count}L", data, at + 16)
        self._starts = triples[0::3]
        self._ends = triples[1::3]
        self._firsts = triples[2::3]
        self._count = sum(max(end + 1 - start, 0) for start, end in zip(self._starts, self._ends,
                                                                         strict=True))
        self.disjoint = all(start <= end for start, end in zip(self._starts, self._ends, strict=True)) \
            and all(end < start for end, start in zip(self._ends, self._starts[1:], strict=False))

    @property
    def listed(self) -> int:
        return self._count

    def pairs(self) -> Iterator[tuple[int, int]]:
        return chain.from_iterable(
            zip(range(start, end + 1), range(first, first + end + 1 - start), strict=True)
            for start, end, first in zip(self._starts, self._ends, self._firsts, strict=True))

    def _bisected(self, code: int) -> int:
        i = bisect_right(self._starts, code) - 1
        if i < 0 or code > self._ends[i]:
            return 0
        return self._firsts[i] + code - self._starts[i]


class _Segments(CharMap):
    """Format 4: segments of characters, each glyph its character moved by the segment's
    delta, or read from the array of glyphs that follows the segments."""

    def __init__(self, data: bytes, at: int) -> None:
        self._data = data
        self._limit = at + struct.unpack_from(">H", data, at + 2)[0]  # (the subtable's end)
        segments = struct.unpack_from(">H", data, at + 6)[0] // 2
        self._ends = struct.unpack_from(f">{segments}H", data, at + 14)
        self._starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
        self._deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
        self._ranges_at = at + 16 + 6 * segments
        self._ranges = struct.unpack_from(f">{segments}H", data, self._ranges_at)
        self.disjoint = all(start <= end for start, end in zip(self._starts, self._ends, strict=True)) \
            and all(end < start for end, start in zip(self._ends, self._starts[1:], strict=False))

    @cached_property
    def _listed(self) -> list[tuple[int, int]]:
        pairs: list[tuple[int, int]] = []
        for n, (start, end, delta, offset) in enumerate(zip(self._starts, self._ends, self._deltas,
                                                            self._ranges, strict=True)):
            if end < start:
                continue
            if offset == 0:
                first_glyph = start + delta
                if 0 <= first_glyph and end + delta <= 0xFFFF:  # (no glyph wraps round 65536)
                    pairs += zip(range(start, end + 1), range(first_glyph, end + delta + 1),
                                 strict=True)
                else:
                    pairs += ((code, (code + delta) & 0xFFFF) for code in range(start, end + 1))
                continue
            pairs += ((code, self._from_array(n, code)) for code in range(start, end + 1))
        return pairs

    @property
    def listed(self) -> int:  # (read when asked: it reads every glyph)
        return len(self._listed)

    def pairs(self) -> list[tuple[int, int]]:
        return self._listed

    def _from_array(self, n: int, code: int) -> int:
        """The glyph of a character in segment n, whose glyphs are in the array."""
        where = self._ranges_at + 2 * n + self._ranges[n] + 2 * (code - self._starts[n])
        if where >= self._limit:  # (past the subtable: 0, as reportlab reads a broken font)
            return 0
        glyph = struct.unpack_from(">H", self._data, where)[0]
        return (glyph + self._deltas[n]) & 0xFFFF if glyph else 0

    def _bisected(self, code: int) -> int:
        n = bisect_left(self._ends, code)  # the one segment that can hold the code
        if n == len(self._ends) or code < self._starts[n]:
            return 0
        if self._ranges[n] == 0:
            return (code + self._deltas[n]) & 0xFFFF
        return self._from_array(n, code)
