"""Screenshots of ``companion serve``'s pages in a real browser, into docs/: an Insurrection
seat and the table (full control), the Unicornus table at a battle (the dice rolled: where
each goes, the damage split) and the Magical Friends table at the artifacts played (a form of
taps), each at 390 px (a phone, 390×844) and 820 px (a tablet, 820×1180), and the page of a
revoked code on a phone.

Demo games are made in a temporary database (Insurrection with the app's deck: the first pick
of round 2, Ben having picked on his phone, Ann to pick on hers; Unicornus and Magical Friends
some steps in); the
web server runs here on a free port; Debian's headless ``chromium --screenshot`` opens each
page (the first view is in the page itself, so nothing waits for the WebSocket).

    .venv/bin/python scripts/serve_screenshots.py [--out docs]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.core.game import decide  # noqa: E402
from companion.core.i18n import set_language  # noqa: E402
from companion.games.insurrection import GAME, KeepLeader, engine, seat  # noqa: E402
from companion.games.insurrection.catalog import load  # noqa: E402
from companion.games.registry import get_game, load_game_catalog, sensible_table  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.web.codes import join_codes  # noqa: E402
from companion.web.panels import seats  # noqa: E402
from companion.web.server import WebServer  # noqa: E402

PLAYERS = ("Ann", "Ben", "Cleo", "Dan")
PHONE, TABLET = (390, 844), (820, 1180)
SHOTS = (  # (file, game, which code: 0 revoked, 1 the table with full control, 2 seat 1; size)
    ("web-seat-390.png", "insurrection", 2, PHONE),
    ("web-table-390.png", "insurrection", 1, PHONE),
    ("web-seat-820.png", "insurrection", 2, TABLET),
    ("web-table-820.png", "insurrection", 1, TABLET),
    ("web-unicornus-table-390.png", "unicornus", 1, PHONE),
    ("web-unicornus-table-820.png", "unicornus", 1, TABLET),
    ("web-magical-friends-table-390.png", "magical-friends", 1, PHONE),
    ("web-magical-friends-table-820.png", "magical-friends", 1, TABLET),
    ("web-revoked-390.png", "insurrection", 0, PHONE),
)
REVOKED = 1  # the code revoked for its page's picture (the read-only table's)
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)


def insurrection(store: Store) -> int:
    state = engine.new_game(load("demo"), PLAYERS, seed=7, virtual=True)
    for p in PLAYERS:
        state = engine.apply(state, KeepLeader(player=p, leader=state.leader_offers[p][0]))
    session = store.new_game(GAME, state, "Friday game", "demo")
    policy, _setup = sensible_table("insurrection", 7)
    while session.state.round < 2 or session.state.phase != "choose":
        session.do(decide(GAME.moment(session.state), session.state, policy))
    ben = seat(session.state, 2)
    session.do(ben.choose(ben.hand[0]))  # Ben has picked on his phone
    return session.id


def demo(store: Store, key: str, steps: int) -> int:
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    policy, demo_setup = sensible_table(key, 3)
    session = store.new_game(
        game, game.new_game(demo_setup(catalog, None), catalog, 3), "Demo", "demo"
    )
    for _ in range(steps):
        session.do(decide(game.moment(session.state), session.state, policy))
    return session.id


async def shoot(chromium: str, url: str, size: tuple[int, int], path: Path, profile: str) -> None:
    width, height = size
    proc = await asyncio.create_subprocess_exec(
        chromium,
        *CHROMIUM_FLAGS,
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
        f"--screenshot={path}",
        url,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    await proc.wait()


async def main(out: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("needs chromium (apt-get install chromium)")
    set_language("en")
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "serve.db")
        games = {
            "insurrection": insurrection(store),
            "unicornus": demo(store, "unicornus", 31),  # a battle, its dice rolled
            "magical-friends": demo(store, "magical-friends", 1),  # the artifacts played
        }
        servers = {}
        for key, game_id in games.items():
            session = store.open_game(game_id)
            codes = join_codes(store, game_id, seats(key, session.state))
            servers[key] = WebServer(store, session, codes, "127.0.0.1", 0)
            await servers[key].start()
        server = servers["insurrection"]
        gone = server.url(server.codes[REVOKED - 1])
        await server.revoke(REVOKED)
        try:
            for name, key, which, size in SHOTS:
                server = servers[key]
                url = server.url(server.codes[which]) if which else gone
                await shoot(chromium, url, size, out / name, f"{tmp}/chromium")
                print(f"{out / name}: {key}, {server.codes[which].view} at {size[0]}×{size[1]}")
        finally:
            for server in servers.values():
                await server.stop()
            store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    asyncio.run(main(parser.parse_args().out))
