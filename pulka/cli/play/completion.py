"""What Tab offers at the `pulka play` prompt: the words that may stand where the cursor is.

The position is read from the words typed before it: at the start of a line the players, the
kinds of deal and the commands; after the declarer his contracts; after a level alone the
suits; after a defender his answers; elsewhere the players not named yet and the other words
of a deal. The words come from the table's family (:attr:`Vocabulary.offered`, its words
by meaning: :mod:`pulka.notation.vocabulary`) and the commands (:mod:`.commands`): for each
meaning the spelling of the session's language (``пик``, ``вист``, ``отмена`` in a Russian
session; ``s``, ``whist``, ``undo`` in an English one). When none of those fits what is
typed, every spelling of the position does (``wh`` still completes to ``whist``).

Nothing here imports prompt_toolkit (:mod:`.ask` wraps it), and nothing may fail: a line
that does not read offers nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from ...errors import NotationError, Source
from ...notation.reading import LEVELS, resolve_player
from ...notation.tokens import Token, quote, tokenize
from ...notation.vocabulary import Vocabulary, fold
from . import commands

#: the tables of a vocabulary a word offered is looked up in, in this order (a word in two is
#: taken as the first's); the dict tables map a word to its meaning, the others are sets
_TABLES = ("games", "suits", "decisions", "kinds", "contras", "marks", "made", "no_talon",
           "invite", "dark", "looked", "fell", "clean", "columns")
#: the tables of the words said where a contract stands, after the declarer
_CONTRACTS = ("levelled", "suits", "games")
#: the tables whose words start a line
_STARTS = ("kinds",)

_CYRILLIC = re.compile(r"[а-яё]")
_GREEK = re.compile(r"[α-ωάέήίόύώϊϋΐΰ]")
_LETTER = re.compile(r"[^\W\d_]")

#: a group of spellings of one meaning: (table, meaning; None for a set's words)
Group = tuple[str, Any]


def language_of(word: str) -> str:
    """The language a word is written in, by its letters: ``ru``, ``el``, or ``en`` (the
    journal's words and every other Latin word)."""
    folded = fold(word)
    if _CYRILLIC.search(folded):
        return "ru"
    if _GREEK.search(folded):
        return "el"
    return "en"


class Positions:
    """The words each position of a line offers at one table, in one language.

    Args:
        players: the table's players, in seat order.
        vocabulary: the table's family's words.
        language: the session's language (``en``, ``ru``).
        numbers: the numbers of the deals in force, last first (offered after ``fix``).
    """

    def __init__(self, players: tuple[str, ...], vocabulary: Vocabulary, language: str,
                 numbers: Callable[[], list[str]] | None = None) -> None:
        self.players = players
        self.words = vocabulary
        self.language = language
        self.numbers = numbers
        self.names = [quote(p, vocabulary.keywords) for p in players]
        groups: dict[Group, list[str]] = {}
        for word in vocabulary.offered:
            groups.setdefault(self._group(word), []).append(word)
        for kind in self._meanings("kinds"):  # every table ends a game with `end`
            if getattr(kind, "value", None) == "end":
                groups.setdefault(("kinds", kind), [])
        self.groups = groups
        self._said: dict[tuple[Group, str], str | None] = {}

    # --- the words by meaning ---------------------------------------------------------

    def _group(self, word: str) -> Group:
        folded = fold(word)
        for table in _TABLES:
            found = getattr(self.words, table)
            if folded in found:
                return (table, found[folded] if isinstance(found, dict) else None)
        level = next((lv for lv in sorted(LEVELS, key=len, reverse=True)
                      if folded.startswith(lv)), None)
        if level is not None and folded[len(level):] in self.words.suits:
            return ("levelled", folded)  # 6s: one word, in every language
        return ("other", folded)

    def _meanings(self, table: str) -> list[Any]:
        found = getattr(self.words, table)
        return list(dict.fromkeys(found.values())) if isinstance(found, dict) else [None]

    def _spellings(self, group: Group) -> list[str]:
        """Every spelling of a meaning: the family's offered words first, then its table's."""
        table, meaning = group
        found = getattr(self.words, table, None)
        if isinstance(found, dict):
            rest = [w for w, m in found.items() if m == meaning]
        elif found is not None:
            rest = sorted(found)
        else:
            rest = []
        return list(dict.fromkeys([*self.groups.get(group, []), *rest]))

    def said(self, group: Group, language: str | None = None) -> str | None:
        """The spelling a meaning is offered in, in the session's language (or ``language``):
        in English the journal's own word; else the family's offered word of that language,
        else a word of its table in that language; else the English one."""
        language = language or self.language
        key = (group, language)
        if key not in self._said:
            self._said[key] = self._said_in(group, language)
        return self._said[key]

    def _said_in(self, group: Group, language: str) -> str | None:
        table, meaning = group
        if table in ("levelled", "other"):
            return str(meaning)
        every = self._spellings(group)
        if language == "en":  # the journal's word: s, whist, end, aces
            canonical = meaning.value if hasattr(meaning, "value") else meaning
            if isinstance(canonical, str) and canonical in every:
                return canonical
        offered = self.groups.get(group, [])
        typable = [w for w in every if len(w) > 1 and _LETTER.search(w) and "/" not in w]
        for words in (offered, typable):
            mine = [w for w in words if language_of(w) == language]
            if mine:
                return mine[0]
        if language != "en":
            return self.said(group, "en")
        return offered[0] if offered else (typable[0] if typable else None)

    def _offered(self, tables: Iterable[str], exclude: Iterable[str] = ()) -> list[str]:
        tables, exclude = set(tables), set(exclude)
        groups = [g for g in self.groups if (g[0] in tables if tables else g[0] not in exclude)]
        return [w for w in (self.said(g) for g in groups) if w]

    def _every(self, tables: Iterable[str], exclude: Iterable[str] = ()) -> list[list[str]]:
        """Every spelling, a list for each meaning (Tab offers one of each: its first that
        fits what was typed)."""
        tables, exclude = set(tables), set(exclude)
        groups = [g for g in self.groups if (g[0] in tables if tables else g[0] not in exclude)]
        return [[w for w in self._spellings(g) if len(w) > 1] for g in groups]

    def suits(self) -> list[str]:
        groups = [("suits", m) for m in self._meanings("suits")]
        return [w for w in (self.said(g) for g in groups) if w]

    def every_suit(self) -> list[list[str]]:
        return [[w for w in self._spellings(("suits", m)) if len(w) > 1]
                for m in self._meanings("suits")]

    # --- the position -----------------------------------------------------------------

    def candidates(self, before: str) -> tuple[str, list[str]]:
        """What is being typed (the start of a word, up to the cursor) and the words that may
        complete it there, the session's words first; ("", []) when nothing fits."""
        if ";" in before:
            return "", []  # a comment
        opened = None  # a name being typed in quotes: "Анна Ма
        try:
            tokens = tokenize(before, Source("<prompt>"))
        except NotationError:  # inside an open quote: the words before it, and the name
            opened = before.rindex('"')
            try:
                tokens = tokenize(before[:opened], Source("<prompt>"))
            except NotationError:
                return "", []
        typed = ""
        if opened is not None:
            typed = before[opened:]
        elif tokens and before and not before[-1].isspace():
            typed = before[tokens[-1].col - 1:]
            tokens = tokens[:-1]
        primary, every = self._position(tokens)
        if opened is not None:  # only a name is written in quotes
            primary = [w for w in primary if w in self.names]
            every = [[w] for w in primary]
        found = _matching(primary, typed)
        if not found:  # another spelling: one for each meaning, its first that fits
            found = _matching([next(iter(_matching(alternatives, typed)), "")
                               for alternatives in every], typed)
        return typed, found

    def _position(self, tokens: list[Token]) -> tuple[list[str], list[list[str]]]:
        """(the session's words, every spelling of each meaning) for the place after
        ``tokens``."""
        if tokens and commands.command_of(tokens[0].text) == "fix":
            if len(tokens) == 1:
                numbers = self.numbers() if self.numbers else []
                return numbers, [[n] for n in numbers]
            tokens = tokens[2:]  # fix N: a deal follows
        elif tokens and commands.command_of(tokens[0].text) is not None:
            return [], []
        if not tokens:
            return ([*self.names, *self._offered(_STARTS), *commands.offered(self.language)],
                    [*([n] for n in self.names), *self._every(_STARTS),
                     *([w] for w in commands.every_word())])
        declarer = self._player(tokens[0])
        last = self._player(tokens[-1])
        if declarer is not None and len(tokens) == 1:
            return self._offered(_CONTRACTS), self._every(_CONTRACTS)
        if declarer is not None and len(tokens) == 2 and tokens[1].word in LEVELS:
            return self.suits(), self.every_suit()
        if declarer is not None and last is not None:
            return self._offered(("decisions",)), self._every(("decisions",))
        named = {self._player(t) for t in tokens}
        others = [q for p, q in zip(self.players, self.names, strict=True) if p not in named]
        if self._group(tokens[0].text)[0] in _STARTS:  # a raspasy: the others' tricks
            return others, [[q] for q in others]
        rest = (*_CONTRACTS, "decisions", *_STARTS)
        return ([*others, *self._offered((), exclude=rest)],
                [*([q] for q in others), *self._every((), exclude=rest)])

    def _player(self, token: Token) -> str | None:
        try:
            return resolve_player(token.text, self.players, quoted=token.quoted)
        except NotationError:
            return None


def _matching(words: list[str], typed: str) -> list[str]:
    """The words that start with what is typed (case and ё/е aside), each once."""
    start = fold(typed.lstrip('"'))
    return list(dict.fromkeys(w for w in words if fold(w.lstrip('"')).startswith(start)))
