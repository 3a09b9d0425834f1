"""The Balkan sheet between deals: bule (the contract column), supe, refes held, hats."""

from __future__ import annotations

from ...game import Table
from ...numbers import Exact
from ..base import State
from ..sheet import Collector, Sheet
from .keys import START

#: per-player columns: the contract column, refes held, hats drawn (upside-down hats −1)
COLUMNS = ("bule", "refe", "hats")


class BalkanState(State):
    """State of a Balkan-family game.

    Attributes:
        refe_rounds: all-passes that have given refes so far (``refe.max`` bounds them).
    """

    FIELDS = (*State.FIELDS, "refe_rounds")

    def __init__(self, table: Table, sheet: Sheet, deals_played: int = 0,
                 finished: bool = False, end_reason: str = "", notes: list[str] | None = None,
                 refe_rounds: int = 0) -> None:
        self.refe_rounds = refe_rounds
        super().__init__(table, sheet, deals_played, finished, end_reason, notes)

    @classmethod
    def start(cls, table: Table) -> BalkanState:
        state = cls(table=table, sheet=Sheet(table.players, COLUMNS))
        for player in table.players:
            state.sheet.cells["bule"][player] = table.convention[START]
        return state

    @property
    def bule(self) -> dict[str, Exact]:
        return self.sheet.cells["bule"]

    @property
    def refe(self) -> dict[str, Exact]:
        return self.sheet.cells["refe"]

    def under_hat(self, player: str) -> bool:
        """Under the hat: the player's column has crossed below zero."""
        return self.bule[player] < 0


class DeferredWriter(Collector):
    """Collects a deal's postings; :meth:`commit` writes them on the sheet (a Balkan game may
    be scaled down at the end before anything is written)."""

    def __init__(self, state: BalkanState) -> None:
        super().__init__()
        self.state = state

    def commit(self) -> None:
        for posting in self.postings:
            self.state.sheet.post(posting)
