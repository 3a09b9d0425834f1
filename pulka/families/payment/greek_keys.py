"""The Greek family's convention keys (see :class:`pulka.convention.schema.Key`): each one's
type, what it means in English and in Russian, its term, and the default a journal written
before it existed is read with.

The rules read a key through its declaration here (``conv[KASA]``); adding a key is a
declaration here, a rule that reads it, and a test. The keys every family has (family, name,
title, aliases, players, price, currency) are in :mod:`pulka.convention.schema`, and those
it shares with another payment family in :mod:`.keys`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...convention.schema import Key
from ...convention.types import Choice, Integer, ListOf, Number
from ...game import Strain
from .keys import END_LEFTOVER

_pos = Number(Fraction(0))
#: the strains in the order of each level's ``values``
STRAINS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)

# --- the kasa ------------------------------------------------------------------------------------
KASA = Key(
    "kasa", _pos,
    "kapikia each player deposits in the kasa",
    "сколько капиков каждый игрок кладёт в кассу", term="касса (κάσα)")
VALUES = Key(
    "values", ListOf(_pos, 25, 25),
    "kapikia per trick at 6, 7, 8, 9, 10, each in spades, clubs, diamonds, hearts, no trumps",
    "капиков за взятку на 6, 7, 8, 9, 10, в каждой: пики, трефы, бубны, червы, без козыря")
NT10 = Key(
    "nt10", Choice(("allowed", "no")),
    "10 no trumps may be played (at value 10)",
    "можно играть 10 без козыря (по 10)")
QUOTAS = Key(
    "quotas", ListOf(Integer(0, 10), 10, 10),
    "tricks the first and the second defender must take at 6, 7, 8, 9, 10",
    "сколько взяток должны взять первый и второй защитник на 6, 7, 8, 9, 10")
QUOTA_ALONE = Key(
    "quota.alone", Choice(("first",)),
    "a lone defender has the first defender's quota",
    "у одинокого защитника норма первого защитника")
SOLO = Key(
    "solo", Integer(1, 10),
    "the shortfall from which the payments are doubled",
    "с какого недобора платежи удваиваются", term="σόλο")
SOLO_PARTNER = Key(
    "solo.partner", Choice(("double", "single")),
    "a doubled defender pays his partner doubled too, or single",
    "удвоенный защитник платит партнёру тоже вдвойне, или одинарно")
ACES = Key(
    "aces", ListOf(_pos, 0, 2),
    "the four-aces bonus at 6 and at 7 or more (none: off)",
    "премия за четыре туза на 6 и на 7 и выше (пусто: нет премии)")
ACES_ON_FAIL = Key(
    "aces.on_fail", Choice(("single", "double", "none")),
    "a short declarer with four aces pays each opponent the bonus once, doubled, or not",
    "разыгрывающий без своих взяток с четырьмя тузами платит каждому противнику премию один раз, вдвойне"
    " или не платит")
CONCEDE = Key(
    "concede", Choice(("down_two",)),
    "a concession is paid as two tricks short",
    "сдача игры платится как недобор двух взяток")
ALLPASS = Key(
    "allpass", Choice(("redeal", "played")),
    "all passed: dealt again, or played (each pays for his tricks above the fewest)",
    "все пасовали: пересдача, или разыгрывается (каждый платит за взятки сверх наименьшего)")
LAST = Key(
    "last", Choice(("normal", "unbalanced", "fair")),
    "the last contract, when the kasa cannot pay it: reduced, reduced unless someone goes in, or in full",
    "последняя игра, когда касса не может её оплатить: уменьшенная, уменьшенная, если никто не недобрал,"
    " или полная")
END = Key(
    "end", Choice(("kasa_empty", "manual")),
    "the game ends when less than 10 remain in the kasa, or at an end line",
    "игра кончается, когда в кассе осталось меньше 10, или по строке end")

#: the family's own keys, in the order a journal writes them (after the keys every family has)
KEYS: tuple[Key[Any], ...] = (
    END_LEFTOVER, KASA, VALUES, NT10, QUOTAS, QUOTA_ALONE, SOLO, SOLO_PARTNER, ACES, ACES_ON_FAIL,
    CONCEDE, ALLPASS, LAST, END,
)
#: the table sizes the rules are written for, whatever a convention's ``players`` says (two
#: defenders; at four the dealer sits out)
SEATS = (3, 4)
