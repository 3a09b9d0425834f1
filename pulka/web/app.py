"""The routes of a served game, and the rules every request meets.

Under each link's secret (``/{secret}/``): the page, ``labels``, ``state``, ``view``,
``events``, ``sheet.svg`` and the downloads for both links; ``deals``, ``undo``, ``redo`` and
``fix`` (POST, JSON) for the scorer's alone, and ``ask`` (POST, JSON: the deal form's next
question for the answers so far, which writes nothing). A request with any other secret is refused (403)
and reaches nothing; a write from another site is refused (its Origin, its Sec-Fetch-Site);
a body is taken only as JSON and only up to :data:`.bodies.LIMIT` bytes. The page's files come
from pulka itself (``/assets/``): the page fetches nothing from the internet. No request names
a file: the only file read or written is the game's journal.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import i18n
from ..errors import PulkaError
from ..i18n import _
from . import bodies, downloads
from .game_now import COLUMNS, in_language
from .games import Games, Served
from .ledger import PULKA
from .links import SCORER, Secrets

#: the page's own files, by the name the page asks for, with their media type
ASSETS = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8",
          "club.js": "text/javascript; charset=utf-8", "icon.svg": "image/svg+xml"}
#: seconds between two comments on a quiet change stream (proxies and phones keep it open)
PING = 15.0
HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
     b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
     b"form-action 'none'"),
    (b"cache-control", b"no-store"),
]


def create_app(path: str, secrets: Secrets) -> Starlette:
    """The application serving the journal at ``path`` under the two secrets."""
    games = Games()
    games.served[path] = Served(path, secrets)
    return _application(games)


def create_club_app(folder: str, secrets: Secrets, port: int = 0) -> Starlette:
    """The application serving a club's evening: every game in ``folder`` under its own two
    links (kept for the next time, as one game's are), and the club's two links: the list of
    the games, and for the scorer a new game started from the page."""
    from .club import Club

    return _application(Games(Club(folder, secrets, port)))


def _application(games: Games) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await games.start()
        club = None
        if games.club is not None:
            club = asyncio.create_task(games.club.run(games))
        try:
            yield
        finally:
            await games.stop()
            if club is not None:
                club.cancel()

    routes = [
        Route("/assets/{name}", _asset),
        Route("/{token}", _handler(games, _to_page, _to_page)),
        Route("/{token}/", _handler(games, _page, _club_page)),
        Route("/{token}/labels", _handler(games, _labels, _club_labels)),
        Route("/{token}/state", _handler(games, _state)),
        Route("/{token}/view", _handler(games, _view)),
        Route("/{token}/events", _handler(games, _events)),
        Route("/{token}/sheet.svg", _handler(games, _sheet)),
        Route("/{token}/download/{kind}", _handler(games, _download)),
        Route("/{token}/games", _handler(games, None, _club_games)),
        Route("/{token}/deals", _writer(games, "deal"), methods=["POST"]),
        Route("/{token}/undo", _writer(games, "undo"), methods=["POST"]),
        Route("/{token}/redo", _writer(games, "redo"), methods=["POST"]),
        Route("/{token}/fix", _writer(games, "fix"), methods=["POST"]),
        Route("/{token}/ask", _asker(games), methods=["POST"]),
        Route("/{token}/new", _new_game(games), methods=["POST"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.games = games
    app.add_middleware(Guard)
    return app


class Guard:
    """Every answer's headers (no referrer: a link's secret never leaves in one; no framing,
    no script or style but pulka's own), and a clear word instead of a server error."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                kept = [(k, v) for k, v in message.get("headers", [])
                        if k.lower() not in {name for name, _value in HEADERS}
                        or k.lower() == b"cache-control"]
                names = {k.lower() for k, _v in kept}
                message["headers"] = kept + [h for h in HEADERS if h[0] not in names]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception:  # a defect: said plainly, never a traceback to the phone
            if started:
                raise
            lang = _language_of_scope(scope)
            body = await said(lang, lambda: _("pulka could not answer this request; the "
                                              "journal is as it was"))
            await JSONResponse({"error": body}, status_code=500)(scope, receive, sending)


def _language_of_scope(scope: Scope) -> str:
    return _language(Request(scope))


def _language(request: Request) -> str:
    """The page's language: ``?lang=``, else the browser's first (English where pulka has no
    catalog)."""
    chosen = i18n.language_of(request.query_params.get("lang"))
    if chosen:
        return chosen
    accepted = request.headers.get("accept-language", "")
    first = accepted.split(",")[0].split(";")[0].strip()
    return i18n.language_of(first) or i18n.DEFAULT


async def said(lang: str, make: Callable[[], Any]) -> Any:
    """``make()`` in ``lang``, in a worker thread under the pulka lock: the language is the
    process's, and a reading of the game may be speaking another one right now."""

    def run() -> Any:
        with PULKA:
            return in_language(lang, make)

    return await anyio.to_thread.run_sync(run)


async def _refusal(request: Request, status: int, make: Callable[[], str]) -> JSONResponse:
    return JSONResponse({"error": await said(_language(request), make)}, status_code=status)


async def _forbidden(request: Request) -> JSONResponse:
    return await _refusal(request, 403, lambda: _("this link is not this game's, or cannot "
                                                  "record"))


Handler = Callable[[Any, Request, str], Awaitable[Response]]


def _handler(games: Games, handler: Handler | None,
             club: Handler | None = None) -> Callable[[Request], Awaitable[Response]]:
    """A GET under either link of a game (``handler``) or of the club (``club``): the secret
    is checked first, and the club's compared as every game's are."""

    async def endpoint(request: Request) -> Response:
        token = request.path_params["token"]
        found = games.find(token)
        role = None if games.club is None else games.club.secrets.role(token)
        if role is not None and club is not None:
            return await club(games.club, request, role)
        if found is None or handler is None:
            return await _forbidden(request)
        return await handler(found[0], request, found[1])

    return endpoint


async def _to_page(served: Any, request: Request, role: str) -> Response:
    return RedirectResponse(f"/{request.path_params['token']}/", status_code=308)


async def _asset(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in ASSETS:  # a fixed list: no request names a file
        return Response(status_code=404)
    data = resources.files(__package__).joinpath("static").joinpath(name).read_bytes()
    return Response(data, media_type=ASSETS[name])


async def _page(served: Served, request: Request, role: str) -> Response:
    data = resources.files(__package__).joinpath("static").joinpath("index.html").read_bytes()
    return Response(data, media_type="text/html; charset=utf-8")


async def _club_page(club: Any, request: Request, role: str) -> Response:
    data = resources.files(__package__).joinpath("static").joinpath("club.html").read_bytes()
    return Response(data, media_type="text/html; charset=utf-8")


async def _club_labels(club: Any, request: Request, role: str) -> Response:
    from .labels import labels

    lang = _language(request)

    def make() -> dict[str, Any]:
        return {"lang": lang, "scorer": role == SCORER, "languages": list(i18n.LANGUAGES),
                "labels": labels(), "folder": os.path.basename(os.path.abspath(club.folder)),
                "conventions": club.conventions() if role == SCORER else []}

    return JSONResponse(await said(lang, make))


async def _club_games(club: Any, request: Request, role: str) -> Response:
    """The games of the club's folder, each with its links for this role."""
    games = request.app.state.games
    await club.look(games)
    return JSONResponse({"games": await club.listing(games, role, _language(request))})


def _new_game(games: Games) -> Callable[[Request], Awaitable[Response]]:
    """A new game in the club's folder (POST, the club's scorer's link only), started as
    `pulka new` starts one; its two links."""
    started: dict[str, tuple[str, dict[str, str]]] = {}  # an id -> its request, its answer

    async def endpoint(request: Request) -> Response:
        club = games.club
        token = request.path_params["token"]
        games.find(token)  # (every secret compared, as for any request)
        role = None if club is None else club.secrets.role(token)
        checked = await _scorers_body(role, request, "new")
        if isinstance(checked, Response):
            return checked
        assert club is not None
        fields, submission = checked
        lang = _language(request)
        key = repr(sorted(fields.items()))
        if submission is not None and submission in started:
            first, body = started[submission]
            if first == key:
                return JSONResponse({**body, "repeated": True}, status_code=201)
            return await _refusal(request, 409, lambda: _(
                "this submission id was already used for another request"))

        def make() -> str:
            with PULKA:
                return in_language(lang, lambda: club.new_game(fields))

        try:
            path = await anyio.to_thread.run_sync(make)
        except PulkaError as exc:
            why = str(exc)
            return await _refusal(request, 422, lambda: _("error: {message}").format(
                message=why))
        await club.look(games)
        served = games.served.get(path)
        if served is None:  # (the folder filled up meanwhile: started, but not served)
            return JSONResponse({"file": os.path.basename(path)}, status_code=201)
        body = {"file": os.path.basename(path), "table": f"/{served.secrets.table}/",
                "scorer": f"/{served.secrets.scorer}/"}
        if submission is not None:
            started[submission] = (key, body)
            while len(started) > 256:
                started.pop(next(iter(started)))
        return JSONResponse(body, status_code=201)

    return endpoint


async def _labels(served: Served, request: Request, role: str) -> Response:
    from .labels import labels

    lang = _language(request)
    club = None  # a game of a club's evening: the way back to the list of its games
    if served.club is not None:
        club = f"/{served.club.scorer if role == SCORER else served.club.table}/"

    return JSONResponse(await said(lang, lambda: {
        "lang": lang, "scorer": role == SCORER, "languages": list(i18n.LANGUAGES),
        "labels": labels(), "club": club}))


async def _state(served: Served, request: Request, role: str) -> Response:
    reading = await served.watch.reading("en")
    return Response(reading.state, media_type="application/json")


async def _view(served: Served, request: Request, role: str) -> Response:
    reading = await served.watch.reading(_language(request))
    return Response(reading.view, media_type="application/json")


async def _events(served: Served, request: Request, role: str) -> Response:
    """The change stream (server-sent events): the game now at once, then at every change;
    with ``?lang=`` what the page shows in that language, else the state."""
    watch = served.watch
    lang = _language(request) if request.query_params.get("lang") else None

    async def stream() -> AsyncIterator[str]:
        seen = -1
        quiet_since = time.monotonic()
        yield "retry: 1000\n\n"
        while not watch.stopping:
            version = watch.version
            if version != seen:
                reading = await watch.reading(lang or "en")
                seen = version
                data = reading.view if lang else reading.state
                yield f"id: {version}\nevent: change\ndata: {data}\n\n"
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since > PING:
                yield ": ping\n\n"
                quiet_since = time.monotonic()
            await watch.next_version(seen, 1.0)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-store", "x-accel-buffering": "no"})


async def _sheet(served: Served, request: Request, role: str) -> Response:
    wanted = request.query_params.get("cols", "80")
    columns = int(wanted) if wanted.isascii() and wanted.isdigit() and len(wanted) < 5 else 80
    columns = min(COLUMNS, key=lambda c: (abs(c - columns), c))  # the nearest width drawn
    svg = await served.watch.sheet(_language(request), columns)
    if not svg:
        return Response(status_code=204)
    return Response(svg, media_type="image/svg+xml")


async def _download(served: Served, request: Request, role: str) -> Response:
    kind = request.path_params["kind"]
    if kind not in downloads.KINDS:
        return Response(status_code=404)
    lang = _language(request)

    try:
        data = await said(lang, lambda: downloads.make(served.path, kind))
    except PulkaError as exc:
        why = str(exc)
        return await _refusal(request, 409, lambda: _("error: {message}").format(message=why))
    return Response(data, media_type=downloads.KINDS[kind][1],
                    headers={"content-disposition": downloads.disposition(served.path, kind)})


async def _scorers_body(role: str | None, request: Request, what: str
                        ) -> Response | tuple[dict[str, Any], str | None]:
    """The fields of a POST under the scorer's link (and its submission id), or the refusal:
    another link's secret, another site's page, a body that is not JSON, too large, or not
    the request's fields."""
    if role != SCORER:
        return await _forbidden(request)
    if _cross_site(request):
        return await _refusal(request, 403, lambda: _("a request from another site "
                                                      "records nothing"))
    lang = _language(request)
    headers = request.headers
    try:
        await said(lang, lambda: bodies.check_headers(headers.get("content-type"),
                                                      headers.get("content-length")))
        raw = await _bounded_body(request, lang)
        checked: tuple[dict[str, Any], str | None] = await said(
            lang, lambda: bodies.fields_of(what, raw))
    except bodies.Refused as exc:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)
    return checked


def _writer(games: Games, what: str) -> Callable[[Request], Awaitable[Response]]:
    """A write (POST, a game's scorer's link only): checked, then done by the ledger."""

    async def endpoint(request: Request) -> Response:
        found = games.find(request.path_params["token"])
        checked = await _scorers_body(None if found is None else found[1], request, what)
        if isinstance(checked, Response):
            return checked
        assert found is not None
        served = found[0]
        fields, submission = checked
        lang = _language(request)
        status, body = await anyio.to_thread.run_sync(served.ledger.submit, what, fields, lang,
                                                      submission)
        if status < 300:  # told to every page now, not at the next look (the answer waits not)
            served.later(served.watch.look())
        return JSONResponse(body, status_code=status)

    return endpoint


def _asker(games: Games) -> Callable[[Request], Awaitable[Response]]:
    """The deal form's next question for the answers so far (POST, the scorer's link only,
    checked as a write is; it writes nothing): the family's questions driven on the game as
    the journal stands now."""

    async def endpoint(request: Request) -> Response:
        found = games.find(request.path_params["token"])
        checked = await _scorers_body(None if found is None else found[1], request, "ask")
        if isinstance(checked, Response):
            return checked
        assert found is not None
        served = found[0]
        answers = checked[0]["answers"]
        lang = _language(request)
        built = (await served.watch.reading(lang)).built
        if built is None:  # the journal does not read (its problem is on the page)
            problem = served.watch.problem or ""
            return JSONResponse({"error": problem}, status_code=409)

        def asked() -> dict[str, Any]:
            from .form import ask

            return ask(built.game, built.state, answers)

        return JSONResponse(await said(lang, asked))

    return endpoint


async def _bounded_body(request: Request, lang: str) -> bytes:
    """The body, read no further than the limit.

    Raises:
        bodies.Refused: 413, once the body is past the limit.
    """
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > bodies.LIMIT:
            raise bodies.Refused(413, await said(lang, lambda: _(
                "the request is too large: at most {limit} bytes").format(limit=bodies.LIMIT)))
        chunks.append(chunk)
    return b"".join(chunks)


def _cross_site(request: Request) -> bool:
    """A request another site's page made (its browser says so): never a write."""
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return True
    origin = request.headers.get("origin")
    if origin is None:
        return False
    host = request.headers.get("host", "")
    return origin not in (f"http://{host}", f"https://{host}")


def run_path(path: str) -> str:
    """The journal's path as it is served: as it was given (the server never changes its
    folder), so a refusal names the file as `pulka add` would."""
    return os.fspath(path)
