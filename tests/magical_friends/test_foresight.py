"""Foresight for Magical Friends (companion.games.magical_friends.foresight): the steps
preview names what a move triggers where it ends (§5) and equals the applied move, on random
reachable states of the sensible table's games."""

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.core.game import play
from companion.games.magical_friends import GAME, load
from companion.games.magical_friends.autoplay import demo_setup, policy
from companion.games.magical_friends.foresight import preview_move
from companion.games.magical_friends.queries import legal_ends


def turn_states(seed: int, count: int = 8, lava: bool = False, side: str | None = None):
    """States of a wizard's turn, picked at random along a sensible game whose tiles lie on
    random sides (``lava``: tile 2 on its Lava side; ``side``: tile 2 on that side)."""
    rnd = random.Random(seed)
    cat = load("demo")
    tiles = tuple((t.id, rnd.choice(t.sides).id) for t in cat.board.tiles)
    if lava or side:
        two = side or "t2-lava"
        tiles = tuple((i, two if i == "t2" else s) for i, s in tiles)
    setup = replace(demo_setup(cat, 3), tiles=tiles)
    start = GAME.new_game(setup, cat, seed)
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


def _scenario(seed: int = 3):
    """A wizard's turn in round 3 (lava rises, §5 Lava Bridge), a friend racing."""
    s = turn_states(seed, 1, lava=True)[0]
    return replace(s, round=3)


def test_the_catapult_throw_onto_lava_is_said():
    """§5 Catapult then Lava Bridge: a friend ending on the catapult is thrown 2 steps and its
    move ends there; landing on lava in a lava round slays it. The preview names the throw,
    where it lands and the slaying, as the applied move does."""
    from companion.games.magical_friends.board import follow
    from companion.games.magical_friends.state import SLAIN

    s = _scenario()
    board = s.board
    c = s.racing(s.current_wizard)[0]
    lava = {sid for sid in board.order if board.spaces[sid].kind == "lava"}
    found = None
    for n in range(1, 12):
        for x in preview_move(s, c.id, n):
            if x.refused is None and not x.cavern and x.end not in (SLAIN, board.tavern):
                try:
                    throw = follow(board, x.end, 2, (), lambda: 1)
                except Exception:
                    continue
                if throw.end in lava:
                    found = (n, x.end)
                    break
        if found:
            break
    assert found, "the demo board has a space two steps before the Lava Bridge"
    n, spot = found
    s = replace(s, catapult_space=spot, catapult_holder=s.current_wizard)
    seen = [x for x in preview_move(s, c.id, n) if x.refused is None]
    keys = {e.key for x in seen for e in x.events}
    assert "magical_friends.event.thrown" in keys
    assert any(x.end == SLAIN for x in seen)
    for x in seen:
        after = GAME.apply(s, x.command)
        assert (after.events, after.creature(c.id).where) == (x.events, x.end)


def test_the_fairy_is_said():
    """§5 Fairy: ending on the fairy's space gives its wizard a Fairy Dust card."""
    s = _scenario(4)
    c = s.racing(s.current_wizard)[0]
    first = next(x for x in preview_move(s, c.id, 2) if x.refused is None and not x.cavern)
    s = replace(s, fairy_space=first.end, round=1)
    seen = preview_move(s, c.id, 2)
    assert any(
        e.key == "magical_friends.event.fairy_dust"
        for x in seen
        if x.end == first.end
        for e in x.events
    )
