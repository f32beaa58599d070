"""The box values a game still needs, asked one focused form each (spec §10, issue 4).

:func:`requests` turns :func:`companion.games.unicornus.missing_values` into forms: one per
catalog entry with unknown values (a tile, a kingdom character, a Princess card, an imperial
character, an event card), and one per missing whole entry (a tile of a kind, a kingdom
character, an event of a level). Each answer becomes a *patch*: a fragment of the user's
catalog (the owner's transcription on top of the box), merged into it entry by entry with
:func:`companion.core.catalog.merge` and saved for every later game.

A tile is drawn as a flower, as it lies on the table: the centre (space 0) and the ring in the
engine's order — 1 right, 2 upper right, 3 upper left, 4 left, 5 lower left, 6 lower right.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import astuple, dataclass
from typing import Any

from pydantic import BaseModel
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from companion.core.catalog import merge
from companion.core.i18n import Msg, msg, tr, tr_name
from companion.games.unicornus import SetupChoice, UnicornusCatalog, missing_values
from companion.games.unicornus import load_catalog as load_unicornus_catalog
from companion.ui.dialogs import FormDialog, FormField, FormScreen, parse_field

GAME_KEY = "unicornus"
SPACE_FIELDS = ("difficulty", "impassable", "recruit", "resource", "defence", "tokens")
FACE_WORDS = {
    "h": "hit",
    "hit": "hit",
    "ヒット": "hit",
    "m": "miss",
    "miss": "miss",
    "ミス": "miss",
    "l": "loss",
    "loss": "loss",
    "ロス": "loss",
}
YES_NO = (("y", Msg("unicornus_forms.yes")), ("n", Msg("unicornus_forms.no")))
PERSONALITIES = (
    ("d", Msg("unicornus_forms.choice.defensive")),
    ("n", Msg("unicornus_forms.choice.normal")),
    ("a", Msg("unicornus_forms.choice.aggressive")),
)
PERSONALITY_VALUES = {"d": "defensive", "n": "normal", "a": "aggressive"}
MARKER_KIND = {"goal": "capital", "princess": "castle"}

_ENTRY = re.compile(r"^(tiles|kingdom|princesses|imperial|events)\[id=([^\]]+)\]\.(.+)$")
_KIND_GAP = re.compile(r"^tiles\(kind=(\w+)\): need")
_EVENT_GAP = re.compile(r"^events\(level=(\d+)\): need")
_NOT_IN = re.compile(r"^(kingdom|princesses)\[id=([^\]]+)\]: not in the catalog")
_MARKER_GAP = re.compile(r"^tiles\.spaces\.start=(\S+): no space")


@dataclass(frozen=True)
class Request:
    """One form to show. ``kind``: tile, kingdom, princesses, imperial, events (an entry with
    unknown values: ``fields`` are the paths inside it) or new_tile, new_kingdom, new_event."""

    kind: str
    entry: str = ""
    fields: tuple[str, ...] = ()
    tile_kind: str = ""  # new_tile
    marker: str = ""  # a start marker to place on this tile (goal, princess, kingdom:<id>)
    level: int = 0  # new_event

    def key(self) -> list:
        """The request as JSON data (a draft of its form is kept under this key)."""
        return json.loads(json.dumps(astuple(self)))  # tuples as lists, as stored


def requests(catalog: UnicornusCatalog, setup: SetupChoice) -> list[Request]:
    """The forms this game needs, in the order to ask them (entries first, then gaps)."""
    groups: dict[tuple[str, str], list[str]] = {}
    gaps: list[Request] = []
    markers: list[str] = []
    for path in missing_values(catalog, setup):
        if found := _ENTRY.match(path):
            groups.setdefault((found.group(1), found.group(2)), []).append(found.group(3))
        elif found := _KIND_GAP.match(path):
            gaps.append(Request("new_tile", tile_kind=found.group(1)))
        elif found := _EVENT_GAP.match(path):
            gaps.append(Request("new_event", level=int(found.group(1))))
        elif found := _NOT_IN.match(path):
            kind = "new_kingdom" if found.group(1) == "kingdom" else "princesses"
            gaps.append(Request(kind, entry=found.group(2)))
        elif found := _MARKER_GAP.match(path):
            markers.append(found.group(1))
    out = [
        Request("tile" if section == "tiles" else section, entry, tuple(fields))
        for (section, entry), fields in groups.items()
    ]
    for marker in markers:
        tile = marker_tile(catalog, marker)
        if tile is None:
            character = marker.split(":", 1)[1] if marker.startswith("kingdom:") else ""
            kind = MARKER_KIND.get(marker, "kingdom")
            gaps.insert(0, Request("new_tile", entry=character, tile_kind=kind, marker=marker))
            continue
        for i, req in enumerate(out):  # ask for the marker on the tile's own form
            if req.kind == "tile" and req.entry == tile:
                out[i] = Request("tile", tile, req.fields, marker=marker)
                break
        else:
            out.append(Request("tile", tile, marker=marker))
    return out + gaps


def marker_tile(catalog: UnicornusCatalog, marker: str) -> str | None:
    """The tile that carries a start marker: the Capital (goal), the Ancestral Castle
    (princess), a kingdom character's own Kingdom tile."""
    for tile in catalog.tiles:
        if marker in MARKER_KIND and tile.kind == MARKER_KIND[marker]:
            return tile.id
        if marker.startswith("kingdom:") and tile.kind == "kingdom":
            if tile.character == marker.split(":", 1)[1]:
                return tile.id
    return None


def load(catalog_name: str, user: dict | None) -> UnicornusCatalog:
    return load_unicornus_catalog(catalog_name, user=user if catalog_name == "box" else None)


def save_patch(store: Any, patch: dict) -> UnicornusCatalog:
    """Merge ``patch`` into the user's catalog (by entry id), check it, save it."""
    user = merge(store.user_catalog(GAME_KEY) or {}, patch)
    catalog = load("box", user)  # raises CatalogError naming the field if it does not fit
    store.save_user_catalog(GAME_KEY, user)
    return catalog


# --- what each value is and where it is printed -------------------------------------------


def _plain(value: Any) -> Any:
    """A catalog value as user-catalog data, unknowns as "?"."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None or k != "start"}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return "?" if value is None else value


def parse_faces(text: str) -> list[str]:
    """A dice diagram typed as six results for faces 1..6: ``h m m h h l`` or ``hmmhhl``."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and len(words[0]) == 6 and all(c in "hmlHML" for c in words[0]):
        words = list(words[0])
    faces = [FACE_WORDS.get(w.lower()) for w in words]
    if len(faces) != 6 or None in faces:
        raise ValueError(tr(Msg("unicornus_forms.error.faces", {"text": text.strip()})))
    return faces  # type: ignore[return-value]


CARD_MAX = 20  # no printed value comes near: more is a typo (99 for 9)


def _num(name: str, label: str, hint: str, minimum: int = 0, maximum: int = CARD_MAX):
    return FormField(name, Msg(label), kind="int", minimum=minimum, maximum=maximum, hint=Msg(hint))


def _yes_no(name: str, label: str, hint: str) -> FormField:
    return FormField(name, Msg(label), kind="choice", choices=YES_NO, hint=Msg(hint))


def _faces(name: str, label: str, hint: str) -> FormField:
    return FormField(name, Msg(label), kind="faces", hint=Msg(hint))


CARD_FIELDS = {
    "command": lambda: _num("command", "unicornus_forms.f.command", "unicornus_forms.h.command", 1),
    "life": lambda: _num("life", "unicornus_forms.f.life", "unicornus_forms.h.life", 1),
    "attack": lambda: _faces("attack", "unicornus_forms.f.attack", "unicornus_forms.h.attack"),
    "defence": lambda: _faces("defence", "unicornus_forms.f.defence", "unicornus_forms.h.defence"),
    "combat_power": lambda: _num(
        "combat_power", "unicornus_forms.f.combat_power", "unicornus_forms.h.combat_power"
    ),
    "no_fate": lambda: _yes_no("no_fate", "unicornus_forms.f.no_fate", "unicornus_forms.h.no_fate"),
    "personality": lambda: FormField(
        "personality",
        Msg("unicornus_forms.f.personality"),
        kind="choice",
        choices=PERSONALITIES,
        hint=Msg("unicornus_forms.h.personality"),
    ),
    "level": lambda: _num("level", "unicornus_forms.f.level", "unicornus_forms.h.level", 1, 3),
    "ongoing": lambda: _yes_no("ongoing", "unicornus_forms.f.ongoing", "unicornus_forms.h.ongoing"),
}
SECTION_TITLES = {
    "kingdom": "unicornus_forms.title.kingdom",
    "princesses": "unicornus_forms.title.princess",
    "imperial": "unicornus_forms.title.imperial",
    "events": "unicornus_forms.title.event",
}
NEW_FIELDS = {
    "new_kingdom": ("command", "life", "attack", "defence"),
    "princesses": ("command", "life"),
    "new_event": ("level", "ongoing"),
}


def _name_fields(entry_id: str = "") -> list[FormField]:
    return [
        FormField(
            "name_en",
            Msg("unicornus_forms.f.name_en"),
            kind="text",
            value=entry_id or None,
            hint=Msg("unicornus_forms.h.name"),
        ),
        FormField("name_ja", Msg("unicornus_forms.f.name_ja"), kind="text", optional=True),
    ]


def card_form(catalog: UnicornusCatalog, req: Request) -> CardForm:
    """The form of a card entry (kingdom character, Princess, imperial character, event)."""
    if req.kind in SECTION_TITLES:
        item = _item(catalog, req.kind, req.entry)
        if item is not None:
            fields = [CARD_FIELDS[f]() for f in req.fields if f in CARD_FIELDS]
            title = msg(SECTION_TITLES[req.kind], name=tr_name(item.name, item.id))
            return CardForm(req, title, fields, Msg("unicornus_forms.intro.card"))
    fields = _name_fields(req.entry)
    if req.kind == "new_event":
        fields.append(
            FormField(
                "level",
                Msg("unicornus_forms.f.level"),
                kind="int",
                value=req.level,
                minimum=1,
                maximum=3,
                hint=Msg("unicornus_forms.h.level"),
            )
        )
        fields.append(CARD_FIELDS["ongoing"]())
        title = msg("unicornus_forms.title.new_event", level=req.level)
    else:
        fields += [CARD_FIELDS[f]() for f in NEW_FIELDS[req.kind]]
        key = "new_kingdom" if req.kind == "new_kingdom" else "new_princess"
        title = Msg(f"unicornus_forms.title.{key}")
    section = {"new_kingdom": "kingdom", "new_event": "events"}.get(req.kind, req.kind)
    taken = _taken_names(catalog, section) - ({req.entry.casefold()} if req.entry else set())
    return CardForm(req, title, fields, Msg("unicornus_forms.intro.new"), taken)


def _item(catalog: UnicornusCatalog, section: str, entry: str):
    for item in getattr(catalog, section):
        if item.id == entry:
            return item
    return None


def _new_id(catalog: UnicornusCatalog, section: str, name: str, prefix: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or prefix
    taken = {item.id for item in getattr(catalog, section)}
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}{n}", n + 1
    return ident


def card_patch(catalog: UnicornusCatalog, req: Request, values: dict[str, Any]) -> dict:
    """The user-catalog fragment a card form's answers make."""
    entry: dict[str, Any] = {}
    for key, value in values.items():
        if key in ("name_en", "name_ja"):
            continue
        if key in ("no_fate", "ongoing"):
            value = value == "y"
        elif key == "personality":
            value = PERSONALITY_VALUES[value]
        entry[key] = value
    section = {"new_kingdom": "kingdom", "new_event": "events"}.get(req.kind, req.kind)
    if "name_en" in values:
        name = {"en": values["name_en"]}
        if values.get("name_ja"):
            name["ja"] = values["name_ja"]
        entry["name"] = name
        prefix = {"kingdom": "character", "events": "event", "princesses": "princess"}[section]
        entry["id"] = req.entry or _new_id(catalog, section, values["name_en"], prefix)
    else:
        entry["id"] = req.entry
    return {section: [entry]}


class Drafted:
    """What is typed into a form is a *draft*: restored when the form opens again (after
    escape, or after the app was closed), and reported on every change so the new-game flow
    can keep it. Mixed into :class:`CardForm` and :class:`TileForm`."""

    draft: dict[str, str]
    on_draft: Callable[[dict[str, str]], None] | None

    def restore_draft(self) -> None:
        for inp in self.query(Input):  # type: ignore[attr-defined]
            if inp.id in self.draft:
                inp.value = self.draft[inp.id]

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id:
            self.draft[event.input.id] = event.value
            if self.on_draft is not None:
                self.on_draft(dict(self.draft))

    def focus_first_error(self, bad: list[str]) -> None:
        """Move to the first field with a message (scrolls it into view)."""
        if bad:
            self.query_one(f"#{bad[0]}", Input).focus()  # type: ignore[attr-defined]


def _taken_names(catalog: UnicornusCatalog, section: str) -> set[str]:
    return {
        n.strip().casefold() for item in getattr(catalog, section) for n in item.name.values()
    } | {item.id.casefold() for item in getattr(catalog, section)}


class CardForm(Drafted, FormDialog):
    """A :class:`FormDialog` that also reads dice diagrams (kind "faces") and refuses a new
    entry's name already in the catalog (a second "Annelie" is a typo, not a new card)."""

    def __init__(
        self,
        request: Request,
        title: Msg,
        fields: list[FormField],
        intro: Msg,
        taken: set[str] = frozenset(),  # type: ignore[assignment]
    ):
        super().__init__(title, fields, intro)
        self.request, self.taken = request, taken
        self.draft, self.on_draft = {}, None

    def on_mount(self) -> None:
        super().on_mount()
        self.restore_draft()

    def collect(self) -> dict[str, Any] | None:
        values: dict[str, Any] = {}
        bad = []
        for f in self.fields:
            error = self.query_one(f"#error-{f.name}", Static)
            text = self.query_one(f"#field-{f.name}", Input).value
            try:
                values[f.name] = parse_faces(text) if f.kind == "faces" else parse_field(f, text)
                if f.name.startswith("name_") and values[f.name]:
                    if values[f.name].casefold() in self.taken:
                        raise ValueError(
                            tr(Msg("unicornus_forms.error.name_taken", {"name": values[f.name]}))
                        )
                error.update("")
            except ValueError as exc:
                error.update(str(exc))
                bad.append(f"field-{f.name}")
        self.focus_first_error(bad)
        return None if bad else values


# --- a tile, as a flower -------------------------------------------------------------------

# the flower on a 6-column grid: each space spans 2 columns; None is a 1-column gap that
# shifts the upper and lower pairs half a hex, as on the tile
FLOWER_CELLS = ((None, 3, 2, None), (4, 0, 1), (None, 5, 6, None))
SPACE_PLACES = (
    "unicornus_forms.place.centre",
    "unicornus_forms.place.e",
    "unicornus_forms.place.ne",
    "unicornus_forms.place.nw",
    "unicornus_forms.place.w",
    "unicornus_forms.place.sw",
    "unicornus_forms.place.se",
)


def marker_label(catalog: UnicornusCatalog, marker: str) -> Msg:
    if marker.startswith("kingdom:") or marker.startswith("imperial:"):
        section, ident = marker.split(":", 1)
        item = _item(catalog, "kingdom" if section == "kingdom" else "imperial", ident)
        name = tr_name(item.name, ident) if item is not None else ident
        return msg(f"unicornus_forms.marker.{section}", name=name)
    return Msg(f"unicornus_forms.marker.{marker}")


class TileForm(Drafted, FormScreen):
    """One tile: its 7 spaces as a flower, each value saying where it is printed. Dismisses
    with the user-catalog patch, or None when the table leaves it for later."""

    CSS_PATH = "catalog_forms.tcss"
    BINDINGS = [Binding("ctrl+s", "submit", show=False)]

    def __init__(self, catalog: UnicornusCatalog, request: Request) -> None:
        super().__init__()
        self.catalog, self.request = catalog, request
        self.tile = _item(catalog, "tiles", request.entry) if request.kind == "tile" else None
        new = self.tile is None
        # which space values to ask: the unknown ones, or all of them for a new tile
        self.asked: dict[int, list[str]] = {k: [] for k in range(7)}
        for k in range(7):
            for f in SPACE_FIELDS:
                if new or f"spaces[{k}].{f}" in request.fields:
                    self.asked[k].append(f)
        self.characters = self._character_choices()
        self.draft, self.on_draft = {}, None

    def _character_choices(self) -> list[tuple[str, str]]:
        if self.tile is not None or self.request.tile_kind not in ("empire", "kingdom"):
            return []
        section = "imperial" if self.request.tile_kind == "empire" else "kingdom"
        used = {t.character for t in self.catalog.tiles if t.character}
        return [
            (item.id, tr_name(item.name, item.id))
            for item in getattr(self.catalog, section)
            if item.id not in used or item.id == self.request.entry
        ]

    # --- layout ---
    def compose(self) -> ComposeResult:
        req = self.request
        with VerticalScroll(id="tile-form"):
            if self.tile is not None:
                title = msg(
                    "unicornus_forms.title.tile", name=tr_name(self.tile.name, self.tile.id)
                )
            else:
                title = msg(
                    "unicornus_forms.title.new_tile",
                    kind=Msg(f"unicornus_forms.kind.{req.tile_kind}"),
                )
            yield Static(tr(title), classes="section-title")
            yield Static(tr("unicornus_forms.intro.tile"), classes="intro")
            yield Static(tr("unicornus_forms.legend"), classes="legend")
            if self.tile is None:
                with Horizontal(classes="head-row"):
                    yield Label(tr("unicornus_forms.f.name_en"))
                    yield Input(id="tile-name_en", placeholder=tr("unicornus_forms.h.name"))
                    yield Label(tr("unicornus_forms.f.name_ja"))
                    yield Input(id="tile-name_ja")
                yield Static("", id="error-name", classes="field-error")
                if self.characters:
                    yield Label(tr(f"unicornus_forms.f.character_{req.tile_kind}"))
                    yield Static(
                        "  ".join(
                            f"{i + 1} = {name}" for i, (_, name) in enumerate(self.characters)
                        ),
                        classes="hint",
                    )
                    value = ""
                    for i, (cid, _) in enumerate(self.characters):
                        if cid == req.entry:
                            value = str(i + 1)
                    yield Input(value=value, id="tile-character")
                    yield Static("", id="error-character", classes="field-error")
            if self._marker():
                yield Label(tr(msg("unicornus_forms.f.marker", marker=self._marker_msg())))
                yield Static(tr("unicornus_forms.h.marker"), classes="hint")
                yield Input(id="tile-marker")
                yield Static("", id="error-marker", classes="field-error")
            with Grid(id="flower"):
                for row in FLOWER_CELLS:
                    for cell in row:
                        if cell is None:
                            yield Static("", classes="gap")
                        else:
                            yield self._space_box(cell)
            with Horizontal(classes="buttons"):
                yield Button(tr("unicornus_forms.later"), id="cancel")
                yield Button(tr("unicornus_forms.save"), id="ok", variant="primary")

    def _marker(self) -> str:
        """The start marker this form places, if any (asked as "which space")."""
        if self.request.marker:
            return self.request.marker
        if self.tile is None and self.request.tile_kind == "empire":
            return "imperial:"  # the imperial character's start space
        if self.tile is None and self.request.tile_kind == "kingdom":
            return "kingdom:"
        return ""

    def _marker_msg(self) -> Msg:
        marker = self._marker()
        if marker.endswith(":"):
            return Msg(f"unicornus_forms.marker.{marker[:-1]}_any")
        return marker_label(self.catalog, marker)

    def _space_box(self, k: int) -> Vertical:
        known = []
        if self.tile is not None:
            spec = self.tile.spaces[k]
            for f in SPACE_FIELDS:
                value = getattr(spec, f)
                if f not in self.asked[k] and value not in (None, 0, False):
                    known.append(tr(Msg(f"unicornus_forms.short.{f}")) + f" {value}")
            if spec.start:
                known.append(tr(marker_label(self.catalog, spec.start)))
        children = [Static(tr(SPACE_PLACES[k]), classes="space-title")]
        for f in self.asked[k]:
            children.append(
                Horizontal(
                    Label(tr(Msg(f"unicornus_forms.short.{f}")), classes="space-label"),
                    Input(
                        id=f"s{k}-{f}",
                        placeholder=tr(Msg(f"unicornus_forms.where.{f}")),
                        tooltip=tr(Msg(f"unicornus_forms.where.{f}")),
                        classes="space-input",
                    ),
                    classes="space-row",
                )
            )
        if known:
            children.append(Static(", ".join(known), classes="space-known"))
        children.append(Static("", id=f"error-s{k}", classes="field-error"))
        return Vertical(*children, classes="space-box", id=f"space-{k}")

    def on_mount(self) -> None:
        self.restore_draft()
        inputs = list(self.query(Input))
        if inputs:
            inputs[0].focus()

    # --- reading the answers ---
    def _read_space(self, k: int, f: str) -> Any:
        text = self.query_one(f"#s{k}-{f}", Input).value.strip()
        if f == "impassable":
            if text.lower() in ("", "n", "no", "0", "-"):
                return False
            if text.lower() in ("y", "yes", "x", "1"):
                return True
            raise ValueError(tr(Msg("unicornus_forms.error.yes_no", {"text": text})))
        if not text or text == "-":
            return 0  # nothing printed there
        if not text.isdigit():
            raise ValueError(tr(Msg("unicornus_forms.error.number", {"text": text})))
        if int(text) > 9:
            raise ValueError(tr(Msg("unicornus_forms.error.too_large", {"text": text})))
        return int(text)

    def collect(self) -> dict | None:
        bad: list[str] = []  # ids of the inputs with a message, in form order
        spaces = (
            [_plain(s) for s in self.tile.spaces]
            if self.tile is not None
            else [{} for _ in range(7)]
        )
        entry: dict[str, Any] = {}
        if self.tile is None:
            entry["kind"] = self.request.tile_kind
            name = self.query_one("#tile-name_en", Input).value.strip()
            ja = self.query_one("#tile-name_ja", Input).value.strip()
            taken = _taken_names(self.catalog, "tiles")
            problem = ""
            if not name:
                problem = tr("unicornus_forms.error.name")
            elif name.casefold() in taken or ja.casefold() in taken:
                twice = name if name.casefold() in taken else ja
                problem = tr(Msg("unicornus_forms.error.name_taken", {"name": twice}))
            self.query_one("#error-name", Static).update(problem)
            if problem:
                bad.append(
                    "tile-name_en" if not name or name.casefold() in taken else "tile-name_ja"
                )
            entry["name"] = {"en": name}
            if ja:
                entry["name"]["ja"] = ja
            entry["id"] = _new_id(self.catalog, "tiles", name, self.request.tile_kind)
            if self.characters:
                text = self.query_one("#tile-character", Input).value.strip()
                error = self.query_one("#error-character", Static)
                if text.isdigit() and 1 <= int(text) <= len(self.characters):
                    entry["character"] = self.characters[int(text) - 1][0]
                    error.update("")
                else:
                    error.update(
                        tr(Msg("unicornus_forms.error.pick", {"count": len(self.characters)}))
                    )
                    bad.append("tile-character")
            elif self.request.tile_kind == "capital":
                entry["character"] = "lionel"
        else:
            entry["id"] = self.tile.id
        marker = self._marker()
        where = -1
        if marker:
            error = self.query_one("#error-marker", Static)
            text = self.query_one("#tile-marker", Input).value.strip()
            if text.isdigit() and 0 <= int(text) <= 6:
                error.update("")
                where = int(text)
            else:
                problem = (
                    Msg("unicornus_forms.error.space_index", {"text": text})
                    if text
                    else Msg("unicornus_forms.error.space_index_empty")
                )
                error.update(tr(problem))
                bad.append("tile-marker")
        for k in (3, 2, 4, 0, 1, 5, 6):  # the flower's order on screen
            problems = []
            for f in self.asked[k]:
                try:
                    spaces[k][f] = self._read_space(k, f)
                except ValueError as exc:
                    problems.append(f"{tr(Msg(f'unicornus_forms.short.{f}'))}: {exc}")
                    bad.append(f"s{k}-{f}")
            self.query_one(f"#error-s{k}", Static).update("\n".join(problems))
        self.focus_first_error(bad)
        if bad:
            return None
        if marker:
            if marker.endswith(":"):
                marker += entry.get("character", "")
            for k, space in enumerate(spaces):
                if space.get("start") == marker and k != where:
                    space.pop("start")
            spaces[where]["start"] = marker
        entry["spaces"] = spaces
        return {"tiles": [entry]}


def form_for(catalog: UnicornusCatalog, req: Request) -> ModalScreen:
    if req.kind in ("tile", "new_tile"):
        return TileForm(catalog, req)
    return card_form(catalog, req)


def patch_for(catalog: UnicornusCatalog, req: Request, answer: dict) -> dict:
    """A form's answer as a user-catalog fragment (tile forms answer with the patch itself)."""
    if req.kind in ("tile", "new_tile"):
        return answer
    return card_patch(catalog, req, answer)
