"""Corrections: the table is the source of truth, and any number can be set right.

Hearts stay accounted for: a creature brought back takes its heart back from the trophies or
the lost hearts; a creature marked slain loses its heart to the lost hearts (give it to a
wizard with ``CorrectHeart``).
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import RuleError

from .commands import CorrectBoard, CorrectCreature, CorrectHeart, CorrectWizard
from .log import creature as named
from .state import SLAIN, GameState


def correct(
    state: GameState, cmd: CorrectWizard | CorrectCreature | CorrectHeart | CorrectBoard
) -> GameState:
    if isinstance(cmd, CorrectWizard):
        return _wizard(state, cmd)
    if isinstance(cmd, CorrectCreature):
        return _creature(state, cmd)
    if isinstance(cmd, CorrectHeart):
        return _heart(state, cmd)
    return _board(state, cmd)


def _count(value: int | None, what: str) -> None:
    if value is not None and value < 0:
        raise RuleError("magical_friends.correct.negative", what=what)


def _wizard(state: GameState, cmd: CorrectWizard) -> GameState:
    if not 0 <= cmd.wizard < len(state.wizards):
        raise RuleError("magical_friends.wizard.unknown", wizard=cmd.wizard)
    w = state.wizards[cmd.wizard]
    for name in ("pity", "fairy_dust", "neutral_trophies"):
        _count(getattr(cmd, name), name)
    w = replace(
        w,
        pity=w.pity if cmd.pity is None else cmd.pity,
        fairy_dust=w.fairy_dust if cmd.fairy_dust is None else cmd.fairy_dust,
        neutral_trophies=w.neutral_trophies
        if cmd.neutral_trophies is None
        else cmd.neutral_trophies,
        artifacts_used=w.artifacts_used if cmd.artifacts_used is None else cmd.artifacts_used,
    )
    return state.with_wizard(cmd.wizard, w)


def _take_heart(state: GameState, cid: str) -> GameState:
    """Remove ``cid``'s heart from whoever holds it (a trophy or the lost hearts)."""
    wizards = tuple(
        replace(w, trophies=tuple(t for t in w.trophies if t != cid)) for w in state.wizards
    )
    return replace(
        state, wizards=wizards, lost_hearts=tuple(h for h in state.lost_hearts if h != cid)
    )


def _creature(state: GameState, cmd: CorrectCreature) -> GameState:
    c = state.creature(cmd.creature)
    if cmd.where is not None and cmd.where != SLAIN:
        state.board.space(cmd.where)
    where = c.where if cmd.where is None else cmd.where
    if c.where == SLAIN and where != SLAIN:
        state = _take_heart(state, c.id)
    elif c.where != SLAIN and where == SLAIN:
        state = replace(state, lost_hearts=(*state.lost_hearts, c.id))
    poisoned = c.poisoned if cmd.poisoned is None else cmd.poisoned
    return state.with_creature(replace(c, where=where, poisoned=poisoned and where != SLAIN))


def _heart(state: GameState, cmd: CorrectHeart) -> GameState:
    c = state.creature(cmd.creature)
    if c.where != SLAIN:
        raise RuleError("magical_friends.correct.heart_alive", creature=named(state, c.id))
    if cmd.holder is not None and not 0 <= cmd.holder < len(state.wizards):
        raise RuleError("magical_friends.wizard.unknown", wizard=cmd.holder)
    state = _take_heart(state, c.id)
    if cmd.holder is None:
        return replace(state, lost_hearts=(*state.lost_hearts, c.id))
    w = state.wizards[cmd.holder]
    return state.with_wizard(cmd.holder, replace(w, trophies=(*w.trophies, c.id)))


def _board(state: GameState, cmd: CorrectBoard) -> GameState:
    if cmd.stairway_up is not None:
        state = replace(state, stairway_up=cmd.stairway_up)
    if cmd.fairy_space is not None:
        if cmd.fairy_space:
            state.board.space(cmd.fairy_space)
        state = replace(state, fairy_space=cmd.fairy_space or None)
    if cmd.catapult_space is not None:
        if cmd.catapult_space:
            state.board.space(cmd.catapult_space)
        state = replace(state, catapult_space=cmd.catapult_space or None)
    if cmd.catapult_holder is not None:
        if cmd.catapult_holder >= len(state.wizards):
            raise RuleError("magical_friends.wizard.unknown", wizard=cmd.catapult_holder)
        state = replace(
            state, catapult_holder=None if cmd.catapult_holder < 0 else cmd.catapult_holder
        )
    if cmd.round is not None:
        if not 0 <= cmd.round <= state.rounds:
            raise RuleError("magical_friends.correct.round", rounds=state.rounds)
        state = replace(state, round=cmd.round)
    return state
