"""The moves of one deal: from a player or the pot, to a player or the pot, an exact amount.

Each move is written on the sheet at once as a posting: into the pot is ``pot_in`` of the
payer, out of it ``pot_out`` of the payee, a direct payment ``paid`` from payer to payee.
Moves are never netted inside a deal (payment-families.md §0).
"""

from __future__ import annotations

from ...numbers import Exact
from ..sheet import Posting, Writer
from .state import PAID, PaymentState

POT = "pot"


class Moves:
    """Writes a deal's moves on the state's sheet and keeps the pot's total."""

    def __init__(self, state: PaymentState) -> None:
        self.state = state
        self.write = Writer(state.sheet)

    def into_pot(self, player: str, amount: Exact, note: str) -> None:
        self.write("pot_in", player, amount, note)
        self.state.pot += amount

    def out_of_pot(self, player: str, amount: Exact, note: str) -> None:
        self.write("pot_out", player, amount, note)
        self.state.pot -= amount

    def pay(self, payer: str, payee: str, amount: Exact, note: str) -> None:
        if payer != payee:
            self.write(PAID, payer, amount, note, target=payee)

    @property
    def postings(self) -> list[Posting]:
        return self.write.postings


def as_moves(postings: tuple[Posting, ...] | list[Posting]) -> list[tuple[str, str, Exact]]:
    """A deal's postings as (from, to, amount) moves, ``pot`` for the pot."""
    out = []
    for p in postings:
        if p.column == "pot_in":
            out.append((p.player, POT, p.amount))
        elif p.column == "pot_out":
            out.append((POT, p.player, p.amount))
        elif p.column == PAID and p.target is not None:
            out.append((p.player, p.target, p.amount))
    return out
