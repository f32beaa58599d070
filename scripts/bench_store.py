"""Benchmark of the store: apply+persist one step, and resume a 2,000-step game.

Goals (issue 2): a step ≤ 10 ms; a resume ≤ 300 ms. Run on the tests' tiny game and on a
bench-only game whose state is ~30 KB of JSON (a big board of cards), with a real file on
disk in a temporary folder. Resume is measured as the app does it: open the file (checks
included), load the game, show its state and its history.

    .venv/bin/python scripts/bench_store.py [--steps 2000] [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.core import codec  # noqa: E402
from companion.core.commands import Command, command  # noqa: E402
from companion.core.i18n import Msg  # noqa: E402
from companion.core.rng import Rng  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.store import store as store_module  # noqa: E402
from tests.tiny_game import TINY, Add, RollDie, TinyState  # noqa: E402

STEP_GOAL_MS, RESUME_GOAL_MS = 10.0, 300.0


# -- a bench-only game with a ~30 KB state --------------------------------------------------
@dataclass(frozen=True)
class Card:
    id: str
    name: str
    owner: int
    strength: int
    tags: tuple[str, ...]
    face_up: bool = False


@dataclass(frozen=True)
class BigState:
    cards: tuple[Card, ...]
    turn: int = 0
    log_tail: tuple[str, ...] = ()
    rng: Rng = field(default_factory=lambda: Rng(1))


@command("bench")
@dataclass(frozen=True)
class Flip(Command):
    card: int

    def describe(self) -> Msg:
        return Msg("bench.flip", {"card": self.card})


class BigGame:
    key = "bench"
    state_type = BigState

    def apply(self, state: BigState, cmd: Command) -> BigState:
        assert isinstance(cmd, Flip)
        i = cmd.card % len(state.cards)
        card = state.cards[i]
        cards = (
            *state.cards[:i],
            replace(card, face_up=not card.face_up, owner=(card.owner + 1) % 4),
            *state.cards[i + 1 :],
        )
        (roll,), rng = state.rng.roll(6)
        tail = (*state.log_tail[-9:], f"flip {card.id} {roll}")
        return replace(state, cards=cards, turn=state.turn + 1, log_tail=tail, rng=rng)

    def summary(self, state: BigState) -> Msg:
        return Msg("bench.summary", {"turn": state.turn})

    def describe(self, before: BigState, cmd: Command, after: BigState) -> Msg:
        return Msg("bench.summary", {"turn": after.turn})

    def outcome(self, state: BigState) -> None:
        return None  # a game that never ends (the store asks every game whether it has)

    def upgrade(self, cmd: Command) -> Command:
        return cmd


BIG = BigGame()


def big_initial() -> BigState:
    cards = tuple(
        Card(f"card-{n:03d}", f"Card number {n}", n % 4, n % 13, ("knight", "forest", "gold"))
        for n in range(300)
    )
    return BigState(cards)


GAMES = {"tiny": TINY, "bench": BIG}


def tiny_cmd(k: int) -> Command:
    return RollDie() if k % 3 == 0 else Add(k % 5)


# -- measurements ---------------------------------------------------------------------------
def ms(seconds: float) -> float:
    return seconds * 1000.0


def bench_steps(folder: Path, game, initial, make_cmd, n: int) -> list[float]:
    path = folder / f"steps-{game.key}-{store_module.SYNCHRONOUS}.db"
    with Store.open(path, games=GAMES) as store:
        session = store.new_game(game, initial, "bench")
        times = []
        for k in range(n):
            cmd = make_cmd(k)
            start = time.perf_counter()
            session.do(cmd)  # apply + persist in one transaction
            times.append(ms(time.perf_counter() - start))
    return times


def build_game(folder: Path, game, initial, make_cmd, steps: int) -> tuple[Path, int]:
    path = folder / f"resume-{game.key}.db"
    with Store.open(path, games=GAMES) as store:
        session = store.new_game(game, initial, "bench")
        for k in range(steps):
            session.do(make_cmd(k))
        return path, session.id


def bench_resume(path: Path, game_id: int, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        store = Store.open(path, games=GAMES)
        session = store.open_game(game_id)
        _ = session.state
        _ = session.history()
        times.append(ms(time.perf_counter() - start))
        store.close()
    return times


def bench_undo_after_resume(path: Path, game_id: int, undos: int) -> float:
    """Undos right after resume rebuild earlier states by replay from a kept snapshot."""
    with Store.open(path, games=GAMES) as store:
        session = store.open_game(game_id)
        _ = session.state
        start = time.perf_counter()
        for _ in range(undos):
            session.undo()
            _ = session.state
        elapsed = ms(time.perf_counter() - start) / undos
        for _ in range(undos):
            session.redo()
    return elapsed


def line(label: str, value: float, goal: float) -> str:
    return f"  {label:<44} {value:8.2f} ms   goal {goal:6.1f} ms   ratio {value / goal:5.2f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="steps in the resumed game")
    parser.add_argument("--step-samples", type=int, default=300)
    parser.add_argument("--runs", type=int, default=7, help="resume runs (median)")
    args = parser.parse_args(argv)

    size = len(codec.dump(big_initial(), BigState)) / 1024
    print(f"store benchmark (SQLite WAL, synchronous={store_module.SYNCHRONOUS}, "
          f"snapshot every {store_module.SNAPSHOT_EVERY} steps)")  # fmt: skip
    print(f"  big state: {size:.1f} KB of JSON; resumed games have {args.steps} steps")
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="bench-store-") as tmp:
        folder = Path(tmp)
        for label, game, initial, make in (
            ("tiny", TINY, TinyState(), tiny_cmd),
            ("~30 KB state", BIG, big_initial(), lambda k: Flip(k * 7)),
        ):
            steps = bench_steps(folder, game, initial, make, args.step_samples)
            step_med = statistics.median(steps)
            p95 = sorted(steps)[int(len(steps) * 0.95)]
            path, gid = build_game(folder, game, initial, make, args.steps)
            resumes = bench_resume(path, gid, args.runs)
            resume_med = statistics.median(resumes)
            undo = bench_undo_after_resume(path, gid, 40)
            print(f"{label}:")
            print(line("apply+persist a step (median)", step_med, STEP_GOAL_MS))
            print(f"  {'  (95th percentile)':<44} {p95:8.2f} ms")
            print(line(f"resume a {args.steps}-step game (median)", resume_med, RESUME_GOAL_MS))
            print(f"  {'  (first, cold run)':<44} {resumes[0]:8.2f} ms")
            print(f"  {'undo right after resume (mean)':<44} {undo:8.2f} ms")
            worst = max(worst, step_med / STEP_GOAL_MS, resume_med / RESUME_GOAL_MS)
        # what synchronous=FULL (an fsync per step) would cost here, for comparison
        store_module.SYNCHRONOUS = "FULL"
        full = statistics.median(bench_steps(folder, BIG, big_initial(), lambda k: Flip(k), 100))
        print(f"for comparison, synchronous=FULL, ~30 KB state: step median {full:.2f} ms")
    print(f"worst ratio to goal: {worst:.2f} ({'met' if worst <= 1 else 'MISSED'})")


if __name__ == "__main__":
    main()
