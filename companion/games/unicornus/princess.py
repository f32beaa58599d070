"""The Princess AI (§5.1): three actions a round, always towards Lionel's start space.

``d(s)`` is :attr:`Board.dist` (steps to the goal over passable spaces, units ignored). She
never takes a step that increases it. :func:`plan_princess` returns her remaining actions as
steps, each with its reason; it stops at a tie (a :class:`Choice`) or at a step into an
imperial unit (a battle, whose outcome the plan cannot know).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from companion.core.i18n import Msg
from companion.core.plan import Choice, Option
from companion.games.unicornus.board import FAR
from companion.games.unicornus.rules import kingdom_spaces, move_cost
from companion.games.unicornus.state import PRINCESS, UKState
from companion.games.unicornus.words import count, space_label


@dataclass(frozen=True)
class PrincessStep:
    action: str  # "move" | "procure"
    to: int  # destination space; -1 for procure (or while ``choice`` is open)
    cost: int  # supplies paid (moves) or gained (procure, as a negative cost)
    reason: Msg
    choice: Choice | None = None  # equal lowest cost: options are spaces
    battle: bool = False  # the step enters an imperial unit's space (§6.2)


@dataclass(frozen=True)
class PrincessPlan:
    steps: tuple[PrincessStep, ...]


def _space_label(state: UKState, s: int) -> Msg:
    return space_label(state, s)


def _route_exists(board, start: int, here: int, blocked: set[int]) -> bool:
    """A route from ``start`` to the goal that never increases d and avoids the blocked
    spaces and her own space (so a sideways step never leads back: §5.1 step 3 Ruling)."""
    dist = board.dist
    seen = {start}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == board.goal:
            return True
        for n in board.adj[s]:
            if n in seen or n == here or n in blocked or board.impassable[n]:
                continue
            if dist[n] <= dist[s]:
                seen.add(n)
                queue.append(n)
    return False


def decide(
    state: UKState, here: int, supplies: int, tokens: int, blocked: set[int]
) -> PrincessStep:
    """One Princess action from ``here`` with the given supplies and tokens (§5.1 steps 1–4)."""
    board, opts = state.board, state.options
    dist = board.dist
    d_here = dist[here]
    gain = board.resource[here] or 1
    if here == board.goal:
        return PrincessStep("procure", -1, -gain, Msg("unicornus.princess.at_goal"))
    if not opts.princess_enters_goal and d_here == 1:
        return PrincessStep("procure", -1, -gain, Msg("unicornus.princess.beside_goal"))
    passable = [n for n in board.adj[here] if not board.impassable[n]]
    if not opts.princess_enters_goal:
        passable = [n for n in passable if n != board.goal]
    closer_all = [n for n in passable if dist[n] < d_here]
    closer = [n for n in closer_all if n not in blocked]
    if closer:
        kind, pool = "closer", closer
    elif closer_all:
        # every closer space is held by a kingdom character: look sideways (step 3)
        pool = [n for n in passable if dist[n] == d_here and n not in blocked and d_here < FAR]
        if opts.sideways_needs_route:
            pool = [n for n in pool if _route_exists(board, n, here, blocked)]
        if not pool:
            return PrincessStep("procure", -1, -gain, Msg("unicornus.princess.no_route"))
        kind = "sideways"
    else:
        return PrincessStep("procure", -1, -gain, Msg("unicornus.princess.no_way"))
    costs = {n: move_cost(state, tokens, n) for n in pool}
    affordable = [n for n in pool if costs[n] <= supplies]
    if not affordable:
        short = min(costs.values()) - supplies
        return PrincessStep(
            "procure",
            -1,
            -gain,
            Msg("unicornus.princess.short", {"short": count("supply", short), "gain": gain}),
        )
    best = min(costs[n] for n in affordable)
    tied = sorted(n for n in affordable if costs[n] == best)
    key = "unicornus.princess.closer" if kind == "closer" else "unicornus.princess.sideways"
    if len(tied) > 1:
        choice = Choice(
            Msg("unicornus.princess.tie", {"cost": best}),
            tuple(Option(n, _space_label(state, n)) for n in tied),
        )
        return PrincessStep("move", -1, best, Msg(key, {"cost": best}), choice=choice)
    to = tied[0]
    unit = state.unit_at(to)
    if unit is not None:
        enemy = state.imp(unit.leader).name if unit.leader else None
        reason = Msg(
            "unicornus.princess.battle",
            {"step": Msg(key, {"cost": best}), "enemy": _name(enemy)},
        )
        return PrincessStep("move", to, best, reason, battle=True)
    return PrincessStep("move", to, best, Msg(key, {"cost": best}))


def _name(name: tuple[str, str] | None) -> Msg:
    if name is None:
        return Msg("unicornus.leaderless")
    return Msg("unicornus.name", {"en": name[0], "ja": name[1]})


def plan_princess(state: UKState) -> PrincessPlan:
    """Her remaining actions this phase, from the current state."""
    p = state.princess
    if not p.on_board:
        return PrincessPlan(())
    blocked = set(kingdom_spaces(state, exclude=PRINCESS))
    here, supplies = p.space, p.supplies
    steps = []
    for _ in range(state.princess_actions - state.princess_used):
        step = decide(state, here, supplies, p.tokens, blocked)
        steps.append(step)
        if step.choice is not None or step.battle:
            break
        if step.action == "move":
            here, supplies = step.to, supplies - step.cost
        else:
            supplies -= step.cost
    return PrincessPlan(tuple(steps))
