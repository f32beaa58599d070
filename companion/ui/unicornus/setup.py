"""The new-game flow of Unicornus Knights (spec §2): player count, who plays which kingdom
character, the Princess card, the tiles (drawn by the app with the game's seed, or entered as
the table drew them), the start player. With the user's box, the values this game still needs
are asked before round 1, one focused form each (:mod:`.catalog_forms`)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Label, Select, Static

from companion.core.errors import CompanionError, RuleError
from companion.core.i18n import Msg, msg, tr, tr_name
from companion.core.rng import Rng, new_rng
from companion.games.unicornus import (
    Options,
    SetOption,
    SetupChoice,
    UnicornusCatalog,
    draw_tiles,
    new_game,
)
from companion.store.listing import Seat
from companion.ui.i18n import translate_bindings
from companion.ui.roster import roster_suggester
from companion.ui.unicornus import catalog_forms as forms
from companion.ui.widgets.button import Button
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.start_player import RANDOM, drawn, pick, random_option

GAME_KEY = "unicornus"
DRAW, ENTER = "draw", "enter"
APP_DECK, TABLE_DECK = "app", "table"  # who shuffles the event deck (§2 step 6)
DEFAULT_OPTIONS = Options()  # every option at its Ruling
DRAFT_KEY = "unicornus.new_game_draft"
"""Setting holding an unfinished box flow: the table's choices, whether the forms were being
asked, and what is typed into a form not yet saved. Closing the app midway loses nothing:
the next ``new unicornus`` on the box restores it and carries on with the next form."""


# what each field of a saved draft holds, as this screen writes it
DRAFT_FIELDS: dict[str, Any] = {
    "players": int, "names": list, "tile_mode": str, "event_mode": str, "seed": int,
    "form": (dict, type(None)), "options": dict, "characters": list, "tiles": list,
    "princess": (str, type(None)), "start_player": (int, type(None)),
}  # fmt: skip


def usable_draft(value: Any) -> dict[str, Any]:
    """A draft as this screen saved it; anything else (a setting edited by hand or damaged)
    is no draft: the form starts afresh rather than failing."""
    if not isinstance(value, dict):
        return {}
    fields_ok = all(
        key not in value or isinstance(value[key], kind) for key, kind in DRAFT_FIELDS.items()
    )
    lists_ok = all(
        isinstance(x, str | type(None)) for key in ("names", "characters", "tiles")
        for x in value.get(key) or ()
    )  # fmt: skip
    form = value.get("form") or {}
    if not (fields_ok and lists_ok and isinstance(form.get("values", {}), dict)):
        return {}
    return value if 2 <= value.get("players", 2) <= 6 else {}


class NewGameScreen(Screen):
    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "unicornus_forms.key.start"),
        Binding("escape", "leave", "unicornus_forms.key.back"),
    ]

    def __init__(self, catalog_name: str, seed: int | None = None) -> None:
        super().__init__()
        self.catalog_name = catalog_name
        self.seed = seed if seed is not None else new_rng().seed
        self.catalog = self._load()
        self.players = 4
        self.tile_mode = DRAW
        self.event_mode = APP_DECK
        self.asked_any = False  # a form was answered during this start
        self.draw_shown: tuple[str, ...] = ()
        self.draw_at_start: tuple[str, ...] = ()
        self.draft: dict[str, Any] = {}
        self.form_draft: dict[str, Any] | None = None  # {"request": key, "values": {...}}
        self.asking = False  # the forms are being asked (a form is open or about to be)
        self.ready = False  # restored: from now on every change is kept in the draft
        # who sits where: the last table's names, or the draft's
        self.names = [seat.name for seat in self.app.store.last_table(GAME_KEY)]
        if catalog_name == "box":
            self.draft = usable_draft(self.app.store.preference(DRAFT_KEY))
            self.names = list(self.draft.get("names") or self.names)
            self.players = int(self.draft.get("players", self.players))
            self.tile_mode = self.draft.get("tile_mode", self.tile_mode)
            self.event_mode = self.draft.get("event_mode", self.event_mode)
            if seed is None and isinstance(self.draft.get("seed"), int):
                self.seed = self.draft["seed"]
            self.form_draft = self.draft.get("form")
        translate_bindings(self)

    def _load(self) -> UnicornusCatalog:
        user = self.app.store.user_catalog(GAME_KEY) if self.catalog_name == "box" else None
        return forms.load(self.catalog_name, user)

    # --- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        demo = self.catalog_name == "demo"
        with VerticalScroll(id="setup"):
            yield Static(tr("unicornus_forms.setup.title"), classes="section-title")
            yield Static(
                tr(
                    "unicornus_forms.setup.catalog_demo"
                    if demo
                    else "unicornus_forms.setup.catalog_box"
                ),
                id="catalog-name",
                classes="demo" if demo else "",
            )
            with Horizontal(classes="row"):
                yield Label(tr("unicornus_forms.setup.players"), classes="label")
                yield Select(
                    [(str(n), n) for n in range(2, 7)],
                    value=self.players,
                    allow_blank=False,
                    id="players",
                )
                yield Static(tr("unicornus_forms.setup.players_hint"), classes="hint")
            yield Static(tr("unicornus_forms.setup.characters"), classes="subtitle")
            yield Vertical(id="seats")
            if not demo:
                yield Button(tr("unicornus_forms.setup.add_character"), id="add-character")
            yield Static("", id="error-seats", classes="field-error")
            with Horizontal(classes="row"):
                yield Label(tr("unicornus_forms.setup.princess"), classes="label")
                yield Select(self._princess_options(), id="princess", allow_blank=False)
            with Horizontal(classes="row"):
                yield Label(tr("unicornus_forms.setup.start_player"), classes="label")
                yield Select(self._seat_options(), id="start-player", allow_blank=False)
            with Horizontal(classes="row"):
                yield Label(tr("unicornus_forms.setup.tiles"), classes="label")
                yield Select(
                    [
                        (tr("unicornus_forms.setup.tiles_draw"), DRAW),
                        (tr("unicornus_forms.setup.tiles_enter"), ENTER),
                    ],
                    value=self.tile_mode,
                    allow_blank=False,
                    id="tile-mode",
                )
                yield Label(tr("unicornus_forms.setup.seed"), classes="label-short")
                yield Input(str(self.seed), id="seed", classes="seed")
            with Horizontal(classes="row"):
                yield Label(tr("unicornus_forms.setup.events"), classes="label")
                yield Select(
                    [
                        (tr("unicornus_forms.setup.events_app"), APP_DECK),
                        (tr("unicornus_forms.setup.events_table"), TABLE_DECK),
                    ],
                    value=self.event_mode,
                    allow_blank=False,
                    id="event-mode",
                )
                yield Static(tr("unicornus_forms.setup.events_hint"), classes="hint")
            yield Static(tr("unicornus_forms.setup.options"), classes="subtitle")
            for opt in fields(Options):
                ruling = getattr(DEFAULT_OPTIONS, opt.name)
                value = self.draft.get("options", {}).get(opt.name, ruling)
                with Horizontal(classes="row"):
                    yield Select(
                        [
                            (tr(_option_value(True, ruling)), True),
                            (tr(_option_value(False, ruling)), False),
                        ],
                        value=bool(value),
                        allow_blank=False,
                        id=f"option-{opt.name}",
                        classes="option",
                    )
                    yield Static(tr(f"unicornus.option.{opt.name}"), classes="hint")
            yield Static("", id="tiles-view")
            yield Vertical(id="tiles-enter")
            yield Static("", id="error-tiles", classes="field-error")
            yield Static("", id="still-unknown", classes="hint")
            with Horizontal(classes="buttons"):
                yield Button(tr("unicornus_forms.setup.start"), id="start", variant="primary")
        yield Footer()

    def _princess_options(self) -> list[tuple[Content, str]]:
        return [(self._card_label(p), p.id) for p in self.catalog.princesses]

    def _card_label(self, p) -> Content:
        values = msg(
            "unicornus_forms.setup.card_values",
            command="?" if p.command is None else p.command,
            life="?" if p.life is None else p.life,
        )
        return as_text(f"{tr_name(p.name, p.id)}  {tr(values)}")

    async def on_mount(self) -> None:
        # the seats are mounted before a resumed flow reads them (the form count grew)
        await self._build_seats(keep=self.draft.get("characters"))
        self._build_tiles()
        self._restore_draft()
        self._refresh_summary()
        self.call_after_refresh(self._ready)

    def _restore_draft(self) -> None:
        if not self.draft:
            return
        for sid, key, options in (
            ("#princess", "princess", [p.id for p in self.catalog.princesses]),
            ("#start-player", "start_player", [*range(self.players), RANDOM]),
        ):
            if self.draft.get(key) in options:
                self.query_one(sid, Select).value = self.draft[key]
        for select, tid in zip(
            self.query(".tile").results(Select), self.draft.get("tiles", []), strict=False
        ):
            if tid in {t.id for t in self.catalog.tiles}:
                select.value = tid

    def _ready(self) -> None:
        self.ready = True
        if self.draft.get("asking"):  # closed while the forms were asked: carry on
            self.notify(tr("unicornus_forms.setup.resumed"))
            self.action_start()

    _saved_draft: dict[str, Any] | None = None  # what _save_draft stored last

    def _save_draft(self, form_only: bool = False) -> None:
        """``form_only``: a key typed in the open form; the rest of the screen cannot change
        while the form is on top, so it is not read again (that took most of each key's time)."""
        if self.catalog_name != "box" or not self.ready:
            return
        if form_only and self._saved_draft is not None:
            self._saved_draft = {**self._saved_draft, "form": self.form_draft}
            self.app.keep_setting(DRAFT_KEY, self._saved_draft)
            return
        start = self.query_one("#start-player", Select).value
        princess = self.query_one("#princess", Select).value
        self._saved_draft = {
            "players": self.players,
            "characters": self.chosen_characters(),
            "princess": None if princess is Select.NULL else str(princess),
            "start_player": None if start is Select.NULL else int(start),
            "tile_mode": self.tile_mode,
            "event_mode": self.event_mode,
            "options": {n: v for n, v in self.options_chosen().items()},
            "tiles": self.entered_tiles(),
            "names": self.player_names(),
            "seed": self.seed,
            "asking": self.asking,
            "form": self.form_draft,
        }
        self.app.keep_setting(DRAFT_KEY, self._saved_draft)

    def _character_options(self) -> list[tuple[Content, str]]:
        return [(self._card_label(k), k.id) for k in self.catalog.kingdom]

    def _build_seats(self, keep: list[str] | None = None):
        seats = self.query_one("#seats", Vertical)
        keep = keep if keep is not None else self.chosen_characters()
        if self.query(".player-name"):
            self.names = self.player_names()
        seats.remove_children()
        per_seat = 2 if self.players == 2 else 1
        options = self._character_options()
        ids = [cid for _, cid in options]
        rows = []
        for seat in range(self.players):
            selects = []
            for j in range(per_seat):
                i = seat * per_seat + j
                value = keep[i] if i < len(keep) and keep[i] in ids else None
                if value is None and i < len(ids) and ids[i] not in keep:
                    value = ids[i]
                selects.append(
                    Select(
                        options,
                        value=value if value is not None else Select.NULL,
                        prompt=tr("unicornus_forms.setup.choose"),
                        id=f"character-{i}",
                        classes="character",
                    )
                )
            name = Input(  # who plays this seat (the records name the players)
                self.names[seat] if seat < len(self.names) else "",
                placeholder=tr(msg("unicornus_forms.setup.seat", seat=seat + 1)),
                id=f"player-{seat}",
                classes="player-name",
                max_length=40,
                suggester=roster_suggester(self.app.store),
            )
            rows.append(Horizontal(name, *selects, classes="row"))
        mounted = seats.mount_all(rows)
        start = self.query_one("#start-player", Select)
        value = start.value
        start.set_options(self._seat_options())
        start.value = value if isinstance(value, int) and value < self.players else 0  # RANDOM too
        return mounted

    def _seat_options(self) -> list[tuple[str, int]]:
        seats = [
            (tr(msg("unicornus_forms.setup.seat", seat=n + 1)), n) for n in range(self.players)
        ]
        return [*seats, random_option()]

    def player_names(self) -> list[str]:
        """The names typed for each seat ("" where none was)."""
        return [i.value.strip() for i in self.query(".player-name").results(Input)]

    def seats(self, setup: SetupChoice) -> list[Seat]:
        """The table for the records: each seat's name (its placeholder where none was typed)
        and the characters it runs."""
        per_seat = 2 if setup.players == 2 else 1
        names = self.player_names()
        out = []
        for seat in range(setup.players):
            chars = setup.characters[seat * per_seat : (seat + 1) * per_seat]
            role = ", ".join(tr_name(self.catalog.kingdom_character(c).name, c) for c in chars)
            name = names[seat] if seat < len(names) else ""
            name = name or tr(msg("unicornus_forms.setup.seat", seat=seat + 1))
            out.append(Seat(name, "", role, start=seat == setup.start_player))
        return out

    def chosen_characters(self) -> list[str]:
        out = []
        for select in self.query(".character").results(Select):
            out.append("" if select.value is Select.NULL else str(select.value))
        return out

    # --- tiles -----------------------------------------------------------------------------
    def _positions(self):
        return sorted(self.catalog.layout, key=lambda p: p.pos)

    def _draw(self) -> tuple[str, ...] | None:
        try:
            tiles, _ = draw_tiles(self.catalog, tuple(self.chosen_characters()), Rng(self.seed))
        except RuleError:
            return None
        return tiles

    def _tile_name(self, tid: str) -> str:
        for t in self.catalog.tiles:
            if t.id == tid:
                return tr_name(t.name, tid)
        return tid

    def _build_tiles(self) -> None:
        view = self.query_one("#tiles-view", Static)
        enter = self.query_one("#tiles-enter", Vertical)
        enter.display = self.tile_mode == ENTER
        view.display = self.tile_mode == DRAW
        if self.tile_mode == DRAW:
            tiles = self._draw()
            self.draw_shown = tiles or ()
            if tiles is None:
                view.update(tr("unicornus_forms.setup.cannot_draw"))
                return
            cells = [
                Text(f"{lp.pos:>2} {self._tile_name(t)}")
                for lp, t in zip(self._positions(), tiles, strict=True)
            ]
            # as many columns as the width holds, measured in cells (Japanese names are wide)
            view.update(
                Group(
                    Text(tr(msg("unicornus_forms.setup.drawn", seed=self.seed))),
                    Columns(cells, padding=(0, 3)),
                )
            )
            return
        if enter.children:
            return
        rows = []
        for lp in self._positions():
            options = [
                (as_text(tr_name(t.name, t.id)), t.id)
                for t in self.catalog.tiles
                if t.kind == lp.kind
            ]
            label = tr(
                msg(
                    "unicornus_forms.setup.position",
                    pos=lp.pos,
                    kind=Msg(f"unicornus_forms.kind.{lp.kind}"),
                )
            )
            value = options[0][1] if len(options) == 1 else Select.NULL
            rows.append(
                Horizontal(
                    Label(label, classes="label"),
                    Select(
                        options,
                        value=value,
                        id=f"tile-{lp.pos}",
                        classes="tile",
                        prompt=tr("unicornus_forms.setup.choose"),
                    ),
                    classes="row",
                )
            )
        enter.mount_all(rows)

    def entered_tiles(self) -> list[str]:
        return [
            "" if s.value is Select.NULL else str(s.value)
            for s in self.query(".tile").results(Select)
        ]

    # --- events -------------------------------------------------------------------------------
    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "players" and event.value != self.players:
            self.players = int(event.value)
            self._build_seats()
        elif sid == "tile-mode":
            self.tile_mode = str(event.value)
        elif sid == "event-mode":
            self.event_mode = str(event.value)
        if sid in ("players", "tile-mode") or sid.startswith("character-"):
            self._build_tiles()
        self._refresh_summary()
        self._save_draft()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.has_class("player-name"):
            self._save_draft()
        elif event.input.id == "seed":
            text = event.value.strip()
            if text.isdigit():
                self.seed = int(text)
                self.query_one("#error-tiles", Static).update("")
                self._build_tiles()
                self._save_draft()
            else:
                self.query_one("#error-tiles", Static).update(
                    as_text(Msg("unicornus_forms.error.seed", {"text": text}))  # as typed
                )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "add-character":
            self._ask(forms.Request("new_kingdom"), then=self._after_added)

    def _after_added(self) -> None:
        self._refresh_summary()

    # --- the choice and what it still needs -----------------------------------------------
    def setup_choice(self, report: bool = True) -> SetupChoice | None:
        """The table's choices, or None (with a message beside each wrong field)."""
        chars = self.chosen_characters()
        problems = []
        if any(not c for c in chars):
            problems.append(tr("unicornus_forms.error.choose_all"))
        twice = sorted({c for c in chars if c and chars.count(c) > 1})
        if twice:
            names = ", ".join(tr_name(self.catalog.kingdom_character(c).name, c) for c in twice)
            problems.append(tr(Msg("unicornus_forms.error.twice", {"names": names})))
        princess = self.query_one("#princess", Select).value
        if princess is Select.NULL:
            problems.append(tr("unicornus_forms.error.princess"))
        tiles: tuple[str, ...] = ()
        tile_problems = []
        if self.tile_mode == ENTER:
            tiles = tuple(self.entered_tiles())
            if any(not t for t in tiles):
                tile_problems.append(tr("unicornus_forms.error.tiles_missing"))
            repeated = sorted({t for t in tiles if t and tiles.count(t) > 1})
            if repeated:
                names = ", ".join(self._tile_name(t) for t in repeated)
                tile_problems.append(tr(Msg("unicornus_forms.error.tiles_twice", {"names": names})))
        else:
            tiles = self._draw() or ()
        if report:
            self.query_one("#error-seats", Static).update(as_text("\n".join(problems)))
            self.query_one("#error-tiles", Static).update(as_text("\n".join(tile_problems)))
        if problems or tile_problems:
            return None
        start = self.query_one("#start-player", Select).value
        return SetupChoice(
            players=self.players,
            characters=tuple(chars),
            princess=str(princess),
            tiles=tiles,
            start_player=pick(start, self.players),
            table_deck=self.event_mode == TABLE_DECK,
            names=tuple(self.player_names()),
        )

    def options_chosen(self) -> dict[str, bool]:
        """Each rule option as chosen (the Ruling unless the table changed it)."""
        out = {}
        for opt in fields(Options):
            found = self.query(f"#option-{opt.name}")
            value = found.first(Select).value if found else Select.NULL
            out[opt.name] = (
                getattr(DEFAULT_OPTIONS, opt.name) if value is Select.NULL else bool(value)
            )
        return out

    def _refresh_summary(self) -> None:
        line = self.query_one("#still-unknown", Static)
        setup = self.setup_choice(report=False)
        if setup is None:
            line.update("")
            return
        n = len(forms.requests(self.catalog, setup))
        line.update(tr(msg("unicornus_forms.setup.to_ask", count=n)) if n else "")

    # --- starting ---------------------------------------------------------------------------
    def action_start(self) -> None:
        self.asked_any = False
        self.draw_at_start = self.draw_shown  # what the table saw when it pressed Start
        self._continue()

    def _continue(self) -> None:
        setup = self.setup_choice()
        if setup is None:
            self._stop_asking()
            return
        pending = forms.requests(self.catalog, setup)
        if pending:
            if self.catalog_name != "box":
                self.notify(tr("unicornus_forms.error.demo_incomplete"), severity="error")
                return
            self.asking = True
            self._ask(pending[0], then=self._continue)
            return
        if self.asked_any and self.tile_mode == DRAW and setup.tiles != self.draw_at_start:
            # new tiles changed the draw: let the table see it before the game starts
            self._build_tiles()
            self.notify(tr("unicornus_forms.setup.check_draw"))
            self._stop_asking()
            return
        try:
            state = new_game(self.catalog, setup, self.seed)
        except CompanionError as exc:
            self.notify(str(exc), severity="error", timeout=10)
            self._stop_asking()
            return
        if self.catalog_name == "box":
            self.app.keep_setting(DRAFT_KEY, None)  # done: nothing left to resume
            self.ready = False
        key = "title_demo" if self.catalog_name == "demo" else "title_box"
        title = msg(f"unicornus_forms.setup.{key}", players=setup.players)  # in the shown language
        # the options the table changed are the game's first steps: logged, and undoable
        chosen = self.options_chosen()
        first = tuple(
            SetOption(n, v) for n, v in chosen.items() if v != getattr(DEFAULT_OPTIONS, n)
        )
        seats = self.seats(setup)
        if self.query_one("#start-player", Select).value == RANDOM:
            self.app.notify(drawn(seats[setup.start_player].name), timeout=8)
        self.app.start_game(GAME_KEY, state, title, self.catalog_name, first, players=seats)

    def _stop_asking(self) -> None:
        self.asking = False
        self._save_draft()

    def _ask(self, request: forms.Request, then) -> None:
        """Show one form; save its answer into the user's catalog; then carry on. What is
        typed is kept in the draft until the answer is saved (escape and closing lose nothing)."""
        key = request.key()
        form = forms.form_for(self.catalog, request)
        if self.form_draft and self.form_draft.get("request") == key:
            form.draft = dict(self.form_draft.get("values", {}))
        else:
            self.form_draft = None

        def typed(values: dict[str, str]) -> None:
            self.form_draft = {"request": key, "values": values}
            self._save_draft(form_only=True)

        form.on_draft = typed
        self._save_draft()

        def answered(answer: Any) -> None:
            if answer is None:
                self._stop_asking()
                left = forms.requests(self.catalog, self.setup_choice(report=False) or _EMPTY)
                self.notify(tr(msg("unicornus_forms.setup.left_for_later", count=len(left))))
                self._refresh_summary()
                return
            try:
                patch = forms.patch_for(self.catalog, request, answer)
                self.catalog = forms.save_patch(self.app.store, patch)
            except CompanionError as exc:
                self.notify(str(exc), severity="error", timeout=12)
                self._stop_asking()
                return
            self.asked_any = True
            self.form_draft = None
            self._save_draft()
            self.notify(tr("unicornus_forms.saved"))
            self._refresh_options(request)
            self.call_after_refresh(then)

        self.app.push_screen(form, answered)

    def _refresh_options(self, request: forms.Request) -> None:
        """Show what the answer added or changed (names, values, the draw)."""
        if request.kind in ("princesses", "new_princess"):
            select = self.query_one("#princess", Select)
            value = select.value
            select.set_options(self._princess_options())
            select.value = value
        if request.kind in ("kingdom", "new_kingdom"):
            options = self._character_options()
            chosen = set(self.chosen_characters())
            free = [cid for _, cid in options if cid not in chosen]
            for select in self.query(".character").results(Select):
                value = select.value
                select.set_options(options)
                if value is Select.NULL and free and request.kind == "new_kingdom":
                    value = free.pop(0)  # a character just added takes the next empty seat
                select.value = value
        if request.kind in ("tile", "new_tile") and self.tile_mode == ENTER:
            self.query_one("#tiles-enter", Vertical).remove_children()
        self._build_tiles()
        self._refresh_summary()

    def action_leave(self) -> None:
        self.app.pop_screen()


_EMPTY = SetupChoice(2, (), "")


def _option_value(value: bool, ruling: bool) -> Msg:
    """ "on" / "off", the Ruling's value marked as the default."""
    word = Msg("unicornus.log.on" if value else "unicornus.log.off")
    return Msg("unicornus_forms.setup.option_ruling", {"value": word}) if value == ruling else word
