"""Counted nouns ("1 token", "2 tokens"): English needs the singular for one, Japanese does
not (its templates carry their own counters, so the Japanese form is just the number)."""

from __future__ import annotations

from companion.core.i18n import Msg

# written out as literals so the i18n check sees every key
_KEYS = {
    "token": ("unicornus.count.token", "unicornus.count.tokens"),
    "supply": ("unicornus.count.supply", "unicornus.count.supplies"),
    "die": ("unicornus.count.die", "unicornus.count.dice"),
    "unit": ("unicornus.count.unit", "unicornus.count.units"),
    "action": ("unicornus.count.action", "unicornus.count.actions"),
    "step": ("unicornus.count.step", "unicornus.count.steps"),
    "space": ("unicornus.count.space", "unicornus.count.spaces"),
}


def count(kind: str, n: int) -> Msg:
    """``n`` of ``kind`` (token, supply, die, unit, step, space) as a translatable phrase."""
    one, many = _KEYS[kind]
    return Msg(one if n == 1 else many, {"n": n})


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
