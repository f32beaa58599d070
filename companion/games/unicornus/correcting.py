"""Corrections (the table is the source of truth): what may be corrected from a space, each
value as it stands and what kind of value it is, and the steps that give the table's values
— one ``Correct`` per changed value, ``PlaceUnit`` / ``RemoveUnit`` for whole units. The
terminal's correction forms and the players' pages both draw from these; ``apply`` checks
every value (a space that does not exist, a negative count).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.commands import Command

from .commands import Correct, PlaceUnit, RemoveUnit
from .state import UKState

# what a value is: a count, yes or no, a space of the board, a kingdom character or nobody
# (""), an imperial character or nobody, a personality, a status, a seat (from 0)
NUMBER, YES_NO, SPACE, HERO, IMPERIAL, PERSONALITY, STATUS, SEAT = (
    "number",
    "yes_no",
    "space",
    "hero",
    "imperial",
    "personality",
    "status",
    "seat",
)
PERSONALITIES = ("defensive", "normal", "aggressive")
STATUSES = ("board", "dead", "ally")


@dataclass(frozen=True)
class Value:
    """One value a correction may set: ``key`` (the command's field), ``kind`` (see above),
    ``now`` (as it stands), and a count's range."""

    key: str
    kind: str
    now: Any
    low: int = 0
    high: int | None = None


def targets(state: UKState, space: int) -> tuple[tuple[str, Any], ...]:
    """What may be corrected from ``space``, as ``(kind, ident)``: the kingdom character
    there, the imperial unit, its leader and removing it (or placing one), the space's printed
    values; then the game itself."""
    out: list[tuple[str, Any]] = []
    hero = state.hero_at(space)
    if hero is not None:
        out.append(("hero", hero.id))
    unit = state.unit_at(space)
    if unit is not None:
        out.append(("unit", space))
        if unit.leader:
            out.append(("imperial", unit.leader))
        out.append(("remove", space))
    else:
        out.append(("place", space))
    out += [("space", space), ("game", "")]
    return tuple(out)


def values(state: UKState, kind: str, ident: Any) -> tuple[Value, ...]:
    """The values of target ``(kind, ident)`` as they stand (``place``: a new unit's)."""
    if kind == "hero":
        h = state.hero(ident)
        counts = ("tokens", "supplies", "damage", "command")
        return (
            Value("space", SPACE, h.space),
            *(Value(k, NUMBER, getattr(h, k)) for k in counts),
            Value("life", NUMBER, h.life, low=1),
            Value("support", NUMBER, h.support),
            Value("alive", YES_NO, h.alive),
        )
    if kind == "imperial":
        c = state.imp(ident)
        return (
            Value("personality", PERSONALITY, c.personality),
            Value("combat_power", NUMBER, c.combat_power),
            Value("life", NUMBER, c.life, low=1),
            Value("damage", NUMBER, c.damage),
            Value("no_fate", YES_NO, c.no_fate),
            Value("bound_to", HERO, c.bound_to or ""),
            Value("status", STATUS, c.status),
        )
    if kind == "unit":
        u = state.unit_at(ident)
        return (
            Value("tokens", NUMBER, u.tokens),
            Value("leader", IMPERIAL, u.leader or ""),
            Value("space", SPACE, u.space),
        )
    if kind == "place":
        return (Value("tokens", NUMBER, 1), Value("leader", IMPERIAL, ""))
    if kind == "space":
        b = state.board
        return (
            Value("difficulty", NUMBER, b.difficulty[ident]),
            Value("impassable", YES_NO, b.impassable[ident]),
            Value("recruit", NUMBER, b.recruit[ident]),
            Value("resource", NUMBER, b.resource[ident]),
            Value("defence", NUMBER, b.defence[ident]),
        )
    if kind == "game":
        return (
            Value("round", NUMBER, state.round, low=1, high=state.rounds),
            Value("start_player", SEAT, state.start_player, high=state.players - 1),
            Value("princess_used", NUMBER, state.princess_used, high=state.princess_actions),
        )
    return ()  # remove: nothing to set


def commands(state: UKState, kind: str, ident: Any, new: dict[str, Any]) -> list[Command]:
    """The steps that give target ``(kind, ident)`` the table's values ``new`` (in the
    engine's terms: a space by its index, a seat from 0; a value left out stays): one
    ``Correct`` per changed value; a unit placed or removed whole."""
    if kind == "remove":
        return [RemoveUnit(ident)]
    if kind == "place":
        now = {v.key: v.now for v in values(state, kind, ident)} | new
        return [PlaceUnit(ident, now["tokens"], now["leader"])]
    target = "game" if kind == "game" else f"{kind}:{ident}"
    return [
        Correct(target, v.key, new[v.key])
        for v in values(state, kind, ident)
        if new.get(v.key) is not None and new[v.key] != v.now
    ]
