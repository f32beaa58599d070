"""What was worked out for the last states is found again by identity (issue 26: an undo
returns to the state shown a key before; its moment is not made again)."""

from __future__ import annotations

from companion.core.recent import Recent
from tests.tiny_game import TINY, Add, TinyState


def test_a_key_of_the_same_objects_finds_what_was_made_and_the_oldest_goes_first() -> None:
    made: list[str] = []
    recent: Recent[str] = Recent(size=2)
    a, b, c = TinyState(), TinyState(), TinyState()  # equal, but other objects

    def get(*key) -> str:
        return recent.get(key, lambda: made.append(repr(key)) or f"for {len(made)}")

    assert get(a) == "for 1" and get(a) == "for 1"
    assert get(b) == "for 2"  # equal to a is not a: made anew
    assert get(a, True) == "for 3"  # another key: a with more in it
    assert get(a) == "for 4"  # a alone was the oldest of three: gone
    assert get(a, True) == "for 3"
    assert get(c) == "for 5" and len(made) == 5


def test_an_undo_and_a_redo_find_the_moment_shown_before(store) -> None:
    session = store.new_game(TINY, TinyState(), "t")
    before = session.moment
    session.do(Add(2))
    after = session.moment
    assert after is not before
    session.undo()
    assert session.moment is before
    session.redo()
    assert session.moment is after
