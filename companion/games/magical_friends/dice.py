"""Dice for one command: the table's entered rolls first, then the state's seeded Rng."""

from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.rng import Rng


class Dice:
    """Used inside a single ``apply``; the caller stores ``rng`` back into the new state."""

    def __init__(self, entered: tuple[int, ...], rng: Rng) -> None:
        self.left = list(entered)
        self.rng = rng
        self.rolled: list[int] = []  # the faces the app rolled (not the table's), in order

    def roll(self, sides: int = 6) -> int:
        if self.left:
            value = self.left.pop(0)
            if not 1 <= value <= sides:
                raise RuleError("magical_friends.dice.out_of_range", roll=value, sides=sides)
            return value
        (value,), self.rng = self.rng.roll(sides)
        self.rolled.append(value)
        return value

    @property
    def rolled_faces(self) -> str:
        return ", ".join(map(str, self.rolled))

    def check_all_used(self) -> None:
        if self.left:
            raise RuleError(
                "magical_friends.dice.unused", rolls=", ".join(str(r) for r in self.left)
            )
