"""Home: start a game, resume one, look back at finished ones, catalogs and settings."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, OptionList, Static
from textual.widgets.option_list import Option

from companion.core.i18n import Msg, language, tr
from companion.games.registry import GAME_KEYS
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.footer import Footer


def _when(dt) -> str:
    return dt.strftime("%Y-%m-%d %H:%M")


def _ending(info) -> tuple[str, str]:
    """A finished game's result and its winners (with every score, best first, where the game
    scores players)."""
    outcome = info.outcome
    if outcome is None:  # finished, but the outcome could not be read: the summary says it
        return tr(info.summary), ""
    if outcome.scores:
        winners = ", ".join(f"{p} {s}" for p, s in outcome.scores if p in outcome.winners)
        others = ", ".join(f"{p} {s}" for p, s in outcome.scores if p not in outcome.winners)
        return tr(outcome.reason), winners + (f" ({others})" if others else "")
    return tr(outcome.reason), ", ".join(outcome.winners)


class HomeScreen(Screen):
    CSS_PATH = "home.tcss"
    BINDINGS = [
        Binding("n", "new", "ui.key.new"),
        Binding("d", "demo", "ui.key.demo"),
        Binding("r", "resume", "ui.key.resume"),
        Binding("h", "toggle_history", "ui.key.history"),
        Binding("delete", "delete", "ui.key.delete"),
        Binding("c", "catalogs", "ui.key.catalogs"),
        Binding("s", "settings", "ui.key.settings"),
        Binding("k", "quick_score", "ui.key.quick_score", show=False),
        Binding("q", "app.quit", "ui.key.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.showing_history = False  # the table lists finished games instead of open ones
        self._shown: tuple | None = None  # what the table shows now (rebuilt only on a change)
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="home"):
            with Vertical(id="new-game"):
                yield Static(tr("ui.home.new_title"), classes="section-title")
                yield OptionList(
                    *[Option(tr(f"ui.game.{key}"), id=key) for key in GAME_KEYS],
                    id="games",
                )
                yield Static(tr("ui.home.new_hint"), classes="hint")
            yield DataTable(id="saved", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = tr("ui.app.title")
        self.sub_title = tr("ui.home.subtitle")
        table = self.query_one("#saved", DataTable)
        self._columns(table)
        table.border_title = tr("ui.home.in_progress")
        self.reload_games()
        self.query_one("#games", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.reload_games()

    def on_descendant_focus(self, event) -> None:
        if getattr(event.widget, "id", None) == "saved":  # about to resume or delete a game
            self.app.prepare_store()

    def _columns(self, table: DataTable) -> None:
        """In progress: where each game stands; History: how it ended and who won."""
        middle = ("result", "winner") if self.showing_history else ("where",)
        table.add_columns(
            *(tr(f"ui.home.col.{c}") for c in ("title", "game", *middle, "steps", "last"))
        )

    def reload_games(self) -> None:
        """Show the saved games; nothing is rebuilt when they are as shown already."""
        games = self.app.list_games()
        table = self.query_one("#saved", DataTable)
        if games is None:  # the store is still opening (it says when: reload_games)
            table.border_subtitle = tr("ui.home.loading")
            return
        shown = (self.showing_history, language(), games)
        if shown == self._shown:
            return
        self._shown = shown
        table.clear(columns=True)
        self._columns(table)
        for info in games:
            if info.finished != self.showing_history:
                continue
            if self.showing_history:
                middle = _ending(info)
            else:
                middle = (tr(info.summary),)
            # cells as Text: a title is shown as typed (a str cell is read as markup), and the
            # first frame skips parsing markup and emoji codes in every cell
            cells = (info.title, tr(f"ui.game.{info.game_key}"), *middle, str(info.steps))
            table.add_row(
                *map(Text, cells),
                Text(_when(info.last_played)),
                key=str(info.id),
            )
        table.border_title = tr(
            "ui.home.history" if self.showing_history else "ui.home.in_progress"
        )
        table.border_subtitle = "" if table.row_count else tr("ui.home.none_saved")

    def action_toggle_history(self) -> None:
        self.showing_history = not self.showing_history
        self.reload_games()

    # actions -------------------------------------------------------------------------
    def _picked_game(self) -> str:
        games = self.query_one("#games", OptionList)
        index = games.highlighted or 0
        return GAME_KEYS[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.new_game(event.option.id, "box")

    def action_new(self) -> None:
        self.app.new_game(self._picked_game(), "box")

    def action_demo(self) -> None:
        self.app.new_game(self._picked_game(), "demo")

    def _selected_game_id(self) -> int | None:
        table = self.query_one("#saved", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return int(key.value)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.app.open_game(int(event.row_key.value))

    def action_resume(self) -> None:
        game_id = self._selected_game_id()
        if game_id is None:
            game_id = self.app.store.latest_game_id()
        if game_id is None:
            self.notify(tr("ui.home.none_saved"))
            return
        self.app.open_game(game_id)

    def action_delete(self) -> None:
        from companion.ui.dialogs import Confirm

        game_id = self._selected_game_id()
        if game_id is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.app.store.delete_game(game_id)
                self.reload_games()

        self.app.push_screen(Confirm(Msg("ui.home.confirm_delete")), done)

    def action_catalogs(self) -> None:
        from companion.ui.catalogs import CatalogsScreen

        self.app.push_screen(CatalogsScreen())

    def action_quick_score(self) -> None:
        from companion.ui.insurrection import quick_score_screen

        self.app.push_screen(quick_score_screen())

    def action_settings(self) -> None:
        from companion.ui.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())
