"""Magical Friends (and How to Summon Them): the round effects, board spaces, poison, trophies
and the race to the tavern (spec ``rules/magical-friends.md``). Pure Python.

Public API for the screens:

New game
    ``catalog.load("box" | "demo", user=None) -> MagicalFriendsCatalog``;
    ``catalog.missing_values(cat) -> list[str]`` (what the user must still transcribe);
    ``new_game(cat, Setup(wizards=((name, colour), ...), tiles=((tile, side), ...),
    start_player=0, rounds=8, stairway_up=True, options=Options()), seed) -> GameState``.

Commands (``GAME.apply(state, cmd)``, on the step log)
    ``StartRound(fairy_roll=None)``, ``PlayArtifacts(played, tie_order=())``, ``OrderTie(wizard)``,
    ``Summon(wizard, creature_kind, space)``, ``Move(creature, to=None, steps=None, branches=(),
    how="basic"|"chili"|"pity"|"fairy_dust"|"dagger"|"ability", by=None, jump=False,
    cavern_rolls=(), throw_branches=(), shot_branches=())``, ``MoveCatapult(to)``,
    ``ResolveHighway(slay, targets=())``, ``Slay(by, creatures=(), space=None)``,
    ``Poison(creature, by=None)``, ``EndTurn()``, ``EndGame()``, and the corrections
    ``CorrectWizard``, ``CorrectCreature``, ``CorrectHeart``, ``CorrectBoard``.

The flow (``GAME.moment(state)``, ``GAME.outcome(state)``: ``flow.py``)
    what the table faces now: the app's round start, the artifacts to enter, a tie's order,
    the Highway to Hell, a turn's actions with the refused ones' reasons, the final tally;
    ``reports.question(state, Draft(move))``: what a reported move still needs (the cavern
    die, its end, a fork), as typed questions; ``autoplay.policy(seed)``, ``demo_setup``.

State (``GameState``) and queries
    ``state.phase`` ("round_start" → "artifacts" → "turns" → … "over"), ``state.round``,
    ``state.current_wizard``, ``state.pending`` (decisions the table owes: answer with
    ``ResolveHighway``), ``state.events`` (what the last command did, as ``Msg``),
    ``state.tally`` at the end; ``queries.board_view`` (what is on each space),
    ``queries.destinations`` / ``queries.legal_ends`` (where a creature can go with n steps),
    ``queries.wizard_view``, ``queries.bonus_steps``, ``queries.summon_spaces``.
"""

from __future__ import annotations

from .catalog import MagicalFriendsCatalog, load, missing_values
from .commands import (
    CorrectBoard,
    CorrectCreature,
    CorrectHeart,
    CorrectWizard,
    EndGame,
    EndTurn,
    Move,
    MoveCatapult,
    OrderTie,
    PlayArtifacts,
    Poison,
    ResolveHighway,
    Slay,
    StartRound,
    Summon,
)
from .engine import GAME, apply, new_game, summary
from .state import SLAIN, GameState, Options, Setup

__all__ = [
    "GAME",
    "SLAIN",
    "GameState",
    "MagicalFriendsCatalog",
    "Options",
    "Setup",
    "apply",
    "load",
    "missing_values",
    "new_game",
    "summary",
    "CorrectBoard",
    "CorrectCreature",
    "CorrectHeart",
    "CorrectWizard",
    "EndGame",
    "EndTurn",
    "Move",
    "MoveCatapult",
    "OrderTie",
    "PlayArtifacts",
    "Poison",
    "ResolveHighway",
    "Slay",
    "StartRound",
    "Summon",
]
