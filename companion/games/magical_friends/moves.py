"""Moves as the table reports them (spec §4, §5): basic moves, bonus moves (Pity Power,
Fairy Dust, the Scheming Dagger), the Market A second basic move, ability moves; and summoning.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import RuleError
from companion.core.i18n import Msg

from .board import CAVERN_DIE, Walk, follow, walks_to
from .commands import Move, Summon
from .dice import Dice
from .log import creature as named
from .log import kind_name
from .slaying import poison
from .spaces import MoveContext, place_and_arrive
from .state import SLAIN, Creature, GameState
from .wands import check_ability

BONUS_KINDS = ("pity", "fairy_dust", "dagger")
JUMPS = ("ability",)  # the moves that may put a creature straight onto a space (an ability)


def may_jump(how: str) -> bool:
    """Whether a move of kind ``how`` may jump (not go along a path): only an ability's."""
    return how in JUMPS


def jump_refusal(state: GameState, to: str) -> Msg | None:
    """Why a jump may not end on ``to`` (None: it may): a space of the board, not a start
    space (a creature enters the race only by being summoned)."""
    if to not in state.board.spaces:
        return Msg("magical_friends.board.no_space", {"space": to})
    if to in state.board.start_spaces:
        return Msg("magical_friends.move.jump_start", {"space": to})
    return None


def catapult_refusal(state: GameState, to: str) -> Msg | None:
    """Why the catapult may not be put on ``to`` (None: it may): it stands on the tiles,
    neither on a start space nor in the tavern (§5 Catapult: it moves like a friend)."""
    if state.catapult_holder is None:
        return Msg("magical_friends.catapult.nobody")
    if to not in state.board.spaces:
        return Msg("magical_friends.board.no_space", {"space": to})
    if to == state.board.tavern or to in state.board.start_spaces:
        return Msg("magical_friends.catapult.bad_space", {"space": to})
    return None


def bonus_steps(state: GameState, kind: str) -> int | None:
    """Exact steps of a card bonus move: Pity Power 2, Fairy Dust 3, +1 in the bonus round."""
    base = {"pity": 2, "fairy_dust": 3}.get(kind)
    if base is None:
        return None
    return base + (1 if state.round == state.bonus_round else 0)


def check_mover(state: GameState, c: Creature, how: str) -> None:
    """Raise ``RuleError`` unless ``c`` may make a move of kind ``how`` now (the creature's
    side of it: whose friend, one bonus move per turn, the card or the dagger held)."""
    if c.where == SLAIN or c.where == state.board.tavern:
        raise RuleError("magical_friends.move.not_racing", creature=named(state, c.id))
    if how != "ability" and c.owner != state.current_wizard:
        raise RuleError("magical_friends.move.not_your_friend", creature=named(state, c.id))
    if how in BONUS_KINDS and c.id in state.bonus_moved:
        raise RuleError("magical_friends.move.one_bonus", creature=named(state, c.id))
    w = state.wizards[c.owner]
    if how in ("pity", "fairy_dust") and (w.pity if how == "pity" else w.fairy_dust) < 1:
        raise RuleError("magical_friends.move.no_card", **_no_card(state, c.owner, how))
    if how == "dagger" and c.owner not in state.dagger_ready:
        raise RuleError("magical_friends.move.no_dagger")
    if how == "chili" and c.id not in state.chili:
        raise RuleError("magical_friends.move.no_chili", creature=named(state, c.id))


def _no_card(state: GameState, wizard: int, how: str) -> dict:
    """Who lacks which card, by their names (never "fairy_dust")."""
    return {"wizard": state.wizards[wizard].name, "card": Msg(f"magical_friends.card.{how}")}


def movers(state: GameState, how: str) -> tuple[Creature, ...]:
    """The creatures that may make a move of kind ``how`` now (an ability may move anyone's)."""
    if state.phase != "turns" or state.pending:
        return ()
    pool = state.racing() if how == "ability" else state.racing(state.current_wizard)
    out = []
    for c in pool:
        try:
            check_mover(state, c, how)
        except RuleError:
            continue
        out.append(c)
    return tuple(out)


def move_refusal(state: GameState, how: str) -> Msg | None:
    """Why no move of kind ``how`` can be made now (None: some creature can make one)."""
    wiz = state.current_wizard
    if wiz is None:
        return Msg("magical_friends.move.not_now")
    w = state.wizards[wiz]
    if how in ("pity", "fairy_dust") and (w.pity if how == "pity" else w.fairy_dust) < 1:
        return Msg("magical_friends.move.no_card", _no_card(state, wiz, how))
    if how == "dagger" and wiz not in state.dagger_ready:
        return Msg("magical_friends.move.no_dagger")
    if movers(state, how):
        return None
    if how == "chili":
        return Msg("magical_friends.move.no_chili_now")
    if how in BONUS_KINDS and state.racing(wiz):
        return Msg("magical_friends.move.bonus_used")
    return Msg("magical_friends.move.no_friend", {"wizard": wiz})


def apply_move(state: GameState, cmd: Move, ask_dice: bool = False) -> GameState:
    """``ask_dice``: a die the command has no face for raises ``DieNeeded`` (the report's
    question, the preview's branch) instead of being rolled by the app."""
    if state.phase != "turns":
        raise RuleError("magical_friends.move.not_now")
    c = state.creature(cmd.creature)
    check_mover(state, c, cmd.how)
    turn = state.current_wizard
    by = None
    if cmd.how == "ability":
        # §2: the ability's wizard needs magic power at least its wand cost
        by = check_ability(
            state, cmd.by if cmd.by is not None else turn, cmd.ability, cmd.wands, cmd.cost
        )
    if cmd.jump and not may_jump(cmd.how):
        raise RuleError("magical_friends.move.jump_only_ability")

    state, steps = _pay_for_move(state, c, cmd)
    dice = Dice(cmd.cavern_rolls, state.rng, ask_dice)
    if cmd.how == "fairy_dust":
        # Fairy Dust poisons the friend before it moves (§4)
        state = poison(state, c.id, None, "fairy_dust")
        if state.creature(c.id).where == SLAIN:
            return replace(state, rng=dice.rng)
    walk = _walk_for(state, c, cmd, steps, dice)
    ctx = MoveContext(
        by=by,
        throw_branches=cmd.throw_branches,
        shot_branches=cmd.shot_branches,
        dagger=cmd.how == "dagger",
    )
    state = place_and_arrive(state, c.id, c.where, walk, ctx, dice)
    dice.check_all_used()
    if dice.rolled:  # the cavern dice the app rolled, for the log
        state = state.note("magical_friends.event.app_dice", faces=dice.rolled_faces)
    return replace(state, rng=dice.rng)


def _pay_for_move(state: GameState, c: Creature, cmd: Move) -> tuple[GameState, int | None]:
    """Spend what the move uses (checked by :func:`check_mover`); return the step count."""
    steps = cmd.steps
    if cmd.how in BONUS_KINDS:
        state = replace(state, bonus_moved=(*state.bonus_moved, c.id))
    w = state.wizards[c.owner]
    if cmd.how in ("pity", "fairy_dust"):
        fixed = bonus_steps(state, cmd.how)
        if steps is not None and steps != fixed:
            raise RuleError("magical_friends.move.exact_steps", steps=fixed)
        steps = fixed
        w = (
            replace(w, pity=w.pity - 1)
            if cmd.how == "pity"
            else replace(w, fairy_dust=w.fairy_dust - 1)
        )
        state = state.with_wizard(c.owner, w)
    elif cmd.how == "dagger":
        state = replace(state, dagger_ready=tuple(x for x in state.dagger_ready if x != c.owner))
    elif cmd.how == "chili":
        # Market A: a second basic move for this friend (a basic move, not a bonus move)
        state = replace(state, chili=tuple(x for x in state.chili if x != c.id))
    if cmd.how in ("basic", "chili"):
        state = replace(state, basic_moved=(*state.basic_moved, c.id))
    if cmd.to is None and steps is None:
        raise RuleError("magical_friends.move.where")
    return state, steps


def _walk_for(state: GameState, c: Creature, cmd: Move, steps: int | None, dice: Dice) -> Walk:
    board = state.board
    if cmd.jump:
        if cmd.to is None:
            raise RuleError("magical_friends.move.where")
        why = jump_refusal(state, cmd.to)
        if why is not None:
            raise RuleError(why)
        return Walk((cmd.to,))
    if cmd.to is None:
        assert steps is not None
        return follow(board, c.where, steps, cmd.branches, dice.roll)
    board.space(cmd.to)
    # the end space was reported: find the ways there that fit what else was reported; the
    # way's own caverns take the first rolls, the rest are a catapult throw's or shot's
    wanted = tuple(CAVERN_DIE.get(r, "?") for r in cmd.cavern_rolls)
    found = [
        w
        for w in walks_to(board, c.where, cmd.to)
        if (
            steps is None
            or len(w.path) == steps
            or (w.end == board.tavern and len(w.path) <= steps)
        )
        and w.forks[: len(cmd.branches)] == cmd.branches
        and w.cavern[: len(wanted)] == wanted[: len(w.cavern)]
    ]
    if not found:
        raise RuleError(
            "magical_friends.move.unreachable", creature=named(state, c.id), space=cmd.to
        )
    # ways that differ in what happens on them need the table to say which one
    relevant = {(w.cavern, w.path if cmd.how == "dagger" else ()) for w in found}
    if len(relevant) > 1:
        raise RuleError("magical_friends.move.ambiguous", space=cmd.to)
    # those rolls are accounted for by the way found
    dice.left = dice.left[min(len(found[0].cavern), len(wanted)) :]
    return found[0]


def apply_summon(state: GameState, cmd: Summon) -> GameState:
    if state.phase != "turns":
        raise RuleError("magical_friends.move.not_now")
    if not 0 <= cmd.wizard < len(state.wizards):
        raise RuleError("magical_friends.wizard.unknown", wizard=cmd.wizard)
    kind = state.kind(cmd.creature_kind)
    why = unavailable(state, kind.id)
    if why is not None:
        raise RuleError(why, kind=kind_name(state, kind.id))
    if cmd.space not in summon_spaces(state, cmd.wizard):
        raise RuleError("magical_friends.summon.bad_space", space=cmd.space)
    cid = f"{kind.id}-{state.next_creature}"
    new = Creature(cid, kind.id, cmd.wizard, cmd.space)
    state = replace(state, creatures=(*state.creatures, new), next_creature=state.next_creature + 1)
    return state.note("magical_friends.event.summoned", creature=cid, wizard=cmd.wizard)


def unavailable(state: GameState, kid: str) -> str | None:
    """Why a kind cannot be summoned now (a message key taking ``kind``), or None."""
    if state.kind(kid).id in state.discarded_kinds:
        return "magical_friends.summon.discarded"
    if copies_left(state, kid) == 0:
        return "magical_friends.summon.no_copies"
    return None


def copies_left(state: GameState, kid: str) -> int | None:
    """How many figures of a kind are still in the supply (None: the catalog does not say)."""
    kind = state.kind(kid)
    if kind.copies is None:
        return None
    return max(0, kind.copies - sum(1 for x in state.creatures if x.kind == kind.id))


def distinct_summon_spaces(state: GameState, wizard: int) -> tuple[str, ...]:
    """The summon spaces that make a difference: start spaces that lead to the same place
    (each ``next = ["@next"]``) count once, so the table is not asked which one."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for sid in summon_spaces(state, wizard):
        sp = state.board.space(sid)
        if sid in state.board.start_spaces:
            if sp.next in seen:
                continue
            seen.add(sp.next)
        out.append(sid)
    return tuple(out)


def summon_spaces(state: GameState, wizard: int) -> tuple[str, ...]:
    """Start spaces, plus each Portal where one of the wizard's friends stands (§5)."""
    portals = tuple(
        sid
        for sid in state.board.of_kind("portal")
        if any(x.owner == wizard for x in state.on_space(sid))
    )
    return state.board.start_spaces + portals
