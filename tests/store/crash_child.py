"""The child process of the crash test: plays the tiny game until it is killed.

Operation ``k`` is fixed by ``op(k)`` so the parent can rebuild what the child did from the
lines it printed. A line is printed (and flushed) only after its transaction committed.
"""

from __future__ import annotations

import sys

from tests.tiny_game import TINY, Add, RollDie, TinyState


def op(k: int):
    """Mostly steps, with an undo now and then so redo tails get dropped too."""
    if k % 7 == 6:
        return "undo"
    return RollDie() if k % 3 == 0 else Add(k % 5)


def main(db: str) -> None:
    from companion.store import Store  # imported here: the parent imports op() cheaply

    store = Store.open(db, games={"tiny": TINY}, snapshot_every=8)
    game = store.new_game(TINY, TinyState(), "crash")
    print(f"game {game.id}", flush=True)
    k = 0
    while True:
        action = op(k)
        if action == "undo":
            game.undo()
        else:
            game.do(action)
        print(f"op {k}", flush=True)
        k += 1


if __name__ == "__main__":
    main(sys.argv[1])
