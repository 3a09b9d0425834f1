"""The state of a payment game between deals: the pot, the refills, the last amount played for."""

from __future__ import annotations

from ...game import Table
from ...numbers import Exact
from ..base import State
from ..sheet import Sheet

#: the sheet of a payment game: what each player put into the pot and took out of it, and
#: what each paid each other directly (payer -> payee)
POT_COLUMNS = ("pot_in", "pot_out")
PAID = "paid"


class PaymentState(State):
    """A payment game's state.

    Attributes:
        pot: what the pot holds now (a Greek kasa may go below zero under ``last: fair``).
        refills: how many times the players refilled the pot.
        empty: the pot was emptied by a deal and waits for a refill (Austrian basic, Styrian).
        played_for: what the last deal was played for (V, or the Greek trick value v).
    """

    FIELDS = (*State.FIELDS, "pot", "refills", "empty", "played_for")

    def __init__(self, table: Table, sheet: Sheet, deals_played: int = 0,
                 finished: bool = False, end_reason: str = "", notes: list[str] | None = None,
                 pot: Exact = 0, refills: int = 0, empty: bool = False,
                 played_for: Exact | None = None) -> None:
        self.pot, self.refills, self.empty, self.played_for = pot, refills, empty, played_for
        super().__init__(table, sheet, deals_played, finished, end_reason, notes)

    @classmethod
    def start(cls, table: Table, each: Exact = 0) -> PaymentState:
        """A new game; ``each`` is what every player puts into the pot at the start (it
        belongs to no deal)."""
        state = cls(table, Sheet(table.players, POT_COLUMNS, (PAID,)))
        for player in table.players:
            state.sheet.cells["pot_in"][player] += each
            state.pot += each
        return state
