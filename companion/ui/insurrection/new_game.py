"""A new tracked game (spec §2): players and seats, the Path, the deck, leaders, first player.

"box": the user's box (the box catalog with the owner's transcription on top). The engine
refuses a catalog still missing numbers the game needs; this screen asks for exactly those,
card by card, and saves each card's values into the owner's catalog as soon as it is entered.
"demo": the fictional demo catalog, said on screen.
"""

from __future__ import annotations

from datetime import datetime

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Checkbox,
    Header,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Static,
)

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr
from companion.core.text import visible
from companion.games.insurrection import (
    GAME,
    MAX_PLAYERS,
    OPTION_NAMES,
    RULINGS,
    InsurrectionCatalog,
    Options,
    Setup,
    name_msg,
    play_unknowns,
    player_limit,
    players_refusal,
    rule_summary,
)
from companion.games.registry import owner_catalog
from companion.store.listing import Seat
from companion.ui.dialogs import FormDialog
from companion.ui.i18n import translate_bindings
from companion.ui.insurrection.box_forms import edit_box
from companion.ui.insurrection.cards import badges, land_name
from companion.ui.insurrection.catalog_values import (
    GAME_KEY,
    form_field,
    keep_values,
    missing_by_entry,
    transcription_forms,
)
from companion.ui.insurrection.picker import CardPicker, Pick
from companion.ui.roster import roster_suggester
from companion.ui.widgets.button import Button
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.start_player import RANDOM, drawn, pick
from companion.ui.widgets.toggles import Check, Radio

SEATS = MAX_PLAYERS
NARROW = 110  # the first player, the deck and the path side by side need this many columns


class NewGameScreen(Screen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]
    DEFAULT_CSS = """
    NewGameScreen VerticalScroll { padding: 0 2; }
    NewGameScreen .section-title { text-style: bold; padding-top: 1; }
    NewGameScreen #catalog-status { color: $text-error; height: auto; }
    NewGameScreen #catalog-status.complete { color: $text-primary; }
    NewGameScreen #seats-status { color: $text-muted; height: auto; }
    NewGameScreen #rules Checkbox { border: none; padding: 0; height: auto; }
    NewGameScreen #seats { height: 3; }
    NewGameScreen #seats Input { width: 1fr; }
    NewGameScreen .seat { height: 3; margin-top: 1; }
    NewGameScreen .seat Label { width: auto; padding: 1 1 0 0; }
    NewGameScreen .seat Input { width: 1fr; }
    NewGameScreen RadioSet { height: auto; width: auto; }
    NewGameScreen #choices { height: auto; }
    NewGameScreen #choices > Vertical { width: auto; height: auto; margin-right: 2; }
    NewGameScreen #choices > Vertical.first { width: 26; }
    NewGameScreen #choices > Vertical.deck { width: 44; }
    NewGameScreen #choices > Vertical.path { width: 1fr; }
    NewGameScreen .hint { color: $text-muted; }
    /* under NARROW columns the three choices stand one under another (side by side at 80
       columns "The Path" and "First game" had no width left) */
    NewGameScreen.-narrow #choices { layout: vertical; }
    NewGameScreen.-narrow #choices > Vertical { width: 1fr; margin-right: 0; }
    NewGameScreen #rules { height: auto; }
    NewGameScreen #rules Check { width: 1fr; text-wrap: wrap; }
    NewGameScreen .small { width: 24; }
    NewGameScreen #error { color: $text-error; height: auto; }
    NewGameScreen #start { margin-top: 1; }
    """
    BINDINGS = [
        Binding("ctrl+s", "start", "insurrection_ui.key.start", priority=True),
        Binding("ctrl+t", "transcribe", "insurrection_ui.key.transcribe", priority=True),
        Binding("ctrl+e", "edit_box", "insurrection_ui.key.edit_box", priority=True),
        Binding("escape", "app.pop_screen", "ui.key.back"),
    ]

    def __init__(self, catalog_name: str) -> None:
        super().__init__()
        self.catalog_name = catalog_name
        self.catalog: InsurrectionCatalog | None = None
        self.missing: list[str] = []
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        demo = self.catalog_name == "demo"
        yield Header()
        with VerticalScroll():
            yield Static(
                tr("insurrection_ui.catalog.demo" if demo else "insurrection_ui.catalog.box"),
                classes="section-title",
            )
            yield Static("", id="catalog-status")
            yield Static(tr("insurrection_ui.new.players"), classes="section-title")
            yield Static("", id="seats-status")
            with Horizontal(id="seats"):
                for seat in range(1, SEATS + 1):
                    yield Input(
                        id=f"seat-{seat}",
                        placeholder=tr(msg("insurrection_ui.new.seat", seat=seat)),
                        suggester=roster_suggester(self.app.store),
                    )
            with Horizontal(id="choices"):
                with Vertical(classes="first"):
                    yield Static(tr("insurrection_ui.new.first"), classes="section-title")
                    yield Input(value="1", id="first", classes="small")
                    yield Static(tr("insurrection_ui.new.first_hint"), classes="hint")
                with Vertical(classes="deck"):
                    yield Static(tr("insurrection_ui.new.deck"), classes="section-title")
                    with RadioSet(id="deck"):
                        yield Radio(
                            tr("insurrection_ui.new.deck_table"), id="deck-table", value=not demo
                        )
                        yield Radio(
                            tr("insurrection_ui.new.deck_virtual"), id="deck-virtual", value=demo
                        )
                with Vertical(classes="path"):
                    yield Static(tr("insurrection_ui.new.path"), classes="section-title")
                    with RadioSet(id="path"):
                        yield Radio(
                            tr("insurrection_ui.new.path_drawn"), id="path-drawn", value=True
                        )
                        yield Radio(tr("insurrection_ui.new.path_laid"), id="path-laid")
                    yield Check(tr("insurrection_ui.new.first_game"), True, id="first-game")
            yield Static(tr("insurrection_ui.new.rules"), classes="section-title")
            with Vertical(id="rules"):
                for name in OPTION_NAMES:
                    ruling = getattr(RULINGS, name)
                    words = msg(
                        f"insurrection_ui.new.ruling_{'on' if ruling else 'off'}",
                        option=Msg(f"insurrection.option.{name}"),
                    )
                    yield Check(tr(words), ruling, id=f"opt-{name}")
            with Horizontal(id="choices2", classes="seat"):
                yield Label(tr("insurrection_ui.new.seed"))
                yield Input(id="seed", classes="small", placeholder="—")
                yield Label(tr("insurrection_ui.new.title"))
                yield Input(id="title", placeholder=tr(self._default_title()))
            yield Static("", id="error")
            yield Button(tr("insurrection_ui.new.start"), id="start", variant="primary")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "transcribe":
            return bool(self.missing)
        if action == "edit_box":
            return self.catalog_name == "box" and self.catalog is not None
        return True

    def _default_title(self) -> Msg:
        """Kept as a message: shown in the language of the moment (a typed title as typed)."""
        return msg("insurrection_ui.new.default_title", date=datetime.now().strftime("%Y-%m-%d"))

    def on_mount(self) -> None:
        self.title = tr("ui.game.insurrection")
        self.sub_title = tr("insurrection_ui.new.subtitle")
        self.reload_catalog()
        last = self.app.store.last_table(GAME_KEY)[:SEATS]
        for i, seat in enumerate(last, 1):
            self.query_one(f"#seat-{i}", Input).value = seat.name  # the last table, again
        # the names to type first; the last table's names already there: Start, so that a
        # key typed on after the one that opened the form (d d) does not replace a name
        # (focus selects a field's text)
        self.query_one("#start" if last else "#seat-1").focus()
        if self.missing:
            self.call_after_refresh(self.action_transcribe)

    def reload_catalog(self) -> None:
        status = self.query_one("#catalog-status", Static)
        box = self.catalog_name == "box"
        try:  # the reader `companion catalog check` uses: the same unknowns
            user = self.app.store.user_catalog(GAME_KEY) if box else None
            self.catalog, gaps = owner_catalog(GAME_KEY, self.catalog_name, user)
        except CompanionError as exc:
            self.catalog = None
            status.update(as_text(str(exc)))
            return
        self.missing = play_unknowns(self.catalog)
        self.refresh_bindings()
        if self.missing:
            cards = len(missing_by_entry(self.missing))
            words = tr(msg("insurrection_ui.new.missing", count=len(self.missing), cards=cards))
            status.remove_class("complete")
        else:
            words = tr("insurrection_ui.new.complete")
            status.add_class("complete")
        if box:
            words += " " + tr(msg("insurrection_ui.new.unknown_all", count=len(gaps)))
        status.update(words)
        self._show_seats(self.catalog)

    def _show_seats(self, cat: InsurrectionCatalog) -> None:
        """How many players the box seats (the engine's limit) and what more would take."""
        limit = player_limit(cat)
        more = players_refusal(cat, limit + 1) if limit < MAX_PLAYERS else None
        words = (
            msg("insurrection_ui.new.seats", limit=limit)
            if more is None
            else msg(
                "insurrection_ui.new.seats_more",
                limit=limit,
                more=more.params.get("more", 0),
                next=limit + 1,
            )
        )
        self.query_one("#seats-status", Static).update(tr(words))

    def action_edit_box(self) -> None:
        """Add a card, a leader or a land to the box, or rename a placeholder land."""
        if self.catalog is None or self.catalog_name != "box":
            return
        edit_box(self, self.catalog, self.reload_catalog)

    def options(self) -> Options:
        """The rule options as the form sets them (each defaults to its Ruling)."""
        values = {n: self.query_one(f"#opt-{n}", Checkbox).value for n in OPTION_NAMES}
        return Options(**values)

    # the missing numbers, card by card -----------------------------------------------------
    def action_transcribe(self) -> None:
        if self.catalog is None or not self.missing:
            return
        forms = transcription_forms(self.missing)
        section, entry, paths = forms[0]
        cat = self.catalog
        if entry is None:  # every land at once: the Path's reveal counts
            title = msg("insurrection_ui.new.transcribe_lands", left=len(forms))
        else:
            item = cat.land(entry) if section == "lands" else cat.card(entry)
            title = msg(
                "insurrection_ui.new.transcribe_title", name=name_msg(item.name), left=len(forms)
            )
        fields = [form_field(cat, p, i) for i, p in enumerate(paths)]
        pairs = [(f, p) for f, p in zip(fields, paths, strict=True) if f is not None]
        if not pairs:
            return

        def done(values: dict | None) -> None:
            if values is None:
                return
            if not keep_values(self, cat, [(path, values[f.name]) for f, path in pairs]):
                return
            self.reload_catalog()
            if self.missing:
                self.action_transcribe()

        self.app.push_screen(
            FormDialog(
                title,
                [f for f, _ in pairs],
                intro=Msg("insurrection_ui.new.transcribe_intro"),
            ),
            done,
        )

    # start -------------------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def _fail(self, text: Msg) -> None:
        error = self.query_one("#error", Static)
        error.update(as_text(text))
        # under the rule options: at 80×24 below the fold, where ctrl+s seemed to do nothing
        error.call_after_refresh(error.scroll_visible, animate=False)

    def action_start(self) -> None:
        if self.catalog is None:
            return
        if self.missing:
            self._fail(msg("insurrection_ui.new.missing_first", count=len(self.missing)))
            return
        # a name is shown as typed, its control characters as symbols (core.text)
        seats = [
            visible(self.query_one(f"#seat-{i}", Input).value.strip()) for i in range(1, SEATS + 1)
        ]
        names = [n for n in seats if n]
        twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
        if twice is not None:
            self._fail(msg("insurrection_ui.new.same_name", name=twice))
            return
        refused = players_refusal(self.catalog, len(names))  # the engine's limit
        if refused is not None:
            self._fail(refused)
            return
        first_text = self.query_one("#first", Input).value.strip()
        if first_text == "?":  # drawn at random (§2 step 4: "else random")
            first = pick(RANDOM, len(names))
            self.app.notify(drawn(names[first]), timeout=8)
        elif first_text in names:
            first = names.index(first_text)
        elif first_text.isdigit() and 1 <= int(first_text) <= len(names):
            first = int(first_text) - 1
        else:
            self._fail(msg("insurrection_ui.new.bad_first", count=len(names)))
            return
        players = names[first:] + names[:first]  # seat order from the first player
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            self._fail(Msg("insurrection_ui.new.bad_seed"))
            return
        seed = int(seed_text) if seed_text else None
        virtual = self.query_one("#deck-virtual", RadioButton).value
        first_game = self.query_one("#first-game", Checkbox).value
        self.query_one("#error", Static).update("")
        if self.query_one("#path-laid", RadioButton).value:
            self._ask_path(players, seed, virtual)
        else:
            self._setup(players, None, seed, virtual, first_game)

    def _ask_path(self, players: list[str], seed: int | None, virtual: bool) -> None:
        cat = self.catalog
        assert cat is not None
        picks = [
            Pick(
                land.id,
                f"{land_name(cat, land.id)}  ({land.kind}{' ' + land.side if land.side else ''},"
                f" {land.reveal})",
                search=" ".join(land.name.values()),
                available=1,
            )
            for land in cat.lands
            if land.kind in ("basic", "advanced")
        ]
        self.app.push_screen(
            CardPicker(
                Msg("insurrection_ui.new.path_title"),
                picks,
                count=4,
                intro=Msg("insurrection_ui.new.path_intro"),
            ),
            lambda path: path and self._setup(players, path, seed, virtual, False),
        )

    def _setup(
        self,
        players: list[str],
        path: tuple[str, ...] | None,
        seed: int | None,
        virtual: bool,
        first_game: bool,
    ) -> None:
        assert self.catalog is not None
        setup = Setup(tuple(players), path, virtual, first_game, self.options())
        try:
            state = GAME.new_game(setup, self.catalog, seed)
        except CompanionError as exc:
            self._fail(msg("insurrection_ui.new.refused", problem=str(exc)))
            return
        title = self.query_one("#title", Input).value.strip() or self._default_title()
        seats = [Seat(p, start=i == 0) for i, p in enumerate(players)]  # the first plays first
        self.app.start_game(GAME_KEY, state, title, self.catalog_name, players=seats)


def leader_option(cat, cid: str) -> Msg:
    """A leader to keep, with what it brings: marks, Remove/Scout, initiative, icons, how it
    scores and its words (the game effect, or the card's text) on a line of their own, named
    as the effect, so the choice is an informed one (§2). A leader whose words the catalog
    does not hold has no such line (was its name's line ending in the words, or in spaces)."""
    card = cat.card(cid)
    icons = " ".join(tr(f"insurrection.icon.{i}") for i in card.icons or ())
    words = card.effect or card.text
    return msg(
        "insurrection_ui.new.leader_option_effect"
        if words
        else "insurrection_ui.new.leader_option",
        name=name_msg(card.name),
        badges=f"{badges(cat, cid)} {icons}".strip(),
        scoring=rule_summary(cat, card),  # how it scores, in the breakdown's words
        words=words or "",
    )
