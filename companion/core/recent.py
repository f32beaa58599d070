"""What was worked out for the last few states, found again by identity.

An undo goes back to the state the table saw a key before, a redo forward again: neither
should work out again what was shown a moment ago (a moment's actions, the Empire's plans:
milliseconds each). States are not hashed (large, and some not hashable): a key is a tuple of
objects, found when each is the very object it was made for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Recent(Generic[V]):
    """The values made for the last ``size`` keys, the newest first."""

    def __init__(self, size: int = 4) -> None:
        self._size = size
        self._items: list[tuple[tuple[Any, ...], V]] = []

    def get(self, key: tuple[Any, ...], make: Callable[[], V]) -> V:
        """The value made for ``key`` (each of its objects the same one), else ``make()``."""
        items = self._items
        for i, (made_for, value) in enumerate(items):
            if len(made_for) == len(key) and all(
                a is b for a, b in zip(made_for, key, strict=True)
            ):
                if i:
                    items.insert(0, items.pop(i))
                return value
        value = make()
        items.insert(0, (key, value))
        del items[self._size :]
        return value
