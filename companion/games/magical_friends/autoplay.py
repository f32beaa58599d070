"""A sensible table for Magical Friends, for ``companion demo magical-friends --autoplay`` and
the tests: it plays whole games through the moments (``companion.core.game.play``).

Each wizard plays a random artifact left each round, summons while it has fewer than two
friends racing, moves each friend once a turn 1–6 steps toward the tavern (the reports'
questions answered by their first option, the cavern die rolled by the app), and ends the
turn. Ties and the Highway to Hell take the first option (seat order; the evil creature
slays).
"""

from __future__ import annotations

import random

from companion.core.commands import Command
from companion.core.game import Ask, Entry, Moment, Policy

from . import choices
from .catalog import MagicalFriendsCatalog
from .commands import EndTurn, Move, Summon
from .moves import movers
from .reports import Draft, complete
from .state import GameState, Setup

COLOURS = ("red", "blue", "green", "yellow", "magenta")
NAMES = ("Red", "Blue", "Green", "Yellow", "Magenta")
RACING = 2  # friends a wizard keeps in the race


class SensibleTable(Policy):
    """A :class:`companion.core.game.Policy`; ``seed`` makes its artifacts and steps repeat."""

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def act(self, state: GameState, moment: Moment) -> Command:
        wiz = state.current_wizard
        assert wiz is not None
        if moment.allows("summon") and len(state.racing(wiz)) < RACING:
            kind = next(k for k, why in choices.summon_kinds(state) if why is None)
            return Summon(wiz, kind.id, choices.summon_choices(state)[0])
        if moment.allows("move"):
            fresh = [c for c in movers(state, "basic") if c.id not in state.basic_moved]
            if fresh:
                steps = self.random.randint(1, 6)
                return complete(state, Draft(Move(fresh[0].id, steps=steps))).move
        return EndTurn()

    def pick(self, state: GameState, ask: Ask) -> Command:
        return ask.auto_command

    def enter(self, state: GameState, entry: Entry):
        if entry.kind == "magical_friends.artifacts":
            return tuple(self.random.choice(left) for left in entry.subject)
        return entry.suggest


def policy(seed: int = 0) -> SensibleTable:
    return SensibleTable(seed)


def demo_setup(catalog: MagicalFriendsCatalog, players: int | None = None) -> Setup:
    """The demo's game: ``players`` wizards (3 unless said, 2–5), each tile on its first
    side, as the new-game screen offers them."""
    n = 3 if players is None else players
    if not 2 <= n <= 5:
        raise ValueError(f"Magical Friends takes 2 to 5 wizards, not {n}")
    return Setup(
        wizards=tuple(zip(NAMES[:n], COLOURS[:n], strict=True)),
        tiles=tuple((t.id, t.sides[0].id) for t in catalog.board.tiles),
    )


def demo_table(state) -> tuple[tuple[str, str, str], ...]:
    """The demo's seats for the records (name, colour, role): each wizard and its colour."""
    return tuple((w.name, w.colour, "") for w in state.wizards)
