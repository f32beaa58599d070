"""Benchmark: exact battle odds (Unicornus Knights §6.1), goal ≤ 20 ms for 15 dice.

Run: .venv/bin/python scripts/bench_battle.py
Prints the median CPU time (this process's: the machine is shared) of
``outcome_distribution`` for 5 to 60 dice against a big imperial unit (6 tokens, combat
power 4, life 4) on a diagram with all three results, with the default objective and with
LEADER_FIRST (which visits more break points), and how the time grows from 30 to 60 dice
(issue 26: the count of every multiset was cubic, 8x; grouped, it is at most linear).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.unicornus.battle import (  # noqa: E402
    LEADER_FIRST,
    TABLE_OBJECTIVE,
    outcome_distribution,
)

GOAL_MS = 20.0
DIAGRAM = ("hit", "hit", "miss", "miss", "miss", "loss")
ENEMY = dict(enemy_tokens=6, enemy_combat_power=4, enemy_life_left=4)


def median_ms(n_dice: int, objective: tuple[str, ...], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        outcome_distribution(n_dice, DIAGRAM, objective=objective, **ENEMY)
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    print(f"outcome_distribution, median CPU ms (goal for 15 dice: <= {GOAL_MS:.0f} ms)")
    print(f"{'objective':<16}{'dice':>5}{'median ms':>12}{'/ goal':>9}")
    for name, objective in (("table default", TABLE_OBJECTIVE), ("leader first", LEADER_FIRST)):
        times = {}
        for n in (5, 10, 15, 20, 30, 45, 60):
            times[n] = ms = median_ms(n, objective, repeats=50 if n <= 20 else 15)
            mark = "  <- goal" if n == 15 else ""
            print(f"{name:<16}{n:>5}{ms:>12.2f}{ms / GOAL_MS:>9.2f}{mark}")
        growth = times[60] / times[30]
        print(f"{name:<16} 60 dice / 30 dice: {growth:.1f}x  (linear 2x, quadratic 4x, cubic 8x)")


if __name__ == "__main__":
    main()
