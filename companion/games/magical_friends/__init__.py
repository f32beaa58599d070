"""Magical Friends (and How to Summon Them): the round effects, board spaces, poison, trophies
and the race to the tavern (spec ``rules/magical-friends.md``). Pure Python.

Public API for the screens (every name below is importable from this package; the screens use
no submodule):

New game
    ``load("box" | "demo", user=None) -> MagicalFriendsCatalog``;
    ``missing_values(cat) -> list[str]`` (what the user must still transcribe): ``askable``,
    ``board_missing``, ``answers(cat, paths, values)`` (``ARTIFACT_WANDS``, ``CREATURE_FIELD``);
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
    the Highway to Hell, a turn's actions with the refused ones' reasons and what each leads
    to (``leads.py``: which friend, the steps entry, whose ability, the report's questions
    from ``reports.question``, ending in the command; ``JUMP``, the steps entry's answer for
    an ability's jump), the final tally; ``banner(state)``; ``catapult_spaces``,
    ``jump_spaces`` (derived from ``apply``'s checks); ``ranking(state)``,
    ``tie_break_steps(state)``. For the headless runner: ``autoplay.policy(seed)``,
    ``autoplay.demo_setup``.

State (``GameState``) and queries
    ``state.phase`` ("round_start" → "artifacts" → "turns" → … "over"), ``state.round``,
    ``state.current_wizard``, ``state.pending`` (decisions the table owes: answer with
    ``ResolveHighway``), ``state.events`` (what the last command did, as ``Msg``),
    ``state.tally`` at the end; ``board_view`` (what is on each space), ``destinations`` /
    ``legal_ends`` / ``step_ends`` (where a creature can go with n steps), ``steps_to_tavern``,
    ``wizard_view``, ``bonus_steps``, ``extra_spell``, ``magic_power``, ``fortune_teller``,
    ``summon_spaces``.
"""

from __future__ import annotations

# the catalog
from .catalog import MagicalFriendsCatalog, load, missing_values

# where the catapult and a jump may go: the pickers' lists, derived from apply's checks
from .choices import catapult_spaces, jump_spaces

# the commands
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

# the game
from .engine import apply, new_game, summary

# the flow: the banner
from .flow import banner

# foresight: what a move would trigger (§5)
from .foresight import MoveSeen, preview_move
from .game import GAME

# what the actions lead to: the steps entry's answer for an ability's jump
from .leads import JUMP

# the rules a game is played by, in words
from .log import rules

# queries
from .queries import (
    board_view,
    bonus_steps,
    destinations,
    extra_spell,
    fortune_teller,
    legal_ends,
    magic_power,
    step_ends,
    steps_to_tavern,
    summon_spaces,
    wizard_view,
)

# the final ranking
from .scoring import ranking, tie_break_steps

# the box form's code lines
from .sheet import (
    CARRIED,
    TIE_CODES,
    ArtifactRow,
    CreatureRow,
    Sheet,
    SheetProblem,
    carried,
    parse_track,
    sheet_data,
    sheet_of,
    side_prefix,
)
from .sheet import Fork as TrackFork
from .sheet import Node as TrackNode

# the state
from .state import (
    OPTION_CHOICES,
    RULINGS,
    SLAIN,
    GameState,
    Options,
    Setup,
    changed_options,
    choice_key,
    options_from,
)

# the unknown catalog values the owner transcribes
from .transcribe import ARTIFACT_WANDS, CREATURE_FIELD, answers, askable, board_missing

__all__ = [
    # the game
    "GAME",
    "apply",
    "new_game",
    "summary",
    # foresight
    "MoveSeen",
    "preview_move",
    # the catalog
    "MagicalFriendsCatalog",
    "load",
    "missing_values",
    # the state
    "SLAIN",
    "GameState",
    "Options",
    "Setup",
    "OPTION_CHOICES",
    "RULINGS",
    "changed_options",
    "choice_key",
    "options_from",
    "rules",
    # the box form's code lines
    "ArtifactRow",
    "CreatureRow",
    "Sheet",
    "SheetProblem",
    "TrackFork",
    "TrackNode",
    "parse_track",
    "sheet_data",
    "sheet_of",
    "side_prefix",
    "TIE_CODES",
    "CARRIED",
    "carried",
    # the flow
    "JUMP",
    "banner",
    "catapult_spaces",
    "jump_spaces",
    # queries
    "board_view",
    "bonus_steps",
    "destinations",
    "extra_spell",
    "fortune_teller",
    "legal_ends",
    "magic_power",
    "step_ends",
    "steps_to_tavern",
    "summon_spaces",
    "wizard_view",
    # the final ranking
    "ranking",
    "tie_break_steps",
    # the unknown catalog values the owner transcribes
    "ARTIFACT_WANDS",
    "CREATURE_FIELD",
    "answers",
    "askable",
    "board_missing",
    # the commands
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
