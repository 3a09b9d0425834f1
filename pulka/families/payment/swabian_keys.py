"""The Swabian family's convention keys (see :class:`pulka.convention.schema.Key`): each one's
type, what it means in English and in Russian, its term, and the default a journal written
before it existed is read with.

The rules read a key through its declaration here (``conv[KUNSTWERK]``); adding a key is a
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
from .keys import CONTRA_MAX

_pos = Number(Fraction(0))
#: the games in the order of ``values`` and ``required``: pulka's suit letters carry the
#: Swabian numbers (s leaves 2, d bells 3, h hearts 4, c acorns 5)
GAMES = (Strain.SPADES, Strain.DIAMONDS, Strain.HEARTS, Strain.CLUBS, Strain.BETTEL,
         Strain.DURCHMARSCH)
SUIT_GAMES = 4  #: games 2-5 count over- and undertricks and need one more from the hand

VALUES = Key(
    "values", ListOf(_pos, 6, 6),
    "game numbers: leaves, bells, hearts, acorns, bettel, durchmarsch",
    "цифры игр: листья, бубенчики, червы, жёлуди, беттель, дурхмарш")
REQUIRED = Key(
    "required", ListOf(Integer(0, 10), 6, 6),
    "tricks each game requires (leaves, bells, hearts, acorns, bettel, durchmarsch)",
    "сколько взяток нужно в каждой игре (листья, бубенчики, червы, жёлуди, беттель, дурхмарш)")
OVER = Key(
    "over", _pos,
    "units per trick above the requirement (games 2-5)",
    "сколько платится за каждую взятку сверх нужного (игры 2–5)")
UNDER = Key(
    "under", _pos,
    "units per trick short of the requirement (games 2-5)",
    "сколько платится за каждую недобранную взятку (игры 2–5)")
HAND_EXTRA = Key(
    "hand.extra", Integer(0, 10),
    "the extra trick a game from the hand requires",
    "сколько взяток сверх обычного нужно в игре с рук")
HAND_VALUE = Key(
    "hand.value", _pos,
    "added to the game number when played from the hand",
    "сколько добавляется к цифре игры с рук")
HAND_COUNTS_FROM = Key(
    "hand.counts_from", Choice(("raised", "normal")),
    "over- and undertricks from the hand count from the raised or the normal requirement",
    "лишние и недобранные взятки в игре с рук считаются от повышенного или от обычного требования")
KUNSTWERK = Key(
    "kunstwerk", _pos,
    "units the bid winner pays the dealer for a paired talon",
    "сколько выигравший торговлю платит сдающему за парный прикуп", term="Kunstwerk")
KUNSTWERK_DEALER_DECLARES = Key(
    "kunstwerk.dealer_declares", Choice(("none",)),
    "the dealer who wins the bidding himself gets nothing for a paired talon",
    "сдающий, сам выигравший торговлю, за парный прикуп ничего не получает")
KUNSTWERK_HAND = Key(
    "kunstwerk.hand", Choice(("none",)),
    "a talon that is never taken is not turned: no Kunstwerk",
    "прикуп, который не берут, не открывают: Kunstwerk нет")
END = Key(
    "end", Choice(("manual",)),
    "the players stop when they agree (an end line)",
    "игроки кончают, когда договорятся (строка end)")

#: the family's own keys, in the order a journal writes them (after the keys every family has)
KEYS: tuple[Key[Any], ...] = (
    CONTRA_MAX, VALUES, REQUIRED, OVER, UNDER, HAND_EXTRA, HAND_VALUE, HAND_COUNTS_FROM, KUNSTWERK,
    KUNSTWERK_DEALER_DECLARES, KUNSTWERK_HAND, END,
)
#: the table sizes the rules are written for, whatever a convention's ``players`` says
#: (Swabian is described for three only)
SEATS = (3,)
