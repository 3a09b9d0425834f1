"""The ledger: a game recorded in its journal, one checked line at a time, without click
(new, add, undo and redo, void, fix).

Each function appends a single line, and only after the whole game with that line has been
replayed and every check has passed; a refused line leaves the file byte for byte as it was.
They return what was done (:class:`Recorded`) and raise PulkaError; printing is the
caller's business (the CLI, the interactive mode).

``committed`` is called with the line the moment it is safely on disk (see
:func:`.journal.append_checked`), so a caller knows from then on that the deal is recorded.
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import journal
from .errors import IllegalDealError, JournalError, NotationError, PulkaError, Source
from .families import refuse_party_names
from .families.base import State, Step
from .frozen import NamedTuple
from .game import Deal, Entry, Game, check_players
from .i18n import _, pgettext
from .notation import Token, Typed, Vocabulary, format_deal, parse_deal, read_typed
from .replay import final_state, steps

if TYPE_CHECKING:
    from .convention import Convention
    from .files.inputs import FilePath
    from .replay.snapshots import Snapshot

Committed = Callable[[str], None] | None
#: called with the line and the journal offset it goes to, under the lock, right before it is
#: written (``pulka serve`` notes both, to tell after a crash whether a submission got there)
Writing = Callable[[str, int], None] | None
#: the (device, inode) of the journal a caller keeps open as its game (``pulka serve``): a
#: journal replaced since is refused rather than written (see :func:`.journal.append_checked`)
FileId = tuple[int, int] | None


class RepeatedDeal(IllegalDealError):
    """The deal is the same as the one in force before it (``again`` records it anyway)."""


class Recorded(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond to make at start-up)
    """What one write did.

    Attributes:
        line: the line appended to the journal.
        number: the deal it concerns.
        step: the deal as scored, with its postings and notes (add and fix).
        state: the game's state after its last deal in force (None for undo).
        said: the words of the notation the deal was typed in (add and fix), which tell the
            style it is said back in.
    """

    line: str
    number: int
    step: Step | None = None
    state: State | None = None
    said: tuple[Token, ...] = ()

    @property
    def finished(self) -> bool:
        return self.state is not None and self.state.finished


class NewGame(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond to make at start-up)
    """A journal just created: its convention's title, the players, in seating order, and
    the family of its rules."""

    path: FilePath
    title: str
    players: tuple[str, ...]
    family: str = ""
    warning: str | None = None  #: made, but its folder could not be saved to disk


def new_game(path: FilePath, players: tuple[str, ...], convention: str,
             overrides: dict[str, str], created: str | None = None) -> NewGame:
    """Create the journal of a new game (never over an existing file).

    Args:
        convention: a convention name, alias or YAML path.
        overrides: the table's own keys, as typed (key -> text).
        created: the time stamp of the header; now, when not given.

    Raises:
        PulkaError: bad names, an unknown convention or key, a player count the convention
            does not allow, or a file that cannot be created.
    """
    from .convention.conflicts import table_size_refused
    from .convention.loader import apply_text_overrides, find, load_file, refuse_conflicts

    names = check_players(players)
    resolved = apply_text_overrides(load_file(find(convention)), overrides,
                                    Source(pgettext("source", "<options>")))
    refused = table_size_refused(resolved, len(names))
    if refused is not None:
        raise JournalError(refused)
    refuse_conflicts(resolved.values, resolved.origins, len(names), "--players")
    refuse_party_names(names, resolved.family)
    if created is None:
        created = datetime.datetime.now().replace(microsecond=0).isoformat()
    text = journal.header_text(names, convention, resolved, overrides, created)
    _reads_back(text, path, names, resolved)
    warning = journal.create(path, text)
    return NewGame(path, resolved.title, names, resolved.family, warning)


def _reads_back(text: str, path: FilePath, names: tuple[str, ...], convention: Convention
                ) -> None:
    """The journal about to be written reads back as the game asked for, as a deal's line is
    checked before it is appended: a journal every later command would refuse is never
    written.

    Raises:
        JournalError: it would not read, or would read as another game; nothing is written.
    """
    try:
        game = journal.parse(text.encode("utf-8"), str(path)).game()
    except PulkaError as exc:
        raise JournalError(_("this game cannot be written as a journal that reads back ({error});"
                             " nothing was written").format(error=exc), Source(str(path))
                           ) from None
    if (game.table.players != names
            or list(game.table.convention.rule_lines()) != list(convention.rule_lines())):
        raise JournalError(_("this game cannot be written as a journal that reads back as the "
                             "same game; nothing was written"), Source(str(path)))


class _Replay:
    """The game replayed once with the new line: the step of one deal and the final state.

    Attributes:
        previous, last: the deal in force just before deal ``number``, and the last one, each
            as checked with its number.
        count: the deals in force.
        journal: the journal as it was read for the check (under the lock).
    """

    def __init__(self) -> None:
        self.step: Step | None = None
        self.previous: tuple[int, Deal] | None = None
        self.last: tuple[int, Deal] | None = None
        self.state: State | None = None
        self.count = 0
        self.journal: journal.Journal | None = None

    def run(self, game: Game, number: int | None = None) -> None:
        """Replay the whole game (every check runs); remember deal ``number``."""
        self.step = self.previous = self.last = self.state = None  # afresh on each try
        self.count = 0
        for step, state in steps(game):
            if step.number == number:
                self.step = step
            elif self.step is None:
                self.previous = (step.number, step.deal)
            self.last = (step.number, step.deal)
            self.state = state
            self.count += 1

    def run_on(self, start: Snapshot, entry: Entry, game: Game) -> None:
        """Play one new deal on the state a snapshot kept of the journal before it (every
        check runs on that deal: the deals before it were checked when the snapshot was
        made)."""
        game.entries = [entry]
        for step, state in steps(game, start.state):
            self.step, self.state = step, state
        assert self.step is not None
        self.previous = start.last
        self.last = (entry.number, self.step.deal)
        self.count = start.count + 1

    def canonical(self, players: tuple[str, ...], words: Vocabulary) -> Deal:
        """The deal as scored, after making sure its canonical text reads back the same."""
        assert self.step is not None
        deal = self.step.deal
        if parse_deal(format_deal(deal, words), players, words) != deal:
            raise JournalError(_("the deal would not read back the same: {deal}").format(
                deal=format_deal(deal, words)))
        return deal


def _in_force(game: Game, number: int, path: FilePath, what: str) -> list[Entry]:
    """The game's deals in force, after making sure deal ``number`` is one of them
    (``what`` is done to it: ``void`` or ``fix``)."""
    entries = list(game.entries)
    if number not in {e.number for e in entries}:
        if what == "void":
            message = _("there is no deal {number} in force to take back")
        else:
            message = _("there is no deal {number} in force to fix")
        raise JournalError(message.format(number=number), Source(str(path)), deal=number)
    return entries


def _unnumbered(text: str, number: int, where: Source) -> str:
    """A deal line copied with its number (``9. Аня 6 пик ...``, as the journal and the sheet
    write it), without it when it is the next deal's number.

    Raises:
        NotationError: the line is numbered as another deal.
    """
    numbered = _NUMBERED.match(text)
    if numbered is None:
        return text
    if int(numbered[1]) != number:
        raise NotationError(_("the line is numbered {said}, but the next deal is {number}").format(
            said=numbered[1], number=number), where, hint=_("type the deal without its number, "
                                                          "or with the next deal's"))
    return text[numbered.end():]


#: a deal's number before it: ``9.``, ``9)``
_NUMBERED = re.compile(r"\s*([0-9]{1,9})[.)]\s+")


def _parse(text: str, j: journal.Journal, where: Source, number: int) -> Typed:
    """The typed deal, read once (its words are kept for saying it back)."""
    try:
        return read_typed(text, j.players, j.words(), where)
    except PulkaError as exc:
        raise exc.located(deal=number) from None


def add(path: FilePath, text: str, *, again: bool = False, committed: Committed = None,
        file_id: FileId = None, writing: Writing = None) -> Recorded:
    """Record the next deal, written in the deal notation.

    Args:
        again: record it even when it is the same deal as the one in force before it.
        file_id: the journal's (device, inode) as the caller opened it (see :data:`FileId`).

    Raises:
        PulkaError: the deal does not read, is illegal, repeats the last one (without
            ``again``), or the journal cannot be written.
    """
    replay = _Replay()
    numbers: list[int] = []
    typed: list[Typed] = []

    def make_line(j: journal.Journal) -> str:
        game = j.game()
        where = Source(str(path))
        replay.journal = j
        start = _snapshot_before(j, game)
        number = j.next_number if start is None else start.used + 1
        typed[:] = [_parse(_unnumbered(text, number, where), j, where, number)]
        entry = Entry(number, typed[0].deal, where)
        if start is None:
            game.entries = [*game.entries, entry]
            replay.run(game, number)
        else:
            replay.run_on(start, entry, game)
        checked = replay.canonical(j.players, j.words())
        if not again and replay.previous is not None and replay.previous[1] == checked:
            raise RepeatedDeal(_("the same as deal {number}; add --again to record it "
                                 "anyway").format(number=replay.previous[0]), where,
                               deal=number)
        numbers.append(number)
        return journal.deal_line(number, checked, j.words())

    line = journal.append_checked(path, make_line, committed, file_id, writing)
    _keep_snapshot(replay, line, numbers[-1])
    return Recorded(line, numbers[-1], replay.step, replay.state, typed[0].said)


def undo(path: FilePath, *, committed: Committed = None,
         file_id: FileId = None, writing: Writing = None) -> Recorded:
    """Take back the last deal in force (appends ``void N``).

    Raises:
        PulkaError: there is no deal in force, or the journal cannot be written.
    """
    numbers: list[int] = []

    def make_line(j: journal.Journal) -> str:
        entries = list(j.game().entries)
        if not entries:
            raise JournalError(_("there is no deal to take back"), Source(str(path)))
        numbers.append(entries[-1].number)
        return f"void {entries[-1].number}"

    line = journal.append_checked(path, make_line, committed, file_id, writing)
    return Recorded(line, numbers[-1])


def redo(path: FilePath, *, committed: Committed = None,
         file_id: FileId = None, writing: Writing = None) -> Recorded:
    """Bring back the deal the last undo took back (appends ``restore N``), as it stood when
    it was taken back; undone deals come back last first, and only while nothing else has
    been recorded since (a new deal, a fix or a void of another deal ends the redos).

    Raises:
        PulkaError: there is nothing to redo, the game with the deal back is illegal, or the
            journal cannot be written.
    """
    replay = _Replay()
    numbers: list[int] = []

    def make_line(j: journal.Journal) -> str:
        replay.journal = j
        from .journal.body import deal_of

        back = redoable(j)
        if back is None:
            raise JournalError(_("there is no deal to bring back: redo follows an undo, before "
                                 "anything else is recorded"), Source(str(path)))
        number = back.number
        game = j.game()
        entry = Entry(number, deal_of(back, j.players, j.words()),
                      Source(back.source.path, back.source.line))
        game.entries = sorted([*game.entries, entry], key=lambda e: e.number)
        replay.run(game, number)
        numbers.append(number)
        return f"restore {number}"

    line = journal.append_checked(path, make_line, committed, file_id, writing)
    _keep_snapshot(replay, line)
    return Recorded(line, numbers[-1], replay.step, replay.state)


def redoable(j: journal.Journal) -> journal.Line | None:
    """The deal a redo would bring back: the last one an undo took back, with nothing recorded
    since but other undos and redos (its deal or fix line: the deal as it stood); None when
    there is none."""
    undone: list[int] = []  # the undos that may be redone, the last on top
    in_force: list[int] = []
    texts: dict[int, journal.Line] = {}
    for line in j.lines():
        if line.kind == "deal":
            in_force.append(line.number)
            texts[line.number] = line
            undone.clear()
        elif line.kind == "void":
            last = bool(in_force) and in_force[-1] == line.number
            undone[:] = [*undone, line.number] if last else []
            in_force.remove(line.number)
        elif line.kind == "restore":
            if undone and undone[-1] == line.number:
                undone.pop()
            else:
                undone.clear()
            in_force = sorted([*in_force, line.number])
        else:  # a fix
            texts[line.number] = line
            undone.clear()
    return texts[undone[-1]] if undone else None


def void(path: FilePath, number: int, *, committed: Committed = None,
         file_id: FileId = None, writing: Writing = None) -> Recorded:
    """Take back deal ``number`` (appends ``void N``); later deals are rescored.

    Raises:
        PulkaError: no such deal in force, the game without it is illegal, or the journal
            cannot be written.
    """
    replay = _Replay()

    def make_line(j: journal.Journal) -> str:
        replay.journal = j
        game = j.game()
        game.entries = [e for e in _in_force(game, number, path, "void")
                        if e.number != number]
        replay.run(game)
        return f"void {number}"

    line = journal.append_checked(path, make_line, committed, file_id, writing)
    _keep_snapshot(replay, line)
    return Recorded(line, number, None, replay.state)


def fix(path: FilePath, number: int, text: str, *, committed: Committed = None,
        file_id: FileId = None, writing: Writing = None) -> Recorded:
    """Replace deal ``number`` (appends ``fix N ...``); everything after it is rescored.

    Raises:
        PulkaError: no such deal in force, the new deal does not read or makes the game
            illegal, or the journal cannot be written.
    """
    replay = _Replay()
    typed: list[Typed] = []

    def make_line(j: journal.Journal) -> str:
        replay.journal = j
        where = Source(str(path))
        typed[:] = [_parse(text, j, where, number)]
        game = j.game()
        game.entries = [Entry(number, typed[0].deal, where) if e.number == number else e
                        for e in _in_force(game, number, path, "fix")]
        replay.run(game, number)
        words = j.words()
        return f"fix {number} {format_deal(replay.canonical(j.players, words), words)}"

    line = journal.append_checked(path, make_line, committed, file_id, writing)
    _keep_snapshot(replay, line)
    return Recorded(line, number, replay.step, replay.state, typed[0].said)


def _snapshot_before(j: journal.Journal, game: Game) -> Snapshot | None:
    """The snapshot of the journal as it stands, if one was kept and tells what ``add``
    needs: the last deal number used, and the last deal in force (when there is one)."""
    from .replay import snapshots

    if not snapshots.enabled():
        return None
    found = snapshots.load(j.digest(), game.table)
    if found is None or (found.count and found.last is None):
        return None
    return found


def _keep_snapshot(replay: _Replay, line: str, used: int | None = None) -> None:
    """Keep the state the check ended with as the snapshot of the journal it read with
    ``line`` appended (the state a replay of the journal now on disk ends with); ``used``:
    the last deal number the journal now uses (unchanged by a void or a fix when None)."""
    from .replay import snapshots

    j = replay.journal
    if replay.state is None or j is None or not snapshots.enabled():
        return
    from .files.sha256 import digest_of
    from .journal.commit import line_bytes

    if used is None:
        used = j.next_number - 1
    content = digest_of([*j.chunks(), line_bytes(line)])
    snapshots.save(content, snapshots.Snapshot(replay.state, replay.count, used, replay.last))


def repair(path: FilePath) -> journal.Mended:
    """Mend a journal's last line (see :func:`pulka.journal.repair`), the game replayed to
    tell a whole line from a torn one."""
    return journal.repair(path, final_state)


def _more_seats(key: str, recorded: str, now: str | None) -> bool:
    """Whether a change of ``players`` only adds table sizes (Sochi played at five too): the
    game's own size is among them still, and its rules are the same."""
    return key == "players" and now is not None and set(recorded.split()) <= set(now.split())


def convention_drift(j: journal.Journal) -> str | None:
    """A note when the convention file has changed since the game was recorded (the game
    keeps the rules it was started with), or None."""
    if not j.rules or not j.convention_ref or j.convention is None:
        return None
    from .convention.finding import find
    from .convention.loader import apply_text_overrides, load_file
    from .convention.prebuilt import prebuilt

    try:
        path = find(j.convention_ref, os.path.dirname(j.path))
        # a built-in file as it was resolved is not parsed again
        current = apply_text_overrides(prebuilt(path) or load_file(path), j.overrides,
                                       Source(j.path))
    except PulkaError:
        return _("the convention {name!r} cannot be read now; the game keeps its recorded "
                 "rules").format(name=j.convention_ref)
    if current.digest() == j.convention.digest():
        return None
    now = dict(current.rule_lines())
    changed = [k for k, v in j.convention.rule_lines() if now.get(k) != v
               and k not in ("name", "title") and not _more_seats(k, v, now.get(k))]
    if not changed:  # the convention is now played at more table sizes: nothing else moved
        return None
    return _("the convention {name!r} has changed since this game started ({keys}); the game "
             "keeps its recorded rules").format(
        name=j.convention_ref, keys=", ".join(_key_said(j.convention.family, k) for k in changed))


def _key_said(family: str, key: str) -> str:
    """A convention key as its players say it: in Russian its own term (штраф за контру)
    where it has a Russian one, else the key in backticks; in English the key."""
    from .convention.schema import keys_for
    from .i18n import language

    if language() != "ru":
        return key
    found = keys_for(family).get(key)
    if found is not None and any("а" <= ch <= "я" for ch in found.term.lower()):
        return found.term
    return f"`{key}`"
