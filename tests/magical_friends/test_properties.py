"""Property tests over random play (§3): a creature is in exactly one place; a living
creature is never poisoned more than once; hearts and trophies are conserved."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st_

from companion.core.errors import RuleError
from companion.games.magical_friends import (
    SLAIN,
    CorrectBoard,
    CorrectWizard,
    EndTurn,
    Move,
    Poison,
    ResolveHighway,
    Slay,
    Summon,
    apply,
)

from .helpers import BOARD_A, BOARD_B, game, play, start_round

KINDS = ("moss-knight", "ember-imp", "puddle-toad", "lantern-moth")

action = st_.one_of(
    st_.tuples(st_.just("summon"), st_.integers(0, 1), st_.sampled_from(KINDS)),
    st_.tuples(st_.just("move"), st_.integers(0, 20), st_.integers(1, 6)),
    st_.tuples(
        st_.just("bonus"), st_.integers(0, 20), st_.sampled_from(("pity", "fairy_dust", "dagger"))
    ),
    st_.tuples(st_.just("poison"), st_.integers(0, 20), st_.integers(0, 1)),
    st_.tuples(st_.just("slay"), st_.integers(0, 20), st_.integers(0, 1)),
    st_.tuples(st_.just("flip"), st_.booleans()),
    st_.tuples(
        st_.just("end"),
    ),
)


def _command(state, act, branch_pick):
    creatures = state.creatures
    pick = (lambda i: creatures[i % len(creatures)].id) if creatures else None
    kind = act[0]
    if kind == "summon":
        return Summon(act[1], act[2], state.board.start_spaces[0])
    if kind == "end":
        return EndTurn()
    if kind == "flip":
        return CorrectBoard(stairway_up=act[1])
    if pick is None:
        return None
    mine = state.racing(state.current_wizard)
    if kind in ("move", "bonus") and not mine:
        return None
    if kind == "move":
        c = mine[act[1] % len(mine)]
        return Move(c.id, steps=act[2], branches=branch_pick(state, c.where, act[2]))
    if kind == "bonus":
        c = mine[act[1] % len(mine)]
        return Move(
            c.id,
            steps=None if act[2] != "dagger" else 2,
            how=act[2],
            branches=branch_pick(state, c.where, 4),
        )
    # the ability of the wizard's first friend in the race (§2: refused when too weak)
    own = state.racing(act[2])
    ability = own[0].id if own else None
    if kind == "poison":
        return Poison(pick(act[1]), by=act[2], ability=ability)
    return Slay(by=act[2], creatures=(pick(act[1]),), ability=ability)


def _branches(state, start, steps):
    # always take the first way at each fork: enough to keep moves legal most of the time
    from companion.games.magical_friends.board import walks_of

    ways = walks_of(state.board, start, steps) if start not in (SLAIN,) else []
    return ways[0].forks if ways else ()


def _check(state, poison_events):
    ids = [c.id for c in state.creatures]
    assert len(ids) == len(set(ids))  # each creature once
    for c in state.creatures:
        assert c.where == SLAIN or c.where in state.board.spaces  # exactly one place
        if c.where != SLAIN:
            assert poison_events[c.id] <= 1  # a living creature was poisoned at most once
            assert c.poisoned == (poison_events[c.id] == 1)
    # hearts: on the living creature, or held exactly once as a trophy or a lost heart
    held = [h for w in state.wizards for h in w.trophies] + list(state.lost_hearts)
    assert Counter(held) == Counter(c.id for c in state.creatures if c.where == SLAIN)
    for i, w in enumerate(state.wizards):
        assert all(state.creature(h).owner != i for h in w.trophies)  # never one's own heart


@settings(max_examples=40, deadline=None)
@given(
    board=st_.sampled_from((BOARD_A, BOARD_B)),
    actions=st_.lists(action, max_size=40),
    seed=st_.integers(0, 1000),
)
def test_random_play_keeps_creatures_poison_and_hearts_consistent(board, actions, seed):
    state = play(start_round(game(board, seed=seed), None))
    state = apply(state, CorrectWizard(0, pity=3, fairy_dust=3))
    state = apply(state, CorrectWizard(1, pity=3, fairy_dust=3))
    for i, kind in enumerate(KINDS[:3] * 2):  # friends for both wizards from the start
        state = apply(state, Summon(i % 2, kind, state.board.start_spaces[0]))
    poison_events: Counter = Counter()
    for act in actions:
        if state.pending:
            state = apply(state, ResolveHighway(act[0] == "slay"))
        if state.phase == "round_start":
            state = play(start_round(state, None))
        if state.phase == "over":
            break
        cmd = _command(state, act, _branches)
        if cmd is None:
            continue
        try:
            state = apply(state, cmd)
        except RuleError:
            continue
        for e in state.events:
            if e.key.endswith("event.poisoned"):
                poison_events[e.params["creature"]] += 1
        _check(state, poison_events)
