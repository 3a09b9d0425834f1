"""The words of a deal line: tokens (a quoted name, a word, a comment), and a name written so
that it reads back as a name."""

from __future__ import annotations

import re
import unicodedata

from ..errors import NotationError, Source
from ..frozen import NamedTuple
from ..i18n import _
from ..names import nfc
from .vocabulary import fold

_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|([^\s";]+)|(;.*)|(")')


class Token(NamedTuple):
    """A word of a line: its text, whether it was quoted, its column (1-based), and the text
    folded for comparison with keywords."""

    text: str
    quoted: bool
    col: int
    word: str


def tokenize(line: str, source: Source, players: tuple[str, ...] = ()) -> list[Token]:
    """Split a line into tokens; ``;`` starts a comment; ``"..."`` quotes a name; a comma,
    a colon or a dash between words separates them (unless the word is a player's name)."""
    tokens = []
    normal = line.isascii() or unicodedata.is_normalized("NFC", line)  # names are kept in NFC
    for match in _TOKEN.finditer(line):
        if match.group(3) is not None:
            break
        if match.group(4) is not None:
            raise NotationError(_("unclosed quote"), source.at_col(match.start() + 1))
        if match.group(1) is not None:
            text = re.sub(r"\\(.)", r"\1", match.group(1))
            text = text if normal else nfc(text)
            tokens.append(Token(text, True, match.start() + 1, fold(text)))
        else:
            text = match.group(2) if normal else nfc(match.group(2))
            if _SEPARATORS.search(text) is None or text in players:
                tokens.append(Token(text, False, match.start() + 1, fold(text)))
                continue
            for piece, at in _pieces(text):  # players write commas, colons and dashes between parts
                tokens.append(Token(piece, False, match.start() + 1 + at, fold(piece)))
    return tokens


#: what players write between the parts of a deal: a comma (not the decimal one of a number),
#: a colon, a dash standing alone or a long one anywhere (a hyphen in a word is the word's)
_SEPARATORS = re.compile(r",|:|—|–|^-$")
_SPLIT = re.compile(r"(?<![0-9]),|,(?![0-9])|:|—|–")


def _pieces(text: str) -> list[tuple[str, int]]:
    """The words of an unquoted word with separators in it, each with its offset."""
    pieces: list[tuple[str, int]] = []
    begin = 0
    for found in _SPLIT.finditer(text):
        if begin < found.start():
            pieces.append((text[begin:found.start()], begin))
        begin = found.end()
    if begin < len(text):
        pieces.append((text[begin:], begin))
    return [(piece, at) for piece, at in pieces if piece != "-"]


def shown(text: str, limit: int = 20) -> str:
    """A word as quoted in a message: cut short when it is absurdly long."""
    return text if len(text) <= limit else text[:limit] + "…"


def quote(name: str, keywords: frozenset[str]) -> str:
    """A player's name as written in a line: quoted when it could be misread (it is not a
    plain word, or it is one of the ``keywords`` of the vocabulary the line is read with)."""
    plain = re.fullmatch(r"[^\W\d_][\w.'’-]*", name) is not None
    if plain and fold(name) not in keywords:
        return name
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


# --- parsing -------------------------------------------------------------------------------
