"""Stats: the figures of ``companion.store.records`` over the finished games, one tab per
game and one for the players — tables, with a sparkline where the shape of a distribution
says more than its numbers. The figures are computed once when the screen opens, from the
listing (no game is replayed)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Sparkline, Static, TabbedContent, TabPane

from companion.core.i18n import tr
from companion.games.registry import GAME_KEYS
from companion.store.records import headline, name, number, percent
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer


def spread(histogram: dict[str, int], low: int | None = None) -> tuple[list[int], int, int]:
    """A histogram's counts over every value from the smallest (or ``low``) to the largest
    (the ones that never occurred count 0), with that range: what a sparkline draws."""
    if not histogram:
        return [], 0, 0
    keys = [int(k) for k in histogram]
    low, high = min(keys) if low is None else min(low, *keys), max(keys)
    return [histogram.get(str(v), 0) for v in range(low, high + 1)], low, high


class Chart(Vertical):
    """A titled sparkline of a distribution, its range written under it."""

    DEFAULT_CSS = """
    Chart { height: auto; width: 1fr; padding: 0 1; margin-bottom: 1; }
    Chart Sparkline { height: 3; }
    Chart .axis { color: $text-muted; }
    """

    def __init__(
        self, title: str, histogram: dict[str, int], low: int | None = None, **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self.title, self.histogram, self.low = title, histogram, low

    def compose(self) -> ComposeResult:
        data, low, high = spread(self.histogram, self.low)
        yield Static(self.title, classes="section-title")
        if not data:
            yield Static(tr("records.ui.no_data"), classes="axis")
            return
        yield Sparkline(data, summary_function=max)
        yield Static(tr("records.ui.axis", low=low, high=high, most=max(data)), classes="axis")


def tally_table(
    id_: str, title: str, what: str, tally: dict, names: dict | None = None
) -> DataTable:
    """Played, won and the win rate of each ``what`` (a Princess card, a table size...)."""
    table = DataTable(id=id_, cursor_type="none", zebra_stripes=True, classes="tally")
    table.border_title = title.rstrip(":：")
    table.add_columns(
        tr(f"records.ui.col.{what}"),
        *(tr(f"records.ui.col.{c}") for c in ("played", "won", "rate")),
    )
    for key, t in tally.items():
        label = name(names[key]) if names and key in names else key
        table.add_row(Text(label), str(t["played"]), str(t["won"]), percent(t["rate"]))
    return table


class StatsScreen(Screen):
    DEFAULT_CSS = """
    StatsScreen .tally { height: auto; max-height: 14; width: 1fr; border: round $primary-lighten-1;
                         margin-bottom: 1; }
    StatsScreen .figures { padding: 0 1 1 1; height: auto; }
    StatsScreen Horizontal { height: auto; }
    StatsScreen.-narrow .side-by-side { layout: vertical; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "ui.key.back")]
    # under 100 columns (80×24) the tables and charts stand one under another: side by side
    # each had 40 columns, too few for a table's last column
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    def __init__(self) -> None:
        super().__init__()
        from companion.store.records import stats

        games = self.app.list_games()  # read as the home screen reads it (sqlite3 when a file)
        self.figures = stats(games if games is not None else self.app.store.list_games())
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(id="stats-tabs"):
            for key in GAME_KEYS:
                fig = self.figures["games"].get(key)
                with TabPane(tr(f"ui.game.{key}"), id=f"tab-{key}"), VerticalScroll():
                    yield Static(tr("records.stats.game", game=tr(f"ui.game.{key}"),
                                    n=fig["games"]), classes="figures")  # fmt: skip
                    if fig["games"]:
                        yield from getattr(self, "_" + key.replace("-", "_"))(fig)
            with TabPane(tr("records.stats.players"), id="tab-players"):
                yield self._players()
        yield Footer()

    def on_mount(self) -> None:
        self.title = tr("records.ui.stats_title")

    def _unicornus(self, fig: dict) -> ComposeResult:
        yield Static(as_text("\n".join(headline("unicornus", fig))), classes="figures")
        with Horizontal(classes="side-by-side"):
            yield tally_table("uk-princess", tr("records.stats.by_princess"), "princess",
                              fig["by_princess"],
                              fig["princess_names"])  # fmt: skip
            yield tally_table(
                "uk-players", tr("records.stats.by_players"), "table", fig["by_players"]
            )
        with Horizontal(classes="side-by-side"):
            yield Chart(tr("records.stats.won_in_round"), fig["won_in_round"], low=1)
            yield Chart(tr("records.stats.lost_in_round"), fig["lost_in_round"], low=1)

    def _insurrection(self, fig: dict) -> ComposeResult:
        yield Static(as_text("\n".join(headline("insurrection", fig))), classes="figures")
        yield Chart(tr("records.stats.scores_chart"), fig["scores"])
        yield tally_table("in-leaders", tr("records.stats.leaders"), "leader", fig["leaders"],
                          fig["leader_names"])  # fmt: skip

    def _magical_friends(self, fig: dict) -> ComposeResult:
        yield Static(as_text("\n".join(headline("magical-friends", fig))), classes="figures")
        with Horizontal(classes="side-by-side"):
            yield Chart(tr("records.stats.finished_in_round"), fig["finished_in_round"], low=1)
            yield Chart(tr("records.stats.tavern"), fig["tavern"])
            yield Chart(tr("records.stats.trophies"), fig["trophies"])

    def _players(self) -> DataTable:
        table = DataTable(id="players", cursor_type="row", zebra_stripes=True)
        cols = ("player", "played", "won", "rate", "average")
        table.add_columns(*(tr(f"records.ui.col.{c}") for c in cols))
        for player, p in self.figures["players"].items():
            table.add_row(
                Text(player),
                str(p["played"]),
                str(p["won"]),
                percent(p["rate"]),
                number(p["average_score"]),
            )
        return table
