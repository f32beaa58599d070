"""Benchmark: the foresight previews (issue 14), goal <= 20 ms each on a full board.

Run: .venv/bin/python scripts/bench_preview.py
For each game, states reached by the game's sensible table (autoplay): the median wall time
of the preview (the slowest state or count) against a baseline measured in the same run, one
plain apply of a step in that state (Unicornus: Procure; Insurrection: the Take that ends the
turn; Magical Friends: a one-step Move).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.game import play  # noqa: E402

GOAL_MS = 20.0


def median_ms(fn, repeats: int = 30) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def reach(game, start, policy, ok, skip: int = 0):
    """The first state after ``skip`` states where ``ok`` holds, along a sensible game."""
    for _, s in play(game, start, policy):
        if ok(s):
            if skip == 0:
                return s
            skip -= 1
    raise SystemExit("no such state")


def unicornus() -> tuple[str, float, float]:
    from companion.games.unicornus import (
        GAME,
        Procure,
        SetupChoice,
        load_catalog,
        new_game,
        preview,
    )
    from companion.games.unicornus.autoplay import POLICY

    cat = load_catalog("demo")
    start = new_game(cat, SetupChoice(4, ("annelie", "bertram", "cordelia", "dario"), "p3"), 1)
    # every players' phase of a whole game, at its first turn: the slowest preview is reported
    states = [
        s
        for _, s in play(GAME, start, POLICY)
        if s.phase == "players" and s.turn == 0 and not s.used and not s.battles
    ]
    worst, worst_state = 0.0, states[0]
    for s in states:
        ms = median_ms(lambda s=s: preview(s), 7)
        if ms > worst:
            worst, worst_state = ms, s
    s = worst_state
    hid = next(h for h in s.seats[s.current_seat] if s.hero(h).on_board)
    base = median_ms(lambda: GAME.apply(s, Procure(hid)))
    ms = median_ms(lambda: preview(s))
    return f"unicornus preview (worst of {len(states)} players' phases)", ms, base


def insurrection() -> tuple[str, float, float]:
    from companion.games.insurrection import GAME
    from companion.games.insurrection.autoplay import POLICY, demo_setup
    from companion.games.insurrection.catalog import load as load_catalog
    from companion.games.insurrection.flow import action
    from companion.games.insurrection.forecast import forecast

    cat = load_catalog("demo")
    start = GAME.new_game(demo_setup(cat, 6), cat, 3)
    s = reach(GAME, start, POLICY, lambda s: s.phase == "turns" and s.turn == 0, skip=1)
    take = action(s, "take")
    cmd = take.command if hasattr(take, "command") else take.answer(take.suggest)
    base = median_ms(lambda: GAME.apply(s, cmd))
    return "insurrection forecast (turns, 6 players)", median_ms(lambda: forecast(s)), base


def insurrection_200() -> tuple[str, float, float]:
    """The forecast on a catalog of 200 distinct cards (the demo's persons copied under new
    ids): it looks up every unseen card, so a lookup that scanned the cards made it quadratic
    (issue 26)."""
    from companion.games.insurrection import GAME
    from companion.games.insurrection.autoplay import POLICY, demo_setup
    from companion.games.insurrection.catalog import InsurrectionCatalog
    from companion.games.insurrection.catalog import load as load_catalog
    from companion.games.insurrection.flow import action
    from companion.games.insurrection.forecast import forecast

    data = load_catalog("demo").model_dump()
    persons = data["persons"]
    data["persons"] = [
        {**p, "id": f"{p['id']}-{n}", "copies": 1}
        for n in range(200)
        for p in persons
        if n * len(persons) + persons.index(p) < 200 - len(data["leaders"])
    ]
    cat = InsurrectionCatalog.model_validate(data)
    start = GAME.new_game(demo_setup(cat, 6), cat, 3)
    s = reach(GAME, start, POLICY, lambda s: s.phase == "turns" and s.turn == 0, skip=1)
    take = action(s, "take")
    cmd = take.command if hasattr(take, "command") else take.answer(take.suggest)
    base = median_ms(lambda: GAME.apply(s, cmd))
    cards = len(cat.persons) + len(cat.leaders)
    return f"insurrection forecast ({cards} distinct cards)", median_ms(lambda: forecast(s)), base


def magical_friends() -> tuple[str, float, float]:
    from companion.games.magical_friends import GAME, Move, load, preview_move
    from companion.games.magical_friends.autoplay import demo_setup, policy

    cat = load("demo")
    start = GAME.new_game(demo_setup(cat, 4), cat, 2)
    s = reach(GAME, start, policy(2), lambda s: s.phase == "turns" and len(s.racing()) >= 6)
    c = s.racing(s.current_wizard)[0]
    base = median_ms(lambda: GAME.apply(s, Move(c.id, steps=1)))
    worst = max(median_ms(lambda n=n: preview_move(s, c.id, n), 10) for n in range(1, 10))
    return "magical friends steps preview (worst count 1-9)", worst, base


def main() -> None:
    print(
        f"median ms; baseline = one plain apply of a step in the same state; goal <= {GOAL_MS:.0f}"
    )
    print(f"{'preview':<50}{'ms':>8}{'baseline':>10}{'ratio':>8}{'/ goal':>8}")
    for bench in (unicornus, insurrection, insurrection_200, magical_friends):
        label, ms, base = bench()
        print(f"{label:<50}{ms:>8.2f}{base:>10.3f}{ms / base:>8.1f}{ms / GOAL_MS:>8.2f}")


if __name__ == "__main__":
    main()
