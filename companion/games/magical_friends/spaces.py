"""End-of-move effects of the special spaces (spec §5), travelling along a walk (Dark Cavern
poison, the Scheming Dagger), and the catapult's throw and shot.

Effects trigger only where a move ends, by any kind of move (§5); the exceptions, by the
rules' own words, are the cavern's poison path (poisoned even when passing through) and the
Scheming Dagger (slays along its way).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from companion.core.errors import RuleError

from .board import Walk, follow
from .dice import Dice
from .slaying import cannot_be_slain, poison, slay, slay_all_on
from .state import SLAIN, GameState, Pending


@dataclass(frozen=True)
class MoveContext:
    """How the move came about, for the effects at its end."""

    by: int | None = None  # the wizard whose ability moved it (None = its own move)
    throw_branches: tuple[str, ...] = ()
    shot_branches: tuple[str, ...] = ()
    dagger: bool = False


def travel(state: GameState, cid: str, start: str, walk: Walk, ctx: MoveContext) -> GameState:
    """Move the creature along ``walk`` and apply what happens on the way, then at its end."""
    cavern_paths = list(walk.cavern)
    prev = start
    mover = state.creature(cid)
    for i, sid in enumerate(walk.path):
        if state.board.space(prev).kind == "cavern" and cavern_paths:
            path = cavern_paths.pop(0)
            state = state.note("magical_friends.event.cavern", creature=cid, path=path)
            if path == "poison":
                # poisoned on this path, it still passes through (§5 Dark Cavern)
                state = poison(state, cid, None, "cavern")
                if state.creature(cid).where == SLAIN:
                    return state
        last = i == len(walk.path) - 1
        if ctx.dagger and (not last or state.options.dagger_slays == "passed_and_end"):
            state = slay_all_on(state, sid, mover.owner, "dagger", exclude=(cid,))
        prev = sid
    return state


def place_and_arrive(
    state: GameState, cid: str, start: str, walk: Walk, ctx: MoveContext, dice: Dice
) -> GameState:
    state = travel(state, cid, start, walk, ctx)
    c = state.creature(cid)
    if c.where == SLAIN:
        return state
    state = state.with_creature(replace(c, where=walk.end))
    return arrive(state, cid, ctx, dice)


def arrive(state: GameState, cid: str, ctx: MoveContext, dice: Dice) -> GameState:
    """The effect of the space where the creature's move ended (§5)."""
    c = state.creature(cid)
    sp = state.board.space(c.where)
    owner = c.owner
    if sp.kind == "tavern":
        # off the board: untouchable, no more wands (§3)
        return state.note("magical_friends.event.tavern", creature=cid, wizard=owner)
    if state.catapult_space == sp.id:
        # thrown 2 steps forward; its move ends where it lands (§5 Catapult)
        roll = partial(dice.roll, 6, "throw")
        walk = follow(state.board, sp.id, 2, ctx.throw_branches, roll, "throw_branches")
        state = state.note("magical_friends.event.thrown", creature=cid, space=walk.end)
        return place_and_arrive(state, cid, sp.id, walk, replace(ctx, throw_branches=()), dice)
    if sp.kind == "lava" and state.round in state.options.lava_rounds:
        by = ctx.by if ctx.by is not None and ctx.by != owner else None
        return slay(state, cid, by, "lava")
    if sp.id == state.fairy_space:
        w = state.wizards[owner]
        state = state.with_wizard(owner, replace(w, fairy_dust=w.fairy_dust + 1))
        state = state.note("magical_friends.event.fairy_dust", wizard=owner)
    if sp.kind == "switch":
        state = replace(state, stairway_up=not state.stairway_up)
        state = state.note("magical_friends.event.switch", heaven=state.stairway_up)
    elif sp.kind == "workshop":
        state = _workshop(state, owner, sp.id, ctx, dice)
    elif sp.kind == "highway" and state.highway_up:
        if state.kind(c.kind).alignment == "evil":
            targets = tuple(
                x.id for x in state.on_space(sp.id) if x.id != cid and not cannot_be_slain(state, x)
            )
            if targets:
                pend = Pending("highway", cid, sp.id, targets)
                state = replace(state, pending=(*state.pending, pend))
                state = state.note("magical_friends.event.highway_choice", creature=cid)
    elif sp.kind == "market":
        state = _market(state, cid, owner, sp.market or "")
    return state


def _workshop(state: GameState, owner: int, sid: str, ctx: MoveContext, dice: Dice) -> GameState:
    holder = state.catapult_holder
    fires = holder is not None and (holder == owner or state.options.catapult_fired_by == "anyone")
    if not fires:
        # the catapult comes to this wizard at the end of the turn (§5 Goblin Workshop)
        state = replace(state, catapult_pickup=owner)
        return state.note("magical_friends.event.catapult_pickup", wizard=owner)
    roll = partial(dice.roll, 6, "shot")
    walk = follow(state.board, sid, 2, ctx.shot_branches, roll, "shot_branches")
    target = walk.end
    state = state.note("magical_friends.event.catapult_shot", wizard=owner, space=target)
    return slay_all_on(state, target, owner, "catapult")


def _market(state: GameState, cid: str, owner: int, letter: str) -> GameState:
    if letter == "A":
        # chili contest: this friend may take a second basic move this turn
        if cid not in state.chili:
            state = replace(state, chili=(*state.chili, cid))
        return state.note("magical_friends.event.chili", creature=cid)
    if letter == "C":
        w = state.wizards[owner]
        state = state.with_wizard(owner, replace(w, neutral_trophies=w.neutral_trophies + 1))
        return state.note("magical_friends.event.gift_shop", wizard=owner)
    return state  # B, D, E act while a friend stands there (queries and protection)


def resolve_highway(state: GameState, slay_them: bool, targets: tuple[str, ...]) -> GameState:
    if not state.pending:
        raise RuleError("magical_friends.highway.none_pending")
    pend, rest = state.pending[0], state.pending[1:]
    state = replace(state, pending=rest)
    if not slay_them:
        return state.note("magical_friends.event.highway_spared", creature=pend.creature)
    if state.options.highway_all_or_nothing:
        if targets and set(targets) != set(pend.targets):
            raise RuleError("magical_friends.highway.all_or_nothing")
        chosen = pend.targets
    else:
        if not targets or not set(targets) <= set(pend.targets):
            raise RuleError("magical_friends.highway.bad_targets", options=", ".join(pend.targets))
        chosen = targets
    by = state.creature(pend.creature).owner
    for t in chosen:
        state = slay(state, t, by, "highway")
    return state
