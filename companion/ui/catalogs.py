"""Catalogs: how complete each box is, and the owner's transcription in and out as TOML."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Static

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, has_key, msg, tr, tr_name
from companion.games.registry import GAME_KEYS, owner_catalog
from companion.ui.dialogs import Dialog
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer

SHOWN_ENTRIES = 5  # entries listed under the table (a few lines each at 80 columns)
_STEP = re.compile(r"(\w+)(?:\[([^\]]+)\])?")


def _item(items: Any, selector: str) -> Any:
    """The entry of a list a path names: ``id=capital``, ``number=5`` or an index."""
    if selector.isdigit():
        return items[int(selector)] if int(selector) < len(items) else None
    attr, _, want = selector.partition("=")
    return next((i for i in items if str(getattr(i, attr, None)) == want), None)


def _label(prefix: str, name: str, **params: Any) -> str:
    key = f"ui.catalogs.{prefix}.{name}"
    return tr(msg(key, **params)) if has_key(key) else " ".join([name, *map(str, params.values())])


def gap_words(catalog: Any, path: str) -> tuple[str, tuple[str, int] | None, str]:
    """An unknown value's path in players' words: ``tiles[id=capital].spaces[2].defence`` →
    ("The Capital", ("spaces", 3), "defence"): the entry named as on its card, the numbered
    part of it without a name of its own (if any), the field."""
    steps = [_STEP.fullmatch(step) for step in path.split(".")]
    if not all(steps):
        return "", None, path
    names: list[str] = []
    part: tuple[str, int] | None = None
    node: Any = catalog
    for step in steps[:-1]:
        attr, selector = step.groups()
        node = getattr(node, attr, None) if node is not None else None
        if selector is None:
            names.append(_label("part", attr))
            continue
        item = _item(node, selector) if isinstance(node, list | tuple) else None
        name = getattr(item, "name", None)
        if isinstance(name, dict) and name:
            names.append(tr_name(name))
        else:  # no name: its printed number, or its place counted from 1
            n = getattr(item, "number", None)
            if n is None and selector.isdigit():
                n = int(selector) + 1
            part = (attr, n) if isinstance(n, int) else None
            if part is None:
                names.append(selector.partition("=")[2])
        node = item
    field = steps[-1].group(1)
    return tr("ui.catalogs.within").join(names), part, _label("field", field)


def _ranges(numbers: list[int], sep: str) -> str:
    """``1, 2, 3, 5`` → ``1–3, 5``."""
    out: list[str] = []
    for n in sorted(set(numbers)):
        if out and out[-1].split("–")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('–')[0]}–{n}"
        else:
            out.append(str(n))
    return sep.join(out)


def _some(names: list[str], sep: str, most: int = 4) -> str:
    if len(names) <= most:
        return sep.join(names)
    return tr(msg("ui.catalogs.and_more", names=sep.join(names[:most]), n=len(names) - most))


def gaps_text(catalog: Any, gaps: list[str]) -> str:
    """The unknown values grouped by entry, one entry a line; numbered parts with the same
    unknown fields said together ("spaces 1–7: difficulty, …")."""
    sep = tr("ui.catalogs.sep")
    grouped: dict[str, dict[Any, list[str]]] = {}
    for path in gaps:
        entry, part, field = gap_words(catalog, path)
        fields = grouped.setdefault(entry, {}).setdefault(part, [])
        if field not in fields:
            fields.append(field)
    lines: dict[str, list[str]] = {}
    for entry, parts in grouped.items():
        said = [sep.join(parts[None])] if None in parts else []
        alike: dict[tuple[str, tuple[str, ...]], list[int]] = {}
        for part, fields in parts.items():
            if part is not None:
                alike.setdefault((part[0], tuple(fields)), []).append(part[1])
        for (attr, fields), numbers in alike.items():
            which = _label("items" if len(numbers) > 1 else "item", attr, n=_ranges(numbers, sep))
            said.append(tr(msg("ui.catalogs.gaps", entry=which, fields=sep.join(fields))))
        lines.setdefault(tr("ui.catalogs.parts_sep").join(said), []).append(entry)
    # entries missing the same things are said together ("Princess cards 2, 3, 4: life")
    said_lines = [
        tr(msg("ui.catalogs.gaps", entry=_some(list(filter(None, entries)), sep), fields=text))
        if any(entries)
        else text
        for text, entries in lines.items()
    ]
    shown = said_lines[:SHOWN_ENTRIES]
    if len(said_lines) > SHOWN_ENTRIES:
        shown.append(tr(msg("ui.catalogs.more", n=len(said_lines) - SHOWN_ENTRIES)))
    return "\n".join(shown)


class AskPath(Dialog[Path | None]):
    DEFAULT_CSS = """
    AskPath { align: center middle; }
    AskPath > Vertical { width: 80; height: auto; border: thick $primary; background: $surface;
                         padding: 1 2; }
    """
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, question: Msg, default: str = "") -> None:
        super().__init__()
        self.question, self.default = question, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(as_text(self.question))
            yield Input(value=self.default, id="path")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(Path(text).expanduser() if text else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CatalogsScreen(Screen):
    BINDINGS = [
        Binding("e", "export", "ui.key.export"),
        Binding("i", "import", "ui.key.import"),
        Binding("escape", "app.pop_screen", "ui.key.back"),
    ]
    DEFAULT_CSS = """
    CatalogsScreen DataTable { height: auto; max-height: 12; margin: 1 2; }
    CatalogsScreen #missing { margin: 0 2; color: $text-muted; }
    CatalogsScreen #missing-list { height: 1fr; }
    """

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(tr("ui.catalogs.intro"), classes="hint")
        yield DataTable(id="catalogs", cursor_type="row")
        # the list scrolls (tab reaches it), not the screen: a screen's scrollbar took the
        # footer's last two columns ("^p パレッ" in Japanese on a short terminal)
        with VerticalScroll(id="missing-list"):
            yield Static(id="missing", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = tr("ui.catalogs.title")
        table = self.query_one(DataTable)
        table.add_columns(
            tr("ui.home.col.game"),
            tr("ui.catalogs.col.box"),
            tr("ui.catalogs.col.user"),
            tr("ui.catalogs.col.demo"),
        )
        self.reload()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.missing: dict[str, list[str]] = {}  # the owner's box: unknown values' paths
        self.boxes: dict[str, Any] = {}
        for key in GAME_KEYS:
            try:
                user = self.app.store.user_catalog(key)
            except CompanionError as exc:  # a hand-damaged row: said in its place
                user, user_text = None, str(exc)
            else:
                user_text = tr("ui.catalogs.user_entries" if user else "ui.catalogs.user_none")
            box = self._status(key, "box", user)
            demo = self._status(key, "demo", None)
            cells = (tr(f"ui.game.{key}"), box, user_text, demo)
            # Rich Text, not Content: a DataTable measures a Content cell as 1 wide, so each
            # column was as narrow as its header ("Unic", "ウニコ")
            table.add_row(*map(Text, cells), key=key)
        self._show_missing()

    def _status(self, key: str, name: str, user: dict | None) -> str:
        try:
            catalog, missing = owner_catalog(key, name, user)  # as `catalog check` reads it
        except CompanionError as exc:
            return str(exc)
        if name == "box":
            self.missing[key] = missing
            self.boxes[key] = catalog
        return (
            tr(msg("ui.catalogs.unknown_count", n=len(missing)))
            if missing
            else tr("ui.catalogs.complete")
        )

    def _selected(self) -> str:
        table = self.query_one(DataTable)
        return GAME_KEYS[table.cursor_row] if table.row_count else GAME_KEYS[0]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_missing()

    def _show_missing(self) -> None:
        key = self._selected()
        shown = gaps_text(self.boxes[key], self.missing[key]) if self.missing.get(key) else "-"
        self.query_one("#missing", Static).update(
            tr(msg("ui.catalogs.missing", game=msg(f"ui.game.{key}"), values=shown))
        )

    def action_export(self) -> None:
        key = self._selected()

        def done(path: Path | None) -> None:
            if path is None:
                return
            try:
                self.app.store.export_user_catalog(key, path)
            except (CompanionError, OSError) as exc:
                self.notify(str(exc), severity="error", timeout=10)
                return
            self.notify(tr(msg("ui.catalogs.exported", path=str(path))))

        self.app.push_screen(AskPath(Msg("ui.catalogs.ask_export"), f"{key}-catalog.toml"), done)

    def action_import(self) -> None:
        key = self._selected()

        def done(path: Path | None) -> None:
            if path is None:
                return
            try:
                self.app.store.import_user_catalog(key, path)
            except (CompanionError, OSError) as exc:
                self.notify(str(exc), severity="error", timeout=12)
                return
            self.notify(tr(msg("ui.catalogs.imported", path=str(path))))
            self.reload()

        self.app.push_screen(AskPath(Msg("ui.catalogs.ask_import")), done)
