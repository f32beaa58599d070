"""The screen a group keeps open while playing Insurrection (spec §3, §4, §7).

A :class:`~companion.ui.table.TableScreen`: the engine's flow (``games/insurrection/flow.py``)
says what comes next, which actions are allowed and what each leads to; this screen draws
the board and holds the forms and the secret "pass the keyboard" screens each entry or view
needs (``entry_screen``, ``view_screen``). ``n`` (or ``space``) does what the prompt line
says; every change is a step of the log (undo: ctrl+z).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from companion.core.game import Entry, Lead, Show
from companion.core.i18n import Msg, msg, tr, tr_name
from companion.core.plan import Choice, Option
from companion.games.insurrection import (
    BOTTOM,
    NOT_USED,
    Cards,
    EffectPick,
    HandSeen,
    LeaderPick,
    Played,
    ProgressForm,
    Scouting,
    SetValues,
    end_position,
    named,
)
from companion.ui.dialogs import ChoiceDialog, FormDialog, FormField, kept_view
from companion.ui.insurrection import views
from companion.ui.insurrection.cards import label
from companion.ui.insurrection.catalog_values import form_field, keep_values
from companion.ui.insurrection.corrections import progress_form, progress_values
from companion.ui.insurrection.picker import CardPicker, card_pick, cards_picker
from companion.ui.insurrection.secret import Chain, ShowHand
from companion.ui.table import TableScreen
from companion.ui.widgets.content import set_content
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.game_log import GameLog
from companion.ui.widgets.panel import Panel

NARROW = 60  # columns below which the panels stack (a phone's browser: ~40)


class InsurrectionScreen(TableScreen):
    CSS_PATH = "board.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]  # a phone: one column
    BINDINGS = [
        Binding("space", "advance", show=False),
        Binding("k", "act('leader')", "insurrection_ui.key.leader"),
        Binding("l", "act('land')", "insurrection_ui.key.land"),
        Binding("r", "act('remove')", "insurrection_ui.key.remove"),
        Binding("s", "act('scout')", "insurrection_ui.key.scout"),
        Binding("t", "act('take')", "insurrection_ui.key.take"),
        Binding("h", "act('hands')", "insurrection_ui.key.hands"),
        Binding("f", "act('scores')", "insurrection_ui.key.scores"),
        Binding("c", "act('correct')", "insurrection_ui.key.correct"),
        Binding("y", "act('look')", "insurrection_ui.key.my_hand"),
    ]

    # layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="top"):
            yield Panel(id="round")
            yield Panel(id="path")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Panel(id="area")
                yield Panel(id="meter")
                yield Panel(id="leave-ten")
                yield Panel(id="forecast")
                yield Panel(id="deck")
            with Vertical(id="right"):
                yield Panel(id="turns")
                yield Panel(id="hands")
                yield GameLog(id="log")
        yield Panel(id="next")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.session.title
        # the default title already names the game: "インサレクション … — インサレクション" read twice
        game = tr("insurrection_ui.title")
        self.sub_title = "" if game in self.title else game
        for part, key in (
            ("area", "area"),
            ("turns", "turns"),
            ("hands", "hand"),
            ("deck", "deck"),
        ):
            self.query_one(f"#{part}").border_title = tr(f"insurrection_ui.{key}.title")
        super().on_mount()

    @property
    def catalog_label(self) -> str:
        return views.catalog_label(self.session.catalog_name)

    def refresh_view(self) -> None:
        state = self.state
        q = self.query_one
        for part, shown in views.table_panels(state, self.catalog_label).items():
            set_content(q(f"#{part}", Static), shown)
        leave = views.leave_ten(state)
        leave_widget = q("#leave-ten", Static)
        set_content(leave_widget, leave or "")
        leave_widget.display = leave is not None
        set_content(q("#forecast", Static), views.forecast_line(state))
        set_content(q("#deck", Static), views.deck_panel(state))
        set_content(q("#turns", Static), views.turns_panel(state))
        set_content(q("#hands", Static), views.hands_panel(state))
        set_content(q("#next", Static), Text(tr(self.moment.prompt)))

    def name_ids(self, message: Msg) -> Msg:
        return named(message, self.state)  # cards by the names printed on them

    # the entries' screens -----------------------------------------------------------------
    def entry_screen(self, entry: Entry) -> Screen:
        build = {
            "insurrection.cards": self._cards,
            "insurrection.hand": self._cards,
            "insurrection.leader": self._leader,
            "insurrection.play": self._play,
            "insurrection.scout": self._scout,
            "insurrection.land": self._land,
            "insurrection.effect": self._effect,
            "insurrection.values": self._values,
            "insurrection.progress": self._progress,
        }.get(entry.kind)
        return build(entry.subject) if build else super().entry_screen(entry)

    def _cards(self, cards: Cards) -> Screen:
        return Chain.shown_again(self.app, lambda c: c.ask(self._picker(cards), c.done))

    def _picker(self, cards: Cards, intro: Msg | None = None) -> CardPicker:
        return cards_picker(
            self.app, self.state.catalog, cards, lambda m: named(m, self.state), intro
        )

    def _leader(self, pick: LeaderPick) -> Screen:
        """§2 step 3: the leaders offered, each with what it brings; in secret with the app's
        deck (only the app knows what was dealt)."""
        from companion.ui.insurrection.new_game import leader_option

        cat, player = self.state.catalog, pick.player
        choice = Choice(
            msg("insurrection_ui.new.leader_reason", player=player),
            tuple(Option(c, leader_option(cat, c)) for c in pick.offers),
        )
        dialog = ChoiceDialog(choice, msg("insurrection_ui.new.leader_title", player=player))
        if not pick.secret:
            return Chain.shown_again(self.app, lambda c: c.ask(dialog, c.done))
        body = msg("insurrection_ui.secret.leader", player=player)
        return Chain.shown_again(
            self.app, lambda c: c.secretly(player, body, lambda: c.ask(dialog, c.done))
        )

    def _play(self, played: Played) -> Screen:
        """§3.2: one pick per player in seat order; with the app's deck each behind a screen
        that hides the board, the player at the keyboard seeing only their own hand. A player
        who picks on their own device meanwhile is not asked here (the pick as the game asks
        it now, at each player)."""

        def pick(chain: Chain, taken: dict[str, str]) -> None:
            now = self._playing(played)
            left = [p for p in now.players if p not in taken]
            if not left:
                if now.secret:
                    self.notify(
                        tr("insurrection_ui.secret.revealed"),
                        title=tr("insurrection_ui.secret.reveal_title"),
                    )
                chain.done(tuple(taken[p] for p in now.players))
                return
            player = left[0]
            before = tuple(taken[p] for p in now.players if p in taken)

            def ask() -> None:
                picker = self._picker(now.cards(player, before))
                if now.secret:
                    picker.asks = now.due(player)  # the player's own part: stays while due
                chain.ask(picker, lambda c: pick(chain, {**taken, player: c[0]}))

            if not now.secret:
                ask()
                return
            done = len(self.state.players) - len(left)  # here, and on the players' devices
            body = (
                msg("insurrection_ui.secret.choose_next", player=player, done=done)
                if done
                else msg("insurrection_ui.secret.choose", player=player)
            )
            chain.secretly(player, body, ask, asks=now.due(player))

        return Chain.shown_again(self.app, lambda c: pick(c, {}))

    def _playing(self, played: Played) -> Played:
        """The pick as the game asks it now: ``played``, or what is left of it once players
        picked on their own devices (the engine says whether it still asks it)."""
        now = self.moment.next
        if isinstance(now, Entry) and played.asks_still(now.subject):
            return now.subject
        return played

    def _scout(self, scouting: Scouting) -> Screen:
        """§3.3 Scout: bottom or face up; the app's top card is shown to the scout alone."""
        player, top = scouting.player, scouting.top
        reason = Msg("insurrection_ui.scout.reason")
        if top is not None:
            reason = msg(
                "insurrection_ui.scout.seen", player=player, card=label(self.state.catalog, top)
            )
        where = Choice(
            reason,
            (
                Option(BOTTOM, Msg("insurrection_ui.scout.bottom")),
                Option(top or "face_up", Msg("insurrection_ui.scout.face_up")),
            ),
        )
        dialog = ChoiceDialog(where, Msg("insurrection_ui.scout.title"))

        def chosen(chain: Chain, value: str) -> None:
            if value == "face_up" and scouting.face_up is not None:  # which card the table shows
                chain.ask(self._picker(scouting.face_up), lambda c: chain.done(c[0]))
            else:
                chain.done(value)

        if top is None:
            return Chain.shown_again(self.app, lambda c: c.ask(dialog, lambda v: chosen(c, v)))
        body = msg("insurrection_ui.secret.scout", player=player)
        return Chain.shown_again(
            self.app,
            lambda c: c.secretly(player, body, lambda: c.ask(dialog, lambda v: chosen(c, v))),
        )

    def _land(self, effect: dict[str, str] | None) -> Screen:
        land = self.state.catalog.land(self.state.land_id or "")
        form = FormDialog(
            msg("insurrection_ui.land.title", land=tr_name(land.name, land.id)),
            [FormField("note", Msg("insurrection_ui.land.note"), kind="text", optional=True)],
            intro=msg("insurrection_ui.land.effect", effect=tr_name(effect, "") if effect else ""),
        )
        return Chain.shown_again(self.app, lambda c: c.ask(form, lambda v: c.done(v["note"] or "")))

    def _effect(self, pick: EffectPick) -> Screen:
        """§4: an end-of-game effect: the face-up card taken (or not used), and for an exchange
        the card given back."""
        cat = self.state.catalog
        intro = msg(
            "insurrection_ui.effect.intro",
            player=pick.player,
            card=cat.card(pick.card).name,
            kind=pick.kind,
        )

        def took(chain: Chain, taken: str) -> None:
            if taken == NOT_USED or pick.give is None:
                chain.done((taken, None))
                return
            give = CardPicker.shown_again(
                self.app,
                msg("insurrection_ui.pick.give", player=pick.player),
                [card_pick(cat, c) for c in dict.fromkeys((*pick.give, taken))],
            )
            chain.ask(give, lambda g: chain.done((taken, g[0])))

        return Chain.shown_again(
            self.app, lambda c: c.ask(self._picker(pick.take, intro), lambda t: took(c, t[0]))
        )

    def _values(self, paths: tuple[str, ...]) -> Screen:
        """§1: the values printed on the cards the score needs (saved into the owner's
        catalog too, so the next game knows them)."""
        cat = self.state.catalog
        fields = [form_field(cat, p, i) for i, p in enumerate(paths)]
        form = FormDialog(
            Msg("insurrection_ui.score.values_title"),
            [f for f in fields if f is not None],
            intro=Msg("insurrection_ui.score.values_intro"),
        )
        return Chain.shown_again(
            self.app,
            lambda c: c.ask(form, lambda v: c.done({p: v[f"v{i}"] for i, p in enumerate(paths)})),
        )

    def _progress(self, form: ProgressForm) -> Screen:
        return Chain.shown_again(
            self.app, lambda c: c.ask(progress_form(form), lambda v: c.done(progress_values(v)))
        )

    def answer(self, entry: Entry, value: Any) -> Lead:
        """The values the score needs go into the owner's catalog too (a box game)."""
        cmd = super().answer(entry, value)  # the engine's command, as the flow makes it
        if entry.kind == "insurrection.values" and self.session.catalog_name == "box":
            assert isinstance(cmd, SetValues)
            keep_values(self, self.state.catalog, cmd.values)
        return cmd

    # what the table may look at ---------------------------------------------------------
    def view_screen(self, show: Show) -> Screen:
        if show.kind == "insurrection.hand":
            return self._hand(show.subject)
        if show.kind == "insurrection.scores":
            return self._scores()
        return super().view_screen(show)

    def _hand(self, seen: HandSeen) -> Screen:
        """Pass the keyboard to that player; the hand; hidden again (§3.2: the hands are
        secret, and with the app's deck the app alone holds them). Each stays open while
        that hand is the one shown."""
        player = seen.player

        def hidden(chain: Chain) -> None:
            self.notify(tr("insurrection_ui.secret.hand_hidden"))
            chain.done(True)

        def show(chain: Chain) -> None:
            hand = ShowHand(player, self.state.catalog, seen.cards)
            hand.asks = seen  # stays open while this hand is the one shown
            self.app.push_screen(hand, lambda _: hidden(chain))

        body = msg("insurrection_ui.secret.hand", player=player)
        return Chain.shown_again(
            self.app, lambda c: c.secretly(player, body, lambda: show(c), asks=seen)
        )

    def _scores(self) -> Screen:
        from companion.ui.insurrection.scoring_screen import ScoringScreen

        state = self.state
        return kept_view(
            self.app,
            ScoringScreen,
            self.session,
            title=self.session.title,
            position=end_position(state),
            effects=state.effects,
            catalog=lambda: state.catalog,
            catalog_name=self.session.catalog_name,
            options=state.options,
        )
