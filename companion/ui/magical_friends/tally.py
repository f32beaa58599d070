"""The final tally (spec §3, §7): friends in the tavern, trophies, points, the winner and how a
tie on points was broken: the game's panel on the record screen (``record_panel``)."""

from __future__ import annotations

from rich import box
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from companion.core.i18n import msg, tr
from companion.games.magical_friends import GameState, ranking, tie_break_steps
from companion.ui.colours import MARK_WARM, STRONG
from companion.ui.widgets.content import as_text

from .names import wizard_text


class TallyPanel(Vertical):
    DEFAULT_CSS = """
    TallyPanel { height: auto; padding: 0 1; border: round $primary-lighten-1; }
    TallyPanel #tally-title { text-style: bold; }
    TallyPanel #tally-rule { color: $text-muted; }
    """

    def __init__(self, state: GameState, catalog_name: str = "box") -> None:
        super().__init__(id="mf-tally")
        self.state, self.catalog_name = state, catalog_name

    def compose(self) -> ComposeResult:
        title = tr("magical_friends_ui.tally.title")
        if self.catalog_name == "demo":
            title += "  ·  " + tr("magical_friends_ui.header.demo")
        yield Static(title, id="tally-title")
        yield Static(id="tally-table")
        yield Static(id="tally-winner")
        yield Static(id="tally-ties")
        yield Static(id="tally-rule")

    def on_mount(self) -> None:
        state, t = self.state, self.state.tally
        rows = []
        for i in ranking(state):
            # the mark's colour on the mark alone (a Text's own style would spread to the name)
            star = Text.assemble(("★ ", "bold " + MARK_WARM)) if i in t.winners else Text("  ")
            w = state.wizards[i]
            counts = (
                t.tavern_friends[i],
                sum(1 for c in state.in_tavern(i) if c.poisoned),
                len(w.trophies),
                w.neutral_trophies,
            )
            rows.append((star + wizard_text(state, i), counts, t.points[i]))
        self.query_one("#tally-table", Static).update(_Tally(rows))
        winners = ", ".join(state.wizards[i].name for i in t.winners)
        key = (
            "magical_friends_ui.tally.winner"
            if len(t.winners) == 1
            else "magical_friends_ui.tally.winners"
        )
        self.query_one("#tally-winner", Static).update(
            as_text(Text(tr(msg(key, who=winners)), style=STRONG))
        )
        self.query_one("#tally-ties", Static).update(
            as_text("\n".join(tr(m) for m in tie_break_steps(state)))
        )
        s = state.scoring
        self.query_one("#tally-rule", Static).update(
            tr(
                msg(
                    "magical_friends_ui.tally.scoring",
                    friend=s.per_friend_in_tavern,
                    poisoned=s.per_poisoned_friend_in_tavern
                    if s.per_poisoned_friend_in_tavern is not None
                    else s.per_friend_in_tavern,
                    trophy=s.per_trophy,
                    neutral=s.per_neutral_trophy
                    if s.per_neutral_trophy is not None
                    else s.per_trophy,
                )
            )
        )


COUNTS = ("tavern", "poisoned", "hearts", "neutral")


class _Tally:
    """The tally's rows as a table where it fits; where it does not (the record screen at 80
    columns, in Japanese above all) one paragraph a wizard, so that no header is cut and
    the points are never pushed out of sight."""

    def __init__(self, rows: list[tuple[Text, tuple[int, ...], int]]) -> None:
        self.rows = rows

    def table(self) -> Table:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
        table.add_column(tr("magical_friends_ui.tally.col.wizard"), no_wrap=True)
        for key in (*COUNTS, "points"):
            table.add_column(tr(f"magical_friends_ui.tally.col.{key}"), justify="right")
        for name, counts, points in self.rows:
            table.add_row(name, *map(str, counts), Text(str(points), style="bold"))
        return table

    def __rich_console__(self, console, options):
        table = self.table()
        unbounded = options.update(max_width=10_000)  # a measure is capped at max_width
        if Measurement.get(console, unbounded, table).maximum <= options.max_width:
            yield table
            return
        for name, counts, points in self.rows:
            yield name + "  " + Text(tr(msg("magical_friends_ui.tally.points", n=points)), "bold")
            yield Padding(
                Text(
                    "  ·  ".join(
                        f"{tr(f'magical_friends_ui.tally.col.{key}')} {n}"
                        for key, n in zip(COUNTS, counts, strict=True)
                    )
                ),
                (0, 0, 0, 4),
            )
