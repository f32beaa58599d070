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

The table is a :class:`companion.core.game.Policy` (:data:`POLICY`): the game's moments
(:mod:`companion.games.unicornus.flow`) say what comes next, and
:func:`companion.core.game.play` is the one loop that plays them — the app's steps as they
come, every tie as its first option, the battles and replacements as the flow suggests, and
the players' free turns by the plan above.
"""

from __future__ import annotations

from collections import deque

from companion.core.game import Moment, Policy, play
from companion.games.unicornus.catalog import SetupChoice, UnicornusCatalog
from companion.games.unicornus.commands import EndTurn, Move, Procure, Recruit, Transport
from companion.games.unicornus.flow import refusal
from companion.games.unicornus.rules import move_cost
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


class SensibleTable(Policy):
    """The sensible players of this module as a policy over the game's moments."""

    def act(self, state: UKState, moment: Moment):
        """A player's turn: each character of the seat in turn takes its planned action
        (procuring when the plan is refused), then the turn ends."""
        for hid in state.seats[state.current_seat]:
            h = state.hero(hid)
            if not h.on_board or state.used_by(hid) >= state.actions_per_turn:
                continue
            for cmd in (_choose(state, hid), Procure(hid)):
                if refusal(state, cmd) is None:
                    return cmd
        return EndTurn()


POLICY = SensibleTable()


def policy(seed: int = 0) -> SensibleTable:
    """The sensible table (it picks nothing at random: the seed is the game's alone)."""
    return POLICY


def play_sensibly(state: UKState) -> tuple[UKState, list]:
    """Play ``state`` to the end with the sensible table; returns the end state and the
    commands taken (which replay from ``state`` to it)."""
    from companion.games.unicornus import GAME

    log: list = []
    end = state
    for cmd, end in play(GAME, state, POLICY):  # noqa: B007 - the last state is the end
        log.append(cmd)
    return end, log


def demo_setup(catalog: UnicornusCatalog, players: int | None = None) -> SetupChoice:
    """The headless demo's table (``companion demo unicornus --autoplay``): 3 players by
    default (2 to 6; two players run two characters each), the catalog's first kingdom
    characters and its third Princess card (Princess of the Storm in the demo box)."""
    players = 3 if players is None else players
    per_seat = 2 if players == 2 else 1
    chars = tuple(k.id for k in catalog.kingdom)[: players * per_seat]
    princesses = [p.id for p in catalog.princesses]
    return SetupChoice(players, chars, princesses[min(2, len(princesses) - 1)])


def demo_table(state) -> tuple[tuple[str, str, str], ...]:
    """The demo's seats for the records (name, colour, role): the demo names no players (the
    caller words an unnamed seat), each seat's role is the characters it runs."""
    names = {h.id: h.name[0] for h in state.heroes}
    return tuple(("", "", ", ".join(names.get(c, c) for c in chars)) for chars in state.seats)
