"""The Russian sheet between deals: pulya, gora, whists, and the counters rules depend on."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import Table
from ...numbers import Exact
from ...sheet import Sheet
from ..base import State

#: per-player columns: pulya, gora, and the number of bombs waiting
COLUMNS = ("pulya", "gora", "bombs")


@dataclass
class RussianState(State):
    """State of a Russian-family game.

    Attributes:
        raspasy_streak: raspasy in a row just before the next deal (0 after any contract).
        dark_streak: dark raspasy in a row just before the next deal.
        closed: players whose pulya is closed, in the order they closed it (this jump).
        jumps_done: jumps finished, in a game played in jumps.
        may_have_closed: a pulya reached its target in the deal being scored (or the sheet was
            adjusted), so the closings must be looked at.
        robber_owed: the разбойник games each player still has to declare.
        robber_raspasy_left: raspasy deals still due to close the разбойник.
        bombs: for each player, the multipliers waiting for his next games, in order.
        bombs_done: for each player, the bombs his made games have extinguished.
    """

    raspasy_streak: int = 0
    dark_streak: int = 0
    closed: list[str] = field(default_factory=list)
    jumps_done: int = 0
    may_have_closed: bool = False
    robber_owed: dict[str, list[str]] = field(default_factory=dict)
    robber_raspasy_left: int = 0
    bombs: dict[str, list[Exact]] = field(default_factory=dict)
    bombs_done: dict[str, list[Exact]] = field(default_factory=dict)

    @classmethod
    def start(cls, table: Table) -> RussianState:
        state = cls(table=table, sheet=Sheet(table.players, COLUMNS),
                    bombs={p: [] for p in table.players},
                    bombs_done={p: [] for p in table.players})
        return state

    @property
    def target(self) -> int:
        return self._target

    def __post_init__(self) -> None:
        super().__post_init__()
        conv = self.table.convention
        # rules read for every pulya point written, kept at hand
        self._target = conv["pulya"]
        self.split_half = conv["split"] == "half"
        self.overflow = conv["overflow"]

    @property
    def pulya(self) -> dict[str, Exact]:
        return self.sheet.cells["pulya"]

    @property
    def gora(self) -> dict[str, Exact]:
        return self.sheet.cells["gora"]

    @property
    def whists(self) -> dict[tuple[str, str], Exact]:
        return self.sheet.pairs["whists"]
