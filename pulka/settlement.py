"""The final account, for any family: exact whists, money in cents, and who pays whom.

Money rounding (conventions.md §1.4): every amount is rounded down to the cent, then the
missing cents go one each to the largest remainders, ties in seating order, so the money
sums to exactly zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple, TypeVar

from .families.base import State
from .numbers import Exact

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


def settle(state: State, family) -> Settlement:
    """Settle the state as it stands (a game need not be over to be settled)."""
    result = family.result(state)
    if sum(result.values()) != 0:
        raise AssertionError(f"settlement does not sum to zero: {result}")
    price = state.table.convention["price"]
    money = to_money(result, price, state.players) if price is not None else None
    # in money when there is a price, else in whists (two calls: one amount type each)
    transfers: list[tuple[str, str, Exact | Decimal]] = (
        [*who_pays_whom(money, state.players)] if money is not None
        else [*who_pays_whom(result, state.players)])
    return Settlement(result, money, tuple(transfers))


def to_money(result: dict[str, Exact], price: Decimal, order: tuple[str, ...]
             ) -> dict[str, Decimal]:
    """Whists × price, in cents that sum to exactly zero."""
    cents = {p: result[p] * Fraction(price) * 100 for p in order}
    floors = {p: cents[p].numerator // cents[p].denominator for p in order}
    missing = -sum(floors.values())
    by_remainder = sorted(order, key=lambda p: (-(cents[p] - floors[p]), order.index(p)))
    for p in by_remainder[:missing]:
        floors[p] += 1
    return {p: Decimal(floors[p]).scaleb(-2) for p in order}


def who_pays_whom(balance: Mapping[str, Amount], order: tuple[str, ...]
                  ) -> list[tuple[str, str, Amount]]:
    """A short list of payments that settles the balances: the biggest debtor pays the
    biggest creditor first."""
    owed = {p: balance[p] for p in order if balance[p] > 0}
    owes = {p: -balance[p] for p in order if balance[p] < 0}
    payments: list[tuple[str, str, Amount]] = []
    while owed and owes:
        payer = max(owes, key=lambda p: (owes[p], -order.index(p)))
        payee = max(owed, key=lambda p: (owed[p], -order.index(p)))
        amount = min(owes[payer], owed[payee])
        payments.append((payer, payee, amount))
        for side, who in ((owes, payer), (owed, payee)):
            side[who] -= amount
            if not side[who]:
                del side[who]
    return payments
