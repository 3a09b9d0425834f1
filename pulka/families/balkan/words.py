"""The words of a Balkan table (Croatian, Slovenian, Serbian): its games named by the suit
alone, bettel and sans, the all-pass and its refe, contra in every spelling, who fell, and the
words a deal is said back in at a table that speaks Russian."""

from __future__ import annotations

from ...game import Contract, DealKind, Decision, Strain
from ...notation.vocabulary import CANONICAL, SYMBOLS, Style, folded, spelled
from .. import words as shared

RUSSIAN = Style(
    "russian",
    suits={**SYMBOLS.suits, Strain.NOTRUMP: "БК"},
    games={Strain.BETTEL: "беттель", Strain.SANS: "санс"},
    decisions={Decision.WHIST: "вист", Decision.PASS: "пас", Decision.HALF: "полвиста"},
    kinds={DealKind.CONTRACT: "", DealKind.ALLPASS: "все-пас", DealKind.ADJUST: "поправка",
           DealKind.END: "конец"},
    contras={1: "контра", 2: "реконтра", 3: "субконтра", 4: "мортконтра"},
    columns={"whists": "висты", "bule": "були", "refe": "рефы", "hats": "шляпы"},
    no_talon="бп", invite="приглашение", fell="упал",
)

def _needs(contract: Contract) -> int:
    """Six tricks for a game named by its suit and for sans; none for a bettel."""
    return 0 if contract.strain is Strain.BETTEL else 6


WORDS = CANONICAL.extended(
    suits=shared.SUITS, counts=shared.COUNTS, units=shared.UNITS, short=shared.SHORT,
    needs=_needs,
    games=spelled({Strain.BETTEL: "betl berač berac беттель бетл",
                   Strain.SANS: "sanac санац санс"}),
    answers={**shared.WHIST_PASS, **shared.HALF},
    said={**shared.WHIST_PASS_SAID, **shared.HALF_SAID},
    kinds=spelled({DealKind.ALLPASS: "все-пас пасы рефе", DealKind.ADJUST: "поправка",
                   DealKind.END: "конец"}),
    contras=shared.CONTRAS,
    no_talon=shared.NO_TALON, no_talon_phrases=shared.NO_TALON_PHRASES,
    invite=("приглашение",),
    # the table says a defender fell (quota: table), in Serbian/Croatian and Russian
    fell=folded("pao pala пао пала упал упала"),
    columns={"висты": "whists", "були": "bule", "рефы": "refe", "шляпы": "hats"},
    phrases={**shared.HALF_PHRASES, **shared.all_passed(DealKind.ALLPASS)},
    styles={"ru": RUSSIAN},
    contract_hint="s, ♥, пики, sans, bettel, беттель",
    offered=(*shared.SUITS_ALONE, "sans", "bettel", "пики", "трефы", "бубны", "черви", "санс",
             "беттель", "igra", "allpass", "все-пас", "whist", "pass", "вист", "пас", "contra",
             "recontra", "контра", "реконтра"),
)
