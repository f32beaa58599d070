"""Benchmark of the Magical Friends forms (issue 12): how long the new-game screen and the box
form take to open, against a baseline measured in the same run. Not a timed test.

Samples alternate, in one app (``app.run_test()``), between: the new-game screen without the
rule-option rows (the baseline: the screen as it was before them), the new-game screen with
them, and the box form (ctrl+u) on an empty catalog. A sample is the push until the screen is
mounted and redrawn (``pilot.pause()``). Printed: median and p95 in ms and each median's
ratio to the baseline's.

    .venv/bin/python scripts/bench_mf_forms.py --samples 10
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.store import Store  # noqa: E402
from companion.ui import magical_friends  # noqa: E402
from companion.ui.app import Start, create_app  # noqa: E402
from companion.ui.magical_friends import setup  # noqa: E402
from companion.ui.magical_friends.box import BoxScreen  # noqa: E402


async def sample(pilot, app, make) -> float:
    t = time.perf_counter()
    app.push_screen(make())
    await pilot.pause()
    while not app.screen.is_mounted:
        await asyncio.sleep(0.001)
    await pilot.pause()
    took = time.perf_counter() - t
    app.pop_screen()
    await pilot.pause()
    return took * 1000


async def main(samples: int) -> None:
    store = Store.open("sqlite://")
    app = create_app(store, Start("home"), lang="en")
    full = dict(setup.OPTION_CHOICES)
    times: dict[str, list[float]] = {"new game, no options": [], "new game": [], "box form": []}

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(samples):
            setup.OPTION_CHOICES = {}  # read when the screen is composed
            times["new game, no options"].append(
                await sample(pilot, app, lambda: magical_friends.new_game_screen("demo"))
            )
            setup.OPTION_CHOICES = full
            times["new game"].append(
                await sample(pilot, app, lambda: magical_friends.new_game_screen("demo"))
            )
            times["box form"].append(await sample(pilot, app, lambda: BoxScreen(setup.load("box"))))
    base = statistics.median(times["new game, no options"])
    for name, ms in times.items():
        med = statistics.median(ms)
        p95 = sorted(ms)[max(0, int(len(ms) * 0.95) - 1)]
        print(f"{name:22} median {med:7.1f} ms  p95 {p95:7.1f} ms  ratio {med / base:4.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=10)
    asyncio.run(main(parser.parse_args().samples))
