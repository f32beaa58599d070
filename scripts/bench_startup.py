"""Start-up time of the companion against a bare Textual app, and the cost of a saved step.

    .venv/bin/python scripts/bench_startup.py [--runs 9]

Start-up: wall time from spawning the process until the first screen is interactive (the app's
auto-pilot runs, i.e. Textual has mounted the screen and processed its messages), for
``companion`` (home screen on a fresh database) and for a bare Textual app in the same run.
Goal: ratio ≤ 1.3. Then the store figures (apply + persist one step, resume a 2,000-step game)
from scripts/bench_store.py. Figures only, no pass/fail: these machines are noisy.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
import sys, time
from textual.app import App
from textual.widgets import Footer, Header, Static
class Bare(App):
    def compose(self):
        yield Header(); yield Static("hello"); yield Footer()
async def ready(pilot):
    await pilot.pause()
    print(time.time(), flush=True)
    pilot.app.exit()
Bare().run(headless=True, size=(120, 40), auto_pilot=ready)
"""

COMPANION = """
import sys, time
from companion.store import Store
from companion.ui.app import create_app
from companion.ui.home import HomeScreen
store = Store.open(sys.argv[1])
async def ready(pilot):
    await pilot.pause()
    assert isinstance(pilot.app.screen, HomeScreen), pilot.app.screen
    print(time.time(), flush=True)
    pilot.app.exit()
create_app(store).run(headless=True, size=(120, 40), auto_pilot=ready)
"""


def time_to_ready(code: str, *args: str) -> float:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"child failed:\n{out.stderr}")
    return float(out.stdout.strip().splitlines()[-1]) - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        time_to_ready(COMPANION, db)  # creates the database and warms the file cache
        time_to_ready(BARE)
        bare, comp = [], []
        for _ in range(runs):  # interleaved, so drifts in machine load hit both alike
            bare.append(time_to_ready(BARE))
            comp.append(time_to_ready(COMPANION, db))
    b, c = statistics.median(bare), statistics.median(comp)
    print(f"start-up to interactive, median of {runs}:")
    print(f"  bare Textual app : {b * 1000:7.1f} ms")
    print(f"  companion (home) : {c * 1000:7.1f} ms")
    print(f"  ratio            : {c / b:7.2f}   (goal <= 1.3)")

    sys.path.insert(0, str(Path(__file__).parent))
    import bench_store

    bench_store.main()


if __name__ == "__main__":
    main()
