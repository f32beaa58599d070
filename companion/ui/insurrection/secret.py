"""Secret steps with the app's virtual deck: "pass the laptop" (spec §3.2, §3.3).

With the virtual deck only the app knows the hands, so a player's choice from hand (the card
played each round, the leader kept) and a Scout's secret look at the top card happen behind
a screen that hides the whole board: it names the player, who takes the keyboard and presses
Enter; the next screen shows only that player's cards; after it the board comes back with
nothing of the hand on it. The same two screens answer "show me my hand" at any time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from companion.core.i18n import Msg, msg, tr, tr_name
from companion.games.insurrection import InsurrectionCatalog, Leader
from companion.ui.colours import MUTED
from companion.ui.dialogs import Dialog, Kept
from companion.ui.insurrection.cards import chip, counted
from companion.ui.widgets.content import as_text


def sentence_lines(text: str) -> str:
    """Japanese has no spaces, so the terminal folds it at the box edge, even inside "（§2）";
    a line per sentence (after 。！？) breaks it where a reader pauses. English is unchanged."""
    return re.sub(r"(?<=[。！？])(?=\S)", "\n", text)


class PassTo(Dialog[bool]):
    """An opaque screen: "Pass the keyboard to {player}". Enter: go on; Escape: not now."""

    DEFAULT_CSS = """
    PassTo { align: center middle; background: $background; }
    PassTo > Vertical { width: 64; max-width: 100%; height: auto; border: thick $text-warning; padding: 1 2;
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
        self.define(title, body)

    def define(self, title: Msg, body: Msg) -> None:
        self.title_msg, self.body = title, body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="who")
            yield Static(id="body")
            yield Static(id="help")

    def on_mount(self) -> None:
        self.refill()

    def refill(self) -> None:
        self.query_one("#who", Static).update(as_text(self.title_msg))
        self.query_one("#body", Static).update(as_text(sentence_lines(tr(self.body))))
        self.query_one("#help", Static).update(tr("insurrection_ui.secret.help"))

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)


class ShowHand(Dialog[None]):
    """One player's hand, for that player's eyes only (after a :class:`PassTo`): each card
    with its marks, Remove/Scout (the chip), initiative, icons and words. Any of Enter, Escape or Space
    hides it again."""

    DEFAULT_CSS = """
    ShowHand { align: center middle; background: $background; }
    ShowHand > VerticalScroll { width: 96; max-width: 100%; height: auto; max-height: 90%;
                                border: thick $text-warning; padding: 1 2; background: $surface; }
    ShowHand #who { text-style: bold; }
    ShowHand #help { color: $text-muted; padding-top: 1; }
    """
    BINDINGS = [Binding("enter,escape,space", "hide", show=False)]

    def __init__(self, player: str, cat: InsurrectionCatalog, cards: Sequence[str]) -> None:
        super().__init__()
        self.player, self.cat, self.cards = player, cat, tuple(cards)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(
                as_text(msg("insurrection_ui.secret.hand_title", player=self.player)), id="who"
            )
            yield Static(as_text(self._cards()), id="cards")
            yield Static(tr("insurrection_ui.secret.hand_help"), id="help")

    def _cards(self) -> Text:
        return hand_text(self.cat, self.cards)

    def action_hide(self) -> None:
        self.dismiss(None)


def hand_text(cat: InsurrectionCatalog, cards: Sequence[str]) -> Text:
    """A hand for its player's eyes: each card with its marks, Remove/Scout (the chip),
    initiative, icons and words, highest initiative first (the order they would act in)."""
    out = Text()
    if not cards:
        out.append(tr("insurrection_ui.secret.hand_empty"), style="italic")
    order = sorted(counted(cards), key=lambda cn: -(cat.card(cn[0]).initiative or 0))
    for i, (cid, n) in enumerate(order):
        if i:
            out.append("\n")
        out.append_text(chip(cat, cid, n))
        card = cat.card(cid)
        details = [f"i{card.initiative}" if card.initiative is not None else ""]
        if card.icons:
            details.append(" ".join(tr(f"insurrection.icon.{icon}") for icon in card.icons))
        out.append("  " + "  ".join(d for d in details if d), style=MUTED)
        words = card.effect if isinstance(card, Leader) and card.effect else card.text
        if words:
            out.append("\n    " + tr_name(words), style="italic")
    return out


class Chain(Kept, ModalScreen[Any]):
    """Dialogs one after another as one entry (pass the keyboard, then the pick): ``start``
    is called with the chain once it shows; :meth:`ask` opens the next dialog (cancelled:
    the whole chain is), :meth:`done` dismisses the chain with the value. Drawn as a
    dialog's backdrop is (its first dialog draws it again, tinted, at once)."""

    DEFAULT_CSS = "Chain { background: $background 60%; }"
    _started = False  # its start has run (it runs once each time the chain is shown)

    def __init__(self, start: Callable[[Chain], None]) -> None:
        super().__init__()
        self.start = start

    @classmethod
    def shown_again(cls, app: Any, start: Callable[[Chain], None]) -> Chain:
        """The app's kept chain, to run ``start``, when it is put away; else a new one (the
        first is kept, installed in the app). A screen made for one entry and removed after
        it cost the game screen beneath a whole layout and frame when it closed (Textual lays
        out the screen on top again after a screen is removed): issue 26."""
        kept = app.__dict__.get("_kept_chain")
        if kept is not None and kept.put_away:
            kept._take_out()
            kept.start, kept._started = start, False
            return kept
        chain = cls(start)
        if kept is None:
            app._kept_chain = chain
            app.install_screen(chain, name="-kept-Chain")
        return chain

    def on_mount(self) -> None:
        self._begin()

    def on_screen_resume(self) -> None:
        self._begin()  # (shown again: kept; or a dialog of the chain closed: begun already)

    def _begin(self) -> None:
        if not self._started:
            self._started = True
            self.start(self)

    def dismiss(self, result: Any = None) -> Any:
        self.closing = True
        return super().dismiss(result)

    def ask(self, screen: Screen, then: Callable[[Any], None]) -> None:
        def answered(value: Any) -> None:
            if value is None or value is False or value == ():
                self.dismiss(None)
            else:
                then(value)

        if getattr(screen, "asks", None) is None:
            screen.asks = self.asks  # a step of the chain's entry, unless it asks a part of it
        self.app.push_screen(screen, answered)

    def secretly(self, player: str, body: Msg, then: Callable[[], None], asks: Any = None) -> None:
        """ "Pass the keyboard to {player}", then ``then`` (Escape: not now); ``asks``: the
        part of the chain's entry the pass is for (still due: the pass stays open)."""
        passing = PassTo.shown_again(
            self.app, msg("insurrection_ui.secret.pass", player=player), body
        )
        passing.asks = asks
        self.ask(passing, lambda _: then())

    def done(self, value: Any) -> None:
        self.dismiss(value)
