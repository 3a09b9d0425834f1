"""What the tests of `pulka serve` share: a game, the app under Starlette's test client, and a
real server on the loopback address (127.0.0.1 only) in a thread of the test's own."""

from __future__ import annotations

import contextlib
import hashlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from cli_kit import ok

from pulka.web.app import create_app, create_club_app
from pulka.web.links import Secrets, new_secrets, url
from pulka.web.server import Server

PLAYERS = ("Аня", "Борис", "Вера")
DEALS = [  # five deals of different kinds, as a table plays them
    "Аня 6s 6 Борис whist 2 Вера whist 2",
    "Борис 7h 6 Вера pass Аня whist 4",
    "raspasy Аня 4 Борис 0 Вера 6",
    "Вера misere 0",
    "Аня 8d 8 Борис pass Вера whist 1",
]


def new_game(folder: Path, *more: str) -> Path:
    path = folder / "g.pulka"
    ok("new", path, "--players", *PLAYERS, "--price", "0.10", *more)
    return path


def eventually(read: Callable[[], object], wanted: object, seconds: float = 5.0) -> object:
    """What ``read`` gives once it gives ``wanted`` (or, after ``seconds``, what it gives
    then): a write's answer does not wait for the server's next look at the journal."""
    deadline = time.monotonic() + seconds
    found = read()
    while found != wanted and time.monotonic() < deadline:
        time.sleep(0.05)
        found = read()
    return found


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Live:
    """A real server on 127.0.0.1 (a port the system picks), stopped on leaving."""

    def __init__(self, path: Path, secrets: Secrets | None = None, port: int = 0) -> None:
        self.secrets = secrets or new_secrets()
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(256)
        self.port = self.sock.getsockname()[1]
        if path.is_dir():  # a club's evening: the folder's games
            app = create_club_app(str(path), self.secrets, self.port)
        else:
            app = create_app(str(path), self.secrets)
        self.server = Server(app)
        self.server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)
        self.scorer = url("127.0.0.1", self.port, self.secrets.scorer)
        self.table = url("127.0.0.1", self.port, self.secrets.table)

    def __enter__(self) -> Live:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@contextlib.contextmanager
def events(address: str, timeout: float = 10.0) -> Iterator[Iterator[dict]]:
    """The change stream of a page: each change's data, as it comes."""
    import httpx

    with httpx.Client(timeout=httpx.Timeout(timeout)) as client, \
            client.stream("GET", address) as answer:
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/event-stream")

        def changes() -> Iterator[dict]:
            event = None
            for line in answer.iter_lines():
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "change":
                    yield json.loads(line[6:])
                    event = None

        yield changes()
