"""A scripted table of "sensible players", for measuring how winnable a catalog is (the demo
box is tuned with it: ``scripts/bench_unicornus.py --playouts 50``) and for whole-game tests.

The AIs play exactly by the rules (their plans, ties taken as the first option). The players
follow a plain, careful plan each turn, per character, action by action:

1. Feed the Princess: when she is in reach (same or adjacent area), send her the tokens she
   needs to survive the next fight on her route (plus one) and the supplies for a round of
   moves, keeping one token to escort and a little for oneself.
2. Clear her route: attack an adjacent imperial unit that stands on her next few steps, or
   next to them, when the character's dice outnumber the unit's strength.
3. Otherwise walk towards the Princess's next steps (never into an imperial unit by accident),
   recruit on recruit spaces below the command cap, procure when short of supplies.

Battles take the best die assignment, damage goes on tokens first; nobody retreats before a
battle; Fate cards never make allies (the cautious reading of an unknown card).
"""

from __future__ import annotations

from collections import deque

from companion.core.errors import RuleError
from companion.games.unicornus.combat import (
    assignment,
    is_princess_battle,
    princess_damage,
    retreat_options,
)
from companion.games.unicornus.commands import (
    BeginRound,
    DrawFate,
    EndEmpire,
    EndRound,
    EndTurn,
    Move,
    MoveEmpire,
    PrincessAct,
    Procure,
    Recruit,
    ReplaceCharacter,
    ResolveBattle,
    RevealEvent,
    RollBattle,
    Transport,
)
from companion.games.unicornus.empire import plan_empire
from companion.games.unicornus.engine import apply
from companion.games.unicornus.princess import plan_princess
from companion.games.unicornus.rules import fate_pick, move_cost
from companion.games.unicornus.state import PRINCESS, UKState

LOOKAHEAD = 6  # how many of the Princess's next steps the players watch


def route(state: UKState, steps: int = LOOKAHEAD) -> list[int]:
    """The Princess's next spaces along a shortest route (lowest space number on ties)."""
    b = state.board
    here = state.princess.space
    out = []
    for _ in range(steps):
        closer = [n for n in b.adj[here] if not b.impassable[n] and b.dist[n] < b.dist[here]]
        if not closer:
            break
        here = min(closer)
        out.append(here)
    return out


def _next_fight(state: UKState, path: list[int]) -> int:
    """Damage of the first imperial unit on her route (§6.2), 0 if none."""
    for s in path:
        u = state.unit_at(s)
        if u is not None:
            life = state.imp(u.leader).life_left if u.leader else 0
            return max(0, life + u.tokens - len(state.princess.allies))
    return 0


def _steps_from(state: UKState, start: int) -> dict[int, int]:
    """BFS steps from ``start`` over passable spaces without imperial units."""
    b = state.board
    seen = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for n in b.adj[s]:
            if n not in seen and not b.impassable[n] and state.unit_at(n) is None:
                seen[n] = seen[s] + 1
                queue.append(n)
    return seen


def settle(state: UKState, log: list) -> UKState:
    """Resolve every waiting Fate draw and battle the sensible way."""
    while (state.battles or state.fate_pending) and not state.outcome:
        if state.fate_pending:
            cid = state.fate_pending[0]
            pick = fate_pick(state, cid)
            hid = pick if isinstance(pick, str) else pick.options[0].value
            state = _do(state, DrawFate(cid, hid), log)
            continue
        b = state.battles[0]
        if is_princess_battle(b):
            dmg = princess_damage(state, b.space)
            state = _do(
                state, ResolveBattle(b.space, to_life=max(0, dmg - state.princess.tokens)), log
            )
            continue
        if not b.rolled:
            state = _do(state, RollBattle(b.space), log)
            continue
        a = assignment(state, b.space)
        hero = state.hero(b.hero)
        to_life = max(0, a.damage_taken - hero.tokens)
        retreat = -1
        if b.attacker == "empire":
            opts = retreat_options(state, b)
            retreat = opts[0] if len(opts) > 1 else -1
        state = _do(state, ResolveBattle(b.space, to_life=to_life, retreat_to=retreat), log)
    return state


def _do(state: UKState, cmd, log: list) -> UKState:
    new = apply(state, cmd)
    log.append(cmd)
    return new


def _hero_turn(state: UKState, hid: str, log: list) -> UKState:
    for _ in range(state.actions_per_turn):
        if state.outcome or state.used_by(hid) >= state.actions_per_turn:
            break
        h = state.hero(hid)
        if not h.on_board:
            break
        cmd = _choose(state, hid)
        if cmd is None:
            break
        try:
            state = _do(state, cmd, log)
        except RuleError:
            try:
                state = _do(state, Procure(hid), log)
            except RuleError:
                break
        state = settle(state, log)
    return state


def _choose(state: UKState, hid: str):
    h = state.hero(hid)
    p = state.princess
    b = state.board
    path = route(state)
    in_reach = p.on_board and b.areas_touch(b.area[h.space], b.area[p.space])
    keep = h.tokens + 2  # enough to move on afterwards
    # 1. feed the Princess: tokens to survive her next fight, supplies for a round of moves
    #    (supplies travel only with tokens: each token escorts up to 10, §4 Transport; tokens
    #    above her command are discarded)
    supplies_needed = 0
    if in_reach:
        need = _next_fight(state, path) - (p.life - p.damage - 1) + 1
        tokens_needed = max(0, min(p.command, need) - p.tokens)
        round_cost = 3 * max(1, min(p.command, p.tokens + tokens_needed + 1))
        supplies_needed = max(0, round_cost - p.supplies)
        spare = max(0, h.supplies - keep)
        if h.tokens >= 2 and (tokens_needed or spare >= min(supplies_needed, 8) > 0):
            give = max(tokens_needed, -(-min(supplies_needed, spare) // 10), 1)
            give = min(give, h.tokens - 1)
            return Transport(hid, PRINCESS, give, min(supplies_needed, spare, 10 * give))
    # 2. clear her route
    watch = set(path)
    for s in path:
        watch.update(b.adj[s])
    for n in b.adj[h.space]:
        u = state.unit_at(n)
        if u is None or n not in watch:
            continue
        strength = u.tokens + (state.imp(u.leader).combat_power if u.leader else 0)
        dice = h.tokens - b.defence[n]
        if dice > strength and move_cost(state, h.tokens, n) <= h.supplies:
            return Move(hid, n)
    # 3. a token or two to escort with, recruited where the space allows
    if h.tokens < 3 and h.tokens < h.command and b.recruit[h.space]:
        return Recruit(hid)
    if in_reach:
        # gather supplies for her on the best resource space in reach
        here = b.resource[h.space] or 1
        better = [
            n
            for n in b.adj[h.space]
            if not b.impassable[n]
            and state.unit_at(n) is None
            and state.hero_at(n) is None
            and (b.resource[n] or 1) > here
            and b.areas_touch(b.area[n], b.area[p.space])
            and move_cost(state, h.tokens, n) <= h.supplies
        ]
        if better and h.supplies <= keep + 6:
            return Move(hid, max(better, key=lambda n: b.resource[n]))
        if h.tokens < 2 and not b.recruit[h.space]:
            pass  # fall through to walking to a recruit space is not worth it: procure
        return Procure(hid)
    # 4. walk towards her next steps
    if h.supplies < move_cost(state, h.tokens, h.space) + 1:
        return Procure(hid)
    goal = set(path[:3]) | ({p.space} if p.on_board else set())
    far = _steps_from(state, h.space)
    now = min((far.get(g, 99) for g in goal), default=99)
    best = None
    for n in b.adj[h.space]:
        if b.impassable[n] or state.unit_at(n) or state.hero_at(n):
            continue
        cost = move_cost(state, h.tokens, n)
        if cost > h.supplies:
            continue
        steps = _steps_from(state, n)
        d = min((steps.get(g, 99) for g in goal), default=99)
        if d < now and (best is None or (d, cost) < best[0]):
            best = ((d, cost), n)
    if best is not None:
        return Move(hid, best[1])
    if h.tokens < h.command and b.recruit[h.space]:
        return Recruit(hid)
    return Procure(hid)


def play_sensibly(state: UKState) -> tuple[UKState, list]:
    """Play ``state`` to the end with the sensible table; returns the end state and the
    commands taken (which replay from ``state`` to it)."""
    log: list = []
    state = settle(state, log)
    guard = 0
    while not state.outcome:
        guard += 1
        if guard > 5000:
            raise RuntimeError("autoplay did not finish")
        ph = state.phase
        if ph == "round_start":
            state = _do(state, BeginRound(), log)
        elif ph == "event":
            state = _do(state, RevealEvent(), log)
        elif ph == "players":
            for hid in state.seats[state.current_seat]:
                state = _hero_turn(state, hid, log)
                if state.outcome:
                    break
            if not state.outcome and state.phase == "players":
                state = _do(state, EndTurn(), log)
        elif ph == "princess":
            steps = plan_princess(state).steps
            step = steps[0]
            to = step.choice.options[0].value if step.choice else step.to
            state = settle(_do(state, PrincessAct(step.action, to), log), log)
        elif ph == "empire":
            if not state.empire_moved:
                state = settle(_do(state, MoveEmpire(empire_moves(state)), log), log)
            else:
                state = _do(state, EndEmpire(), log)
        elif ph == "round_end":
            if state.replace_due and state.reserve:
                free = [
                    i
                    for i, m in enumerate(state.board.start)
                    if m.startswith("kingdom") and not state.unit_at(i) and not state.hero_at(i)
                ]
                if free:
                    pick = state.reserve[0]
                    state = _do(
                        state, ReplaceCharacter(state.replace_due[0], pick.id, free[0]), log
                    )
                    continue
            state = _do(state, EndRound(), log)
    return state, log


def empire_moves(state: UKState) -> tuple[tuple[int, int], ...]:
    """The Empire's plan with every tie and conflict taken as its first option (§5.3)."""
    forbid: tuple = ()
    plan = plan_empire(state)
    while plan.conflicts:
        for c in plan.conflicts:
            target = next(x.to for x in plan.steps if x.unit == c.options[0].value)
            forbid += tuple((o.value, target) for o in c.options[1:])
        plan = plan_empire(state, forbid)
    taken, moves = set(), []
    for st in plan.steps:
        to = st.choice.options[0].value if st.choice else st.to
        if to < 0:
            continue
        unit = state.unit_at(st.unit)
        if unit is not None and unit.leader:
            if to in taken:
                continue
            taken.add(to)
        moves.append((st.unit, to))
    return tuple(moves)
