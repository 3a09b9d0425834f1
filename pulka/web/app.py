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
from .game_now import COLUMNS, file_id, in_language
from .ledger import PULKA, Ledger
from .links import SCORER, Secrets, kept_path
from .watch import Watch

#: the page's own files, by the name the page asks for, with their media type
ASSETS = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8",
          "icon.svg": "image/svg+xml"}
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


class Served:
    """The game being served: its journal, its secrets, its writer and its watcher."""

    def __init__(self, path: str, secrets: Secrets) -> None:
        self.path = path
        self.secrets = secrets
        served = file_id(path)
        self.ledger = Ledger(path, served, kept_path(path, ".ids"))
        self.watch = Watch(path, served)
        self.tasks: set[asyncio.Task[bool]] = set()  # (kept: a task nobody holds may vanish)


def create_app(path: str, secrets: Secrets) -> Starlette:
    """The application serving the journal at ``path`` under the two secrets."""
    served = Served(path, secrets)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await served.watch.look()
        task = asyncio.create_task(served.watch.run())
        try:
            yield
        finally:
            await served.watch.stop()
            task.cancel()

    routes = [
        Route("/assets/{name}", _asset),
        Route("/{token}", _handler(served, _to_page)),
        Route("/{token}/", _handler(served, _page)),
        Route("/{token}/labels", _handler(served, _labels)),
        Route("/{token}/state", _handler(served, _state)),
        Route("/{token}/view", _handler(served, _view)),
        Route("/{token}/events", _handler(served, _events)),
        Route("/{token}/sheet.svg", _handler(served, _sheet)),
        Route("/{token}/download/{kind}", _handler(served, _download)),
        Route("/{token}/deals", _writer(served, "deal"), methods=["POST"]),
        Route("/{token}/undo", _writer(served, "undo"), methods=["POST"]),
        Route("/{token}/redo", _writer(served, "redo"), methods=["POST"]),
        Route("/{token}/fix", _writer(served, "fix"), methods=["POST"]),
        Route("/{token}/ask", _asker(served), methods=["POST"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.served = served
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


Handler = Callable[[Served, Request, str], Awaitable[Response]]


def _handler(served: Served, handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A GET under either link: the secret is checked first."""

    async def endpoint(request: Request) -> Response:
        role = served.secrets.role(request.path_params["token"])
        if role is None:
            return await _forbidden(request)
        return await handler(served, request, role)

    return endpoint


async def _to_page(served: Served, request: Request, role: str) -> Response:
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


async def _labels(served: Served, request: Request, role: str) -> Response:
    from .labels import labels

    lang = _language(request)

    return JSONResponse(await said(lang, lambda: {
        "lang": lang, "scorer": role == SCORER, "languages": list(i18n.LANGUAGES),
        "labels": labels()}))


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


async def _scorers_body(served: Served, request: Request, what: str
                        ) -> Response | tuple[dict[str, Any], str | None]:
    """The fields of a POST under the scorer's link (and its submission id), or the refusal:
    another link's secret, another site's page, a body that is not JSON, too large, or not
    the request's fields."""
    if served.secrets.role(request.path_params["token"]) != SCORER:
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


def _writer(served: Served, what: str) -> Callable[[Request], Awaitable[Response]]:
    """A write (POST, the scorer's link only): checked, then done by the ledger."""

    async def endpoint(request: Request) -> Response:
        checked = await _scorers_body(served, request, what)
        if isinstance(checked, Response):
            return checked
        fields, submission = checked
        lang = _language(request)
        status, body = await anyio.to_thread.run_sync(served.ledger.submit, what, fields, lang,
                                                      submission)
        if status < 300:  # told to every page now, not at the next look (the answer waits not)
            looking = asyncio.create_task(served.watch.look())
            served.tasks.add(looking)
            looking.add_done_callback(served.tasks.discard)
        return JSONResponse(body, status_code=status)

    return endpoint


def _asker(served: Served) -> Callable[[Request], Awaitable[Response]]:
    """The deal form's next question for the answers so far (POST, the scorer's link only,
    checked as a write is; it writes nothing): the family's questions driven on the game as
    the journal stands now."""

    async def endpoint(request: Request) -> Response:
        checked = await _scorers_body(served, request, "ask")
        if isinstance(checked, Response):
            return checked
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
