"""The quick score in the app: a score pad for a game the app did not track (issue 5).

The outcome, the rebel token's place, the graveyard count, the face-up play area and each
player's hand go in; end-of-game effects are asked in initiative order; then the same scoring
screen as a tracked game.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Header,
    Input,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr
from companion.games.insurrection import (
    NOT_USED,
    EffectChoice,
    EndPosition,
    Exchange,
    InsurrectionCatalog,
    TakeFaceUp,
    apply_effect,
    impossible,
    load,
    pending_effects,
    quick_end,
)
from companion.ui.i18n import translate_bindings
from companion.ui.insurrection.cards import chips, label, land_name
from companion.ui.insurrection.catalog_values import GAME_KEY
from companion.ui.insurrection.picker import CardPicker, Pick, all_cards_picks
from companion.ui.insurrection.scoring_screen import ScoringScreen
from companion.ui.widgets.button import Button
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.toggles import Radio

SEATS = 6


class QuickScoreScreen(Screen):
    DEFAULT_CSS = """
    QuickScoreScreen VerticalScroll { padding: 0 2; }
    QuickScoreScreen .section-title { text-style: bold; padding-top: 1; }
    QuickScoreScreen #facts { height: auto; }
    QuickScoreScreen #facts > Vertical { width: 1fr; height: auto; margin-right: 1; }
    QuickScoreScreen RadioSet { width: 100%; height: auto; }
    QuickScoreScreen RadioSet > Radio { text-wrap: wrap; text-overflow: fold; }
    QuickScoreScreen #token { width: 100%; }
    QuickScoreScreen #facts > Vertical.narrow { width: 16; }
    QuickScoreScreen .row { height: 3; }
    QuickScoreScreen .row Input { width: 24; }
    QuickScoreScreen .row Button { min-width: 14; }
    QuickScoreScreen .row Static { padding: 1 1 0 1; width: 1fr; }
    QuickScoreScreen #area-cards { padding: 1 1 0 1; width: 1fr; }
    QuickScoreScreen #error { color: $text-error; height: auto; }
    QuickScoreScreen.-narrow #facts { layout: grid; grid-size: 2; grid-rows: auto; }
    QuickScoreScreen.-narrow #facts > Vertical.narrow { width: 1fr; }
    """
    # under 100 columns the four facts take two rows of two (their choices were cut off)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        Binding("ctrl+s", "score", "insurrection_ui.key.score_now", priority=True),
        Binding("escape", "app.pop_screen", "ui.key.back"),
    ]

    def __init__(self, catalog_name: str = "box") -> None:
        super().__init__()
        self.catalog_name = catalog_name
        self.catalog: InsurrectionCatalog | None = None
        self.face_up: tuple[str, ...] = ()
        self.hands: dict[int, tuple[str, ...]] = {}
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static(tr("insurrection_ui.quick.intro"))
            with Horizontal(id="facts"):
                with Vertical():
                    yield Static(tr("insurrection_ui.quick.catalog"), classes="section-title")
                    with RadioSet(id="catalog"):
                        yield Radio(
                            tr("insurrection_ui.catalog.box"),
                            id="cat-box",
                            value=self.catalog_name == "box",
                        )
                        yield Radio(
                            tr("insurrection_ui.catalog.demo"),
                            id="cat-demo",
                            value=self.catalog_name == "demo",
                        )
                with Vertical():
                    yield Static(tr("insurrection_ui.quick.outcome"), classes="section-title")
                    with RadioSet(id="outcome"):
                        yield Radio(tr("insurrection.outcome.good"), id="good", value=True)
                        yield Radio(tr("insurrection.outcome.evil"), id="evil")
                with Vertical():
                    yield Static(tr("insurrection_ui.quick.token"), classes="section-title")
                    yield Select(
                        [("…", "fortress")], id="token", allow_blank=False
                    )  # filled on mount
                with Vertical(classes="narrow"):
                    yield Static(tr("insurrection_ui.quick.graveyard"), classes="section-title")
                    yield Input(value="0", id="graveyard")
            yield Static(tr("insurrection_ui.quick.area"), classes="section-title")
            with Horizontal(classes="row"):
                yield Button(tr("insurrection_ui.quick.edit"), id="area")
                yield Static("—", id="area-cards")
            yield Static(tr("insurrection_ui.quick.players"), classes="section-title")
            for seat in range(1, SEATS + 1):
                with Horizontal(classes="row"):
                    yield Input(
                        id=f"name-{seat}",
                        placeholder=tr(msg("insurrection_ui.new.seat", seat=seat)),
                    )
                    yield Button(tr("insurrection_ui.quick.hand"), id=f"hand-{seat}")
                    yield Static("—", id=f"cards-{seat}")
            yield Static("", id="error")
            yield Button(tr("insurrection_ui.quick.score"), id="score", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.title = tr("ui.game.insurrection")
        self.sub_title = tr("insurrection_ui.quick.title")
        self._load_catalog()
        self.query_one("#name-1", Input).focus()

    def _catalog_loader(self):
        name = self.catalog_name

        def loader() -> InsurrectionCatalog:
            if name == "box":
                return load("box", self.app.store.user_catalog(GAME_KEY))
            return load(name)

        return loader

    def _load_catalog(self) -> None:
        try:
            self.catalog = self._catalog_loader()()
        except CompanionError as exc:
            self.catalog = None
            self.query_one("#error", Static).update(as_text(str(exc)))
            return
        token = self.query_one("#token", Select)
        lands = [(land_name(self.catalog, land.id), land.id) for land in self.catalog.lands]
        token.set_options(lands)
        token.value = self.catalog.land_of_kind("fortress").id
        # cards of the other catalog mean nothing here
        self.face_up = tuple(c for c in self.face_up if self.catalog.has_card(c))
        self.hands = {
            k: tuple(c for c in v if self.catalog.has_card(c)) for k, v in self.hands.items()
        }
        self._show_cards()

    def _show_cards(self) -> None:
        cat = self.catalog
        if cat is None:
            return
        self.query_one("#area-cards", Static).update(
            as_text(chips(cat, self.face_up) if self.face_up else "—")
        )
        for seat in range(1, SEATS + 1):
            cards = self.hands.get(seat, ())
            self.query_one(f"#cards-{seat}", Static).update(
                as_text(chips(cat, cards) if cards else "—")
            )

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        if event.radio_set.id == "catalog":
            self.catalog_name = "demo" if event.pressed.id == "cat-demo" else "box"
            self._load_catalog()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        ident = event.button.id or ""
        cat = self.catalog
        if cat is None:
            return
        if ident == "score":
            self.action_score()
        elif ident == "area":

            def set_area(cards: tuple[str, ...] | None) -> None:
                if cards is not None:
                    self.face_up = cards
                    self._show_cards()

            self.app.push_screen(
                CardPicker(
                    Msg("insurrection_ui.quick.area"),
                    all_cards_picks(cat),
                    count=None,
                    initial=self.face_up,
                ),
                set_area,
            )
        elif ident.startswith("hand-"):
            seat = int(ident.split("-")[1])
            who = self.query_one(f"#name-{seat}", Input).value.strip() or tr(
                msg("insurrection_ui.new.seat", seat=seat)
            )

            def set_hand(cards: tuple[str, ...] | None) -> None:
                if cards is not None:
                    self.hands[seat] = cards
                    self._show_cards()

            self.app.push_screen(
                CardPicker(
                    msg("insurrection_ui.pick.hand", player=who),
                    all_cards_picks(cat),
                    count=None,
                    initial=self.hands.get(seat, ()),
                ),
                set_hand,
            )

    # score --------------------------------------------------------------------------------
    def position(self) -> EndPosition | None:
        """What was entered, or None (with the reason shown) if something is missing."""
        error = self.query_one("#error", Static)
        players, seats = [], []
        for seat in range(1, SEATS + 1):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            cards = self.hands.get(seat, ())
            if name:
                players.append((name, cards))
                seats.append(seat)
            elif cards:
                error.update(as_text(msg("insurrection_ui.quick.no_name", seat=seat)))
                return None
        names = [p for p, _ in players]
        twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
        if twice is not None:
            error.update(as_text(msg("insurrection_ui.new.same_name", name=twice)))
            return None
        if not players:
            error.update(tr("insurrection_ui.quick.bad_players"))
            return None
        text = self.query_one("#graveyard", Input).value.strip() or "0"
        if not text.isascii() or not text.isdigit():  # "-1", "two", "３"
            error.update(as_text(msg("insurrection_ui.quick.graveyard_bad", text=text)))
            self.query_one("#graveyard", Input).focus()
            return None
        outcome = "evil" if self.query_one("#evil", RadioButton).value else "good"
        token = str(self.query_one("#token", Select).value)
        pos = EndPosition(outcome, token, int(text), self.face_up, tuple(players))
        found = impossible(self.catalog, pos) if self.catalog is not None else None
        if found is not None:  # more cards than the box holds, a hand too large (§2, §3)
            (field, *where), problem = found
            error.update(as_text(problem))
            if field == "graveyard":
                self.query_one("#graveyard", Input).focus()
            else:  # the hand's button, of the seat where that player was entered
                seat = seats[where[0]]
                self.query_one(f"#hand-{seat}", Button).focus()
            return None
        error.update("")
        return pos

    def action_score(self) -> None:
        pos = self.position()
        if pos is None:  # the reason under the hands: at 80×24 below the fold, brought up
            error = self.query_one("#error", Static)
            error.call_after_refresh(error.scroll_visible, animate=False)
            return
        if self.catalog is None:
            return
        self._ask_effects(pos, pos, [])

    def _ask_effects(self, start: EndPosition, pos: EndPosition, done: list[EffectChoice]) -> None:
        """End-of-game effects in initiative order (§4), each met in the position it finds."""
        cat = self.catalog
        assert cat is not None
        handled = {(c.player, c.card) for c in done}
        due = next(
            (
                e
                for e in pending_effects(cat, pos)
                if (e.player, e.card) not in handled and e.card in pos.hand(e.player)
            ),
            None,
        )
        if due is None:
            self.app.push_screen(
                ScoringScreen(
                    tr("insurrection_ui.quick.title"),
                    start,
                    done,
                    self._catalog_loader(),
                    self.catalog_name,
                    keep=lambda catalog: self.keep(catalog, start, tuple(done)),
                )
            )
            return
        effect = cat.card(due.card).end_effect
        face_up = list(dict.fromkeys(pos.face_up))
        if isinstance(effect, TakeFaceUp) and effect.icon is not None:
            face_up = [c for c in face_up if effect.icon in (cat.card(c).icons or [])]
        picks = [Pick(NOT_USED, tr("insurrection_ui.effect.not_used"))] + [
            Pick(c, label(cat, c), search=" ".join(cat.card(c).name.values())) for c in face_up
        ]

        def record(choice: EffectChoice) -> None:
            try:
                after, _ = apply_effect(cat, pos, choice)
            except CompanionError as exc:
                self.notify(str(exc), severity="error")
                return
            self._ask_effects(start, after, [*done, choice])

        def took(picked: tuple[str, ...] | None) -> None:
            if not picked:
                return
            if picked[0] == NOT_USED:
                record(EffectChoice(due.player, due.card))
            elif isinstance(effect, Exchange):
                hand = [*pos.hand(due.player), picked[0]]
                self.app.push_screen(
                    CardPicker(
                        msg("insurrection_ui.pick.give", player=due.player),
                        [
                            Pick(c, label(cat, c), search=" ".join(cat.card(c).name.values()))
                            for c in dict.fromkeys(hand)
                        ],
                        count=1,
                    ),
                    lambda gave: (
                        gave and record(EffectChoice(due.player, due.card, picked[0], gave[0]))
                    ),
                )
            else:
                record(EffectChoice(due.player, due.card, picked[0]))

        self.app.push_screen(
            CardPicker(
                msg("insurrection_ui.pick.effect", player=due.player, card=label(cat, due.card)),
                picks,
                count=1,
                intro=msg(
                    "insurrection_ui.effect.intro",
                    player=due.player,
                    card=label(cat, due.card),
                    kind=Msg(f"insurrection_ui.effect.{effect.kind if effect else 'exchange'}"),
                ),
            ),
            took,
        )

    def keep(
        self, catalog: InsurrectionCatalog, start: EndPosition, effects: tuple[EffectChoice, ...]
    ) -> None:
        """The scored play kept like a tracked game's end: in History and in Stats."""
        from companion.games.registry import get_game
        from companion.store.listing import Seat

        names = [p for p, _ in start.hands]
        title = msg("insurrection_ui.quick.record_title", players=", ".join(names))
        try:
            state = quick_end(catalog, start, effects)
            session = self.app.store.new_game(
                get_game(GAME_KEY), state, title, self.catalog_name, [Seat(n) for n in names]
            )
        except CompanionError as exc:  # a read-only save, a full disk: said, the sheet stays
            self.app.notify(str(exc), title=tr("ui.error.save"), severity="error", timeout=12)
            return
        self.app.notify(msg("insurrection_ui.quick.kept", id=session.id))
