"""The served app on uvicorn: quiet (no access log: a link's secret is never written anywhere),
and stopping cleanly: on Ctrl-C or SIGTERM the change streams end first, so the pages are let
go at once, and a write under way is finished before the process ends."""

from __future__ import annotations

import socket

import uvicorn
from starlette.applications import Starlette


class Server(uvicorn.Server):
    """uvicorn's server, which ends the app's change streams as it begins to stop."""

    def __init__(self, app: Starlette) -> None:
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                                http="h11", ws="none", loop="asyncio",
                                timeout_graceful_shutdown=3)
        super().__init__(config)
        self.app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.app.state.games.stop()
        await super().shutdown(sockets)

