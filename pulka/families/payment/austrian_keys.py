"""The convention keys of the Austrian family, and of Illustrated (see
:class:`pulka.convention.schema.Key`): each one's type, what it means in English and in
Russian, its term, and the default a journal written before it existed is read with.

The rules read a key through its declaration here (``conv[POT_BUY_IN]``); adding a key is a
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
from .keys import CONTRA_MAX, END_LEFTOVER

_pos = Number(Fraction(0))
#: the suits in the order of ``pot.suit_values``, as they are bid (clubs 1 ... hearts 4)
SUITS = (Strain.CLUBS, Strain.SPADES, Strain.DIAMONDS, Strain.HEARTS)

# --- the pot -------------------------------------------------------------------------------------
POT_BUY_IN = Key(
    "pot.buy_in", _pos,
    "units each player puts into the pot at the start and at each refill",
    "сколько каждый игрок кладёт в банк в начале и при каждом пополнении", term="взнос в банк")
POT_ANTE = Key(
    "pot.ante", _pos,
    "units the dealer adds to the pot before each deal (all-passes too)",
    "сколько сдающий добавляет в банк перед каждой сдачей (и перед распасами)", term="ставка сдающего")
POT_PLAYED_FOR = Key(
    "pot.played_for", Choice(("fixed", "whole", "suit")),
    "what a suit contract is played for: a fixed amount, the whole pot, or by the trump",
    "на что играется мастевая игра: на постоянную сумму, на весь банк или по козырю")
POT_FIXED = Key(
    "pot.fixed", _pos,
    "the amount a contract is played for when it is fixed",
    "на какую сумму играется игра, когда сумма постоянная")
POT_LIMIT = Key(
    "pot.limit", _pos,
    "the most a contract is played for (0: no limit)",
    "наибольшая сумма, на которую играется игра (0: без предела)")
POT_SUIT_VALUES = Key(
    "pot.suit_values", ListOf(_pos, 4, 4),
    "the amount played for in clubs, spades, diamonds, hearts (Styrian)",
    "сумма игры в трефах, пиках, бубнах, червах (штирийский)")
POT_SHORT = Key(
    "pot.short", Choice(("cap", "refill")),
    "a pot holding less than the amount: play for what is there, or refill it first",
    "в банке меньше, чем разыгрывается: играют на то, что есть, или сначала пополняют банк")
TRICK_RATE = Key(
    "trick_rate", _pos,
    "what the declarer pays a defender per trick, as a part of the amount played for",
    "сколько разыгрывающий платит защитнику за взятку, как доля суммы игры")
QUOTA_DEFENDER = Key(
    "quota.defender", Integer(0, 10),
    "tricks a defender who plays must take",
    "сколько взяток должен взять вистующий")
QUOTA_HOST = Key(
    "quota.host", Integer(0, 10),
    "tricks the host and his invited partner must take",
    "сколько взяток должны взять пригласивший и приглашённый вместе")
PENALTY_DECLARER = Key(
    "penalty.declarer", _pos,
    "times the amount a failed declarer puts into the pot",
    "во сколько раз сумму игры разыгрывающий без шести взяток кладёт в банк")
PENALTY_DEFENDER = Key(
    "penalty.defender", _pos,
    "times the amount a short defender (or host) puts into the pot",
    "во сколько раз сумму игры кладёт в банк недобравший защитник (или пригласивший)")
BONUS_HEARTS = Key(
    "bonus.hearts", _pos,
    "units each opponent pays for hearts without the talon",
    "сколько каждый противник платит за червы без прикупа")
BONUS_ACES = Key(
    "bonus.aces", _pos,
    "units each opponent pays for four aces",
    "сколько каждый противник платит за четыре туза")
BONUS_NO_ACES = Key(
    "bonus.no_aces", _pos,
    "units each opponent pays for no aces, announced",
    "сколько каждый противник платит за объявленное «нет тузов»")
BONUS_SCOPE = Key(
    "bonus.scope", Choice(("all", "games_only", "none")),
    "which contracts carry bonuses: all, only those without the talon, none",
    "какие игры дают премии: все, только без прикупа, никакие")
BONUS_ACES_ON_FAIL = Key(
    "bonus.aces_on_fail", Choice(("none", "pay")),
    "four aces when the declarer fails: nothing, or he pays each opponent",
    "четыре туза, когда разыгрывающий не выиграл: ничего, или он платит каждому противнику")
BONUS_PAYERS = Key(
    "bonus.payers", Choice(("active", "all")),
    "who pays bonuses at four: the two defenders, or the dealer who sits out too",
    "кто платит премии вчетвером: два защитника, или и сдающий, который не играет")
REFILL = Key(
    "refill", Choice(("ask", "none")),
    "after an empty pot: a refill line starts it again (ask), or there is no refill",
    "после пустого банка: строка refill наполняет его снова (ask), или пополнения нет")
END = Key(
    "end", Choice(("pot_empty", "manual")),
    "the game ends when the pot is empty after a deal, or only at an end line",
    "игра кончается, когда банк пуст после сдачи, или только по строке end")
EXTRAS = Key(
    "extras", ListOf(Choice(("bettel", "durchmarsch", "plauderer", "offener", "sans")), 0),
    "the extra contracts allowed (Illustrated)",
    "разрешённые дополнительные ставки (иллюстрированный)", term="дополнительные ставки")
EXTRAS_VALUES = Key(
    "extras.values", ListOf(_pos, 5, 5),
    "units of bettel, durchmarsch, plauderer, offener durchmarsch, sans atout",
    "ставки беттеля, дурхмарша, болтуна, открытого дурхмарша, без козыря")
EXTRAS_NO_TALON = Key(
    "extras.no_talon", _pos,
    "multiplier of an extra contract played without the talon",
    "множитель дополнительной ставки без прикупа")
EXTRAS_DEFENCE = Key(
    "extras.defence", Choice(("forced",)),
    "defenders cannot drop out of an extra",
    "от дополнительной ставки защитники не отказываются")
EXTRAS_BONUSES = Key(
    "extras.bonuses", Choice(("none",)),
    "extras carry no hearts or aces bonus",
    "дополнительные ставки не дают премий за червы и тузы")
CONTRA_ON = Key(
    "contra.on", Choice(("no_trump_extras",)),
    "contracts a defender may contra",
    "на какие игры защитник может сказать контру")
SANS_TARGET = Key(
    "sans.target", Integer(0, 10),
    "tricks Sans Atout needs",
    "сколько взяток нужно без козыря")
SANS_SCORING = Key(
    "sans.scoring", Choice(("direct", "pot")),
    "Sans Atout paid directly as an extra, or through the pot as a suit contract",
    "без козыря платится напрямую, как дополнительная ставка, или через банк, как мастевая игра")

#: the family's own keys, in the order a journal writes them (after the keys every family has)
KEYS: tuple[Key[Any], ...] = (
    POT_BUY_IN, POT_ANTE, POT_PLAYED_FOR, POT_FIXED, POT_LIMIT, POT_SUIT_VALUES, POT_SHORT,
    TRICK_RATE, QUOTA_DEFENDER, QUOTA_HOST, PENALTY_DECLARER, PENALTY_DEFENDER, BONUS_HEARTS,
    BONUS_ACES, BONUS_NO_ACES, BONUS_SCOPE, BONUS_ACES_ON_FAIL, BONUS_PAYERS, REFILL, END,
    END_LEFTOVER, EXTRAS, EXTRAS_VALUES, EXTRAS_NO_TALON, EXTRAS_DEFENCE, EXTRAS_BONUSES, CONTRA_ON,
    CONTRA_MAX, SANS_TARGET, SANS_SCORING,
)
#: the table sizes the rules are written for, whatever a convention's ``players`` says (two
#: defenders; at four the dealer sits out)
SEATS = (3, 4)
