"""The game log panel every game screen reuses: the step log, newest last."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import RichLog

from companion.core.i18n import tr
from companion.core.steplog import HistoryLine


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog { border: round $primary-darken-2; height: 1fr; min-height: 5; }
    """

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("min_width", 16)  # RichLog's default (78) scrolls a side panel sideways
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)
        self.border_title = tr("ui.log.title")

    def show(self, history: list[HistoryLine]) -> None:
        """Show the whole history; undone steps (the redo tail) are dimmed."""
        self.clear()
        for line in history:
            # a grid keeps wrapped lines indented under the text, not under the number
            row = Table.grid(padding=(0, 1))
            row.add_column(justify="right", no_wrap=True)
            row.add_column(ratio=1)
            style = "dim strike" if line.undone else ""
            row.add_row(
                Text(f"{line.index}.", style=style), Text(tr(line.description), style=style)
            )
            self.write(row)
