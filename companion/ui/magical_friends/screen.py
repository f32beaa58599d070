"""The Magical Friends game screen: the header announcing the round's effects, the board, the
wizard panels, the turn panel, the last step's effects, the game log, and the keys that report
what the table did.

The engine's flow (``games/magical_friends/flow.py``) says what the table faces and what each
key leads to (``leads.py``); the table driver (``ui/table.py``) runs it. This screen draws, and
holds the forms of the engine's entries (the steps, the numbers of an ability, corrections)
and the record view at the end.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from companion.core.errors import CompanionError
from companion.core.game import Ask, Entry, Show
from companion.core.i18n import Msg, msg, tr, tr_name
from companion.core.steplog import HistoryLine
from companion.games.magical_friends import (
    GameState,
    banner,
    extra_spell,
    fortune_teller,
    load,
    magic_power,
    rules,
    wizard_view,
)
from companion.ui.colours import DANGER, GOOD, MUTED, WARNING
from companion.ui.dialogs import kept_view
from companion.ui.table import TableScreen
from companion.ui.widgets.content import Hanging, content_key, set_content, themed
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.game_log import GameLog
from companion.ui.widgets.panel import Panel, PanelBox

from .board import BoardView, tile_names
from .forms import (
    ArtifactsForm,
    CorrectBoardForm,
    CorrectCreatureForm,
    CorrectHeartForm,
    CorrectWizardForm,
    FairyForm,
    PowerForm,
)
from .names import (
    CATAPULT,
    FAIRY,
    HELL_SYMBOL,
    SYMBOLS,
    artifact_words,
    creature_label,
    humanize,
    wizard_text,
)
from .steps import StepsDialog

GAME_KEY = "magical-friends"
# the keys named in the prompt, for the actions the moment allows (in this order)
HINTS = (
    "start_round",
    "fairy_roll",
    "artifacts",
    "order",
    "highway",
    "move",
    "summon",
    "chili",
    "pity",
    "fairy_dust",
    "end_turn",
    "tally",
)


def number_ranges(numbers) -> str:
    """``1 2 3 4 6 7 8`` → ``1-4 6-8``: the artifacts left fit a narrow column."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(numbers):
        if run and n != run[-1] + 1:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else " ".join(map(str, run)))
            run = []
        run.append(n)
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else " ".join(map(str, run)))
    return " ".join(out)


NARROW = 60  # columns below which the panels stack (a phone's browser: ~40)
TALL = 32  # lines from which the events panel keeps room for three events (board.tcss)


class MagicalFriendsScreen(TableScreen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-normal")]  # a phone: one column
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall")]
    CSS_PATH = "board.tcss"
    BINDINGS = [
        Binding("r", "act('start_round')", "magical_friends_ui.key.start_round"),
        Binding("R", "act('fairy_roll')", "magical_friends_ui.key.start_round_entered"),
        Binding("a", "act('artifacts')", "magical_friends_ui.key.artifacts"),
        Binding("m", "act('move')", "magical_friends_ui.key.move"),
        Binding("c", "act('chili')", "magical_friends_ui.key.chili", show=False),
        Binding("p", "act('pity')", "magical_friends_ui.key.pity"),
        Binding("d", "act('fairy_dust')", "magical_friends_ui.key.fairy_dust", show=False),
        Binding("x", "act('dagger')", "magical_friends_ui.key.dagger", show=False),
        Binding("b", "act('ability')", "magical_friends_ui.key.ability", show=False),
        Binding("s", "act('summon')", "magical_friends_ui.key.summon"),
        Binding("k", "act('slay')", "magical_friends_ui.key.slay", show=False),
        Binding("o", "act('poison')", "magical_friends_ui.key.poison", show=False),
        Binding("w", "act('catapult')", "magical_friends_ui.key.catapult", show=False),
        Binding("h", "act('highway')", "magical_friends_ui.key.highway"),
        Binding("t", "act('end_turn')", "magical_friends_ui.key.end_turn"),
        Binding("v", "act('tally')", "magical_friends_ui.key.tally"),
        Binding("e", "act('end_game')", "magical_friends_ui.key.end_game", show=False),
        Binding("C", "act('correct')", "magical_friends_ui.key.correct"),
    ]

    def __init__(self, session: Any, **kwargs) -> None:
        super().__init__(session, **kwargs)
        self.catalog_name = session.catalog_name
        self._tile_names: list[str] | None = None
        self._wizard_rows: tuple | None = None  # what the wizards' table shows

    # the footer names what a turn can do; chili, Fairy Dust and the dagger are in the prompt
    # while they can be done (pressed otherwise, they say why not)

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="mf-top"):
            yield Panel(id="mf-round")
            yield Panel(id="mf-prompt")
        with Horizontal(id="mf-body"):
            with VerticalScroll(id="mf-left"):
                yield BoardView(id="mf-board")
                yield DataTable(id="mf-wizards", cursor_type="none", zebra_stripes=True)
            with Vertical(id="mf-right"):
                with PanelBox(id="mf-turn-box"):  # a scrollbar when cut (board.tcss)
                    yield Panel(id="mf-turn")
                with PanelBox(id="mf-events-box"):
                    yield Panel(id="mf-events")
                yield Panel(id="mf-rules")
                yield GameLog(id="mf-log", min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#mf-wizards", DataTable)
        for key in ("wizard", "racing", "tavern", "slain", "pity", "dust", "trophies", "artifacts"):
            table.add_column(tr(f"magical_friends_ui.col.{key}"), key=key)
        self.query_one("#mf-turn-box").border_title = tr("magical_friends_ui.panel.turn")
        self.query_one("#mf-events-box").border_title = tr("magical_friends_ui.panel.events")
        super().on_mount()

    @property
    def tile_names(self) -> list[str]:
        if self._tile_names is None:
            names: dict[str, tuple[dict, dict]] = {}
            try:
                user = self.app.store.user_catalog(GAME_KEY) if self.catalog_name == "box" else None
                cat = load(self.catalog_name, user)
                for t in cat.board.tiles:
                    for s in t.sides:
                        names[s.id] = (dict(t.name), dict(s.name))
            except CompanionError:
                pass  # the board is in the state; names are only a nicety
            self._tile_names = tile_names(self.state, names)
        return self._tile_names

    # -- drawing --------------------------------------------------------------------------
    def log_line(self, line: HistoryLine) -> Msg:
        return self._line_words(line.description)

    def _line_words(self, description: Msg) -> Msg:
        # lines written by the engine's describe() name things already (log.py); older saved
        # lines (cmd.*) carry ids and indexes, named here from the current state
        if description.key.startswith("magical_friends.log."):
            return description
        return humanize(description, self.state)

    def refresh_view(self) -> None:
        state = self.state
        self.query_one(BoardView).show(state, self.tile_names)
        set_content(self.query_one("#mf-round", Static), self.round_text(state))
        set_content(self.query_one("#mf-prompt", Static), self.prompt_text(state))
        self._show_wizards(state)
        # an ability's "↳" keeps the first words of its text beside it (Hanging)
        set_content(self.query_one("#mf-turn", Static), Hanging(self.turn_text(state)))
        set_content(self.query_one("#mf-events", Static), self.last_step_text(state))
        # the rule options the game was started with (a save keeps its own)
        set_content(self.query_one("#mf-rules", Static), tr(rules(state.options)))

    def last_step_text(self, state: GameState) -> Text:
        """What the last step did: the engine's events for it (``state.events``). A step that
        caused nothing more (a move to a plain space, an end of turn) is named by its log
        line, and the panel says it had no other effect, rather than a bare "–"."""
        if state.events:
            return Text("\n").join(Text(tr(humanize(e, state))) for e in state.events)
        if not self.session.cursor:  # no step yet
            return Text("–", style=MUTED)
        out = Text(tr(self._line_words(self.session.line(self.session.cursor - 1))))
        out.append("\n")
        out.append(tr("magical_friends_ui.events.none"), style=MUTED)
        return out

    def round_text(self, state: GameState) -> Text:
        # one line at 120 columns with every part shown (lava or bonus round, Hell up, the
        # catapult held, the demo label): the symbols ✿ ⇈ ⇊ ⇗ are in the legend, words are short
        b = banner(state)
        out = Text()
        if b.over:
            head = tr("magical_friends_ui.header.over")
        elif b.before:
            head = tr("magical_friends_ui.header.before")
        else:
            head = tr(
                msg(
                    "magical_friends_ui.header.round",
                    round=min(state.round_named, state.rounds),
                    rounds=state.rounds,
                )
            )
        out.append(" " + head + " ", style="bold reverse")
        if b.lava_now:
            out.append("  ")
            out.append(
                " " + tr("magical_friends_ui.header.lava") + " ", style="bold $text on $error"
            )
        elif b.lava_next is not None:
            out.append("  ")
            out.append(
                " " + tr(msg("magical_friends_ui.header.lava_next", round=b.lava_next)) + " ",
                style=DANGER,
            )
        if b.bonus_round is not None:
            out.append("  ")
            bonus = msg(
                "magical_friends_ui.header.bonus", round=b.bonus_round, pity=b.pity, dust=b.dust
            )
            out.append(" " + tr(bonus) + " ", style=WARNING)
        out.append("  ")
        if state.fairy_space:
            out.append(FAIRY + " ", style="bold $text-secondary")
            out.append(tr(msg("magical_friends_ui.header.fairy", space=state.fairy_space)))
        elif state.board.of_kind("fairy_trail"):
            out.append(FAIRY + " ", style="bold $text-secondary")
            out.append(tr("magical_friends_ui.header.no_fairy"), style=MUTED)
        if b.highway:
            out.append("  ")
            if state.stairway_up:
                out.append(
                    SYMBOLS["highway"] + " " + tr("magical_friends_ui.header.stairway"),
                    style="bold " + GOOD,
                )
            else:
                out.append(HELL_SYMBOL + " " + tr("magical_friends_ui.header.hell"), style=DANGER)
        if b.workshop:
            out.append("  ")
            out.append(CATAPULT + " ", style="bold $text-primary")
        if not b.workshop:
            pass
        elif state.catapult_holder is None:
            out.append(tr("magical_friends_ui.header.catapult_free"), style=MUTED)
        else:
            holder = state.wizards[state.catapult_holder].name
            if state.catapult_space is None:  # taken, not put on the board yet
                out.append(tr(msg("magical_friends_ui.header.catapult_held", wizard=holder)))
            else:
                where = msg(
                    "magical_friends_ui.header.catapult", wizard=holder, space=state.catapult_space
                )
                out.append(tr(where))
        out.append("  ")
        if self.catalog_name == "demo":
            out.append(tr("magical_friends_ui.header.demo"), style="italic " + WARNING)
        else:
            out.append(tr("magical_friends_ui.header.box"), style=MUTED)
        return out

    def prompt_text(self, state: GameState) -> Text:
        """The moment's sentence and the keys for what it allows now."""
        # the driver's moment (computed once per state) when it is the game's own state
        moment = self.moment if state is self.state else self.session.game.moment(state)
        out = Text()
        style = DANGER if isinstance(moment.next, Ask) else "bold"
        if state.current_wizard is not None and moment.next is None:
            out.append("▶ ", style="bold")
            style = wizard_text(state, state.current_wizard).style
        out.append(tr(moment.prompt), style=style)
        keys = [tr(Msg(f"magical_friends_ui.prompt.key.{a}")) for a in HINTS if moment.allows(a)]
        if keys:
            out.append(" — " + " · ".join(keys), style="bold")
        return out

    def turn_text(self, state: GameState) -> Text:
        out = Text()
        if state.turn_order:
            out.append(tr("magical_friends_ui.turn.order") + " ")
            for pos, i in enumerate(state.turn_order):
                if pos:
                    out.append(" → ")
                name = wizard_text(state, i)
                if state.current_wizard is not None and pos == state.turn_index:
                    name.stylize("reverse")
                elif pos < state.turn_index:
                    name.stylize("dim")
                out.append_text(name)
                if state.played and state.played[i] is not None:
                    out.append(f"({state.played[i]})", style=MUTED)
            out.append("\n")
        wiz = state.current_wizard
        if wiz is None:
            return out or Text("–", style=MUTED)
        played = state.played[wiz] if wiz < len(state.played) else None
        said = artifact_words(state, played) if played is not None else ""
        if said:  # the artifact this wizard plays, as the box names it
            out.append(tr(msg("magical_friends_ui.turn.artifact", artifact=said)) + "\n")
        friends = state.racing(wiz)
        if not friends:
            out.append(tr("magical_friends_ui.turn.no_friends") + "\n", style=MUTED)
        for c in friends:
            out.append(f"{creature_label(state, c.id)} @ {c.where}")
            notes = []
            basic = state.basic_moved.count(c.id)
            if basic == 1:
                notes.append(tr("magical_friends_ui.turn.basic_move"))
            elif basic > 1:
                notes.append(tr(msg("magical_friends_ui.turn.basic_moves", n=basic)))
            if c.id in state.bonus_moved:
                notes.append(tr("magical_friends_ui.turn.bonus_used"))
            if c.id in state.chili:
                notes.append(tr("magical_friends_ui.turn.chili"))
            if notes:
                out.append(" (" + ", ".join(notes) + ")", style="italic")
            out.append("\n")
            ability = state.kind(c.kind).ability
            if ability:  # as typed into the box
                out.append("  ↳ " + tr_name(ability, "") + "\n", style=MUTED)
        if wiz in state.dagger_ready:
            out.append(tr("magical_friends_ui.turn.dagger") + "\n", style="bold")
        out.append_text(self.power_text(state, wiz))
        return out

    def power_text(self, state: GameState, wiz: int) -> Text:
        """§2: the wizard's magic power this turn and where it comes from; Market B / E."""
        p = magic_power(state, wiz)
        out = Text()
        out.append("✦ ", style="bold $text-secondary")
        total = "?" if p.total is None else str(p.total)
        out.append(tr(msg("magical_friends_ui.turn.power", power=total)), style="bold")
        out.append(
            " "
            + tr(
                msg(
                    "magical_friends_ui.turn.power_parts",
                    friends=p.friends,
                    artifact=p.artifact,
                    conjuring=p.conjuring,
                )
            ),
            style=MUTED,
        )
        if p.unknown:
            out.append(
                "\n" + tr(msg("magical_friends_ui.turn.power_unknown", what=", ".join(p.unknown))),
                style="italic " + WARNING,
            )
        if extra_spell(state, wiz):
            out.append(
                "\n" + tr(msg("magical_friends_ui.turn.conjuring", power=p.conjuring)),
                style="$text-primary",
            )
        if fortune_teller(state, wiz):
            out.append("\n" + tr("magical_friends_ui.turn.fortune_teller"), style="$text-primary")
        return out

    def _show_wizards(self, state: GameState) -> None:
        """The wizards' table, filled again only when a row changed (a DataTable refill costs
        a layout and a repaint)."""
        rows = []
        for i in range(len(state.wizards)):
            v = wizard_view(state, i)
            name = Text("▶ " if state.current_wizard == i else "  ") + wizard_text(state, i)
            if v["catapult"]:
                name.append(" " + CATAPULT, style="bold $text-primary")
            trophies = str(v["trophies"])
            if v["neutral_trophies"]:
                trophies += f"+{v['neutral_trophies']}"
            rows.append(
                (
                    name,
                    str(v["racing"]),
                    str(v["tavern"]),
                    str(v["slain"]),
                    str(v["pity"]),
                    str(v["fairy_dust"]),
                    trophies,
                    number_ranges(v["artifacts_left"]) or "–",
                )
            )
        key = tuple(tuple(content_key(cell) for cell in row) for row in rows)
        if key == self._wizard_rows:
            return
        self._wizard_rows = key
        table = self.query_one("#mf-wizards", DataTable)
        table.clear()
        for row in rows:  # (the theme's colours: as Content, read on every redraw)
            table.add_row(*(themed(c) if isinstance(c, Text) else c for c in row))

    # -- the driver's hooks: the forms and views of the engine's leads ----------------------
    def name_ids(self, message: Msg) -> Msg:
        """The engine's creature ids and wizard numbers, named as the table knows them."""
        return humanize(message, self.state)

    def entry_screen(self, entry: Entry) -> Screen:
        form = FORMS.get(entry.kind)
        if form is None:
            return super().entry_screen(entry)
        return form.shown_again(self.app, self.state, entry)

    def view_screen(self, show: Show) -> Screen:
        if show.kind == "magical_friends.record":  # the tally is the record's panel
            from companion.ui.record import RecordScreen  # (and its QR code) only when shown

            return kept_view(self.app, RecordScreen, self.session, self.session.id, self.session)
        return super().view_screen(show)


FORMS = {  # an entry's kind → its form (a screen taking the state and the entry)
    "magical_friends.artifacts": ArtifactsForm,
    "magical_friends.fairy": FairyForm,
    "magical_friends.steps": StepsDialog,
    "magical_friends.power": PowerForm,
    "magical_friends.correct_wizard": CorrectWizardForm,
    "magical_friends.correct_creature": CorrectCreatureForm,
    "magical_friends.correct_heart": CorrectHeartForm,
    "magical_friends.correct_board": CorrectBoardForm,
}
