"""The forecast: the exact chance that the next March reveal reaches 10 marks (§3.1, §7)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.insurrection import GAME
from companion.games.insurrection.commands import Draw, March
from companion.games.insurrection.engine import new_game
from companion.games.insurrection.forecast import chance_at_least, forecast
from tests.insurrection.fixtures import tiny


def brute(groups: dict[int, int], draw: int, needed: int) -> Fraction:
    cards = [m for m, n in groups.items() for _ in range(n)]
    subsets = list(combinations(range(len(cards)), min(draw, len(cards))))
    hits = sum(1 for sub in subsets if sum(cards[i] for i in sub) >= needed)
    return Fraction(hits, len(subsets))


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(st.integers(0, 4), st.integers(0, 4), max_size=4),
    st.integers(0, 5),
    st.integers(-2, 12),
)
def test_hypergeometric_matches_enumeration(groups, draw, needed):
    """§3.1: exact probability, checked against enumerating every set of revealed cards."""
    assert chance_at_least(groups, draw, needed) == brute(groups, draw, needed)


def test_forecast_of_a_game():
    """§7: after round 1's turns, the next land (a1) reveals 2 from the unseen cards."""
    s = new_game(tiny(), ("A", "B"), path=("a1", "b1", "a2", "b2"), seed=1)
    s = GAME.apply(s, March(("m3", "m3", "z", "z")))  # tally 6
    f = forecast(s)  # in Prepare: the draws come first, but do not change the odds
    assert (f.land, f.reveal, f.needed, f.unseen) == ("a1", 2, 4, 27)
    # Unseen: 3 × m3, 6 × m1, 8 × z, 10 × z2. Reach 4: m3+m3, m3+m1.
    expected = Fraction(3 + 3 * 6, 27 * 26 // 2)
    assert f.probability == expected
    assert forecast(GAME.apply(s, Draw())).probability == expected
