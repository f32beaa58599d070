"""Unicornus Knights: the engine (spec ``shared/rules/unicornus-knights.md``). Pure Python.

Public API (for the UI):

- ``GAME`` — the game object (key ``"unicornus"``, :class:`companion.core.game.Game`):
  ``new_game(setup, catalog, seed)``, ``apply``, ``describe(before, cmd, after)`` (the
  game-log line in the table's words), ``summary``, ``outcome``, ``moment`` (what the table
  faces now: :mod:`companion.games.unicornus.flow`), ``upgrade`` (older saves' Note picks).
- ``load_catalog(name="box"|"demo", user=None)`` → ``UnicornusCatalog``;
  ``missing_values(catalog, SetupChoice)`` → the unknown values this game needs (paths).
- ``new_game(catalog, SetupChoice, seed, options=None)`` → ``UKState`` at round 1 (§2);
  ``draw_tiles`` for showing the drawn map first.
- ``plan_princess(state)`` → ``PrincessPlan`` (§5.1); ``plan_empire(state, forbid=())`` →
  ``EmpirePlan`` (§5.2); their steps carry a reason ``Msg`` and ties a ``Choice``.
- Battles: ``battle_odds(state, space)`` (exact outcome distribution), ``assignment(state,
  space)`` (best die assignment of the rolled dice), ``princess_damage``, ``retreat_options``,
  ``dice_for``; ``fate_candidates(state, imperial)`` and ``fate_pick`` (hero id or Choice) for §7.
- ``notices(state)`` → what to announce now (ONGOING events, start-of-round/turn abilities).
- Commands: see :mod:`companion.games.unicornus.commands` (setup is ``new_game``; then
  ``BeginRound``, ``RevealEvent``, player actions, ``EndTurn``, ``PrincessAct``,
  ``MoveEmpire``, ``RetreatBeforeBattle``, ``RollBattle``, ``ResolveBattle``, ``DrawFate``,
  ``EndEmpire``, ``ReplaceCharacter``, ``EndRound``, corrections ``Correct``/``PlaceUnit``/
  ``RemoveUnit``/``SetOption``).
- Boards: ``board_from_text`` builds a small board for tests and demos.
"""

from __future__ import annotations

from companion.core.commands import Command
from companion.core.game import Moment, Outcome
from companion.core.i18n import Msg
from companion.games.unicornus import flow
from companion.games.unicornus.board import Board, board_from_text
from companion.games.unicornus.catalog import (
    SetupChoice,
    UnicornusCatalog,
    missing_values,
)
from companion.games.unicornus.catalog import load as load_catalog
from companion.games.unicornus.combat import (
    assignment,
    battle_odds,
    dice_for,
    princess_damage,
    retreat_options,
)
from companion.games.unicornus.commands import *  # noqa: F403 - registers every command
from companion.games.unicornus.commands import upgrade
from companion.games.unicornus.empire import EmpirePlan, EmpireStep, plan_empire
from companion.games.unicornus.engine import apply
from companion.games.unicornus.flow import notices
from companion.games.unicornus.log import describe as describe_step
from companion.games.unicornus.princess import PrincessPlan, PrincessStep, plan_princess
from companion.games.unicornus.rules import fate_candidates, fate_pick
from companion.games.unicornus.setup import draw_tiles, new_game
from companion.games.unicornus.state import Options, UKState


class UnicornusGame:
    key = "unicornus"
    state_type = UKState

    def new_game(self, setup: SetupChoice, catalog: UnicornusCatalog, seed: int) -> UKState:
        return new_game(catalog, setup, seed)

    def apply(self, state: UKState, cmd) -> UKState:
        return apply(state, cmd)

    def outcome(self, state: UKState) -> Outcome | None:
        return flow.outcome(state)

    def moment(self, state: UKState) -> Moment:
        return flow.moment(state)

    def upgrade(self, cmd: Command) -> Command:
        """The table's picks that older saves kept as Note steps become typed commands."""
        return upgrade(cmd)

    def describe(self, state: UKState, cmd, after: UKState | None = None) -> Msg:
        """The game-log line in the table's words (spaces as the map names them, characters
        and events by name): see :mod:`companion.games.unicornus.log`."""
        return describe_step(cmd, state)

    def summary(self, state: UKState) -> Msg:
        if state.outcome:
            return Msg(f"unicornus.outcome.{state.outcome}", {"round": state.round})
        return Msg(
            "unicornus.summary",
            {
                "round": state.round,
                "rounds": state.rounds,
                "phase": Msg(f"unicornus.phase.{state.phase}"),
            },
        )


GAME = UnicornusGame()

__all__ = [
    "GAME",
    "Board",
    "EmpirePlan",
    "EmpireStep",
    "Options",
    "PrincessPlan",
    "PrincessStep",
    "SetupChoice",
    "UKState",
    "UnicornusCatalog",
    "apply",
    "assignment",
    "battle_odds",
    "board_from_text",
    "dice_for",
    "draw_tiles",
    "fate_candidates",
    "fate_pick",
    "load_catalog",
    "missing_values",
    "new_game",
    "notices",
    "plan_empire",
    "plan_princess",
    "princess_damage",
    "retreat_options",
]
