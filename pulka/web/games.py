"""The games a server serves: each one's journal, secrets, writer and watcher, found by a
link's secret; one game, or the games of a club's folder (:mod:`.club`)."""

from __future__ import annotations

import asyncio
from typing import Any

from .game_now import file_id
from .ledger import Ledger
from .links import Secrets, kept_path
from .watch import Watch


class Served:
    """A game being served: its journal, its secrets, its writer and its watcher."""

    def __init__(self, path: str, secrets: Secrets) -> None:
        self.path = path
        self.secrets = secrets
        served = file_id(path)
        self.ledger = Ledger(path, served, kept_path(path, ".ids"))
        self.watch = Watch(path, served)
        self.tasks: set[asyncio.Task[Any]] = set()  # (kept: a task nobody holds may vanish)
        self.club: Secrets | None = None  #: the club's links, when the game is one of its

    async def start(self) -> None:
        """Read the game, then watch its journal until the server stops."""
        await self.watch.look()
        self.later(self.watch.run())

    def later(self, work: Any) -> None:
        """Run ``work`` (a coroutine) beside the requests, held until it ends."""
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


class Games:
    """The games served, each found by its links' secrets; and, when a folder is served, the
    club's own two links (the list of its games, a new game started)."""

    def __init__(self, club: Any = None) -> None:
        self.served: dict[str, Served] = {}  #: journal -> its game
        self.club = club  #: the folder served (:class:`.club.Club`), or None
        self.running = False

    async def add(self, served: Served) -> None:
        self.served[served.path] = served
        if self.running:
            await served.start()

    def find(self, token: str) -> tuple[Served, str] | None:
        """The game whose link ``token`` is, and whose link (SCORER, TABLE). Every game's
        secrets are compared, each in constant time: the time says nothing of which."""
        found = None
        for served in list(self.served.values()):
            role = served.secrets.role(token)
            if role is not None and found is None:
                found = served, role
        return found

    async def start(self) -> None:
        self.running = True
        for served in list(self.served.values()):
            await served.start()
        if self.club is not None:
            await self.club.look(self)

    async def stop(self) -> None:
        """Let every change stream go: the server is stopping."""
        self.running = False
        for served in list(self.served.values()):
            await served.watch.stop()
            for task in list(served.tasks):
                task.cancel()
