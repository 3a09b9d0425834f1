"""A game: a table and its deals in force, replayed through the scoring family.

Both a journal and a scoring vector become a :class:`Game`; everything after that
(checks, scores, settlement, reports) is the same for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .errors import PulkaError
from .families import get_family
from .families.base import Family, State, Step
from .model import Entry, Table


@dataclass
class Game:
    """A table and the deals in force, in order.

    Attributes:
        table: players and convention.
        entries: the deals in force (voided deals removed, fixes applied), in order; a journal
            gives a lazy sequence that reads the file on each pass.
        path: the file the game was read from.
        meta: free information (title, source, deal count of the file...).
    """

    table: Table
    entries: Iterable[Entry]
    path: str = ""
    meta: dict[str, object] = field(default_factory=dict)

    @property
    def family(self) -> Family:
        return get_family(self.table.convention.family)  # type: ignore[attr-defined]

    def steps(self) -> Iterator[tuple[Step, State]]:
        """Replay the game deal by deal; the state is live (copy it to keep it).

        Raises:
            PulkaError: the first deal that is illegal, with its number and line.
        """
        family = self.family
        state = family.new_state(self.table)
        for entry in self.entries:
            dealer = state.dealer
            noted = len(state.notes)
            try:
                deal, postings = family.play(entry.deal, state)
            except PulkaError as exc:
                raise exc.located(entry.source, entry.number) from None
            yield Step(entry.number, deal, tuple(postings), dealer,
                       tuple(state.notes[noted:])), state

    def replay(self) -> tuple[State, int]:
        """The state after the last deal, and how many deals were played; nothing is kept of
        the deals themselves, so a game of any length replays in constant memory.

        Raises:
            PulkaError: the first deal that is illegal, with its number and line.
        """
        family = self.family
        state = family.new_state(self.table)
        play = family.play
        count = 0
        for entry in self.entries:
            try:
                play(entry.deal, state)
            except PulkaError as exc:
                raise exc.located(entry.source, entry.number) from None
            count += 1
        return state, count
