"""A family's vocabulary as a table a player reads: each thing a deal line can say, the word
the journal writes for it, and every word the table's notation reads for it, by alphabet
(``pulka help notation`` prints it; the README's notation section is this table).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..frozen import NamedTuple
from ..game import DealKind, Decision, Strain
from ..i18n import N_, translated
from .vocabulary import CONTRA_WORDS, Vocabulary


class Row(NamedTuple):
    """One thing a deal line can say.

    Attributes:
        meaning: what it says, marked with ``N_`` (shown translated).
        journal: the journal's word for it ("" where the journal writes a number).
        latin: the words in Latin letters read for it (English, German, Serbian...).
        cyrillic: the words in Cyrillic letters read for it.
        other: the words in any other writing (Greek letters, suit symbols).
    """

    meaning: str
    journal: str
    latin: tuple[str, ...]
    cyrillic: tuple[str, ...]
    other: tuple[str, ...]


_MEANINGS: dict[object, str] = {
    Strain.SPADES: N_("spades"), Strain.CLUBS: N_("clubs"), Strain.DIAMONDS: N_("diamonds"),
    Strain.HEARTS: N_("hearts"), Strain.NOTRUMP: N_("no trumps"),
    Strain.MISERE: N_("misère"), Strain.BETTEL: N_("bettel"), Strain.SANS: N_("sans"),
    Strain.DURCHMARSCH: N_("durchmarsch"), Strain.PLAUDERER: N_("plauderer"),
    Strain.OFFENER: N_("offener durchmarsch"),
    Decision.WHIST: N_("whist"), Decision.PASS: N_("pass"), Decision.HALF: N_("half-whist"),
    Decision.TOGETHER: N_("together (Greek)"), Decision.ALONE: N_("alone (Greek)"),
    DealKind.RASPASY: N_("raspasy (all passed, played out)"),
    DealKind.ALLPASS: N_("all passed"), DealKind.ADJUST: N_("an adjustment of the sheet"),
    DealKind.END: N_("the end of the game"), DealKind.REFILL: N_("the pot refilled"),
}
_CONTRAS = {1: N_("contra"), 2: N_("recontra"), 3: N_("subcontra"), 4: N_("mortcontra")}
_MARKS = {"aces": N_("four aces"), "noaces": N_("no aces"), "kunstwerk": N_("Kunstwerk"),
          "concede": N_("a concession")}
_COLUMNS = {"pulya": N_("pulya (adjustment)"), "gora": N_("gora (adjustment)"),
            "whists": N_("whists (adjustment)"), "bule": N_("bule (adjustment)"),
            "refe": N_("refes (adjustment)"), "hats": N_("hats (adjustment)")}


def rows(words: Vocabulary) -> list[Row]:
    """Everything the vocabulary reads, one row per meaning, in the order of a deal line."""
    found: list[Row] = []
    phrases: dict[object, list[str]] = {}
    for pair, meant in words.phrases.items():
        phrases.setdefault(meant, []).append(" ".join(words.shown.get(w, w) for w in pair))
    offered = {*words.offered, *(w[1:] for w in words.offered if w[:1].isdigit())}

    def add(meaning: str, journal: str, said: Iterable[str]) -> None:
        said = sorted({words.shown.get(w, w) for w in said if w != journal},
                      key=lambda w: (len(w), w))
        # (the journal's word alone is listed where the family writes it: every table reads
        # the journal's words, and its rules refuse what its game does not play)
        if said or (journal and journal in offered):
            found.append(Row(meaning, journal, *_by_alphabet(said)))

    def by_meaning(table: Mapping[str, Any], order: Iterable[Any], names: Mapping[Any, str],
                   journal: Mapping[Any, str]) -> None:
        for meaning in order:
            said = [w for w, m in table.items() if m == meaning]
            said += phrases.get(meaning, [])
            if said:
                add(names[meaning], journal[meaning], said)

    trumps = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)
    by_meaning(words.suits, trumps, _MEANINGS, {s: s.value for s in trumps})
    games = [s for s in Strain if s not in trumps]
    by_meaning(words.games, games, _MEANINGS, {s: s.value for s in games})
    by_meaning(words.decisions, list(Decision), _MEANINGS, {d: d.value for d in Decision})
    kinds = [k for k in DealKind if k is not DealKind.CONTRACT]
    by_meaning(words.kinds, kinds, _MEANINGS, {k: k.value for k in kinds})
    by_meaning(words.contras, range(1, 5), _CONTRAS, CONTRA_WORDS)
    for meaning, journal, said in ((N_("dark"), "dark", words.dark),
                                   (N_("looked (dark raspasy)"), "looked", words.looked),
                                   (N_("without the talon"), "igra",
                                    [*words.no_talon, *(" ".join(words.shown.get(w, w) for w in
                                                                 (first, *rest)) for first, rest
                                                        in words.no_talon_phrases.items())]),
                                   (N_("invited"), "invite", words.invite),
                                   (N_("fell"), "fell", words.fell)):
        if said:
            add(meaning, journal, said)
    by_meaning(words.marks, list(_MARKS), _MARKS, {m: m for m in _MARKS})
    if words.made:
        add(N_("made (an extra)"), "made", [w for w, m in words.made.items() if m])
        add(N_("down (an extra)"), "down", [w for w, m in words.made.items() if not m])
    if words.clean:
        add(N_("a misère with no trick"), "", words.clean)
    if words.short:
        add(N_("down by a number of tricks (the tricks follow)"), "",
            [f"{w} N" for w in words.short])
    for count in range(11):
        numbers = [w for w, n in words.counts.items() if n == count]
        if numbers:
            add(str(count), str(count), numbers)
    if words.units:
        add(N_("after a number of tricks"), "", words.units)
    by_meaning(words.columns, list(_COLUMNS), _COLUMNS, {c: c for c in _COLUMNS})
    return found


def _by_alphabet(said: list[str]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    latin = tuple(w for w in said if _LATIN.search(w) and not _CYRILLIC.search(w))
    cyrillic = tuple(w for w in said if _CYRILLIC.search(w))
    return latin, cyrillic, tuple(w for w in said if w not in latin and w not in cyrillic)


_LATIN = re.compile(r"[a-zäöüšđčćž]")
_CYRILLIC = re.compile(r"[а-яё]")


def markdown(words: Vocabulary) -> list[str]:
    """The table in Markdown (the README's notation section)."""
    heads = (translated(N_("what it says")), translated(N_("the journal writes")),
             translated(N_("Latin letters")), translated(N_("Cyrillic")),
             translated(N_("other")))
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for row in rows(words):
        cells = (translated(row.meaning) if not row.meaning.isdigit() else row.meaning,
                 f"`{row.journal}`" if row.journal else "—", ", ".join(row.latin),
                 ", ".join(row.cyrillic), " ".join(row.other))
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return lines


def plain(words: Vocabulary) -> list[str]:
    """The table as lines of plain text (the terminal)."""
    out: list[str] = []
    for row in rows(words):
        meaning = translated(row.meaning) if not row.meaning.isdigit() else row.meaning
        said = [*row.cyrillic, *row.latin, *row.other]
        journal = row.journal or "—"
        out.append(f"  {meaning}: {journal}" + (f"  ·  {', '.join(said)}" if said else ""))
    return out


def readme(families: Iterable[tuple[str, Vocabulary]]) -> list[str]:
    """The README's tables: one per family (its title, marked with ``N_``, and its words)."""
    out: list[str] = []
    for title, words in families:
        out += ["", f"#### {translated(title)}", "", *markdown(words)]
    return out[1:]
