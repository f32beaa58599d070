"""Small modal dialogs shared by every screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from companion.core.i18n import Msg, tr


class Confirm(ModalScreen[bool]):
    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Vertical { width: 60; height: auto; border: thick $warning; background: $surface;
                         padding: 1 2; }
    Confirm Horizontal { height: auto; align-horizontal: right; padding-top: 1; }
    Confirm Button { margin-left: 2; }
    """
    BINDINGS = [Binding("escape", "no", show=False), Binding("y", "yes", show=False)]

    def __init__(self, question: Msg) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(tr(self.question))
            with Horizontal():
                yield Button(tr("ui.dialog.yes"), id="yes", variant="error")
                yield Button(tr("ui.dialog.no"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)
