"""The deal said back in the player's own words.

A player who typed ``Аня 6п 6 Б вист 2 В вист 2`` is answered ``сдача 7: Аня 6♠ 6 Борис вист
2 Вера вист 2``, not ``6s whist``; the journal still gets its one canonical line. The style is
read from the words of the typed line (names and numbers say nothing): a Russian word means
Russian words and suit symbols, a suit symbol alone means suit symbols with the canonical
words, and anything else the canonical form itself. :func:`format_styled` is the inverse of
the parser for each style: ``parse_deal(format_styled(d, style)) == d``.
"""

from __future__ import annotations

import re

from ..errors import NotationError
from ..frozen import Frozen
from ..game import Deal, DealKind, Decision, Strain
from ..numbers import format_number
from . import CONTRA_WORDS, fell_alone, format_deal, parse_deal, quote, words_of

_CANONICAL_SUITS = {s: s.value for s in (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS,
                                         Strain.HEARTS, Strain.NOTRUMP)}
_SYMBOL_SUITS = {Strain.SPADES: "♠", Strain.CLUBS: "♣", Strain.DIAMONDS: "♦",
                 Strain.HEARTS: "♥", Strain.NOTRUMP: "nt"}


class Style(Frozen):
    """The words a deal is written in (every one of them a word the parser reads): a frozen
    record, written by hand (a frozen dataclass is compiled from source at every start)."""

    FIELDS = ("name", "suits", "games", "decisions", "kinds", "contras", "columns", "dark",
              "no_talon", "invite", "looked", "fell", "made", "marks")

    name: str
    suits: dict[Strain, str]
    games: dict[Strain, str]
    decisions: dict[Decision, str]
    kinds: dict[DealKind, str]
    contras: dict[int, str]
    columns: dict[str, str]  # a column's canonical name -> word
    dark: str
    no_talon: str
    invite: str
    looked: str
    fell: str
    made: dict[bool, str]  # an extra contract reported made (True) or lost
    marks: dict[str, str]  # a payment deal's mark's canonical word -> word (others as they are)

    def __init__(self, name: str, suits: dict[Strain, str] | None = None,
                 games: dict[Strain, str] | None = None,
                 decisions: dict[Decision, str] | None = None,
                 kinds: dict[DealKind, str] | None = None, contras: dict[int, str] | None = None,
                 columns: dict[str, str] | None = None, dark: str = "dark",
                 no_talon: str = "igra", invite: str = "invite", looked: str = "looked",
                 fell: str = "fell", made: dict[bool, str] | None = None,
                 marks: dict[str, str] | None = None) -> None:
        self.__dict__.update(
            name=name, suits=dict(_CANONICAL_SUITS) if suits is None else suits,
            games={Strain.MISERE: "misere", Strain.BETTEL: "bettel", Strain.SANS: "sans"}
            if games is None else games,
            decisions={d: d.value for d in Decision} if decisions is None else decisions,
            kinds={k: k.value for k in DealKind} if kinds is None else kinds,
            contras=dict(CONTRA_WORDS) if contras is None else contras,
            columns={} if columns is None else columns,
            dark=dark, no_talon=no_talon, invite=invite, looked=looked, fell=fell,
            made={True: "made", False: "down"} if made is None else made,
            marks={} if marks is None else marks)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(self.__dict__[k] == other.__dict__[k] for k in self.FIELDS)

    __hash__ = None  # type: ignore[assignment]  # its dicts are not hashable, as a dataclass's

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={self.__dict__[k]!r}" for k in self.FIELDS)
        return f"{self.__class__.__qualname__}({shown})"


#: the journal's own words: what pulka always said back
LATIN = Style("latin")
#: the canonical words with the suits drawn: 6♠ whist
SYMBOLS = Style("symbols", suits=dict(_SYMBOL_SUITS))
#: the words of a Russian table: 6♠ вист, мизер, распасы
RUSSIAN = Style(
    "russian",
    suits={**_SYMBOL_SUITS, Strain.NOTRUMP: "БК"},
    games={Strain.MISERE: "мизер", Strain.BETTEL: "беттель", Strain.SANS: "санс",
           Strain.DURCHMARSCH: "дурхмарш", Strain.PLAUDERER: "плаудерер",
           Strain.OFFENER: "оффенер"},
    decisions={Decision.WHIST: "вист", Decision.PASS: "пас", Decision.HALF: "полвиста",
               Decision.TOGETHER: "вместе", Decision.ALONE: "один"},
    kinds={DealKind.CONTRACT: "", DealKind.RASPASY: "распасы", DealKind.ALLPASS: "все-пас",
           DealKind.ADJUST: "поправка", DealKind.END: "конец", DealKind.REFILL: "пополнение"},
    contras={1: "контра", 2: "реконтра", 3: "субконтра", 4: "мортконтра"},
    columns={"pulya": "пуля", "gora": "гора", "whists": "висты", "bule": "були", "refe": "рефы",
             "hats": "шляпы"},
    dark="тёмная", no_talon="бп", invite="приглашение", looked="смотрел", fell="упал",
    made={True: "сыграл", False: "без"}, marks={"aces": "тузы", "noaces": "безтузов",
                                                "kunstwerk": "кунстверк"},
)

_CYRILLIC = re.compile(r"[а-яё]")
_SUIT_SYMBOLS = re.compile(r"[♠♣♦♥♤♧♢♡]")


def of_language() -> Style:
    """The words a deal is written in where nobody typed it (a sheet's list of deals, a line
    built from answers): a Russian table's words in Russian, else the journal's words with
    the suits drawn as on the sheet (6♠ whist)."""
    from ..i18n import language

    return RUSSIAN if language() == "ru" else SYMBOLS


def style_of(typed: str, players: tuple[str, ...]) -> Style:
    """The style of a typed deal: Russian words, suit symbols, or the canonical words."""
    try:
        words = words_of(typed, players)
    except NotationError:  # (a line that was recorded reads; say it canonically if not)
        return LATIN
    if any(_CYRILLIC.search(token.word) for token in words):
        return RUSSIAN
    if any(_SUIT_SYMBOLS.search(token.word) for token in words):
        return SYMBOLS
    return LATIN


def format_styled(deal: Deal, style: Style) -> str:
    """The deal written in the style's words (the canonical text for :data:`LATIN`)."""
    if style is LATIN:
        return format_deal(deal)
    if deal.kind is DealKind.CONTRACT:
        return _contract(deal, style)
    if deal.kind is DealKind.RASPASY:
        parts = [style.kinds[DealKind.RASPASY]]
        if deal.dark:
            parts += [style.dark, str(deal.dark)]
        for name, count in deal.tricks.items():
            parts += [quote(name), str(count)]
            if name in deal.looked:
                parts.append(style.looked)
        for name in deal.looked:
            if name not in deal.tricks:
                parts += [quote(name), style.looked]
        return " ".join(parts)
    if deal.kind is DealKind.ADJUST:
        parts = [style.kinds[DealKind.ADJUST]]
        for column, cells in deal.adjust.items():
            parts.append(style.columns.get(column, column))
            for name, value in cells.items():
                if isinstance(value, dict):
                    for target, amount in value.items():
                        parts += [quote(name), quote(target), format_number(amount)]
                else:
                    parts += [quote(name), format_number(value)]
        return " ".join(parts)
    word = style.kinds.get(deal.kind, deal.kind.value)
    # a played all-pass (Greek allpass: played): each player's tricks after the word
    return " ".join([word, *(f"{quote(name)} {count}" for name, count in deal.tricks.items())])


def written(deal: Deal, style: Style, players: tuple[str, ...]) -> str:
    """The deal in the style's words where they read back as the same deal at this table,
    else in the journal's (a word such as без is a name's beginning at a table with a
    Безухов)."""
    text = format_styled(deal, style)
    if style is LATIN or (deal.made is None and not deal.marks and not deal.fell):
        return text  # (only made/down, fell and the marks are words said where a name may be)
    try:
        if parse_deal(text, players) == deal:
            return text
    except NotationError:
        pass
    return format_deal(deal)


def _contract(deal: Deal, style: Style) -> str:
    assert deal.declarer is not None and deal.contract is not None
    level, strain = deal.contract
    if level is None:
        written = style.games.get(strain) or style.suits.get(strain, strain.value)
    else:
        written = f"{level}{style.suits[strain]}"
    parts = [quote(deal.declarer), written]
    if deal.dark:
        parts.append(style.dark)
    if deal.no_talon:
        parts.append(style.no_talon)
    if deal.invite:
        parts.append(style.invite)
    if deal.declarer in deal.tricks:
        parts.append(str(deal.tricks[deal.declarer]))
    elif deal.made is not None:
        parts.append(style.made[deal.made])
    for name, decision in deal.defence.items():
        parts += [quote(name), style.decisions.get(decision, decision.value)]
        if name in deal.tricks:
            parts.append(str(deal.tricks[name]))
        if name in deal.contra:
            parts.append(style.contras[deal.contra[name]])
        if name in deal.fell:
            parts.append(style.fell)
    for name, count in deal.tricks.items():
        if name != deal.declarer and name not in deal.defence:
            parts += [quote(name), str(count)]
            if name in deal.contra:
                parts.append(style.contras[deal.contra[name]])
            if name in deal.fell:
                parts.append(style.fell)
    for name, rank in deal.contra.items():
        if name not in deal.defence and name not in deal.tricks:
            parts += [quote(name), style.contras[rank]]
            if name in deal.fell:
                parts.append(style.fell)
    parts += fell_alone(deal, style.fell)
    parts += [style.marks.get(mark, mark) for mark in deal.marks]
    return " ".join(parts)
