"""A sensible table, for the headless runner (``companion.core.game.play``): the CLI's
``companion demo insurrection --autoplay``, tests and benchmarks.

It does what a plain table does (tests/insurrection_ui/helpers.py ``play_round``): each player
keeps the first leader offered and plays the first card of their hand; each turn takes the
first card allowed (or takes back when forced); hands are entered as the app saw them and no
end-of-game effect is used. Entries the app cannot suggest (the cards a table's deck
reveals) get the first cards that may be there.
"""

from __future__ import annotations

from typing import Any

from companion.core.commands import Command
from companion.core.game import Entry, Moment, Step
from companion.games.insurrection import flow
from companion.games.insurrection.catalog import InsurrectionCatalog
from companion.games.insurrection.engine import Setup
from companion.games.insurrection.state import InsurrectionState

DEMO_PLAYERS = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Fay")


class TablePolicy:
    def act(self, state: InsurrectionState, moment: Moment) -> Command:
        """A free moment is a turn: end it with the first take allowed."""
        step = flow.action(state, "take")
        if isinstance(step, Step):
            return step.command
        return step.answer(self.enter(state, step))

    def enter(self, state: InsurrectionState, entry: Entry) -> Any:
        if entry.suggest is not None:
            return entry.suggest
        subject = entry.subject
        if isinstance(subject, flow.Cards | flow.Played):
            return subject.first()
        raise ValueError(f"no sensible value for {entry.kind}")


POLICY = TablePolicy()


def policy(seed: int = 0) -> TablePolicy:
    """The plain table (it picks nothing at random: the seed is the game's alone)."""
    return POLICY


def demo_setup(catalog: InsurrectionCatalog, players: int | None = None) -> Setup:
    """A demo table: 3 players by default (2–6), the app's deck, a first game's Path."""
    n = 3 if players is None else players
    return Setup(players=DEMO_PLAYERS[:n], virtual=True)


def demo_table(state) -> tuple[tuple[str, str, str], ...]:
    """The demo's seats for the records (name, colour, role): the players in seat order."""
    return tuple((p, "", "") for p in state.players)
