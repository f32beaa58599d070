"""Unicornus Knights: the engine (spec ``shared/rules/unicornus-knights.md``). Pure Python.

Public API for the screens (every name below is importable from this package; the screens use
no submodule):

- ``GAME`` — the game object (key ``"unicornus"``, :class:`companion.core.game.Game`):
  ``new_game(setup, catalog, seed)``, ``apply``, ``describe(before, cmd, after)`` (the
  game-log line in the table's words), ``summary``, ``outcome``, ``moment`` (what the table
  faces now: :mod:`companion.games.unicornus.flow`), ``upgrade`` (older saves' Note picks).
- ``load_catalog(name="box"|"demo", user=None)`` → ``UnicornusCatalog``;
  ``missing_values(catalog, SetupChoice)`` → the unknown values this game needs (paths).
- ``new_game(catalog, SetupChoice, seed, options=None)`` → ``UKState`` at round 1 (§2);
  ``draw_tiles`` for showing the drawn map first.
- State: ``UKState``, ``Hero``, ``Unit``, ``PRINCESS`` (her id), ``Options``.
- The flow, for a screen's turn: ``seat_of_turn(state)``, ``acting``, ``player_actions(state,
  hid)``, ``table_moment(state, hid)`` (the moment for the character the table acts with,
  its actions each leading somewhere: ``Handover`` is what a transport asks, ``WHAT_IF`` the
  kind of a what-if view), ``move_targets``, ``transport_receivers`` (``flow.receivers``),
  ``free_starts``, ``princess_left``, ``merges``, ``space_of(cmd)``; ``notices(state)`` → what
  to announce now (ONGOING events, start-of-round/turn abilities, with their text);
  ``battle_abilities(state, battle)`` (what may be used in a battle), ``ability(hero, key)``;
  ``event_level(state, round)`` for the table's own event deck;
  ``changed_options(options)`` (the rule options that differ from the Rulings).
- ``plan_princess(state)`` → ``PrincessPlan`` (§5.1); ``plan_empire(state, forbid=())`` →
  ``EmpirePlan`` (§5.2), ``planned(state)`` (the plan the Empire follows) and
  ``destination(state, step)``; their steps carry a reason ``Msg`` and ties a ``Choice``.
- Battles: ``battle_odds(state, space)`` (exact outcome distribution), ``assignment(state,
  space)`` (best die assignment of the rolled dice), ``table_assignment``, ``battle_at``,
  ``is_princess_battle``, ``princess_damage``, ``retreat_options``, ``dice_for``; the dice
  maths' ``legal_splits`` and ``result_label``; ``fate_candidates(state, imperial)`` and
  ``fate_pick`` (hero id or Choice) for §7.
- The table's words: ``count(kind, n)``, ``space_label(state, space)``.
- Commands (:mod:`companion.games.unicornus.commands`; setup is ``new_game``): ``BeginRound``,
  ``RevealEvent``, the player actions (``Recruit``, ``Procure``, ``Move``, ``Transport``,
  ``DrawSupport``), ``EndTurn``, ``PrincessAct``, the Empire phase's (``PickEmpireMove``,
  ``SettleConflict``, ``MoveEmpire``), ``RetreatBeforeBattle``/``StayAndFight``,
  ``RollBattle``, ``ResolveBattle``, ``PickFatePair``, ``DrawFate``, ``MakeAlly``,
  ``EndEmpire``, ``ReplaceCharacter``, ``EndRound``, corrections
  ``Correct``/``Corrections``/``PlaceUnit``/``RemoveUnit``/``SetOption``; what a correction
  may set: ``correction_targets(state, space)``, ``correction_values(state, kind, ident)``
  (each a ``CorrectionValue``), ``corrections(state, kind, ident, values)`` (the steps).
- Boards: ``Board``; ``board_from_text`` builds a small board for tests and demos;
  ``default_layout()``, ``flower(a, b)`` (the hexes of a tile).
"""

from __future__ import annotations

from companion.core.commands import Command
from companion.core.game import Moment, Outcome
from companion.core.i18n import Msg
from companion.games.unicornus import flow

# the moment with the table's own actions (corrections, allies, what-if)
from companion.games.unicornus.actions import WHAT_IF
from companion.games.unicornus.actions import moment as table_moment

# battles: the dice maths
from companion.games.unicornus.battle import legal_splits, result_label

# the board
from companion.games.unicornus.board import Board, board_from_text, default_layout, flower

# the catalog
from companion.games.unicornus.catalog import (
    SetupChoice,
    UnicornusCatalog,
    missing_values,
)
from companion.games.unicornus.catalog import load as load_catalog

# battles on the map
from companion.games.unicornus.combat import (
    assignment,
    battle_at,
    battle_odds,
    dice_for,
    is_princess_battle,
    princess_damage,
    retreat_options,
    table_assignment,
)

# the commands (importing them registers them)
from companion.games.unicornus.commands import (
    BeginRound,
    Correct,
    Corrections,
    DrawFate,
    DrawSupport,
    EndEmpire,
    EndRound,
    EndTurn,
    MakeAlly,
    Move,
    MoveEmpire,
    PickEmpireMove,
    PickFatePair,
    PlaceUnit,
    PrincessAct,
    Procure,
    Recruit,
    RemoveUnit,
    ReplaceCharacter,
    ResolveBattle,
    RetreatBeforeBattle,
    RevealEvent,
    RollBattle,
    SetOption,
    SettleConflict,
    StayAndFight,
    Transport,
    upgrade,
)

# corrections: what may be corrected, each value as it stands, the steps of the table's values
from companion.games.unicornus.correcting import PERSONALITIES, STATUSES
from companion.games.unicornus.correcting import Value as CorrectionValue
from companion.games.unicornus.correcting import commands as corrections
from companion.games.unicornus.correcting import targets as correction_targets
from companion.games.unicornus.correcting import values as correction_values

# the Empire's plan (§5.2)
from companion.games.unicornus.empire import (
    EmpirePlan,
    EmpireStep,
    destination,
    plan_empire,
    planned,
)

# applying a command
from companion.games.unicornus.engine import apply

# the flow: what a turn allows (``receivers`` aliased: the screens name their local list so)
from companion.games.unicornus.flow import (
    Handover,
    ability,
    acting,
    battle_abilities,
    free_starts,
    merges,
    move_targets,
    notices,
    player_actions,
    princess_left,
    seat_of_turn,
    space_of,
)
from companion.games.unicornus.flow import receivers as transport_receivers

# foresight: what the Princess and the Empire would do now
from companion.games.unicornus.foresight import (
    Foresight,
    Seen,
    preview,
    preview_offered,
    what_ifs,
)
from companion.games.unicornus.log import describe as describe_step

# the Princess's plan (§5.1)
from companion.games.unicornus.princess import PrincessPlan, PrincessStep, plan_princess

# Fate (§7)
from companion.games.unicornus.rules import event_level, fate_candidates, fate_pick

# a new game
from companion.games.unicornus.setup import draw_tiles, new_game

# the state
from companion.games.unicornus.state import (
    PRINCESS,
    Hero,
    Options,
    UKState,
    Unit,
    changed_options,
)

# the table's words
from companion.games.unicornus.words import count, space_label


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
        return table_moment(state)

    def upgrade(self, cmd: Command) -> Command:
        """The table's picks that older saves kept as Note steps become typed commands."""
        return upgrade(cmd)

    def describe(self, state: UKState, cmd, after: UKState | None = None) -> Msg:
        """The game-log line in the table's words (spaces as the map names them, characters
        and events by name): see :mod:`companion.games.unicornus.log`."""
        return describe_step(cmd, state, after)

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
    # the game
    "GAME",
    "apply",
    "new_game",
    "draw_tiles",
    # the catalog
    "SetupChoice",
    "UnicornusCatalog",
    "load_catalog",
    "missing_values",
    # the board
    "Board",
    "board_from_text",
    "default_layout",
    "flower",
    # the state
    "PRINCESS",
    "Hero",
    "Options",
    "UKState",
    "changed_options",
    "Unit",
    # the flow: what a turn allows
    "ability",
    "acting",
    "battle_abilities",
    "event_level",
    "Handover",
    "WHAT_IF",
    "table_moment",
    "free_starts",
    "merges",
    "move_targets",
    "notices",
    "player_actions",
    "princess_left",
    "seat_of_turn",
    "space_of",
    "transport_receivers",
    # foresight
    "Foresight",
    "Seen",
    "preview",
    "preview_offered",
    "what_ifs",
    # the plans
    "EmpirePlan",
    "EmpireStep",
    "PrincessPlan",
    "PrincessStep",
    "destination",
    "plan_empire",
    "plan_princess",
    "planned",
    # battles and Fate
    "assignment",
    "battle_at",
    "battle_odds",
    "dice_for",
    "fate_candidates",
    "fate_pick",
    "is_princess_battle",
    "legal_splits",
    "princess_damage",
    "result_label",
    "retreat_options",
    "table_assignment",
    # the table's words
    "count",
    "space_label",
    # the commands
    "BeginRound",
    "Correct",
    "Corrections",
    # corrections
    "CorrectionValue",
    "PERSONALITIES",
    "STATUSES",
    "correction_targets",
    "correction_values",
    "corrections",
    "DrawFate",
    "DrawSupport",
    "EndEmpire",
    "EndRound",
    "EndTurn",
    "MakeAlly",
    "Move",
    "MoveEmpire",
    "PickEmpireMove",
    "PickFatePair",
    "PlaceUnit",
    "PrincessAct",
    "Procure",
    "Recruit",
    "RemoveUnit",
    "ReplaceCharacter",
    "ResolveBattle",
    "RetreatBeforeBattle",
    "RevealEvent",
    "RollBattle",
    "SetOption",
    "SettleConflict",
    "StayAndFight",
    "Transport",
]
