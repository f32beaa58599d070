"""Foresight: everything a move would trigger where it ends (§5), before the table confirms.

:func:`preview_move` applies the real move (``engine.apply``) to the state for every way the
count can go — each fork, each Dark Cavern path with its exact chance on the die (the move's
own, and a catapult throw's or shot's into the cavern: never the app's future roll), each fork
of a catapult throw or shot it sets off — and collects what the engine says happened (the
state's ``events``: the throw and where it lands, lava this round, the fairy, the switch, the
Highway, the market, the shot) and where the friend ends. States are immutable and the random
generator lives in them, so nothing is saved and no future roll changes; because it is the
real move, the preview and the step can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from companion.core.errors import RuleError
from companion.core.i18n import Msg

from .board import CAVERN_DIE, BranchNeeded
from .commands import Move
from .dice import DieNeeded
from .engine import apply
from .queries import destinations
from .state import SLAIN, GameState

FORKS = 4  # catapult forks and dice followed at most in one preview (a throw, then a shot)


@dataclass(frozen=True)
class MoveSeen:
    """One way the move can go: the ``command`` that makes it (forks and cavern rolls filled
    in), its ``chance`` (exact; 1 unless a cavern die decides: the forks are the table's
    picks, so each fork's ways sum to 1), where the friend ends (``end``; ``SLAIN`` when it
    dies), what the engine says happens (``events``), and ``refused`` when the rules refuse
    it (the reason); ``cavern``: the cavern paths its dice took, in order."""

    command: Move
    chance: Fraction
    end: str | None
    events: tuple[Msg, ...] = ()
    refused: Msg | None = None
    cavern: tuple[str, ...] = ()  # the cavern paths this way takes (the die decides)


def _faces(path: str) -> tuple[int, ...]:
    return tuple(r for r, p in CAVERN_DIE.items() if p == path)


PATHS = tuple(dict.fromkeys(CAVERN_DIE.values()))  # each path once, in the die's order


def _apply(state: GameState, cmd: Move, chance: Fraction, cavern, depth: int = 0):
    try:
        after = apply(state, cmd, ask_dice=True)
    except BranchNeeded as need:
        if need.field == "branches" or depth >= FORKS:
            return [MoveSeen(cmd, chance, None, refused=need.message, cavern=cavern)]
        out = []
        for opt in need.options:  # the table picks: each is shown, with the die's chances
            more = replace(cmd, **{need.field: (*getattr(cmd, need.field), opt)})
            out += _apply(state, more, chance, cavern, depth + 1)
        return out
    except DieNeeded as need:  # a catapult's throw or shot enters the Dark Cavern
        if depth >= FORKS:
            return [MoveSeen(cmd, chance, None, refused=need.message, cavern=cavern)]
        out = []
        for path in PATHS:  # each path once, with the chance of its faces
            faces = _faces(path)
            more = replace(cmd, cavern_rolls=(*cmd.cavern_rolls, faces[0]))
            share = chance * Fraction(len(faces), len(CAVERN_DIE))
            out += _apply(state, more, share, (*cavern, path), depth + 1)
        return out
    except RuleError as exc:
        return [MoveSeen(cmd, chance, None, refused=exc.message, cavern=cavern)]
    where = after.creature(cmd.creature).where
    return [MoveSeen(cmd, chance, where, after.events, cavern=cavern)]


def preview_move(
    state: GameState, creature: str, steps: int, how: str = "basic", **power: Any
) -> tuple[MoveSeen, ...]:
    """Every way ``creature`` can go ``steps`` steps by a move of kind ``how`` (``power``: an
    ability's fields of :class:`Move`), each with what it triggers. Forks of the way are the
    table's choice (chance 1 each: it knows which way it went); a cavern path has the chance
    of its die faces, a catapult throw's or shot's too; a catapult fork is shown under each
    branch."""
    out: list[MoveSeen] = []
    for walk in destinations(state, creature, steps):
        rolls = tuple(_faces(p)[0] for p in walk.cavern)
        chance = Fraction(1)
        for p in walk.cavern:
            chance *= Fraction(len(_faces(p)), len(CAVERN_DIE))
        cmd = Move(creature, steps=steps, branches=walk.forks, how=how, cavern_rolls=rolls, **power)
        out += _apply(state, cmd, chance, walk.cavern)
    return tuple(out)


def slain(seen: MoveSeen) -> bool:
    return seen.end == SLAIN
