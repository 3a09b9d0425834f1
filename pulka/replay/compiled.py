"""Compiled replay: each distinct deal, in each situation of the game, played once.

A long game repeats itself: the same few hundred deal lines, in the same few situations (the
dealer's seat, a raspasy streak, a refe held). :func:`replay` plays a deal through the family's
real rules only the first time it meets it in a situation, on a probe state (see
:class:`pulka.families.base.Core`), and keeps what the probe's sheet gained as a
:class:`Step`. Every later meeting only counts the step; the counts are added to the sheet, as
exact numbers, whenever the full rules need the sheet as it stands (a pulya about to close, a
deal the probe cannot stand for) and at the end.

One set of rules runs every path: a step is nothing but the family's own postings, summed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator
from fractions import Fraction
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import PulkaError, Source
from ..families.base import NEVER, Core, Family, State
from ..game import Deal, DealKind, Entry, Game
from ..i18n import language
from ..numbers import Exact
from .packed import pack, packable, unpack

if TYPE_CHECKING:
    from ..journal.body import Blocks

#: deal kinds a step may be compiled for (an adjustment or an end line goes through the rules)
PLAYED = (DealKind.CONTRACT, DealKind.RASPASY, DealKind.ALLPASS)
_cost_of = attrgetter("cost")
_packed_of = attrgetter("packed")


class Seen(Protocol):
    """What is told of every deal a replay plays, as the rules checked it (tricks filled in):
    ``pulka stats`` counts each player's contracts and raspasy this way."""

    def played(self, deal: Deal) -> None:
        """A deal played through the rules."""
        ...

    def counted(self, steps: list[Step]) -> None:
        """Deals counted the compiled way: a :class:`Step` for each deal, in order (its deal
        as ``step.deal``); the same step comes again as often as its deal did."""
        ...


class Situation(dict):
    """The steps compiled in one situation (a signature of the family's core): deal key ->
    :class:`Step`."""

    __slots__ = ("signature",)

    def __init__(self, signature: Hashable) -> None:
        super().__init__()
        self.signature = signature


#: the kinds of what a step adds to (see :class:`Situations`)
COLUMN, PAIR, COUNTER = 0, 1, 2


class Situations(dict):
    """A table's situations (signature -> :class:`Situation`), and what its steps add to, each
    by a number of its own (a slot): a cell of the sheet, or one of the state's counters."""

    __slots__ = ("cells", "loose", "slots")

    def __init__(self) -> None:
        super().__init__()
        #: each slot's (kind, name, key): a column's cell (COLUMN, column, player), a pair
        #: column's (PAIR, column, (writer, target)), a counter (COUNTER, name, None)
        self.cells: list[tuple[int, str, Any]] = []
        self.slots: dict[tuple[int, str, Any], int] = {}
        self.loose = False  # whether a step of the table has amounts it could not pack

    def slot(self, cell: tuple[int, str, Any]) -> int:
        found = self.slots.get(cell)
        if found is None:
            found = self.slots[cell] = len(self.cells)
            self.cells.append(cell)
        return found


class Step:
    """A deal compiled in a situation: what it adds to the sheet, and where it leads.

    Attributes:
        next: the situation after the deal.
        cost: how much of the core's budget the deal uses (``NEVER``, more than any budget:
            not compiled).
        packed, loose: what it adds to each slot (see :class:`Situations`: a cell of the
            sheet or a counter of the state): its whole amounts packed into one integer
            (:mod:`.packed`, a field a slot), the others (a fraction) as ``(slot, amount)``.
        deal: the deal as the rules checked it (tricks filled in).
        notes: the remarks the deal adds to the state's notes (kept in order: a step with
            notes is counted by :meth:`Run.offer`, never by the tight loop).
        limit: what the tight loop compares with its share of the budget: the cost, or
            ``NEVER`` for a step it must leave to :meth:`Run.offer`.
    """

    __slots__ = ("cost", "deal", "limit", "loose", "next", "notes", "packed")

    def __init__(self, next: Situation | None, cost: Exact | float,
                 deltas: Iterable[tuple[int, Exact]] = (), notes: tuple[str, ...] = (),
                 deal: Deal | None = None) -> None:
        self.next, self.cost = next, cost
        deltas = tuple(deltas)
        self.packed = pack((slot, amount) for slot, amount in deltas if packable(amount))
        self.loose = tuple((slot, amount) for slot, amount in deltas if not packable(amount))
        self.notes, self.deal = notes, deal
        self.limit = NEVER if notes else cost


#: the situations met so far in this process, for each table (players and convention) and
#: language (a step keeps its deal's notes as written): a many-game run (``pulka stats``)
#: compiles a table's deals once for all its games
_SITUATIONS: dict[tuple, Situations] = {}
#: the most steps kept for one table: past it, a deal not yet compiled goes through the rules
#: (a journal whose every line differs, say by a comment, cannot fill the memory)
MOST_STEPS = 100_000
#: the most steps counted before they are added to the sheet (the list of them is bounded,
#: and its packed sum, with the block counted past it, well inside pulka.replay.packed's bound)
MOST_COUNTED = 1 << 18


class Run:
    """One game replayed the compiled way: its situations, the steps counted and not yet
    added to the sheet, and the budget left.

    Attributes:
        seen: when given, told of every deal as the rules checked it (see :class:`Seen`).
    """

    def __init__(self, family: Family, core: Core, state: State,
                 seen: Seen | None = None) -> None:
        self.family, self.core, self.state, self.seen = family, core, state, seen
        table = state.table
        key = (table.players, table.convention, language())
        situations = _SITUATIONS.get(key)
        if situations is None:
            situations = _SITUATIONS[key] = Situations()
        self.situations = situations
        self.room = MOST_STEPS - sum(map(len, self.situations.values()))  # steps still allowed
        self.counted: list[Step] = []  # steps met since the sheet was last brought up to date
        self.notes: list[str] = []  # and their notes, in order
        self.situation = self._situation_now()
        self.budget: Exact | float = core.budget(state) if self.situation is not None else 0

    def _situation_now(self) -> Situation | None:
        signature = self.core.signature(self.state)
        return None if signature is None else self._situation(signature)

    def _situation(self, signature: Hashable) -> Situation:
        found = self.situations.get(signature)
        if found is None:
            found = self.situations[signature] = Situation(signature)
        return found

    def offer(self, key: Hashable, deal: Deal | None) -> bool:
        """Count the deal the compiled way if it can be (``deal`` None: it is not one the
        quick reader knows, so it is left to the rules); False: play it with :meth:`play`."""
        situation = self.situation
        if situation is None or self.budget <= 0:
            return False
        step = situation.get(key)
        if step is None:
            if deal is None or self.room <= 0:
                return False
            step = situation[key] = self.compile(deal, situation)
            self.room -= 1
        if not step.cost < self.budget:
            return False
        self.budget -= step.cost
        self.counted.append(step)
        self.situation = step.next
        if step.notes:
            self.notes.extend(step.notes)
        return True

    def play(self, entry: Entry) -> None:
        """Play a deal through the family's rules on the sheet as it stands."""
        self.bring_up_to_date()
        try:
            checked, _postings = self.family.play(entry.deal, self.state)
        except PulkaError as exc:
            raise exc.located(entry.source, entry.number) from None
        if self.seen is not None:
            self.seen.played(checked)
        self.situation = self._situation_now()
        self.budget = self.core.budget(self.state) if self.situation is not None else 0

    def compile(self, deal: Deal, situation: Situation) -> Step:
        """Play the deal on a probe of the situation; what its sheet gained is the step."""
        core = self.core
        if deal.kind not in PLAYED:
            return Step(None, NEVER)
        probe = core.probe(self.state.table, situation.signature)
        cells = {c: dict(v) for c, v in probe.sheet.cells.items() if c not in core.carried}
        pairs = {c: dict(v) for c, v in probe.sheet.pairs.items()}
        counters = [getattr(probe, name) for name in core.counters]
        try:
            checked, _postings = self.family.play(deal, probe)
        except PulkaError:
            return Step(None, NEVER)  # the rules will say why, with the deal's place
        after = core.signature(probe)
        if after is None or probe.finished or not core.compilable(deal, probe):
            return Step(None, NEVER)
        gained: list[tuple[str, str, str | None, Exact]] = [
            (c, p, None, probe.sheet.cells[c][p] - v)
            for c, before in cells.items() for p, v in before.items()
            if probe.sheet.cells[c][p] != v]
        gained += [(c, w, t, probe.sheet.pairs[c][(w, t)] - v)
                   for c, before_pairs in pairs.items() for (w, t), v in before_pairs.items()
                   if probe.sheet.pairs[c][(w, t)] != v]
        slot = self.situations.slot
        deltas = [(slot((COLUMN, c, p) if t is None else (PAIR, c, (p, t))), _plain(a))
                  for c, p, t, a in gained]
        deltas += [(slot((COUNTER, name, None)), getattr(probe, name) - was)
                   for name, was in zip(core.counters, counters, strict=True)
                   if getattr(probe, name) != was]
        step = Step(self._situation(after), core.cost(gained), deltas, tuple(probe.notes),
                    checked)
        if step.loose:
            self.situations.loose = True
        return step

    def bring_up_to_date(self) -> None:
        """Add the steps counted so far to the sheet and counters; enter the situation."""
        if not self.counted:
            return
        state, counted = self.state, self.counted
        cells = self.situations.cells
        added: list[Exact] = [0] * len(cells)  # by slot
        unpack(sum(map(_packed_of, counted)), added)
        if self.situations.loose:
            for step, times in Counter(counted).items():
                for slot, amount in step.loose:
                    added[slot] += amount * times
        if self.seen is not None:
            self.seen.counted(counted)  # (a counted step always has its deal)
        columns, pairs = state.sheet.cells, state.sheet.pairs
        for (kind, name, key), amount in zip(cells, added, strict=True):
            if not amount and type(amount) is int:  # (a Fraction 0 is added: as the rules do)
                continue
            if kind == COUNTER:
                setattr(state, name, getattr(state, name) + amount)
            else:
                (pairs if kind == PAIR else columns)[name][key] += amount
        self.counted.clear()
        state.notes.extend(self.notes)
        self.notes.clear()
        assert self.situation is not None  # a counted step always leads to a situation
        self.core.enter(state, self.situation.signature)

    def finish(self) -> State:
        self.bring_up_to_date()
        return self.state


def _plain(amount: Exact) -> Exact:
    """A whole Fraction as an int (equal, and much quicker to add up)."""
    return amount.numerator if isinstance(amount, Fraction) and amount.denominator == 1 else amount


def resume(game: Game, family: Family, core: Core, state: State, entries: Iterator[Entry],
           count: int, last: Source | None, seen: Seen | None = None) -> tuple[State, int]:
    """Go on from ``state``, reached by the first ``count`` deals (the last one read from
    ``last``), the compiled way: the state after the last deal and the number of deals, the
    same, exactly, as playing every deal through the family's rules (and the same checked
    deals, as often, told to ``seen``)."""
    run = Run(family, core, state, seen)
    blocks = getattr(game.entries, "blocks", None)
    first = last.line + 1 if last is not None and last.line is not None else None
    body = blocks(first) if blocks is not None else None
    if body is None:
        count = _entries(run, entries, count)
    else:
        close = getattr(entries, "close", None)
        if close is not None:
            close()  # (the line-by-line reader's file)
        count = _lines(run, body, count)
    return run.finish(), count


def deal_key(deal: Deal) -> Hashable:
    """A key that tells two deals apart whenever the rules could (the order defenders and
    tricks are given in, too)."""
    return (deal.kind, deal.declarer, deal.contract, tuple(deal.defence.items()),
            tuple(deal.tricks.items()), deal.dark, deal.looked, deal.no_talon, deal.invite,
            tuple(deal.contra.items()), deal.made, deal.marks, deal.fell, deal.rest)


def _entries(run: Run, entries: Iterable[Entry], count: int = 0) -> int:
    for entry in entries:
        deal = entry.deal
        if deal.adjust or not run.offer(deal_key(deal), deal):
            run.play(entry)
        count += 1
        if len(run.counted) > MOST_COUNTED:
            run.bring_up_to_date()
    return count


def _lines(run: Run, body: Blocks, used: int = 0) -> int:
    """Replay a journal body read in blocks, after ``used`` deals: a block of deal lines
    numbered in sequence is counted in a tight loop; any other line goes through the
    journal's own reader."""
    number = body.first - 1  # the file line last read
    numbered = b"%d. ".__mod__
    for block in body.blocks:
        size = len(block)
        if all(map(bytes.startswith, block, map(numbered, range(used + 1, used + 1 + size)))):
            _deal_block(run, body, block, used, number)
            used += size
            number += size
            continue
        for raw in block:
            number += 1
            prefix = numbered(used + 1)
            if raw.startswith(prefix):
                _deal_line(run, body, raw, raw[len(prefix):], used, number)
                used += 1
                continue
            entry = body.line_entry(number, raw, used)
            if entry is not None:
                run.play(entry)
                used = entry.number
    return used


def _deal_block(run: Run, body: Blocks, block: list[bytes], used: int, number: int) -> None:
    """A block of deal lines numbered ``used + 1`` on, the first at file line ``number + 1``."""
    texts = map(bytes.partition, block, repeat(b". "))
    counted = run.counted
    done, size = 0, len(block)
    while done < size:
        start = len(counted)
        # each step may use at most its share of the budget: the block cannot overdraw it
        share = float(run.budget) / (size - done + 1) if run.budget > 0 else -1.0
        situation, stopped = _count_while_known(texts, run.situation, share, counted.append)
        if situation is not None:
            run.situation = situation
        spent = len(counted) - start
        if spent:
            run.budget -= sum(map(_cost_of, counted[start:]))
        done += spent
        if len(counted) > MOST_COUNTED:
            run.bring_up_to_date()
        if stopped is None:
            break
        _deal_line(run, body, block[done], stopped, used + done, number + done + 1)
        done += 1


def _count_while_known(texts: Iterator[tuple[bytes, bytes, bytes]], situation: Situation | None,
                       share: float, count) -> tuple[Situation | None, bytes | None]:
    """The tight loop: count each deal text whose step is known and within its share of the
    budget; stop at the first that is not (returned, not counted)."""
    if situation is None:
        for _number, _sep, text in texts:
            return None, text
        return None, None
    for _number, _sep, text in texts:
        step = situation.get(text)
        if step is None or step.limit > share:
            return situation, text
        count(step)
        situation = step.next
    return situation, None


def _deal_line(run: Run, body: Blocks, raw: bytes, text: bytes, used: int,
               number: int) -> None:
    """A line that starts as deal ``used + 1`` does (``N. ``), at file line ``number``: counted
    the compiled way if it can be, else read and played through the rules."""
    known = run.situation is not None and text in run.situation
    if known and run.offer(text, None):
        return
    entry = body.line_entry(number, raw, used)
    assert entry is not None and entry.number == used + 1  # (it starts "N. ")
    if known or not run.offer(text, entry.deal):
        run.play(entry)
