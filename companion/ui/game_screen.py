"""The base of every game screen: the session, undo/redo, errors, the log panel.

A game screen subclasses :class:`GameScreen`, composes its own board and panels, and
implements :meth:`refresh_view`. It changes the game only through :meth:`do`, which applies a
command, saves it, and shows a ``RuleError`` as a message without changing anything.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.screen import Screen

from companion.core.commands import Command
from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.game_log import GameLog


class GameScreen(Screen):
    BINDINGS = [
        Binding("ctrl+z", "undo", "ui.key.undo"),
        Binding("ctrl+y", "redo", "ui.key.redo"),
        Binding("escape", "leave", "ui.key.home"),
    ]

    def __init__(self, session: Any, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session = session
        translate_bindings(self)

    @property
    def state(self) -> Any:
        return self.session.state

    def on_mount(self) -> None:
        self.refresh_all()

    def refresh_all(self) -> None:
        """Bring the log panel up to date (only its newest lines are read) and redraw."""
        self.refresh_log()
        self.refresh_view()

    def refresh_log(self) -> None:
        """The game log panels follow the session: new lines appended, undone ones dimmed."""
        for log in self.query(GameLog):
            log.follow(self.session)

    def refresh_view(self) -> None:
        """Redraw the game's own widgets from ``self.state``. Subclasses override."""

    def do(self, *commands: Command) -> bool:
        """Apply commands in order; on the first error, say why and stop. True if all applied."""
        try:
            for cmd in commands:
                self.session.do(cmd)
        except CompanionError as exc:
            self.notify(
                tr(self.explain(exc)), title=tr("ui.error.rule"), severity="error", timeout=8
            )
            self.refresh_all()
            return False
        self.refresh_all()
        return True

    def explain(self, error: CompanionError) -> Msg:
        """What to tell the table about a refused command. A game may name the engine's ids
        (creatures, wizard numbers) the way the table knows them."""
        return error.message

    def action_undo(self) -> None:
        cmd = self.session.undo()
        if cmd is None:
            self.notify(tr("ui.undo.nothing"))
        else:
            self.notify(tr(msg("ui.undo.done", step=self.session.log.describe(cmd))))
        self.refresh_all()

    def action_redo(self) -> None:
        cmd = self.session.redo()
        if cmd is None:
            self.notify(tr("ui.redo.nothing"))
        else:
            self.notify(tr(msg("ui.redo.done", step=self.session.log.describe(cmd))))
        self.refresh_all()

    def action_leave(self) -> None:
        self.app.pop_screen()
