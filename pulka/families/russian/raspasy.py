"""Scoring raspasy (all passed, played to take as few tricks as possible). conventions.md §1.2.

What a raspasy writes in gora or whists depends only on the deal, its price, its multiplier
and who sits out, so :func:`raspasy_postings` is pure and cached; the zero-trick bonus goes through
:func:`pulya.award`, which depends on the sheet.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from ...convention import Convention
from ...game import Deal
from ...i18n import _, language, ngettext
from ...numbers import Exact, div, mixed
from ..sheet import Collector, Posting, Writer
from ..tricks import tricks_text
from .keys import (
    RASPASY_AMNESTY,
    RASPASY_CYCLE,
    RASPASY_PRICES,
    RASPASY_RATE,
    RASPASY_SCORING,
    RASPASY_TALON,
    RASPASY_ZERO,
)
from .pulya import award_together
from .state import RussianState


def current_price(state: RussianState) -> Exact:
    """The price per trick of the raspasy about to be played."""
    conv = state.table.convention
    prices = conv[RASPASY_PRICES]
    if conv[RASPASY_CYCLE]:  # after the last price the progression starts again
        return prices[state.raspasy_streak % len(prices)]
    return prices[min(state.raspasy_streak + 1, len(prices)) - 1]


def score_raspasy(deal: Deal, state: RussianState, write: Writer, m: int | Fraction) -> None:
    """Score a checked raspasy deal; ``m`` is the dark-raspasy multiplier (1 when light)."""
    conv = state.table.convention
    price = current_price(state)
    postings, zeros, label = raspasy_postings(deal, tuple(deal.tricks), conv,
                                              state.raspasy_streak + 1, price, m,
                                              state.sitting_out, language())
    for posting in postings:
        write.post(posting)
    if zeros:  # (each writes his own bonus before any overflow helps a partner)
        bonus = 1 if conv[RASPASY_ZERO] == "one" else price
        note = _("{label}: no tricks").format(label=label)
        award_together(state, write, [(player, bonus, note) for player in zeros])


@functools.lru_cache(maxsize=4096)
def raspasy_postings(deal: Deal, order: tuple[str, ...], conv: Convention, ordinal: int,
                     price: int | Fraction, m: int | Fraction, sitting_out: str | None,
                     lang: str) -> tuple[tuple[Posting, ...], tuple[str, ...], str]:
    """The gora or whists a raspasy writes, who earns the zero-trick bonus, and its label.

    ``order`` is the seating order of the tricks: equal deals may list them differently.
    ``lang`` is the language of the notes (a cached note keeps its language).
    """
    write = Collector()
    out = write.postings

    tricks = deal.tricks
    # the dealer's talon tricks are charged at the price, or (dealer_plays) scored as a hand's
    dealer_plays = conv[RASPASY_TALON] == "dealer_plays"
    played = [p for p in tricks if p != sitting_out or dealer_plays]
    base = min(tricks[p] for p in played) if conv[RASPASY_AMNESTY] else 0
    label = _("raspasy #{ordinal} at {price}").format(ordinal=ordinal, price=mixed(price))
    if conv[RASPASY_SCORING] == "gora":
        for player, taken in tricks.items():
            counted = taken - base if player in played else taken
            note = _("{label}: {tricks} (after amnesty of {base})") if base else \
                _("{label}: {tricks}")
            write("gora", player, counted * price * m,
                  note.format(label=label, tricks=tricks_text(counted), base=base))
    else:
        _lowest_writes(conv, write, tricks, price * m, label)
    zeros = () if conv[RASPASY_ZERO] == "none" else tuple(p for p in played if tricks[p] == 0)
    return tuple(out), zeros, label


def _lowest_writes(conv: Convention, write, tricks: dict[str, int],
                   price: int | Fraction, label: str) -> None:
    """Rostov: whoever took fewest writes whists on each other for the difference."""
    rate = conv[RASPASY_RATE]
    fewest = min(tricks.values())
    lowest = [p for p, t in tricks.items() if t == fewest]
    for other, taken in tricks.items():
        if other in lowest:
            continue
        amount = div((taken - fewest) * rate * price, len(lowest))
        more = taken - fewest
        note = ngettext("{label}: {n} tricks more than the fewest × {rate}, shared by {shared}",
                        "{label}: {n} tricks more than the fewest × {rate}, shared by {shared}",
                        more) if len(lowest) > 1 else \
            ngettext("{label}: {n} tricks more than the fewest × {rate}",
                     "{label}: {n} tricks more than the fewest × {rate}", more)
        for writer in lowest:
            write("whists", writer, amount,
                  note.format(label=label, n=more, rate=mixed(rate), shared=len(lowest)),
                  target=other)
