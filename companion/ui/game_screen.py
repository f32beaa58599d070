"""The base of every game screen: the session, undo/redo, errors, the log panel.

A game screen subclasses :class:`GameScreen`, composes its own board and panels, and
implements :meth:`refresh_view`. It changes the game only through :meth:`do`, which applies a
command, saves it, and shows a ``RuleError`` as a message without changing anything.

The same game may be open elsewhere (another terminal on the same file, a club's shared
database): a thread looks at the game's revision every ``FOLLOW_EVERY`` seconds (one indexed
read; it never touches the screen) and posts what was written; the screen takes the new
steps on its own thread and redraws through :meth:`GameScreen.on_remote_change`.
"""

from __future__ import annotations

import contextvars
import threading
from typing import Any

from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from companion.core.commands import Command
from companion.core.errors import ChangedElsewhere, CompanionError, Elsewhere, RuleError
from companion.core.game import Moment, Session, still_asked
from companion.core.i18n import Msg, msg, tr
from companion.core.steplog import HistoryLine
from companion.ui.dialogs import Covered, Dialog
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.game_log import GameLog

LEAVE_KEY = "ctrl+g"  # back to the home screen ("go home"); escape only closes dialogs
FOLLOW_EVERY = 0.25  # seconds between two looks for steps made elsewhere (goal: shown in 1 s)
JOIN_KEY = "ctrl+o"  # the join codes, when ``companion serve`` runs the app ("open to phones")


class GameScreen(Covered, Screen):
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
        self._watching = False  # the thread that follows steps made elsewhere runs
        self._screen_gone = threading.Event()  # the screen is gone: the thread stops at once
        translate_bindings(self)

    @property
    def state(self) -> Any:
        return self.session.state

    def on_mount(self) -> None:
        self.refresh_all()
        if getattr(self.session, "shared", False) and not self._watching:  # others may open it
            self._watching = True
            # a daemon thread, not a worker: it must never hold up the app's exit
            run = contextvars.copy_context().run  # (self.app and post_message need the app)
            threading.Thread(target=run, args=(self._watch,), name="follow", daemon=True).start()

    # -- steps made elsewhere --------------------------------------------------------------
    class RemoteSteps(Message):
        """What another instance saved (``Session.fetch_remote``), for the screen's thread."""

        def __init__(self, remote: Any) -> None:
            super().__init__()
            self.remote = remote

    def _watch(self) -> None:
        """In a thread, for as long as the screen and its app run: look at the game's
        revision; when it moved, post what was written to the screen (never waiting for it)."""
        app = self.app
        while not self._screen_gone.wait(FOLLOW_EVERY):
            if not (app.is_running and self.is_running):
                return
            try:
                remote = self.session.fetch_remote()
            except Exception:  # noqa: BLE001  (the database away: the next write says so)
                continue
            if remote is not None and not self.post_message(self.RemoteSteps(remote)):
                return  # the screen is closing

    def on_unmount(self) -> None:
        self._screen_gone.set()

    def on_game_screen_remote_steps(self, message: RemoteSteps) -> None:
        self.take_remote(message.remote)

    def take_remote(self, remote: Any) -> None:
        """Take steps another instance saved (read by the watcher) and redraw."""
        if self._screen_gone.is_set():
            return
        try:
            change = self.session.follow(remote)
        except CompanionError as exc:
            self.refuse(exc)
            return
        if change is not None:
            self.on_remote_change(change)

    def on_remote_change(self, change: Elsewhere, refused: ChangedElsewhere | None = None) -> None:
        """The session now holds steps, undos or redos made elsewhere (``refused``: found when
        this instance's own write was refused). Say what they were and redraw from the state,
        the path undo, redo and resume take; the app's own steps are not taken (the instance
        that made the change takes them). A dialog open above this screen whose question the
        game no longer asks is closed (:meth:`stale`), so no answer to it is saved; one that
        is still asked, or asks nothing of the game, stays open with what was typed in it.
        Keys typed before the change and not yet handled are dropped, and the app says so."""
        self.app.changed_elsewhere()
        closed = self._close_stale_dialogs()
        said = refused.message if refused is not None else change.message
        self.notify(
            tr(self.name_ids(said)),
            title=tr("sync.title"),
            severity="warning" if refused is not None else "information",
            timeout=8,
        )
        if closed is not None:
            self.notify(tr(closed), severity="warning", timeout=8)
        self.refresh_all()

    @property
    def moment(self) -> Moment:
        """What the table faces now (the engine's moment, made once per state)."""
        return self.session.moment

    def stale(self, screen: Screen) -> bool:
        """Whether ``screen``, open above this one, asks what the game no longer asks: a
        dialog's ``asks`` (what it was opened for: the engine's question, :data:`NOTHING`,
        or ``None``, the game as it was) is no longer :func:`still_asked` by the moment.
        A screen that is not a dialog (help, the command palette) asks nothing."""
        if not _asks(screen):
            return False
        return still_asked(self.moment, getattr(screen, "asks", None)) is None

    def _close_stale_dialogs(self) -> Msg | None:
        """Dismiss (with no answer) the dialog on top when it, or one beneath it, is stale
        (a dialog of a chain answered with nothing closes its chain); the message saying
        so if one was."""
        stack = self.app.screen_stack
        if self not in stack:
            return None
        above = stack[stack.index(self) + 1 :]
        stale = next((screen for screen in reversed(above) if self.stale(screen)), None)
        if stale is None:
            return None
        top = self.app.screen
        if top is self or getattr(top, "closing", False):
            return None
        if not _asks(top):
            return None  # help or the command palette on top: the answer is dropped later
        top.dismiss(None)
        return self.closed_message(stale.asks)

    def still_current(self, callback: Any, asks: Any = None) -> Any:
        """``callback`` for the answer to a dialog opened for ``asks`` (as a dialog's
        ``asks``: ``None`` for the game as it is now), dropped (and said) when the game
        changed elsewhere while the dialog was open and no longer asks it: the answer was
        to an older question."""
        revision = getattr(self.session, "revision", None)

        def answered(value: Any) -> None:
            if (
                value is not None
                and getattr(self.session, "revision", None) != revision
                and still_asked(self.moment, asks) is None
            ):
                self.notify(tr(self.closed_message(asks)), severity="warning", timeout=8)
                self.refresh_all()
                return
            callback(value)

        return answered

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

    def refuse(self, exc: CompanionError) -> None:
        """Say why a step, an undo or a redo did not happen: a rule refused it, or the save
        failed (the game stays open and unchanged; the message says what to do), or the
        game changed elsewhere first (the screen then shows it as it is)."""
        if isinstance(exc, ChangedElsewhere):
            self.on_remote_change(exc.elsewhere, refused=exc)
            return
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

    def closed_message(self, asks: Any) -> Msg:
        """Why a dialog opened for ``asks`` was closed, naming its question when what it asks
        says it in words (a ``question`` message, e.g. "Ann's hand"), and the key that shows
        what comes next where this screen has one (a seat view has none)."""
        question = getattr(asks, "question", None)
        if isinstance(question, Msg):
            said = msg("sync.dialog_closed_about", question=question)
        else:
            said = Msg("sync.dialog_closed")
        for key, bindings in self._bindings.key_to_bindings.items():
            if any(b.action == "advance" for b in bindings) and self.check_action("advance", ()):
                return msg("sync.closed_then_next", said=said, next=key)
        return said


def _asks(screen: Screen) -> bool:
    """Whether ``screen`` asks the table something: a dialog, or a screen saying what it asks
    (``asks``); help and the command palette do not."""
    return isinstance(screen, Dialog) or hasattr(screen, "asks")
