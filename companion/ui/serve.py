"""``companion serve``: the app in the players' browsers (textual-serve), joined by a code.

textual-serve runs one app process per browser connection; each process here is simply
another instance of the app on the same database (``companion view GAME_ID ...``), so what
a phone shows is derived from the saved game like the host's screen.

Each join code is a random token (``secrets.token_urlsafe``) and the view it opens: the
table's (public; read-only or full control) or one seat's (that player's secrets only). Every
route lives under its token (``/<token>/``, ``/<token>/ws``, ``/<token>/static/...``) and a
middleware in front of all of them answers 403 to any other path, so a request without a
code never reaches the app, and a page names only its own token.
"""

from __future__ import annotations

import asyncio
import secrets
import shlex
import socket
import sys
from dataclasses import dataclass
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from companion.core.i18n import Msg, msg

LOCALHOST = "localhost"
CODE = web.RequestKey("join_code", object)  # the request's join code, once the guard let it in
VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'
TOKEN_BYTES = 16  # 22 characters: unguessable, and the URL still makes a small QR code


@dataclass(frozen=True)
class JoinCode:
    """One way in: ``label`` says what it opens, ``args`` are the ``companion view``
    arguments of the app it starts, ``token`` the secret in its URL."""

    label: Msg
    args: tuple[str, ...]
    token: str


def join_codes(game_id: int, seats: tuple[str, ...]) -> tuple[JoinCode, ...]:
    """The codes of one game: the table read-only, the table with full control, and one per
    seat the game has (``seats``: the players in seat order whose secrets a device may hold;
    none for a game whose views are all public)."""
    view = ("view", str(game_id))

    def code(label: Msg, *args: str) -> JoinCode:
        return JoinCode(label, (*view, *args), secrets.token_urlsafe(TOKEN_BYTES))

    codes = [
        code(Msg("serve.code.table_read_only"), "--table", "--read-only"),
        code(Msg("serve.code.table_full"), "--table"),
    ]
    codes += [
        code(msg("serve.code.seat", seat=n, player=player), "--seat", str(n))
        for n, player in enumerate(seats, 1)
    ]
    return tuple(codes)


def lan_address() -> str:
    """This machine's address on the local network (where a phone on the same Wi-Fi finds it):
    the source address of a route outwards; no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class JoinServer:
    """The web server of the join codes. ``db`` and ``lang`` are passed to every app it
    starts; ``host`` is the address it binds to (localhost unless the table says otherwise)."""

    def __init__(
        self,
        codes: tuple[JoinCode, ...],
        db: str,
        lang: str,
        host: str = LOCALHOST,
        port: int = 8000,
    ) -> None:
        self.codes, self.db, self.lang = codes, db, lang
        self.host, self.port = host, port
        self._runner: Any = None

    @property
    def local_only(self) -> bool:
        return self.host in (LOCALHOST, "127.0.0.1", "::1")

    def url(self, code: JoinCode) -> str:
        """The address to open (or scan) for ``code``."""
        host = self.host
        if host in ("0.0.0.0", "", "::"):  # every interface: name the one phones can reach
            host = lan_address()
        return f"http://{host}:{self.port}/{code.token}/"

    def command(self, code: JoinCode) -> str:
        """The shell command textual-serve runs for one browser of ``code``."""
        argv = [sys.executable, "-m", "companion", "--db", self.db, "--lang", self.lang]
        return shlex.join([*argv, *code.args])

    def code_of(self, token: str) -> JoinCode | None:
        """The code whose token this is (compared in constant time, whichever it is)."""
        found = None
        for code in self.codes:
            if secrets.compare_digest(code.token.encode(), token.encode()):
                found = code
        return found

    # the aiohttp application ------------------------------------------------------------
    def web_app(self) -> web.Application:
        return _Site(self).web_app()

    async def start(self) -> None:
        """Listen (on the running event loop: the host's app, or a test's)."""
        self._runner = web.AppRunner(self.web_app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # a free port was asked for (the tests): say which one it is
            self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


class _Site:
    """textual-serve's ``Server``, its routes under each join code's token."""

    def __init__(self, join: JoinServer) -> None:
        self.join = join
        # the Server keeps the static and template folders and relays a browser to an app
        self.server = Server(command="", host=join.host, port=join.port, title="companion")

    def web_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.server.templates_path))
        app.add_routes(
            [
                web.get("/{token}/", self.index),
                web.get("/{token}/ws", self.websocket),
                web.get("/{token}/static/{path:.+}", self.static),
            ]
        )
        return app

    @staticmethod
    def _token(request) -> str:
        return request.path.split("/", 2)[1] if request.path.count("/") >= 2 else ""

    @web.middleware
    async def guard(self, request, handler):
        """In front of every route: a path that does not start with a join code is refused."""
        code = self.join.code_of(self._token(request))
        if code is None:
            raise web.HTTPForbidden(text="403: this address needs a join code\n")
        request[CODE] = code
        return await handler(request)

    async def index(self, request):
        base = f"/{request[CODE].token}"
        scheme = "wss" if request.secure else "ws"
        context = {
            "font_size": _int(request.query.get("fontsize"), 16),
            "app_websocket_url": f"{scheme}://{request.host}{base}/ws",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": "companion"},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        # a phone lays out a page without this at 980 pixels and shrinks it: a terminal of
        # ~100 unreadable columns instead of ~40 at the font's size
        page = page.replace("<head>", f"<head>\n    {VIEWPORT}", 1)
        return web.Response(text=page, content_type="text/html")

    async def static(self, request):
        root = self.server.statics_path.resolve()
        path = (root / request.match_info["path"]).resolve()
        if not path.is_relative_to(root) or not path.is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(path)

    async def websocket(self, request):
        """textual-serve's relay, the app it starts being the join code's view."""

        server = self.server
        ws = web.WebSocketResponse(heartbeat=15)
        service = None
        try:
            await ws.prepare(request)
            service = AppService(
                self.join.command(request[CODE]),
                write_bytes=ws.send_bytes,
                write_str=ws.send_str,
                close=ws.close,
                download_manager=server.download_manager,
                debug=False,
            )
            width = _int(request.query.get("width"), 80)
            height = _int(request.query.get("height"), 24)
            await service.start(width, height)
            await server._process_messages(ws, service)
        except asyncio.CancelledError:
            await ws.close()
        finally:
            if service is not None:
                await service.stop()
        return ws


def _int(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default
