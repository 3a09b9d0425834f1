"""The Balkan family's convention keys (see :class:`pulka.convention.schema.Key`): each one's
type, what it means in English and in Russian, its term, and the default a journal written
before it existed is read with.

The rules read a key through its declaration here (``conv[REFE_MAX]``); adding a key is a
declaration here, a rule that reads it, and a test. The keys every family has (family, name,
title, aliases, players, price, currency) are in :mod:`pulka.convention.schema`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...convention.schema import Key
from ...convention.types import Choice, Flag, Integer, ListOf, Number, NumberOrWord

_pos = Number(Fraction(0))
#: a value the rules divide by: 0 is refused (the bettel value scales a failed bettel)
_divisor = Number(Fraction(0), nonzero=True)

START = Key(
    "start", _pos,
    "bule each player starts with, a debt counted down to 0",
    "були у каждого в начале: долг, который списывается до 0", term="були")
VALUES = Key(
    "values", ListOf(_divisor, 6, 6),
    "bule for spades, diamonds, hearts, clubs, bettel, sans (2 × 2..7)",
    "були за пики, бубны, черви, трефы, беттель, санс (2 × 2..7)")
NO_TALON = Key(
    "no_talon", _pos,
    "added to the value of a game played without the talon",
    "прибавка к стоимости игры без прикупа", term="igra")
QUOTA = Key(
    "quota", NumberOrWord(Integer(0, 10), ("table",)),
    "tricks each whister must take (the pair twice as many), or table: who fell is what the table says on"
    " the deal (fell), not the trick count",
    "сколько взяток должен взять каждый вистующий (пара — вдвое больше), или table: кто упал, говорит стол"
    " и пишет в сдаче (fell), а не счёт взяток")
DEFENCE_CAP = Key(
    "defence_cap", Integer(0, 10),
    "defence tricks that count when the contract fails",
    "сколько взяток защиты засчитывается, когда игра не сыграна")
BETTEL_FAIL_SUPE = Key(
    "bettel_fail.supe", NumberOrWord(_pos, ("per_trick",)),
    "supe each defender writes on a failed bettel (scaled for a bettel without talon), or per_trick: the"
    " bettel's value × the tricks that defender himself took",
    "сколько супе каждый защитник пишет на не сыгравший беттель (пересчитывается для беттеля без прикупа),"
    " или per_trick: стоимость беттеля × взятки, взятые самим этим защитником")
BETTEL_FAIL_BULE = Key(
    "bettel_fail.bule", _pos,
    "bule the declarer takes on a failed bettel (scaled for a bettel without talon)",
    "були, которые получает играющий на несыгранном беттеле (с пересчётом для беттеля без прикупа)")
REFE_MAX = Key(
    "refe.max", Integer(0),
    "all-passes that give refes in one game (30 → 1, 50 → 3)",
    "сколько раз за пульку общий пас даёт рефе (30 → 1, 50 → 3)", term="refe")
REFE_FACTOR = Key(
    "refe.factor", _pos,
    "multiplier of a game played on a refe",
    "множитель игры на рефе")
CONTRA_FACTORS = Key(
    "contra.factors", ListOf(_pos, 0, 4),
    "multipliers of contra, recontra, subcontra, mortcontra (the list's length is the most a table allows)",
    "множители контры, реконтры, субконтры, мортконтры (длина списка — сколько разрешает стол)",
    term="kontra")
CONTRA_WRITER = Key(
    "contra.writer", Choice(("each", "caller")),
    "after a contra each whister writes his own tricks (each), or the defender who called it writes all the"
    " defence's supe and answers for contra.quota tricks (caller)",
    "после контры каждый вистующий пишет свои взятки (each), или законтривший пишет все висты защиты и"
    " отвечает за contra.quota взяток (caller)", term="kontra", default="each")
CONTRA_QUOTA = Key(
    "contra.quota", Integer(0, 10),
    "contra.writer: caller: the defence tricks the caller answers for (in place of contra.caller_penalty)",
    "при contra.writer: caller — сколько взяток защиты обязан обеспечить законтривший (вместо"
    " contra.caller_penalty)", default=5)
CONTRA_CALLER_PENALTY = Key(
    "contra.caller_penalty", Flag(),
    "a defender who called contra pays the penalty when the defence takes 4 tricks or fewer (false: he"
    " answers only for his own quota, as any whister)",
    "законтривший платит штраф, если защита взяла 4 взятки или меньше (false: он отвечает только за свою"
    " норму, как любой вистующий)", term="штраф за контру", default=False)
TWO_UNCONTRAD = Key(
    "two_uncontrad", Choice(("declarer_wins", "refe_all", "played")),
    "a plain two (spades, with talon, no refe) with no contra: the declarer wins without play, it is not"
    " played and everyone gets a refe, or it is played like any game",
    "простая двойка (пики, с прикупом, без рефе) без контры: играющий выигрывает без игры, её не играют и"
    " всем пишут рефе, или её играют как любую игру")
TWO_NO_REFE = Key(
    "two_no_refe", Choice(("nothing", "declarer_wins")),
    "refe_all when no refe can be given: nothing happens, or the declarer wins",
    "refe_all, когда рефе дать нельзя: ничего не происходит или играющий выигрывает")
DOUBLE_FALL = Key(
    "double_fall", Flag(),
    "a failed game worth more than the declarer's bule left costs him double",
    "несыгранная игра, которая дороже оставшихся булей играющего, стоит ему вдвое", term="duplo padanje")
SETTLE_BULE_WHISTS = Key(
    "settle.bule_whists", _pos,
    "whists per bule at the settlement",
    "висты за одно очко булей при расчёте")

#: the family's own keys, in the order a journal writes them (after the keys every family has)
KEYS: tuple[Key[Any], ...] = (
    START, VALUES, NO_TALON, QUOTA, DEFENCE_CAP, BETTEL_FAIL_SUPE, BETTEL_FAIL_BULE, REFE_MAX,
    REFE_FACTOR, CONTRA_FACTORS, CONTRA_WRITER, CONTRA_QUOTA, CONTRA_CALLER_PENALTY, TWO_UNCONTRAD,
    TWO_NO_REFE, DOUBLE_FALL, SETTLE_BULE_WHISTS,
)
#: the table sizes the rules are written for, whatever a convention's ``players`` says
SEATS = (3, 4)
