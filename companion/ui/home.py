"""Home: start a game, resume one, look back at finished ones, catalogs and settings."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from companion.core.i18n import Msg, language, tr
from companion.games.registry import GAME_KEYS
from companion.store.errors import StoreError
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.row_list import RowList

PAGE = 50  # saved games read at a time: more than a screenful (some 30 at 40 lines)


def _when(dt) -> str:
    return dt.strftime("%Y-%m-%d %H:%M")


def _ending(info) -> tuple[str, str]:
    """A finished game's result in a word or two (the whole sentence is on its record
    screen) and its winners (with every score, best first, where the game scores players)."""
    outcome = info.outcome
    if outcome is None:  # finished, but the outcome could not be read: the summary says it
        return tr(info.summary), ""
    result = tr(f"records.result.{outcome.result}")
    if result.startswith("⟨"):  # a result word of a game the records have no word for
        result = tr(outcome.reason)
    if outcome.scores:
        winners = ", ".join(f"{p} {s}" for p, s in outcome.scores if p in outcome.winners)
        others = ", ".join(f"{p} {s}" for p, s in outcome.scores if p not in outcome.winners)
        return result, winners + (f" ({others})" if others else "")
    if not outcome.winners and outcome.result == "won":  # co-operative: the whole table won
        return result, tr("records.ui.everyone")
    return result, ", ".join(outcome.winners)


class HomeScreen(Screen):
    """Its styles are in app.tcss."""

    BINDINGS = [
        Binding("n", "new", "ui.key.new"),
        Binding("d", "demo", "ui.key.demo"),
        Binding("r", "resume", "ui.key.resume"),
        Binding("h", "toggle_history", "ui.key.history"),
        Binding("f", "filter", "ui.key.filter", show=False),  # History says it
        Binding("t", "stats", "ui.key.stats"),
        Binding("delete", "delete", "ui.key.delete"),
        Binding("c", "catalogs", "ui.key.catalogs"),
        Binding("s", "settings", "ui.key.settings"),
        Binding("k", "quick_score", "ui.key.quick_score"),
        Binding("q", "app.quit", "ui.key.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.showing_history = False  # the table lists finished games instead of open ones
        self.only_game: str | None = None  # the game the list is filtered to (None: all)
        self._shown: tuple | None = None  # what the table shows now (rebuilt only on a change)
        self._games: list = []  # the saved games read so far (pages of the list shown)
        self._more = False  # the last page read was full: there may be more
        self._problem: Text | None = None  # why the saved games cannot be listed, if they can't
        self._resumed = False  # shown once already (see on_screen_resume)
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="new-game"):
            yield Static(tr("ui.home.new_title"), classes="section-title")
            yield OptionList(
                *[Option(tr(f"ui.game.{key}"), id=key) for key in GAME_KEYS],
                id="games",
            )
            yield Static(tr("ui.home.new_hint"), classes="hint")
        with Vertical(id="saved-box"):
            yield Static(id="saved-head")
            yield RowList(id="saved")
        yield Footer()

    def on_mount(self) -> None:
        self._label()

    def _label(self) -> None:
        self.title = tr("ui.app.title")
        self.sub_title = tr("ui.home.subtitle")
        self.query_one("#saved-box").border_title = tr("ui.home.in_progress")
        self.query_one("#games", OptionList).focus()

    async def relabel(self) -> None:
        """Its words again, in the language chosen since (settings). Home is the bottom of
        the screen stack, so it is built again in place rather than replaced."""
        translate_bindings(self)
        self._shown = None
        await self.recompose()
        self._label()
        self.reload_games()
        self.refresh_bindings()

    def _compositor_refresh(self) -> None:
        """Not drawn during the app's start-up (Textual's batch before Ready): ``App._display``
        throws such a frame away, and drawing it was some 12 ms of the start (issue 13). The
        app asks for the first real frame on Ready (``CompanionApp.on_ready``)."""
        if self.app._batch_count:
            return
        super()._compositor_refresh()

    def on_screen_resume(self, event: ScreenResume) -> None:
        """The saved games, read when home is shown: first, and on every return to it (the
        first ScreenResume comes right after mounting, so the save is read once at start).

        That first one does not style the screen again: every widget was styled as it was
        mounted, just before, and styling them all twice was some 8% of the start-up. (This
        handler runs before ``Screen``'s, which reads ``refresh_styles``.)"""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
        self.reload_games()

    def on_descendant_focus(self, event) -> None:
        if getattr(event.widget, "id", None) == "saved":  # about to resume or delete a game
            self.app.prepare_store()

    def _columns(self) -> list[str]:
        """In progress: where each game stands; History: when, how long, who played, how it
        ended and who won."""
        if self.showing_history:
            return [
                tr("records.ui.col.date"),
                *(tr(f"ui.home.col.{c}") for c in ("game", "result", "winner")),
                *(tr(f"records.ui.col.{c}") for c in ("players", "rounds", "time")),
                tr("ui.home.col.title"),
            ]
        return [tr(f"ui.home.col.{c}") for c in ("title", "game", "where", "steps", "last")]

    def _page(self, limit: int, offset: int = 0):
        from companion.store.listing import Page

        return Page(self.showing_history, self.only_game, limit, offset)

    def reload_games(self) -> None:
        """Show the saved games, a page of them (as many as were shown, when the list is the
        same list); nothing is rebuilt when they are as shown already."""
        box = self.query_one("#saved-box")
        view = (self.showing_history, self.only_game, language())
        shown = self._shown
        limit = max(PAGE, len(self._games)) if shown and shown[:3] == view else PAGE
        try:
            games = self.app.list_games(self._page(limit))
        except StoreError as exc:  # a hand-damaged row: say which, and keep the rest working
            self._shown, self._problem, self._games = None, Text(str(exc)), []
            self.query_one("#saved", RowList).set_rows([], [])
            box.border_subtitle = ""
            return
        self._problem = None
        if games is None:  # the store is still opening (it says when: reload_games)
            box.border_subtitle = tr("ui.home.loading")
            return
        self._more = len(games) == limit
        if (*view, games) == shown:
            return
        self._shown, self._games = (*view, games), games
        table = self.query_one("#saved", RowList)
        table.set_rows(self._columns(), [self._row(info) for info in games])
        title = tr("ui.home.history" if self.showing_history else "ui.home.in_progress")
        if self.only_game is not None:
            title += " — " + tr(f"ui.game.{self.only_game}")
        elif self.showing_history:
            title += " — " + tr("records.ui.filter_hint")
        box.border_title = title
        box.border_subtitle = "" if games else tr("ui.home.none_saved")

    def on_row_list_near_end(self, event: RowList.NearEnd) -> None:
        """The next page of saved games, as the cursor or the view nears the last shown."""
        if not self._more or self._shown is None:
            return
        try:
            games = self.app.list_games(self._page(PAGE, len(self._games)))
        except StoreError:
            games = None  # the page that has it says which row, when it is read again
        if not games:
            self._more = False
            return
        self._more = len(games) == PAGE
        known = {info.id for info in self._games}  # a game moved up since: shown already
        games = [info for info in games if info.id not in known]
        self._games = self._games + games
        self._shown = (*self._shown[:3], self._games)
        event.row_list.add_rows([self._row(info) for info in games])

    def _row(self, info) -> tuple[str, tuple[str, ...]]:
        """A saved game's row: in progress, where it stands; History, how it ended."""
        game = tr(f"ui.game.{info.game_key}")
        if self.showing_history:
            from companion.ui.record import played_text

            rounds = info.outcome.round if info.outcome else None
            cells = (
                _when(info.created),
                game,
                *_ending(info),
                ", ".join(info.players),
                "—" if rounds is None else str(rounds),
                played_text(info.played_seconds),
                info.title,
            )
        else:
            cells = (info.title, game, tr(info.summary), str(info.steps), _when(info.last_played))
        return str(info.id), cells

    def on_row_list_header_changed(self, event: RowList.HeaderChanged) -> None:
        self.query_one("#saved-head", Static).update(self._problem or event.row_list.header)

    def action_filter(self) -> None:
        """Show the games of one game, then the next, then all of them again."""
        order = [None, *GAME_KEYS]
        self.only_game = order[(order.index(self.only_game) + 1) % len(order)]
        self.reload_games()

    def action_stats(self) -> None:
        from companion.ui.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_toggle_history(self) -> None:
        """Finished games instead of open ones (or back), and the focus on them when there are
        some: Enter then opens the highlighted one, not a new game of the games' list."""
        self.showing_history = not self.showing_history
        self.reload_games()
        saved = self.query_one("#saved", RowList)
        (saved if saved.row_count else self.query_one("#games", OptionList)).focus()

    # actions -------------------------------------------------------------------------
    def _picked_game(self) -> str:
        games = self.query_one("#games", OptionList)
        index = games.highlighted or 0
        return GAME_KEYS[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games":
            self.app.new_game(event.option.id, "box")
            return
        game_id = int(event.option.id)
        if self.showing_history:  # a finished game opens read-only, with its whole log
            self.app.show_record(game_id)
        else:
            self.app.open_game(game_id)

    def action_new(self) -> None:
        self.app.new_game(self._picked_game(), "box")

    def action_demo(self) -> None:
        self.app.new_game(self._picked_game(), "demo")

    def _selected_game_id(self) -> int | None:
        key = self.query_one("#saved", RowList).highlighted_key
        return None if key is None else int(key)

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
            if not yes:
                return
            try:
                self.app.store.delete_game(game_id)
            except StoreError as exc:  # a read-only save, a locked one: said, nothing lost
                self.notify(str(exc), severity="error")
                return
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
