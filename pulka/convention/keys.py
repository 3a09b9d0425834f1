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
    "raspasy.rate", "help_whists", "misere.consolation", "remise.consolation_flat",
    "premiums.prize", "premiums.amnesty",
    "settle.pulya_whists", "settle.gora_whists", "dark.game", "start", "no_talon",
    "bettel_fail.bule", "refe.factor", "settle.bule_whists",
    "pot.buy_in", "pot.ante", "pot.fixed", "pot.limit", "trick_rate", "penalty.declarer",
    "penalty.defender", "bonus.hearts", "bonus.aces", "bonus.no_aces", "extras.no_talon",
    "over", "under", "hand.value", "kunstwerk", "kasa",
]
#: :class:`~.types.NumberOrWord` keys: a number, or a word naming another rule
NumberOrWordKey = Literal["bettel_fail.supe", "quota"]
#: :class:`~.types.Integer` keys
IntegerKey = Literal["pulya", "premiums.jumps", "robber.raspasy_laps", "defence_cap",
                     "refe.max", "quota.defender", "quota.host", "contra.max", "sans.target",
                     "hand.extra", "solo", "contra.quota"]
#: :class:`~.types.Flag` keys
FlagKey = Literal["whist.stalingrad", "raspasy.amnesty", "bombs", "robber.stage", "raspasy.cycle",
                  "gora_first", "help.sitting_out",
                  "robber.strict", "double_fall", "contra.caller_penalty"]
#: :class:`~.types.Choice` and :class:`~.types.Text` keys
WordKey = Literal[
    "family", "name", "title", "whist.ten", "whist.responsibility", "whist.lone", "whist.half_credit",
    "overflow.floor", "settle.rounding", "whist.passer_tricks",
    "whist.pair_low_quota", "remise.consolation_to", "raspasy.zero", "raspasy.scoring",
    "raspasy.talon", "overflow", "split", "end", "two_uncontrad", "two_no_refe", "contra.writer",
    "pot.played_for", "pot.short", "bonus.scope", "bonus.aces_on_fail", "bonus.payers", "refill",
    "end.leftover", "extras.defence", "extras.bonuses", "contra.on", "sans.scoring",
    "hand.counts_from", "kunstwerk.dealer_declares", "kunstwerk.hand", "nt10", "quota.alone",
    "solo.partner", "aces.on_fail", "concede", "allpass", "last",
]
#: :class:`~.types.Money` keys (None: no money)
MoneyKey = Literal["price"]
#: :class:`~.types.Currency` keys ("": no sign)
CurrencyKey = Literal["currency"]
#: lists of :class:`~.types.Number`
NumbersKey = Literal["values", "raspasy.prices", "dark.raspasy", "dark.bombs", "contra.factors",
                     "pot.suit_values", "extras.values", "aces"]
#: lists of :class:`~.types.Integer`
IntegersKey = Literal["players", "whist.quota", "whist.half", "raspasy.exit", "required", "quotas"]
#: lists of :class:`~.types.Choice` or :class:`~.types.Text`
WordsKey = Literal["aliases", "robber.games", "extras"]

__all__ = ["CurrencyKey", "Exact", "FlagKey", "IntegerKey", "IntegersKey", "MoneyKey", "NumberKey",
           "NumberOrWordKey",
           "NumbersKey", "WordKey", "WordsKey"]
