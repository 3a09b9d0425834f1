"""Dark games and bombs (conventions.md §1.6, seed 004).

A dark raspasy of rank d multiplies its penalties by ``dark.raspasy[d-1]`` and hands out
bombs: rank d to those who passed without looking, d − 1 to those who looked first (none
for 0). The 4-player dealer gets rank d when nobody looked, else d − 1. A bomb of rank r
multiplies a game by ``dark.bombs[r-1]``. Each player's bombs wait in a queue; his next game as declarer
is played on the first, which a made game removes and a failed game keeps.
"""

from __future__ import annotations

from ...game import Deal
from ...i18n import _
from ...numbers import Exact, mixed
from ..sheet import Writer
from .keys import DARK_BOMBS, DARK_GAME, DARK_RASPASY
from .state import RussianState


def contract_multiplier(deal: Deal, state: RussianState) -> Exact:
    """The multiplier of a declared game: dark, times the declarer's waiting bomb."""
    conv = state.table.convention
    m = conv[DARK_GAME] if deal.dark else 1
    queue = state.bombs[deal.declarer]  # type: ignore[index]
    if queue:
        m *= queue[0]
    return m


def after_contract(deal: Deal, state: RussianState, write: Writer, made: bool) -> None:
    """A made game extinguishes the bomb it was played on; a failed one keeps it."""
    declarer = deal.declarer
    assert declarer is not None
    queue = state.bombs[declarer]
    if made and queue:
        bomb = queue.pop(0)
        state.bombs_done[declarer].append(bomb)
        write("bombs", declarer, -1, _("bomb ×{factor} extinguished").format(factor=mixed(bomb)))


def raspasy_multiplier(deal: Deal, state: RussianState) -> Exact:
    if not deal.dark:
        return 1
    factors = state.table.convention[DARK_RASPASY]
    return factors[min(deal.dark, len(factors)) - 1]


def after_raspasy(deal: Deal, state: RussianState, write: Writer) -> None:
    rank = deal.dark
    if not rank:
        return
    for player in state.active:
        _give(state, write, player, rank - 1 if player in deal.looked else rank)
    if state.sitting_out:
        _give(state, write, state.sitting_out, rank - 1 if deal.looked else rank)


def _give(state: RussianState, write: Writer, player: str, rank: int) -> None:
    if rank > 0:
        factors = state.table.convention[DARK_BOMBS]
        bomb = factors[min(rank, len(factors)) - 1]
        state.bombs[player].append(bomb)
        write("bombs", player, 1, _("a bomb ×{factor} for the next game as declarer").format(
            factor=mixed(bomb)))
