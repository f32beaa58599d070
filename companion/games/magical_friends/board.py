"""The laid-out board as a graph of spaces, and walking it (spec §1 Board, §5 Dark Cavern).

Built once at setup from the catalog and the tile sides chosen; kept in the game state so the
rules need nothing else. Moves go forward only along ``next``; the cavern entry forks by the
cavern die instead of by choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from companion.core.errors import RuleError

from .catalog import NEXT_TILE, MagicalFriendsCatalog, SpaceModel, check_side

# Cavern die (§5): 1–2 poison path, 3–4 shortcut, 5–6 detour.
CAVERN_DIE = {1: "poison", 2: "poison", 3: "shortcut", 4: "shortcut", 5: "detour", 6: "detour"}


@dataclass(frozen=True)
class Space:
    id: str
    kind: str = "plain"
    next: tuple[str, ...] = ()
    tile: int = -1  # 0..3 = position of its tile, -1 = start area / tavern
    market: str | None = None
    fairy_faces: tuple[int, ...] = ()
    cavern: tuple[tuple[str, str], ...] = ()  # (path, first space) for the cavern entry
    cavern_path: str | None = None


@dataclass(frozen=True)
class Board:
    spaces: dict[str, Space]
    order: tuple[str, ...]  # start area, tiles in order, tavern: the track as shown
    tiles: tuple[tuple[str, str], ...]  # (tile id, side id) by position
    start_spaces: tuple[str, ...]
    tavern: str
    fairy_die_sides: int

    def space(self, sid: str) -> Space:
        try:
            return self.spaces[sid]
        except KeyError:
            raise RuleError("magical_friends.board.no_space", space=sid) from None

    def of_kind(self, kind: str) -> tuple[str, ...]:
        return tuple(s for s in self.order if self.spaces[s].kind == kind)

    def fairy_space_for(self, face: int) -> str | None:
        for sid in self.order:
            if face in self.spaces[sid].fairy_faces:
                return sid
        return None


def build_board(cat: MagicalFriendsCatalog, sides: tuple[tuple[str, str], ...]) -> Board:
    """Lay the chosen ``(tile id, side id)`` in order; resolve ``"@next"`` joins."""
    tiles = {t.id: t for t in cat.board.tiles}
    if len(sides) != len(tiles) or len({t for t, _ in sides}) != len(sides):
        raise RuleError("magical_friends.setup.tiles", count=len(tiles))
    chosen = []
    for tile_id, side_id in sides:
        tile = tiles.get(tile_id)
        side = next((s for s in tile.sides if s.id == side_id), None) if tile else None
        if side is None:
            raise RuleError("magical_friends.setup.no_side", tile=tile_id, side=side_id)
        if not side.spaces or side.entry is None:
            raise RuleError("magical_friends.setup.side_untranscribed", side=side_id)
        problems = check_side(side)
        if problems:
            raise RuleError("magical_friends.setup.side_broken", problem="; ".join(problems))
        chosen.append(side)
    entries = [s.entry for s in chosen] + [cat.board.tavern]
    spaces: dict[str, Space] = {}
    order: list[str] = []

    def add(model: SpaceModel, tile: int, after: str) -> None:
        if model.id in spaces or model.id == cat.board.tavern:
            raise RuleError("magical_friends.setup.duplicate_space", space=model.id)
        nxt = tuple(after if n == NEXT_TILE else n for n in model.next)
        cavern = tuple(sorted((model.cavern or {}).items()))
        spaces[model.id] = Space(
            model.id,
            model.kind,
            nxt,
            tile,
            model.market,
            tuple(model.fairy_faces),
            cavern,
            model.cavern_path,
        )
        order.append(model.id)

    for model in cat.board.start_spaces:
        add(model.model_copy(update={"kind": "start"}), -1, entries[0])
    for pos, side in enumerate(chosen):
        for model in side.spaces:
            add(model, pos, entries[pos + 1])
    spaces[cat.board.tavern] = Space(cat.board.tavern, "tavern")
    order.append(cat.board.tavern)
    return Board(
        spaces,
        tuple(order),
        tuple(sides),
        tuple(m.id for m in cat.board.start_spaces),
        cat.board.tavern,
        cat.board.fairy_die_sides or 6,
    )


class BranchNeeded(RuleError):
    """A walk reached a fork its command names no branch for: the question, as data.
    ``field`` is the ``Move`` field the branch goes in (``branches`` for the move itself,
    ``throw_branches`` / ``shot_branches`` for a catapult throw or shot it sets off)."""

    def __init__(self, space: str, options: tuple[str, ...], field: str) -> None:
        super().__init__(
            "magical_friends.move.branch_needed", space=space, options=", ".join(options)
        )
        self.space, self.options, self.field = space, options, field


@dataclass(frozen=True)
class Walk:
    """One way along the board: the spaces entered in order (the last is where it ends),
    the branch taken at each fork, and the cavern path taken at each cavern entry."""

    path: tuple[str, ...]
    forks: tuple[str, ...] = ()
    cavern: tuple[str, ...] = ()

    @property
    def end(self) -> str:
        return self.path[-1]


def _options(board: Board, sid: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """("stop"|"fork"|"cavern", ((label, next space), ...)) at a space."""
    sp = board.space(sid)
    if sp.kind == "tavern":
        return "stop", ()
    if sp.kind == "cavern":
        return "cavern", sp.cavern
    return "fork", tuple((n, n) for n in sp.next)


def follow(
    board: Board,
    start: str,
    steps: int,
    branches: tuple[str, ...],
    cavern_roll: Callable[[], int],
    field: str = "branches",
) -> Walk:
    """Walk exactly ``steps`` (stopping early in the tavern), taking ``branches`` at forks in
    order and asking ``cavern_roll`` for the die when passing a cavern entry. A fork with no
    branch left raises :class:`BranchNeeded` (``field`` says which branches ran out)."""
    path: list[str] = []
    forks: list[str] = []
    cavern: list[str] = []
    cur = start
    left = list(branches)
    for _ in range(steps):
        what, opts = _options(board, cur)
        if what == "stop":
            break
        if what == "cavern":
            roll = cavern_roll()
            if roll not in CAVERN_DIE:
                raise RuleError("magical_friends.move.bad_roll", roll=roll)
            name = CAVERN_DIE[roll]
            cavern.append(name)
            cur = dict(opts)[name]
        elif not opts:
            raise RuleError("magical_friends.move.dead_end", space=cur)
        elif len(opts) == 1:
            cur = opts[0][1]
        else:
            choices = [o[1] for o in opts]
            if not left:
                raise BranchNeeded(cur, tuple(choices), field)
            pick = left.pop(0)
            if pick not in choices:
                raise RuleError(
                    "magical_friends.move.bad_branch",
                    space=cur,
                    branch=pick,
                    options=", ".join(choices),
                )
            forks.append(pick)
            cur = pick
        path.append(cur)
    if left:
        raise RuleError("magical_friends.move.unused_branches", branches=", ".join(left))
    if not path:
        raise RuleError("magical_friends.move.no_steps")
    return Walk(tuple(path), tuple(forks), tuple(cavern))


def all_walks(board: Board, start: str, max_steps: int) -> Iterator[Walk]:
    """Every walk of 1..max_steps steps from ``start`` (each fork and cavern path)."""

    def go(cur: str, walk: Walk, left: int) -> Iterator[Walk]:
        if left == 0:
            return
        what, opts = _options(board, cur)
        for label, nxt in opts:
            new = Walk(
                (*walk.path, nxt),
                (*walk.forks, nxt) if what == "fork" and len(opts) > 1 else walk.forks,
                (*walk.cavern, label) if what == "cavern" else walk.cavern,
            )
            yield new
            yield from go(nxt, new, left - 1)

    yield from go(start, Walk(()), max_steps)


def walks_of(board: Board, start: str, steps: int) -> list[Walk]:
    """Walks of exactly ``steps`` steps, or shorter ones that reach the tavern."""
    return [
        w for w in all_walks(board, start, steps) if len(w.path) == steps or (w.end == board.tavern)
    ]


def walks_to(board: Board, start: str, end: str, max_steps: int = 40) -> list[Walk]:
    return sorted(
        (w for w in all_walks(board, start, max_steps) if w.end == end),
        key=lambda w: len(w.path),
    )
