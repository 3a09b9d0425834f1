"""Replay: a game's deals played in order through its scoring family.

The records (:mod:`.model`) know nothing of scoring; this is where a table meets its
family, deal by deal.
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import PulkaError
from .families import get_family
from .families.base import Family, State, Step
from .model import Game, Table


def family_of(table: Table) -> Family:
    """The scoring family the table's convention names."""
    return get_family(table.convention.family)


def steps(game: Game) -> Iterator[tuple[Step, State]]:
    """Replay the game deal by deal; the state is live (copy it to keep it).

    Raises:
        PulkaError: the first deal that is illegal, with its number and line.
    """
    family = family_of(game.table)
    state = family.new_state(game.table)
    for entry in game.entries:
        dealer = state.dealer
        noted = len(state.notes)
        try:
            deal, postings = family.play(entry.deal, state)
        except PulkaError as exc:
            raise exc.located(entry.source, entry.number) from None
        yield Step(entry.number, deal, tuple(postings), dealer,
                   tuple(state.notes[noted:])), state


#: deals a game plays through the rules before the rest is replayed the compiled way (a
#: short game has too few repeats to pay for compiling its deals)
WARM_UP = 1000


def final_state(game: Game, compiled: bool = True, warm_up: int = WARM_UP
                ) -> tuple[State, int]:
    """The state after the last deal, and how many deals were played; nothing is kept of
    the deals themselves, so a game of any length replays in constant memory.

    Args:
        compiled: after the first ``warm_up`` deals, replay the compiled way
            (:mod:`.compiled`) when the family has a core; False plays every deal through the
            rules (the two give the same state).

    Raises:
        PulkaError: the first deal that is illegal, with its number and line.
    """
    family = family_of(game.table)
    core = getattr(family, "core", None) if compiled else None
    state = family.new_state(game.table)
    play = family.play
    count = 0
    entries = iter(game.entries)
    if core is None or warm_up > 0:
        for entry in entries:
            try:
                play(entry.deal, state)
            except PulkaError as exc:
                raise exc.located(entry.source, entry.number) from None
            count += 1
            if count == warm_up and core is not None:
                break
        else:
            return state, count
    from .compiled import resume

    return resume(game, family, core, state, entries, count, entry.source if count else None)
