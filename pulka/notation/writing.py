"""A deal written in the journal's canonical form: ``parse_deal(format_deal(d, w), p, w) == d``
for the vocabulary ``w`` of the table (which says which names must be quoted)."""

from __future__ import annotations

from ..game import Deal, DealKind
from ..numbers import format_number
from .tokens import quote
from .vocabulary import CONTRA_WORDS, Vocabulary


def format_deal(deal: Deal, words: Vocabulary) -> str:
    """The canonical text of a deal (the form the journal is written in), its names quoted
    where the table's vocabulary would read them as words."""
    text = _format(deal, words.keywords)
    return rest_said(deal, "rest", words.keywords) + text


def adjust_said(deal: Deal, word: str, columns: dict[str, str], keywords: frozenset[str]
                ) -> list[str]:
    """An adjustment's words after ``word``: each column (as ``columns`` names it) and its
    cells, a player's amount or a writer's amount on another."""
    parts = [word]
    for column, cells in deal.adjust.items():
        parts.append(columns.get(column, column))
        for name, value in cells.items():
            if isinstance(value, dict):
                for target, amount in value.items():
                    parts += [quote(name, keywords), quote(target, keywords), format_number(amount)]
            else:
                parts += [quote(name, keywords), format_number(value)]
    return parts


def rest_said(deal: Deal, word: str, keywords: frozenset[str]) -> str:
    """``rest A E `` before a deal at five that names who sits it out; else nothing."""
    if not deal.rest:
        return ""
    return " ".join([word, *(quote(name, keywords) for name in deal.rest)]) + " "


def _format(deal: Deal, keywords: frozenset[str]) -> str:
    if deal.kind is DealKind.CONTRACT:
        return _format_contract(deal, keywords)
    if deal.kind is DealKind.RASPASY:
        parts = ["raspasy"]
        if deal.dark:
            parts += ["dark", str(deal.dark)]
        for name, count in deal.tricks.items():
            parts += [quote(name, keywords), str(count)]
            if name in deal.looked:
                parts.append("looked")
        for name in deal.looked:
            if name not in deal.tricks:
                parts += [quote(name, keywords), "looked"]
        return " ".join(parts)
    if deal.kind is DealKind.ALLPASS and deal.tricks:  # played (Greek allpass: played)
        return " ".join(["allpass", *(f"{quote(name, keywords)} {count}"
                                      for name, count in deal.tricks.items())])
    if deal.kind is DealKind.ADJUST:
        return " ".join(adjust_said(deal, "adjust", {}, keywords))
    return deal.kind.value


def _format_contract(deal: Deal, keywords: frozenset[str]) -> str:
    assert deal.declarer is not None and deal.contract is not None
    parts = [quote(deal.declarer, keywords), str(deal.contract)]
    if deal.dark:
        parts.append("dark")
    if deal.no_talon:
        parts.append("igra")
    if deal.invite:
        parts.append("invite")
    if deal.declarer in deal.tricks:
        parts.append(str(deal.tricks[deal.declarer]))
    elif deal.made is not None:
        parts.append("made" if deal.made else "down")
    for name, decision in deal.defence.items():
        parts += [quote(name, keywords), decision.value]
        if name in deal.tricks:
            parts.append(str(deal.tricks[name]))
        if name in deal.contra:
            parts.append(CONTRA_WORDS[deal.contra[name]])
        if name in deal.fell:
            parts.append("fell")
    for name, count in deal.tricks.items():
        if name != deal.declarer and name not in deal.defence:
            parts += [quote(name, keywords), str(count)]
            if name in deal.contra:
                parts.append(CONTRA_WORDS[deal.contra[name]])
            if name in deal.fell:
                parts.append("fell")
    for name, level in deal.contra.items():
        if name not in deal.defence and name not in deal.tricks:
            parts += [quote(name, keywords), CONTRA_WORDS[level]]
            if name in deal.fell:
                parts.append("fell")
    parts += fell_alone(deal, "fell", keywords)
    parts += deal.marks
    return " ".join(parts)


def fell_alone(deal: Deal, word: str, keywords: frozenset[str]) -> list[str]:
    """``NAME fell`` for each player said to have fallen whose part of the line is not written
    otherwise (the declarer's own word, or a name with nothing else said)."""
    written = {*deal.defence, *deal.tricks, *deal.contra} - {deal.declarer}
    parts: list[str] = []
    for name in deal.fell:
        if name not in written:
            parts += [quote(name, keywords), word]
    return parts
