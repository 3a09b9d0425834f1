"""The payment sheet as rows: after each deal, the pot's running total and each player's
running net (what he took out of the pot and was paid, less what he put in and paid), with the
deal's moves. The terminal table and the PDF sheet both draw these rows."""

from __future__ import annotations

from collections.abc import Callable

from ...families.base import Step
from ...families.payment.moves import POT, as_moves
from ...frozen import NamedTuple
from ...game import Deal, DealKind
from ...i18n import pgettext
from ...numbers import Exact, mixed


class Row(NamedTuple):
    """One line of the sheet: the deal number, the pot and the players' nets after it, which
    of them changed, and the moves written the paper way."""

    number: int | None
    pot: Exact
    nets: dict[str, Exact]
    changed: frozenset[str]
    moves: str


def opening(players: tuple[str, ...], buy_in: Exact) -> Row:
    """The line before the first deal: the buy-ins in the pot, each player's net minus them."""
    pot = buy_in * len(players)
    return Row(None, pot, {p: -buy_in for p in players},
               frozenset({POT, *players}) if buy_in else frozenset(), "")


#: the factor written after a move, as the paper writes an extra contract's payment
#: (``Berta→Anna 40 (×4)``): given the deal, the payer and the payee, a factor or None
Factor = Callable[[Deal, str, str], "Exact | None"]


def rows(players: tuple[str, ...], buy_in: Exact, steps: list[Step],
         factor: Factor | None = None, every: bool = False) -> list[Row]:
    """The opening line and one line per deal that moved anything (``every``: one per deal,
    an all-pass or the end that moved nothing said in words); ``factor`` says what to write
    after a move (the extra contracts' contra factor)."""
    first = opening(players, buy_in)
    out = [first]
    pot, nets = first.pot, dict(first.nets)
    for step in steps:
        moves = as_moves(step.postings)
        changed: set[str] = set()
        for payer, payee, amount in moves:
            for who, sign in ((payer, -1), (payee, 1)):
                if who == POT:
                    pot += sign * amount
                else:
                    nets[who] += sign * amount
                changed.add(who)
        if not moves:
            if every:
                out.append(Row(step.number, pot, dict(nets), frozenset(), _said(step.deal)))
            continue
        text = " · ".join(_move(a, b, x, factor and factor(step.deal, a, b)) for a, b, x in moves)
        out.append(Row(step.number, pot, dict(nets), frozenset(changed), text))
    return out


def _move(payer: str, payee: str, amount: Exact, times: Exact | None) -> str:
    """``pot→Berta 10``, ``Berta→Anna 40 (×4)`` (a factor of 1 is not written)."""
    text = f"{_party(payer)}→{_party(payee)} {mixed(amount)}"
    return text if times is None or times == 1 else f"{text} (×{mixed(times)})"


def _said(deal: Deal) -> str:
    """A deal that moved nothing, in words: an all-pass, the end, or nothing."""
    if deal.kind is DealKind.ALLPASS:
        return pgettext("payment sheet", "all passed")
    if deal.kind is DealKind.END:
        return pgettext("payment sheet", "the game ends")
    return pgettext("payment sheet", "no payment")


def _party(who: str) -> str:
    return pgettext("payment sheet", "pot") if who == POT else who


def dotted(values: list[Exact]) -> str:
    """A running total the paper way, each value crossed out by the next: ``150.140.150``."""
    return ".".join(mixed(v) for v in values)
