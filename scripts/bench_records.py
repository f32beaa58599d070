"""Benchmark of the records: what opening Stats costs as the finished games pile up.

Stats reads the listing (the games rows, the outcome with its facts) and computes its figures
from it; no game is decoded or replayed. Measured against, in the same run:
- the listing alone (what the home screen reads anyway), and
- opening every game (what a Stats built on the final states would cost): the three played
  games are opened and timed, the cost per game times N.

A save is filled with N finished games: one demo game of each game played to its end
headless, then its games row copied (the figures read only that row).

    .venv/bin/python scripts/bench_records.py [--sizes 30,300,3000] [--runs 5]
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.cli import main  # noqa: E402
from companion.store import Store, listing  # noqa: E402
from companion.store.records import stats  # noqa: E402

GAMES = ("unicornus", "insurrection", "magical-friends")


def fill(db: Path, n: int) -> None:
    for key in GAMES:
        assert main(["--db", str(db), "demo", key, "--autoplay"]) == 0
    con = sqlite3.connect(db)
    cols = [r[1] for r in con.execute("PRAGMA table_info(games)") if r[1] != "id"]
    names = ", ".join(cols)
    while con.execute("SELECT count(*) FROM games").fetchone()[0] < n:
        have = con.execute("SELECT count(*) FROM games").fetchone()[0]
        con.execute(
            f"INSERT INTO games ({names}) SELECT {names} FROM games ORDER BY id LIMIT ?",
            (min(have, n - have),),
        )
    con.commit()
    con.close()


def timed(fn, runs: int) -> float:
    out = []
    for _ in range(runs):
        listing._decoded.clear()  # a cold read, as after a start
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out) * 1000


def main_(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="30,300,3000")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    import contextlib
    import io

    with tempfile.TemporaryDirectory() as tmp:
        for i, n in enumerate(sizes):
            db = Path(tmp) / f"r{n}.db"
            with contextlib.redirect_stdout(io.StringIO()):
                fill(db, n)
            with Store.open(db) as store:
                base = timed(store.list_games, args.runs)
                full = timed(lambda s=store: stats(s.list_games()), args.runs)
                line = (
                    f"{n:>5} games: listing {base:7.1f} ms, Stats {full:7.1f} ms "
                    f"(x{full / base:.2f} of the listing)"
                )
                if i == 0:  # the copies have no steps: open the three played games, per game
                    played = timed(lambda s=store: [s.open_game(g) for g in (1, 2, 3)], 1) / 3
                    per_game = played
                line += (
                    f"; opening every game instead ~{per_game * n:8.0f} ms "
                    f"(x{per_game * n / full:.0f} Stats)"
                )
                print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main_())
