"""Start-up of the companion against a bare Textual app, and the cost of a saved step.

    .venv/bin/python scripts/bench_startup.py [--runs 9] [--games 20 [1000 3000 ...]]
        [--steps N] [--instructions] [--no-store]

For each number of saved games, each figure is the median of ``--runs`` runs, the companion's
and the reference's interleaved so that drifts in machine load hit both alike; wall time from
spawning the process:

- first frame: until Textual has rendered the first frame it puts on the terminal, the one a
  player sees (headless, ``App._display`` writes it nowhere), for the companion started the
  way ``companion`` starts it (``companion.cli.main``) with ``--db FILE`` and without
  ``--db`` (the default save, in a data folder of the run), against a bare Textual app
  (Header, Static, Footer) at its first frame. Goal ≤ 1.3×, and flat in the number of saved
  games (at 3,000 ≤ 1.35×). Each line says how many saved games that frame lists and whether
  a database package (SQLAlchemy, SQLModel) was imported by then: none should be. Beside the
  wall time, the CPU time the process used until that frame (its threads' too, the
  interpreter's start included), against the bare app's: on a loaded machine the wall time
  also counts the time the process waited for a core, the CPU time does not. With
  ``--db URL`` (``sqlite:///`` of the same file) the store lists the games once it is open,
  after the first frame.
- home ready: until the home screen is interactive (Textual's Ready: the auto-pilot starts
  there), against the bare app at its Ready.
- saved games visible: until the home list shows saved games (its first rows), against the
  bare app's first frame.

``--instructions`` also counts the instructions each runs until its first frame (valgrind,
once each: slow, but the same count on a busy machine, where the times above are not).

``--steps N`` gives each saved game N steps and the state at its head, as played games have
them: home lists none of them, so the first frame should not grow with them either.

Then, with the first number of saved games:

- ``companion list`` (printing those games) against ``python -c "import textual.app"``.
  Goal ≤ 1.0×.
- memory at home (resident set 1.5 s after the saved games show, the home screen idle)
  against the bare app's at its first frame. Goal ≤ 1.5×.
- re-showing the home list unchanged (returning to home) at 1,000 games, in process.

The companion is byte-compiled first, as ``pip install .`` leaves it (and as Textual, the
reference, is): run from a checkout under ``PYTHONDONTWRITEBYTECODE`` it would otherwise be
compiled from source at every start, some 20 ms no user pays.

Then the store figures (apply + persist one step, resume a 2,000-step game) from
scripts/bench_store.py (skip them with ``--no-store``). Figures only, no pass/fail: these
machines are noisy.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RSS = """
def rss_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0
"""

# Both children note when the first frame is drawn: the first screen update Textual renders
# once its start-up batch is over (headless, ``App._display`` writes it nowhere), with what
# ``at_frame`` says of the app then.
# With BENCH_AT_FRAME=exit the child stops there (``--instructions``).
DRAWN = """
import os, sys, time
from textual.app import App
drawn = []
def at_frame(app):
    return ()
display = App._display
def _display(self, screen, renderable):
    if renderable is not None and not self._batch_count and not drawn:
        drawn.append((time.time(), time.process_time(), *at_frame(self)))
        if os.environ.get("BENCH_AT_FRAME") == "exit":
            os._exit(0)
    display(self, screen, renderable)
App._display = _display
async def first_frame(pilot):
    while not drawn:
        await pilot.pause(0.001)
    return drawn[0]
"""

# The reference: a bare Textual app (the wall-time, CPU and instruction counts all use it)
BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static
class Bare(App):
    def compose(self):
        yield Header(); yield Static("hello"); yield Footer()
"""

BARE = (
    RSS
    + DRAWN
    + BARE_APP
    + """
import sys, time
async def ready(pilot):
    first = time.time()
    frame, cpu = await first_frame(pilot)
    print(first, frame, cpu, rss_kb(), flush=True)
    pilot.app.exit()
Bare().run(headless=True, size=(120, 40), auto_pilot=ready)
"""
)

# The command line's own start (companion.cli.main), with the auto-pilot slipped into run();
# argv: what --db names (a file, a URL), or "" for none (the default save: XDG_DATA_HOME is the
# run's).
COMPANION = (
    RSS
    + DRAWN
    + """
import sys, time
from textual.app import App
from companion.ui.widgets.row_list import RowList
DB_PACKAGES = ("sqlalchemy", "sqlmodel")
def at_frame(app):  # the saved games listed in the first frame, and a database package loaded
    rows = app.screen.query_one("#saved", RowList).row_count
    return rows, int(any(name in sys.modules for name in DB_PACKAGES))
async def ready(pilot):
    app = pilot.app
    assert type(app.screen).__name__ == "HomeScreen", app.screen
    first = time.time()
    table = app.screen.query_one("#saved", RowList)
    while not table.row_count:
        await pilot.pause(0.002)
    shown = time.time()
    frame, cpu, rows, db = await first_frame(pilot)  # noted when drawn: the wait adds nothing
    await pilot.pause(1.5)  # settled: a store opened after the first frame is open by now
    print(first, frame, shown, cpu, rss_kb(), rows, db, flush=True)
    app.exit()
run = App.run
App.run = lambda self, **kw: run(self, headless=True, size=(120, 40), auto_pilot=ready)
from companion.cli import main
main(["--db", sys.argv[1]] if sys.argv[1] else [])
"""
)

IMPORT_TEXTUAL = "import time, textual.app; print(time.time())"
LIST = "import sys, time; from companion.cli import main; main(['--db', sys.argv[1], 'list']); print(time.time())"  # noqa: E501

RELIST = """
import asyncio, sys, time
from pathlib import Path
from companion.ui.widgets.row_list import RowList
from companion.ui.app import create_app
from companion.ui.home import HomeScreen
path = Path(sys.argv[1])
async def main():
    from companion.store import Store
    store = Store.open(path)
    try:
        app = create_app(store, db_path=path)
    except TypeError:  # before the home list was read with sqlite3
        app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            home.reload_games()
            times.append(time.perf_counter() - start)
        print(sorted(times)[2], home.query_one("#saved", RowList).row_count)
    store.close()
asyncio.run(main())
"""


def child(code: str, *args: str, env: dict[str, str] | None = None) -> tuple[float, list[str]]:
    """Spawn ``code``; its start time and the words it printed."""
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )
    if out.returncode != 0:
        raise SystemExit(f"child failed:\n{out.stdout}\n{out.stderr}")
    return start, out.stdout.split()


# a step and a game's state as big as a real game's (a Unicornus move, its log line, a state)
STEP = (
    json.dumps({"type": "move", "unit": "knight-3", "from": "a4", "to": "b5", "seat": 2}),
    json.dumps({"$msg": "unicornus.log.move", "params": {"unit": "knight-3", "to": "b5"}}),
)
STATE = json.dumps({"spaces": [{"id": f"s{n}", "units": ["knight-3"]} for n in range(150)]})


def instructions(code: str, *args: str, env: dict[str, str] | None = None) -> int | None:
    """The instructions ``code`` runs until its first frame, counted by valgrind (callgrind):
    the same count however busy the machine is, where times are not. None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        + [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {}), "BENCH_AT_FRAME": "exit", "PYTHONHASHSEED": "0"},
    )
    found = re.search(r"refs:\s+([\d,]+)", out.stderr)
    return int(found.group(1).replace(",", "")) if found else None


def make_saves(path: Path, games: int, steps: int = 0) -> None:
    """A save of ``games`` games (rows written directly: a listing decodes no state), each
    of ``steps`` steps with the state at its head, as a played game has them."""
    from companion.store import Store

    Store.open(path).close()
    con = sqlite3.connect(path)
    summary = json.dumps({"$msg": "ui.home.none_saved", "params": {}})
    with con:
        for i in range(games):
            stamp = f"2025-01-{1 + i % 28:02d} 12:{i % 60:02d}:00.000000"
            length = steps or i
            game = con.execute(
                "INSERT INTO games (game_key, title, catalog_name, initial_state, cursor, length,"
                " summary, finished, outcome, revision, played_seconds, created, last_played)"
                " VALUES (?, ?, 'demo', '{}', ?, ?, ?, 0, NULL, 0, 0, ?, ?)",
                ("unicornus", f"Game {i}", length, length, summary, stamp, stamp),
            ).lastrowid
            if steps:
                con.executemany(
                    "INSERT INTO steps (game_id, idx, command, description, revision)"
                    " VALUES (?, ?, ?, ?, 0)",
                    ((game, n, *STEP) for n in range(steps)),
                )
                con.execute(
                    "INSERT INTO snapshots (game_id, idx, state, kept) VALUES (?, ?, ?, 0)",
                    (game, steps, STATE),
                )
    con.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--games", type=int, nargs="+", default=[20], metavar="N")
    parser.add_argument(
        "--steps", type=int, default=0, metavar="N", help="steps of each saved game (a real save)"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count the instructions to the first frame (valgrind; slow, but load-free)",
    )
    parser.add_argument("--no-store", action="store_true", help="skip the store figures")
    opts = parser.parse_args()
    if min(opts.games) < 1:
        parser.error("--games: at least 1 (the runs wait for the saved games to show)")
    runs, med = opts.runs, statistics.median
    compileall.compile_dir(ROOT / "companion", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"  # XDG_DATA_HOME of the runs without --db
        default = data / "companion" / "companion.db"
        default.parent.mkdir(parents=True)
        env = {"XDG_DATA_HOME": str(data)}
        for n, games in enumerate(opts.games):
            db = str(Path(tmp) / f"bench-{games}.db")
            make_saves(Path(db), games, opts.steps)
            shutil.copyfile(db, default)
            child(COMPANION, db)  # warms the file cache
            child(BARE)
            bare, bare_drawn, bare_cpu, bare_rss = [], [], [], []
            modes = {"--db FILE": db, "no --db": "", "--db URL": f"sqlite:///{db}"}
            home: dict[str, list] = {label: [] for label in modes}
            for _ in range(runs):
                start, (t, frame, cpu, kb) = child(BARE)
                bare.append(float(t) - start)
                bare_drawn.append(float(frame) - start)
                bare_cpu.append(float(cpu))
                bare_rss.append(int(kb))
                for label, arg in modes.items():
                    start, words = child(COMPANION, arg, env=env)
                    first, frame, shown = (float(w) - start for w in words[:3])
                    home[label].append((first, frame, shown, float(words[3]), *map(int, words[4:])))
            b, bd, bc = (med(times) * 1000 for times in (bare, bare_drawn, bare_cpu))
            size = Path(db).stat().st_size / 1e6
            print(
                f"start-up, median of {runs} runs, {games} saved games"
                f" of {opts.steps or 'no'} steps each ({size:.1f} MB):"
            )
            print(
                f"  bare Textual app, first frame        : {bd:7.1f} ms          CPU {bc:6.1f} ms"
            )
            for label, rows in home.items():
                drawn, cpu = (med(r[i] for r in rows) * 1000 for i in (1, 3))
                listed = max(r[5] for r in rows)
                db_loaded = "a database package loaded" if any(r[6] for r in rows) else "no db"
                print(
                    f"  companion home ({label:<9}), first frame: {drawn:7.1f} ms"
                    f"   {drawn / bd:5.2f}x  CPU {cpu:6.1f} ms {cpu / bc:5.2f}x"
                    f"  (goal <= 1.3; 3,000 saves <= 1.35)  [{listed} games in it, {db_loaded}]"
                )
            if opts.instructions:
                count = instructions(BARE)
                for label, arg in modes.items() if count else ():
                    mine = instructions(COMPANION, arg, env=env) or 0
                    print(
                        f"  companion home ({label:<9}), first frame: {mine / 1e6:7.0f} M"
                        f" instructions {mine / count:5.2f}x the bare app's ({count / 1e6:.0f} M)"
                    )
            for label, rows in home.items():
                ready, shown = (med(r[i] for r in rows) * 1000 for i in (0, 2))
                print(
                    f"  companion home ({label:<9}): ready {ready:7.1f} ms  {ready / b:5.2f}x"
                    f" the bare app's ready ({b:.1f} ms); saved games visible"
                    f" {shown:7.1f} ms  {shown / bd:5.2f}x its first frame"
                )
            if n:
                continue
            imp, lst = [], []
            for _ in range(runs):
                start, (t,) = child(IMPORT_TEXTUAL)
                imp.append(float(t) - start)
                start, words = child(LIST, db)
                lst.append(float(words[-1]) - start)
            i, li = med(imp) * 1000, med(lst) * 1000
            mb, mh = med(bare_rss) / 1024, med(r[4] for r in home["--db FILE"]) / 1024
            print(f"  python -c 'import textual.app'       : {i:7.1f} ms")
            print(
                f"  companion list                       : {li:7.1f} ms   {li / i:5.2f}x  (goal <= 1.0)"
            )  # noqa: E501
            print(f"  memory, bare app                     : {mb:7.1f} MB")
            print(
                f"  memory, companion home               : {mh:7.1f} MB   {mh / mb:5.2f}x  (goal <= 1.5)"
            )  # noqa: E501
        big = str(Path(tmp) / "big.db")
        make_saves(Path(big), 1000)
        _, (relist, rows) = child(RELIST, big)
        print(
            f"  home list shown again, {rows} games   : {float(relist) * 1000:7.1f} ms  (unchanged)"
        )

    if not opts.no_store:
        sys.path.insert(0, str(Path(__file__).parent))
        import bench_store

        bench_store.main([])  # its own defaults, not this command line


if __name__ == "__main__":
    main()
