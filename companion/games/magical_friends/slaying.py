"""Poison, slaying, trophies and Pity Power (spec §3), and who is protected (§5).

Every heart stays accounted for: on its living creature, in a wizard's trophies, or among the
lost hearts (slain with no opponent to claim it: lava, cavern poison, own friends).
"""

from __future__ import annotations

from dataclasses import replace

from .state import SLAIN, Creature, GameState


def _on_market(state: GameState, c: Creature, letter: str) -> bool:
    sp = state.board.spaces.get(c.where)
    return sp is not None and sp.kind == "market" and sp.market == letter


def cannot_be_slain(state: GameState, c: Creature) -> bool:
    """Tavern (off the board), flower tent (Market D), good creature on the Stairway."""
    if c.where in (SLAIN, state.board.tavern) or _on_market(state, c, "D"):
        return True
    sp = state.board.spaces.get(c.where)
    return (
        sp is not None
        and sp.kind == "highway"
        and state.stairway_up
        and state.kind(c.kind).alignment == "good"
    )


def cannot_be_poisoned(state: GameState, c: Creature) -> bool:
    return c.where in (SLAIN, state.board.tavern) or _on_market(state, c, "D")


def slay(state: GameState, cid: str, by: int | None, cause: str) -> GameState:
    """Slay one creature. ``by`` = the wizard whose ability, catapult or evil creature did it
    (None for lava, the cavern, Fairy Dust): an opponent takes the heart as a trophy; the
    owner always gets a Pity Power card (§3)."""
    c = state.creature(cid)
    if cannot_be_slain(state, c):
        return (
            state.note("magical_friends.event.protected", creature=cid)
            if c.where != SLAIN
            else state
        )
    state = state.with_creature(replace(c, where=SLAIN, poisoned=False))
    if by is not None and by != c.owner:
        w = state.wizards[by]
        state = state.with_wizard(by, replace(w, trophies=(*w.trophies, cid)))
        state = state.note("magical_friends.event.trophy", wizard=by, creature=cid)
    else:
        state = replace(state, lost_hearts=(*state.lost_hearts, cid))
    owner = state.wizards[c.owner]
    state = state.with_wizard(c.owner, replace(owner, pity=owner.pity + 1))
    state = state.note("magical_friends.event.slain", creature=cid, cause=cause, wizard=c.owner)
    if _last_of_its_kind(state, c.kind) and c.kind not in state.discarded_kinds:
        state = replace(state, discarded_kinds=(*state.discarded_kinds, c.kind))
    return state


def _last_of_its_kind(state: GameState, kid: str) -> bool:
    """Seed 003: "クリーチャーがその種の最後だった場合、その召喚カードは捨て札の山に置かれます"
    (if the creature was the last of its kind, its summon card goes to the discard pile).
    Option ``last_of_its_kind`` (Ruling §3: "no_figure_left")."""
    rule = state.options.last_of_its_kind
    copies = state.kind(kid).copies
    all_summoned = copies is not None and sum(1 for x in state.creatures if x.kind == kid) >= copies
    if rule == "no_copies_left":
        return all_summoned
    none_racing = not any(x.kind == kid for x in state.racing())
    if rule == "none_racing":
        return none_racing
    return none_racing and all_summoned


def poison(state: GameState, cid: str, by: int | None, cause: str) -> GameState:
    """First poison flips the heart; the second slays (§3)."""
    c = state.creature(cid)
    if c.where == SLAIN:
        return state
    if cannot_be_poisoned(state, c):
        return state.note("magical_friends.event.protected", creature=cid)
    if not c.poisoned:
        state = state.with_creature(replace(c, poisoned=True))
        return state.note("magical_friends.event.poisoned", creature=cid, cause=cause)
    return slay(state, cid, by, cause)


def slay_all_on(
    state: GameState, space: str, by: int | None, cause: str, exclude: tuple[str, ...] = ()
) -> GameState:
    """ "Slay every creature on a space": all of them, the wizard's own included (§3)."""
    victims = [c for c in state.on_space(space) if c.id not in exclude]
    if not state.options.mass_slay_spares_protected and any(
        cannot_be_slain(state, c) for c in victims
    ):
        return state.note("magical_friends.event.all_or_nothing", space=space)
    for c in victims:
        state = slay(state, c.id, by, cause)
    return state
