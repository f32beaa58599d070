"""Benchmark of the Unicornus Knights engine (issue 3 "Speed"): not a timed test.

On the full 19-tile demo board with 14 imperial units and 6 kingdom characters (+ the
Princess): the median time of each planner (goal <= 5 ms), of ``apply`` for a few commands,
and of the exact odds for 15 dice (goal <= 20 ms).

    .venv/bin/python scripts/bench_unicornus.py
    .venv/bin/python scripts/bench_unicornus.py --playouts 50   # demo win/loss figures

``--playouts N`` plays N whole demo games (seeds 0..N-1, 3 players, Princess of the Storm)
with the scripted sensible table of ``companion.games.unicornus.autoplay`` and counts the
outcomes (how the demo catalog was tuned).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace

from companion.core.codec import dump
from companion.core.rng import Rng
from companion.games.unicornus import (
    GAME,
    SetupChoice,
    load_catalog,
    new_game,
    plan_empire,
    plan_princess,
)
from companion.games.unicornus.battle import outcome_distribution
from companion.games.unicornus.commands import MoveEmpire, Procure
from companion.games.unicornus.state import Unit


def median_ms(fn, runs: int = 200) -> float:
    fn()  # warm up
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def bench_state(seed: int = 11):
    cat = load_catalog("demo")
    chars = ("annelie", "bertram", "cordelia", "dario", "elsbeth", "fenwick")
    s = new_game(cat, SetupChoice(6, chars, "p1"), seed=seed)
    board = s.board
    # exactly 14 imperial units: every character's unit, then leaderless ones on free spaces
    units = [u for u in s.units if u.leader]
    rng = Rng(seed)
    taken = {u.space for u in units} | {h.space for h in s.heroes}
    free = [i for i in range(len(board)) if not board.impassable[i] and i not in taken]
    order, rng = rng.shuffle(free)
    for sp in order[: 14 - len(units)]:
        units.append(Unit(sp, 2))
    # spread the kingdom characters over the middle so most units have work to do
    spots = [sp for sp in order[14:] if board.area[sp] in (2, 3, 4, 5, 6, 7, 8)]
    heroes = tuple(h if h.seat < 0 else replace(h, space=spots[i]) for i, h in enumerate(s.heroes))
    s = replace(
        s, units=tuple(sorted(units, key=lambda u: u.space)), heroes=heroes, fate_pending=()
    )
    assert len(s.units) == 14 and sum(h.on_board for h in s.heroes) == 7
    return s


def main() -> None:
    s = bench_state()
    princess_ms = median_ms(lambda: plan_princess(s))
    empire_ms = median_ms(lambda: plan_empire(s))
    plan = plan_empire(s)
    moves = tuple(
        (st.unit, st.choice.options[0].value if st.choice else st.to)
        for st in plan.steps
        if st.to >= 0 or st.choice
    )
    es = replace(s, phase="empire")
    seen, legal = set(), []
    for o, t in moves:  # keep one character per destination (the table's pick)
        if es.unit_at(o).leader and t in seen:
            continue
        seen.add(t)
        legal.append((o, t))
    move_ms = median_ms(lambda: GAME.apply(es, MoveEmpire(tuple(legal))))
    ps = replace(s, phase="players", turn=0, start_player=0)
    hid = ps.seats[0][0]
    procure_ms = median_ms(lambda: GAME.apply(ps, Procure(hid)))
    diagram = ("loss", "miss", "miss", "hit", "hit", "hit")
    odds_ms = median_ms(lambda: outcome_distribution(15, diagram, 6, 3, enemy_life_left=4), runs=50)
    size = len(dump(s))
    print("Unicornus Knights engine benchmark (demo board, 133 spaces, 14 imperial units,")
    print("6 kingdom characters + the Princess); medians:")
    print(f"  plan_princess             {princess_ms:7.3f} ms   (goal <= 5 ms)")
    print(
        f"  plan_empire               {empire_ms:7.3f} ms   (goal <= 5 ms, {len(plan.steps)} units)"
    )
    print(f"  apply MoveEmpire          {move_ms:7.3f} ms   ({len(legal)} moves)")
    print(f"  apply Procure             {procure_ms:7.3f} ms")
    print(f"  exact odds, 15 dice       {odds_ms:7.3f} ms   (goal <= 20 ms)")
    print(f"  state snapshot (JSON)     {size:7d} bytes")


def playouts(n: int, princess: str = "p3") -> None:
    from collections import Counter

    from companion.games.unicornus.autoplay import play_sensibly

    cat = load_catalog("demo")
    setup = SetupChoice(3, ("annelie", "bertram", "cordelia"), princess)
    outcomes: Counter[str] = Counter()
    rounds = []
    t0 = time.perf_counter()
    for seed in range(n):
        end, _ = play_sensibly(new_game(cat, setup, seed=seed))
        outcomes[end.outcome] += 1
        rounds.append(end.round)
    took = time.perf_counter() - t0
    print(f"Demo playouts, sensible players, {n} seeds, princess {princess} ({took:.1f} s):")
    for key in ("win", "loss_princess", "loss_rounds"):
        print(f"  {key:14} {outcomes[key]:4d}  ({100 * outcomes[key] / max(1, n):.0f}%)")
    print(f"  mean last round {statistics.mean(rounds):.1f}")


if __name__ == "__main__":
    import sys

    if "--playouts" in sys.argv:
        i = sys.argv.index("--playouts")
        count = int(sys.argv[i + 1]) if len(sys.argv) > i + 1 else 50
        for p in ("p1", "p2", "p3", "p4") if "--all" in sys.argv else ("p3",):
            playouts(count, p)
    else:
        main()
