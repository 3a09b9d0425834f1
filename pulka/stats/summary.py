"""One game of the archive reduced to plain numbers: what ``settle --json`` says of it (the
same calls: the journal read, the final state replayed as :func:`pulka.settlement.figures.build` replays
it, the settlement) and each player's counts. A summary holds only JSON values, in the
``settle --json`` form (whists whole or ``"a/b"``, money ``"1.20"``), so it can be kept in
the cache and sent between processes.

This module is what the worker processes run: it must not print.
"""

from __future__ import annotations

import json
from collections.abc import Container
from hashlib import sha256

from .. import i18n
from ..convention import Convention
from ..convention.schema import CURRENCY, PRICE
from ..errors import JournalError, PulkaError
from ..files.inputs import HELD_LIMIT, read_bytes
from ..frozen import NamedTuple
from ..journal import parse
from ..numbers import Exact, json_number
from ..replay import family_of, final_state
from ..settlement.figures import to_json
from ..settlement.money import Settlement, settle, who_pays_whom
from .aggregate import Tables
from .sealed import seal
from .tallies import Tally


class Read(NamedTuple):
    """A file of the archive after it was read: its summary, or why it could not be.

    Attributes:
        path: the file as found.
        digest: sha256 of the bytes summarised ("" when the file could not be read).
        summary: the game's numbers (None for a bad journal, one the cache knows, or one a
            worker has counted in its tables).
        error: the located message of a bad journal, in the players' language.
        text: the summary as the cache keeps it (sealed JSON, :mod:`.sealed`), when it is to
            be kept.
        known: the cache already holds the summary of these bytes (nothing was replayed).
    """

    path: str
    digest: str
    summary: dict | None
    error: str | None = None
    text: str | None = None
    known: bool = False


def digest_of(data: bytes) -> str:
    """The sha256 of a file, in hex. (Here with hashlib, whose OpenSSL hashes an archive
    several times faster once it is loaded; a command that hashes one journal does without.)"""
    return sha256(data).hexdigest()


#: one convention object for every game of the same rules: the rules' caches are keyed by
#: the convention, and an equal one that is not the same object is compared key by key
_CONVENTIONS: dict[Convention, Convention] = {}


def summarise(data: bytes, where: str) -> dict:
    """The numbers of the game a journal's bytes hold.

    Raises:
        PulkaError: the journal does not read, or a deal is illegal.
    """
    game = parse(data, where).game()
    conv = _CONVENTIONS.setdefault(game.table.convention, game.table.convention)
    if conv is not game.table.convention:
        game.table = game.table._replace(convention=conv)
    players = game.table.players
    tally = Tally(players, conv)
    state, count = final_state(game, seen=tally)  # (as report.build replays it)
    settlement = settle(state, family_of(game.table))
    price = conv[PRICE]
    out: dict[str, object] = {
        "convention": conv.name,
        "family": conv.family,
        # what a game's points mean: its convention's title, the price of one and the
        # currency; and what its family calls them ("" for whists: a payment game's balance)
        "title": conv.title,
        "price": None if price is None else str(price),
        "currency": conv[CURRENCY] or None,
        "unit": family_of(game.table).presentation.result,
        "created": str(game.meta.get("created", "")),
        "players": list(players),
        "finished": state.finished,
        "deals": count,
        "result": {p: json_number(v) for p, v in settlement.result.items()},
        "money": to_json(settlement.money),
        # (between the players only: the settlement's own may go to a pot that is kept)
        "pays": [[payer, payee, json_number(amount)]
                 for payer, payee, amount in _between_players(settlement, players)],
        "pays_money": to_json([list(t) for t in settlement.transfers])
        if settlement.money is not None else None,
        "counts": tally.counts(),
    }
    return out


def _between_players(settlement: Settlement, players: tuple[str, ...]
                     ) -> list[tuple[str, str, Exact]]:
    """Who pays whom in whists, between the players only. Without a price the settlement's
    own payments are in whists: the same list, but for what goes to a pot that is kept (its
    last payments), so they are not worked out twice."""
    if settlement.money is None:
        return [t for t in settlement.transfers if t[1] in players]  # type: ignore[misc]
    return who_pays_whom(settlement.result, players)


def read_one(path: str, known: Container[str] = (), keep: bool = False) -> Read:
    """Read, hash and summarise one file; a bad journal gives its message, never raises.

    Args:
        known: the digests whose summaries the cache holds: such a file is only hashed.
        keep: give the summary as the cache keeps it too (:attr:`Read.text`).
    """
    try:
        # (a regular file only: no FIFO waits; a 6 GB member is refused, not read)
        data = read_bytes(path, "journal", JournalError, limit=HELD_LIMIT)
    except PulkaError as exc:
        return Read(path, "", None, str(exc))
    digest = digest_of(data)
    if digest in known:
        return Read(path, digest, None, known=True)
    try:
        summary = summarise(data, path)
    except PulkaError as exc:
        return Read(path, digest, None, str(exc))
    return Read(path, digest, summary, None, seal(_ENCODER.encode(summary)) if keep else None)


#: the cache's JSON, made by one encoder (json.dumps with options makes one a call)
_ENCODER = json.JSONEncoder(ensure_ascii=False)


class Share(NamedTuple):
    """What a worker is told once, when it starts: the players' language, the digests the
    cache holds, and whether summaries are to be kept."""

    lang: str
    known: frozenset[str]
    keep: bool


_SHARE = Share("en", frozenset(), False)
#: the worker's collector thresholds (gc.set_threshold; Python's own are 700, 10, 10)
WORKER_GC = (50_000, 20, 100)


def start_worker(share: Share) -> None:
    """A worker's start: it leaves Ctrl-C to the command (which stops the pool: no traceback
    from a worker), and keeps what it is told for every share of the archive it reads."""
    import gc
    import signal

    global _SHARE
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # a worker makes many objects that live as long as it does (the steps compiled) and few
    # cycles: the collector is run less often (what it scans each time grows with the steps)
    gc.set_threshold(*WORKER_GC)
    _SHARE = share
    if i18n.language() != share.lang:
        i18n.use(share.lang)


def read_many(paths: list[str], share: Share | None = None) -> list[Read]:
    """A share of the archive, in a worker (told its :class:`Share` when it started) or in
    the command's own process (told it here)."""
    told = _SHARE if share is None else share
    if i18n.language() != told.lang:
        i18n.use(told.lang)
    return [read_one(p, told.known, told.keep) for p in paths]


def read_share(paths: list[str], first: int) -> tuple[list[Read], Tables]:
    """A worker's share of the archive, its files from the ``first``-th on: each file read,
    and the tables of the games it replayed, summed here (their summaries are not sent
    back: the command only merges the tables)."""
    reads = read_many(paths)
    tables = Tables()
    for place, read in enumerate(reads, first):
        if read.summary is not None:
            tables.add(place, read.path, read.summary)
    return [read._replace(summary=None) for read in reads], tables
