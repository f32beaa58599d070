"""Benchmark of key latency on long games (issue 15, "Every key waits"): not a timed test.

For each game, a demo game is saved with 100, 1,000 and 10,000 steps (the game's first real
state, then ``Note`` steps written in one transaction: they change nothing but the log, which
is what grows), resumed in the app in-process (``app.run_test()``), and a key that makes a real
step is timed: ``n``, the table driver's advance key (Unicornus: Begin round, Insurrection:
March with the app's deck, Magical Friends: Start round). After each timed key ``ctrl+z`` (untimed) takes the step
back, so every sample runs on the same game. A sample is the key's round trip in the app:
``pilot.press`` then ``pilot.pause()`` (the key handled, the screen redrawn, nothing pending).

Printed per game and size: median and p95 in ms, and the ratio of the 10,000-step median to
the 100-step one; first a bare Textual app (one binding updating one label) as the baseline.
Goals: p95 <= 50 ms at 1,000 steps; ratio <= 1.5.

    .venv/bin/python scripts/bench_keys.py
    .venv/bin/python scripts/bench_keys.py --samples 10 --sizes 100,1000 --games unicornus
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, update  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402
from textual.binding import Binding  # noqa: E402
from textual.widgets import Static  # noqa: E402

from companion.core import codec  # noqa: E402
from companion.core.commands import (
    Note,  # noqa: E402
    apply_command,  # noqa: E402
)
from companion.core.game import Step, decide  # noqa: E402
from companion.core.i18n import msg  # noqa: E402
from companion.core.msgjson import dump_msg  # noqa: E402
from companion.games.registry import get_game, load_game_catalog, sensible_table  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.store.session import GAMES, SNAPSHOTS, STEPS  # noqa: E402
from companion.ui.app import Start, create_app  # noqa: E402


def first_app_step(key: str):
    """The demo game (3 players, seed 7) played by the sensible table up to the first step
    the app takes on the table's word (the advance key): Unicornus's Begin round, Insurrection's
    first March (leaders kept first), Magical Friends' Start round."""
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    policy, demo_setup = sensible_table(key, 7)
    state = game.new_game(demo_setup(catalog, 3), catalog, 7)
    for _ in range(100):
        moment = game.moment(state)
        if isinstance(moment.next, Step) and moment.next.confirm:
            return state
        state = apply_command(game, state, decide(moment, state, policy))
    raise SystemExit(f"{key}: no app step to time")


GAMES_TO_TIME = ("unicornus", "insurrection", "magical-friends")
STEP_KEY = "n"  # the table driver's advance key: the app's step on the table's word


def saved_game(store: Store, key: str, state, steps: int) -> int:
    """A game of ``steps`` Note steps on ``state``, written in one transaction."""
    game = get_game(key)
    session = store.new_game(game, state, f"bench {steps}", "demo")
    text = codec.dump(state, game.state_type)
    rows, snaps = [], []
    for i in range(steps):
        line = msg("ui.undo.done", step=f"bench note {i + 1}")
        rows.append(
            {
                "game_id": session.id,
                "idx": i,
                "command": codec.dump_command(Note.of(line)),
                "description": dump_msg(line),
            }
        )
        n = i + 1
        if n % store.snapshot_every == 0 or n == steps:
            kept = n % store.snapshot_every == 0
            snaps.append({"game_id": session.id, "idx": n, "state": text, "kept": kept})
    with store._begin() as conn:
        conn.execute(insert(STEPS), rows)
        conn.execute(insert(SNAPSHOTS), snaps)
        conn.execute(
            update(GAMES).where(GAMES.c.id == session.id).values(cursor=steps, length=steps)
        )
    return session.id


async def round_trip(pilot, key: str) -> tuple[float, float]:
    """(wall, cpu) seconds of ``key``: pressed, handled, the screen redrawn. Wall time counts
    Pilot's idle polling (20 ms slices) and the other processes of a shared machine; the
    process's CPU time is the work the key causes, the figure the goals are about."""
    w0, c0 = time.perf_counter(), time.process_time()
    await pilot.press(key)
    await pilot.pause()
    return time.perf_counter() - w0, time.process_time() - c0


def summary(times: list[tuple[float, float]]) -> tuple[float, float, float]:
    """(median cpu, p95 cpu, median wall) in ms."""
    cpu = sorted(c for _, c in times)
    p95 = cpu[min(len(cpu) - 1, round(0.95 * (len(cpu) - 1)))]
    wall = statistics.median(w for w, _ in times)
    return statistics.median(cpu) * 1000, p95 * 1000, wall * 1000


async def time_game(
    store: Store, game_id: int, key: str, samples: int
) -> list[tuple[float, float]]:
    app = create_app(store, Start("resume", game_id=game_id), lang="en")
    times = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = app.screen.session
        length = len(session.log)
        for i in range(samples + 1):
            took = await round_trip(pilot, key)
            if len(session.log) != length + 1:  # the step (over the redo tail after the first)
                raise SystemExit(f"{key!r} made no step on {type(app.screen).__name__}")
            if i:  # the first is a warm-up
                times.append(took)
            await pilot.press("ctrl+z")
            await pilot.pause()
    return times


class Bare(App):
    BINDINGS = [Binding("n", "bump", "bump")]

    def compose(self) -> ComposeResult:
        yield Static("0", id="count")

    def action_bump(self) -> None:
        self.count = getattr(self, "count", 0) + 1
        self.query_one("#count", Static).update(str(self.count))


async def time_bare(samples: int) -> list[tuple[float, float]]:
    times = []
    async with Bare().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for i in range(samples + 1):
            took = await round_trip(pilot, "n")
            if i:
                times.append(took)
    return times


async def main(samples: int, sizes: list[int], games: list[str]) -> None:
    med, p95, wall = summary(await time_bare(samples))
    print(f"key latency in-process, {samples} samples per row, ms of CPU: median, p95;")
    print("then the median wall time (includes Pilot's 20 ms idle polling)")
    print(f"  bare Textual app                      {med:8.1f} {p95:8.1f}   wall {wall:7.1f}")
    for key in games:
        step_key = STEP_KEY
        state = first_app_step(key)
        medians = {}
        for size in sizes:
            store = Store.open("sqlite://")
            t0 = time.perf_counter()
            game_id = saved_game(store, key, state, size)
            built = time.perf_counter() - t0
            med, p95, wall = summary(await time_game(store, game_id, step_key, samples))
            medians[size] = med
            print(
                f"  {key:16} {size:6d} steps {step_key:>6}  {med:8.1f} {p95:8.1f}"
                f"   wall {wall:7.1f}   (game built in {built:.1f} s)"
            )
            store.close()
        if len(sizes) > 1:
            ratio = medians[sizes[-1]] / medians[sizes[0]]
            print(f"  {key:16} ratio {sizes[-1]} / {sizes[0]}: {ratio:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--games", default=",".join(GAMES_TO_TIME))
    args = parser.parse_args()
    asyncio.run(main(args.samples, [int(s) for s in args.sizes.split(",")], args.games.split(",")))
