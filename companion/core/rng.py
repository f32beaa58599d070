"""Seeded randomness whose whole state lives in the game state.

An ``Rng`` is a seed and a count of draws made. Each draw derives a fresh generator from
both, so undo-then-redo (which restores the earlier ``Rng``) gives the same roll or card,
and a saved game resumes with the same future. Every draw returns the new ``Rng``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Rng:
    seed: int
    draws: int = 0

    def _gen(self) -> random.Random:
        return random.Random(f"{self.seed}:{self.draws}")

    def _next(self) -> Rng:
        return replace(self, draws=self.draws + 1)

    def roll(self, sides: int = 6, count: int = 1) -> tuple[tuple[int, ...], Rng]:
        """Roll ``count`` dice with ``sides`` faces (1..sides)."""
        gen = self._gen()
        return tuple(gen.randint(1, sides) for _ in range(count)), self._next()

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        gen = self._gen()
        out = list(items)
        gen.shuffle(out)
        return tuple(out), self._next()

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        if not items:
            raise ValueError("choice from an empty sequence")
        return self._gen().choice(list(items)), self._next()


def new_rng(seed: int | None = None) -> Rng:
    return Rng(seed if seed is not None else random.SystemRandom().randrange(2**31))
