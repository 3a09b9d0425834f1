"""Every problem of a game in one run (``pulka check``): a replay that goes past them.

Each problem is handed to an ``on_error`` callback, and the game goes on as if the line or
deal were not there: a deal the rules refuse, or whose line does not read, is passed over as
if it were voided, so each later deal is judged against the state without it (the reading's
part is :mod:`pulka.journal.body`'s). What stops a reading at once still raises: a header or a
vector that does not read, a file that cannot be read on.

A family may change the state before it refuses a deal, so the state is copied every
:data:`EVERY` deals; a refused deal takes the game back to the last copy, and the deals played
since are played again.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import PulkaError
from ..families.base import Family, State
from ..game import Deal, Game, Table

if TYPE_CHECKING:
    from ..files.inputs import FilePath

#: deals between two copies of the state (a copy costs about ten deals' play)
EVERY = 64


def every_problem(path: FilePath) -> tuple[Table, list[PulkaError]]:
    """The table of a game file (a journal or a vector) and every problem of its deals, in the
    order a reading that stopped at each would meet them: a journal with voids or fixes has
    its numbering, voids and fixes read first, then its deals as they are replayed.

    Raises:
        PulkaError: a header or a vector that does not read (nothing after it can be).
    """
    from .. import journal
    from ..gamefile import is_vector, open_game

    problems: list[PulkaError] = []
    # (a vector's deals are read with the file: a deal that does not read stops it)
    opened = journal.read(path) if not is_vector(path) else open_game(path)[0]
    table = opened.table() if isinstance(opened, journal.Journal) else opened.table
    try:
        game = opened.game(problems.append) if isinstance(opened, journal.Journal) else opened
        replay_past_problems(game, problems.append)
    except PulkaError as exc:  # the body cannot be read on (a line too long, the file gone)
        problems.append(exc)
    return table, problems


def replay_past_problems(game: Game, on_error: Callable[[PulkaError], None]
                         ) -> tuple[State, int]:
    """Play every deal through the rules; a refused deal is handed to ``on_error`` (with its
    number and line) and passed over as if voided. The state after the last deal, and the
    number of deals played."""
    from . import family_of

    family = family_of(game.table)
    state = family.new_state(game.table)
    undo = _Undo(family, state)
    count = 0
    for entry in game.entries:
        try:
            family.play(entry.deal, state)
        except PulkaError as exc:
            on_error(exc.located(entry.source, entry.number))
            state = undo.back()
            continue
        undo.played(entry.deal, state)
        count += 1
    return state, count


class _Undo:
    """A copy of the state from at most :data:`EVERY` deals ago, and the deals played since:
    the state as it was before a refused deal, whatever the refusal left in it."""

    def __init__(self, family: Family, state: State) -> None:
        self.family = family
        self.keep(state)

    def keep(self, state: State) -> None:
        table = state.table  # (shared, not copied: the convention is the same for every deal)
        self.kept = copy.deepcopy(state, {id(table): table})
        self.since: list[Deal] = []

    def played(self, deal: Deal, state: State) -> None:
        self.since.append(deal)
        if len(self.since) >= EVERY:
            self.keep(state)

    def back(self) -> State:
        """The state before the deal just refused (a state of its own: the one the refusal
        left is dropped)."""
        state = self.kept
        for deal in self.since:  # (each was played once already: the rules take it again)
            self.family.play(deal, state)
        self.keep(state)
        return state
