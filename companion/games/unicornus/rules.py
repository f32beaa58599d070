"""Rule helpers shared by the commands and the planners: move cost, occupancy, merging,
fate triggers (§7), deaths and allies (§9)."""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import RuleError
from companion.core.i18n import Msg
from companion.core.plan import Choice, Option
from companion.games.unicornus.state import (
    Hero,
    UKState,
    Unit,
    with_hero,
    with_imperial,
    with_units,
)


def event_level(state: UKState, round_: int) -> int:
    """§2 step 6: the level of the event card of ``round_`` — the deck holds 3 level-1, 3
    level-2, 4 level-3 cards, level 1 on top, one card a round (rounds 1–3 level 1, 4–6
    level 2, 7–10 level 3). Past the last card: the last level."""
    seen = 0
    for level, n in enumerate(state.event_levels, start=1):
        seen += n
        if round_ <= seen:
            return level
    return len(state.event_levels)


def move_cost(state: UKState, tokens: int, dest: int) -> int:
    """§4 Move: ``max(1, tokens + difficulty)`` (Ruling: the difficulty icon adds to the cost)."""
    extra = state.board.difficulty[dest] if state.options.difficulty_adds_cost else 0
    return max(1, tokens + extra)


def retreat_cost(state: UKState, tokens: int, dest: int) -> int:
    """§5.2: a retreat before the battle costs the move cost + 2 supplies."""
    return move_cost(state, tokens, dest) + 2


def kingdom_spaces(state: UKState, exclude: str = "") -> dict[int, Hero]:
    return {h.space: h for h in state.heroes if h.on_board and h.id != exclude}


def merge_units(units) -> tuple[Unit, ...]:
    """§5.2 Merging: imperial units on one space become one unit; every token is kept.
    Two characters never share a space, so two led units never merge."""
    by_space: dict[int, Unit] = {}
    for u in units:
        old = by_space.get(u.space)
        if old is None:
            by_space[u.space] = u
            continue
        if old.leader and u.leader:
            raise RuleError("unicornus.empire.two_leaders", space=u.space)
        by_space[u.space] = Unit(u.space, old.tokens + u.tokens, old.leader or u.leader)
    return tuple(by_space[s] for s in sorted(by_space))


def fate_candidates(state: UKState, cid: str) -> list[str]:
    """§7: kingdom characters in the same area as the imperial character, or on a space
    adjacent to it across areas."""
    unit = next((u for u in state.units if u.leader == cid), None)
    if unit is None:
        return []
    board = state.board
    area = board.area[unit.space]
    near = set(board.adj[unit.space])
    return [
        h.id
        for h in state.heroes
        if h.on_board and (board.area[h.space] == area or h.space in near)
    ]


def fate_pick(state: UKState, cid: str) -> str | Choice:
    """§7: the kingdom character an imperial character's Fate binds it to. Several qualify ->
    a Choice (Ruling), or with ``players_choose_fate_pair`` off the first in seat order."""
    cands = fate_candidates(state, cid)
    if len(cands) == 1 or (cands and not state.options.players_choose_fate_pair):
        return cands[0]
    return Choice(
        Msg("unicornus.fate.tie", {"name": _n(state.imp(cid).name)}),
        tuple(Option(h, _n(state.hero(h).name)) for h in cands),
    )


def _n(name: tuple[str, str]) -> Msg:
    return Msg("unicornus.name", {"en": name[0], "ja": name[1]})


def check_fate(state: UKState) -> UKState:
    """Queue a Fate draw for every imperial character not yet bound that now qualifies."""
    # a draw still waiting whose pair is gone (a correction moved them apart) is not drawn
    pending = [
        c
        for c in state.fate_pending
        if state.imp(c).status == "board" and fate_candidates(state, c)
    ]
    for u in state.units:
        if not u.leader or u.leader in pending:
            continue
        ch = state.imp(u.leader)
        if ch.bound_to or ch.no_fate or ch.status != "board":
            continue
        if fate_candidates(state, ch.id):
            pending.append(ch.id)
    pending_t = tuple(pending)
    return state if pending_t == state.fate_pending else replace(state, fate_pending=pending_t)


def kill_hero(state: UKState, hero: Hero) -> UKState:
    """§9: a kingdom character dies. Allies and supplies are lost, tokens it still led join the
    Empire as a leaderless unit, Fate cards binding it stay; the seat replaces it at round end."""
    units = state.units
    if hero.tokens and hero.space >= 0:
        units = merge_units((*units, Unit(hero.space, hero.tokens)))
    dead = replace(hero, alive=False, space=-1, tokens=0, supplies=0, allies=())
    state = with_units(with_hero(state, dead), units)
    if hero.seat < 0:
        return replace(state, outcome="loss_princess", phase="over")
    if hero.seat not in state.replace_due:
        state = replace(state, replace_due=(*state.replace_due, hero.seat))
    return state


def set_hero_damage(state: UKState, hero: Hero, damage: int) -> UKState:
    hero = replace(hero, damage=damage)
    if damage >= hero.life:
        return kill_hero(state, hero)
    return with_hero(state, hero)


def kill_imperial(state: UKState, cid: str) -> UKState:
    """§9: removed from the board (its tokens stay as a leaderless unit); Fate discarded."""
    ch = state.imp(cid)
    state = with_imperial(state, replace(ch, status="dead", bound_to="", damage=ch.life))
    units = [replace(u, leader="") if u.leader == cid else u for u in state.units]
    return with_units(state, units)


def make_ally(state: UKState, cid: str, hid: str) -> UKState:
    """§7/§9: the imperial character leaves the board and joins ``hid``; its tokens stay on the
    space as a leaderless (normal) unit."""
    ch = state.imp(cid)
    hero = state.hero(hid)
    state = with_imperial(state, replace(ch, status="ally", bound_to=hid))
    units = [replace(u, leader="") if u.leader == cid else u for u in state.units]
    state = with_units(state, units)
    state = with_hero(state, replace(hero, allies=(*hero.allies, cid)))
    return replace(state, fate_pending=tuple(c for c in state.fate_pending if c != cid))


def after_princess(state: UKState) -> UKState:
    """After her last action (and its battle): §8.1 win check, then the Empire phase.
    Only in the Princess phase: a princess battle the Empire starts changes no phase."""
    if state.phase != "princess" or state.outcome or state.battles:
        return state
    if state.princess_used < state.princess_actions:
        return state
    if princess_arrived(state):
        return replace(state, phase="over", outcome="win")
    return replace(state, phase="empire", empire_moved=False)


def princess_arrived(state: UKState) -> bool:
    """§8.1: she stands on Lionel's start space. With ``princess_enters_goal`` off (the seed's
    wording, §5.1: her target is "the spaces adjacent to Lionel's start space") she stops
    beside it, so standing on one of those spaces is her arrival — else that option could
    never be won."""
    board, here = state.board, state.princess.space
    if here == board.goal:
        return True
    return not state.options.princess_enters_goal and here in board.adj[board.goal]


def free_starts(state: UKState) -> list[int]:
    """§9: the start spaces a replacement may take — any start marker but Lionel's, with no
    unit or character on it (an Empire area's too)."""
    board = state.board
    return [
        i
        for i, mark in enumerate(board.start)
        if mark and mark != "goal" and not state.unit_at(i) and not state.hero_at(i)
    ]
