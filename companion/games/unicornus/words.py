"""Counted nouns ("1 token", "2 tokens") through the shared plural support
(:mod:`companion.core.i18n`: each entry names ``n`` and gives ``en_one``; the Japanese form
is just the number, its templates carry their own counters)."""

from __future__ import annotations

from companion.core.i18n import Msg

# written out as literals so the i18n check sees every key
_KEYS = {
    "token": "unicornus.count.tokens",
    "supply": "unicornus.count.supplies",
    "die": "unicornus.count.dice",
    "unit": "unicornus.count.units",
    "action": "unicornus.count.actions",
    "step": "unicornus.count.steps",
    "space": "unicornus.count.spaces",
}


def count(kind: str, n: int) -> Msg:
    """``n`` of ``kind`` (token, supply, die, unit, step, space) as a translatable phrase."""
    return Msg(_KEYS[kind], {"n": n})


def space_label(state, s: int) -> Msg:
    """A space as a choice names it: "space 5.5 (Storm Ford)", the tile's printed name when
    the board knows it, so the table finds it on the real map."""
    board = state.board
    if not 0 <= s < len(board):
        return Msg("unicornus.space", {"space": "—"})
    tile = board.tile_name(s)
    if tile is None:
        return Msg("unicornus.space", {"space": board.names[s]})
    return Msg(
        "unicornus.space_tile",
        {"space": board.names[s], "tile": {"en": tile[0], "ja": tile[1] or tile[0]}},
    )
