"""A quick reader for a deal written in exactly the canonical form (:func:`..notation.format_deal`)
of the common deals: ``Аня 6s 6 Борис whist 2 Вера whist 2``, ``Вера misere 1``,
``raspasy Аня 4 Борис 3 Вера 3``, ``end``.

A journal is almost all such lines, and reading one word by word is most of the time a short
game takes to replay. Anything this reader is not sure of (another word, a quoted name, a
comment, a name that could read as a word of the notation) gives None, and the line goes to the
full parser, which alone says what is wrong with a line. A test checks that the two read alike.
"""

from __future__ import annotations

import functools

from ..game import Contract, Deal, DealKind, Decision, Strain
from ..notation import Vocabulary, quote

_TRUMPS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)
#: the contracts as format_deal writes them: 6s ... 10nt, misere
_CONTRACTS = {f"{level}{strain.value}": Contract(level, strain)
              for level in range(6, 11) for strain in _TRUMPS}
_CONTRACTS["misere"] = Contract(None, Strain.MISERE)
_DECISIONS = {d.value: d for d in Decision}
_TRICKS = {str(n): n for n in range(11)}
_ALONE = {"end": DealKind.END, "allpass": DealKind.ALLPASS}


@functools.lru_cache(maxsize=64)
def _plain_names(players: tuple[str, ...], keywords: frozenset[str]) -> frozenset[str] | None:
    """The players' names, when each is written bare (not quoted) in the canonical form; None
    when one is not: such a table's lines are left to the full parser."""
    if any(quote(p, keywords) != p for p in players):
        return None
    return frozenset(players)


@functools.lru_cache(maxsize=8192)
def read_canonical(text: str, players: tuple[str, ...], vocabulary: Vocabulary) -> Deal | None:
    """The deal a canonical line holds, or None when the line is not one this reader knows
    (then :func:`..notation.parse_deal` reads it). The vocabulary of the table's family says
    which names are written bare."""
    names = _plain_names(players, vocabulary.keywords)
    if names is None:
        return None
    words = text.split(" ")
    first = words[0]
    if first == "raspasy":
        return _raspasy(words, names)
    if first in names:
        return _contract(words, names)
    kind = _ALONE.get(first)
    return Deal(kind) if kind is not None and len(words) == 1 else None


def _raspasy(words: list[str], names: frozenset[str]) -> Deal | None:
    """``raspasy NAME TRICKS ...``, each player once."""
    if len(words) % 2 == 0:
        return None
    tricks: dict[str, int] = {}
    for at in range(1, len(words), 2):
        name, count = words[at], _TRICKS.get(words[at + 1])
        if name not in names or name in tricks or count is None:
            return None
        tricks[name] = count
    return Deal(DealKind.RASPASY, tricks=tricks, dark=0, looked=())


def _contract(words: list[str], names: frozenset[str]) -> Deal | None:
    """``DECLARER CONTRACT [TRICKS]`` then, for each other player, ``NAME DECISION [TRICKS]``
    or ``NAME TRICKS``."""
    declarer = words[0]
    contract = _CONTRACTS.get(words[1]) if len(words) > 1 else None
    if contract is None:
        return None
    defence: dict[str, Decision] = {}
    tricks: dict[str, int] = {}
    at, end = 2, len(words)
    if at < end and (count := _TRICKS.get(words[at])) is not None:
        tricks[declarer] = count
        at += 1
    while at < end:
        name = words[at]
        if name not in names or name == declarer or name in defence or name in tricks:
            return None
        at += 1
        decision = _DECISIONS.get(words[at]) if at < end else None
        if decision is not None:
            defence[name] = decision
            at += 1
        count = _TRICKS.get(words[at]) if at < end else None
        if count is not None:
            tricks[name] = count
            at += 1
        elif decision is None:
            return None  # a name alone: left to the full parser
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=defence,
                tricks=tricks, dark=0, no_talon=False, invite=False, contra={})
