"""Board geometry and the space graph (spec §1 "Geometry", §2 step 3, §5.1 d(s))."""

import pytest

from companion.games.unicornus.board import (
    FAR,
    board_from_text,
    board_from_tiles,
    default_layout,
    flower,
)
from companion.games.unicornus.catalog import load


def test_flowers_tile_the_plane_without_overlap():
    cells = [h for p in default_layout() for h in flower(p["a"], p["b"])]
    assert len(cells) == 19 * 7 == len(set(cells))


def test_default_layout_positions():
    """§2 step 3 default: a centre, a ring of 6, an outer ring of 12; Castle (19) and Capital
    at opposite corners; Kingdom tiles on positions 13-18."""
    layout = {p["pos"]: p for p in default_layout()}
    assert sorted(layout) == list(range(1, 20))
    assert layout[2]["a"] == layout[2]["b"] == 0
    cap, castle = layout[1], layout[19]
    assert (cap["a"], cap["b"]) == (-castle["a"], -castle["b"])
    assert [p for p in layout if layout[p]["kind"] == "kingdom"] == list(range(13, 19))
    assert sum(layout[p]["kind"] == "empire" for p in layout) == 11


def _demo_board(add=(), remove=()):
    cat = load("demo")
    tiles = {t.kind: t for t in cat.tiles}
    by_pos = {lp.pos: tiles[lp.kind] for lp in cat.layout}
    return board_from_tiles(cat.layout, by_pos, add, remove)


def test_full_board_adjacency_and_areas():
    """§1: spaces of neighbouring tiles touch; each tile is adjacent to its neighbours."""
    board = _demo_board()
    assert len(board) == 133
    centre = board.space("2.0")
    assert len(board.adj[centre]) == 6
    assert all(board.area[n] == 2 for n in board.adj[centre])
    assert sorted(board.area_adj[2]) == [3, 4, 5, 6, 7, 8]
    assert len(board.area_adj[19]) == 3  # a corner tile of the big hexagon
    assert all(a in board.area_adj[b] for a in range(1, 20) for b in board.area_adj[a])


def test_catalog_can_add_and_remove_adjacency():
    """§1: the catalog adds or removes single adjacencies to match the print."""
    base = _demo_board()
    a, b = base.space("19.0"), base.space("2.0")
    assert b not in base.adj[a]
    n = base.adj[a][0]
    edited = _demo_board(add=[("19.0", "2.0")], remove=[("19.0", base.names[n])])
    assert b in edited.adj[a] and a in edited.adj[b]
    assert n not in edited.adj[a] and a not in edited.adj[n]


TEXT = """
aP  a   aX  bG
  a   a+2 b   b
"""


def test_text_board_and_distances():
    """§5.1: d(s) counts steps to the goal over passable spaces, units ignored."""
    board = board_from_text(TEXT)
    assert board.names[board.goal] == "0,3"
    assert board.impassable[board.space("0,2")]
    assert board.difficulty[board.space("1,1")] == 2
    assert board.dist[board.goal] == 0
    assert board.dist[board.space("0,2")] == FAR
    assert board.dist[board.space("0,0")] == 4  # round the X through the lower row
    assert board.start[board.space("0,0")] == "princess"


def test_text_board_odd_rows_shift_right():
    board = board_from_text("a=x a=y aG\n  a=z a=w")
    x, y, z, w = (board.space(n) for n in "xyzw")
    assert set(board.adj[z]) == {x, y, w}
    assert set(board.adj[x]) == {y, z}


def test_board_needs_one_goal():
    with pytest.raises(ValueError):
        board_from_text("a a a")


def test_distances_route_around_impassable():
    board = board_from_text("""
aG  aX  a=s
  a   a   a
""")
    assert board.dist[board.space("s")] == 3


def test_board_keeps_hex_coordinates_for_drawing():
    """§1 "Geometry": the board keeps each space's hex (for the map screen); two spaces are
    adjacent exactly when their hexes share an edge (no adjacency fixes here), and the state
    still round-trips through the codec."""
    from companion.core.codec import dump
    from companion.core.codec import load as load_json
    from companion.games.unicornus.board import DIRS, Board

    board = _demo_board()
    assert len(board.coords) == len(board) == 19 * 7
    assert len(set(board.coords)) == len(board.coords)
    index = {c: i for i, c in enumerate(board.coords)}
    for i, (q, r) in enumerate(board.coords):
        near = {index[(q + dq, r + dr)] for dq, dr in DIRS if (q + dq, r + dr) in index}
        assert near == set(board.adj[i])
    assert load_json(Board, dump(board)).coords == board.coords
    small = board_from_text("aG a\n  a aX")
    assert small.coords == ((0, 0), (1, 0), (0, 1), (1, 1))
