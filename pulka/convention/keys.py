"""The key names of each value type, for the type checker: ``conv["whist.rate"]`` is a number.

Each alias lists the schema keys whose :class:`~.types.KeyType` gives that Python type;
tests/test_convention_typing.py checks the lists against :mod:`.schema`.
"""

from __future__ import annotations

from typing import Literal

from ..numbers import Exact  # what a Number key holds: an int when whole, else a Fraction

#: :class:`~.types.Number` keys
NumberKey = Literal[
    "misere.value", "misere.penalty", "whist.rate", "remise.gora", "remise.consolation",
    "raspasy.rate", "help_whists", "premiums.prize", "premiums.amnesty",
    "settle.pulya_whists", "settle.gora_whists", "dark.game", "start", "no_talon",
    "bettel_fail.supe", "bettel_fail.bule", "refe.factor", "settle.bule_whists",
]
#: :class:`~.types.Integer` keys
IntegerKey = Literal["pulya", "premiums.jumps", "robber.raspasy_laps", "quota", "defence_cap",
                     "refe.max"]
#: :class:`~.types.Flag` keys
FlagKey = Literal["whist.stalingrad", "raspasy.amnesty", "bombs", "robber.stage",
                  "robber.strict", "double_fall"]
#: :class:`~.types.Choice` and :class:`~.types.Text` keys
WordKey = Literal[
    "family", "name", "title", "whist.ten", "whist.responsibility", "whist.lone",
    "whist.pair_low_quota", "remise.consolation_to", "raspasy.zero", "raspasy.scoring",
    "raspasy.talon", "overflow", "split", "end", "two_uncontrad", "two_no_refe",
]
#: :class:`~.types.Money` keys (None: no money)
MoneyKey = Literal["price"]
#: lists of :class:`~.types.Number`
NumbersKey = Literal["values", "raspasy.prices", "dark.raspasy", "dark.bombs", "contra.factors"]
#: lists of :class:`~.types.Integer`
IntegersKey = Literal["players", "whist.quota", "whist.half", "raspasy.exit"]
#: lists of :class:`~.types.Choice` or :class:`~.types.Text`
WordsKey = Literal["aliases", "robber.games"]

__all__ = ["Exact", "FlagKey", "IntegerKey", "IntegersKey", "MoneyKey", "NumberKey",
           "NumbersKey", "WordKey", "WordsKey"]
