"""Wands and magic power (spec §2): who may use a creature's ability this turn.

A wizard's magic power is the wands on their friends still in the race (not in the tavern,
not slain) plus the wands on their active artifact card (the one played this round), plus
board effects (Market E, conjuring: see ``Options.conjuring_power``). An ability can be used
only if that power is at least the creature's wand cost. Power is not spent: one pool pays
for several abilities in the same turn, so nothing is deducted here.

How many wands a friend or an artifact carries is not in the rulebook excerpt: it is a
catalog value (``wands`` of a creature kind / an artifact), "?" in the box. When a value the
count needs is unknown, the table tells the companion the number (``wands`` / ``cost`` on the
command) instead of the companion guessing.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import RuleError

from .log import creature as named
from .log import kind_name
from .state import SLAIN, GameState


@dataclass(frozen=True)
class Power:
    """A wizard's magic power this turn and where it comes from; ``total`` is None when a
    wand count is unknown (``unknown`` names what is missing)."""

    friends: int
    artifact: int
    conjuring: int
    unknown: tuple[str, ...] = ()

    @property
    def total(self) -> int | None:
        return None if self.unknown else self.friends + self.artifact + self.conjuring


def on_market(state: GameState, wizard: int, letter: str) -> bool:
    """A friend of ``wizard`` stands on Market Fair ``letter`` (B and E act while one does)."""
    return any(
        state.board.spaces[c.where].kind == "market"
        and state.board.spaces[c.where].market == letter
        for c in state.racing(wizard)
    )


def active_artifact(state: GameState, wizard: int) -> int | None:
    """The artifact the wizard played this round (None before artifacts are played)."""
    if state.phase != "turns" or wizard >= len(state.played):
        return None
    return state.played[wizard]


def magic_power(state: GameState, wizard: int) -> Power:
    unknown: list[str] = []
    friends = 0
    for c in state.racing(wizard):
        wands = state.kind(c.kind).wands
        if wands is None:
            if c.kind not in unknown:
                unknown.append(c.kind)
        else:
            friends += wands
    artifact = 0
    number = active_artifact(state, wizard)
    if number is not None:
        art = next((a for a in state.artifacts if a.number == number), None)
        if art is None or art.wands is None:
            unknown.append(f"#{number}")
        else:
            artifact = art.wands
    conjuring = state.options.conjuring_power if on_market(state, wizard, "E") else 0
    return Power(friends, artifact, conjuring, tuple(unknown))


def check_ability(
    state: GameState,
    by: int | None,
    ability: str | None,
    wands: int | None = None,
    cost: int | None = None,
) -> int:
    """The wizard using ``ability`` (a creature's id); raises ``RuleError`` unless that
    wizard's magic power this turn reaches the creature's wand cost (§2). ``wands`` /
    ``cost`` are the table's numbers, used only where the catalog leaves them unknown."""
    if ability is None:
        raise RuleError("magical_friends.ability.which")
    c = state.creature(ability)
    if c.where == SLAIN:
        raise RuleError("magical_friends.ability.slain", creature=named(state, c.id))
    if by is None:
        by = c.owner
    if c.owner != by:
        raise RuleError("magical_friends.ability.not_yours", creature=named(state, c.id))
    need = _known_or_entered(state.kind(c.kind).wand_cost, cost)
    if need is None:
        raise RuleError("magical_friends.ability.cost_unknown", what=kind_name(state, c.kind))
    power = magic_power(state, by)
    total = _known_or_entered(power.total, wands)
    if total is None:
        raise RuleError("magical_friends.ability.wands_unknown", what=", ".join(power.unknown))
    if total < need:
        raise RuleError(
            "magical_friends.ability.too_weak",
            creature=named(state, c.id),
            cost=need,
            power=total,
            wizard=by,
        )
    return by


def _known_or_entered(known: int | None, entered: int | None) -> int | None:
    """The catalog's number; the table's only where the catalog does not know it."""
    if known is not None:
        if entered is not None and entered != known:
            raise RuleError("magical_friends.ability.differs", known=known, entered=entered)
        return known
    if entered is not None and entered < 0:
        raise RuleError("magical_friends.ability.negative")
    return entered
