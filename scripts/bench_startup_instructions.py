"""Start-up in machine instructions: the companion to its home screen's Ready against a bare
Textual app to its Ready, each run once under valgrind's callgrind.

    .venv/bin/python scripts/bench_startup_instructions.py [--games 20]

Wall time on these machines moves by a tenth from one run to the next (scripts/
bench_startup.py takes medians and still wanders), so a change of a few milliseconds is lost
in it. The count of instructions hardly moves (the hash seed is fixed), so it tells whether a
change made the start-up do less work. It is a companion to bench_startup.py, whose wall-time
ratios are the goals; this one has none. Both processes start, reach Ready and exit, so the
interpreter's own start and exit are in both counts. Needs valgrind (``apt-get install
valgrind``); about 15 s.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_startup import BARE_APP, ROOT, make_saves  # noqa: E402

BARE = (
    BARE_APP
    + """
async def ready(pilot):
    pilot.app.exit()
Bare().run(headless=True, size=(120, 40), auto_pilot=ready)
"""
)

COMPANION = """
import sys
from textual.app import App
async def ready(pilot):
    assert type(pilot.app.screen).__name__ == "HomeScreen", pilot.app.screen
    pilot.app.exit()
run = App.run
App.run = lambda self, **kw: run(self, headless=True, size=(120, 40), auto_pilot=ready)
from companion.cli import main
main(["--db", sys.argv[1]])
"""


def instructions(code: str, *args: str, env: dict[str, str]) -> int:
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        + [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode != 0 or found is None:
        raise SystemExit(f"child failed:\n{out.stdout}\n{out.stderr[-3000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    opts = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    compileall.compile_dir(ROOT / "companion", quiet=1)  # as bench_startup.py: as installed
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        make_saves(db, opts.games)
        # a fixed hash seed; the locale copies warm in a cache of this run
        env = dict(os.environ, PYTHONHASHSEED="0", XDG_CACHE_HOME=str(Path(tmp) / "cache"))
        subprocess.run([sys.executable, "-c", COMPANION, str(db)], cwd=ROOT, env=env, check=True)
        with ThreadPoolExecutor(2) as pool:
            bare = pool.submit(instructions, BARE, env=env)
            ours = pool.submit(instructions, COMPANION, str(db), env=env)
            b, c = bare.result(), ours.result()
    print(f"start-up in instructions (saved games: {opts.games}):")
    print(f"  bare Textual app, to Ready : {b / 1e6:8.0f} M")
    print(f"  companion home, to Ready   : {c / 1e6:8.0f} M   {c / b:5.3f}x")


if __name__ == "__main__":
    main()
