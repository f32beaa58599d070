"""Secret steps with the app's virtual deck: "pass the laptop" (spec §3.2, §3.3).

With the virtual deck only the app knows the hands, so a player's choice from hand (the card
played each round, the leader kept) and a Scout's secret look at the top card happen behind
a screen that hides the whole board: it names the player, who takes the keyboard and presses
Enter; the next screen shows only that player's cards; after it the board comes back with
nothing of the hand on it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from companion.core.i18n import Msg, tr


class PassTo(ModalScreen[bool]):
    """An opaque screen: "Pass the keyboard to {player}". Enter: go on; Escape: not now."""

    DEFAULT_CSS = """
    PassTo { align: center middle; background: $background; }
    PassTo > Vertical { width: 64; height: auto; border: thick $warning; padding: 1 2;
                        background: $surface; }
    PassTo #who { text-style: bold; }
    PassTo #help { color: $text-muted; padding-top: 1; }
    """
    BINDINGS = [
        Binding("enter", "ready", show=False),
        Binding("escape", "cancel", show=False),
    ]

    def __init__(self, title: Msg, body: Msg) -> None:
        super().__init__()
        self.title_msg, self.body = title, body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(tr(self.title_msg), id="who")
            yield Static(tr(self.body), id="body")
            yield Static(tr("insurrection_ui.secret.help"), id="help")

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
