"""Dice for one command: the table's entered rolls first, then the state's seeded Rng, or,
while the table's report is drafted and previewed, a question (:class:`DieNeeded`)."""

from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.rng import Rng


class DieNeeded(RuleError):
    """A die the command has no entered face for, where the app may not roll it (the table's
    report still being drafted, or a preview): the question, as data. ``what`` says whose die
    it is: ``"cavern"`` (the move's own way through the Dark Cavern), ``"throw"`` or
    ``"shot"`` (a catapult throw or shot entering it, §5 Catapult)."""

    def __init__(self, what: str) -> None:
        super().__init__(f"magical_friends.dice.needed_{what}")
        self.what = what


class Dice:
    """Used inside a single ``apply``; the caller stores ``rng`` back into the new state.
    ``ask``: a die with no entered face raises :class:`DieNeeded` instead of being rolled."""

    def __init__(self, entered: tuple[int, ...], rng: Rng, ask: bool = False) -> None:
        self.left = list(entered)
        self.rng = rng
        self.ask = ask
        self.rolled: list[int] = []  # the faces the app rolled (not the table's), in order

    def roll(self, sides: int = 6, what: str = "cavern") -> int:
        if self.left:
            value = self.left.pop(0)
            if not 1 <= value <= sides:
                raise RuleError("magical_friends.dice.out_of_range", roll=value, sides=sides)
            return value
        if self.ask:
            raise DieNeeded(what)
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
