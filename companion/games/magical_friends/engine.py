"""New games and ``apply``: the one entry point that turns a command into the next state."""

from __future__ import annotations

from dataclasses import replace

from companion.core.commands import Command
from companion.core.errors import RuleError
from companion.core.i18n import Msg
from companion.core.rng import Rng

from .board import build_board
from .catalog import MagicalFriendsCatalog
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
from .corrections import correct
from .log import creature as named
from .moves import apply_move, apply_summon, catapult_refusal
from .rounds import end_game, end_turn, order_tie, play_artifacts, start_round
from .slaying import poison, slay, slay_all_on
from .spaces import resolve_highway
from .state import SLAIN, Artifact, GameState, Kind, Scoring, Setup, Wizard
from .wands import check_ability


def new_game(cat: MagicalFriendsCatalog, setup: Setup, seed: int) -> GameState:
    """A game before its first round, from a catalog, the table's setup and a seed."""
    if not 2 <= len(setup.wizards) <= 5:
        raise RuleError("magical_friends.setup.wizards")
    if not 0 <= setup.start_player < len(setup.wizards):
        raise RuleError("magical_friends.setup.start_player")
    if setup.rounds < 1:
        raise RuleError("magical_friends.setup.rounds")
    board = build_board(cat, setup.tiles)
    kinds = tuple(
        Kind(
            k.id,
            dict(k.name),
            k.alignment,
            k.wand_cost,
            k.copies,
            k.wands,
            dict(k.ability) if k.ability else None,
        )
        for k in cat.creatures
    )
    artifacts = tuple(
        Artifact(
            a.number,
            dict(a.name) if a.name else None,
            a.special,
            a.wands,
            dict(a.bonus) if a.bonus else None,
        )
        for a in cat.artifacts
    )
    s = cat.scoring
    scoring = Scoring(
        s.per_friend_in_tavern,
        s.per_poisoned_friend_in_tavern,
        s.per_trophy,
        s.per_neutral_trophy,
        tuple(s.tie_break or ()),
    )
    return GameState(
        board=board,
        kinds=kinds,
        artifacts=artifacts,
        scoring=scoring,
        turn_order_rule=cat.turn_order,
        options=setup.options,
        wizards=tuple(Wizard(name, colour) for name, colour in setup.wizards),
        rng=Rng(seed),
        rounds=setup.rounds,
        start_player=setup.start_player,
        stairway_up=setup.stairway_up,
    )


def apply(state: GameState, cmd: Command, *, ask_dice: bool = False) -> GameState:
    """The state after ``cmd`` (pure). Raises ``RuleError`` when it is not legal now.
    ``ask_dice``: a move's die with no face entered raises ``dice.DieNeeded`` instead of
    being rolled by the app (the report's questions and the preview ask it)."""
    if state.phase == "over" and not _is_correction(cmd):
        raise RuleError("magical_friends.game.over")
    if state.pending and not isinstance(cmd, ResolveHighway) and not _is_correction(cmd):
        raise RuleError("magical_friends.pending.first")
    state = replace(state, events=())
    if isinstance(cmd, StartRound):
        return start_round(state, cmd)
    if isinstance(cmd, PlayArtifacts):
        return play_artifacts(state, cmd)
    if isinstance(cmd, OrderTie):
        return order_tie(state, cmd.wizard)
    if isinstance(cmd, Summon):
        return apply_summon(state, cmd)
    if isinstance(cmd, Move):
        return apply_move(state, cmd, ask_dice)
    if isinstance(cmd, MoveCatapult):
        why = catapult_refusal(state, cmd.to)
        if why is not None:
            raise RuleError(why)
        return replace(state, catapult_space=cmd.to)
    if isinstance(cmd, ResolveHighway):
        return resolve_highway(state, cmd.slay, cmd.targets)
    if isinstance(cmd, Slay):
        return _ability_slay(state, cmd)
    if isinstance(cmd, Poison):
        c = state.creature(cmd.creature)
        if c.where in (SLAIN, state.board.tavern):
            raise RuleError("magical_friends.move.not_racing", creature=named(state, c.id))
        by = cmd.by
        if cmd.by is not None or cmd.ability is not None:
            by = check_ability(state, cmd.by, cmd.ability, cmd.wands, cmd.cost)
        return poison(state, cmd.creature, by, "ability")
    if isinstance(cmd, EndTurn):
        return end_turn(state)
    if isinstance(cmd, EndGame):
        return end_game(state)
    if isinstance(cmd, CorrectWizard | CorrectCreature | CorrectHeart | CorrectBoard):
        return correct(state, cmd)
    raise RuleError("core.rule.unknown_command", kind=cmd.kind)


def _is_correction(cmd: Command) -> bool:
    return isinstance(cmd, CorrectWizard | CorrectCreature | CorrectHeart | CorrectBoard)


def _ability_slay(state: GameState, cmd: Slay) -> GameState:
    check_ability(state, cmd.by, cmd.ability, cmd.wands, cmd.cost)
    if cmd.space is not None:
        state.board.space(cmd.space)
        return slay_all_on(state, cmd.space, cmd.by, "ability")
    if not cmd.creatures:
        raise RuleError("magical_friends.slay.nothing")
    for cid in cmd.creatures:
        c = state.creature(cid)
        if c.where in (SLAIN, state.board.tavern):
            raise RuleError("magical_friends.move.not_racing", creature=named(state, cid))
        state = slay(state, cid, cmd.by, "ability")
    return state


def summary(state: GameState) -> Msg:
    if state.phase == "over" and state.tally is not None:
        return Msg(
            "magical_friends.summary.over",
            {"winners": ", ".join(state.wizards[i].name for i in state.tally.winners)},
        )
    return Msg(
        "magical_friends.summary.round",
        {
            "round": min(state.round_named, state.rounds),
            "rounds": state.rounds,
            "phase": Msg(f"magical_friends.phase.{state.phase}"),
        },
    )
