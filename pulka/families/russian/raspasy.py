"""Scoring raspasy (all passed, played to take as few tricks as possible). conventions.md §1.2."""

from __future__ import annotations

from fractions import Fraction

from ...model import Deal
from ...numbers import div, mixed, plural
from .pulya import award
from .state import RussianState, Writer


def current_price(state: RussianState) -> Fraction:
    """The price per trick of the raspasy about to be played."""
    prices = state.table.convention["raspasy.prices"]
    return prices[min(state.raspasy_streak + 1, len(prices)) - 1]


def score_raspasy(deal: Deal, state: RussianState, write: Writer, m: Fraction) -> None:
    """Score a checked raspasy deal; ``m`` is the dark-raspasy multiplier (1 when light)."""
    conv = state.table.convention
    price = current_price(state)
    ordinal = state.raspasy_streak + 1
    tricks = deal.tricks
    played = [p for p in tricks if p != state.sitting_out]
    base = min(tricks[p] for p in played) if conv["raspasy.amnesty"] else 0
    label = f"raspasy #{ordinal} at {mixed(price)}"
    if conv["raspasy.scoring"] == "gora":
        for player, taken in tricks.items():
            counted = taken - base if player in played else taken
            write("gora", player, counted * price * m,
                  f"{label}: {plural(counted, 'trick')}" + (f" (after amnesty of {base})" if base else ""))
    else:
        _lowest_writes(state, write, tricks, price * m, label)
    zero = conv["raspasy.zero"]
    if zero != "none":
        bonus = 1 if zero == "one" else price
        for player in played:
            if tricks[player] == 0:
                award(state, write, player, bonus, f"{label}: no tricks", split=False,
                      barred=frozenset(p for p in [state.sitting_out] if p))


def _lowest_writes(state: RussianState, write: Writer, tricks: dict[str, int],
                   price: Fraction, label: str) -> None:
    """Rostov: whoever took fewest writes whists on each other for the difference."""
    rate = state.table.convention["raspasy.rate"]
    fewest = min(tricks.values())
    lowest = [p for p, t in tricks.items() if t == fewest]
    for other, taken in tricks.items():
        if other in lowest:
            continue
        amount = div((taken - fewest) * rate * price, len(lowest))
        for writer in lowest:
            write("whists", writer, amount,
                  f"{label}: {taken - fewest} tricks more than the fewest × {mixed(rate)}"
                  + (f", shared by {len(lowest)}" if len(lowest) > 1 else ""),
                  target=other)
