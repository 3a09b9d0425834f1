"""The journal watched: its file looked at every tenth of a second (whoever wrote it: this
server, `pulka add` or `pulka play` in a terminal, an editor), the game read again when it
changed, and everyone waiting told.

Each change makes a new *version*. For it the game is read once in each language a page has
asked for, and what the page needs is made into JSON once, for every page that waits. A
journal that no longer reads (a line torn by a crash) or that is another file now (saved by
rename, deleted) is a *problem*: the page says it, the last good reading stays on show, and
:mod:`.ledger` writes nothing more.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

import anyio.to_thread

from ..errors import PulkaError
from .game_now import Built, file_id, in_language
from .ledger import PULKA, replaced_message

#: seconds between two looks at the journal
POLL = 0.1


class Reading:
    """One version of the game in one language: the replay, and the JSON the page gets."""

    def __init__(self, built: Built | None, view: str, state: str) -> None:
        self.built = built
        self.view = view  #: the page's view, as JSON text
        self.state = state  #: ``GET state``'s answer, as JSON text


class Watch:
    """The served journal, its versions and who waits for the next one."""

    def __init__(self, path: str, served: tuple[int, int] | None) -> None:
        self.path = path
        self.served = served
        self.version = 0
        self.problem: str | None = None
        self.stopping = False
        self._seen: tuple[int, ...] | None = None  # the file's identity, size and time
        self._readings: dict[str, Reading] = {}  # language -> this version's reading
        self._good: dict[str, Built] = {}  # language -> the last reading that read
        self._languages = {"en"}
        self._changed = asyncio.Event()  # set (and replaced) at each new version
        self._looking = asyncio.Lock()

    # --- looking at the file --------------------------------------------------------------

    async def run(self) -> None:
        """Look at the journal until the server stops."""
        while not self.stopping:
            await self.look()
            await asyncio.sleep(POLL)

    async def look(self) -> bool:
        """Read the game again if the file changed since the last look; True if it did."""
        async with self._looking:
            seen = self._stat()
            if seen == self._seen and self._readings:
                return False
            self._seen = seen
            languages = sorted(self._languages)
            readings, problem = await anyio.to_thread.run_sync(self._read, languages,
                                                                self.version + 1)
            self._readings, self.problem = readings, problem
            self.version += 1
        self._tell()
        return True

    def _tell(self) -> None:
        """Wake everyone waiting for a new version."""
        told, self._changed = self._changed, asyncio.Event()
        told.set()

    def _stat(self) -> tuple[int, ...]:
        try:
            info = os.stat(self.path)
        except OSError:
            return ()
        return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns

    def _read(self, languages: list[str], version: int) -> tuple[dict[str, Reading], str | None]:
        """Each language's reading of the file as it is now (in a worker thread)."""
        with PULKA:
            out: dict[str, Reading] = {}
            problem = None
            if file_id(self.path) != self.served:
                problem = in_language("en", lambda: replaced_message(self.path))
            for lang in languages:
                reading, said = self._read_one(lang, version, problem is not None)
                out[lang] = reading
                problem = problem or said
            return out, problem

    def _read_one(self, lang: str, version: int, replaced: bool) -> tuple[Reading, str | None]:
        def make() -> tuple[Reading, str | None]:
            problem = replaced_message(self.path) if replaced else None
            built = self._good.get(lang)
            if not replaced:
                try:
                    built = Built(self.path, lang)
                    self._good[lang] = built
                except PulkaError as exc:
                    problem = str(exc)
            view: dict[str, Any] = {"version": version, "problem": problem}
            state: dict[str, Any] = {}
            if built is not None:
                view.update(built.view())
                state = built.state_json()
            state["version"] = version
            state["problem"] = problem
            return Reading(built, _json(view), _json(state)), problem

        return in_language(lang, make)

    # --- what the requests ask --------------------------------------------------------------

    async def reading(self, lang: str) -> Reading:
        """This version's reading in ``lang`` (read now if no page asked for it before)."""
        if lang not in self._readings:
            self._languages.add(lang)
            async with self._looking:
                if lang not in self._readings:
                    more, problem = await anyio.to_thread.run_sync(self._read, [lang],
                                                                   self.version)
                    self._readings.update(more)
                    self.problem = self.problem or problem
        return self._readings[lang]

    async def sheet(self, lang: str, columns: int) -> str:
        """The paper sheet of this version, in ``lang``, for ``columns`` characters."""
        built = (await self.reading(lang)).built
        if built is None:
            return ""

        def draw() -> str:
            with PULKA:
                return in_language(lang, lambda: built.sheet(columns))

        return await anyio.to_thread.run_sync(draw)

    async def next_version(self, seen: int, timeout: float) -> int:
        """Wait until the version is other than ``seen`` (or ``timeout`` seconds pass, or the
        server stops); the version then."""
        changed = self._changed
        if self.version == seen and not self.stopping:
            try:
                await asyncio.wait_for(changed.wait(), timeout)
            except asyncio.TimeoutError:
                pass
        return self.version

    async def stop(self) -> None:
        """Let everyone waiting go: the server is stopping."""
        self.stopping = True
        self._tell()


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
