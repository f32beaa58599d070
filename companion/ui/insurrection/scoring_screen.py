"""The score sheet (spec §4–§6): per player, per card with the reason, totals, the winner and
the tie-break. :class:`SheetView` draws it (the quick score's screen, a tracked game's view
and its finished-game record); on the :class:`ScoringScreen` a value still unknown in the
catalog is asked for (and saved into the owner's catalog), never guessed; until then the
totals it touches show "?"."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr
from companion.games.insurrection import (
    RULINGS,
    EffectChoice,
    EndPosition,
    InsurrectionCatalog,
    Options,
    ScoreSheet,
    score,
)
from companion.ui.colours import MUTED, STRONG, WARNING
from companion.ui.dialogs import FormDialog, StylesKept
from companion.ui.i18n import translate_bindings
from companion.ui.insurrection.cards import land_name
from companion.ui.insurrection.catalog_values import form_field, keep_values
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer


class SheetView(Vertical):
    """A score sheet: the outcome, the winner, the tie-break and the standings stay in view;
    the players' breakdowns scroll beneath them (4–6 players do not fit 120×40 at once)."""

    DEFAULT_CSS = """
    SheetView { height: 1fr; }
    SheetView #summary { padding: 0 1; height: auto; background: $boost; }
    SheetView #needs { padding: 0 1; height: auto; color: $text-error; }
    SheetView #breakdowns { height: 1fr; }
    SheetView #players { grid-size: 2; grid-gutter: 0 1; height: auto; padding: 0 1; }
    SheetView .player { border: round $primary-lighten-1; height: auto; padding: 0 1; }
    SheetView .player.winner { border: double $text-success; }
    /* beside the record's log and QR code: one player a row, and always a few lines of it */
    SheetView.record #players { grid-size: 1; }
    SheetView.record #breakdowns { min-height: 3; }
    """

    def __init__(
        self,
        position: EndPosition,
        catalog: InsurrectionCatalog,
        catalog_name: str = "box",
        sheet: ScoreSheet | None = None,
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self.position, self.catalog, self.catalog_name = position, catalog, catalog_name
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        yield Static(id="summary")
        yield Static(id="needs")
        with VerticalScroll(id="breakdowns"):
            yield Grid(id="players")

    def on_mount(self) -> None:
        if self.sheet is not None:
            self.show(self.sheet)

    def show(self, sheet: ScoreSheet, catalog: InsurrectionCatalog | None = None) -> None:
        self.sheet = sheet
        if catalog is not None:
            self.catalog = catalog
        pos = self.position
        head = Text()
        head.append(tr(f"insurrection.outcome.{sheet.outcome}"), style="bold")
        head.append(
            "  ·  "
            + tr(
                msg(
                    "insurrection_ui.score.facts",
                    token=land_name(self.catalog, pos.token),
                    graveyard=pos.graveyard,
                    face_up=len(pos.face_up),
                )
            )
        )
        if self.catalog_name == "demo":
            head.append("  ·  " + tr("insurrection_ui.catalog.demo"), style="italic")
        for line in sheet.effects:
            head.append("\n" + tr(line), style="italic")
        head.append("\n")
        if sheet.explanation is not None:
            head.append("★ " + tr(sheet.explanation), style=STRONG)
        if sheet.placed:
            head.append("\n" + tr("insurrection_ui.score.standings") + "  ", style="bold")
            # the engine's places: players the tie-break cannot part share one (§4)
            for i, standing in enumerate(sheet.standings):
                if i:
                    head.append(" · ", style=MUTED)
                style = STRONG if standing.player in sheet.winners else "bold"
                head.append(f"{standing.place}. {standing.player} ", style=style)
                head.append(str(standing.total))
        elif sheet.needs:
            head.append(tr("insurrection_ui.score.waiting"), style=WARNING)
        self.query_one("#summary", Static).update(as_text(head))

        needs = self.query_one("#needs", Static)
        if sheet.needs:
            needs.update(
                as_text(
                    tr(msg("insurrection_ui.score.needs", count=len(sheet.needs)))
                    + "\n"
                    + "\n".join(f"  {n.field}" for n in sheet.needs)
                )
            )
            needs.display = True
        else:
            needs.display = False

        grid = self.query_one("#players", Grid)
        grid.remove_children()
        panels = []
        for player in sheet.by_place:
            table = Table.grid(padding=(0, 1), expand=True)
            table.add_column(justify="right", width=5)
            # fold, not "…": a Japanese reason has no spaces to wrap at and was cut off
            table.add_column(ratio=1, overflow="fold")
            for line in player.lines:
                table.add_row(
                    Text("?" if line.total is None else str(line.total), style="bold"),
                    Text(tr(line.line)),
                )
            panel = Static(table, classes="player")
            total = "?" if player.total is None else str(player.total)
            panel.border_title = as_text(
                tr(msg("insurrection_ui.score.player", player=player.player, total=total))
            )
            if player.player in sheet.winners:
                panel.add_class("winner")
                panel.border_subtitle = tr("insurrection_ui.score.winner")
            panels.append(panel)
        grid.mount_all(panels)

    def failed(self, reason: str) -> None:
        self.sheet = None
        self.query_one("#summary", Static).update(Text(reason))


class ScoringScreen(StylesKept, Screen):
    BINDINGS = [
        Binding("v", "values", "insurrection_ui.key.values"),
        Binding("escape", "app.pop_screen", "ui.key.back"),
    ]

    def __init__(
        self,
        title: str,
        position: EndPosition,
        effects: Sequence[EffectChoice],
        catalog: Callable[[], InsurrectionCatalog],
        catalog_name: str = "box",
        options: Options = RULINGS,
        keep: Callable[[InsurrectionCatalog], None] | None = None,
    ) -> None:
        """``keep``: called once with the catalog when the sheet is whole (the quick score
        keeps its play in the records then, with the values the table entered)."""
        super().__init__()
        self.keep = keep
        self.game_title, self.position, self.effects = title, position, tuple(effects)
        self.options = options  # the game's rule options (the quick score: the Rulings)
        self.load_catalog, self.catalog_name = catalog, catalog_name
        self.catalog = catalog()
        self.sheet: ScoreSheet | None = None
        self._asked = False
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        yield SheetView(self.position, self.catalog, self.catalog_name)
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.game_title
        self.sub_title = tr("insurrection_ui.score.title")
        self.rescore()
        self.query_one("#breakdowns").focus()  # arrows and Page Up/Down scroll at once

    def on_screen_resume(self) -> None:
        if self.sheet is not None and self.sheet.needs and not self._asked:
            self._asked = True  # once each time it is shown (kept_view shows it again)
            self.action_values()

    def on_screen_suspend(self) -> None:
        if self not in self.app.screen_stack:
            self._asked = False  # closed

    def rescore(self) -> None:
        view = self.query_one(SheetView)
        try:
            self.sheet = score(
                self.catalog, self.position, self.effects, self.options.exchange_gives_face_up
            )
        except CompanionError as exc:
            self.sheet = None
            view.failed(str(exc))
            return
        view.show(self.sheet, self.catalog)
        self.refresh_bindings()
        if self.keep is not None and not self.sheet.needs:
            keep, self.keep = self.keep, None
            keep(self.catalog)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "values":
            return bool(self.sheet and self.sheet.needs)
        return True

    def action_values(self) -> None:
        """Ask for the values the score needs; save them into the owner's catalog."""
        if self.sheet is None or not self.sheet.needs:
            return
        paths = [n.field for n in self.sheet.needs]
        fields, asked, manual = [], [], []
        for i, path in enumerate(paths):
            field = form_field(self.catalog, path, i)
            if field is None:
                manual.append(path)
            else:
                fields.append(field)
                asked.append((field.name, path))
        if manual:
            self.notify(
                tr(msg("insurrection_ui.score.manual", fields=", ".join(manual))),
                severity="warning",
                timeout=15,
            )
        if not fields:
            return
        if self.catalog_name != "box":
            self.notify(tr("insurrection_ui.score.not_box"), severity="warning")
            return

        def done(values: dict | None) -> None:
            if values is None:
                return
            if not keep_values(self, self.catalog, [(p, values[k]) for k, p in asked]):
                return
            try:
                self.catalog = self.load_catalog()
            except CompanionError as exc:
                self.notify(str(exc), title=tr("ui.error.catalog"), severity="error")
                return
            self.rescore()

        self.app.push_screen(
            FormDialog(
                Msg("insurrection_ui.score.values_title"),
                fields,
                intro=Msg("insurrection_ui.score.values_intro"),
            ),
            done,
        )
