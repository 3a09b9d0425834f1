"""The words several families' tables say alike (the families' words modules compose them):
the suits in the players' languages, the Russian answers and their spoken forms, and the
phrases a game without the talon is said in. What a word means is the family's to say: a
family reads only the words it takes from here and its own."""

from __future__ import annotations

from ..game import Decision, Strain
from ..notation.vocabulary import spelled

#: the contracts with a level, as a prompt offers them: 6s ... 10nt
LEVELLED = tuple(f"{level}{suit}" for level in range(6, 11) for suit in ("s", "c", "d", "h", "nt"))
#: a game named by its suit alone
SUITS_ALONE = ("s", "c", "d", "h")

#: the suits and no trumps as players write them (the journal writes s c d h nt)
SUITS = spelled({
    Strain.SPADES: "♠ ♤ п пик пики пика spade spades pik",
    Strain.CLUBS: "♣ ♧ т треф трефы трефа к крести кресты крестей clubs club tref",
    Strain.DIAMONDS: "♦ ♢ б бубны бубен бубна буби diamonds diamond karo",
    Strain.HEARTS: "♥ ♡ ч черви червей червы черва hearts heart herc",
})
NO_TRUMPS = spelled({Strain.NOTRUMP: "бк б/к бкз bk notrump notrumps"})
#: no trumps said in two words
NO_TRUMP_PHRASES: dict[tuple[str, str], Strain | Decision] = {
    ("без", "козыря"): Strain.NOTRUMP, ("без", "козырей"): Strain.NOTRUMP}

#: whist and pass as written, short and Russian: keywords (a name that reads as one is quoted)
WHIST_PASS = spelled({Decision.WHIST: "w вист в v", Decision.PASS: "p пас п"})
HALF = spelled({Decision.HALF: "halfwhist полвиста пв ½"})
#: the answers as they are said after a defender's name (a name never stands there)
WHIST_PASS_SAID = spelled({Decision.WHIST: "вистую", Decision.PASS: "пасую"})
HALF_SAID = spelled({Decision.HALF: "пол-виста пол"})
HALF_PHRASES: dict[tuple[str, str], Strain | Decision] = {("пол", "виста"): Decision.HALF}

#: the Russian words of the journal's lines every table has
ADJUST_END = {"поправка": "adjust", "конец": "end"}

#: a game played without the talon, in one word, and in several (без прикупа, с рук)
NO_TALON = ("notalon", "бп", "game", "игра", "срук")
NO_TALON_PHRASES = {"без": ("прикупа",), "с": ("рук",)}

#: contra and what follows it, in Russian and as the Balkan tables write them in Latin letters
CONTRAS = {"контра": 1, "реконтра": 2, "субконтра": 3, "мортконтра": 4,
           "kontra": 1, "rekontra": 2, "subkontra": 3, "mortkontra": 4}
