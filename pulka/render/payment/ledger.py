"""The payment sheet as rows: after each deal, the pot's running total and each player's
running net (what he took out of the pot and was paid, less what he put in and paid), with the
deal's moves. The terminal table and the PDF sheet both draw these rows."""

from __future__ import annotations

from ...families.base import Step
from ...families.payment.moves import POT, as_moves
from ...i18n import pgettext
from ...numbers import Exact, mixed
from ...records import NamedTuple


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


def rows(players: tuple[str, ...], buy_in: Exact, steps: list[Step]) -> list[Row]:
    """The opening line and one line per deal that moved anything."""
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
            continue
        text = " · ".join(f"{_party(a)}→{_party(b)} {mixed(x)}" for a, b, x in moves)
        out.append(Row(step.number, pot, dict(nets), frozenset(changed), text))
    return out


def _party(who: str) -> str:
    return pgettext("payment sheet", "pot") if who == POT else who


def dotted(values: list[Exact]) -> str:
    """A running total the paper way, each value crossed out by the next: ``150.140.150``."""
    return ".".join(mixed(v) for v in values)
