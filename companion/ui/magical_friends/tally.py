"""The final tally (spec §3, §7): friends in the tavern, trophies, points, the winner and how a
tie on points was broken: the game's panel on the record screen (``record_panel``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from companion.core.i18n import msg, tr
from companion.games.magical_friends import GameState, ranking, tie_break_steps
from companion.ui.colours import MARK_WARM, STRONG
from companion.ui.widgets.content import as_text, themed

from .names import wizard_text


class TallyPanel(Vertical):
    DEFAULT_CSS = """
    TallyPanel { height: auto; padding: 0 1; border: round $primary-lighten-1; }
    TallyPanel #tally-title { text-style: bold; }
    TallyPanel DataTable { height: auto; }
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
        yield DataTable(id="tally-table", cursor_type="none", zebra_stripes=True)
        yield Static(id="tally-winner")
        yield Static(id="tally-ties")
        yield Static(id="tally-rule")

    def on_mount(self) -> None:
        state, t = self.state, self.state.tally
        table = self.query_one(DataTable)
        for key in ("wizard", "tavern", "poisoned", "hearts", "neutral", "points"):
            table.add_column(tr(f"magical_friends_ui.tally.col.{key}"), key=key)
        for i in ranking(state):
            name = wizard_text(state, i)
            if i in t.winners:
                name = Text.assemble(("★ ", "bold " + MARK_WARM), name)
            else:
                name = Text("  ") + name
            w = state.wizards[i]
            table.add_row(
                themed(name),
                str(t.tavern_friends[i]),
                str(sum(1 for c in state.in_tavern(i) if c.poisoned)),
                str(len(w.trophies)),
                str(w.neutral_trophies),
                Text(str(t.points[i]), style="bold"),
            )
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
