"""The table driver: runs any game's next moment (:mod:`companion.core.game`) on a screen.

A game screen subclasses :class:`TableScreen` and keeps only rendering and forms. The driver

- asks the engine for the moment after every change (``self.moment``), and redraws;
- takes the app's own steps: at once when the step needs no confirmation (or a tie the app
  picks, with "pick ties automatically"), otherwise on the advance key (``n``) — but never
  right after an undo, a redo or a resume, so the table can always step back;
- opens the dialog a question needs: a :class:`ChoiceDialog` for an :class:`Ask`, a form for
  an :class:`Entry` (``dice`` and ``number`` here; a game's own kinds through
  :meth:`TableScreen.entry_screen`);
- shows the actions allowed now in the footer: a binding whose action is ``act('name')``
  is shown while the moment lists ``name``, and pressing it while refused says why.
  The screen implements what an allowed action does as ``perform_<name>()``.

Bindings refresh only when the set of actions changes.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.screen import Screen

from companion.core.commands import Command
from companion.core.errors import CompanionError
from companion.core.game import Ask, Entry, Outcome, Step, still_asked
from companion.core.i18n import Msg, msg, tr
from companion.ui.dialogs import ChoiceDialog, FormDialog, FormField
from companion.ui.game_screen import GameScreen

AUTO_LIMIT = 200  # app steps taken in a row at most (a game whose flow loops stops here)


class TableScreen(GameScreen):
    BINDINGS = [Binding("n", "advance", "ui.key.next")]

    def __init__(self, session: Any, **kwargs) -> None:
        super().__init__(session, **kwargs)
        self._shown: frozenset[str] | None = None

    def refresh_all(self) -> None:
        super().refresh_all()
        shown = frozenset(a.name for a in self.moment.actions)
        if shown != self._shown:
            self._shown = shown
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "act" and parameters:
            return self.moment.action(str(parameters[0])) is not None
        return True

    def action_act(self, name: str) -> None:
        if self.busy:
            return
        action = self.moment.action(name)
        if action is None:
            return
        if action.reason is not None:
            self.notify(
                tr(self.name_ids(action.reason)), title=tr("ui.error.rule"), severity="warning"
            )
            return
        getattr(self, f"perform_{name}")()

    @property
    def busy(self) -> bool:
        """A dialog of this screen is open (its answer is still to come)."""
        return self.app.screen is not self

    # -- stepping --------------------------------------------------------------------------
    def do(self, *commands) -> bool:
        """Apply the table's commands, then the app's own steps that follow at once."""
        if not super().do(*commands):
            return False
        self.take_app_steps()
        return True

    def take_app_steps(self) -> None:
        """The steps that need nobody: unconfirmed app steps, and ties the app picks."""
        for _ in range(AUTO_LIMIT):
            nxt = self.moment.next
            if isinstance(nxt, Step) and not nxt.confirm:
                cmd = nxt.command
            elif isinstance(nxt, Ask) and nxt.tie and self.app.ties == "auto":
                cmd = nxt.auto_command
                pick = next(
                    (o.label for o in nxt.choice.options if o.value == cmd),
                    None,
                )
                if pick is not None:
                    self.notify(tr(msg("ui.table.auto_pick", reason=nxt.choice.reason, pick=pick)))
            else:
                return
            if not GameScreen.do(self, cmd):
                return

    def action_advance(self) -> None:
        """The advance key: take the app's step, ask the question, or say the outcome."""
        if self.busy or self.read_only:
            return
        nxt = self.moment.next
        if isinstance(nxt, Step):
            self.do(nxt.command)
        elif isinstance(nxt, Ask):
            if nxt.tie and self.app.ties == "auto":
                self.take_app_steps()
            else:
                self.ask(nxt)
        elif isinstance(nxt, Entry):
            self.enter(nxt)
        elif isinstance(nxt, Outcome):  # the finished-game screen: results, log, BG Stats QR
            self.notify(tr(nxt.reason))
            self.app.show_record(self.session.id, self.session)
        else:
            self.advance_free()

    def advance_free(self) -> None:
        """The advance key while the table acts freely: a game may end the turn, say what to
        do; by default the banner says it."""
        self.notify(tr(self.moment.prompt))

    # -- questions -------------------------------------------------------------------------
    def ask(self, question: Ask) -> None:
        if self.read_only:  # a question's dialog may show what only the table may see
            return
        screen = self.choice_screen(question)
        screen.asks = question  # stays open while the game asks it (a step made elsewhere)
        self.app.push_screen(screen, self.still_current(self._answered, question))

    def choice_screen(self, question: Ask) -> Screen:
        """The dialog for a question (a game may show its options on its board)."""
        return ChoiceDialog(question.choice, question.title)

    def _answered(self, cmd) -> None:
        if cmd is not None:
            self.do(cmd)

    def enter(self, entry: Entry) -> None:
        if self.read_only:  # an entry's dialog may show a player's secret (Insurrection's hands)
            return
        screen = self.entry_screen(entry)
        screen.asks = entry  # stays open while the game asks it (a step made elsewhere)

        def done(value) -> None:
            if value is None:
                return
            # the entry as the game asks it now (the same, or one a step elsewhere narrowed):
            # its answer makes the command for the state as it is
            now = still_asked(self.moment, entry)
            try:
                cmd = self.answer(now if isinstance(now, Entry) else entry, value)
            except CompanionError as exc:
                self.refuse(exc)
                return
            self.do(cmd)

        self.app.push_screen(screen, self.still_current(done, entry))

    def answer(self, entry: Entry, value: Any) -> Command:
        """The command that answers ``entry`` with the table's ``value`` (a game may also keep
        what was entered elsewhere, e.g. in the owner's catalog)."""
        return entry.answer(value)

    def entry_screen(self, entry: Entry) -> Screen:
        """The form for an entry. Dice and numbers here; a game overrides for its own kinds
        (it returns a screen that dismisses with the value ``entry.answer`` takes)."""
        if entry.kind in ("dice", "number"):
            return _ValueForm(entry)
        raise NotImplementedError(f"no form for entries of kind {entry.kind!r}")


class _ValueForm(FormDialog):
    """One field: the dice or the number an :class:`Entry` asks for."""

    def __init__(self, entry: Entry) -> None:
        field = FormField(
            "value",
            entry.prompt,
            kind="dice" if entry.kind == "dice" else "int",
            value=entry.suggest,
            minimum=entry.minimum,
            maximum=entry.maximum,
            count=entry.count,
        )
        super().__init__(Msg("ui.table.enter"), [field])

    def collect(self) -> Any:
        values = super().collect()
        return None if values is None else values["value"]
