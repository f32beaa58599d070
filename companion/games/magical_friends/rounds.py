"""The round (spec §6): round start (notice, lava, fairy die), artifacts and turn order,
turns, the catapult pick-up at the end of a turn, and the end of the game."""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import RuleError

from .commands import PlayArtifacts, StartRound
from .dice import Dice
from .scoring import tally
from .slaying import slay
from .state import GameState
from .wands import on_market


def start_round(state: GameState, cmd: StartRound) -> GameState:
    if state.phase != "round_start" or state.pending:
        raise RuleError("magical_friends.round.not_now")
    if state.round >= state.rounds:
        raise RuleError("magical_friends.round.game_over")
    state = replace(
        state,
        round=state.round + 1,
        phase="artifacts",
        played=(),
        tie_picks=(),
        turn_order=(),
        turn_index=0,
        bonus_moved=(),
        basic_moved=(),
        chili=(),
        dagger_ready=(),
    )
    for step in state.options.round_start_order:
        if step == "notice":
            state = _notice(state)
        elif step == "lava":
            state = _lava(state)
        elif step == "fairy":
            state = _fairy(state, cmd.fairy_roll)
    return state


def _notice(state: GameState) -> GameState:
    state = state.note("magical_friends.event.round", round=state.round, rounds=state.rounds)
    if state.round == state.bonus_round:
        state = state.note("magical_friends.event.bonus_round")
    if state.round in state.options.lava_rounds:
        state = state.note("magical_friends.event.lava_round")
    return state


def _lava(state: GameState) -> GameState:
    """Lava rises: every creature on the bridge dies, owners get Pity Power (§5)."""
    if state.round not in state.options.lava_rounds:
        return state
    for sid in state.board.of_kind("lava"):
        for c in state.on_space(sid):
            state = slay(state, c.id, None, "lava")
    return state


def _fairy(state: GameState, entered: int | None) -> GameState:
    trail = state.board.of_kind("fairy_trail")
    if not trail:
        if entered is not None:
            raise RuleError("magical_friends.fairy.no_trail")
        return state
    dice = Dice((entered,) if entered is not None else (), state.rng)
    face = dice.roll(state.board.fairy_die_sides)
    space = state.board.fairy_space_for(face)
    state = replace(state, rng=dice.rng, fairy_space=space)
    return state.note("magical_friends.event.fairy", roll=face, space=space or "-")


def artifact_value(state: GameState, wizard: int, number: int) -> int:
    """The played artifact's value; +1 while a friend stands on Market B (fortune teller)."""
    return number + (1 if on_market(state, wizard, "B") else 0)


def play_artifacts(state: GameState, cmd: PlayArtifacts) -> GameState:
    if state.phase != "artifacts" or state.played:
        raise RuleError("magical_friends.artifacts.not_now")
    n = len(state.wizards)
    if len(cmd.played) != n:
        raise RuleError("magical_friends.artifacts.one_each", count=n)
    known = {a.number: a for a in state.artifacts}
    wizards = list(state.wizards)
    dagger = []
    for i, number in enumerate(cmd.played):
        if number not in known:
            raise RuleError("magical_friends.artifacts.unknown", number=number)
        if number in wizards[i].artifacts_used:
            raise RuleError("magical_friends.artifacts.used", wizard=i, number=number)
        wizards[i] = replace(wizards[i], artifacts_used=(*wizards[i].artifacts_used, number))
        if known[number].special == "dagger":
            dagger.append(i)
    if cmd.tie_order and sorted(cmd.tie_order) != list(range(n)):
        raise RuleError("magical_friends.artifacts.tie_order", count=n)
    state = replace(
        state, wizards=tuple(wizards), played=tuple(cmd.played), dagger_ready=tuple(dagger)
    )
    if cmd.tie_order or not tie_groups(state, state.played):
        return _begin_turns(state, cmd.tie_order)
    # a tie: the table gives the order among the tied wizards (OrderTie), nothing else
    return state.note("magical_friends.event.tie", groups=len(tie_groups(state, state.played)))


def tie_to_order(state: GameState) -> tuple[int, ...] | None:
    """The tied group whose order the table gives next: its wizards not named yet, in seat
    order (None: no order is owed)."""
    if state.phase != "artifacts" or not state.played:
        return None
    for group in tie_groups(state, state.played):
        left = tuple(w for w in group if w not in state.tie_picks)
        if len(left) > 1:
            return left
    return None


def order_tie(state: GameState, wizard: int) -> GameState:
    group = tie_to_order(state)
    if group is None:
        raise RuleError("magical_friends.tie.none")
    if wizard not in group:
        raise RuleError("magical_friends.tie.not_tied", wizard=wizard)
    state = replace(state, tie_picks=(*state.tie_picks, wizard))
    if tie_to_order(state) is not None:
        return state
    groups = tie_groups(state, state.played)
    orders = tuple(
        tuple(w for w in state.tie_picks if w in g)
        + tuple(w for w in g if w not in state.tie_picks)
        for g in groups
    )
    return _begin_turns(state, tie_order(state, orders))


def _begin_turns(state: GameState, tie_order: tuple[int, ...]) -> GameState:
    values = [artifact_value(state, i, num) for i, num in enumerate(state.played)]
    order = _turn_order(state, values, tie_order)
    state = replace(
        state,
        turn_order=order,
        turn_index=0,
        tie_picks=(),
        phase="turns",
        bonus_moved=(),
        basic_moved=(),
        chili=(),
    )
    return state.note("magical_friends.event.turn_order", order=", ".join(map(str, order)))


def _turn_order(state: GameState, values: list[int], tie_order: tuple[int, ...]) -> tuple[int, ...]:
    n = len(values)
    rule = state.turn_order_rule
    if rule is None:
        # the box's turn-order rule is not transcribed: the table gives the order
        if not tie_order:
            raise RuleError("magical_friends.artifacts.order_needed")
        return tuple(tie_order)
    sign = -1 if rule == "highest_first" else 1
    rank = {w: i for i, w in enumerate(tie_order or range(n))}
    return tuple(sorted(range(n), key=lambda w: (sign * values[w], rank[w])))


def seating(state: GameState) -> tuple[int, ...]:
    """The wizards in seat order from the start player."""
    n = len(state.wizards)
    return tuple((state.start_player + k) % n for k in range(n))


def tie_groups(state: GameState, played: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Wizards whose played artifacts tie (equal value), each group in seat order from the
    start player: only their order is the table's to give. All wizards when the box's
    turn-order rule is not transcribed."""
    if state.turn_order_rule is None:
        return (seating(state),)
    values = {w: artifact_value(state, w, num) for w, num in enumerate(played)}
    groups: dict[int, list[int]] = {}
    for w in seating(state):
        groups.setdefault(values[w], []).append(w)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)


def tie_order(state: GameState, orders: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """A full ``tie_order`` from the table's order within each tied group: seat order, with
    each group's seats taken by its wizards in the order given."""
    queue = {w: group for group in orders for w in group}
    taken: dict[tuple[int, ...], int] = {}
    out = []
    for w in seating(state):
        group = queue.get(w)
        if group is None:
            out.append(w)
        else:
            out.append(group[taken.get(group, 0)])
            taken[group] = taken.get(group, 0) + 1
    return tuple(out)


def end_turn(state: GameState) -> GameState:
    if state.phase != "turns":
        raise RuleError("magical_friends.turn.not_now")
    if state.pending:
        raise RuleError("magical_friends.pending.first")
    if state.catapult_pickup is not None:
        state = replace(state, catapult_holder=state.catapult_pickup, catapult_pickup=None)
        state = state.note("magical_friends.event.catapult_taken", wizard=state.catapult_holder)
    state = replace(
        state, turn_index=state.turn_index + 1, bonus_moved=(), basic_moved=(), chili=()
    )
    if state.turn_index < len(state.turn_order):
        return state
    state = replace(state, phase="round_start", turn_order=(), turn_index=0, dagger_ready=())
    state = state.note("magical_friends.event.round_over", round=state.round)
    if state.round >= state.rounds:
        return end_game(state)
    return state


def end_game(state: GameState) -> GameState:
    if state.pending:
        raise RuleError("magical_friends.pending.first")
    result = tally(state)
    state = replace(state, phase="over", tally=result)
    return state.note(
        "magical_friends.event.game_over", winners=", ".join(map(str, result.winners))
    )
