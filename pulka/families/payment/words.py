"""The words of the pot and payment games' tables: the extras and their German and Russian
names, the claims (aces, Kunstwerk), made and down, the pot's refill, the Swabian suits and
games from the hand in German, the Greek answers, suits and all-pass in Greek; and the words a
deal is said back in at a table that speaks Russian."""

from __future__ import annotations

from ...game import Contract, DealKind, Decision, Strain
from ...notation.vocabulary import CANONICAL, SYMBOLS, Style, folded, spelled
from .. import words as shared

_EXTRAS = spelled({Strain.BETTEL: "betl беттель бетл", Strain.SANS: "санс",
                   Strain.DURCHMARSCH: "dm дурхмарш", Strain.PLAUDERER: "ouvert болтун плаудерер",
                   Strain.OFFENER: "odm оффенер"})
_EXTRAS_SAID = {Strain.BETTEL: "беттель", Strain.SANS: "санс", Strain.DURCHMARSCH: "дурхмарш",
                Strain.PLAUDERER: "плаудерер", Strain.OFFENER: "оффенер"}
#: the payment games say play and drop for whist and pass
_PLAY_DROP = spelled({Decision.WHIST: "play", Decision.PASS: "drop"})
_KINDS = spelled({DealKind.ALLPASS: "все-пас пасы", DealKind.ADJUST: "поправка",
                  DealKind.END: "конец", DealKind.REFILL: "пополнение"})
_KINDS_SAID = {DealKind.CONTRACT: "", DealKind.ALLPASS: "все-пас", DealKind.ADJUST: "поправка",
               DealKind.END: "конец", DealKind.REFILL: "пополнение"}
#: aus den Händen: a Swabian game from the hand, without the talon
_FROM_THE_HAND = {**shared.NO_TALON_PHRASES, "aus": ("den", "händen")}
#: numbers in words, and a contract down by a number, at every payment table
_NUMBERS = {"counts": shared.COUNTS, "units": shared.UNITS, "short": shared.SHORT}
#: what the extras need: no trick (bettel, plauderer), all ten (durchmarsch, offener)
_EXTRAS_NEED = {Strain.BETTEL: 0, Strain.PLAUDERER: 0, Strain.DURCHMARSCH: 10,
                Strain.OFFENER: 10}


def _austrian_needs(contract: Contract) -> int | None:
    """Six tricks for a suit; an extra's own (Sans Atout's is the table's rule)."""
    if contract.strain in _EXTRAS_NEED:
        return _EXTRAS_NEED[contract.strain]
    return None if contract.strain is Strain.SANS else 6


def _swabian_needs(contract: Contract) -> int | None:
    """An extra's own; a suit game's requirement is the table's rule."""
    return _EXTRAS_NEED.get(contract.strain)


def _russian(**words: object) -> Style:
    """A payment game's deal said back in Russian: its own words over the common ones."""
    common: dict[str, object] = dict(
        suits={**SYMBOLS.suits, Strain.NOTRUMP: "БК"}, games=_EXTRAS_SAID,
        decisions={Decision.WHIST: "вист", Decision.PASS: "пас"}, kinds=_KINDS_SAID,
        contras={1: "контра", 2: "реконтра"}, made={True: "сыграл", False: "без"},
        marks={"aces": "тузы", "noaces": "безтузов"}, no_talon="бп")
    return Style("russian", **{**common, **words})  # type: ignore[arg-type]


#: Austrian Preference and Illustrated
AUSTRIAN = CANONICAL.extended(
    suits={**shared.SUITS, **shared.NO_TRUMPS}, games=_EXTRAS,
    answers=shared.WHIST_PASS, said={**shared.WHIST_PASS_SAID, **_PLAY_DROP},
    kinds=_KINDS, contras=shared.CONTRAS, phrases=shared.all_passed(DealKind.ALLPASS),
    no_talon=(*shared.NO_TALON, "hand", "spiel"), no_talon_phrases=_FROM_THE_HAND,
    invite=("приглашение",), needs=_austrian_needs, **_NUMBERS,
    marks={"тузы": "aces", "безтузов": "noaces"}, made={"сыграл": True, "без": False},
    styles={"ru": _russian(invite="приглашение")},
    contract_hint="s, ♥, пики, bettel, durchmarsch, беттель",
    offered=(*shared.SUITS_ALONE, "bettel", "durchmarsch", "plauderer", "offener", "sans",
             "беттель", "дурхмарш", "плаудерер", "оффенер", "санс", "igra", "invite",
             "приглашение", "aces", "noaces", "тузы", "безтузов", "made", "down", "сыграл",
             "allpass", "все-пас", "refill", "пополнение", "whist", "pass", "вист", "пас",
             "contra", "recontra", "контра", "реконтра"),
)

#: Swabian Preference: its games by their German names too (payment-families.md §3.4: leaves
#: are pulka's s, bells d, hearts h, acorns c)
SWABIAN = CANONICAL.extended(
    suits={**shared.SUITS, **spelled({Strain.SPADES: "grün gruen", Strain.CLUBS: "eichel",
                                      Strain.DIAMONDS: "schelle", Strain.HEARTS: "herz"})},
    games=_EXTRAS, answers=shared.WHIST_PASS, said={**shared.WHIST_PASS_SAID, **_PLAY_DROP},
    kinds=_KINDS, contras=shared.CONTRAS, phrases=shared.all_passed(DealKind.ALLPASS),
    no_talon=(*shared.NO_TALON, "hand", "spiel"), no_talon_phrases=_FROM_THE_HAND,
    needs=_swabian_needs, **_NUMBERS, marks={"кунстверк": "kunstwerk"}, made={"сыграл": True, "без": False},
    styles={"ru": _russian(marks={"kunstwerk": "кунстверк"})},
    contract_hint="s, ♥, eichel, bettel, durchmarsch, беттель",
    offered=(*shared.SUITS_ALONE, "bettel", "durchmarsch", "беттель", "дурхмарш", "hand",
             "kunstwerk", "кунстверк", "contra", "recontra", "контра", "реконтра"),
)

#: Greek Prefa: the suits (§4.6) and the answers in Greek, with and without their accents
GREEK = CANONICAL.extended(
    suits={**shared.SUITS, **shared.NO_TRUMPS, **spelled({
        Strain.SPADES: "μπαστούνια μπαστουνια", Strain.CLUBS: "σπαθιά σπαθια",
        Strain.DIAMONDS: "καρά καρα", Strain.HEARTS: "κούπες κουπες",
        Strain.NOTRUMP: "άχροα αχροα αχρωμάτιστα αχρωματιστα"})},
    answers=shared.WHIST_PASS,
    said={**shared.WHIST_PASS_SAID, **_PLAY_DROP, **spelled({
        Decision.TOGETHER: "μαζί μαζι вместе", Decision.ALONE: "μόνος μονος один",
        Decision.WHIST: "παίζω παιζω", Decision.PASS: "πάσο πασο"})},
    # an all-pass is said "πάσο, πάσο, πάσο": each player passes in turn
    all_passed=folded("πάσο πασο"),
    # a concession: the declarer gives up before the play (сдаюсь, as a Russian table says it)
    kinds=_KINDS, phrases=shared.all_passed(DealKind.ALLPASS),
    marks={"тузы": "aces", "сдаюсь": "concede", "сдался": "concede", "сдалась": "concede"},
    made={"сыграл": True, "без": False}, needs=shared.levelled, **_NUMBERS,
    styles={"ru": _russian(decisions={Decision.WHIST: "вист", Decision.PASS: "пас",
                                      Decision.TOGETHER: "вместе", Decision.ALONE: "один"},
                           contras={}, games={},
                           marks={"aces": "тузы", "concede": "сдаюсь"})},
    contract_hint="6s, 7♥, 8 пик, 9nt, 6 σπαθιά",
    offered=(*shared.LEVELLED, "whist", "pass", "together", "alone", "вист", "пас", "вместе",
             "один", "allpass", "все-пас", "aces", "тузы", "concede", "сдаюсь", "refill",
             "пополнение"),
)
