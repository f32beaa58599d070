"""The table driver: runs any game's next moment (:mod:`companion.core.game`) on a screen.

A game screen subclasses :class:`TableScreen` and keeps only rendering and forms. The driver

- asks the engine for the moment after every change (``self.moment``), and redraws;
- takes the app's own steps: at once when the step needs no confirmation (or a tie the app
  picks, with "pick ties automatically"), otherwise on the advance key (``n``) — but never
  right after an undo, a redo or a resume, so the table can always step back;
- performs what an action or an answer leads to (:meth:`TableScreen.perform`): makes the
  command, opens the dialog a question needs (a :class:`ChoiceDialog` for an :class:`Ask`, a
  form for an :class:`Entry`: ``dice`` and ``number`` here, a game's own kinds through
  :meth:`TableScreen.entry_screen`), opens a view (:meth:`TableScreen.view_screen`), or asks
  for a confirmation first;
- opens a question the engine marks ``at_once`` as soon as it is next after the table's own
  step (and at the start of a new game), and the record when the table's step ended the game;
- shows the actions of the moment in the footer: a binding whose action is ``act('name')``
  is shown while the moment lists ``name``; pressed while refused, it says why.

No game screen has a method per action: an action carries what it leads to.
Bindings refresh only when the set of actions changes.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.screen import Screen

from companion.core import settings
from companion.core.commands import Command
from companion.core.errors import CompanionError
from companion.core.game import (
    AUTO_LIMIT,
    NOTHING,
    Ask,
    ConfirmFirst,
    Entry,
    Lead,
    Outcome,
    Show,
    Step,
    app_step,
    drafted,
    still_asked,
)
from companion.core.i18n import Msg, msg, tr
from companion.ui.dialogs import ChoiceDialog, Confirm, FormDialog, FormField
from companion.ui.game_screen import GameScreen


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
        self.perform(action.leads, asks=action)

    @property
    def busy(self) -> bool:
        """A dialog of this screen is open (its answer is still to come)."""
        return self.app.screen is not self

    def on_mount(self) -> None:
        super().on_mount()
        if not self.session.history():  # a new game: its first question opens by itself
            self.open_at_once()

    # -- what an action or an answer leads to ----------------------------------------------
    def perform(self, lead: Lead | None, asks: Any = None) -> None:
        """Follow ``lead``: make its command, open its question, view or confirmation (the
        answer is followed in turn). ``asks``: what the dialogs opened on the way were opened
        for (an action of the moment, or the moment's question; see ``GameScreen.stale``)."""
        try:
            lead, asks = drafted(lead, self.state, asks)
        except CompanionError as exc:
            self.refuse(exc)
            return
        if lead is None:
            return
        if self.read_only:  # a question's dialog may show what only the table may see
            self.notify(tr("ui.view.read_only"))
            return
        if isinstance(lead, Command):
            self.do(lead)
        elif isinstance(lead, Ask):
            self.ask(lead, asks)
        elif isinstance(lead, Entry):
            self.enter(lead, asks)
        elif isinstance(lead, Show):
            screen = self.view_screen(lead)
            screen.asks = NOTHING if asks is None else asks  # a view alone is never stale
            self.app.push_screen(screen)
        elif isinstance(lead, ConfirmFirst):
            dialog = Confirm.shown_again(self.app, lead.prompt)
            dialog.asks = asks

            def sure(yes: bool | None) -> None:
                if yes:
                    self.perform(lead.then, asks)

            self.app.push_screen(dialog, self.still_current(sure, asks))
        else:
            raise TypeError(f"not a lead: {lead!r}")

    # -- stepping --------------------------------------------------------------------------
    def do(self, *commands) -> bool:
        """Apply the table's commands, then the app's own steps that follow at once; then
        open what comes next by itself (a question marked ``at_once``, or the record of a game
        the step ended)."""
        ended = self.moment.outcome is not None
        if not super().do(*commands):
            return False
        self.take_app_steps()
        if not ended and self.moment.outcome is not None:
            self.show_outcome()
        else:
            self.open_at_once()
        return True

    def open_at_once(self) -> None:
        """Open the moment's question if the engine says it opens at once (and nothing else
        is open: a question asked while a chain of dialogs runs waits for the advance key)."""
        nxt = self.moment.next
        if isinstance(nxt, Ask | Entry) and nxt.at_once and not self.busy and not self.read_only:
            self.perform(nxt, asks=nxt)

    def take_app_steps(self) -> None:
        """The steps that need nobody: unconfirmed app steps, and ties the app picks."""
        for _ in range(AUTO_LIMIT):
            nxt = self.moment.next
            cmd = app_step(self.moment, self._app_picks(nxt))
            if cmd is None:
                return
            if isinstance(nxt, Ask):  # a tie the app picked: said
                pick = next(
                    (o.label for o in nxt.choice.options if o.value == cmd),
                    None,
                )
                if pick is not None:
                    self.notify(tr(msg("ui.table.auto_pick", reason=nxt.choice.reason, pick=pick)))
            if not GameScreen.do(self, cmd):
                return

    def _app_picks(self, nxt: Any) -> bool:
        """``nxt`` is a tie the app picks (the table's setting, read from the store only when a
        tie is asked: not on every step)."""
        return isinstance(nxt, Ask) and nxt.tie and self.app.ties == settings.TIES_AUTO

    def action_advance(self) -> None:
        """The advance key: take the app's step, ask the question, show the outcome, or take
        the moment's advance action while the table acts freely."""
        if self.busy or self.read_only:
            return
        moment = self.moment
        nxt = moment.next
        if isinstance(nxt, Step):
            self.do(nxt.command)
        elif isinstance(nxt, Ask):
            if self._app_picks(nxt):
                self.take_app_steps()
            else:
                self.perform(nxt, asks=nxt)
        elif isinstance(nxt, Entry):
            self.perform(nxt, asks=nxt)
        elif isinstance(nxt, Outcome):
            self.show_outcome()
        elif moment.advance is not None:
            self.action_act(moment.advance)
        else:
            self.notify(tr(self.keyed(moment.prompt)))

    def keyed(self, prompt: Msg) -> Msg:
        """``prompt`` with the keys that act on it (the engine's prompt says what to do; which
        key does it is the terminal's to say): a game's screen adds them."""
        return prompt

    def show_outcome(self) -> None:
        """The finished-game screen: how it ended, the game's own panel (scores, tally), the
        log, the BG Stats QR code."""
        outcome = self.moment.outcome
        if outcome is None or self.busy:
            return
        self.notify(tr(outcome.reason))
        self.app.show_record(self.session.id, self.session)

    # -- questions -------------------------------------------------------------------------
    def ask(self, question: Ask, asks: Any = None) -> None:
        screen = self.choice_screen(question)
        asks = question if asks is None else asks
        screen.asks = asks  # stays open while the game asks it (a step made elsewhere)
        self.app.push_screen(screen, self.still_current(lambda v: self._answered(v, asks), asks))

    def choice_screen(self, question: Ask) -> Screen:
        """The dialog for a question (a game may show its options on its board)."""
        return ChoiceDialog.shown_again(self.app, question.choice, question.title)

    def _answered(self, lead: Lead | None, asks: Any) -> None:
        if lead is not None:
            self.perform(lead, asks)

    def enter(self, entry: Entry, asks: Any = None) -> None:
        screen = self.entry_screen(entry)
        asks = entry if asks is None else asks
        screen.asks = asks  # stays open while the game asks it (a step made elsewhere)

        def done(value) -> None:
            if value is None:
                return
            # the entry as the game asks it now (the same, or one a step elsewhere narrowed):
            # its answer makes the command for the state as it is
            now = still_asked(self.moment, entry) if asks is entry else None
            try:
                lead = self.answer(now if isinstance(now, Entry) else entry, value)
            except CompanionError as exc:
                self.refuse(exc)
                return
            self.perform(lead, asks)

        self.app.push_screen(screen, self.still_current(done, asks))

    def answer(self, entry: Entry, value: Any) -> Lead:
        """What answering ``entry`` with the table's ``value`` leads to (a game may also keep
        what was entered elsewhere, e.g. in the owner's catalog)."""
        return entry.answer(value)

    def entry_screen(self, entry: Entry) -> Screen:
        """The form for an entry. Dice and numbers here; a game overrides for its own kinds
        (it returns a screen that dismisses with the value ``entry.answer`` takes)."""
        if entry.kind in ("dice", "number"):
            return _ValueForm.shown_again(self.app, entry)
        raise NotImplementedError(f"no form for entries of kind {entry.kind!r}")

    def view_screen(self, show: Show) -> Screen:
        """The screen for a view (``Show``); a game overrides for its own kinds."""
        raise NotImplementedError(f"no view of kind {show.kind!r}")


class _ValueForm(FormDialog):
    """One field: the dice or the number an :class:`Entry` asks for."""

    def define(self, entry: Entry) -> None:
        field = FormField(
            "value",
            entry.prompt,
            kind="dice" if entry.kind == "dice" else "int",
            value=entry.suggest,
            minimum=entry.minimum,
            maximum=entry.maximum,
            count=entry.count,
        )
        super().define(Msg("ui.table.enter"), [field])

    def collect(self) -> Any:
        values = super().collect()
        return None if values is None else values["value"]
