"""Screenshots of ``companion serve`` in a real browser: a seat's view on a phone (390×844)
and the table's view on a phone and on a 10-inch tablet (800×1280), into docs/.

A demo Insurrection game (the app's deck, four players) is made in a temporary database at
the first pick of round 1, Ben having picked on his phone; the join server runs here on a
free port; headless Chromium (Debian's ``chromium``) opens each join code and is asked for a
screenshot once the app has drawn (the DevTools protocol, over aiohttp's websocket client).

    .venv/bin/python scripts/serve_screenshots.py [--out docs] [--wait 12]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import aiohttp

from companion.games.insurrection import GAME, KeepLeader, engine, seat
from companion.games.insurrection.catalog import load
from companion.games.insurrection.commands import Draw, March
from companion.store import Store
from companion.ui.serve import JoinServer, join_codes

PLAYERS = ("Ann", "Ben", "Cleo", "Dan")
SHOTS = (  # (file, which code, width, height)
    ("serve-seat-phone.png", "--seat", 390, 844),
    ("serve-table-phone.png", "--read-only", 390, 844),
    ("serve-table-tablet.png", "--read-only", 800, 1280),
)
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def make_game(db: Path) -> int:
    store = Store.open(str(db))
    state = engine.new_game(load("demo"), PLAYERS, seed=7, virtual=True)
    for p in PLAYERS:
        state = engine.apply(state, KeepLeader(player=p, leader=state.leader_offers[p][0]))
    session = store.new_game(GAME, state, "Friday game", "demo")
    land = state.catalog.land(state.path[state.token + 1])
    session.do(March(cards=tuple(state.deck[: land.reveal or 0])))
    session.do(Draw())
    ben = seat(session.state, 2)
    session.do(ben.choose(ben.hand[0]))  # Ben has picked on his phone
    store.close()
    return session.id


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def screenshot(client, devtools: int, url: str, width: int, height: int, wait: float):
    async with client.put(f"http://127.0.0.1:{devtools}/json/new?about:blank") as r:
        target = await r.json(content_type=None)
    async with client.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
        ids = iter(range(1, 1000))

        async def call(method: str, **params):
            n = next(ids)
            await ws.send_str(json.dumps({"id": n, "method": method, "params": params}))
            async for message in ws:
                data = json.loads(message.data)
                if data.get("id") == n:
                    return data.get("result", {})
            raise RuntimeError("devtools closed")

        await call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 600,
        )
        await call("Page.navigate", url=url)
        await asyncio.sleep(wait)  # the app process starts and draws over the websocket
        shot = await call("Page.captureScreenshot", format="png")
    return base64.b64decode(shot["data"])


async def main(out: Path, wait: float) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("needs chromium (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "serve.db"
        game_id = make_game(db)
        codes = join_codes(game_id, PLAYERS)
        server = JoinServer(codes, str(db), "en", host="127.0.0.1", port=free_port())
        await server.start()
        devtools = free_port()
        browser = subprocess.Popen(
            [
                chromium,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={tmp}/chromium",
                f"--remote-debugging-port={devtools}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            async with aiohttp.ClientSession() as client:
                for _ in range(100):  # the browser's DevTools endpoint comes up
                    try:
                        async with client.get(f"http://127.0.0.1:{devtools}/json/version"):
                            break
                    except aiohttp.ClientError:
                        await asyncio.sleep(0.2)
                for name, which, width, height in SHOTS:
                    code = next(c for c in codes if which in c.args)
                    png = await screenshot(client, devtools, server.url(code), width, height, wait)
                    (out / name).write_bytes(png)
                    print(f"{out / name}: {' '.join(code.args)} at {width}×{height}")
        finally:
            browser.terminate()
            browser.wait(10)
            await server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs"))
    parser.add_argument("--wait", type=float, default=12.0, help="seconds for the app to draw")
    args = parser.parse_args()
    asyncio.run(main(args.out, args.wait))
