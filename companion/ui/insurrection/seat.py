"""One player's own device (``companion serve``, a seat's join code; spec §2 step 3, §3.2).

It shows what the whole table sees (the round, the Path, the face-up cards, the corruption)
and this player's secrets only: the hand, the card picked and not yet revealed. The leader
kept and the card to play are picked here, each a step of the game's log (the engine's
``Choose`` / ``KeepLeader``); what the seat may see and do comes from the engine's
``seat(state, n)``. Laid out for a phone: one column, nothing wider than ~40 cells.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.core.i18n import Msg, msg, tr
from companion.core.plan import Choice, Option
from companion.games.insurrection import PickDue, Seat, named, seat
from companion.ui.dialogs import ChoiceDialog
from companion.ui.insurrection import views
from companion.ui.insurrection.cards import label
from companion.ui.insurrection.picker import cards_picker
from companion.ui.insurrection.secret import hand_text
from companion.ui.table import TableScreen
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer

SEAT_ACTIONS = frozenset({"pick", "leader", "escape"})  # a seat changes nothing else


class SeatScreen(TableScreen):
    """Seat ``number``'s view. A :class:`TableScreen` only so that the app's step that follows
    a pick (the reveal, once every seat has picked) is taken here at once; the table's own
    keys (undo, corrections, the advance key) are the host's."""

    DEFAULT_CSS = """
    SeatScreen #seat-main { height: 1fr; }
    SeatScreen #who { padding: 0 1; background: $boost; text-style: bold; }
    SeatScreen #round, SeatScreen #path, SeatScreen #meter { padding: 0 1; }
    SeatScreen #area, SeatScreen #hand { border: round $primary-lighten-1; padding: 0 1;
                                         height: auto; }
    SeatScreen #hand { border: round $text-warning; }
    SeatScreen #status { padding: 0 1; background: $accent-darken-2; color: $text; }
    """
    BINDINGS = [
        Binding("p", "pick", "insurrection_ui.seat.key.pick"),
        Binding("k", "leader", "insurrection_ui.seat.key.leader"),
    ]

    def __init__(self, session: Any, number: int) -> None:
        super().__init__(session)
        self.number = number

    @property
    def seat(self) -> Seat:
        return seat(self.state, self.number)

    def compose(self) -> ComposeResult:
        yield Static(id="who")
        with VerticalScroll(id="seat-main"):
            yield Static(id="round")
            yield Static(id="path")
            yield Static(id="area")
            yield Static(id="meter")
            yield Static(id="hand")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#area").border_title = tr("insurrection_ui.area.title")
        super().on_mount()

    def open_at_once(self) -> None:
        """The table's questions open on the host, never on a seat (it answers only its own
        player's pick and leader, with its own keys)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in SEAT_ACTIONS:
            return False
        view = self.seat
        if action == "pick":
            return view.pick is not None
        if action == "leader":
            return view.leader is not None
        return True

    def refresh_view(self) -> None:
        view, state = self.seat, self.state
        who = msg("insurrection_ui.seat.who", seat=view.number, player=view.player)
        self.query_one("#who", Static).update(Text(tr(who)))
        label = views.catalog_label(self.session.catalog_name)
        for part, shown in views.table_panels(state, label).items():
            self.query_one(f"#{part}", Static).update(as_text(shown))
        hand = self.query_one("#hand", Static)
        hand.border_title = as_text(msg("insurrection_ui.secret.hand_title", player=view.player))
        hand.update(as_text(hand_text(state.catalog, view.hand)))
        self.query_one("#status", Static).update(Text(tr(self._status(view))))
        self.refresh_bindings()

    def _status(self, view: Seat) -> Msg:
        """What this player does now, or waits for."""
        if view.leader is not None:
            return Msg("insurrection_ui.seat.keep_leader")
        if view.picks is not None:
            done, count = view.picks
            if view.picked is not None:
                return msg(
                    "insurrection_ui.seat.picked",
                    card=label(self.state.catalog, view.picked),
                    picked=done,
                    players=count,
                )
            return msg("insurrection_ui.seat.pick_now", picked=done, players=count)
        return self.moment.prompt  # what the table is doing

    def action_pick(self) -> None:
        view = self.seat
        if self.busy or view.pick is None:
            return
        picker = cards_picker(
            self.app, self.state.catalog, view.pick, lambda m: named(m, self.state)
        )

        picker.asks = PickDue(view.player, view.pick)  # stays open while this pick is due

        def picked(cards: tuple[str, ...] | None) -> None:
            if cards:
                self.do(self.seat.choose(cards[0]))

        self.app.push_screen(picker, self.still_current(picked, picker.asks))

    def action_leader(self) -> None:
        from companion.ui.insurrection.new_game import leader_option

        view = self.seat
        if self.busy or view.leader is None:
            return
        cat = self.state.catalog
        choice = Choice(
            msg("insurrection_ui.new.leader_reason", player=view.player),
            tuple(Option(c, leader_option(cat, c)) for c in view.leader.offers),
        )
        dialog = ChoiceDialog(choice, msg("insurrection_ui.new.leader_title", player=view.player))
        dialog.asks = view.leader  # stays open while this player's leader is still to keep

        def kept(leader: str | None) -> None:
            if leader:
                self.do(self.seat.keep(leader))

        self.app.push_screen(dialog, self.still_current(kept, dialog.asks))

    def name_ids(self, message: Msg) -> Msg:
        return named(message, self.state)
