"""``companion serve``: one aiohttp server in the host's process, a page per join code.

Every route lives under a code's token (``/<token>/``, ``/<token>/ws``,
``/<token>/static/<file>``); a middleware in front of them answers 403 to any other path,
so a request without a code never reaches the game, and a page names only its own token.
Each page keeps one WebSocket: it sends taps, and receives the live view after every change
(the pages' own steps at once, the host's and other devices' within ``FOLLOW_EVERY``).
Connections are bounded per code and in all; one more gets a clear page saying so.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from importlib.resources import files
from typing import Any

from aiohttp import WSMsgType, web

from companion.core.i18n import Msg
from companion.web import render
from companion.web.codes import JoinCode, code_of, revoke, revoked
from companion.web.driver import Page, WebTable

LOCALHOST = "localhost"
FOLLOW_EVERY = 0.25  # seconds between two looks for steps made elsewhere (goal: shown in 1 s)
PER_CODE = 50  # pages open on one code at most (a table's read-only code on every phone)
TOTAL = 200  # pages open in all at most
STATIC = ("page.css", "page.js")  # the page's own files (nothing from another host)
CODE = web.RequestKey("join_code", JoinCode)  # the request's code, once the guard let it in
MAX_TAP = 4096  # bytes: a tap is a few words; anything longer closes the page's connection
REFUSED = 4003  # the WebSocket close code of a page that opens nothing now (no reconnecting)


def lan_address() -> str:
    """This machine's address on the local network (where a phone on the same Wi-Fi finds it):
    the source address of a route outwards; no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class WebServer:
    """The pages of one game (``session``: a session of its own on the host's save).
    ``host`` is the address it binds to (localhost unless the table says otherwise)."""

    def __init__(
        self,
        store: Any,
        session: Any,
        codes: tuple[JoinCode, ...],
        host: str = LOCALHOST,
        port: int = 8000,
        per_code: int = PER_CODE,
        total: int = TOTAL,
    ) -> None:
        self.store, self.codes = store, codes
        self.table = WebTable(store, session)
        self.revoked = set(revoked(store, session.id))
        self.host, self.port = host, port
        self.per_code, self.total = per_code, total
        self._sockets: dict[Page, web.WebSocketResponse] = {}
        self._runner: web.AppRunner | None = None
        self._follower: asyncio.Task | None = None

    @property
    def local_only(self) -> bool:
        return self.host in (LOCALHOST, "127.0.0.1", "::1")

    def url(self, code: JoinCode) -> str:
        """The address to open (or scan) for ``code``: on every interface, the one a phone on
        the same network reaches."""
        host = self.host
        if host in ("0.0.0.0", "", "::"):
            host = lan_address()
        return f"http://{host}:{self.port}/{code.token}/"

    def open_pages(self, code: JoinCode | None = None) -> int:
        return sum(1 for p in self._sockets if code is None or p.code.token == code.token)

    # -- serving ---------------------------------------------------------------------------
    def web_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        app.add_routes(
            [
                web.get("/{token}/", self.page),
                web.get("/{token}/ws", self.websocket),
                web.get("/{token}/static/{name}", self.static),
            ]
        )
        return app

    async def start(self) -> None:
        """Listen (on the running event loop: the host's app, or a test's), and follow the
        game's steps made elsewhere."""
        self._runner = web.AppRunner(self.web_app(), access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        if self.port == 0:  # a free port was asked for (tests, benchmarks): say which
            self.port = self._runner.addresses[0][1]
        self._follower = asyncio.create_task(self._follow())

    async def stop(self) -> None:
        if self._follower is not None:
            self._follower.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._follower
            self._follower = None
        for ws in list(self._sockets.values()):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @web.middleware
    async def guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """In front of every route: a path that does not start with a join code is refused."""
        parts = request.path.split("/", 2)
        code = code_of(self.codes, parts[1]) if len(parts) == 3 else None
        if code is None and len(parts) == 3 and parts[1] in self.revoked:
            return await self.gone(request, parts[2])
        if code is None:
            raise web.HTTPForbidden(text="403: this address needs a join code\n")
        request[CODE] = code
        return await handler(request)

    async def gone(self, request: web.Request, rest: str) -> web.StreamResponse:
        """A revoked code: its page says so (and its socket, so that a page open on it stops
        reconnecting); nothing else of the game."""
        said = Msg("web.revoked")
        if rest == "ws":
            ws = web.WebSocketResponse()
            await ws.prepare(request)
            await ws.send_str(json.dumps({"refused": render.text(said)}))
            await ws.close(code=REFUSED)
            return ws
        if rest:
            raise web.HTTPForbidden(text="403: this address needs a join code\n")
        return web.Response(text=render.refused_page(said), content_type="text/html", status=410)

    def _full(self, code: JoinCode) -> Msg | None:
        if self.open_pages(code) >= self.per_code:
            return Msg("web.full_code")
        if self.open_pages() >= self.total:
            return Msg("web.full")
        return None

    async def page(self, request: web.Request) -> web.Response:
        code = request[CODE]
        full = self._full(code)
        if full is not None:
            return web.Response(
                text=render.refused_page(full), content_type="text/html", status=503
            )
        html = render.document(self.table, Page(code), code.token)
        return web.Response(text=html, content_type="text/html", headers=_NO_STORE)

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        body = files("companion.web").joinpath("static", name).read_text(encoding="utf-8")
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        return web.Response(text=body, content_type=kind, headers=_NO_STORE)

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        code = request[CODE]
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_TAP)
        await ws.prepare(request)
        full = self._full(code)
        if full is not None:
            await ws.send_str(json.dumps({"refused": render.text(full)}))
            await ws.close(code=REFUSED)
            return ws
        page = Page(code)
        self._sockets[page] = ws
        self.table.pages.add(page)
        try:
            await self._send(page, ws)
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    data = json.loads(message.data)
                except ValueError:
                    continue
                if isinstance(data, dict):
                    self.table.handle(page, data)
                    page.sent = None  # the page that tapped always hears back
                    await self.broadcast()
        finally:
            self._sockets.pop(page, None)
            self.table.pages.discard(page)
        return ws

    # -- the live view ---------------------------------------------------------------------
    async def broadcast(self) -> None:
        """Send every page its view where it changed (pages of one code with nothing of their
        own open share one drawing)."""
        shared: dict[str, str] = {}
        sends = []
        for page, ws in list(self._sockets.items()):
            if not page.own:
                html = shared.get(page.code.token)
                if html is None:
                    html = shared[page.code.token] = render.view(self.table, page)
            else:
                html = render.view(self.table, page)
            if html != page.sent:
                page.sent = html
                sends.append(_send_view(ws, html))
        if sends:
            await asyncio.gather(*sends)

    async def _send(self, page: Page, ws: web.WebSocketResponse) -> None:
        page.sent = render.view(self.table, page)
        await _send_view(ws, page.sent)

    async def _follow(self) -> None:
        """Look at the game's revision every ``FOLLOW_EVERY`` seconds (one indexed read, in a
        thread); take what was written elsewhere and redraw the pages."""
        session = self.table.session
        while True:
            await asyncio.sleep(FOLLOW_EVERY)
            try:
                remote = await asyncio.to_thread(session.fetch_remote)
                if remote is not None and self.table.follow(remote):
                    await self.broadcast()
            except Exception:  # noqa: BLE001  (the database away: the next look tries again)
                continue

    async def revoke(self, which: int | None) -> None:
        """New tokens for code ``which`` (1-based) or every code; the pages open on an old one
        are told so and closed."""
        before = {c.token for c in self.codes}
        self.codes = revoke(self.store, self.table.session.id, self.codes, which)
        tokens = {c.token for c in self.codes}
        self.revoked |= before - tokens
        for page, ws in list(self._sockets.items()):
            if page.code.token not in tokens:
                await ws.send_str(json.dumps({"refused": render.text(Msg("web.revoked"))}))
                await ws.close(code=REFUSED)


_NO_STORE = {"Cache-Control": "no-store"}  # a page is the game as it is now, never an old copy


async def _send_view(ws: web.WebSocketResponse, html: str) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):  # a page gone meanwhile
        await ws.send_str(json.dumps({"view": html}))
