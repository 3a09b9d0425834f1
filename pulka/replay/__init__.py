"""Replay: a game's deals played in order through its scoring family.

The records (:mod:`pulka.game`) know nothing of scoring; this is where a table meets its
family, deal by deal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ..errors import PulkaError
from ..families import get_family
from ..families.base import Family, State, Step
from ..game import Deal, Game, Table

if TYPE_CHECKING:
    from .compiled import Seen


def family_of(table: Table) -> Family:
    """The scoring family the table's convention names."""
    return get_family(table.convention.family)


def steps(game: Game, state: State | None = None) -> Iterator[tuple[Step, State]]:
    """Replay the game deal by deal; the state is live (copy it to keep it).

    Args:
        state: go on from this state (a snapshot's) instead of the game's first.

    Raises:
        PulkaError: the first deal that is illegal, with its number and line.
    """
    family = family_of(game.table)
    if state is None:
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


#: deals of a table (players and convention) played through the rules before its games are
#: replayed the compiled way: a short game has too few repeats to pay for compiling its deals,
#: a long one or many games of the same table (``pulka stats``) have plenty
WARM_UP = 1000
#: deals played through the rules so far in this process, for each table
_PLAYED: dict[tuple, int] = {}


def final_state(game: Game, compiled: bool = True, warm_up: int = WARM_UP,
                seen: Seen | None = None) -> tuple[State, int]:
    """The state after the last deal, and how many deals were played; nothing is kept of
    the deals themselves, so a game of any length replays in constant memory.

    Args:
        compiled: once ``warm_up`` deals of the table have been played through the rules,
            replay the rest the compiled way (:mod:`.compiled`) when the family has a core;
            False plays every deal through the rules (the two give the same state).
        seen: when given, told of every deal as the rules checked it.

    A journal's game is read back from its snapshot (:mod:`.snapshots`) when one was kept for
    its bytes, and kept as one otherwise (not for ``seen``, nor with ``compiled`` False,
    which asks for every deal to be played).

    Raises:
        PulkaError: the first deal that is illegal, with its number and line.
    """
    content = getattr(game.entries, "content", None) if compiled and seen is None else None
    if content is not None:
        from . import snapshots

        if snapshots.enabled():
            return _through_snapshot(game, content, warm_up)
    state, count, _last = _replayed(game, compiled, warm_up, seen)
    return state, count


def _through_snapshot(game: Game, content: Callable[[], bytes], warm_up: int
                      ) -> tuple[State, int]:
    from .snapshots import Snapshot, load, save

    before = content()
    kept = load(before, game.table)
    if kept is not None:
        return kept.state, kept.count
    state, count, last = _replayed(game, True, warm_up, None)
    try:
        unchanged = content() == before  # (not a journal that changed while it was replayed)
    except (PulkaError, OSError):  # (nor one gone since: the replay stands, nothing is kept)
        unchanged = False
    if unchanged:
        index = getattr(game.entries, "index", None)
        used = index.used if index is not None else count  # (numbered 1, 2, ... without one)
        save(before, Snapshot(state, count, used, last))
    return state, count


def _replayed(game: Game, compiled: bool, warm_up: int, seen: Seen | None
              ) -> tuple[State, int, tuple[int, Deal] | None]:
    """:func:`final_state`, with the last deal as the rules checked it, and its number (None
    when the compiled replay played it, or there was none)."""
    table = game.table
    family = family_of(table)
    core = getattr(family, "core", None) if compiled else None
    state = family.new_state(table)
    play = family.play
    count = 0
    entries = iter(game.entries)
    key = (table.players, table.convention)
    before = _PLAYED.get(key, 0)
    entry = None
    if core is None or before < warm_up:
        for entry in entries:
            try:
                checked, _postings = play(entry.deal, state)
            except PulkaError as exc:
                raise exc.located(entry.source, entry.number) from None
            if seen is not None:
                seen.played(checked)
            count += 1
            if before + count == warm_up and core is not None:
                break
        else:
            _PLAYED[key] = before + count
            return state, count, None if entry is None else (entry.number, checked)
        _PLAYED[key] = before + count
    from .compiled import resume

    state, count = resume(game, family, core, state, entries, count,
                          entry.source if entry is not None else None, seen)
    return state, count, None
