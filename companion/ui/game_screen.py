"""The base of every game screen: the session, undo/redo, errors, the log panel.

A game screen subclasses :class:`GameScreen`, composes its own board and panels, and
implements :meth:`refresh_view`. It changes the game only through :meth:`do`, which applies a
command, saves it, and shows a ``RuleError`` as a message without changing anything.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.screen import Screen

from companion.core.commands import Command, apply_command
from companion.core.errors import CompanionError, RuleError
from companion.core.game import Session, outcome_of
from companion.core.i18n import Msg, msg, tr
from companion.core.steplog import HistoryLine
from companion.ui.dialogs import Confirm
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.game_log import GameLog

LEAVE_KEY = "ctrl+g"  # back to the home screen ("go home"); escape only closes dialogs
JOIN_KEY = "ctrl+o"  # the join codes, when ``companion serve`` runs the app ("open to phones")


class GameScreen(Screen):
    BINDINGS = [
        Binding("ctrl+z", "undo", "ui.key.undo"),
        Binding("ctrl+y", "redo", "ui.key.redo"),
        Binding(LEAVE_KEY, "leave", "ui.key.home"),
        Binding("escape", "escape", show=False),
        Binding(JOIN_KEY, "join", "ui.key.join"),
    ]
    read_only = False  # a table view that only shows the game (``companion view --read-only``)

    def __init__(self, session: Session, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session = session
        self._bindings_shown: tuple | None = None  # what the footer last heard of
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
            log.follow(self.session, self.log_line)

    def log_line(self, line: HistoryLine) -> Msg:
        """The words of a log line, called once per line when it is first shown (a game may
        name the ids of older saved lines from the current state)."""
        return line.description

    def refresh_bindings(self) -> None:
        """Tell the footer only when the keys it shows changed: a footer rebuild costs tens of
        milliseconds, and every redraw (and Textual itself) asks for one."""
        shown = self._shown_bindings()
        if shown is not None and shown == self._bindings_shown:
            return
        self._bindings_shown = shown
        super().refresh_bindings()

    def _shown_bindings(self) -> tuple | None:
        if not self.is_attached:
            return None
        listeners = len(self.bindings_updated_signal._subscriptions)
        if not listeners:
            return None  # no footer yet: it must hear the first one
        keys = tuple(
            (key, b.binding.action, b.binding.description, b.binding.show, b.enabled)
            for key, b in self.active_bindings.items()
        )
        return listeners, self.app.app_focus, keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A device joined to one game (``companion view``) has no way home; a read-only view
        no key that changes the game; the join codes show where the app serves them."""
        if action == "join":
            return self.app.join is not None
        if action == "leave":
            return self.app.start.action != "view"
        if self.read_only:
            return action == "escape"
        return True

    def action_join(self) -> None:
        self.app.show_join()

    def refresh_view(self) -> None:
        """Redraw the game's own widgets from ``self.state``. Subclasses override."""

    def do(self, *commands: Command) -> bool:
        """Apply commands in order; on the first error, say why and stop. True if all applied."""
        if self.read_only:
            self.notify(tr("ui.view.read_only"))
            return False
        try:
            for cmd in commands:
                self.session.do(cmd)
        except CompanionError as exc:
            self.refuse(exc)
            self.refresh_all()
            return False
        self.refresh_all()
        return True

    def do_confirmed(self, *commands: Command) -> None:
        """:meth:`do` for corrections: a change that would end the game (the engine's outcome
        appears) is asked first, saying how the game would end."""
        game = self.session.game
        if outcome_of(game, self.state) is not None:  # over already: nothing more to end
            self.do(*commands)
            return
        after = self.state
        try:
            for cmd in commands:
                after = apply_command(game, after, cmd)
        except CompanionError:
            self.do(*commands)  # refused: do() says why
            return
        ending = outcome_of(game, after)
        if ending is None:
            self.do(*commands)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.do(*commands)
            else:
                self.refresh_all()

        self.app.push_screen(Confirm(msg("ui.correct.ends_game", outcome=ending.reason)), answered)

    def refuse(self, exc: CompanionError) -> None:
        """Say why a step, an undo or a redo did not happen: a rule refused it, or the save
        failed (the game stays open and unchanged; the message says what to do)."""
        title = "ui.error.rule" if isinstance(exc, RuleError) else "ui.error.save"
        self.notify(tr(self.explain(exc)), title=tr(title), severity="error", timeout=8)

    def explain(self, error: CompanionError) -> Msg:
        """What to tell the table about a refused command."""
        return self.name_ids(error.message)

    def name_ids(self, message: Msg) -> Msg:
        """``message`` with the engine's ids (cards, creatures, wizard numbers) named the way
        the table knows them: a game overrides this; every refusal goes through it."""
        return message

    def action_undo(self) -> None:
        if self.read_only:
            return
        try:
            cmd = self.session.undo()
        except CompanionError as exc:
            self.refuse(exc)
            return
        if cmd is None:
            self.notify(tr("ui.undo.nothing"))
        else:  # the step undone, in the words it was logged with
            self.notify(tr(msg("ui.undo.done", step=self.session.line(self.session.cursor))))
        self.refresh_all()

    def action_redo(self) -> None:
        if self.read_only:
            return
        try:
            cmd = self.session.redo()
        except CompanionError as exc:
            self.refuse(exc)
            return
        if cmd is None:
            self.notify(tr("ui.redo.nothing"))
        else:
            self.notify(tr(msg("ui.redo.done", step=self.session.line(self.session.cursor - 1))))
        self.refresh_all()

    def action_leave(self) -> None:
        self.app.pop_screen()

    def action_escape(self) -> None:
        """Escape closes the innermost dialog only; on the game screen it cancels what the
        screen is in the middle of (:meth:`cancel`) or says how to leave (an escape typed
        once too often for a dialog must not take the table off the game)."""
        if not self.cancel():
            self.notify(tr(msg("ui.leave.how", leave=LEAVE_KEY)))

    def cancel(self) -> bool:
        """Drop a half-made action (a move being aimed, say); True if there was one."""
        return False
