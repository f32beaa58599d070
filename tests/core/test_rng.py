from hypothesis import given
from hypothesis import strategies as st

from companion.core.rng import Rng


@given(st.integers(0, 2**31), st.integers(0, 1000))
def test_same_state_same_roll(seed, draws):
    rng = Rng(seed, draws)
    assert rng.roll(6, 3) == rng.roll(6, 3)
    (values, nxt) = rng.roll(6, 3)
    assert all(1 <= v <= 6 for v in values) and nxt.draws == draws + 1


def test_shuffle_is_a_permutation():
    items = tuple(range(20))
    out, _ = Rng(3).shuffle(items)
    assert sorted(out) == list(items) and out != items
