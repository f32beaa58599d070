"""Questions the screens ask of a state: what stands where, where a creature can go, what a
wizard has. Pure functions; none changes the state."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Walk, walks_of
from .moves import bonus_steps, distinct_summon_spaces, summon_spaces, unavailable
from .rounds import artifact_value, seating, tie_groups, tie_order
from .slaying import cannot_be_poisoned, cannot_be_slain
from .state import SLAIN, Creature, GameState
from .wands import Power, magic_power, on_market


@dataclass(frozen=True)
class SpaceView:
    id: str
    kind: str
    tile: int
    market: str | None
    creatures: tuple[Creature, ...]
    fairy: bool
    catapult: bool
    lava_now: bool  # lava bridge in a lava round


def board_view(state: GameState) -> tuple[SpaceView, ...]:
    """Every space in track order, with what is on it."""
    lava = state.round in state.options.lava_rounds
    return tuple(
        SpaceView(
            sid,
            sp.kind,
            sp.tile,
            sp.market,
            state.on_space(sid),
            state.fairy_space == sid,
            state.catapult_space == sid,
            lava and sp.kind == "lava",
        )
        for sid in state.board.order
        for sp in (state.board.spaces[sid],)
    )


def destinations(state: GameState, creature: str, steps: int) -> tuple[Walk, ...]:
    """The ways a creature can go with exactly ``steps`` steps (or fewer into the tavern):
    one Walk per fork choice and cavern path; ``walk.forks`` is what ``Move.branches`` takes."""
    c = state.creature(creature)
    if c.where in (SLAIN, state.board.tavern):
        return ()
    return tuple(walks_of(state.board, c.where, steps))


def legal_ends(state: GameState, creature: str, steps: int) -> tuple[str, ...]:
    """Distinct end spaces of :func:`destinations`, in track order."""
    ends = {w.end for w in destinations(state, creature, steps)}
    return tuple(s for s in state.board.order if s in ends)


LONGEST = 99  # never more steps than this, whatever the board


def steps_to_tavern(state: GameState, creature: str) -> int:
    """The smallest count that takes ``creature`` into the tavern by every way (steps beyond
    the tavern are not walked, so no larger count means anything else)."""
    tavern = state.board.tavern
    for n in range(1, LONGEST + 1):
        walks = destinations(state, creature, n)
        if not walks or all(w.end == tavern for w in walks):
            return n
    return LONGEST


def step_ends(state: GameState, creature: str, steps: int) -> tuple[str, ...] | None:
    """Where ``steps`` steps can end, in walk order; None when the way passes the Dark
    Cavern (the die decides); () when it cannot go that far."""
    walks = destinations(state, creature, steps)
    if any(w.cavern for w in walks):
        return None
    return tuple(dict.fromkeys(w.end for w in walks))


def wizard_view(state: GameState, wizard: int) -> dict[str, object]:
    """Counts for a wizard panel."""
    w = state.wizards[wizard]
    mine = [c for c in state.creatures if c.owner == wizard]
    return {
        "racing": sum(1 for c in mine if c.where not in (SLAIN, state.board.tavern)),
        "tavern": sum(1 for c in mine if c.where == state.board.tavern),
        "slain": sum(1 for c in mine if c.where == SLAIN),
        "pity": w.pity,
        "fairy_dust": w.fairy_dust,
        "trophies": len(w.trophies),
        "neutral_trophies": w.neutral_trophies,
        "artifacts_left": tuple(
            a.number for a in state.artifacts if a.number not in w.artifacts_used
        ),
        "catapult": state.catapult_holder == wizard,
        "dagger_ready": wizard in state.dagger_ready,
    }


def extra_spell(state: GameState, wizard: int) -> bool:
    """Market E (conjuring): a friend there lets its wizard cast one extra spell."""
    return on_market(state, wizard, "E")


def fortune_teller(state: GameState, wizard: int) -> bool:
    """Market B: a friend there makes the wizard's artifacts count +1."""
    return on_market(state, wizard, "B")


__all__ = [
    "SpaceView",
    "board_view",
    "destinations",
    "legal_ends",
    "step_ends",
    "steps_to_tavern",
    "wizard_view",
    "extra_spell",
    "magic_power",
    "Power",
    "fortune_teller",
    "bonus_steps",
    "summon_spaces",
    "distinct_summon_spaces",
    "unavailable",
    "artifact_value",
    "seating",
    "tie_groups",
    "tie_order",
    "cannot_be_slain",
    "cannot_be_poisoned",
]
