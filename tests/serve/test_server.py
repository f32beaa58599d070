"""companion serve's web server (issue 22): a request without a join code never reaches the
game (HTTP 403 for the page, its files and the WebSocket); with one, the page of that code,
naming no other code and loading nothing from another host; the codes last across restarts
and can be revoked; connections are bounded, one more gets a clear page; a read-only code
changes nothing."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from companion.core.i18n import set_language
from companion.store import Store
from companion.web import codes as join
from companion.web.server import WebServer
from tests.serve.helpers import new_insurrection, receive_view

LIMIT = 60  # seconds: the whole exchange, on a busy machine


@pytest.fixture
def saved(tmp_path):
    set_language("en")
    store = Store.open(tmp_path / "serve.db")
    game_id = new_insurrection(store)
    yield store, game_id
    store.close()


def server_for(store, game_id, **kw) -> WebServer:
    session = store.open_game(game_id)
    codes = join.join_codes(store, game_id, session.state.players)
    return WebServer(store, session, codes, host="127.0.0.1", port=0, **kw)


async def serving(server: WebServer, exchange) -> None:
    await server.start()
    try:
        async with aiohttp.ClientSession() as client:
            await asyncio.wait_for(exchange(client), LIMIT)
    finally:
        await server.stop()


async def test_no_token_no_game_and_the_page_with_it(saved):
    store, game_id = saved
    server = server_for(store, game_id)
    seat = server.codes[2]

    async def exchange(client):
        base = f"http://127.0.0.1:{server.port}"
        for path in ("/", "/ws", "/static/page.js", "/nottoken/", "/nottoken/ws"):
            async with client.get(base + path) as r:
                assert r.status == 403, path
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"{base}/{seat.token[:-1]}x/ws")  # one character off
        assert refused.value.status == 403
        async with client.get(server.url(seat)) as r:
            assert r.status == 200
            page = await r.text()
        assert f"/{seat.token}/static/page.js" in page and 'id="view"' in page
        assert "width=device-width" in page  # a phone draws it at its own width
        assert all(c.token not in page for c in server.codes if c is not seat)
        assert "://" not in page  # nothing from another host
        for name in ("page.js", "page.css"):
            async with client.get(f"{base}/{seat.token}/static/{name}") as r:
                assert r.status == 200
                body = await r.text()
            assert "://" not in body and "@import" not in body and "url(" not in body
        async with client.get(f"{base}/{seat.token}/static/../server.py") as r:
            assert r.status in (403, 404)

    await serving(server, exchange)


def test_the_codes_last_across_restarts_and_one_can_be_revoked(saved):
    store, game_id = saved
    players = store.open_game(game_id).state.players
    first = join.join_codes(store, game_id, players)
    assert [(c.view, c.seat) for c in first] == [
        ("table-read-only", None),
        ("table", None),
        ("seat", 1),
        ("seat", 2),
        ("seat", 3),
    ]
    assert len({c.token for c in first}) == len(first)
    assert join.join_codes(store, game_id, players) == first  # serve started again
    revoked = join.revoke(store, game_id, first, 3)
    assert [a.token == b.token for a, b in zip(first, revoked, strict=True)] == [
        True,
        True,
        False,
        True,
        True,
    ]
    assert join.join_codes(store, game_id, players) == revoked
    assert join.code_of(revoked, first[2].token) is None
    everything = join.revoke(store, game_id, revoked, None)
    assert not {c.token for c in everything} & {c.token for c in revoked}


async def test_a_revoked_code_closes_its_pages_and_opens_nothing(saved):
    store, game_id = saved
    server = server_for(store, game_id)
    old = server.codes[3]

    async def exchange(client):
        async with client.ws_connect(server.url(old) + "ws") as ws:
            await receive_view(ws)
            await server.revoke(4)
            said = json.loads((await ws.receive()).data)
            assert "revoked" in said["refused"]
        async with client.get(server.url(old)) as r:  # a clear page saying so, nothing more
            assert r.status == 410 and "revoked" in await r.text()
        async with client.ws_connect(server.url(old) + "ws") as ws:  # its page stops trying
            assert "revoked" in json.loads((await ws.receive()).data)["refused"]
        async with client.get(server.url(old) + "static/page.css") as r:
            assert r.status == 403
        again = server_for(store, game_id)  # serve started again: still known as revoked
        assert old.token in again.revoked
        async with client.get(server.url(server.codes[3])) as r:
            assert r.status == 200

    await serving(server, exchange)


async def test_connections_are_bounded_with_a_clear_page(saved):
    store, game_id = saved
    server = server_for(store, game_id, per_code=2, total=3)
    table, seat = server.codes[0], server.codes[2]

    async def exchange(client):
        first = await client.ws_connect(server.url(table) + "ws")
        second = await client.ws_connect(server.url(table) + "ws")
        await receive_view(first)
        await receive_view(second)
        async with client.get(server.url(table)) as r:  # a third page on one code
            assert r.status == 503
            assert "Too many devices are open on this join code" in await r.text()
        third = await client.ws_connect(server.url(table) + "ws")
        said = json.loads((await third.receive()).data)
        assert "Too many devices" in said["refused"]
        mine = await client.ws_connect(server.url(seat) + "ws")  # another code: served
        await receive_view(mine)
        async with client.get(server.url(seat)) as r:  # but the game's total is reached
            assert r.status == 503
            assert "Too many devices are open on this game" in await r.text()
        for ws in (first, second, third, mine):
            await ws.close()

    await serving(server, exchange)


async def test_a_read_only_page_changes_nothing(saved):
    store, game_id = saved
    server = server_for(store, game_id)
    table = server.codes[0]
    session = server.table.session
    offers = session.state.leader_offers[session.state.players[0]]

    async def exchange(client):
        async with client.ws_connect(server.url(table) + "ws") as ws:
            view = await receive_view(ws)
            assert "data-op=" not in view  # nothing to tap
            for op, arg in (("act", "look"), ("step", None), ("keep", offers[0]), ("pick", 0)):
                await ws.send_str(json.dumps({"op": op, "arg": arg, "rev": session.revision}))
                said = await receive_view(ws)
                assert "only shows the game" in said
        assert session.revision == 0 and store.open_game(game_id).cursor == 0

    await serving(server, exchange)


def test_serve_needs_a_database_the_host_follows(capsys):
    from companion.cli import main

    assert main(["--db", "sqlite://", "serve"]) == 2
    assert "in-memory" in capsys.readouterr().err


def test_the_served_database_is_named_so_another_process_finds_it(tmp_path, monkeypatch):
    from companion.cli_serve import served_db

    monkeypatch.chdir(tmp_path)
    assert served_db("games.db") == str(tmp_path / "games.db")
    assert served_db("postgresql://table@host/games") == "postgresql://table@host/games"


def test_serve_revoke_names_the_codes_it_takes(saved, capsys):
    from companion.cli import main

    store, _game_id = saved
    db = str(store.engine.url.database)
    assert main(["--db", db, "serve", "--revoke", "9"]) == 2
    assert "from 1 to 5, or all" in capsys.readouterr().err


def test_codes_carry_an_address_a_phone_reaches_when_serving_the_network(saved):
    store, game_id = saved
    session = store.open_game(game_id)
    codes = join.join_codes(store, game_id, session.state.players)
    here = WebServer(store, session, codes)
    assert here.local_only and here.url(codes[0]) == f"http://localhost:8000/{codes[0].token}/"
    lan = WebServer(store, session, codes, host="0.0.0.0", port=8123)
    url = lan.url(codes[2])
    assert not lan.local_only and "0.0.0.0" not in url and url.endswith(f":8123/{codes[2].token}/")
