"""The board as a track: the start area, the four tiles (one block each, a line per space,
branches written as arrows), the tavern, and a legend of the symbols."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.widgets import Static

from companion.core.i18n import msg, tr, tr_name
from companion.games.magical_friends import GameState, board_view
from companion.ui.colours import MARK_GOOD, STRONG
from companion.ui.widgets.content import set_border_title, set_content
from companion.ui.widgets.panel import Panel

from .names import (
    CATAPULT,
    CAVERN_RANGE,
    FAIRY,
    HELL_SYMBOL,
    POISONED,
    SYMBOLS,
    token_text,
)


def space_glyph(kind: str, market: str | None, stairway_up: bool = True) -> Text:
    if kind == "highway":
        if stairway_up:
            return Text(SYMBOLS["highway"], style="bold " + MARK_GOOD)
        return Text(HELL_SYMBOL, style="bold $text-error")
    if kind == "market":
        return Text(f"${market}", style=STRONG)
    if kind == "lava":
        return Text(SYMBOLS["lava"], style="bold $text-error")
    if kind == "fairy_trail":
        return Text(SYMBOLS["fairy_trail"], style="bold $text-secondary")
    return Text(SYMBOLS.get(kind, "?"), style="bold")


def space_line(state: GameState, view, following: str | None) -> Text:
    """One line of a tile: id, symbol, where it leads when that is not simply the next line,
    then the fairy, the catapult and the creatures standing there."""
    sp = state.board.spaces[view.id]
    line = Text(f"{view.id:<4}", style="bold" if sp.kind != "plain" else "")
    line.append_text(space_glyph(sp.kind, sp.market, state.stairway_up))
    if sp.kind == "fairy_trail" and sp.fairy_faces:
        line.append(",".join(map(str, sp.fairy_faces)), style="$text-primary")
    if sp.cavern_path:
        line.append(CAVERN_RANGE[sp.cavern_path], style="dim")
    if sp.kind != "cavern" and list(sp.next) != ([following] if following else []):
        line.append(" →" + "|".join(sp.next), style="$text-primary")
    line.append(" ")
    if view.fairy:
        line.append(FAIRY, style="bold $text-secondary")
        line.append(" ")
    if view.catapult:
        line.append(CATAPULT, style="bold $text-primary")
        line.append(" ")
    for c in view.creatures:
        line.append_text(token_text(state, c.id))
        line.append(" ")
    if view.lava_now:  # under the line's own styles: the chips keep their colours, and the
        # text is light on the dark red in a light theme too
        line.stylize_before("$foreground on $error-muted")
    return line


class BoardView(Vertical):
    """Draws a state; holds no game logic."""

    DEFAULT_CSS = """
    BoardView { height: auto; }
    BoardView #mf-ends { height: auto; padding: 0 1; }
    BoardView Grid { grid-size: 2; grid-gutter: 0 1; height: auto; }
    BoardView .tile { border: round $primary-lighten-1; height: auto; padding: 0 1; }
    BoardView .tile.lava { border: heavy $text-error; }
    BoardView #mf-legend { height: auto; color: $text-muted; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Panel(id="mf-ends")
        with Grid():
            for i in range(4):
                yield Panel(classes="tile", id=f"mf-tile-{i}")
        yield Panel(id="mf-legend")

    def show(self, state: GameState, tile_names: list[str]) -> None:
        views = board_view(state)
        order = state.board.order
        following = {
            sid: order[i + 1] if i + 1 < len(order) else None for i, sid in enumerate(order)
        }
        by_tile: dict[int, list[Text]] = {}
        lava_tiles = set()
        for v in views:
            sp = state.board.spaces[v.id]
            if sp.tile < 0:
                continue
            by_tile.setdefault(sp.tile, []).append(space_line(state, v, following[v.id]))
            if v.lava_now:
                lava_tiles.add(sp.tile)
        for i in range(4):
            tile = self.query_one(f"#mf-tile-{i}", Static)
            lines = by_tile.get(i, [])
            # the position in the border, the tile's name in the body where it wraps (a border
            # title is cut with "…")
            if i < len(tile_names):
                lines = [Text(tile_names[i], style="italic"), *lines]
            set_content(tile, Text("\n").join(lines) if lines else "")
            set_border_title(tile, str(i + 1))
            tile.set_class(i in lava_tiles, "lava")
            tile.display = i < len(state.board.tiles)
        set_content(self.query_one("#mf-ends", Static), self._ends(state, views))
        set_content(self.query_one("#mf-legend", Static), self._legend(state))

    def _ends(self, state: GameState, views) -> Text:
        out = Text(tr("magical_friends_ui.board.start") + " ", style="bold")
        for v in views:
            if v.id in state.board.start_spaces:
                out.append(f"{v.id}{SYMBOLS['start']} ")
                for c in v.creatures:
                    out.append_text(token_text(state, c.id))
                    out.append(" ")
                out.append("  ")
        out.append(
            "   " + SYMBOLS["tavern"] + " " + tr("magical_friends.kind.tavern") + ": ", style="bold"
        )
        tavern = [c for c in state.creatures if c.where == state.board.tavern]
        if not tavern:
            out.append("–", style="dim")
        for c in tavern:
            out.append_text(token_text(state, c.id))
            out.append(" ")
        return out

    def _legend(self, state: GameState) -> Text:
        kinds = {state.board.spaces[s].kind for s in state.board.order}
        parts: list[Text] = []
        for kind in (
            "switch",
            "portal",
            "workshop",
            "cavern",
            "lava",
            "highway",
            "market",
            "fairy_trail",
        ):
            if kind not in kinds:
                continue
            glyph = space_glyph(kind, "A–E" if kind == "market" else None, state.stairway_up)
            if kind == "market":
                glyph = Text("$A–E", style=STRONG)
            label = tr(f"magical_friends_ui.legend.{kind}")
            if kind == "highway":
                label = tr(
                    "magical_friends_ui.legend.stairway"
                    if state.stairway_up
                    else "magical_friends_ui.legend.hell"
                )
            parts.append(glyph + Text(" " + label))
        # the pieces only where the board has them: the fairy lives on the Fairy Trail, the
        # catapult comes from the Goblin Workshop (or a correction put it on the board)
        if "fairy_trail" in kinds or state.fairy_space:
            parts.append(
                Text(FAIRY, style="bold $text-secondary")
                + Text(" " + tr("magical_friends.piece.fairy"))
            )
        if "workshop" in kinds or state.catapult_space or state.catapult_holder is not None:
            parts.append(
                Text(CATAPULT, style="bold $text-primary")
                + Text(" " + tr("magical_friends.piece.catapult"))
            )
        parts.append(Text(POISONED) + Text(" " + tr("magical_friends_ui.legend.poisoned")))
        parts.append(
            Text("→", style="$text-primary") + Text(" " + tr("magical_friends_ui.legend.branch"))
        )
        return Text("  ").join(parts)


def tile_names(state: GameState, cat_tiles: dict[str, tuple[dict, dict]]) -> list[str]:
    """``Gate of Whispers — Portal side`` per position, from the names kept at setup."""
    out = []
    for tile_id, side_id in state.board.tiles:
        tile_name, side_name = cat_tiles.get(side_id, ({}, {}))
        out.append(
            tr(
                msg(
                    "magical_friends_ui.board.tile",
                    tile=tr_name(tile_name, tile_id),
                    side=tr_name(side_name, side_id),
                )
            )
        )
    return out
