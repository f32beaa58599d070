"""A sensible table, for the headless runner (``companion.core.game.play``): the CLI's
``companion demo insurrection --autoplay``, tests and benchmarks.

It does what a plain table does (tests/insurrection_ui/helpers.py ``play_round``): each player
keeps the first leader offered and plays the first card of their hand; each turn takes the
first card allowed (or takes back when forced); hands are revealed as the app saw them (with
the table's deck, filled with cards nobody saw) and no end-of-game effect is used. Entries the app cannot suggest (the cards a table's deck
reveals) get the first cards that may be there.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Entry, Lead, Moment, Policy
from companion.games.insurrection import engine, flow
from companion.games.insurrection.catalog import InsurrectionCatalog
from companion.games.insurrection.engine import Setup
from companion.games.insurrection.state import InsurrectionState

DEMO_PLAYERS = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Fay")


class TablePolicy(Policy):
    def act(self, state: InsurrectionState, moment: Moment) -> Lead:
        """A free moment is a turn: end it (the advance action, a take; its entry is
        answered by :meth:`enter`)."""
        take = moment.action(moment.advance or "take")
        assert take is not None and take.leads is not None
        return take.leads

    def enter(self, state: InsurrectionState, entry: Entry) -> Any:
        subject = entry.subject
        if entry.kind == "insurrection.hand" and isinstance(subject, flow.Cards):
            return plausible_hand(state, subject.player or "")
        if entry.suggest is not None:
            return entry.suggest
        if isinstance(subject, flow.Cards | flow.Played):
            return subject.first()
        raise ValueError(f"no sensible value for {entry.kind}")


def plausible_hand(state: InsurrectionState, player: str) -> tuple[str, ...]:
    """A hand the table might reveal at the end (§4): the cards the app saw ``player`` keep
    and take, and for each card it did not see the first the table has not seen either."""
    known = engine.prefill(state, player)
    hidden = engine.hand_sizes(state, player)[0] - len(known)
    unseen = [c for c, n in state.deck_composition().items() for _ in range(n)]
    return (*known, *unseen[:hidden])


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
