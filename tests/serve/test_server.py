"""companion serve: a request without a join code never reaches the app (HTTP 403 for the
page, the static files and the websocket); with one, the page of that code's app, naming no
other code (issue 10)."""

from __future__ import annotations

import asyncio
import sys

import aiohttp
import pytest

from companion.ui.serve import JoinServer, join_codes

LIMIT = 60  # seconds: the whole exchange, on a busy machine


@pytest.fixture
def codes():
    return join_codes(1, ("Ann", "Ben"))


async def test_no_token_no_app_and_the_page_with_it(codes, tmp_path):
    server = JoinServer(codes, str(tmp_path / "none.db"), "en", host="127.0.0.1", port=0)
    await server.start()
    try:
        await asyncio.wait_for(_exchange(server, codes), LIMIT)
    finally:
        await server.stop()


async def _exchange(server: JoinServer, codes) -> None:
    base = f"http://127.0.0.1:{server.port}"
    seat = codes[2]
    async with aiohttp.ClientSession() as client:
        for path in ("/", "/ws", "/static/js/textual.js", "/nottoken/", "/nottoken/ws"):
            async with client.get(base + path) as r:
                assert r.status == 403, path
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(base + "/ws")
        assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"{base}/{seat.token[:-1]}x/ws")  # one character off
        assert refused.value.status == 403

        async with client.get(server.url(seat)) as r:
            assert r.status == 200
            page = await r.text()
        assert f"/{seat.token}/ws" in page and 'id="terminal"' in page
        assert "width=device-width" in page  # a phone draws it at its own width
        assert all(c.token not in page for c in codes if c is not seat)  # no other seat's
        async with client.get(f"{base}/{seat.token}/static/js/textual.js") as r:
            assert r.status == 200
        async with client.get(f"{base}/{seat.token}/static/../server.py") as r:
            assert r.status in (403, 404)


def test_each_code_opens_its_own_view(codes):
    server = JoinServer(codes, "/tmp/x.db", "ja")
    assert [c.args[2:] for c in codes] == [
        ("--table", "--read-only"),
        ("--table",),
        ("--seat", "1"),
        ("--seat", "2"),
    ]
    assert len({c.token for c in codes}) == len(codes)
    command = server.command(codes[3])
    assert command.startswith(sys.executable) or command.startswith("'" + sys.executable)
    assert command.endswith("--db /tmp/x.db --lang ja view 1 --seat 2")
    assert server.local_only and server.url(codes[0]).startswith("http://localhost:8000/")


def test_serve_needs_a_database_other_processes_can_open(capsys):
    from companion.cli import main

    assert main(["--db", "sqlite://", "serve"]) == 2
    assert "in-memory" in capsys.readouterr().err


def test_the_served_database_is_named_so_another_process_finds_it(tmp_path, monkeypatch):
    from companion.cli_serve import served_db

    monkeypatch.chdir(tmp_path)
    assert served_db("games.db") == str(tmp_path / "games.db")
    assert served_db("postgresql://table@host/games") == "postgresql://table@host/games"
