"""The new-game flow: wizards (2–5, names and colours), the side of each tile, the start player,
the round count and which side of the Stairway/Highway piece is up.

"box" is the user's box: the box catalog with the user's transcription on top. A box whose
board is not transcribed cannot be played: the screen says so and offers the box form
(ctrl+u, box.py: the whole transcription) and the demo. Small unknown values still left at the
start (turn order, fairy die, creature numbers, scoring) are asked once with a form and saved
into the user's catalog, so every later game has them. The rule options are chosen here, each
with its default (the spec's Ruling) first.
"""

from __future__ import annotations

import random
from functools import reduce

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Label, Select, Static

from companion.core.catalog import merge
from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr, tr_name
from companion.core.text import visible
from companion.games.magical_friends import (
    ARTIFACT_WANDS,
    CREATURE_FIELD,
    OPTION_CHOICES,
    RULINGS,
    MagicalFriendsCatalog,
    Options,
    Setup,
    answers,
    askable,
    board_missing,
    choice_key,
    load,
    missing_values,
    new_game,
    options_from,
)
from companion.store.listing import Seat
from companion.ui.dialogs import FormDialog, FormField
from companion.ui.i18n import translate_bindings
from companion.ui.roster import roster_suggester
from companion.ui.widgets.button import Button
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.start_player import RANDOM, drawn, pick, random_option

from .names import COLOURS

GAME_KEY = "magical-friends"
SETTING_ROUNDS = "magical-friends.rounds"  # the round count last chosen (default 8)
MAX_WIZARDS = 5
SIDE_LETTERS = "ABCDEFGH"


def unknown_field(cat: MagicalFriendsCatalog, name: str, path: str) -> FormField:
    a = ARTIFACT_WANDS.fullmatch(path)
    if a:
        return FormField(
            name,
            Msg("magical_friends_ui.ask.artifact_wands", {"number": int(a[1])}),
            minimum=0,
            maximum=20,
            optional=True,
            hint=Msg("magical_friends_ui.ask.artifact_hint"),
        )
    m = CREATURE_FIELD.fullmatch(path)
    if m:
        kind = next((k for k in cat.creatures if k.id == m[1]), None)
        creature = tr_name(kind.name if kind else None, m[1])
        field = m[2]
        if field == "alignment":
            return FormField(
                name,
                Msg("magical_friends_ui.ask.alignment", {"creature": creature}),
                kind="choice",
                choices=(
                    ("g", Msg("magical_friends_ui.alignment.good")),
                    ("e", Msg("magical_friends_ui.alignment.evil")),
                    ("n", Msg("magical_friends_ui.alignment.neutral")),
                ),
                optional=True,
                hint=Msg("magical_friends_ui.ask.card_hint"),
            )
        return FormField(
            name,
            Msg(f"magical_friends_ui.ask.{field}", {"creature": creature}),
            minimum=1 if field == "copies" else 0,
            optional=True,
            hint=Msg("magical_friends_ui.ask.card_hint"),
        )
    if path == "turn_order":
        return FormField(
            name,
            Msg("magical_friends_ui.ask.turn_order"),
            kind="choice",
            choices=(
                ("h", Msg("magical_friends_ui.ask.highest_first")),
                ("l", Msg("magical_friends_ui.ask.lowest_first")),
            ),
            optional=True,
            hint=Msg("magical_friends_ui.ask.rulebook_hint"),
        )
    if path == "board.fairy_die_sides":
        return FormField(
            name,
            Msg("magical_friends_ui.ask.fairy_die_sides"),
            minimum=2,
            maximum=20,
            optional=True,
            hint=Msg("magical_friends_ui.ask.fairy_die_hint"),
        )
    return FormField(
        name,
        Msg(f"magical_friends_ui.ask.{path.split('.')[-1]}"),
        minimum=0,
        optional=True,
        hint=Msg("magical_friends_ui.ask.rulebook_hint"),
    )


class NewGameScreen(Screen):
    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "magical_friends_ui.key.start", priority=True),
        Binding("ctrl+d", "demo", "magical_friends_ui.key.demo", priority=True),
        Binding("ctrl+u", "box", "magical_friends_ui.key.box", priority=True),
        Binding("escape", "app.pop_screen", "magical_friends_ui.key.back"),
    ]

    def __init__(self, catalog_name: str = "box", seed: int | None = None) -> None:
        super().__init__()
        self.catalog_name, self.seed = catalog_name, seed
        self.asked = False  # the unknown-values form was offered once on this screen
        self.cat = self._load()  # a broken user catalog raises here; the app says so
        translate_bindings(self)

    def _load(self) -> MagicalFriendsCatalog:
        user = self.app_store_catalog() if self.catalog_name == "box" else None
        return load(self.catalog_name, user)

    def app_store_catalog(self) -> dict | None:
        try:
            return self.app.store.user_catalog(GAME_KEY)
        except Exception:  # no app yet (constructed outside one): the box alone
            return None

    @property
    def missing(self) -> list[str]:
        return [] if self.catalog_name == "demo" else missing_values(self.cat)

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        cat = self.cat
        with VerticalScroll(id="setup"):
            yield Static(tr("magical_friends_ui.setup.title"), classes="section-title")
            yield Static(id="setup-catalog")
            with Vertical(id="setup-form"):
                yield Label(tr("magical_friends_ui.setup.count"), classes="field-label")
                yield Input(value="2", id="count", restrict=r"[0-9]*", max_length=1)
                yield Label(tr("magical_friends_ui.setup.wizards"), classes="field-label")
                for i in range(MAX_WIZARDS):
                    with Horizontal(classes="wizard-row", id=f"row-{i}"):
                        yield Input(
                            value=tr(f"magical_friends_ui.colour.{COLOURS[i]}").capitalize(),
                            id=f"name-{i}",
                            classes="name",
                            suggester=roster_suggester(self.app.store),
                        )
                        yield Select(
                            [(tr(f"magical_friends_ui.colour.{c}"), c) for c in COLOURS],
                            value=COLOURS[i],
                            allow_blank=False,
                            id=f"colour-{i}",
                            classes="colour",
                        )
                yield Label(tr("magical_friends_ui.setup.tiles"), classes="field-label")
                yield Static(tr("magical_friends_ui.setup.tiles_hint"), classes="field-hint")
                # one row per position on the table: which tile lies there, and its side
                for pos, tile in enumerate(cat.board.tiles):
                    with Horizontal(classes="tile-row"):
                        yield Static(
                            tr(msg("magical_friends_ui.setup.position", n=pos + 1)),
                            classes="tile-pos",
                        )
                        yield Select(
                            [
                                (as_text(f"{k + 1} · {tr_name(t.name, t.id)}"), t.id)
                                for k, t in enumerate(cat.board.tiles)
                            ],
                            value=tile.id,
                            allow_blank=False,
                            id=f"tile-{pos}",
                            classes="tile",
                        )
                        yield Select(
                            self._side_options(tile.id),
                            value=tile.sides[0].id,
                            allow_blank=False,
                            id=f"side-{pos}",
                            classes="side",
                        )
                yield Label(tr("magical_friends_ui.setup.start_player"), classes="field-label")
                yield Select(
                    [
                        (
                            f"{i + 1} · {tr(f'magical_friends_ui.colour.{COLOURS[i]}').capitalize()}",
                            i,
                        )
                        for i in range(2)
                    ],
                    value=0,
                    id="start",
                    allow_blank=False,
                )
                yield Label(tr("magical_friends_ui.setup.rounds"), classes="field-label")
                yield Static(tr("magical_friends_ui.setup.rounds_hint"), classes="field-hint")
                yield Input(value="8", id="rounds", restrict=r"[0-9]*", max_length=2)
                yield Label(tr("magical_friends_ui.setup.piece"), classes="field-label")
                yield Select(
                    [
                        (tr("magical_friends_ui.header.stairway"), "stairway"),
                        (tr("magical_friends_ui.header.hell"), "highway"),
                    ],
                    value="stairway",
                    allow_blank=False,
                    id="piece",
                )
                yield Label(tr("magical_friends_ui.setup.options"), classes="field-label")
                for name, choices in OPTION_CHOICES.items():
                    with Horizontal(classes="option-row"):
                        yield Static(tr(f"magical_friends.option.{name}"), classes="option-name")
                        yield Select(
                            [
                                (self._choice_label(name, v, k == 0), k)
                                for k, v in enumerate(choices)
                            ],
                            value=0,
                            allow_blank=False,
                            id=f"option-{name}",
                            classes="option",
                        )
            yield Static("", id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button(tr("magical_friends_ui.setup.transcribe"), id="box")
                yield Button(tr("magical_friends_ui.setup.demo"), id="demo")
                yield Button(
                    tr("magical_friends_ui.setup.start"), id="start-game", variant="primary"
                )
        yield Footer()

    def on_mount(self) -> None:
        self.title = tr("ui.game.magical-friends")
        rounds = self.app.store.preference(SETTING_ROUNDS, 8)
        if type(rounds) is not int or not 1 <= rounds <= 99:  # a hand-edited setting
            rounds = 8
        self.query_one("#rounds", Input).value = str(rounds)
        self._fill_last_table()
        self._show_rows()
        self.query_one("#count", Input).focus()
        self._show_catalog()  # a box that cannot be played yet: the focus on its form button

    def _fill_last_table(self) -> None:
        """The wizards of the last game again: their number, names and colours."""
        last = self.app.store.last_table(GAME_KEY)[:MAX_WIZARDS]
        if len(last) < 2:
            return
        self.query_one("#count", Input).value = str(len(last))
        for i, seat in enumerate(last):
            self.query_one(f"#name-{i}", Input).value = seat.name
            if seat.colour in COLOURS:
                self.query_one(f"#colour-{i}", Select).value = seat.colour

    def _show_catalog(self) -> None:
        note = self.query_one("#setup-catalog", Static)
        missing = self.missing
        unknowns = askable(missing)
        self.query_one("#box", Button).display = self.catalog_name == "box"
        self.query_one("#demo", Button).display = self.catalog_name != "demo"
        if self.catalog_name == "demo":
            note.update(tr("magical_friends_ui.setup.demo_note"))
            note.set_class(True, "demo")
        elif board_missing(missing):
            note.update(tr("magical_friends_ui.setup.board_missing"))
            note.set_class(True, "blocked")
        elif unknowns:
            note.update(tr(msg("magical_friends_ui.setup.some_unknown", count=len(unknowns))))
        else:
            note.update(tr("magical_friends_ui.setup.box_ready"))
        blocked = self.catalog_name == "box" and board_missing(missing)
        self.query_one("#setup-form").display = not blocked
        self.query_one("#start-game", Button).disabled = blocked
        if blocked:
            self.query_one("#box", Button).focus()

    def wizard_count(self) -> int | None:
        text = self.query_one("#count", Input).value.strip()
        if text.isdigit() and 2 <= int(text) <= MAX_WIZARDS:
            return int(text)
        return None

    def _show_rows(self) -> None:
        n = self.wizard_count() or 2
        for i in range(MAX_WIZARDS):
            self.query_one(f"#row-{i}").display = i < n
        start = self.query_one("#start", Select)
        keep = start.value if isinstance(start.value, int) and start.value < n else 0  # RANDOM: -1
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(n)]
        start.set_options(
            [(as_text(f"{i + 1} · {names[i] or '?'}"), i) for i in range(n)] + [random_option()]
        )
        start.value = keep
        # the same value sets nothing, so the shown label would keep the old name: redraw it
        start.mutate_reactive(Select.value)

    def _side_options(self, tile_id: str) -> list[tuple[Content, str]]:
        tile = next(t for t in self.cat.board.tiles if t.id == tile_id)
        return [
            (as_text(f"{SIDE_LETTERS[j]} · {tr_name(side.name, side.id)}"), side.id)
            for j, side in enumerate(tile.sides)
        ]

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if not sid.startswith("tile-") or not isinstance(event.value, str):
            return
        # another tile at this position: offer its sides, keep the side letter if it has one
        side = self.query_one(f"#side-{sid.removeprefix('tile-')}", Select)
        options = self._side_options(event.value)
        if any(value == side.value for _, value in options):
            return
        old = self._side_letter(side.value)
        side.set_options(options)
        side.value = options[min(old, len(options) - 1)][1]

    def _side_letter(self, side_id: object) -> int:
        for tile in self.cat.board.tiles:
            for j, side in enumerate(tile.sides):
                if side.id == side_id:
                    return j
        return 0

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "count" or (event.input.id or "").startswith("name-"):
            self._show_rows()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start-game":
            self.action_start()
        elif event.button.id == "demo":
            self.action_demo()
        elif event.button.id == "box":
            self.action_box()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "demo":
            return self.catalog_name != "demo"
        if action == "box":
            return self.catalog_name == "box"
        return True

    # -- actions --------------------------------------------------------------------------
    def action_demo(self) -> None:
        if self.catalog_name != "demo":
            self.app.switch_screen(NewGameScreen("demo", self.seed))

    def action_box(self) -> None:
        """The box form: the whole transcription, the board included."""
        from .box import BoxScreen

        def saved(done: bool | None) -> None:
            if done:
                self.cat = self._load()
                self.asked = False
                self._show_catalog()
                self.refresh_bindings()
                if not board_missing(self.missing):
                    self.query_one("#count", Input).focus()

        self.app.push_screen(BoxScreen(self.cat), saved)

    def _choice_label(self, name: str, value: object, default: bool) -> str:
        words = Msg(f"magical_friends.option.{name}.{choice_key(value)}")
        if not default:
            return tr(words)
        if name in RULINGS:
            return tr(msg("magical_friends_ui.setup.ruling", value=words, section=RULINGS[name]))
        return tr(msg("magical_friends_ui.setup.reading", value=words))

    def read_options(self) -> Options:
        picks = {}
        for name, choices in OPTION_CHOICES.items():
            k = self.query_one(f"#option-{name}", Select).value
            picks[name] = choices[k if isinstance(k, int) else 0]
        return options_from(picks)

    async def ask_unknowns(self) -> None:
        """Ask the small unknown values and save the answers in the user's catalog."""
        self.asked = True
        paths = askable(self.missing)
        if not paths:
            return
        fields = [unknown_field(self.cat, f"u{i}", p) for i, p in enumerate(paths)]
        values = await self.app.push_screen_wait(
            FormDialog(
                Msg("magical_friends_ui.ask.title"),
                fields,
                intro=Msg("magical_friends_ui.ask.intro"),
            )
        )
        if not values:
            return
        given = answers(self.cat, paths, [values[f"u{i}"] for i in range(len(paths))])
        if not given:
            return
        try:  # checked before saving: never a catalog that breaks
            data = self.app.store.change_user_catalog(GAME_KEY, reduce(merge, given, {}))
            cat = load("box", data)
        except CompanionError as exc:  # refused, or a read-only or full save: the form stays
            self.notify(str(exc), severity="error", timeout=12)
            return
        self.cat = cat
        self.notify(tr(msg("magical_friends_ui.ask.saved", count=len(given))))
        self._show_catalog()
        self.refresh_bindings()

    @work(exclusive=True)
    async def action_start(self) -> None:
        if self.catalog_name == "box":
            if board_missing(self.missing):
                self._error(Msg("magical_friends_ui.setup.board_missing_short"))
                return
            if askable(self.missing) and not self.asked:
                await self.ask_unknowns()
        setup = self.read_setup()
        if setup is None:
            return
        seed = self.seed if self.seed is not None else random.randrange(2**31)
        try:
            state = new_game(self.cat, setup, seed)
        except CompanionError as exc:
            self._error(exc.message)
            return
        self.app.keep_setting(SETTING_ROUNDS, setup.rounds)
        names = ", ".join(name for name, _ in setup.wizards)
        key = (
            "magical_friends_ui.setup.game_title_demo"
            if self.catalog_name == "demo"
            else "magical_friends_ui.setup.game_title"
        )
        seats = [
            Seat(name, colour, start=i == setup.start_player)
            for i, (name, colour) in enumerate(setup.wizards)
        ]
        if self.query_one("#start", Select).value == RANDOM:
            self.app.notify(drawn(setup.wizards[setup.start_player][0]), timeout=8)
        self.app.start_game(
            GAME_KEY, state, msg(key, names=names), self.catalog_name, players=seats
        )

    def _error(self, message: Msg) -> None:
        """Say what is wrong below the form and at once (the form is taller than the screen:
        the line below it may be out of sight)."""
        self.query_one("#setup-error", Static).update(as_text(message))
        self.notify(tr(message), severity="error", timeout=8)

    def read_setup(self) -> Setup | None:
        n = self.wizard_count()
        if n is None:
            self._error(Msg("magical_friends_ui.setup.bad_count"))
            return None
        wizards = []
        for i in range(n):
            name = visible(self.query_one(f"#name-{i}", Input).value.strip())  # (core.text)
            if not name:
                self._error(Msg("magical_friends_ui.setup.no_name", {"n": i + 1}))
                return None
            wizards.append((name, str(self.query_one(f"#colour-{i}", Select).value)))
        if len({c for _, c in wizards}) < n or len({w for w, _ in wizards}) < n:
            self._error(Msg("magical_friends_ui.setup.duplicate"))
            return None
        rounds_text = self.query_one("#rounds", Input).value.strip()
        if not rounds_text.isdigit() or not 1 <= int(rounds_text) <= 20:
            self._error(Msg("magical_friends_ui.setup.bad_rounds"))
            return None
        tiles = tuple(
            (
                str(self.query_one(f"#tile-{pos}", Select).value),
                str(self.query_one(f"#side-{pos}", Select).value),
            )
            for pos in range(len(self.cat.board.tiles))
        )
        if len({t for t, _ in tiles}) < len(tiles):
            self._error(Msg("magical_friends_ui.setup.tile_twice"))
            return None
        start = self.query_one("#start", Select).value
        self.query_one("#setup-error", Static).update("")
        return Setup(
            wizards=tuple(wizards),
            tiles=tiles,
            start_player=pick(start, n),
            rounds=int(rounds_text),
            stairway_up=self.query_one("#piece", Select).value == "stairway",
            options=self.read_options(),
        )
