"""``companion serve [GAME_ID]``: the host's screen, and the game's web pages for the players'
phones (``companion.web``) while it is open; ``companion view``: one seat's or the table's view
in a terminal (another terminal on the same save)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.core.i18n import tr


def add_arguments(sub) -> None:
    from companion.cli_config import game_id

    p = sub.add_parser("serve", help=tr("serve.cli.help"))
    p.add_argument("game_id", nargs="?", type=game_id, metavar="GAME_ID")
    p.add_argument("--host", default="localhost", help=tr("serve.cli.help_host"))
    p.add_argument("--port", type=int, default=8000, help=tr("serve.cli.help_port"))
    p.add_argument("--revoke", metavar="N|all", help=tr("serve.cli.help_revoke"))
    p = sub.add_parser("view", help=tr("serve.cli.help_view"))
    p.add_argument("game_id", type=game_id, metavar="GAME_ID")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--seat", type=int, metavar="N", help=tr("serve.cli.help_seat"))
    which.add_argument("--table", action="store_true", help=tr("serve.cli.help_table"))
    p.add_argument("--read-only", action="store_true", help=tr("serve.cli.help_read_only"))


def served_db(db: str | None) -> str:
    """The database every browser's app opens: the host's, named so another process finds it."""
    from companion.core.errors import CompanionError
    from companion.store.precheck import default_db_path

    if db is None:
        return str(default_db_path())
    if "://" in db:
        if db.split("://", 1)[1] in ("", "/", "/:memory:"):
            raise CompanionError("serve.cli.no_file")
        return db
    return str(Path(db).expanduser().resolve())


def serve_command(args: argparse.Namespace, store) -> int:
    import asyncio

    from companion.cli_config import checked_theme
    from companion.ui.app import Start, create_app
    from companion.web import codes as join
    from companion.web.panels import seats
    from companion.web.server import WebServer, lan_address

    served_db(args.db)  # the host's screen follows the pages' steps through the save
    game_id = args.game_id or store.latest_game_id()
    if game_id is None:
        print(tr("cli.no_games"), file=sys.stderr)
        return 1
    session = store.open_game(game_id)
    codes = join.join_codes(store, game_id, seats(session.game.key, session.state))
    if args.revoke is not None:
        which = None if args.revoke == "all" else _code_number(args.revoke, len(codes))
        if which is False:
            print(tr("serve.cli.bad_revoke", count=len(codes)), file=sys.stderr)
            return 2
        codes = join.revoke(store, game_id, codes, which)
    start = Start("resume", game_id=game_id, session=session)
    app = create_app(store, start, args.lang, theme=checked_theme(args.theme))
    server = WebServer(store, store.open_game(game_id), codes, args.host, args.port)
    print(tr("serve.cli.serving", id=game_id, title=session.title))
    for n, code in enumerate(server.codes, 1):
        print(f"  {n}. {tr(code.label)}: {server.url(code)}")
    if server.local_only:
        print(tr("serve.cli.local_only", host=args.host))
    else:
        print(tr("serve.cli.network", host=args.host, port=args.port, address=lan_address()))
    print(tr("serve.cli.revoke_how"))
    app.join = server

    async def run() -> None:
        await server.start()
        try:
            await app.run_async()
        finally:
            await server.stop()

    asyncio.run(run())
    return app.return_code or 0


def _code_number(text: str, count: int) -> int | bool:
    """Code ``text`` (1-based, as listed) or ``False`` when there is no such code."""
    return int(text) if text.isdigit() and 1 <= int(text) <= count else False


def view_start(args: argparse.Namespace, store):
    """The app's start for ``companion view``: the game opened here, so that one that cannot
    be fails with a message."""
    from companion.ui.app import Start

    session = store.open_game(args.game_id)
    return Start(
        "view", game_id=args.game_id, session=session, seat=args.seat, read_only=args.read_only
    )
