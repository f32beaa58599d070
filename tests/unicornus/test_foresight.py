"""Foresight (companion.games.unicornus.foresight): the preview of what the Princess (§5.1) and
the Empire (§5.2) do if the players stop now equals what those phases then do, on random
reachable states (seeded walks of the sensible table), and it never changes the game."""

import random

import pytest

from companion.core.errors import RuleError
from companion.core.game import decide, play
from companion.games.unicornus import (
    GAME,
    DrawFate,
    Move,
    MoveEmpire,
    PrincessAct,
    SetupChoice,
    load_catalog,
    move_targets,
    new_game,
)
from companion.games.unicornus.autoplay import POLICY
from companion.games.unicornus.flow import receivers
from companion.games.unicornus.foresight import end_turns, preview, what_ifs

SETUP = SetupChoice(3, ("annelie", "bertram", "cordelia"), "p3")


def players_states(seed: int, count: int):
    """``count`` states of the players' phase, picked at random along a sensible game."""
    rnd = random.Random(seed)
    start = new_game(load_catalog("demo"), SETUP, seed=seed)
    found = []
    for _, s in play(GAME, start, POLICY):
        if s.phase == "players" and not s.battles and not s.fate_pending and rnd.random() < 0.15:
            found.append(s)
            if len(found) == count:
                break
    return found


def real_phases(state):
    """What the Princess's and the Empire's phases do after the players stop: her actions,
    the Empire's moves, and the state once the Empire has moved (or the game ended)."""
    s = end_turns(state)
    princess, moves = [], ()
    while not s.outcome and not (s.phase == "empire" and s.empire_moved):
        if s.phase not in ("princess", "empire"):
            break
        cmd = decide(GAME.moment(s), s, POLICY)
        if isinstance(cmd, PrincessAct):
            princess.append(cmd)
        if isinstance(cmd, MoveEmpire):
            moves = cmd.moves
        s = GAME.apply(s, cmd)
    return tuple(princess), moves, s


@pytest.mark.parametrize("seed", range(6))
def test_the_preview_is_what_the_phases_then_do(seed):
    """§5.1/§5.2: her actions, every unit's move and the battles it starts (the state reached)
    are those of the real phases; ties are the app's first option in both."""
    states = players_states(seed, 4)
    assert states
    for s in states:
        f = preview(s)
        princess, moves, after = real_phases(s)
        assert f.princess_commands == princess
        assert f.empire_moves == moves
        assert f.state == after
        for b in f.of("battle"):
            assert (b.odds is None) != (b.damage is None)


def test_the_preview_touches_nothing():
    """The state (and its random generator) is the same object before and after."""
    s = players_states(2, 1)[0]
    before = (s, s.rng)
    preview(s)
    assert (s, s.rng) == before


def test_what_if_is_the_preview_of_the_state_after_the_step():
    """§4: each step offered for a what-if (recruit, procure, each move, a transport) is legal,
    and its preview is the preview of the state after that step, without making it; a step
    the rules refuse says why."""
    kinds = set()
    for s in players_states(4, 3) + players_states(5, 2):
        hid = next(h for h in s.seats[s.current_seat] if s.hero(h).on_board)
        offered = [o.value for o in what_ifs(s, hid)]
        assert {Move(hid, to) for to, _ in move_targets(s, hid)} <= set(offered)
        hero = s.hero(hid)
        for r in receivers(s, hid):  # every number of tokens, each with all it escorts
            sent = {(c.tokens, c.supplies) for c in offered if getattr(c, "receiver", "") == r.id}
            assert sent == {(n, min(hero.supplies, 10 * n)) for n in range(1, hero.tokens + 1)}
        for cmd in offered:
            kinds.add(type(cmd).__name__)
            after = GAME.apply(s, cmd)
            if after.battles:
                continue  # a battle: the dice decide what follows (the preview stops there)
            assert preview(s, cmd) == preview(after)
        with pytest.raises(RuleError):
            preview(s, Move(hid, s.hero(hid).space))
    assert {"Recruit", "Procure", "Move"} <= kinds


def fates_drawn(state):
    """The imperial characters whose Fate card the real phases draw after the players stop,
    up to the Empire's move, then those its move makes due (§7): the whole phase's draws."""
    s = end_turns(state)
    drawn = []
    while not s.outcome and not (s.phase == "empire" and s.empire_moved):
        if s.phase not in ("princess", "empire"):
            return drawn
        cmd = decide(GAME.moment(s), s, POLICY)
        if isinstance(cmd, DrawFate):
            drawn.append(cmd.imperial)
        s = GAME.apply(s, cmd)
    return drawn + ([] if s.outcome else list(s.fate_pending))


def test_the_preview_lists_every_fate_draw_of_the_phase():
    """§7 (issue 24): the Fate card the Princess's move makes due and the one the Empire's
    move makes due are both in the preview, in the order they come."""
    checked = after_empire = 0
    for seed in range(12):
        for s in players_states(seed, 4):
            f = preview(s)
            drawn = fates_drawn(s)
            assert [x.imperial for x in f.of("fate")] == drawn
            checked += bool(drawn)
            after_empire += bool(f.state.fate_pending)
    assert checked and after_empire  # not vacuous: the Empire's move made some due
