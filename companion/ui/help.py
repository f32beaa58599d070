"""The help screen: every key of the screen it was opened from, plus the keys that work everywhere."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static

from companion.core.i18n import tr


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 72; max-height: 90%; border: thick $primary;
                                  background: $surface; padding: 1 2; }
    HelpScreen DataTable { height: auto; }
    """
    BINDINGS = [Binding("escape,f1,q", "app.pop_screen", show=False)]

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(tr("ui.help.title"), classes="section-title")
            yield DataTable(id="keys", show_cursor=False)
            yield Static(tr("ui.help.footer"))

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(tr("ui.help.col.key"), tr("ui.help.col.action"))
        seen = set()
        for key, active in self.under.active_bindings.items():
            if active.binding.description and (key, active.binding.action) not in seen:
                seen.add((key, active.binding.action))
                table.add_row(self.app.get_key_display(active.binding), active.binding.description)
        table.add_row("ctrl+p", tr("ui.help.palette"))
