"""Catalogs: how complete each box is, and the owner's transcription in and out as TOML."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Static

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr
from companion.games.registry import GAME_KEYS, owner_catalog
from companion.ui.dialogs import Dialog
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer


class AskPath(Dialog[Path | None]):
    DEFAULT_CSS = """
    AskPath { align: center middle; }
    AskPath > Vertical { width: 80; height: auto; border: thick $primary; background: $surface;
                         padding: 1 2; }
    """
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, question: Msg, default: str = "") -> None:
        super().__init__()
        self.question, self.default = question, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(as_text(self.question))
            yield Input(value=self.default, id="path")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(Path(text).expanduser() if text else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CatalogsScreen(Screen):
    BINDINGS = [
        Binding("e", "export", "ui.key.export"),
        Binding("i", "import", "ui.key.import"),
        Binding("escape", "app.pop_screen", "ui.key.back"),
    ]
    DEFAULT_CSS = """
    CatalogsScreen DataTable { height: auto; max-height: 12; margin: 1 2; }
    CatalogsScreen #missing { margin: 0 2; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(tr("ui.catalogs.intro"), classes="hint")
        yield DataTable(id="catalogs", cursor_type="row")
        yield Static(id="missing", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = tr("ui.catalogs.title")
        table = self.query_one(DataTable)
        table.add_columns(
            tr("ui.home.col.game"),
            tr("ui.catalogs.col.box"),
            tr("ui.catalogs.col.user"),
            tr("ui.catalogs.col.demo"),
        )
        self.reload()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.missing: dict[str, list[str]] = {}
        for key in GAME_KEYS:
            try:
                user = self.app.store.user_catalog(key)
            except CompanionError as exc:  # a hand-damaged row: said in its place
                user, user_text = None, str(exc)
            else:
                user_text = tr("ui.catalogs.user_entries" if user else "ui.catalogs.user_none")
            box = self._status(key, "box", user)
            demo = self._status(key, "demo", None)
            cells = (tr(f"ui.game.{key}"), box, user_text, demo)
            # Rich Text, not Content: a DataTable measures a Content cell as 1 wide, so each
            # column was as narrow as its header ("Unic", "ウニコ")
            table.add_row(*map(Text, cells), key=key)
        self._show_missing()

    def _status(self, key: str, name: str, user: dict | None) -> str:
        try:
            _, missing = owner_catalog(key, name, user)  # the reader `catalog check` uses too
        except CompanionError as exc:
            return str(exc)
        if name == "box":
            self.missing[key] = missing
        return (
            tr(msg("ui.catalogs.unknown_count", n=len(missing)))
            if missing
            else tr("ui.catalogs.complete")
        )

    def _selected(self) -> str:
        table = self.query_one(DataTable)
        return GAME_KEYS[table.cursor_row] if table.row_count else GAME_KEYS[0]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_missing()

    def _show_missing(self) -> None:
        key = self._selected()
        missing = self.missing.get(key, [])
        shown = ", ".join(missing[:30]) + (" …" if len(missing) > 30 else "")
        self.query_one("#missing", Static).update(
            tr(msg("ui.catalogs.missing", game=msg(f"ui.game.{key}"), values=shown or "-"))
        )

    def action_export(self) -> None:
        key = self._selected()

        def done(path: Path | None) -> None:
            if path is None:
                return
            try:
                self.app.store.export_user_catalog(key, path)
            except (CompanionError, OSError) as exc:
                self.notify(str(exc), severity="error", timeout=10)
                return
            self.notify(tr(msg("ui.catalogs.exported", path=str(path))))

        self.app.push_screen(AskPath(Msg("ui.catalogs.ask_export"), f"{key}-catalog.toml"), done)

    def action_import(self) -> None:
        key = self._selected()

        def done(path: Path | None) -> None:
            if path is None:
                return
            try:
                self.app.store.import_user_catalog(key, path)
            except (CompanionError, OSError) as exc:
                self.notify(str(exc), severity="error", timeout=12)
                return
            self.notify(tr(msg("ui.catalogs.imported", path=str(path))))
            self.reload()

        self.app.push_screen(AskPath(Msg("ui.catalogs.ask_import")), done)
