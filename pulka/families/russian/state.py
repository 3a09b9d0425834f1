"""The Russian sheet between deals: pulya, gora, whists, and the counters rules depend on."""

from __future__ import annotations

from ...game import Table
from ...numbers import Exact
from ..base import State
from ..sheet import Sheet
from .keys import FIVE_REST, OVERFLOW, PULYA, SPLIT

#: per-player columns: pulya, gora, and the number of bombs waiting
COLUMNS = ("pulya", "gora", "bombs")


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

    FIELDS = (*State.FIELDS, "raspasy_streak", "dark_streak", "closed", "jumps_done",
              "may_have_closed", "robber_owed", "robber_raspasy_left", "bombs", "bombs_done")

    def __init__(self, table: Table, sheet: Sheet, deals_played: int = 0, finished: bool = False,
                 end_reason: str = "", notes: list[str] | None = None, raspasy_streak: int = 0,
                 dark_streak: int = 0, closed: list[str] | None = None, jumps_done: int = 0,
                 may_have_closed: bool = False, robber_owed: dict[str, list[str]] | None = None,
                 robber_raspasy_left: int = 0, bombs: dict[str, list[Exact]] | None = None,
                 bombs_done: dict[str, list[Exact]] | None = None, dealt_again: int = 0) -> None:
        self.raspasy_streak = raspasy_streak
        self.dark_streak = dark_streak
        self.closed: list[str] = [] if closed is None else closed
        self.jumps_done = jumps_done
        self.may_have_closed = may_have_closed
        self.robber_owed: dict[str, list[str]] = {} if robber_owed is None else robber_owed
        self.robber_raspasy_left = robber_raspasy_left
        self.bombs: dict[str, list[Exact]] = {} if bombs is None else bombs
        self.bombs_done: dict[str, list[Exact]] = {} if bombs_done is None else bombs_done
        # the common fields last: State's __init__ ends with __post_init__, as a dataclass's
        super().__init__(table, sheet, deals_played, finished, end_reason,
                         [] if notes is None else notes, dealt_again)

    @classmethod
    def start(cls, table: Table) -> RussianState:
        state = cls(table=table, sheet=Sheet(table.players, COLUMNS),
                    bombs={p: [] for p in table.players},
                    bombs_done={p: [] for p in table.players})
        return state

    def rest_rule(self) -> str:
        return self.table.convention[FIVE_REST]

    @property
    def target(self) -> int:
        return self._target

    def __post_init__(self) -> None:
        super().__post_init__()
        conv = self.table.convention
        # rules read for every pulya point written, kept at hand
        self._target = conv[PULYA]
        self.split_half = conv[SPLIT] == "half"
        self.overflow = conv[OVERFLOW]

    @property
    def pulya(self) -> dict[str, Exact]:
        return self.sheet.cells["pulya"]

    @property
    def gora(self) -> dict[str, Exact]:
        return self.sheet.cells["gora"]

    @property
    def whists(self) -> dict[tuple[str, str], Exact]:
        return self.sheet.pairs["whists"]

