"""What a file is, when it is plainly not a journal (UTF-8 text with LF line ends).

Used before a journal is rewritten, so that a workbook, a PDF or a text saved in another
encoding is named and left alone instead of being "repaired".
"""

from __future__ import annotations

from ..i18n import _

HEAD = 4096  # the bytes looked at


def first_line(data: bytes) -> tuple[int, bytes] | None:
    """The first line that is neither blank nor a comment (``;`` or ``#``), stripped, with its
    number; None when the bytes hold no such line. (A journal's is its ``pulka 1``.)"""
    data = data.removeprefix(b"\xef\xbb\xbf")
    start, number = 0, 1
    while start <= len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        text = data[start:end].strip()
        if text and text[:1] not in b";#":
            return number, text
        start, number = end + 1, number + 1
    return None


def says_pulka(data: bytes) -> bool:
    """Does the first line that counts start with the word ``pulka``?"""
    found = first_line(data)
    return found is not None and found[1].split()[0] == b"pulka"


def not_a_journal(data: bytes) -> str | None:
    """What the file is, when its bytes show it cannot be a journal (in the players'
    language); None when they may be."""
    head = data[:HEAD]
    if not data:
        return _("the file is empty")
    if head.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return _("it is UTF-32 text (a journal is UTF-8)")
    if head.startswith(b"\xff\xfe"):
        return _("it is UTF-16 text, little-endian with a byte-order mark (a journal is UTF-8)")
    if head.startswith(b"\xfe\xff"):
        return _("it is UTF-16 text, big-endian with a byte-order mark (a journal is UTF-8)")
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return _("it is a zip archive (an .xlsx workbook, for one)")
    if head.startswith(b"%PDF-"):
        return _("it is a PDF document")
    if b"\0" in head:
        return _with_nul(head)
    if b"\r" in data and b"\n" not in data:
        return _("its lines end in CR alone (old Mac style); a journal's lines end in LF")
    return None


def _with_nul(head: bytes) -> str:
    """Text in UTF-16 without a byte-order mark has a NUL in every other byte (ASCII)."""
    even, odd = head[0::2].count(0), head[1::2].count(0)
    if odd >= len(head) // 8 and even == 0:
        return _("it is UTF-16 text, little-endian (a journal is UTF-8)")
    if even >= len(head) // 8 and odd == 0:
        return _("it is UTF-16 text, big-endian (a journal is UTF-8)")
    return _("it holds binary data (NUL bytes)")
