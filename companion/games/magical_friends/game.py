"""The game protocol (``companion.core.game.Game``): the rules (``engine``), the flow
(``flow``) and the log (``log``) joined. Nothing below imports this module, so the three
never import one another in a circle."""

from __future__ import annotations

from companion.core.commands import Command
from companion.core.game import Moment, Outcome
from companion.core.i18n import Msg

from . import flow
from .catalog import MagicalFriendsCatalog
from .engine import apply, new_game, summary
from .log import describe
from .state import GameState, Setup

KEY = "magical-friends"


class MagicalFriendsGame:
    """The game protocol (``companion.core.game.Game``)."""

    key = KEY
    state_type = GameState

    def new_game(self, setup: Setup, catalog: MagicalFriendsCatalog, seed: int) -> GameState:
        return new_game(catalog, setup, seed)

    def apply(self, state: GameState, cmd: Command) -> GameState:
        return apply(state, cmd)

    def summary(self, state: GameState) -> Msg:
        return summary(state)

    def describe(self, before: GameState, cmd: Command, after: GameState) -> Msg:
        """The game-log line, from the states on both sides of the step (see ``log.py``)."""
        return describe(before, cmd, after)

    def outcome(self, state: GameState) -> Outcome | None:
        return flow.outcome(state)

    def moment(self, state: GameState) -> Moment:
        return flow.moment(state)

    def upgrade(self, cmd: Command) -> Command:
        return cmd  # every command reads today as it was saved


GAME = MagicalFriendsGame()
