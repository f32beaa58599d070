"""The box values a game still needs, asked in as few and as dense forms as the box allows
(spec §10, issues 4 and 12).

:func:`requests` turns :func:`companion.games.unicornus.missing_values` into forms: one per
catalog entry with unknown values (a tile, a kingdom character, a Princess card — its ability
too —, an imperial character — its printed name where the box file only numbers it —, an
event card), one per missing whole entry (a tile of a kind, a kingdom character, an event of a
level), and the layout diagram, confirmed once. A new Empire tile's form holds its imperial
character's card. Each answer becomes a *patch*: a fragment of the user's catalog (the
owner's transcription on top of the box), merged into it entry by entry with
:func:`companion.core.catalog.merge` and saved for every later game.

A tile is one grid, a line per space in the engine's order — the centre (space 0), then the
ring: 1 right, 2 upper right, 3 upper left, 4 left, 5 lower left, 6 lower right — each typed
as a short code (:func:`parse_code`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import astuple, dataclass, replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from companion.core.i18n import Msg, msg, tr, tr_name
from companion.games.unicornus import SetupChoice, UnicornusCatalog, missing_values
from companion.games.unicornus import load_catalog as load_unicornus_catalog
from companion.ui.colours import DANGER
from companion.ui.dialogs import FormDialog, FormField, FormScreen, field_label, parse_field
from companion.ui.widgets.button import Button
from companion.ui.widgets.content import as_text

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
_LAYOUT_GAP = "layout: to check against the rulebook"


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
        elif path == _LAYOUT_GAP:
            gaps.insert(0, Request("layout"))
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
    """``patch`` into the owner's catalog (merged by entry id, checked, saved); raises
    CatalogError naming the field if it does not fit, and nothing is written."""
    return load("box", store.change_user_catalog(GAME_KEY, patch))


# --- what each value is and where it is printed -------------------------------------------


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
    "dice": lambda: FormField(
        "dice", Msg("unicornus_forms.f.dice"), kind="diagrams", hint=Msg("unicornus_forms.h.dice")
    ),
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
    "when": lambda: FormField(
        "when",
        Msg("unicornus_forms.f.when"),
        kind="when",
        optional=True,
        hint=Msg("unicornus_forms.h.when"),
    ),
}
SECTION_TITLES = {
    "kingdom": "unicornus_forms.title.kingdom",
    "princesses": "unicornus_forms.title.princess",
    "imperial": "unicornus_forms.title.imperial",
    "events": "unicornus_forms.title.event",
}
NEW_FIELDS = {
    "new_kingdom": ("command", "life", "dice"),
    "princesses": ("command", "life"),
    "new_event": ("level", "ongoing"),
}
TIMING_LETTERS = {"r": "start_of_round", "t": "start_of_turn", "b": "during_battle", "p": "passive"}
# the abilities asked with each kind of card (§10: in short, with the timing flags)
ABILITY_FIELDS = {"kingdom": "ability", "princesses": "ability", "imperial": "ally_ability"}


def _name_fields(entry_id: str = "", value: str | None = None) -> list[FormField]:
    return [
        FormField(
            "name_en",
            Msg("unicornus_forms.f.name_en"),
            kind="text",
            value=value if value is not None else (entry_id or None),
            hint=Msg("unicornus_forms.h.name"),
        ),
        FormField("name_ja", Msg("unicornus_forms.f.name_ja"), kind="text", optional=True),
    ]


def _ability_fields(section: str, required: bool = False) -> list[FormField]:
    key = "ally_ability" if section == "imperial" else "ability"
    out = [
        FormField(
            "ability_en",
            Msg(f"unicornus_forms.f.{key}"),
            kind="text",
            optional=not required,
            hint=Msg(f"unicornus_forms.h.{key}"),
        ),
        FormField("ability_ja", Msg(f"unicornus_forms.f.{key}_ja"), kind="text", optional=True),
    ]
    if section == "kingdom":
        out.append(CARD_FIELDS["when"]())
    return out


def _effect_fields() -> list[FormField]:
    """An event's effect as printed: typed by the owner, shown in play (never made up)."""
    return [
        FormField(
            "effect_en",
            Msg("unicornus_forms.f.effect"),
            kind="text",
            optional=True,
            hint=Msg("unicornus_forms.h.effect"),
        ),
        FormField("effect_ja", Msg("unicornus_forms.f.effect_ja"), kind="text", optional=True),
    ]


def _with_defaults(fields: list[FormField], last) -> list[FormField]:
    """The last transcribed card's values as this card's defaults (many share numbers)."""
    if last is None:
        return fields
    out = []
    for f in fields:
        value = getattr(last, f.name, None) if f.kind in ("int", "choice") else None
        if f.name == "personality" and value:
            value = value[0]
        elif f.name == "no_fate" and value is not None:
            value = "y" if value else "n"
        out.append(replace(f, value=value) if value is not None and f.value is None else f)
    return out


def card_form(catalog: UnicornusCatalog, req: Request) -> CardForm:
    """The form of a card entry (kingdom character, Princess, imperial character, event):
    the unknown values, the printed name where the box file only numbers the card, the
    ability in short (with its timing for a kingdom character), the last card's numbers as
    defaults."""
    if req.kind in SECTION_TITLES:
        item = _item(catalog, req.kind, req.entry)
        if item is not None:
            asked = [f for f in req.fields if f in CARD_FIELDS or f in ("name", "ability")]
            if "attack" in asked and "defence" in asked:  # both diagrams typed as one line
                asked = [f for f in asked if f not in ("attack", "defence")] + ["dice"]
            fields = _name_fields(value="") if "name" in asked else []
            fields += [CARD_FIELDS[f]() for f in asked if f in CARD_FIELDS]
            section = req.kind
            if section in ABILITY_FIELDS and not any(
                getattr(item, ABILITY_FIELDS[section]).values()
            ):
                fields += _ability_fields(section, required="ability" in asked)
            if req.kind == "events":
                fields = [replace(f, value="n") if f.name == "ongoing" else f for f in fields]
                if not any(item.effect.values()):
                    fields += _effect_fields()
            title = msg(SECTION_TITLES[req.kind], name=tr_name(item.name, item.id))
            taken = _taken_names(catalog, section) if "name" in asked else frozenset()
            return CardForm(req, title, fields, Msg("unicornus_forms.intro.card"), taken)
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
        fields.append(replace(CARD_FIELDS["ongoing"](), value="n"))
        fields += _effect_fields()
        title = msg("unicornus_forms.title.new_event", level=req.level)
    else:
        section = "kingdom" if req.kind == "new_kingdom" else "princesses"
        fields += [CARD_FIELDS[f]() for f in NEW_FIELDS[req.kind]]
        fields += _ability_fields(section, required=section == "princesses")
        fields = _with_defaults(fields, last_entry(getattr(catalog, section), "life"))
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
    section = {"new_kingdom": "kingdom", "new_event": "events"}.get(req.kind, req.kind)
    entry: dict[str, Any] = {}
    for key, value in values.items():
        if key in ("name_en", "name_ja", "ability_en", "ability_ja", "effect_en", "effect_ja"):
            continue
        if key in ("no_fate", "ongoing"):
            value = value == "y"
        elif key == "personality":
            value = PERSONALITY_VALUES[value]
        elif key == "dice":
            entry["attack"], entry["defence"] = value
            continue
        elif key == "when":
            for letter, flag in TIMING_LETTERS.items():
                entry[flag] = letter in (value or "")
            continue
        entry[key] = value
    ability = {k: values[f"ability_{k}"] for k in ("en", "ja") if values.get(f"ability_{k}")}
    if ability:
        entry[ABILITY_FIELDS.get(section, "ability")] = ability
    effect = {k: values[f"effect_{k}"] for k in ("en", "ja") if values.get(f"effect_{k}")}
    if effect:
        entry["effect"] = effect
    if values.get("name_en"):
        name = {"en": values["name_en"]}
        if values.get("name_ja"):
            name["ja"] = values["name_ja"]
        entry["name"] = name
        if section == "imperial":
            entry["named"] = True
        prefix = {"kingdom": "character", "events": "event", "princesses": "princess"}.get(
            section, section
        )
        entry["id"] = req.entry or _new_id(catalog, section, values["name_en"], prefix)
    else:
        entry["id"] = req.entry
    return {section: [entry]}


def parse_diagrams(text: str) -> tuple[list[str], list[str]]:
    """A character's two dice diagrams typed as one line, attack then defence: ``hmmhhl
    mmmhhh`` (or with a slash, or 12 letters in a row)."""
    words = text.replace("/", " ").replace(",", " ").split()
    if len(words) == 1 and len(words[0]) == 12:
        words = [words[0][:6], words[0][6:]]
    if len(words) == 2:
        try:
            return parse_faces(words[0]), parse_faces(words[1])
        except ValueError:
            pass
    raise ValueError(tr(Msg("unicornus_forms.error.diagrams", {"text": text.strip()})))


def parse_when(text: str) -> str:
    """The timing flags of an ability as letters: r start of round, t start of turn, b during
    battle, p passive (any of them; empty: none)."""
    letters = text.strip().lower().replace(" ", "").replace(",", "")
    bad = sorted({c for c in letters if c not in TIMING_LETTERS})
    if bad:
        raise ValueError(tr(Msg("unicornus_forms.error.when", {"text": text.strip()})))
    return "".join(c for c in "rtbp" if c in letters)


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
    """A :class:`FormDialog` that also reads dice diagrams (kinds "faces" and "diagrams":
    both on one line) and timing flags ("when"), saves with ctrl+s from any field, and refuses
    a new entry's name already in the catalog (a second "Annelie" is a typo)."""

    BINDINGS = [Binding("ctrl+s", "submit", show=False)]
    DEFAULT_CSS = """
    CardForm > VerticalScroll { width: 90; padding: 0 1; }
    CardForm Horizontal.card-row { height: 1; margin-top: 1; padding: 0; align-horizontal: left; }
    CardForm .card-label { width: 34; text-style: bold; }
    CardForm .card-input { height: 1; border: none; width: 1fr; padding: 0 1; background: $boost; }
    CardForm .card-input:focus { background: $accent 30%; }
    CardForm .field-hint { color: $text-muted; padding-left: 34; }
    CardForm .field-error { padding-left: 34; display: none; }
    """

    def compose(self) -> ComposeResult:
        """One line per field (label, then what is typed), its hint under it: a card fits on
        the screen without scrolling."""
        with VerticalScroll():
            yield Static(as_text(self.title_msg), classes="section-title")
            if self.intro is not None:
                yield Static(as_text(self.intro))
            for f in self.fields:
                value = "" if f.value is None else str(f.value)
                yield Horizontal(
                    Label(field_label(f, compact=True), classes="card-label"),
                    Input(value=value, id=f"field-{f.name}", classes="card-input"),
                    classes="card-row",
                )
                if f.hint is not None:
                    yield Static(tr(f.hint), classes="field-hint")
                yield Static("", id=f"error-{f.name}", classes="field-error")
            with Horizontal(classes="buttons"):
                yield Button(tr("unicornus_forms.later"), id="cancel")
                yield Button(tr("unicornus_forms.save"), id="ok", variant="primary")

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
        self.default_layout: list = []  # the layout form's diagram

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
                if f.kind == "faces":
                    values[f.name] = parse_faces(text)
                elif f.kind == "diagrams":
                    values[f.name] = parse_diagrams(text)
                elif f.kind == "when":
                    values[f.name] = parse_when(text)
                elif f.kind == "layout":
                    values[f.name] = (
                        parse_layout(text, self.default_layout) if text.strip() else None
                    )
                else:
                    values[f.name] = parse_field(f, text)
                if f.name.startswith("name_") and values[f.name]:
                    if values[f.name].casefold() in self.taken:
                        raise ValueError(
                            tr(Msg("unicornus_forms.error.name_taken", {"name": values[f.name]}))
                        )
                error.update("")
                error.display = False
            except ValueError as exc:
                error.update(as_text(str(exc)))
                error.display = True  # a message takes its line only while there is one
                bad.append(f"field-{f.name}")
        self.focus_first_error(bad)
        return None if bad else values


# --- a tile: its 7 spaces in one grid, each space typed as one short code ------------------

# a space's code: letters for what is printed on it, each with its number where it has one
# ("r2p1" recruit 2, resource 1; "x" impassable; "s" the start marker this tile carries);
# empty or "." for a space that shows nothing
CODE_LETTERS = {
    "d": "difficulty",
    "x": "impassable",
    "r": "recruit",
    "p": "resource",
    "v": "defence",
    "t": "tokens",
    "s": "start",
}
_CODE = re.compile(r"([a-z])(\d*)")
SPACE_PLACES = (
    "unicornus_forms.place.centre",
    "unicornus_forms.place.e",
    "unicornus_forms.place.ne",
    "unicornus_forms.place.nw",
    "unicornus_forms.place.w",
    "unicornus_forms.place.sw",
    "unicornus_forms.place.se",
)
GRID_COLUMNS = ("difficulty", "impassable", "recruit", "resource", "defence", "tokens", "start")


def parse_code(text: str) -> dict[str, Any]:
    """A space's code as its values (every attribute: 0 / False where nothing is printed,
    ``start`` True when the tile's marker stands here), or ValueError saying what is wrong."""
    out: dict[str, Any] = {f: 0 for f in SPACE_FIELDS} | {"impassable": False, "start": False}
    code = text.strip().lower().replace(" ", "").replace(",", "")
    if code in ("", ".", "-"):
        return out
    pos = 0
    for found in _CODE.finditer(code):
        if found.start() != pos:
            break
        letter, digits = found.groups()
        field = CODE_LETTERS.get(letter)
        if field is None:
            raise ValueError(tr(Msg("unicornus_forms.error.code_letter", {"letter": letter})))
        if field in ("impassable", "start"):
            if digits:
                raise ValueError(tr(Msg("unicornus_forms.error.code_flag", {"letter": letter})))
            out[field] = True
        else:
            if not digits:
                raise ValueError(tr(Msg("unicornus_forms.error.code_number", {"letter": letter})))
            if int(digits) > 9:
                raise ValueError(tr(Msg("unicornus_forms.error.too_large", {"text": digits})))
            out[field] = int(digits)
        pos = found.end()
    if pos != len(code):
        raise ValueError(tr(Msg("unicornus_forms.error.code", {"text": text.strip()})))
    return out


def space_code(spec) -> str:
    """The code of a space's known values (the form shows what is already transcribed)."""
    parts = []
    for letter, field in CODE_LETTERS.items():
        value = getattr(spec, field, None) if field != "start" else None
        if value is True:
            parts.append(letter)
        elif isinstance(value, int) and not isinstance(value, bool) and value:
            parts.append(f"{letter}{value}")
    return "".join(parts)


def marker_label(catalog: UnicornusCatalog, marker: str) -> Msg:
    if marker.startswith("kingdom:") or marker.startswith("imperial:"):
        section, ident = marker.split(":", 1)
        item = _item(catalog, "kingdom" if section == "kingdom" else "imperial", ident)
        name = tr_name(item.name, ident) if item is not None else ident
        return msg(f"unicornus_forms.marker.{section}", name=name)
    return Msg(f"unicornus_forms.marker.{marker}")


def last_entry(items, known: str):
    """The last transcribed entry of a section (``known``: a field it must have), whose values
    are the next form's defaults: a box's cards are typed one after another, and many share
    their numbers."""
    for item in reversed(items):
        if getattr(item, known, None) is not None:
            return item
    return None


def free_imperial(catalog: UnicornusCatalog) -> str:
    """The id a new Empire tile's character gets: the box file's next numbered character that
    has no tile yet (its printed name is typed on the tile's form)."""
    used = {t.character for t in catalog.tiles if t.character}
    for ch in catalog.imperial:
        if ch.id != "lionel" and ch.id not in used and not ch.named:
            return ch.id
    return ""


class TileForm(Drafted, FormScreen):
    """One tile in one grid: a row per space (centre first, then the ring from the right,
    counter-clockwise), each typed as a short code, its attributes shown in columns as they
    are read. A new Empire tile's form holds its imperial character's card too (name,
    personality, combat power, life, no-fate mark, ally ability), the last card's numbers as
    defaults. Dismisses with the user-catalog patch, or None (left for later)."""

    CSS_PATH = "catalog_forms.tcss"
    BINDINGS = [Binding("ctrl+s", "submit", show=False)]

    def __init__(self, catalog: UnicornusCatalog, request: Request) -> None:
        super().__init__()
        self.catalog, self.request = catalog, request
        self.tile = _item(catalog, "tiles", request.entry) if request.kind == "tile" else None
        self.new = self.tile is None
        self.card = self.new and request.tile_kind == "empire"  # the imperial card, here
        self.draft, self.on_draft = {}, None

    def marker(self) -> str:
        """The start marker this form places with "s" ("kingdom:" / "imperial:" complete
        with the tile's character)."""
        if self.request.marker:
            return self.request.marker
        if self.new and self.request.tile_kind == "empire":
            return "imperial:"
        if self.new and self.request.tile_kind == "kingdom" and self.request.entry:
            return "kingdom:" + self.request.entry
        return ""

    # --- layout ---
    def compose(self) -> ComposeResult:
        req = self.request
        with VerticalScroll(id="tile-form"):
            if self.tile is not None:
                name = tr_name(self.tile.name, self.tile.id)
                title = msg("unicornus_forms.title.tile", name=name)
            else:
                kind = Msg(f"unicornus_forms.kind.{req.tile_kind}")
                title = msg("unicornus_forms.title.new_tile", kind=kind)
            yield Static(tr(title), classes="section-title")
            yield Static(tr("unicornus_forms.intro.grid"), classes="intro")
            if self.new:
                with Horizontal(classes="head-row"):
                    yield Label(tr("unicornus_forms.f.tile_name"))
                    yield Input(id="tile-name_en", placeholder=tr("unicornus_forms.h.name"))
                    yield Label(tr("unicornus_forms.f.name_ja"))
                    yield Input(id="tile-name_ja")
                yield Static("", id="error-name", classes="field-error")
            if self.marker():
                yield Static(
                    tr(msg("unicornus_forms.f.start_code", marker=self._marker_msg())),
                    classes="hint",
                )
            yield Static(self._grid_head(), classes="grid-head")
            for k in range(7):
                with Horizontal(classes="grid-row"):
                    yield Label(tr(SPACE_PLACES[k]), classes="grid-place")
                    value = space_code(self.tile.spaces[k]) if self.tile is not None else ""
                    yield Input(value=value, id=f"s{k}", classes="grid-code")
                    yield Static("", id=f"cells-{k}", classes="grid-cells")
                yield Static("", id=f"error-s{k}", classes="field-error grid-error")
            yield Static("", id="error-start", classes="field-error grid-error")
            if self.card:
                yield from self._compose_card()
            with Horizontal(classes="buttons"):
                yield Button(tr("unicornus_forms.later"), id="cancel")
                yield Button(tr("unicornus_forms.save"), id="ok", variant="primary")

    def _compose_card(self) -> ComposeResult:
        """The imperial character of a new Empire tile (§10), the last card's numbers filled."""
        last = last_entry(self.catalog.imperial, "life")
        defaults = {
            "personality": (last.personality or "normal")[0] if last else "n",
            "combat_power": str(last.combat_power)
            if last and last.combat_power is not None
            else "",
            "life": str(last.life) if last and last.life is not None else "",
            "no_fate": "y" if last and last.no_fate else "n",
        }
        yield Static(tr("unicornus_forms.title.tile_character"), classes="section-title")
        with Horizontal(classes="head-row"):
            yield Label(tr("unicornus_forms.f.name_en"))
            yield Input(id="card-name_en", placeholder=tr("unicornus_forms.h.name"))
            yield Label(tr("unicornus_forms.f.name_ja"))
            yield Input(id="card-name_ja")
        with Horizontal(classes="head-row"):
            for field in ("personality", "combat_power", "life", "no_fate"):
                yield Label(tr(f"unicornus_forms.short.{field}"))
                yield Input(value=defaults[field], id=f"card-{field}", classes="card-short")
        with Horizontal(classes="head-row"):
            yield Label(tr("unicornus_forms.f.ally_ability"))
            yield Input(id="card-ally_en", placeholder=tr("unicornus_forms.h.ability"))
            yield Input(id="card-ally_ja", placeholder=tr("unicornus_forms.h.ability_ja"))
        yield Static(tr("unicornus_forms.h.card_codes"), classes="hint")
        yield Static("", id="error-card", classes="field-error")

    def _marker_msg(self) -> Msg:
        marker = self.marker()
        if marker.endswith(":"):
            return Msg(f"unicornus_forms.marker.{marker[:-1]}_any")
        return marker_label(self.catalog, marker)

    def _grid_head(self) -> Text:
        head = Text(" " * 31)  # under the place and the code
        for f in GRID_COLUMNS:
            head.append(f"{tr(Msg(f'unicornus_forms.short.{f}')):^5}", style="bold")
        return head

    def on_mount(self) -> None:
        self.restore_draft()
        for k in range(7):
            self._show_cells(k)
        self.query(Input).first().focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        super().on_input_changed(event)
        ident = event.input.id or ""
        if ident[:1] == "s" and ident[1:].isdigit():
            self._show_cells(int(ident[1:]))

    def _show_cells(self, k: int) -> None:
        """The attributes a space's code says, one column each (or what is wrong with it)."""
        cells = self.query_one(f"#cells-{k}", Static)
        try:
            values = parse_code(self.query_one(f"#s{k}", Input).value)
        except ValueError:
            cells.update(as_text(Text("  ?", style=DANGER)))
            return
        out = Text()
        for f in GRID_COLUMNS:
            v = values[f]
            shown = ("✓" if v else "·") if isinstance(v, bool) else (str(v) if v else "·")
            out.append(f"{shown:^5}", style="bold" if v else "dim")
        cells.update(out)

    def _say(self, ident: str, text: str) -> None:
        """A grid line's message, shown only while there is one (the grid stays dense)."""
        error = self.query_one(f"#{ident}", Static)
        error.update(as_text(text))
        error.display = bool(text)

    # --- reading the answers ---
    def collect(self) -> dict | None:
        bad: list[str] = []  # ids of the inputs with a message, in form order
        entry: dict[str, Any] = {}
        patch: dict[str, list] = {}
        card = self._read_card(bad) if self.card else None
        if self.new:
            entry["kind"] = self.request.tile_kind
            name = self.query_one("#tile-name_en", Input).value.strip()
            ja = self.query_one("#tile-name_ja", Input).value.strip()
            taken = _taken_names(self.catalog, "tiles")
            problem = ""
            if not name:
                problem = tr("unicornus_forms.error.name")
            elif name.casefold() in taken or (ja and ja.casefold() in taken):
                twice = name if name.casefold() in taken else ja
                problem = tr(Msg("unicornus_forms.error.name_taken", {"name": twice}))
            self.query_one("#error-name", Static).update(as_text(problem))
            if problem:
                bad.insert(
                    0, "tile-name_ja" if name and name.casefold() not in taken else "tile-name_en"
                )
            entry["name"] = {"en": name} | ({"ja": ja} if ja else {})
            entry["id"] = _new_id(self.catalog, "tiles", name, self.request.tile_kind)
            if self.request.tile_kind == "capital":
                entry["character"] = "lionel"
            elif self.request.tile_kind == "kingdom" and self.request.entry:
                entry["character"] = self.request.entry
        else:
            entry["id"] = self.tile.id
        spaces = []
        for k in range(7):
            try:
                spaces.append(parse_code(self.query_one(f"#s{k}", Input).value))
                self._say(f"error-s{k}", "")
            except ValueError as exc:
                self._say(f"error-s{k}", str(exc))
                bad.append(f"s{k}")
                spaces.append({})
        starts = [k for k, sp in enumerate(spaces) if sp.get("start")]
        marker = self.marker()
        problem = ""
        if marker and len(starts) != 1:
            problem = tr(Msg("unicornus_forms.error.start_one", {"marker": self._marker_msg()}))
        elif not marker and starts:
            problem = tr("unicornus_forms.error.start_none")
        self._say("error-start", problem)
        if problem and not bad:
            bad.append(f"s{starts[1] if len(starts) > 1 else (starts or [0])[0]}")
        self.focus_first_error(bad)
        if bad:
            return None
        if card is not None:
            entry["character"] = card["id"]
            patch["imperial"] = [card]
        if marker.endswith(":"):
            marker += entry.get("character", "")
        kept = self.tile.spaces if self.tile is not None else [None] * 7
        out_spaces = []
        for k, values in enumerate(spaces):
            is_start = values.pop("start")
            if is_start:
                values["start"] = marker
            elif kept[k] is not None and kept[k].start and kept[k].start != marker:
                values["start"] = kept[k].start  # another marker printed here stays
            out_spaces.append(values)
        entry["spaces"] = out_spaces
        return {"tiles": [entry], **patch}

    def _read_card(self, bad: list[str]) -> dict | None:
        """The imperial character's card typed on a new Empire tile, as a catalog entry."""
        get = lambda f: self.query_one(f"#card-{f}", Input).value.strip()  # noqa: E731
        problems = []
        name, ja = get("name_en"), get("name_ja")
        if not name:
            problems.append(("card-name_en", tr("unicornus_forms.error.name")))
        personality = PERSONALITY_VALUES.get(get("personality").lower()[:1])
        if personality is None:
            problems.append(("card-personality", tr("unicornus_forms.error.personality")))
        numbers = {}
        for field, least in (("combat_power", 0), ("life", 1)):
            text = get(field)
            if not text.isdigit() or not least <= int(text) <= CARD_MAX:
                problems.append(
                    (
                        f"card-{field}",
                        tr(
                            Msg(
                                "unicornus_forms.error.card_number",
                                {"text": text, "least": least, "most": CARD_MAX},
                            )
                        ),
                    )
                )
            else:
                numbers[field] = int(text)
        no_fate = get("no_fate").lower()[:1]
        if no_fate not in ("y", "n"):
            problems.append(
                ("card-no_fate", tr(Msg("unicornus_forms.error.yes_no", {"text": get("no_fate")})))
            )
        self.query_one("#error-card", Static).update(as_text("\n".join(p for _, p in problems)))
        bad += [ident for ident, _ in problems]
        if problems:
            return None
        # the same name typed again is that character (its card was entered before)
        known = next(
            (
                c.id
                for c in self.catalog.imperial
                if name.casefold() in {n.casefold() for n in c.name.values()}
            ),
            "",
        )
        ident = (
            known
            or free_imperial(self.catalog)
            or _new_id(self.catalog, "imperial", name, "imperial")
        )
        card: dict[str, Any] = {
            "id": ident,
            "name": {"en": name} | ({"ja": ja} if ja else {}),
            "named": True,
            "personality": personality,
            "no_fate": no_fate == "y",
            **numbers,
        }
        ally = {k: v for k, v in (("en", get("ally_en")), ("ja", get("ally_ja"))) if v}
        if ally:
            card["ally_ability"] = ally
        return card


# --- the layout diagram: confirmed once, or corrected position by position -------------------
KIND_LETTER = {"capital": "C", "empire": "E", "kingdom": "K", "castle": "A"}


def layout_picture(layout) -> str:
    """The tile positions as they lie (flower-lattice axial coordinates), each as its number
    and kind letter: C Capital, E Empire, K Kingdom, A Ancestral Castle."""
    cells = {(p.a, p.b): f"{p.pos:>2}{KIND_LETTER[p.kind]}" for p in layout}
    if not cells:
        return ""
    bs = [b for _, b in cells]
    xs = [4 * a + 2 * b for a, b in cells]
    lines = []
    for b in range(min(bs), max(bs) + 1):
        row = [" "] * (max(xs) - min(xs) + 4)
        for (a, bb), text in cells.items():
            if bb == b:
                x = 4 * a + 2 * b - min(xs)
                row[x : x + 3] = list(text)
        lines.append("".join(row).rstrip())
    return "\n".join(lines)


_MOVE = re.compile(r"^(\d+)=(-?\d+),(-?\d+)(?:,(\w+))?$")


def parse_layout(text: str, layout) -> list[dict]:
    """The layout with the positions typed as ``pos=a,b`` (or ``pos=a,b,kind``) moved; empty
    text keeps the default. Two positions on one place are refused."""
    out = {p.pos: {"pos": p.pos, "a": p.a, "b": p.b, "kind": p.kind} for p in layout}
    for word in text.split():
        found = _MOVE.match(word)
        if not found or int(found.group(1)) not in out:
            raise ValueError(tr(Msg("unicornus_forms.error.layout", {"text": word})))
        pos, a, b, kind = found.groups()
        entry = out[int(pos)] | {"a": int(a), "b": int(b)}
        if kind:
            kinds = {k for k in KIND_LETTER if k.startswith(kind.lower())}
            if len(kinds) != 1:
                raise ValueError(tr(Msg("unicornus_forms.error.layout", {"text": word})))
            entry["kind"] = kinds.pop()
        out[int(pos)] = entry
    places = [(e["a"], e["b"]) for e in out.values()]
    if len(set(places)) != len(places):
        raise ValueError(tr(Msg("unicornus_forms.error.layout_twice", {"text": text.strip()})))
    return [out[p] for p in sorted(out)]


def layout_form(catalog: UnicornusCatalog, req: Request) -> CardForm:
    """§2 step 3: the default layout shown, confirmed with Enter or corrected."""
    field = FormField(
        "layout",
        Msg("unicornus_forms.f.layout"),
        kind="layout",
        optional=True,
        hint=Msg("unicornus_forms.h.layout", {"picture": layout_picture(catalog.layout)}),
    )
    form = CardForm(
        req, Msg("unicornus_forms.title.layout"), [field], Msg("unicornus_forms.intro.layout")
    )
    form.default_layout = catalog.layout
    return form


def form_for(catalog: UnicornusCatalog, req: Request) -> ModalScreen:
    if req.kind in ("tile", "new_tile"):
        return TileForm(catalog, req)
    if req.kind == "layout":
        return layout_form(catalog, req)
    return card_form(catalog, req)


def patch_for(catalog: UnicornusCatalog, req: Request, answer: dict) -> dict:
    """A form's answer as a user-catalog fragment (tile forms answer with the patch itself)."""
    if req.kind in ("tile", "new_tile"):
        return answer
    if req.kind == "layout":
        if answer.get("layout") is None:
            return {"layout_checked": True}
        return {"layout_checked": True, "layout": answer["layout"]}
    return card_patch(catalog, req, answer)
