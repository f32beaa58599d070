"""The served game as the pages see it: one session, the leads performed, each page's question.

:class:`WebTable` is the web's table driver, the second renderer of the protocol of
:mod:`companion.core.game` (the terminal's is ``companion.ui.table``): it performs what an
action or an answer leads to (a command, a question, a draft completed one question at a time,
a confirmation first) and takes the app's own steps that need nobody, exactly as the terminal
does, through a session of its own on the same save. A step made here is written with the
session's compare-and-swap, so the host's screen follows it as it follows another terminal;
the host's steps reach the pages through :meth:`WebTable.follow`.

A :class:`Page` is one connected browser: its join code and the question it opened (an
action's question, like a terminal's dialog). The moment's own next thing (the app's step,
the question, the entry) is shown on every full-control table page and answered there; a
page answers for the revision it showed, so a tap on an older picture changes nothing.
A seat's page does only what the game's seat view offers (``panels.seat_command``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core import settings
from companion.core.commands import Command
from companion.core.errors import ChangedElsewhere, CompanionError
from companion.core.game import (
    AUTO_LIMIT,
    Ask,
    ConfirmFirst,
    Entry,
    Lead,
    Moment,
    Show,
    Step,
    Then,
    app_step,
    drafted,
    still_asked,
)
from companion.core.i18n import Msg, msg
from companion.games.registry import game_package
from companion.web import forms, panels, views
from companion.web.codes import SEAT, TABLE, JoinCode

ANSWER, ENTER = "answer", "enter"  # a form of the page's own question; of the moment's entry


@dataclass(eq=False)
class Page:
    """One connected page: its code, the question it opened (``question``, opened for
    ``asks``: an action of the moment or the moment's question), and what it was last told."""

    code: JoinCode
    question: Ask | Entry | ConfirmFirst | Show | None = None
    asks: Any = None
    notice: Msg | None = None
    sent: str | None = field(default=None, repr=False)  # the last picture sent
    # what the page tapped into a form so far, by where the form is (:data:`ANSWER`: its own
    # question; :data:`ENTER`: the moment's entry), with the entry it was tapped for
    drafts: dict[str, tuple[Entry, dict[str, Any]]] = field(default_factory=dict)

    @property
    def own(self) -> bool:
        """Whether the page shows something of its own (a question, a notice, a form)."""
        return self.question is not None or self.notice is not None or bool(self.drafts)

    @property
    def controls(self) -> bool:
        """The full-control table: performs the moment's actions and answers its questions."""
        return self.code.view == TABLE


class WebTable:
    """The game of ``session`` (a session of its own on the host's save) for the pages."""

    def __init__(self, store: Any, session: Any) -> None:
        self.store, self.session = store, session
        self.pages: set[Page] = set()

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def key(self) -> str:
        return self.session.game.key

    @property
    def moment(self) -> Moment:
        return self.session.moment

    @property
    def revision(self) -> int:
        return self.session.revision

    # -- a page's taps ---------------------------------------------------------------------
    def handle(self, page: Page, data: dict[str, Any]) -> None:
        """One tap of ``page``: ``{"op": ..., "arg": ..., "rev": the revision it showed}``.
        A read-only page changes nothing; a seat does only what its seat view offers."""
        page.notice = None
        op, arg = data.get("op"), data.get("arg")
        if page.code.read_only:
            page.notice = Msg("web.read_only")
            return
        if op == "close":
            page.question = page.asks = None
            page.drafts.pop(ANSWER, None)
            return
        if page.code.view == SEAT:
            self._seat(page, str(op), arg)
            return
        if op in ("act", "step", "pick", ENTER):  # the table moves on: the page's question goes
            page.question = page.asks = None
            page.drafts.pop(ANSWER, None)
        if op == "act":
            self.act(page, str(arg))
        elif op == ANSWER:
            self._answer_page(page, arg)
        elif op == "set":
            self._set(page, arg)
        elif op in ("undo", "redo"):
            self.undo(page, redo=op == "redo")
        elif op in ("step", "pick", ENTER):
            if data.get("rev") != self.revision:  # tapped on an older picture of the game
                page.notice = Msg("web.look_again")
                return
            self._answer_next(page, op, arg)
        else:
            page.notice = Msg("web.unknown")

    def _seat(self, page: Page, op: str, arg: Any) -> None:
        number = page.code.seat or 0
        try:
            cmd = panels.seat_command(self.key, self.state, number, self.moment, op, arg)
        except (KeyError, ValueError, TypeError):
            cmd = None
        if cmd is None:  # not offered to this seat now (an older picture, or never)
            page.notice = Msg("web.look_again")
            return
        self.do(page, cmd)

    def act(self, page: Page, name: str) -> None:
        """An action of the moment, as the terminal's key for it."""
        action = self.moment.action(name)
        if action is None:
            page.notice = Msg("web.look_again")
        elif action.reason is not None:
            page.notice = panels.named(self.key, action.reason, self.state)
        elif not self.can_follow(action.leads):
            page.notice = Msg("web.on_host")
        else:
            self.perform(page, action.leads, asks=action)

    def _answer_next(self, page: Page, op: str, arg: Any) -> None:
        nxt = self.moment.next
        if op == "step" and isinstance(nxt, Step):
            self.do(page, nxt.command)
        elif op == "pick" and isinstance(nxt, Ask):
            value = _option(nxt, arg)
            if value is None:
                page.notice = Msg("web.look_again")
            else:
                self.perform(page, value, asks=nxt)
        elif op == ENTER and isinstance(nxt, Entry) and self.answerable(nxt):
            self._enter(page, nxt, arg, nxt, ENTER)
        else:
            page.notice = Msg("web.look_again")

    def _answer_page(self, page: Page, arg: Any) -> None:
        """The answer to the question the page opened (``None``: it was closed meanwhile)."""
        question, asks = page.question, page.asks
        if question is None:
            page.notice = Msg("web.look_again")
            return
        if isinstance(question, Entry):
            now = still_asked(self.moment, question) if asks is question else None
            self._enter(page, now if isinstance(now, Entry) else question, arg, asks, ANSWER)
            return
        if isinstance(question, Show):  # a view answers nothing: it is closed
            page.notice = Msg("web.look_again")
            return
        page.question = page.asks = None
        if isinstance(question, Ask):
            value = _option(question, arg)
            if value is not None:
                self.perform(page, value, asks)
        elif arg is True:  # a confirmation
            self.perform(page, question.then, asks)

    def _entry(self, page: Page, where: Any) -> Entry | None:
        """The entry a form at ``where`` answers: the page's question, or the moment's."""
        entry = page.question if where == ANSWER else self.moment.next
        return entry if isinstance(entry, Entry) else None

    def draft(self, page: Page, where: str, entry: Entry) -> dict[str, Any]:
        """What ``page`` tapped into ``entry``'s form so far (nothing once it asks another)."""
        kept = page.drafts.get(where)
        asked = page.question if where == ANSWER else entry  # the question, as it opened
        return kept[1] if kept is not None and kept[0] == asked else {}

    def form(self, page: Page, where: str, entry: Entry) -> forms.Form | None:
        return forms.form(self.key, entry, self.state, self.draft(page, where, entry))

    def _set(self, page: Page, arg: Any) -> None:
        """A tap into a form: ``[where, field, value]``."""
        if not (isinstance(arg, list) and len(arg) == 3):
            page.notice = Msg("web.unknown")
            return
        where, name, value = arg
        entry = self._entry(page, where)
        form = self.form(page, where, entry) if entry is not None else None
        draft = form.set(self.draft(page, where, entry), name, value) if form else None
        if draft is None:  # not a field of the form as it is now (an older picture)
            page.notice = Msg("web.look_again")
            return
        self._keep(page, where, entry, draft)

    def _keep(self, page: Page, where: str, entry: Entry, draft: dict[str, Any]) -> None:
        page.drafts[where] = (page.question if where == ANSWER else entry, draft)

    def _enter(self, page: Page, entry: Entry, arg: Any, asks: Any, where: str) -> None:
        """The form's answer: the draft (``arg`` ``None``), or the draft with one more tap
        (``{"set": [field, value]}``, or a one-field form's value): made into the entry's
        value and answered. A tap that adds fields to the form (which card was turned face
        up, once "face up" is tapped) waits for them."""
        draft = self.draft(page, where, entry)
        form = forms.form(self.key, entry, self.state, draft)
        try:
            if form is None:
                raise ValueError(Msg("web.look_again"))
            if arg is not None:
                name, value = arg["set"] if isinstance(arg, dict) else (form.fields[0].name, arg)
                value = _typed(form.field(name), value)
                tapped = form.set(draft, name, value)
                if tapped is None:
                    raise ValueError(Msg("web.look_again"))
                draft = tapped
                more = forms.form(self.key, entry, self.state, draft)
                if more is not None and [f.name for f in more.fields] != [
                    f.name for f in form.fields
                ]:
                    self._keep(page, where, entry, draft)
                    return
                form = more or form
            lead = entry.answer(form.answer(draft))
            self.keep_values(entry, lead)
        except ValueError as exc:  # refused: the form stays as tapped, and says why
            self._keep(page, where, entry, draft)
            page.notice = exc.args[0] if exc.args and isinstance(exc.args[0], Msg) else None
            return
        except CompanionError as exc:
            self._keep(page, where, entry, draft)
            page.notice = panels.named(self.key, exc.message, self.state)
            return
        page.drafts.pop(where, None)
        if where == ANSWER:
            page.question = page.asks = None
        self.perform(page, lead, asks)

    def keep_values(self, entry: Entry, lead: Lead) -> None:
        """Insurrection's values printed on the cards (§1) go into the owner's catalog too
        (a box game), as on the host's screen: through the catalog's one writer, the engine's
        ``with_values`` making the whole new catalog. A value the catalog refuses raises
        (nothing saved, no step made)."""
        if entry.kind != "insurrection.values" or self.session.catalog_name != "box":
            return
        g = game_package("insurrection")
        assert isinstance(lead, g.SetValues)
        store = self.store
        new = g.with_values(store.user_catalog(self.key), self.state.catalog, lead.values)
        store.change_user_catalog(self.key, new, whole=True)

    def undo(self, page: Page, redo: bool = False) -> None:
        """The host's undo (or redo): the last step taken back, saved, the pages redrawn; a
        step made meanwhile on another device is followed and said, never undone."""
        try:
            cmd = self.session.redo() if redo else self.session.undo()
        except ChangedElsewhere as exc:
            page.notice = exc.message
            self.changed()
            return
        except CompanionError as exc:
            page.notice = panels.named(self.key, exc.message, self.state)
            return
        session = self.session
        if cmd is None:
            page.notice = Msg("ui.redo.nothing" if redo else "ui.undo.nothing")
        else:  # the step, in the words it was logged with
            line = session.line(session.cursor - 1 if redo else session.cursor)
            said = msg("ui.redo.done" if redo else "ui.undo.done", step=line)
            page.notice = panels.named(self.key, said, self.state)
        self.changed()

    # -- what an action or an answer leads to ----------------------------------------------
    def perform(self, page: Page, lead: Lead | None, asks: Any = None) -> None:
        """Follow ``lead`` as the terminal's driver does: make its command, or open its
        question or confirmation on ``page`` (answered in turn by :meth:`handle`)."""
        try:
            lead, asks = drafted(lead, self.state, asks)
        except CompanionError as exc:
            page.notice = panels.named(self.key, exc.message, self.state)
            return
        if lead is None:
            return
        if isinstance(lead, Command):
            self.do(page, lead)
        elif isinstance(lead, Ask | ConfirmFirst) or (
            isinstance(lead, Entry) and self.answerable(lead)
        ):
            page.question, page.asks = lead, asks
        elif isinstance(lead, Show) and views.drawn(lead):
            secret = views.secret_of(lead)
            if secret is None or secret == page.code.player:
                page.question, page.asks = lead, asks
            else:  # a player's secret: on that player's own page only
                page.notice = msg("web.view_on_seat", player=secret)
        else:  # a game's own form: the host's screen has it
            page.notice = Msg("web.on_host")

    def do(self, page: Page, *commands: Command) -> bool:
        """Apply and save ``commands``, then the app's own steps that need nobody."""
        try:
            for cmd in commands:
                self.session.do(cmd)
        except ChangedElsewhere as exc:  # the session follows what was done first
            page.notice = exc.message
            self.changed()
            return False
        except CompanionError as exc:
            page.notice = panels.named(self.key, exc.message, self.state)
            return False
        self.take_app_steps(page)
        self.changed()
        return True

    def take_app_steps(self, page: Page) -> None:
        """The steps that need nobody: unconfirmed app steps, and ties the app picks when the
        table said so (the "pick ties automatically" setting), as the terminal's driver."""
        ties = self.store.get_setting(settings.TIES, settings.TIES_ASK)
        for _ in range(AUTO_LIMIT):
            cmd = app_step(self.moment, ties == settings.TIES_AUTO)
            if cmd is None:
                return
            try:
                self.session.do(cmd)
            except CompanionError as exc:
                page.notice = exc.message
                return

    def answerable(self, entry: Entry) -> bool:
        """Whether a page answers ``entry`` (it has a form: :mod:`companion.web.forms`)."""
        return forms.form(self.key, entry, self.state) is not None

    def can_follow(self, lead: Lead | None) -> bool:
        """Whether a page can follow ``lead`` as far as it can be seen now (a draft's questions
        are known once it is made)."""
        if lead is None:
            return False
        if isinstance(lead, Show):
            return views.drawn(lead)
        if isinstance(lead, Entry):
            return self.answerable(lead)
        if isinstance(lead, ConfirmFirst):
            return self.can_follow(lead.then) or isinstance(lead.then, Then)
        return True

    # -- changes -----------------------------------------------------------------------------
    def follow(self, remote: Any) -> bool:
        """Take what another instance saved (read by ``session.fetch_remote``); whether the
        game changed."""
        change = self.session.follow(remote)
        if change is None:
            return False
        self.changed(change.message)
        return True

    def changed(self, said: Msg | None = None) -> None:
        """The game moved: a page's question the game no longer asks is closed, and said."""
        moment = self.moment
        for page in self.pages:
            kept = page.drafts.get(ENTER)
            if kept is not None and kept[0] != moment.next:  # the moment asks another now
                del page.drafts[ENTER]
            if page.question is not None and still_asked(moment, page.asks) is None:
                page.question = page.asks = None
                page.drafts.pop(ANSWER, None)
                page.notice = Msg("web.closed")
            elif said is not None and page.notice is None:
                page.notice = said


def _option(ask: Ask, index: Any) -> Lead | None:
    options = ask.choice.options
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(options):
        return options[index].value
    return None


def _typed(field: forms.Field | None, value: Any) -> Any:
    """A number typed as text (a test's, or an old page's) as the number it is; a message
    that says what is wrong with one that is not, or is out of range."""
    if field is None or field.kind != forms.NUMBER or not isinstance(value, str):
        return value
    word = value.strip()
    if not word.lstrip("-").isdigit():
        raise ValueError(Msg("web.form.number"))
    number = int(word)
    if not field.takes(number):
        high = "" if field.high is None else field.high
        raise ValueError(msg("web.form.range", low=field.low, high=high))
    return number
