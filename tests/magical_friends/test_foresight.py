"""Foresight for Magical Friends (companion.games.magical_friends.foresight): the steps
preview names what a move triggers where it ends (§5) and equals the applied move, on random
reachable states of the sensible table's games."""

import random
from fractions import Fraction

import pytest

from companion.core.game import play
from companion.games.magical_friends import GAME, load
from companion.games.magical_friends.autoplay import demo_setup, policy
from companion.games.magical_friends.foresight import preview_move
from companion.games.magical_friends.queries import legal_ends


def turn_states(seed: int, count: int = 8):
    """States of a wizard's turn, picked at random along a sensible game."""
    rnd = random.Random(seed)
    cat = load("demo")
    start = GAME.new_game(demo_setup(cat, 3), cat, seed)
    out = []
    for _, s in play(GAME, start, policy(seed)):
        if s.phase == "turns" and not s.pending and s.racing(s.current_wizard):
            if rnd.random() < 0.2:
                out.append(s)
                if len(out) == count:
                    break
    return out


@pytest.mark.parametrize("seed", range(5))
def test_every_preview_is_the_applied_move(seed):
    """§5: each way's end and events are those of the move the table then makes; the ways
    reach exactly the legal ends; a cavern's paths split the die (chances sum to 1)."""
    states = turn_states(seed)
    assert states
    for s in states:
        for c in s.racing(s.current_wizard):
            for n in range(1, 8):
                seen = preview_move(s, c.id, n)
                ok = [x for x in seen if x.refused is None]
                for x in ok:
                    after = GAME.apply(s, x.command)
                    assert after.events == x.events
                    assert after.creature(c.id).where == x.end
                    assert 0 < x.chance <= 1
                assert bool(legal_ends(s, c.id, n)) == bool(seen)
                if all(not x.cavern for x in seen):
                    assert all(x.chance == 1 for x in seen)
                else:
                    by_forks: dict = {}
                    for x in seen:
                        by_forks.setdefault(x.command.branches, []).append(x)
                    for group in by_forks.values():
                        assert sum((x.chance for x in group), Fraction(0)) <= 1


def test_the_preview_touches_nothing():
    s = turn_states(1, 1)[0]
    c = s.racing(s.current_wizard)[0]
    before = (s, s.rng)
    preview_move(s, c.id, 3)
    assert (s, s.rng) == before
