"""Reading the archive: each journal hashed, its summary taken from the cache or made by
replaying it, in worker processes when there are enough of them to pay for the start, and
added to the archive's tables (:class:`.aggregate.Tables`). A worker sums the tables of the
games it replays itself, and the command merges them: it never sees those summaries.

Only the journals whose bytes the cache does not know are replayed; :class:`Collected`
says how many were (``replayed``) and how many came from the cache, so a second run over
an archive that did not change replays nothing.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator, Sequence
from typing import Protocol

from .. import i18n
from ..frozen import NamedTuple
from .aggregate import Tables
from .cache import Cache
from .summary import Read, Share, read_many, read_share, start_worker

#: fewer games than this are replayed in this process (starting workers costs more)
PARALLEL_FROM = 16
CHUNK = 128  #: games a worker is given at a time (each answer also moves the progress bar)
FIRST = 32  #: games read before the workers are started (see _read)



class Bar(Protocol):
    """What is told of the replay's progress (a bar on a terminal)."""

    def start(self, total: int) -> None: ...

    def advance(self, done: int) -> None: ...


class Collected(NamedTuple):
    """The archive read.

    Attributes:
        tables: the tables of every journal counted (:class:`.aggregate.Tables`).
        bad: (file, message) of every journal skipped, in the order found.
        replayed: journals replayed in this run.
        cached: journals whose summary came from the cache.
    """

    tables: Tables
    bad: list[tuple[str, str]]
    replayed: int
    cached: int


def collect(paths: Sequence[str], cache: Cache, bar: Bar | None = None,
            workers: int | None = None) -> Collected:
    """Read every journal: from the cache where its bytes are known, else replayed (the
    ``bar`` is started once a game has been replayed, and told of each file read)."""
    known = cache.load()
    today = cache.today()
    order = {path: n for n, path in enumerate(paths)}
    tables = Tables()
    errors: dict[str, str] = {}
    rows: list[tuple[str, str]] = []  # summaries made, to be kept
    used: list[str] = []  # rows read, marked used once a day
    again: list[str] = []  # files the cache knew, but whose rows do not read
    cached = replayed = 0
    progress = _Progress(bar, len(paths))
    share = Share(i18n.language(), frozenset(known), cache.working)

    def count(read: Read) -> None:
        if read.error is not None:
            errors[read.path] = read.error
        elif read.summary is not None:  # (None: a worker counted it in its own tables)
            tables.add(order[read.path], read.path, read.summary)
        if read.text is not None:
            rows.append((read.digest, read.text))

    for reads, counted in _read(list(paths), workers, share):
        if counted is not None:
            tables.merge(counted)
        for read in reads:
            fresh = bool(read.digest) and not read.known  # (replayed: read, and not known)
            if read.known:
                text, day = known[read.digest]
                summary = cache.summary(text)
                if summary is None:
                    again.append(read.path)
                    continue
                tables.add(order[read.path], read.path, summary)
                cached += 1
                if day != today:
                    used.append(read.digest)
            else:
                count(read)
            replayed += fresh
            progress.read(fresh)
    for read in read_many(again, share._replace(known=frozenset())):  # (their rows are bad)
        count(read)
        replayed += bool(read.digest)
        progress.read(True)
    cache.store(rows, used)
    bad = sorted(errors.items(), key=lambda item: order[item[0]])
    return Collected(tables, bad, replayed, cached)


class _Progress:
    """The bar, started once a game has been replayed (a run the cache answers shows none),
    then told of every file read, those read before it included."""

    def __init__(self, bar: Bar | None, total: int) -> None:
        self.bar, self.total, self.done, self.started = bar, total, 0, False

    def read(self, replayed: bool) -> None:
        self.done += 1
        if self.bar is None:
            return
        if not self.started and replayed:
            self.bar.start(self.total)
            self.bar.advance(self.done - 1)
            self.started = True
        if self.started:
            self.bar.advance(1)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _read(paths: list[str], workers: int | None, share: Share
          ) -> Iterator[tuple[list[Read], Tables | None]]:
    """The files read, in batches: from worker processes when there are enough files (each
    hashes and replays its share, and sums the tables of the games it replayed: those come
    with the batch, and its reads without their summaries), else here (the summaries kept
    in the reads, no tables). The cache's rows are read by the caller."""
    count = workers if workers is not None else cores()
    if count <= 1 or len(paths) < PARALLEL_FROM:
        for path in paths:
            yield read_many([path], share), None
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    size = max(1, min(CHUNK, len(paths) // (count * 4)))
    before = min(FIRST, size)
    chunks = [(i, paths[i:i + size]) for i in range(before, len(paths), size)]
    # the first games are read here, before any worker is started: a worker forked from this
    # process starts with what they left in its caches (the headers read, the rules, the
    # table's warm-up and the deals compiled) instead of making it all again
    yield read_many(paths[:before], share), None
    # what the workers inherit is left out of the collector's scans (its objects' pages are
    # then shared with the workers until they write to them: gc.freeze's own advice)
    gc.freeze()
    try:
        pool = ProcessPoolExecutor(max_workers=min(count, len(chunks)),
                                   initializer=start_worker, initargs=(share,))
        futures = {pool.submit(read_share, chunk, first): chunk for first, chunk in chunks}
    except (OSError, NotImplementedError, ImportError):  # no processes to be had here
        gc.unfreeze()
        for _first, chunk in chunks:
            yield read_many(chunk, share), None
        return
    left: list[list[str]] = []  # the shares of workers that died (read here instead)
    try:
        for future in as_completed(futures):
            try:
                found = future.result()
            except BrokenProcessPool:
                left.append(futures[future])
                continue
            yield found
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        gc.unfreeze()
    for chunk in left:
        yield read_many(chunk, share), None
