"""Benchmark of the players' web pages (issue 22), on loopback only.

The web server runs here (``companion.web.server.WebServer``, as in ``companion serve``); the
host plays a Unicornus demo game (the sensible table) in its own session on a thread of this
process, one step a random 0.2-0.6 s apart, as the host's screen does; the pages are
WebSockets opened by another process (the phones), each noting when it receives the view of
each revision. Printed:

- from a host step saved to each of 6 pages holding its view: p50, p95 (goal: p95 <= 1 s),
  against the baseline of the server's poll interval (``FOLLOW_EVERY``: a server that looked
  at the exact moment of every step would show it after half an interval on average);
- from a tap on a full-control page (undo, then redo, 20 times) to the host's session showing
  it, the host looking every ``FOLLOW_EVERY`` seconds as its screen's watcher does: p50, p95
  (goal: p95 <= 1 s), against the same baseline;
- memory per connected page: this process's resident memory before and after 50 pages of one
  code are open and drawn (goal: all 50 served, growth <= 5 MB per page).

    .venv/bin/python scripts/bench_phones.py [--pages 6] [--steps 40] [--taps 20] [--many 50]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.core.game import decide  # noqa: E402
from companion.games.registry import get_game, load_game_catalog, sensible_table  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.web.codes import join_codes  # noqa: E402
from companion.web.server import FOLLOW_EVERY, WebServer  # noqa: E402

GOAL_P95 = 1.0
GOAL_MB_PER_PAGE = 5.0


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def phones(url: str, count: int, out, stop) -> None:
    """Another process: ``count`` pages on ``url``; each reports ``(page, revision, time)``
    for every view it receives (``time.monotonic`` is the machine's clock, shared)."""
    import aiohttp

    async def page(client, n: int) -> None:
        async with client.ws_connect(url) as ws:
            async for message in ws:
                data = json.loads(message.data)
                if "view" in data:
                    rev = int(data["view"].split('data-rev="', 1)[1].split('"', 1)[0])
                    out.put((n, rev, time.monotonic()))
                else:
                    out.put((n, -1, time.monotonic()))  # refused

    async def main() -> None:
        async with aiohttp.ClientSession() as client:
            tasks = [asyncio.create_task(page(client, n)) for n in range(count)]
            while not stop.is_set():
                await asyncio.sleep(0.1)
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())


def new_game(db: str) -> int:
    key = "unicornus"
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    _policy, demo_setup = sensible_table(key, 1)
    store = Store.open(db)
    game_id = store.new_game(
        game, game.new_game(demo_setup(catalog, None), catalog, 1), "B", "demo"
    ).id
    store.close()
    return game_id


def host(db: str, game_id: int, steps: int, saved: dict[int, float], done: threading.Event) -> None:
    """The host's screen, in its own session: a step, then a pause, ``steps`` times."""
    store = Store.open(db)
    session = store.open_game(game_id)
    policy, _setup = sensible_table(session.game.key, 1)
    rng = random.Random(7)
    for _ in range(steps):
        cmd = decide(session.game.moment(session.state), session.state, policy)
        if cmd is None:
            break
        session.do(cmd)
        saved[session.revision] = time.monotonic()
        time.sleep(rng.uniform(0.2, 0.6))
    store.close()
    done.set()


@contextlib.asynccontextmanager
async def serving(db: str, game_id: int):
    """The web server on the game in a session of its own, as ``companion serve`` runs it, on
    a free loopback port; stopped, and its store closed, at the end."""
    store = Store.open(db)
    session = store.open_game(game_id)
    server = WebServer(store, session, join_codes(store, game_id, ()), "127.0.0.1", 0)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
        store.close()


async def wait_for(queue, count: int, within: float) -> list[tuple[int, int, float]]:
    got, began = [], time.monotonic()
    while len(got) < count and time.monotonic() - began < within:
        try:
            got.append(queue.get_nowait())
        except Exception:  # noqa: BLE001  (queue.Empty)
            await asyncio.sleep(0.02)
    return got


async def follow_latency(args, db: str, game_id: int) -> list[float]:
    async with serving(db, game_id) as server:
        ctx = mp.get_context("spawn")
        out, stop = ctx.Queue(), ctx.Event()
        url = server.url(server.codes[0]) + "ws"
        proc = ctx.Process(target=phones, args=(url, args.pages, out, stop))
        proc.start()
        first = await wait_for(out, args.pages, 60)  # every page drawn once
        assert len(first) == args.pages, f"only {len(first)} of {args.pages} pages were served"
        saved: dict[int, float] = {}
        done = threading.Event()
        threading.Thread(
            target=host, args=(db, game_id, args.steps, saved, done), daemon=True
        ).start()
        seen: dict[tuple[int, int], float] = {}
        while not done.is_set() or len({r for _, r in seen} & set(saved)) < len(saved):
            for n, rev, at in await wait_for(out, 1, 0.2):
                seen.setdefault((n, rev), at)
            if done.is_set() and time.monotonic() - max(saved.values(), default=0) > 5:
                break
        stop.set()
        proc.join(30)
    # a page shows a step at the first view of that revision or a later one
    delays = []
    for rev, at in saved.items():
        for n in range(args.pages):
            later = [t for (m, r), t in seen.items() if m == n and r >= rev and t >= at]
            if later:
                delays.append(min(later) - at)
    return delays


def watcher(db: str, game_id: int, seen: dict[int, float], stop: threading.Event) -> None:
    """The host's screen's watcher, in its own session: a look every ``FOLLOW_EVERY``
    seconds; each revision it takes is noted with the time."""
    store = Store.open(db)
    session = store.open_game(game_id)
    while not stop.is_set():
        remote = session.fetch_remote()
        if remote is not None:
            session.follow(remote)
            seen[session.revision] = time.monotonic()
        time.sleep(FOLLOW_EVERY)
    store.close()


async def tap_latency(args, db: str, game_id: int) -> list[float]:
    """A full-control page taps undo, then redo, ``args.taps`` times, 0.2-0.6 s apart; the
    time from each tap sent to the host's session holding its revision."""
    import aiohttp

    async with serving(db, game_id) as server:
        seen: dict[int, float] = {}
        stop = threading.Event()
        thread = threading.Thread(target=watcher, args=(db, game_id, seen, stop), daemon=True)
        thread.start()
        sent: dict[int, float] = {}
        rng = random.Random(11)
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(server.url(server.codes[1]) + "ws") as ws:
                await ws.receive()  # the page drawn
                for i in range(args.taps):
                    at = time.monotonic()
                    await ws.send_str(json.dumps({"op": "redo" if i % 2 else "undo"}))
                    data = json.loads((await ws.receive()).data)
                    rev = int(data["view"].split('data-rev="', 1)[1].split('"', 1)[0])
                    sent[rev] = at
                    await asyncio.sleep(rng.uniform(0.2, 0.6))
        began = time.monotonic()
        while not set(sent) <= set(seen) and time.monotonic() - began < 10:
            await asyncio.sleep(0.05)
        stop.set()
        thread.join(30)
    return [seen[rev] - at for rev, at in sent.items() if rev in seen]


async def many_pages(args, db: str, game_id: int) -> tuple[int, float, float]:
    async with serving(db, game_id) as server:
        ctx = mp.get_context("spawn")
        out, stop = ctx.Queue(), ctx.Event()
        url = server.url(server.codes[0]) + "ws"
        before = rss_mb()
        proc = ctx.Process(target=phones, args=(url, args.many, out, stop))
        proc.start()
        got = await wait_for(out, args.many, 120)
        served = sum(1 for _, rev, _ in got if rev >= 0)
        await asyncio.sleep(1.0)
        after = rss_mb()
        stop.set()
        proc.join(30)
    return served, before, after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=6)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--many", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "phones.db")
        game_id = new_game(db)
        delays = asyncio.run(follow_latency(args, db, game_id))
        taps = asyncio.run(tap_latency(args, db, game_id))
        served, before, after = asyncio.run(many_pages(args, db, game_id))
    base = FOLLOW_EVERY / 2
    p50, p_95 = statistics.median(delays), p95(delays)
    print(f"host step -> {args.pages} pages showing it ({len(delays)} views, {args.steps} steps):")
    print(
        f"  p50 {p50 * 1000:.0f} ms, p95 {p_95 * 1000:.0f} ms (goal p95 <= {GOAL_P95 * 1000:.0f} ms)"
    )
    print(
        f"  baseline: half the poll interval, {base * 1000:.0f} ms; p50 / baseline = {p50 / base:.2f}"
    )
    t50, t95 = statistics.median(taps), p95(taps)
    print(f"page tap -> the host's session showing it ({len(taps)} of {args.taps} taps):")
    print(
        f"  p50 {t50 * 1000:.0f} ms, p95 {t95 * 1000:.0f} ms (goal p95 <= {GOAL_P95 * 1000:.0f} ms);"
        f" p50 / baseline = {t50 / base:.2f}"
    )
    per_page = (after - before) / max(served, 1)
    print(f"{args.many} pages on one code: {served} served")
    print(
        f"  resident memory {before:.1f} MB -> {after:.1f} MB: {per_page:.3f} MB per page"
        f" (goal <= {GOAL_MB_PER_PAGE} MB)"
    )
    ok = (
        p_95 <= GOAL_P95
        and len(taps) == args.taps
        and t95 <= GOAL_P95
        and served == args.many
        and per_page <= GOAL_MB_PER_PAGE
    )
    print("goals met" if ok else "GOALS MISSED")


if __name__ == "__main__":
    main()
