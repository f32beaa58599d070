"""Unicornus Knights: the engine (spec ``shared/rules/unicornus-knights.md``). Pure Python.

Public API (for the UI):

- ``GAME`` — the game object (key ``"unicornus"``): ``apply(state, cmd)``, ``summary(state)``,
  ``describe(cmd, state)`` (the game-log line in the table's words).
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

from companion.core.i18n import Msg
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
from companion.games.unicornus.empire import EmpirePlan, EmpireStep, plan_empire
from companion.games.unicornus.engine import apply
from companion.games.unicornus.log import describe as describe_step
from companion.games.unicornus.princess import PrincessPlan, PrincessStep, plan_princess
from companion.games.unicornus.rules import fate_candidates, fate_pick
from companion.games.unicornus.setup import draw_tiles, new_game
from companion.games.unicornus.state import Options, UKState


def notices(state: UKState) -> list[Msg]:
    """What the table should be reminded of now (§3 steps 1 and 3)."""
    out: list[Msg] = []
    if state.phase in ("round_start", "event"):
        for ev in state.ongoing:
            out.append(Msg("unicornus.notice.ongoing", {"name": _n(ev.name)}))
        for h in state.heroes:
            if h.on_board and "r" in h.timing:
                out.append(Msg("unicornus.notice.round_ability", {"name": _n(h.name)}))
    if state.phase == "players" and state.turn < state.players:
        for hid in state.seats[state.current_seat]:
            h = state.hero(hid)
            if h.on_board and "t" in h.timing:
                out.append(Msg("unicornus.notice.turn_ability", {"name": _n(h.name)}))
    return out


def _n(name: tuple[str, str]) -> Msg:
    return Msg("unicornus.name", {"en": name[0], "ja": name[1]})


class UnicornusGame:
    key = "unicornus"
    state_type = UKState

    def apply(self, state: UKState, cmd) -> UKState:
        return apply(state, cmd)

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
