"""The box form: the owner transcribes their Magical Friends box once (spec §7), in the app.

Dense rows, typed straight through (Enter or Tab to the next field, a prefilled field selected
so typing replaces it): the board as one code line per tile side with its track drawn beside it
while typing, a row per creature (a new row starts with the last row's numbers), a row per
artifact, the scoring and the tie-break as letters. The engine's ``sheet`` module reads and
checks it all; this screen only shows its messages. Saved as the owner's transcription (the
previous one is kept, as by an import).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Input, Static

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, language, msg, tr, tr_name
from companion.games.magical_friends import (
    CARRIED,
    TIE_CODES,
    ArtifactRow,
    CreatureRow,
    MagicalFriendsCatalog,
    Sheet,
    SheetProblem,
    TrackFork,
    TrackNode,
    carried,
    parse_track,
    sheet_data,
    sheet_of,
    side_prefix,
)
from companion.ui.colours import DANGER
from companion.ui.dialogs import Confirm
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.content import as_text, set_content
from companion.ui.widgets.footer import Footer

from .board import space_glyph
from .names import CAVERN_RANGE, SYMBOLS

GAME_KEY = "magical-friends"
CREATURE_COLS = ("name", "alignment", "copies", "wand_cost", "wands", "ability")
ARTIFACT_COLS = ("name", "wands", "bonus")
SPARE_ROWS = 3
COL_CLASS = {"name": "c-name", "ability": "c-text", "bonus": "c-text", "number": "c-number"}
SCORING = (
    "per_friend_in_tavern",
    "per_poisoned_friend_in_tavern",
    "per_trophy",
    "per_neutral_trophy",
)


def track_preview(items, prefix_start: bool = True) -> Text:
    """A side as typed, drawn as a track: ids and symbols, forks as ⟨a │ b⟩, a cavern's paths
    with their die faces; it ends where the next tile begins."""
    out = Text()
    if prefix_start:
        out.append("▸ ", style="bold")
    _draw(out, items)
    out.append(" ▶", style="bold")
    return out


def _draw(out: Text, items) -> None:
    for n, it in enumerate(items):
        if n:
            out.append(" ")
        if isinstance(it, TrackFork):
            out.append("⟨", style="$text-primary")
            for k, path in enumerate(it.paths):
                if k:
                    out.append(" │ ", style="$text-primary")
                if path:
                    _draw(out, path)
                else:
                    out.append("–", style="dim")
            out.append("⟩", style="$text-primary")
            continue
        assert isinstance(it, TrackNode)
        out.append(it.id, style="dim")
        out.append_text(space_glyph(it.kind, it.market))
        if it.faces:
            out.append(",".join(map(str, it.faces)), style="$text-primary")
        if it.paths:
            out.append("⟨", style="$text-primary")
            for k, (path, rng) in enumerate(zip(it.paths, CAVERN_RANGE.values(), strict=True)):
                if k:
                    out.append(" │ ", style="$text-primary")
                out.append(f"{rng}: ", style="dim")
                _draw(out, path)
            out.append("⟩", style="$text-primary")


class BoxScreen(Screen[bool]):
    """Dismissed with True once a transcription was saved."""

    CSS_PATH = "box.tcss"
    BINDINGS = [
        Binding("ctrl+s", "save", "magical_friends_ui.key.box_save", priority=True),
        Binding(
            "enter", "next_field", "magical_friends_ui.key.next_field", show=False, priority=True
        ),
        Binding("escape", "leave", "magical_friends_ui.key.back"),
    ]

    def __init__(self, catalog: MagicalFriendsCatalog) -> None:
        super().__init__()
        self.cat = catalog
        self.lang = language()
        self.sheet = sheet_of(catalog, self.lang)
        # empty rows to add creatures in; one more each time one is named (a few ahead, so a
        # fast typist's Enter never runs out of rows while a new one is being mounted)
        self.rows = len(self.sheet.creatures) + SPARE_ROWS
        self.changed = False
        self.named = set(range(len(self.sheet.creatures)))  # rows that have had a name
        translate_bindings(self)

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        sheet = self.sheet
        with VerticalScroll(id="box"):
            yield Static(tr("magical_friends_ui.box.intro"), classes="box-hint")
            yield Static(tr("magical_friends_ui.box.board"), classes="box-title")
            with Horizontal(classes="box-row"):
                yield Static(tr("magical_friends_ui.box.turn_order"), classes="box-label")
                yield self._input("turn_order", sheet.turn_order, "h/l", width=5)
            with Horizontal(classes="box-row"):  # a row each: they fit at 80 columns
                yield Static(tr("magical_friends_ui.box.fairy_die_sides"), classes="box-label")
                yield self._input("fairy_die_sides", sheet.fairy_die_sides, "?", width=5)
            yield Static(as_text(self._codes()), classes="box-hint", id="box-codes")
            for t, tile in enumerate(self.cat.board.tiles, 1):
                for s, side in enumerate(tile.sides):
                    with Horizontal(classes="box-row"):
                        yield Static(f"{t}{'AB'[s] if s < 2 else s}", classes="box-side")
                        text = sheet.sides.get(side.id, "")
                        hand_made = bool(side.spaces) and not text
                        hint = tr("magical_friends_ui.box.hand_made") if hand_made else ""
                        yield self._input(f"side-{side.id}", text, hint, classes="box-track")
                        yield Static(id=f"preview-{side.id}", classes="box-preview")
            yield Static(tr("magical_friends_ui.box.artifacts"), classes="box-title")
            yield self._columns("artifact", ("number", *ARTIFACT_COLS))
            for row in sheet.artifacts:
                with Horizontal(classes="box-row"):
                    yield Static(str(row.number), classes="c-number")
                    for col in ARTIFACT_COLS:
                        yield self._input(
                            f"artifact-{row.number}-{col}",
                            getattr(row, col),
                            classes=COL_CLASS.get(col, "c-num"),
                        )
            yield Static(tr("magical_friends_ui.box.scoring"), classes="box-title")
            for pair in (SCORING[:2], SCORING[2:]):  # two rows: they fit at 80 columns
                with Horizontal(classes="box-row"):
                    for name in pair:
                        yield Static(tr(f"magical_friends_ui.box.{name}"), classes="box-label")
                        yield self._input(f"scoring-{name}", sheet.scoring.get(name, ""), width=6)
            yield Static(tr("magical_friends_ui.box.tie_break_codes"), classes="box-hint")
            with Horizontal(classes="box-row"):
                yield Static(tr("magical_friends_ui.box.tie_break"), classes="box-label")
                yield self._input("tie_break", sheet.tie_break, "?", width=8)
                yield Static(id="tie-preview", classes="box-preview")
            yield Static(tr("magical_friends_ui.box.creatures"), classes="box-title")
            yield self._columns("creature", CREATURE_COLS)
            with Vertical(id="creature-rows"):
                for i in range(self.rows):
                    yield self._creature_row(i)
            yield Static(id="box-error")
        yield Footer()

    def _input(
        self, ident: str, value: str, placeholder: str = "", width: int = 0, classes: str = ""
    ) -> Input:
        box = Input(value=value, placeholder=placeholder, id=ident, classes=classes, compact=True)
        if width:
            box.styles.width = width
        return box

    def _creature_row(self, i: int) -> Horizontal:
        row = self.sheet.creatures[i] if i < len(self.sheet.creatures) else CreatureRow()
        return Horizontal(
            *(
                self._input(
                    f"creature-{i}-{col}", getattr(row, col), classes=COL_CLASS.get(col, "c-num")
                )
                for col in CREATURE_COLS
            ),
            classes="box-row",
        )

    def _columns(self, what: str, cols: tuple[str, ...]) -> Horizontal:
        """Column heads as wide as the fields below them."""
        return Horizontal(
            *(
                Static(tr(f"magical_friends_ui.box.{what}.{c}"), classes=COL_CLASS.get(c, "c-num"))
                for c in cols
            ),
            classes="box-row box-cols",
        )

    def _codes(self) -> Text:
        out = Text(tr("magical_friends_ui.box.codes") + " ")
        for code, kind in (
            (".", "plain"),
            ("s", "switch"),
            ("p", "portal"),
            ("w", "workshop"),
            ("c[..|..|..]", "cavern"),
            ("l", "lava"),
            ("h", "highway"),
            ("A–E", "market"),
            ("f1,2", "fairy_trail"),
        ):
            out.append(code, style="bold")
            out.append(SYMBOLS[kind] + " " + tr(f"magical_friends_ui.box.kind.{kind}") + "  ")
        out.append("[a | b] ", style="bold")
        out.append(tr("magical_friends_ui.box.fork"))
        return out

    def on_mount(self) -> None:
        self.title = tr("magical_friends_ui.box.title")
        for tile in self.cat.board.tiles:
            for side in tile.sides:
                self._preview(side.id)
        self._tie_preview()
        self.query_one("#turn_order", Input).focus()

    # -- live previews --------------------------------------------------------------------
    def _preview(self, side_id: str) -> None:
        text = self.query_one(f"#side-{side_id}", Input).value
        shown = self.query_one(f"#preview-{side_id}", Static)
        if not text.strip():
            set_content(shown, Text(tr("magical_friends_ui.box.untranscribed"), style="dim"))
            return
        try:
            track = parse_track(text, side_prefix(self.cat, side_id))
        except SheetProblem as exc:
            set_content(shown, Text(tr(exc.message), style=DANGER))
            return
        set_content(shown, track_preview(track.items))

    def _tie_preview(self) -> None:
        typed = self.query_one("#tie_break", Input).value.strip().lower()
        words = [
            tr(f"magical_friends.tiebreak.{TIE_CODES[c]}") if c in TIE_CODES else "?"
            for c in typed
            if c != " "
        ]
        set_content(self.query_one("#tie-preview", Static), " → ".join(words))

    def on_input_changed(self, event: Input.Changed) -> None:
        ident = event.input.id or ""
        self.changed = True
        if ident.startswith("side-"):
            self._preview(ident.removeprefix("side-"))
        elif ident == "tie_break":
            self._tie_preview()
        elif ident.startswith("creature-"):
            row = int(ident.split("-")[1])
            if ident.endswith("-name") and event.value.strip() and row not in self.named:
                self.named.add(row)
                if row >= self.rows - SPARE_ROWS:
                    self._add_creature_row()  # the grid always ends in empty rows
            self._show_carried()

    def _add_creature_row(self) -> None:
        self.rows += 1
        self.query_one("#creature-rows").mount(self._creature_row(self.rows - 1))

    def _show_carried(self) -> None:
        """A new creature's blank numbers are the row above's (``sheet.carried``): shown in
        its empty fields, so what Enter leaves is what is saved."""
        rows = carried(self.read_sheet().creatures)
        for i in range(len(self.sheet.creatures), len(rows)):
            for col in CARRIED:
                try:
                    box = self.query_one(f"#creature-{i}-{col}", Input)
                except NoMatches:  # a row still being mounted
                    continue
                above = getattr(rows[i - 1], col) if i and rows[i].name.strip() else ""
                box.placeholder = above

    def action_next_field(self) -> None:
        """Enter: the next field. A priority binding, so the focus moves before the next key
        is handed out (typed fast, or sent by a terminal in one burst, the keys after an
        Enter used to go on into the field it left). It decides nothing from the values:
        in a burst they are not typed in yet."""
        self.focus_next()

    # -- saving ---------------------------------------------------------------------------
    def read_sheet(self) -> Sheet:
        def value(ident: str) -> str:
            return self.query_one(f"#{ident}", Input).value

        creatures = []
        for i in range(self.rows):
            try:
                row = CreatureRow(**{col: value(f"creature-{i}-{col}") for col in CREATURE_COLS})
            except NoMatches:  # the empty row at the end, still being mounted
                break
            if i < len(self.sheet.creatures):
                row.id = self.sheet.creatures[i].id
            creatures.append(row)
        return Sheet(
            turn_order=value("turn_order"),
            fairy_die_sides=value("fairy_die_sides"),
            sides={
                side.id: value(f"side-{side.id}")
                for tile in self.cat.board.tiles
                for side in tile.sides
            },
            creatures=creatures,
            artifacts=[
                ArtifactRow(
                    a.number, *(value(f"artifact-{a.number}-{col}") for col in ARTIFACT_COLS)
                )
                for a in self.sheet.artifacts
            ],
            scoring={name: value(f"scoring-{name}") for name in SCORING},
            tie_break=value("tie_break"),
        )

    def action_save(self) -> None:
        try:
            data = sheet_data(self.cat, self.read_sheet(), self.lang)
        except SheetProblem as exc:
            self._problem(exc.message, exc.where)
            return
        try:  # the sheet shows every row of its tables: what it leaves out is gone
            self.app.store.change_user_catalog(GAME_KEY, data, whole=data, keep=True)
        except CompanionError as exc:  # refused by the schema, or a read-only or full save
            self._problem(exc.message, None)
            return
        self.notify(tr("magical_friends_ui.box.saved"))
        self.dismiss(True)

    def _problem(self, message: Msg, where: str | None) -> None:
        """Say what is wrong and put the cursor on it; everything typed stays."""
        ident = _field_id(where) if where else None
        label = ""
        if ident:
            label = tr(msg("magical_friends_ui.box.at", field=self._field_name(where or "")))
            try:
                self.query_one(f"#{ident}", Input).focus()
            except Exception:  # noqa: BLE001  (a field name the form does not have)
                label = ""
        text = f"{label}{tr(message)}"
        self.query_one("#box-error", Static).update(Text(text))
        self.notify(text, severity="error", timeout=10)

    def _field_name(self, where: str) -> str:
        kind, _, rest = where.partition(":")
        if kind == "side":
            return tile_side_label(self.cat, rest)
        if kind in ("creature", "artifact"):
            n, _, col = rest.partition(":")
            number = int(n) + 1 if kind == "creature" else int(n)
            head = tr(msg(f"magical_friends_ui.box.{kind}", n=number))
            return f"{head}, " + tr(f"magical_friends_ui.box.{kind}.{col}")
        if kind == "scoring":
            return tr(f"magical_friends_ui.box.{rest}")
        return tr(f"magical_friends_ui.box.{kind}")

    def action_leave(self) -> None:
        if not self.changed:
            self.dismiss(False)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(False)

        self.app.push_screen(Confirm(Msg("magical_friends_ui.box.leave_unsaved")), answered)


def _field_id(where: str) -> str:
    """A problem's place (``creature:2:copies``) as the form's widget id."""
    return where.replace(":", "-")


def tile_side_label(cat: MagicalFriendsCatalog, side_id: str) -> str:
    for tile in cat.board.tiles:
        for side in tile.sides:
            if side.id == side_id:
                return tr_name(side.name, side_id)
    return side_id
