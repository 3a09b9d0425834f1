"""The words of a Russian table: its contracts, answers and deals as players write and say
them, and the words a deal is said back in at a Russian table."""

from __future__ import annotations

from ...game import DealKind, Decision, Strain
from ...notation.vocabulary import CANONICAL, SYMBOLS, Style, spelled
from .. import words as shared

#: 6♠ вист, мизер, распасы: a deal said back to a table that speaks Russian
RUSSIAN = Style(
    "russian",
    suits={**SYMBOLS.suits, Strain.NOTRUMP: "БК"},
    games={Strain.MISERE: "мизер"},
    decisions={Decision.WHIST: "вист", Decision.PASS: "пас", Decision.HALF: "полвиста"},
    kinds={DealKind.CONTRACT: "", DealKind.RASPASY: "распасы", DealKind.ADJUST: "поправка",
           DealKind.END: "конец"},
    columns={"pulya": "пуля", "gora": "гора", "whists": "висты"},
    dark="тёмная", looked="смотрел", marks={"without3": "без трёх"}, rest="отдыхают",
)

WORDS = CANONICAL.extended(
    suits={**shared.SUITS, **shared.NO_TRUMPS}, counts=shared.COUNTS, units=shared.UNITS,
    short=shared.SHORT, needs=shared.levelled,
    games=spelled({Strain.MISERE: "misère mis мизер мизёр"}),
    answers={**shared.WHIST_PASS, **shared.HALF},
    said={**shared.WHIST_PASS_SAID, **shared.HALF_SAID},
    kinds=spelled({DealKind.RASPASY: "rasp распасы распас распасовка",
                   DealKind.ADJUST: "поправка", DealKind.END: "конец"}),
    dark=("тёмная", "втёмную"), looked=("смотрел",), clean=("чистый", "чистая"),
    columns={"пуля": "pulya", "гора": "gora", "висты": "whists"},
    # a game given up before play (without_three): без трёх, без3
    marks={"без3": "without3", "безтрёх": "without3"},
    phrases={**shared.NO_TRUMP_PHRASES, **shared.HALF_PHRASES,
             **shared.all_passed(DealKind.RASPASY), ("без", "трёх"): "without3"},
    # five players: who sits the deal out besides the dealer, named (five.rest: manual)
    rest=("отдыхают", "отдыхает", "отдых"),
    styles={"ru": RUSSIAN},
    contract_hint="6s, 7♥, 8 пик, 9nt, misere, мизер",
    offered=(*shared.LEVELLED, "misere", "мизер", "raspasy", "распасы", "whist", "pass", "half",
             "вист", "пас", "полвиста", "without3", "без3", "rest", "отдыхают"),
)
