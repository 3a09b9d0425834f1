"""A club's evening (``pulka serve FOLDER``): the games in a folder, each served under its own
two links as one game is, and the club's own two links: the list of the games (the table's
link lists each game's table link; the scorer's, each game's scorer's link too) and, for the
scorer, a new game started from the page, with the checks of `pulka new`.

Only the journals right in the folder are served (``*.pulka``, ordinary files: no link is
followed out of it), at most :data:`MOST` of them; the folder is looked at every second, so a
game started in a terminal (`pulka new`) is listed too. A new game's file is named by the
scorer, and only in the folder: a name is one name, never a path.
"""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from ..errors import PulkaError
from ..i18n import _
from . import links
from .links import SCORER, Secrets

if TYPE_CHECKING:
    from .games import Games

#: the most games a folder serves (the first by name)
MOST = 100
#: seconds between two looks at the folder
LOOK = 1.0
SUFFIX = ".pulka"


class Club:
    """The folder served, its two links, and the port its games' links are kept with."""

    def __init__(self, folder: str, secrets: Secrets, port: int = 0) -> None:
        self.folder = folder
        self.secrets = secrets
        self.port = port

    async def run(self, games: Games) -> None:
        """Look at the folder until the server stops."""
        while games.running:
            await asyncio.sleep(LOOK)
            await self.look(games)

    async def look(self, games: Games) -> None:
        """Serve every journal of the folder not served yet."""
        from .games import Served

        found = await anyio.to_thread.run_sync(self.journals)
        for path in found:
            if path not in games.served and len(games.served) < MOST:
                served = Served(path, await anyio.to_thread.run_sync(self.secrets_of, path))
                served.club = self.secrets
                await games.add(served)

    def journals(self) -> list[str]:
        """The journals right in the folder, by name (ordinary files, no link followed)."""
        try:
            with os.scandir(self.folder) as entries:
                names = sorted(entry.name for entry in entries
                               if entry.name.endswith(SUFFIX) and not entry.name.startswith(".")
                               and entry.is_file(follow_symlinks=False))
        except OSError:
            return []
        return [os.path.join(self.folder, name) for name in names[:MOST]]

    def secrets_of(self, journal: str) -> Secrets:
        """A game's two links: those it had last time (the phones find it again), else new
        ones, kept for next time."""
        kept = links.remembered(journal)
        if kept is not None:
            return kept[0]
        made = links.new_secrets()
        links.remember(journal, made, self.port)
        return made

    async def listing(self, games: Games, role: str, lang: str) -> list[dict[str, Any]]:
        """The games as the club's page lists them: each one's file, title, players, deals,
        whether it is over, and its link for this role (both for the scorer)."""
        import json

        out = []
        for path in sorted(games.served):
            served = games.served[path]
            view = json.loads((await served.watch.reading(lang)).view)
            game: dict[str, Any] = {
                "file": os.path.basename(path), "title": view.get("title", ""),
                "players": view.get("players", []), "deals": view.get("deals", 0),
                "finished": view.get("finished", False), "problem": view.get("problem"),
                "table": f"/{served.secrets.table}/"}
            if role == SCORER:
                game["scorer"] = f"/{served.secrets.scorer}/"
            out.append(game)
        return out

    def conventions(self) -> list[dict[str, str]]:
        """The conventions a new game may name (the built-in and the user's), by name."""
        from ..convention.finding import named

        return [{"name": name, "aliases": ", ".join(aliases)} for name, _path, aliases in named()]

    def new_game(self, fields: dict[str, Any]) -> str:
        """Start a new game in the folder as `pulka new` does (in a worker thread, under the
        pulka lock); its journal's path.

        Raises:
            PulkaError: the name is not a file's name in the folder, the convention is not one
                pulka knows by name, or anything `pulka new` refuses.
        """
        from ..convention.finding import named
        from ..errors import JournalError, Source
        from ..recorder import new_game

        name = fields["file"].strip()
        if not name.endswith(SUFFIX):
            name += SUFFIX
        if (os.path.basename(name) != name or "\\" in name or name.startswith(".")
                or name == SUFFIX):
            raise JournalError(_("a game's file is named by one name, in the club's folder "
                                 "(like friday-2), not {name!r}").format(name=fields["file"]))
        path = os.path.join(self.folder, name)
        if len(self.journals()) >= MOST:
            raise JournalError(_("the club's folder holds {most} games already; start the "
                                 "next one in another folder").format(most=MOST), Source(path))
        convention = fields.get("convention", "").strip() or "sochi"
        if not any(convention.casefold() in {n.casefold(), *(a.casefold() for a in aliases)}
                   for n, _path, aliases in named()):
            raise JournalError(_("there is no convention named {name!r}; `pulka conventions` "
                                 "lists them").format(name=convention), Source(path))
        overrides = {}
        price = fields.get("price", "").strip()
        if price:
            overrides["price"] = price
        players = tuple(name.strip() for name in fields["players"])
        new_game(path, players, convention, overrides)
        return path


def refused(exc: PulkaError) -> str:
    """A refusal as `pulka new` says it."""
    return _("error: {message}").format(message=exc)
