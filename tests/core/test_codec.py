from hypothesis import given
from hypothesis import strategies as st

from companion.core.codec import dump, dump_command, load, load_command
from companion.core.rng import Rng
from tests.tiny_game import Add, RollDie, TinyState

states = st.builds(
    TinyState,
    total=st.integers(-(10**9), 10**9),
    rolls=st.lists(st.integers(1, 6)).map(tuple),
    rng=st.builds(Rng, seed=st.integers(0, 2**31), draws=st.integers(0, 10**6)),
)
commands = st.one_of(
    st.builds(Add, amount=st.integers()),
    st.builds(RollDie, entered=st.none() | st.integers(1, 6)),
)


@given(states)
def test_state_round_trip(state):
    assert load(TinyState, dump(state)) == state


@given(commands)
def test_command_round_trip(cmd):
    back = load_command(dump_command(cmd))
    assert back == cmd and type(back) is type(cmd)


def test_unknown_command_kind_is_named():
    try:
        load_command('{"kind": "tiny.Nope", "args": {}}')
    except KeyError as exc:
        assert "tiny.Nope" in str(exc)
    else:
        raise AssertionError
