"""The Empire AI (§5.2): every imperial unit planned from the positions at the start of the
phase; the moves are then applied at once (``MoveEmpire``), merged, and fought.

:func:`plan_empire` returns one step per unit (with its reason) in the helpful order — units
nearest a kingdom unit first — plus a :class:`Choice` for every pair of imperial characters
that want the same space. After the table picks, re-plan with ``forbid`` holding the loser's
``(origin, space)`` pair: it is then planned with that space forbidden.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from companion.core.i18n import Msg
from companion.core.plan import Choice, Option
from companion.games.unicornus.board import FAR
from companion.games.unicornus.princess import _name
from companion.games.unicornus.rules import kingdom_spaces
from companion.games.unicornus.state import Hero, UKState, Unit
from companion.games.unicornus.words import count, space_label


@dataclass(frozen=True)
class EmpireStep:
    unit: int  # the unit's space at the start of the phase
    to: int  # destination; -1 = stays (or ``choice`` still open)
    reason: Msg
    choice: Choice | None = None  # options are destination spaces


@dataclass(frozen=True)
class EmpirePlan:
    steps: tuple[EmpireStep, ...]
    conflicts: tuple[Choice, ...] = ()  # options are the origins of the contending units

    def moves(self) -> tuple[tuple[int, int], ...]:
        """The decided moves, ready for ``MoveEmpire`` (open choices left out)."""
        return tuple((s.unit, s.to) for s in self.steps if s.to >= 0)


def _label(state: UKState, s: int) -> Msg:
    return space_label(state, s)


def personality(state: UKState, unit: Unit) -> str:
    return state.imp(unit.leader).personality if unit.leader else "normal"


def _bfs(board, source: int, ok, stop: set[int]) -> dict[int, int]:
    """Steps from ``source`` over spaces ``ok`` accepts; spaces in ``stop`` are reached but
    not passed through (a kingdom unit in the way is a battle, not a road)."""
    seen = {source: 0}
    queue = deque([source])
    while queue:
        s = queue.popleft()
        if s != source and s in stop:
            continue
        for n in board.adj[s]:
            if n not in seen and ok(n):
                seen[n] = seen[s] + 1
                queue.append(n)
    return seen


def plan_unit(
    state: UKState,
    unit: Unit,
    heroes: dict[int, Hero],
    leaders: set[int],
    forbidden: frozenset[int] = frozenset(),
) -> EmpireStep:
    board = state.board
    kind = personality(state, unit)
    here = unit.space

    def enterable(n: int) -> bool:
        if board.impassable[n] or n in forbidden:
            return False
        # an imperial character never enters a space holding another imperial character
        return not (unit.leader and n in leaders and n != here)

    if kind == "defensive":
        return EmpireStep(here, -1, Msg("unicornus.empire.defensive"))
    if kind == "normal":
        targets = [n for n in board.adj[here] if n in heroes and enterable(n)]
        if not targets:
            return EmpireStep(here, -1, Msg("unicornus.empire.normal_idle"))
        if len(targets) == 1:
            n = targets[0]
            return EmpireStep(
                here, n, Msg("unicornus.empire.normal_attack", {"name": _name(heroes[n].name)})
            )
        choice = Choice(
            Msg("unicornus.empire.normal_tie"),
            tuple(
                Option(
                    n,
                    Msg(
                        "unicornus.empire.attack_option",
                        {"name": _name(heroes[n].name), "space": _label(state, n)},
                    ),
                )
                for n in sorted(targets)
            ),
        )
        return EmpireStep(here, -1, Msg("unicornus.empire.normal_tie"), choice)
    # aggressive: only when a kingdom unit is in its own or an adjacent area
    area = board.area[here]
    in_reach = [s for s in heroes if board.areas_touch(area, board.area[s])]
    if not in_reach:
        return EmpireStep(here, -1, Msg("unicornus.empire.aggressive_idle"))
    reach = _bfs(board, here, enterable, set(heroes))
    ranked = sorted((reach[s], board.area[s] != area, s) for s in in_reach if s in reach)
    if not ranked:
        return EmpireStep(here, -1, Msg("unicornus.empire.aggressive_blocked"))
    best = ranked[0][:2]
    targets = [s for d, other, s in ranked if (d, other) == best]
    steps_to = best[0]
    options: dict[int, int] = {}  # first step -> target space
    for t in targets:
        if steps_to == 1:
            options.setdefault(t, t)
            continue
        back = _bfs(board, t, enterable, set(heroes) - {t})
        for n in board.adj[here]:
            if back.get(n) == steps_to - 1 and enterable(n) and n not in heroes:
                options.setdefault(n, t)
    first = sorted(options)
    t0 = options[first[0]]
    reason = Msg(
        "unicornus.empire.aggressive",
        {"name": _name(heroes[t0].name), "steps": count("step", steps_to)},
    )
    if len(first) == 1 or (len(targets) == 1 and not state.options.players_choose_first_step):
        return EmpireStep(here, first[0], reason)
    choice = Choice(
        Msg("unicornus.empire.step_tie", {"steps": steps_to}),
        tuple(
            Option(
                n,
                Msg(
                    "unicornus.empire.toward_option",
                    {"name": _name(heroes[options[n]].name), "space": _label(state, n)},
                ),
            )
            for n in first
        ),
    )
    return EmpireStep(here, -1, reason, choice)


def plan_empire(state: UKState, forbid: tuple[tuple[int, int], ...] = ()) -> EmpirePlan:
    heroes = kingdom_spaces(state)
    leaders = {u.space for u in state.units if u.leader}
    board = state.board
    # helpful order: nearest to a kingdom unit first (multi-source BFS over passable spaces)
    near = {s: 0 for s in heroes}
    queue = deque(heroes)
    while queue:
        s = queue.popleft()
        for n in board.adj[s]:
            if n not in near and not board.impassable[n]:
                near[n] = near[s] + 1
                queue.append(n)
    steps = []
    for unit in sorted(state.units, key=lambda u: (near.get(u.space, FAR), u.space)):
        forbidden = frozenset(sp for origin, sp in forbid if origin == unit.space)
        steps.append(plan_unit(state, unit, heroes, leaders, forbidden))
    # two imperial characters wanting one space: the players choose which enters
    wanted: dict[int, list[int]] = {}
    for st in steps:
        if st.to >= 0 and state.unit_at(st.unit).leader:
            wanted.setdefault(st.to, []).append(st.unit)
    conflicts = tuple(
        Choice(
            Msg("unicornus.empire.conflict", {"space": _label(state, sp)}),
            tuple(Option(o, unit_option(state, o)) for o in sorted(origins)),
        )
        for sp, origins in sorted(wanted.items())
        if len(origins) > 1
    )
    return EmpirePlan(tuple(steps), conflicts)


# --- the plan with the table's picks (kept in the state until the Empire moves) ---
def planned(state: UKState) -> EmpirePlan:
    """The plan of this phase: conflict losers planned again with the space they lost
    forbidden (``state.empire_forbid``)."""
    return plan_empire(state, state.empire_forbid)


def destination(state: UKState, step: EmpireStep) -> int:
    """Where the unit of ``step`` goes: the table's pick for a tied unit, else the plan's."""
    return dict(state.empire_picks).get(step.unit, step.to)


def open_tie(state: UKState, plan: EmpirePlan) -> EmpireStep | None:
    """The first unit (in the helpful order) whose tie the table has not picked yet."""
    picked = dict(state.empire_picks)
    return next((st for st in plan.steps if st.choice is not None and st.unit not in picked), None)


def conflicts(state: UKState, plan: EmpirePlan) -> list[tuple[int, tuple[int, ...]]]:
    """(space, origins) where two or more imperial characters want one space, with the
    table's picks applied: the players choose which enters (§5.2)."""
    wanted: dict[int, list[int]] = {}
    for st in plan.steps:
        to = destination(state, st)
        unit = state.unit_at(st.unit)
        if to >= 0 and unit is not None and unit.leader:
            wanted.setdefault(to, []).append(st.unit)
    return [(sp, tuple(sorted(o))) for sp, o in sorted(wanted.items()) if len(o) > 1]


def unit_option(state: UKState, origin: int) -> Msg:
    """A contending unit as a choice names it: its character and where it stands."""
    unit = state.unit_at(origin)
    who = _name(state.imp(unit.leader).name) if unit is not None and unit.leader else _name(None)
    return Msg("unicornus.empire.unit_option", {"name": who, "space": _label(state, origin)})


def moves(state: UKState, plan: EmpirePlan) -> tuple[tuple[int, int], ...]:
    """Every decided move with the table's picks, ready for ``MoveEmpire``."""
    return tuple(
        (st.unit, destination(state, st)) for st in plan.steps if destination(state, st) >= 0
    )
