"""Player names: one Unicode form, a length limit, and letters that only look alike.

Names are kept in NFC, so ``Й`` typed as one letter and as ``И`` + a combining breve are the
same name. A name's *skeleton* maps every letter to a Latin letter it looks like (Cyrillic
``с`` and Latin ``c`` both become ``c``): two names with the same skeleton but different
letters look the same at the table, so ``new`` refuses them, and a typed name that misses
the table only by such letters is explained rather than taken.
"""

from __future__ import annotations

import functools
import unicodedata

from .i18n import _

#: the longest name a table may use (a sheet column, an export cell): characters after NFC
MAX_NAME_LENGTH = 32

#: letters (casefolded, then decomposed) and the Latin letter each one looks like
_TWINS: dict[str, str] = {
    **dict(zip("авекмнорстухѕіјԁԛԝ", "abekmhopctyxsijdqw", strict=True)),  # Cyrillic
    **dict(zip("αβεηικμνορτυχζ", "abehikmnoptyxz", strict=True)),  # Greek capitals' twins
    "ı": "i",  # dotless i
}


def nfc(text: str) -> str:
    """The text in Unicode NFC (the form names are stored and compared in)."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


@functools.lru_cache(maxsize=1024)
def skeleton(text: str) -> str:
    """What the text looks like: case folded, compatibility forms and accents taken apart,
    and each letter replaced by the Latin letter it looks like."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(_TWINS.get(ch, ch) for ch in folded)


def twin_letters(ours: str, theirs: str) -> list[tuple[str, str]]:
    """The look-alike letters where two names of one skeleton differ, as (ours, theirs)
    pairs, lined up from the start (a typed prefix against the start of a name)."""
    pairs = []
    for a, b in zip(ours, theirs, strict=False):
        if a.casefold() != b.casefold() and skeleton(a) == skeleton(b):
            pairs.append((a, b))
    return pairs


def letter(ch: str) -> str:
    """A letter as a message names it, with its alphabet: ``Latin 'c' (U+0063)``, in the
    players' language (``латинская 'c' (U+0063)``)."""
    name = unicodedata.name(ch, "")
    script, code = name.split()[0] if name else "", f"{ord(ch):04X}"
    if script == "LATIN":
        return _("Latin '{ch}' (U+{code})").format(ch=ch, code=code)
    if script == "CYRILLIC":
        return _("Cyrillic '{ch}' (U+{code})").format(ch=ch, code=code)
    if script == "GREEK":
        return _("Greek '{ch}' (U+{code})").format(ch=ch, code=code)
    if not script:
        return _("unnamed '{ch}' (U+{code})").format(ch=ch, code=code)
    # Translators: {script} is the first word of the character's Unicode name (Fullwidth...)
    return _("{script} '{ch}' (U+{code})").format(script=script.capitalize(), ch=ch, code=code)


def letters(chars: list[str]) -> str:
    """Several letters as a message names them: ``Latin 'c' (U+0063), Latin 'o' (U+006F)``."""
    return ", ".join(letter(ch) for ch in chars)


def first_bad_character(name: str) -> str | None:
    """A control or invisible formatting character in the name (newline, tab, zero-width
    joiner, a direction mark...), or None."""
    if name and unicodedata.category(name[0]).startswith("M"):
        return name[0]  # a combining mark with no letter to sit on: it joins the text before it
    return control_character(name)


def not_utf8(name: str) -> bytes | None:
    """The bytes of the name when it came from bytes that are not UTF-8 (an argument typed in
    cp1251, a stray byte: they arrive as lone surrogates), or None."""
    if any("\ud800" <= ch <= "\udfff" for ch in name):
        return name.encode("utf-8", "surrogateescape")
    return None


def unreadable_character(name: str) -> str | None:
    """A character no one can read as part of a name, or None: a variation selector (Аня and
    Аня + U+FE0F look the same), a private-use character (each device draws its own), a
    noncharacter, or U+FFFD (the stand-in for text that could not be decoded)."""
    for ch in name:
        code = ord(ch)
        if (0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF  # variation selectors
                or unicodedata.category(ch) == "Co"  # private use
                or 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE  # noncharacters
                or code == 0xFFFD):
            return ch
    return None


def read_alike(name: str) -> str:
    """A name as the notation matches it: case folded, ``ё`` read as ``е``."""
    return name.casefold().replace("ё", "е")


def control_character(text: str, allowed: str = "") -> str | None:
    """The first character of the text, not in ``allowed``, that acts rather than shows
    (a newline, an escape, a bell, a zero-width joiner, a direction mark...), or None."""
    for ch in text:
        if ch not in allowed and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp"):
            return ch
    return None


#: what stands for the letters a shortened name leaves out
ELLIPSIS = "…"


def short_forms(names: tuple[str, ...] | list[str], width: int) -> dict[str, str]:
    """Each name in at most ``width`` characters where it is longer, every form distinct:
    two names with a long beginning in common (``Александра-Констанция Петровна`` and ``...
    Ивановна``) are never shortened to the same form.

    A name is shortened the way people shorten one: its head cut with ``…``; where that
    would make two alike, the words before the last made initials (``А.-К. Петровна``), or
    the head and more and more of the tail kept (``Алекс…вна``); as a last resort, the head
    and the name's place in the list. A width under 3 is taken as 3."""
    width = max(width, 3)
    forms = {name: name if len(name) <= width else name[:width - 1] + ELLIPSIS
             for name in names}
    seen: dict[str, list[str]] = {}
    for name, form in forms.items():
        seen.setdefault(form, []).append(name)
    for group in seen.values():
        if len(group) < 2:
            continue
        others = {form for name, form in forms.items() if name not in group}
        shortened = [name for name in group if len(name) > width]
        # one way of shortening for the whole group, the most readable that tells them apart
        choices = [_candidates(name, width, list(names).index(name)) for name in shortened]
        for kind in choices[0]:
            tried = [found.get(kind) for found in choices]
            kept = [name for name in group if len(name) <= width]
            if None in tried or len({*tried, *kept}) < len(group) or others & set(tried):
                continue
            forms.update(zip(shortened, tried, strict=True))  # type: ignore[arg-type]
            break
    return forms


def _candidates(name: str, width: int, place: int) -> dict[str, str]:
    """The shorter forms of a name too long for ``width``, by kind, the most readable
    first."""
    out: dict[str, str] = {}
    words = name.split(" ")
    if len(words) > 1:
        initials = " ".join("-".join(part[:1] + "." for part in word.split("-") if part)
                            for word in words[:-1])
        form = f"{initials} {words[-1]}"
        if len(form) <= width:
            out["initials"] = form
    for tail in range(1, width - 1):  # the head and more and more of the tail
        out[f"tail {tail}"] = name[:width - 1 - tail] + ELLIPSIS + name[-tail:]
    mark = str(place + 1)
    out["place"] = name[:max(width - 1 - len(mark), 1)] + ELLIPSIS + mark
    return out
