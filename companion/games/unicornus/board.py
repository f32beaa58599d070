"""The map as a graph of spaces grouped into areas (spec §1 "Geometry").

Spaces are hexes in axial coordinates ``(q, r)``. A tile (area) is a flower of 7 hexes: the
centre, then the ring in the order of :data:`DIRS`. Flowers sit on the flower lattice, whose
unit steps are ``(2, 1)`` and ``(-1, 3)``: a layout position ``(a, b)`` puts the centre at
``q = 2a - b, r = a + 3b``. Two spaces are adjacent when their hexes share an edge; the catalog
may add or remove single adjacencies so an owner can match the printed board. Every AI uses
the graph (:attr:`Board.adj`), never coordinates.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FAR = 999  # distance of a space from which the goal cannot be reached


@dataclass(frozen=True)
class Board:
    names: tuple[str, ...]  # "pos.k" for catalog boards: layout position and index in the flower
    area: tuple[int, ...]  # space -> area (layout position, 1-based)
    adj: tuple[tuple[int, ...], ...]
    difficulty: tuple[int, ...]
    impassable: tuple[bool, ...]
    recruit: tuple[int, ...]
    resource: tuple[int, ...]
    defence: tuple[int, ...]
    start: tuple[str, ...]  # start marker or ""
    goal: int
    dist: tuple[int, ...]  # steps to the goal over passable spaces (FAR if none)
    area_adj: tuple[tuple[int, ...], ...]  # area -> adjacent areas (index 0 unused)
    # axial (q, r) of each space, for drawing the map only (the AIs use ``adj``); () in
    # states saved before it was kept
    coords: tuple[tuple[int, int], ...] = ()
    # the printed name (en, ja) of the tile at each area (index 0 unused), for the game log
    # and the map's details; () for boards built from text and states saved before
    tiles: tuple[tuple[str, str], ...] = ()

    def tile_name(self, space: int) -> tuple[str, str] | None:
        a = self.area[space]
        return self.tiles[a] if a < len(self.tiles) and self.tiles[a][0] else None

    def __len__(self) -> int:
        return len(self.names)

    def space(self, name: str) -> int:
        return self.names.index(name)

    def areas_touch(self, a: int, b: int) -> bool:
        """Same area or adjacent areas (§1)."""
        return a == b or b in self.area_adj[a]


def distances(adj, impassable, goal: int, blocked=frozenset()) -> tuple[int, ...]:
    """BFS steps to ``goal`` over passable, unblocked spaces (units ignored, §5.1)."""
    dist = [FAR] * len(adj)
    if impassable[goal]:
        return tuple(dist)
    dist[goal] = 0
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        for n in adj[s]:
            if dist[n] == FAR and not impassable[n] and n not in blocked:
                dist[n] = dist[s] + 1
                queue.append(n)
    return tuple(dist)


def make_board(names, area, coords, attrs, extra=(), removed=()) -> Board:
    """Build a board from hex coordinates and per-space attribute dicts."""
    index = {c: i for i, c in enumerate(coords)}
    adj_sets = [set() for _ in coords]
    for i, (q, r) in enumerate(coords):
        for dq, dr in DIRS:
            j = index.get((q + dq, r + dr))
            if j is not None:
                adj_sets[i].add(j)
    for x, y in extra:
        adj_sets[x].add(y)
        adj_sets[y].add(x)
    for x, y in removed:
        adj_sets[x].discard(y)
        adj_sets[y].discard(x)
    adj = tuple(tuple(sorted(s)) for s in adj_sets)
    impassable = tuple(bool(a.get("impassable")) for a in attrs)
    start = tuple(a.get("start") or "" for a in attrs)
    goals = [i for i, m in enumerate(start) if m == "goal"]
    if len(goals) != 1:
        raise ValueError(f"a board needs exactly one goal space, found {len(goals)}")
    n_areas = max(area)
    area_adj = [set() for _ in range(n_areas + 1)]
    for i, ns in enumerate(adj):
        for j in ns:
            if area[i] != area[j]:
                area_adj[area[i]].add(area[j])
    return Board(
        names=tuple(names),
        area=tuple(area),
        adj=adj,
        difficulty=tuple(int(a.get("difficulty") or 0) for a in attrs),
        impassable=impassable,
        recruit=tuple(int(a.get("recruit") or 0) for a in attrs),
        resource=tuple(int(a.get("resource") or 0) for a in attrs),
        defence=tuple(int(a.get("defence") or 0) for a in attrs),
        start=start,
        goal=goals[0],
        dist=distances(adj, impassable, goals[0]),
        area_adj=tuple(tuple(sorted(s)) for s in area_adj),
        coords=tuple((int(q), int(r)) for q, r in coords),
    )


def flower(a: int, b: int) -> list[tuple[int, int]]:
    """The 7 hexes of the tile at layout position (a, b): centre first, then the ring."""
    q, r = 2 * a - b, a + 3 * b
    return [(q, r)] + [(q + dq, r + dr) for dq, dr in DIRS]


def default_layout() -> list[dict]:
    """The spec's default diagram (§2 step 3): 19 positions in a big hexagon. 1 = Capital and
    19 = Ancestral Castle at opposite corners; 13–18 the Kingdom tiles on the flanks next to
    the Castle; 2 = centre, 3–8 inner ring, 9–12 the outer positions next to the Capital."""
    ring2: list[tuple[int, int]] = []
    a, b = 0, -2  # start at the Capital's corner and walk round the outer ring
    for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
        for _ in range(2):
            ring2.append((a, b))
            a, b = a + dq, b + dr
    capital, castle = ring2[0], ring2[6]
    left = ring2[1:6]  # from the Capital towards the Castle
    right = ring2[7:12][::-1]
    out = [{"pos": 1, "a": capital[0], "b": capital[1], "kind": "capital"}]
    out.append({"pos": 2, "a": 0, "b": 0, "kind": "empire"})
    for i, (da, db) in enumerate(((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))):
        out.append({"pos": 3 + i, "a": da, "b": db, "kind": "empire"})
    for i, (x, y) in enumerate([left[0], left[1], right[0], right[1]]):
        out.append({"pos": 9 + i, "a": x, "b": y, "kind": "empire"})
    for i, (x, y) in enumerate(left[2:] + right[2:]):
        out.append({"pos": 13 + i, "a": x, "b": y, "kind": "kingdom"})
    out.append({"pos": 19, "a": castle[0], "b": castle[1], "kind": "castle"})
    return out


def board_from_tiles(layout, tiles_by_pos: dict[int, object], add=(), remove=()) -> Board:
    """The board of a game: ``layout`` positions, the catalog tile at each position."""
    names, area, coords, attrs = [], [], [], []
    for lp in sorted(layout, key=lambda p: p.pos):
        tile = tiles_by_pos[lp.pos]
        for k, (hexc, spec) in enumerate(zip(flower(lp.a, lp.b), tile.spaces, strict=True)):
            names.append(f"{lp.pos}.{k}")
            area.append(lp.pos)
            coords.append(hexc)
            attrs.append(spec.model_dump())
    by_name = {n: i for i, n in enumerate(names)}
    extra = [(by_name[x], by_name[y]) for x, y in add]
    removed = [(by_name[x], by_name[y]) for x, y in remove]
    board = make_board(names, area, coords, attrs, extra, removed)
    tiles = [("", "")] * (max(area) + 1)
    for pos, tile in tiles_by_pos.items():
        name = getattr(tile, "name", None) or {}
        tiles[pos] = (name.get("en", ""), name.get("ja", "") or name.get("en", ""))
    return replace(board, tiles=tuple(tiles))


def board_from_text(text: str) -> Board:
    """A small board for readable tests. One line per row of hexes (odd rows sit half a hex to
    the right); cells are separated by spaces, ``.`` is no hex. A cell is an area letter then
    flags: ``X`` impassable, ``G`` goal, ``P`` Princess start, ``+n`` difficulty, ``rn``
    recruit, ``sn`` resource, ``dn`` defence, and ``=name`` to name the space (default
    ``row,col``)::

        aP  a   b=x
          a+1 aX  bG
    """
    names, area, coords, attrs = [], [], [], []
    letters: dict[str, int] = {}
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    for row, cells in enumerate(rows):
        for col, cell in enumerate(cells):
            if cell == ".":
                continue
            cell, _, name = cell.partition("=")
            letter, flags = cell[0], cell[1:]
            letters.setdefault(letter, len(letters) + 1)
            spec: dict = {}
            i = 0
            while i < len(flags):
                f = flags[i]
                j = i + 1
                while j < len(flags) and flags[j].isdigit():
                    j += 1
                num = int(flags[i + 1 : j]) if j > i + 1 else 0
                if f == "X":
                    spec["impassable"] = True
                elif f == "G":
                    spec["start"] = "goal"
                elif f == "P":
                    spec["start"] = "princess"
                elif f == "+":
                    spec["difficulty"] = num
                elif f == "r":
                    spec["recruit"] = num
                elif f == "s":
                    spec["resource"] = num
                elif f == "d":
                    spec["defence"] = num
                else:
                    raise ValueError(f"unknown flag {f!r} in cell {cell!r}")
                i = j
            names.append(name or f"{row},{col}")
            area.append(letters[letter])
            coords.append((col - (row - (row & 1)) // 2, row))
            attrs.append(spec)
    return make_board(names, area, coords, attrs)
