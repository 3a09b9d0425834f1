"""Reading the archive: each journal hashed, its summary taken from the cache or made by
replaying it, in worker processes when there are enough of them to pay for the start.

Only the journals whose bytes the cache does not know are replayed; :class:`Collected`
says how many were (``replayed``) and how many came from the cache, so a second run over
an archive that did not change replays nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Protocol

from .. import i18n
from ..errors import PulkaError
from ..records import NamedTuple
from .cache import Cache
from .summary import Read, digest_of, read_bytes, read_many

#: fewer games than this are replayed in this process (starting workers costs more)
PARALLEL_FROM = 16
CHUNK = 32  #: games a worker is given at a time (each answer also moves the progress bar)



class Bar(Protocol):
    """What is told of the replay's progress (a bar on a terminal)."""

    def start(self, total: int) -> None: ...

    def advance(self, done: int) -> None: ...


class Collected(NamedTuple):
    """The archive read.

    Attributes:
        games: (file, summary) of every journal counted, in the order found.
        bad: (file, message) of every journal skipped.
        replayed: journals replayed in this run.
        cached: journals whose summary came from the cache.
    """

    games: list[tuple[str, dict]]
    bad: list[tuple[str, str]]
    replayed: int
    cached: int


def collect(paths: Sequence[str], cache: Cache, bar: Bar | None = None,
            workers: int | None = None) -> Collected:
    """Read every journal: from the cache where its bytes are known, else replayed (the
    ``bar`` is started once there is something to replay, and told of each game done)."""
    known = cache.load()
    today = cache.today()
    order = {path: n for n, path in enumerate(paths)}
    results: dict[str, Read] = {}
    todo: list[str] = []
    used: list[str] = []  # rows read, marked used once a day
    cached = 0
    for path in paths:
        try:
            digest = digest_of(read_bytes(path))
        except PulkaError as exc:
            results[path] = Read(path, "", None, str(exc))
            continue
        kept = known.get(digest)
        summary = None if kept is None else cache.summary(kept[0])
        if summary is None:
            todo.append(path)
            continue
        results[path] = Read(path, digest, summary)
        cached += 1
        if kept is not None and kept[1] != today:
            used.append(digest)
    if bar is not None and todo:
        bar.start(len(todo))
    fresh = set(todo)
    for read in _replay(todo, workers):
        results[read.path] = read
        if bar is not None:
            bar.advance(1)
    cache.store([(r.digest, r.summary) for r in results.values()
                 if r.summary is not None and r.path in fresh], used)
    games, bad = [], []
    for read in sorted(results.values(), key=lambda r: order[r.path]):
        if read.summary is not None:
            games.append((read.path, read.summary))
        else:
            bad.append((read.path, read.error or ""))
    return Collected(games, bad, len(todo), cached)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _replay(paths: list[str], workers: int | None) -> Iterator[Read]:
    """Each journal's summary, from worker processes when there are enough journals."""
    lang = i18n.language()
    count = workers if workers is not None else cores()
    if count <= 1 or len(paths) < PARALLEL_FROM:
        for path in paths:
            yield from read_many([path], lang)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    size = max(1, min(CHUNK, len(paths) // (count * 4)))
    chunks = [paths[i:i + size] for i in range(0, len(paths), size)]
    # the first games are replayed here, before any worker is started: a worker forked from
    # this process starts with what they left in its caches (the headers read, the rules, the
    # table's warm-up and the deals compiled) instead of making it all again
    yield from read_many(chunks.pop(0), lang)
    pool = ProcessPoolExecutor(max_workers=min(count, len(chunks)), initializer=_worker_start)
    try:
        futures = [pool.submit(read_many, chunk, lang) for chunk in chunks]
        for future in as_completed(futures):
            yield from future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _worker_start() -> None:
    """A worker leaves Ctrl-C to the command (which stops the pool): no traceback from it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
