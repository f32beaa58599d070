"""What the table may pick while it reports a step of a turn (spec §2–§5): which friend may
move or cast, which kind may be summoned and where, what an ability may slay or poison, where
the catapult or a jump may go, and why an action of the turn is refused. Every list is derived
from the checks ``apply`` makes, so a screen never offers what the rules refuse."""

from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.i18n import Msg

from .log import wizard
from .moves import (
    catapult_refusal,
    distinct_summon_spaces,
    jump_refusal,
    move_refusal,
    unavailable,
)
from .state import SLAIN, Creature, GameState, Kind
from .wands import check_ability, magic_power

MOVES = ("move", "chili", "pity", "fairy_dust", "dagger")
TURN_ACTIONS = (*MOVES, "ability", "summon", "slay", "poison", "catapult", "end_turn")
# the ability's numbers the table gives where the catalog does not know them (§2)
UNKNOWN_KEYS = ("magical_friends.ability.cost_unknown", "magical_friends.ability.wands_unknown")


CASTING = ("ability", "slay", "poison")  # actions that use a friend's ability (§2)


def refusal(state: GameState, action: str) -> Msg | None:
    """Why ``action`` cannot be done now (None: it can), from the engine's own checks."""
    if action in MOVES:
        return move_refusal(state, "basic" if action == "move" else action)
    if action in CASTING:
        return ability_refusal(state)
    if action == "summon":
        if state.current_wizard is None:
            return Msg("magical_friends.move.not_now")
        if all(reason is not None for _, reason in summon_kinds(state)):
            return Msg("magical_friends.summon.nothing_left")
        return None
    if action == "catapult":
        return None if state.catapult_holder is not None else Msg("magical_friends.catapult.nobody")
    return None


def ability_refusal(state: GameState) -> Msg | None:
    """§2: why the current wizard can use no friend's ability now (a friend whose wand cost
    or wands the catalog does not know may be usable: the table gives the numbers)."""
    wiz = state.current_wizard
    if wiz is None:
        return Msg("magical_friends.move.not_now")
    first: Msg | None = None
    for c in casters(state):
        why = caster_refusal(state, c.id)
        if why is None or why.key in UNKNOWN_KEYS:
            return None
        first = first or why
    return first or Msg("magical_friends.ability.no_friend", {"wizard": wizard(state, wiz)})


def casters(state: GameState) -> tuple[Creature, ...]:
    """The current wizard's friends whose abilities may be used (those in the race)."""
    wiz = state.current_wizard
    return () if wiz is None else state.racing(wiz)


def caster_refusal(
    state: GameState, cid: str, wands: int | None = None, cost: int | None = None
) -> Msg | None:
    """Why the current wizard cannot use ``cid``'s ability with these numbers (§2)."""
    try:
        check_ability(state, state.current_wizard, cid, wands, cost)
    except RuleError as exc:
        return exc.message
    return None


def ability_unknowns(state: GameState, cid: str) -> tuple[str, ...]:
    """The numbers the table must give to use ``cid``'s ability: ``"cost"`` (the friend's
    wand cost) and ``"wands"`` (the wizard's magic power), where the catalog has none."""
    out = []
    if state.kind(state.creature(cid).kind).wand_cost is None:
        out.append("cost")
    if magic_power(state, state.creature(cid).owner).total is None:
        out.append("wands")
    return tuple(out)


def summon_kinds(state: GameState) -> tuple[tuple[Kind, Msg | None], ...]:
    """Every kind in catalog order, with why it cannot be summoned now (None: it can)."""
    out = []
    for k in state.kinds:
        why = unavailable(state, k.id)
        out.append((k, None if why is None else Msg(why, {"kind": dict(k.name)})))
    return tuple(out)


def summon_choices(state: GameState) -> tuple[str, ...]:
    """Where the current wizard may summon, one space per place that makes a difference
    (start spaces leading to the same place count once)."""
    wiz = state.current_wizard
    return () if wiz is None else distinct_summon_spaces(state, wiz)


def slay_targets(state: GameState) -> tuple[tuple[str, str], ...]:
    """What an ability may slay: ``("one", creature)`` for each creature in the race, then
    ``("all", space)`` for each space with several creatures (§3, all or nothing)."""
    one = tuple(("one", c.id) for c in state.racing())
    spaces = tuple(
        ("all", sid)
        for sid in state.board.order
        if sid != state.board.tavern and len(state.on_space(sid)) > 1
    )
    return one + spaces


def poison_targets(state: GameState) -> tuple[Creature, ...]:
    return state.racing()


def catapult_spaces(state: GameState) -> tuple[str, ...]:
    """Where the catapult may be put (the rule is ``apply``'s: ``moves.catapult_refusal``)."""
    return tuple(s for s in state.board.order if catapult_refusal(state, s) is None)


def jump_spaces(state: GameState) -> tuple[str, ...]:
    """Where an ability may put a creature directly (``apply``'s rule: ``jump_refusal``)."""
    return tuple(s for s in state.board.order if jump_refusal(state, s) is None)


def slain(state: GameState) -> tuple[Creature, ...]:
    return tuple(c for c in state.creatures if c.where == SLAIN)
