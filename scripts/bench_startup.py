"""Start-up time of the companion against a bare Textual app, and the cost of a saved step.

    .venv/bin/python scripts/bench_startup.py [--runs 9]

Start-up: wall time from spawning the process until the first screen is interactive (Textual's
Ready: the first frame is painted and keys are read; the auto-pilot starts there), for
``companion`` (home screen, started the way the command line starts it) and for a bare
Textual app in the same run; then also until the saved games are listed (the store opens in a
thread after the first frame).
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
    print(time.time(), flush=True)
    pilot.app.exit()
Bare().run(headless=True, size=(120, 40), auto_pilot=ready)
"""

COMPANION = """
import sys, time
from pathlib import Path
from companion.store.precheck import check_version, inspect_file, peek_setting
from companion.ui.app import create_app
from companion.ui.home import HomeScreen
path = Path(sys.argv[1])
check_version(inspect_file(path, str(path)), str(path))
lang = peek_setting(path, "language")
def open_store():
    from companion.store import Store
    return Store.open(path)
async def ready(pilot):
    assert isinstance(pilot.app.screen, HomeScreen), pilot.app.screen
    print(time.time(), flush=True)
    while not pilot.app.store_ready:
        await pilot.pause(0.005)
    await pilot.pause()
    print(time.time(), flush=True)
    pilot.app.exit()
create_app(lang=lang, open_store=open_store).run(headless=True, size=(120, 40), auto_pilot=ready)
"""


def time_to_ready(code: str, *args: str) -> list[float]:
    """Seconds from spawning the child to each time it printed (first frame, then more)."""
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"child failed:\n{out.stderr}")
    return [float(line) - start for line in out.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        time_to_ready(COMPANION, db)  # creates the database and warms the file cache
        time_to_ready(BARE)
        bare, comp, listed = [], [], []
        for _ in range(runs):  # interleaved, so drifts in machine load hit both alike
            bare.append(time_to_ready(BARE)[0])
            first, games = time_to_ready(COMPANION, db)
            comp.append(first)
            listed.append(games)
    b, c, g = (statistics.median(x) for x in (bare, comp, listed))
    print(f"start-up to interactive, median of {runs}:")
    print(f"  bare Textual app                  : {b * 1000:7.1f} ms")
    print(f"  companion home, interactive       : {c * 1000:7.1f} ms")
    print(f"  ratio                             : {c / b:7.2f}   (goal <= 1.3)")
    print(f"  companion home, saved games shown : {g * 1000:7.1f} ms  (store opened in a thread)")

    sys.path.insert(0, str(Path(__file__).parent))
    import bench_store

    bench_store.main()


if __name__ == "__main__":
    main()
