"""The deal said back in the player's own words.

A player who typed ``Аня 6п 6 Б вист 2 В вист 2`` is answered ``сдача 7: Аня 6♠ 6 Борис вист
2 Вера вист 2``, not ``6s whist``; the journal still gets its one canonical line. The style is
read from the words of the typed line (names and numbers say nothing): a Russian word means
Russian words and suit symbols, a suit symbol alone means suit symbols with the canonical
words, and anything else the canonical form itself. The words are the family's (each one's
vocabulary has its styles: :mod:`.vocabulary`). :func:`format_styled` is the inverse of the
parser for each style: ``parse_deal(format_styled(d, style, w), players, w) == d``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import NotationError
from ..game import Deal, DealKind
from .reading import parse_deal, words_of
from .tokens import Token, quote
from .vocabulary import CONTRA_WORDS, LATIN, SYMBOLS, Style, Vocabulary
from .writing import adjust_said, fell_alone, format_deal, rest_said

_CYRILLIC = re.compile(r"[а-яё]")
_SUIT_SYMBOLS = re.compile(r"[♠♣♦♥♤♧♢♡]")


def of_language(words: Vocabulary) -> Style:
    """The words a deal is written in where nobody typed it (a sheet's list of deals, a line
    built from answers): a Russian table's words in Russian, else the journal's words with
    the suits drawn as on the sheet (6♠ whist)."""
    from ..i18n import language

    return words.style("ru") if language() == "ru" else SYMBOLS


def said_in_language(words: Vocabulary) -> Style:
    """The words a line built for the players is said in (a deal made of answers, the
    workbook's list of deals): a Russian table's words in Russian, else the journal's own."""
    from ..i18n import language

    return words.style("ru") if language() == "ru" else LATIN


def style_of(typed: str, players: tuple[str, ...], words: Vocabulary) -> Style:
    """The style of a typed deal: the family's Russian words, suit symbols, or the canonical
    words."""
    try:
        said = words_of(typed, players, words)
    except NotationError:  # (a line that was recorded reads; say it canonically if not)
        return LATIN
    return style_said(said, words)


def style_said(said: Iterable[Token], words: Vocabulary) -> Style:
    """The style of the words of the notation a deal was typed in (:class:`.reading.Typed`)."""
    said = list(said)
    if any(_CYRILLIC.search(token.word) for token in said):
        return words.style("ru")
    if any(_SUIT_SYMBOLS.search(token.word) for token in said):
        return SYMBOLS
    return LATIN


def format_styled(deal: Deal, style: Style, words: Vocabulary) -> str:
    """The deal written in the style's words (the canonical text for :data:`LATIN`), its
    names quoted where the family's vocabulary would read them as words."""
    if style is LATIN:
        return format_deal(deal, words)
    return rest_said(deal, style.rest, words.keywords) + _styled(deal, style, words.keywords)


def _styled(deal: Deal, style: Style, keywords: frozenset[str]) -> str:
    if deal.kind is DealKind.CONTRACT:
        return _contract(deal, style, keywords)
    if deal.kind is DealKind.RASPASY:
        parts = [style.kinds.get(DealKind.RASPASY, DealKind.RASPASY.value)]
        if deal.dark:
            parts += [style.dark, str(deal.dark)]
        for name, count in deal.tricks.items():
            parts += [quote(name, keywords), str(count)]
            if name in deal.looked:
                parts.append(style.looked)
        for name in deal.looked:
            if name not in deal.tricks:
                parts += [quote(name, keywords), style.looked]
        return " ".join(parts)
    if deal.kind is DealKind.ADJUST:
        return " ".join(adjust_said(deal, style.kinds.get(DealKind.ADJUST, DealKind.ADJUST.value),
                                    style.columns, keywords))
    word = style.kinds.get(deal.kind, deal.kind.value)
    # a played all-pass (Greek allpass: played): each player's tricks after the word
    return " ".join([word, *(f"{quote(name, keywords)} {count}" for name, count in deal.tricks.items())])


def written(deal: Deal, style: Style, players: tuple[str, ...], words: Vocabulary) -> str:
    """The deal in the style's words where they read back as the same deal at this table,
    else in the journal's (a word such as без is a name's beginning at a table with a
    Безухов)."""
    text = format_styled(deal, style, words)
    if style is LATIN or (deal.made is None and not deal.marks and not deal.fell):
        return text  # (only made/down, fell and the marks are words said where a name may be)
    try:
        if parse_deal(text, players, words) == deal:
            return text
    except NotationError:
        pass
    return format_deal(deal, words)


def _contract(deal: Deal, style: Style, keywords: frozenset[str]) -> str:
    assert deal.declarer is not None and deal.contract is not None
    level, strain = deal.contract
    if level is None:
        written = style.games.get(strain) or style.suits.get(strain, strain.value)
    else:
        written = f"{level}{style.suits.get(strain, strain.value)}"
    parts = [quote(deal.declarer, keywords), written]
    if deal.dark:
        parts.append(style.dark)
    if deal.no_talon:
        parts.append(style.no_talon)
    if deal.invite:
        parts.append(style.invite)
    if deal.declarer in deal.tricks:
        parts.append(str(deal.tricks[deal.declarer]))
    elif deal.made is not None:
        parts.append(style.made.get(deal.made, 'made' if deal.made else 'down'))
    for name, decision in deal.defence.items():
        parts += [quote(name, keywords), style.decisions.get(decision, decision.value)]
        if name in deal.tricks:
            parts.append(str(deal.tricks[name]))
        if name in deal.contra:
            parts.append(style.contras.get(deal.contra[name], CONTRA_WORDS[deal.contra[name]]))
        if name in deal.fell:
            parts.append(style.fell)
    for name, count in deal.tricks.items():
        if name != deal.declarer and name not in deal.defence:
            parts += [quote(name, keywords), str(count)]
            if name in deal.contra:
                parts.append(style.contras.get(deal.contra[name], CONTRA_WORDS[deal.contra[name]]))
            if name in deal.fell:
                parts.append(style.fell)
    for name, rank in deal.contra.items():
        if name not in deal.defence and name not in deal.tricks:
            parts += [quote(name, keywords), style.contras.get(rank, CONTRA_WORDS[rank])]
            if name in deal.fell:
                parts.append(style.fell)
    parts += fell_alone(deal, style.fell, keywords)
    parts += [style.marks.get(mark, mark) for mark in deal.marks]
    return " ".join(parts)
