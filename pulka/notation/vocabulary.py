"""What the words of a deal line mean, and the words a deal is said back in.

The journal's own words (:data:`CANONICAL`: ``6s``, ``whist``, ``raspasy``, ``misere``,
``contra``...) are the format every journal is written in, read at every table whatever its
game; a family's rules then refuse what they do not play. The words players say at the table
(``6 пик``, ``вистую``, ``πάσο``, ``Eichel``...) belong to each family: its words module
(``families/<name>/words.py``) extends the canonical vocabulary with them, and the parser reads
a line with the vocabulary of the table's family (:func:`words_for`).

Every word is kept folded (:func:`fold`): case folded, ``ё`` read as ``е``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from ..frozen import Frozen
from ..game import Contract, DealKind, Decision, Strain

T = TypeVar("T")
#: what a phrase of two words may mean: a strain, an answer, or a kind of deal (все пас)
Meaning = Strain | Decision | DealKind


def fold(text: str) -> str:
    """A word as it is compared with the vocabulary: case folded, ё read as е."""
    return text.casefold().replace("ё", "е")


def spelled(table: Mapping[T, str]) -> dict[str, T]:
    """A word table from its meanings: each meaning with its spellings, separated by spaces
    (``{Strain.SPADES: "s ♠ пик"}``); a vocabulary folds them as a word said is."""
    return {word: meaning for meaning, words in table.items() for word in words.split()}


def folded(words: str) -> frozenset[str]:
    """A set of words given as one string (a vocabulary folds them)."""
    return frozenset(words.split())


#: the canonical contra words, by level
CONTRA_WORDS = {1: "contra", 2: "recontra", 3: "subcontra", 4: "mortcontra"}
_TRUMPS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)


class Style(Frozen):
    """The words a deal is written in (every one of them a word its family reads): a frozen
    record, written by hand (a frozen dataclass is compiled from source at every start).
    Whatever a style does not name is written in the journal's word."""

    FIELDS = ("name", "suits", "games", "decisions", "kinds", "contras", "columns", "dark",
              "no_talon", "invite", "looked", "fell", "made", "marks", "rest")

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
    rest: str  # five players: the word before the two who sit the deal out

    def __init__(self, name: str, suits: dict[Strain, str] | None = None,
                 games: dict[Strain, str] | None = None,
                 decisions: dict[Decision, str] | None = None,
                 kinds: dict[DealKind, str] | None = None, contras: dict[int, str] | None = None,
                 columns: dict[str, str] | None = None, dark: str = "dark",
                 no_talon: str = "igra", invite: str = "invite", looked: str = "looked",
                 fell: str = "fell", made: dict[bool, str] | None = None,
                 marks: dict[str, str] | None = None, rest: str = "rest") -> None:
        self.__dict__.update(
            name=name, suits={s: s.value for s in _TRUMPS} if suits is None else suits,
            games={s: s.value for s in Strain if s not in _TRUMPS} if games is None else games,
            decisions={d: d.value for d in Decision} if decisions is None else decisions,
            kinds={k: k.value for k in DealKind} if kinds is None else kinds,
            contras=dict(CONTRA_WORDS) if contras is None else contras,
            columns={} if columns is None else columns,
            dark=dark, no_talon=no_talon, invite=invite, looked=looked, fell=fell,
            made={True: "made", False: "down"} if made is None else made,
            marks={} if marks is None else marks, rest=rest)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(self.__dict__[k] == other.__dict__[k] for k in self.FIELDS)

    __hash__ = None  # type: ignore[assignment]  # its dicts are not hashable, as a dataclass's

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={self.__dict__[k]!r}" for k in self.FIELDS)
        return f"{self.__class__.__qualname__}({shown})"


#: the journal's own words: what pulka always wrote
LATIN = Style("latin")
#: the journal's words with the suits drawn as on the sheet: 6♠ whist
SYMBOLS = Style("symbols", suits={Strain.SPADES: "♠", Strain.CLUBS: "♣", Strain.DIAMONDS: "♦",
                                  Strain.HEARTS: "♥", Strain.NOTRUMP: "nt"})


class Vocabulary:
    """Every word one family's deal lines may hold, by what it means, and the styles its
    deals are said back in. Every word is kept folded (:func:`fold`), however it was given.

    A vocabulary is made once per family and never changed; it is compared and hashed by
    identity (the parser caches its readings per vocabulary).

    Attributes:
        suits: a suit or no trumps, written after a level (``6s``, ``6 пик``) or alone (a
            Balkan game named by its suit).
        games: the contracts named by a word (misère, bettel, the payment games' extras).
        answers: a defender's answers that are keywords (a name that reads as one is quoted).
        said: answers as they are said at the table; they never stand where a name does, so a
            name that reads as one needs no quotes.
        kinds: the first word of a deal that is not a contract (raspasy, allpass, end...).
        all_passed: a word each player says in turn for an all-pass (``πάσο πάσο πάσο``).
        contras: contra, recontra, subcontra, mortcontra, by level.
        dark, looked, no_talon, invite: those words of a deal.
        fell: the words that say a defender fell; only ``fell`` is a keyword, the others stay
            the name of a player so called.
        clean: a misère taken with no trick (мизер чистый).
        marks: a deal's claims and events, by their journal word (a payment deal's aces, a
            Russian game given up ``without3``).
        made: an extra reported made (True) or lost (False).
        columns: the sheet's columns an adjustment names, by their journal word.
        rest: the words before the two players who sit a deal out, at five (``rest A E``).
        phrases: a meaning said in two words (``без козыря``, ``пол виста``, ``все пас``; a
            mark, by its journal word: ``без трёх``).
        no_talon_phrases: "without the talon" said in several words: the first word and the
            rest (``без прикупа``, ``aus den Händen``).
        counts: numbers said in words (``два``, ``одной``, ``two``), for levels and tricks.
        units: the word a number of tricks may be followed by (``взятки``, ``tricks``).
        short: the words that say a contract went down by the number after them (``без
            одной``, ``минус 2``, ``down 1``): the declarer's tricks then follow from it.
        styles: language -> the style a deal typed in that language is said back in.
        contract_hint: examples of a contract at this family's table, for a refusal's hint.
        needs: the tricks a contract needs at this family's table when its words alone tell
            it (its level; none for a misère), None otherwise: what ``без одной`` counts from.
        offered: the words a prompt completes at this family's table (its contracts and the
            words of its deals, in the journal's words and Russian).
        keywords: what a name must be quoted to mean (derived).
    """

    #: what each table holds: a dict (word -> meaning) or a set of words
    TABLES = ("suits", "games", "answers", "said", "kinds", "all_passed", "contras", "dark",
              "looked", "no_talon", "invite", "fell", "clean", "marks", "made", "columns",
              "phrases", "no_talon_phrases", "counts", "units", "short", "styles", "rest")

    def __init__(self, *, suits: Mapping[str, Strain] | None = None,
                 games: Mapping[str, Strain] | None = None,
                 answers: Mapping[str, Decision] | None = None,
                 said: Mapping[str, Decision] | None = None,
                 kinds: Mapping[str, DealKind] | None = None, all_passed: Iterable[str] = (),
                 contras: Mapping[str, int] | None = None, dark: Iterable[str] = (),
                 looked: Iterable[str] = (), no_talon: Iterable[str] = (),
                 invite: Iterable[str] = (), fell: Iterable[str] = (), clean: Iterable[str] = (),
                 marks: Mapping[str, str] | None = None, made: Mapping[str, bool] | None = None,
                 columns: Mapping[str, str] | None = None,
                 phrases: Mapping[tuple[str, str], Meaning] | None = None,
                 no_talon_phrases: Mapping[str, tuple[str, ...]] | None = None,
                 counts: Mapping[str, int] | None = None, units: Iterable[str] = (),
                 short: Iterable[str] = (),
                 styles: Mapping[str, Style] | None = None, contract_hint: str = "",
                 offered: Iterable[str] = (),
                 needs: Callable[[Contract], int | None] | None = None,
                 rest: Iterable[str] = ()) -> None:
        #: each word as it was given (the tables hold it folded): what a list of words shows
        self.shown: dict[str, str] = {}
        self.suits: dict[str, Strain] = self._keys(suits)
        self.games: dict[str, Strain] = self._keys(games)
        self.answers: dict[str, Decision] = self._keys(answers)
        self.said: dict[str, Decision] = self._keys(said)
        #: every answer read after a defender's name: the keywords and the spoken forms
        self.decisions = {**self.said, **self.answers}
        self.kinds: dict[str, DealKind] = self._keys(kinds)
        self.all_passed = self._set(all_passed)
        self.contras: dict[str, int] = self._keys(contras)
        self.dark = self._set(dark)
        self.looked = self._set(looked)
        self.no_talon = self._set(no_talon)
        self.invite = self._set(invite)
        self.fell = self._set(fell)
        self.clean = self._set(clean)
        self.marks: dict[str, str] = self._keys(marks)
        self.made: dict[str, bool] = self._keys(made)
        self.columns: dict[str, str] = self._keys(columns)
        self.rest = self._set(rest)
        self.phrases: dict[tuple[str, str], Meaning] = {
            (self._word(first), self._word(second)): meaning
            for (first, second), meaning in (phrases or {}).items()}
        self.no_talon_phrases: dict[str, tuple[str, ...]] = {
            self._word(first): tuple(self._word(word) for word in rest)
            for first, rest in (no_talon_phrases or {}).items()}
        self.counts: dict[str, int] = self._keys(counts)
        self.units = self._set(units)
        self.short = self._set(short)
        self.styles: dict[str, Style] = dict(styles or {})
        self.contract_hint = contract_hint
        self.offered = tuple(offered)
        self.needs = needs
        self.keywords = frozenset(
            {*self.kinds, *self.contras, *self.dark, *self.looked, *self.no_talon, *self.invite,
             "fell", *self.columns, *(w for w in self.answers if len(w) > 1), *self.marks,
             *self.made, *self.rest})
        self.everything = frozenset(
            {*self.suits, *self.games, *self.decisions, *self.kinds, *self.all_passed,
             *self.contras, *self.dark, *self.looked, *self.no_talon, *self.invite,
             *self.fell, *self.clean, *self.marks, *self.made, *self.columns, *self.counts,
             *self.units, *self.short, *self.rest,
             *(w for phrase in self.phrases for w in phrase), *self.no_talon_phrases,
             *(w for rest in self.no_talon_phrases.values() for w in rest)})

    def extended(self, contract_hint: str = "", offered: Iterable[str] = (),
                 needs: Callable[[Contract], int | None] | None = None,
                 **more: Any) -> Vocabulary:
        """This vocabulary with more words, given as the constructor takes them (a word
        already here keeps its meaning; a style of a language replaces this one's)."""
        merged: dict[str, Any] = {}
        for name in self.TABLES:
            mine, theirs = getattr(self, name), more.pop(name, None)
            if theirs is None:
                merged[name] = mine
            elif isinstance(mine, dict):
                merged[name] = {**mine, **theirs} if name == "styles" else {**theirs, **mine}
            else:
                merged[name] = {*mine, *theirs}
        if more:
            message = f"not a table of a vocabulary: {', '.join(more)}"
            raise TypeError(message)  # untranslated: a programming error
        merged_words = Vocabulary(**merged, contract_hint=contract_hint or self.contract_hint,
                                  offered=offered or self.offered, needs=needs or self.needs)
        merged_words.shown.update(self.shown)  # (a word given unfolded keeps its spelling)
        return merged_words

    def _word(self, word: str) -> str:
        folded = fold(word)
        self.shown.setdefault(folded, word)
        return folded

    def _keys(self, table: Mapping[str, T] | None) -> dict[str, T]:
        return {self._word(word): meaning for word, meaning in (table or {}).items()}

    def _set(self, words: Iterable[str]) -> frozenset[str]:
        return frozenset(self._word(word) for word in words)

    def style(self, language: str) -> Style:
        """The style a deal is said back in, in a language (the journal's words with the suits
        drawn where the family has no words of that language)."""
        return self.styles.get(language, SYMBOLS)

    def reads(self, word: str) -> bool:
        """Is this (folded) word one of the vocabulary's, of any kind?"""
        return word in self.everything

    def __repr__(self) -> str:
        return f"<Vocabulary of {len(self.everything)} words>"


#: the journal's words, which pulka writes and every table reads (its rules refuse what its
#: game does not play): the suits and contracts, the answers, the kinds of deal, and the
#: words of a deal's part
CANONICAL = Vocabulary(
    suits=spelled({Strain.SPADES: "s", Strain.CLUBS: "c", Strain.DIAMONDS: "d",
                   Strain.HEARTS: "h", Strain.NOTRUMP: "nt"}),
    games=spelled({s: s.value for s in Strain if s not in _TRUMPS}),
    answers=spelled({d: d.value for d in Decision if d not in (Decision.TOGETHER,
                                                               Decision.ALONE)}),
    # (the Greek answers are words said after a name, never where a name stands)
    said=spelled({Decision.TOGETHER: "together", Decision.ALONE: "alone"}),
    kinds=spelled({k: k.value for k in DealKind if k is not DealKind.CONTRACT}),
    contras={word: level for level, word in CONTRA_WORDS.items()},
    dark=("dark",), looked=("looked",), no_talon=("igra",), invite=("invite",),
    fell=("fell",),
    marks={m: m for m in ("aces", "noaces", "kunstwerk", "concede", "without3")},
    made={"made": True, "down": False},
    columns={c: c for c in ("pulya", "gora", "whists", "bule", "refe", "hats")},
    styles={"en": SYMBOLS}, rest=("rest",),
    contract_hint="6s, 7h, 9nt, misere, s, bettel")


def words_for(family: str) -> Vocabulary:
    """The vocabulary of a family's table (the journal's words where the family is not
    known). The family's module is loaded by name (:mod:`pulka.registry`): the notation comes
    before the families in the flow of the data."""
    from ..registry import FAMILIES

    registered = FAMILIES.get(family)
    if registered is None:
        return CANONICAL
    found = _FOUND.get(registered.rules)
    if found is None:
        found = _FOUND[registered.rules] = importlib.import_module(registered.rules).FAMILY.words
    return found


def every_family_words() -> Vocabulary:
    """Every registered family's words in one vocabulary: what a word means at any table
    (a line that does not read at its own table is read with these, so that the table's
    rules can say why its game has no such deal)."""
    from ..registry import FAMILIES

    key = tuple(registered.rules for registered in FAMILIES.values())
    found = _EVERY.get(key)
    if found is None:
        found = CANONICAL
        for family in FAMILIES:
            words = words_for(family)
            found = found.extended(**{table: getattr(words, table)
                                      for table in Vocabulary.TABLES if table != "styles"})
        _EVERY.clear()
        _EVERY[key] = found
    return found


#: the vocabulary of each family's module, once loaded
_FOUND: dict[str, Vocabulary] = {}
#: every family's words, for the registry as it stood
_EVERY: dict[tuple[str, ...], Vocabulary] = {}
