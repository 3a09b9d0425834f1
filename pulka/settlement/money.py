"""The final account, for any family: exact whists, money in cents, and who pays whom.

Money rounding (conventions.md §1.4): every amount is rounded down to the cent, then the
missing cents go one each to the largest remainders, ties in seating order, so the money
sums to exactly zero. :func:`explained` says so, player by player, after the family's steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from math import lcm
from typing import TypeVar, cast

from ..convention.schema import PRICE
from ..families.base import Explanation, Family, State
from ..frozen import NamedTuple
from ..i18n import _, decimal, ngettext, translated
from ..numbers import Exact, div, mixed, signed

#: a balance: exact whists, or money
Amount = TypeVar("Amount", Exact, Decimal)


class Settlement(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond to make at start-up)
    """The settlement of a game.

    Attributes:
        result: each player's balance in whists, exact; sums to 0.
        money: each player's balance in money (two decimals), when a price is set.
        transfers: (payer, payee, amount) in money, or in whists when there is no price.
    """

    result: dict[str, Exact]
    money: dict[str, Decimal] | None
    transfers: tuple[tuple[str, str, Exact | Decimal], ...]


def settle(state: State, family: Family) -> Settlement:
    """Settle the state as it stands (a game need not be over to be settled)."""
    result = family.result(state)
    # what stays in the game for the next session (a payment game's pot): the balances sum to
    # minus it, and what the debtors owe beyond the creditors' due goes to it
    keeper, kept = family.kept(state)
    if sum(result.values()) + kept != 0:
        raise AssertionError(f"settlement does not sum to zero: {result}")  # untranslated: a bug
    price = state.table.convention[PRICE]
    money = to_money(result, price, state.players) if price is not None else None
    # in money when there is a price, else in whists (two calls: one amount type each)
    transfers: list[tuple[str, str, Exact | Decimal]] = (
        [*who_pays_whom(money, state.players, keeper)] if money is not None
        else [*who_pays_whom(result, state.players, keeper)])
    return Settlement(result, money, tuple(transfers))


def to_money(result: dict[str, Exact], price: Decimal, order: tuple[str, ...]
             ) -> dict[str, Decimal]:
    """Whists × price, in cents that sum to exactly zero."""
    _cents, floors, carriers = _rounding(result, price, order)
    return {p: _money(floors[p] + 1 if p in carriers else floors[p]) for p in order}


def _rounding(result: dict[str, Exact], price: Decimal, order: tuple[str, ...]
              ) -> tuple[dict[str, Fraction], dict[str, int], list[str]]:
    """The exact cents, each rounded down, and who carries one of the cents that are then
    missing: the largest remainders, ties in seating order."""
    cents = {p: Fraction(result[p]) * Fraction(price) * 100 for p in order}
    floors = {p: cents[p].numerator // cents[p].denominator for p in order}
    total = sum(cents.values(), Fraction(0))  # 0, or minus what is kept for the next session
    missing = total.numerator // total.denominator - sum(floors.values())
    by_remainder = sorted(order, key=lambda p: (-(cents[p] - floors[p]), order.index(p)))
    return cents, floors, by_remainder[:missing]


def _money(cents: int) -> Decimal:
    return Decimal(cents).scaleb(-2)


def _shown(money: Decimal) -> str:
    """``+6.46``, ``-1.13``: money as the settlement table shows it, in the language's way."""
    return decimal(f"{money:+}")


def explained(state: State, family: Family, settlement: Settlement) -> Explanation:
    """The family's steps of the settlement, and then, when the table plays for money, how
    the whists became money: rounded down to the cent, and who carries each cent that is
    then missing, and why."""
    explanation = family.explain(state)
    price = state.table.convention[PRICE]
    if settlement.money is None or price is None:
        return explanation
    order = state.players
    result = settlement.result
    cents, floors, carriers = _rounding(result, price, order)
    shown_price = decimal(f"{price}")
    lines = []
    for p in order:
        if cents[p] == floors[p]:
            lines.append(_("{player}: {whists} × {price} = {money}").format(
                player=p, whists=signed(result[p], minus="-"), price=shown_price,
                money=_shown(_money(floors[p]))))
        else:
            lines.append(_("{player}: {whists} × {price} = {cents} cents, rounded down to "
                           "{money}").format(player=p, whists=signed(result[p], minus="-"),
                                             price=shown_price, cents=mixed(cents[p]),
                                             money=_shown(_money(floors[p]))))
    missing = len(carriers)
    if not missing:
        lines.append(_("every amount is a whole number of cents: nothing is rounded"))
    else:
        lines.append(ngettext(
            "rounded down, the money adds up to {total}: {n} cent is missing",
            "rounded down, the money adds up to {total}: {n} cents are missing",
            missing).format(total=_shown(_money(sum(floors.values()))), n=missing))
        lines.append(ngettext(
            "it goes to the largest remainder (the part of a cent rounding down took off), "
            "ties in seating order",
            "they go one each to the largest remainders (the parts of a cent rounding down "
            "took off), ties in seating order", missing))
        least = min(cents[p] - floors[p] for p in carriers)
        for p in order:
            remainder = mixed(cents[p] - floors[p])
            if p in carriers:
                lines.append(_("{player} carries an extra cent (remainder {remainder} of a "
                               "cent): {money}").format(
                    player=p, remainder=remainder, money=_shown(settlement.money[p])))
            elif cents[p] - floors[p] == least:
                lines.append(_("{player}: the same remainder ({remainder} of a cent), but "
                               "later in seating order: stays {money}").format(
                    player=p, remainder=remainder, money=_shown(settlement.money[p])))
            elif cents[p] != floors[p]:
                lines.append(_("{player}: a smaller remainder ({remainder} of a cent): stays "
                               "{money}").format(
                    player=p, remainder=remainder, money=_shown(settlement.money[p])))
    lines.append(_("sum: {sum}").format(
        sum=decimal(f"{sum(settlement.money.values(), Decimal('0.00'))}")))
    if family.presentation.money:  # the family names its unit
        title = translated(family.presentation.money).format(
            number=len(explanation.steps) + 1, price=shown_price)
    elif family.presentation.result:  # the result is not in whists: the price is of a unit
        title = _("{number}. The money at {price} a unit, to the cent").format(
            number=len(explanation.steps) + 1, price=shown_price)
    else:
        title = _("{number}. The money at {price} a whist, to the cent").format(
            number=len(explanation.steps) + 1, price=shown_price)
    return Explanation((*explanation.steps, (title, tuple(lines))))


def who_pays_whom(balance: Mapping[str, Amount], order: tuple[str, ...],
                  keeper: str | None = None) -> list[tuple[str, str, Amount]]:
    """A short list of payments that settles the balances: the biggest debtor pays the
    biggest creditor first; what is still owed then goes to the ``keeper`` (the pot kept for
    the next session), when the balances sum to less than zero."""
    amounts = [balance[p] for p in order]
    if any(type(v) is Fraction for v in amounts) and all(type(v) in (int, Fraction)
                                                          for v in amounts):
        # in whole numbers of the common part, then back (the same payments, found quicker)
        exact = cast("list[Fraction]", amounts)
        scale = lcm(*(v.denominator for v in exact))
        whole = {p: v.numerator * (scale // v.denominator) for p, v in zip(order, exact, strict=True)}
        return cast("list[tuple[str, str, Amount]]",
                    [(payer, payee, div(amount, scale))
                     for payer, payee, amount in _payments(whole, order, keeper)])
    return _payments(balance, order, keeper)


def _payments(balance: Mapping[str, Amount], order: tuple[str, ...],
              keeper: str | None) -> list[tuple[str, str, Amount]]:
    owed = {p: balance[p] for p in order if balance[p] > 0}
    owes = {p: -balance[p] for p in order if balance[p] < 0}
    payments: list[tuple[str, str, Amount]] = []
    while owed and owes:
        # (the first of the largest: the dicts are in seating order, so ties go to the first)
        payer = max(owes, key=owes.__getitem__)
        payee = max(owed, key=owed.__getitem__)
        amount = min(owes[payer], owed[payee])
        payments.append((payer, payee, amount))
        for side, who in ((owes, payer), (owed, payee)):
            side[who] -= amount
            if not side[who]:
                del side[who]
    if keeper is not None:
        payments += [(p, keeper, owes[p]) for p in order if p in owes]
    return payments
