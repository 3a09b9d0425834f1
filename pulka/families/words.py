"""The words several families' tables say alike (the families' words modules compose them):
the suits in the players' languages, the Russian answers and their spoken forms, and the
phrases a game without the talon is said in. What a word means is the family's to say: a
family reads only the words it takes from here and its own."""

from __future__ import annotations

from ..game import Contract, DealKind, Decision, Strain
from ..notation.vocabulary import Meaning, spelled

#: the contracts with a level, as a prompt offers them: 6s ... 10nt
LEVELLED = tuple(f"{level}{suit}" for level in range(6, 11) for suit in ("s", "c", "d", "h", "nt"))
#: a game named by its suit alone
SUITS_ALONE = ("s", "c", "d", "h")

#: the suits and no trumps as players write them (the journal writes s c d h nt)
SUITS = spelled({
    Strain.SPADES: "♠ ♤ п пик пики пика пикам пиками spade spades pik",
    Strain.CLUBS: "♣ ♧ т треф трефы трефа трефей трефам трефами к крести кресты крестей крестям "
                  "крестями clubs club tref",
    Strain.DIAMONDS: "♦ ♢ б бубны бубен бубна буби бубей бубнам бубнами бубям diamonds diamond "
                     "karo",
    Strain.HEARTS: "♥ ♡ ч черви червей червы черва черв червям червями hearts heart herc",
})
NO_TRUMPS = spelled({Strain.NOTRUMP: "бк б/к бкз bk notrump notrumps nt"})
#: no trumps said in two words
NO_TRUMP_PHRASES: dict[tuple[str, str], Meaning] = {
    ("без", "козыря"): Strain.NOTRUMP, ("без", "козырей"): Strain.NOTRUMP,
    ("no", "trumps"): Strain.NOTRUMP, ("no", "trump"): Strain.NOTRUMP}

#: numbers said in words, for a level (шесть пик) and tricks (две взятки, без одной), in the
#: forms a table says them, and in English
COUNTS = spelled({
    0: "ноль нуль zero", 1: "один одна одну одной одного one", 2: "два две двух two",
    3: "три трёх three", 4: "четыре четырёх four", 5: "пять пяти five", 6: "шесть шести six",
    7: "семь семи seven", 8: "восемь восьми eight", 9: "девять девяти nine",
    10: "десять десяти ten"})
#: what a number of tricks may be followed by: 6 взяток, мизер 2 взятки, 3 tricks
UNITS = ("взятка", "взятки", "взяток", "взятку", "trick", "tricks")
#: a contract down by the number that follows: без одной, минус 2, down 1
SHORT = ("без", "минус", "down", "minus")


def levelled(contract: Contract) -> int | None:
    """What a contract needs where its level says it (a misère: no trick)."""
    if contract.level is not None:
        return contract.level
    return 0 if contract.strain is Strain.MISERE else None

#: whist and pass as written, short and Russian: keywords (a name that reads as one is quoted)
WHIST_PASS = spelled({Decision.WHIST: "w вист в v", Decision.PASS: "p пас п"})
HALF = spelled({Decision.HALF: "halfwhist полвиста пв ½"})
#: the answers as they are said after a defender's name (a name never stands there), in any
#: person, tense and gender
WHIST_PASS_SAID = spelled({
    Decision.WHIST: "вистую вистуешь вистует вистуем вистуете вистуют вистовал вистовала "
                    "вистовали вистанул вистанула whists whisted",
    Decision.PASS: "пасую пасуешь пасует пасуем пасуете пасуют пасовал пасовала пасовали "
                   "пасанул пасанула passes passed"})
HALF_SAID = spelled({Decision.HALF: "пол-виста пол"})
HALF_PHRASES: dict[tuple[str, str], Meaning] = {("пол", "виста"): Decision.HALF}
#: nobody played, said in two words
ALL_PASSED = ("все", "пас")

#: the Russian words of the journal's lines every table has
ADJUST_END = {"поправка": "adjust", "конец": "end"}

#: a game played without the talon, in one word, and in several (без прикупа, с рук)
NO_TALON = ("notalon", "бп", "game", "игра", "срук")
NO_TALON_PHRASES = {"без": ("прикупа",), "с": ("рук",)}

#: contra and what follows it, in Russian (the word, and the verb in any person and tense) and
#: as the Balkan tables write them in Latin letters
CONTRAS = {"контра": 1, "реконтра": 2, "субконтра": 3, "мортконтра": 4,
           "kontra": 1, "rekontra": 2, "subkontra": 3, "mortkontra": 4,
           **spelled({1: "контрую контрует контруем контруют контровал контровала контровали",
                      2: "реконтрую реконтрует реконтровал реконтровала"})}


def all_passed(kind: DealKind) -> dict[tuple[str, str], Meaning]:
    """все пас, meaning the family's deal nobody played."""
    return {ALL_PASSED: kind}
