"""The Magical Friends game screen: the header announcing the round's effects, the board, the
wizard panels, the turn panel, the last step's effects, the game log, and the keys that report
what the table did.

Every report is a short chain of dialogs run in a worker (pick the creature, how far it went,
where it ended); the engine is the judge, so the screen asks the engine whether a command is
complete (a fork still open, a tie) before it is applied and saved.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.widgets import DataTable, Static

from companion.core.commands import Command
from companion.core.errors import CompanionError, RuleError
from companion.core.i18n import Msg, msg, tr
from companion.core.plan import Choice, Option
from companion.core.steplog import HistoryLine
from companion.games.magical_friends import (
    SLAIN,
    CorrectBoard,
    CorrectCreature,
    CorrectHeart,
    CorrectWizard,
    EndGame,
    EndTurn,
    GameState,
    Move,
    MoveCatapult,
    PlayArtifacts,
    Poison,
    ResolveHighway,
    Slay,
    StartRound,
    Summon,
    apply,
    load,
)
from companion.games.magical_friends.board import CAVERN_DIE
from companion.games.magical_friends.queries import (
    artifact_value,
    bonus_steps,
    destinations,
    distinct_summon_spaces,
    extra_spell,
    fortune_teller,
    magic_power,
    tie_groups,
    tie_order,
    unavailable,
    wizard_view,
)
from companion.games.magical_friends.wands import check_ability
from companion.ui.dialogs import ChoiceDialog, Confirm, FormDialog, FormField
from companion.ui.game_screen import GameScreen
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.game_log import GameLog

from .board import BoardView, tile_names
from .names import (
    CATAPULT,
    FAIRY,
    HELL_SYMBOL,
    SYMBOLS,
    creature_label,
    humanize,
    kind_name,
    space_label,
    where_label,
    wizard_text,
)
from .steps import JUMP, StepsDialog

GAME_KEY = "magical-friends"
BONUS = ("pity", "fairy_dust", "dagger")

# which actions make sense in which phase: the footer shows only those
_PHASE_ACTIONS = {
    "round_start": {"start_round", "start_round_entered"},
    "artifacts": {"artifacts"},
    "turns": {"move", "summon", "slay", "poison", "catapult", "end_turn"},
    "over": {"tally"},
}
_ALWAYS = {"correct", "end_game", "undo", "redo", "leave", "help"}


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


@dataclass(frozen=True)
class OneOption:
    """A list of one for ``ChoiceDialog`` (``Choice`` wants two): the friend list is shown
    even when there is one friend, so a digit typed by habit means the same thing."""

    reason: Msg
    options: tuple[Option, ...]


def text_msg(text: str) -> Msg:
    return Msg("magical_friends_ui.text", {"text": text})


class MagicalFriendsScreen(GameScreen):
    CSS_PATH = "board.tcss"
    BINDINGS = [
        Binding("r", "start_round", "magical_friends_ui.key.start_round"),
        Binding("R", "start_round_entered", "magical_friends_ui.key.start_round_entered"),
        Binding("a", "artifacts", "magical_friends_ui.key.artifacts"),
        Binding("m", "move('basic')", "magical_friends_ui.key.move"),
        Binding("c", "move('chili')", "magical_friends_ui.key.chili"),
        Binding("p", "move('pity')", "magical_friends_ui.key.pity"),
        Binding("d", "move('fairy_dust')", "magical_friends_ui.key.fairy_dust"),
        Binding("x", "move('dagger')", "magical_friends_ui.key.dagger"),
        Binding("b", "move('ability')", "magical_friends_ui.key.ability", show=False),
        Binding("s", "summon", "magical_friends_ui.key.summon"),
        Binding("k", "slay", "magical_friends_ui.key.slay", show=False),
        Binding("o", "poison", "magical_friends_ui.key.poison", show=False),
        Binding("w", "catapult", "magical_friends_ui.key.catapult", show=False),
        Binding("h", "highway", "magical_friends_ui.key.highway"),
        Binding("t", "end_turn", "magical_friends_ui.key.end_turn"),
        Binding("v", "tally", "magical_friends_ui.key.tally"),
        Binding("e", "end_game", "magical_friends_ui.key.end_game", show=False),
        Binding("C", "correct", "magical_friends_ui.key.correct"),
    ]

    def __init__(self, session: Any, **kwargs) -> None:
        super().__init__(session, **kwargs)
        self.catalog_name = getattr(session, "catalog_name", "box")
        self._tile_names: list[str] | None = None

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="mf-top"):
            yield Static(id="mf-round")
            yield Static(id="mf-prompt")
        with Horizontal(id="mf-body"):
            with VerticalScroll(id="mf-left"):
                yield BoardView(id="mf-board")
                yield DataTable(id="mf-wizards", cursor_type="none", zebra_stripes=True)
            with Vertical(id="mf-right"):
                yield Static(id="mf-turn")
                yield Static(id="mf-events")
                yield GameLog(id="mf-log", min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#mf-wizards", DataTable)
        for key in ("wizard", "racing", "tavern", "slain", "pity", "dust", "trophies", "artifacts"):
            table.add_column(tr(f"magical_friends_ui.col.{key}"), key=key)
        self.query_one("#mf-turn", Static).border_title = tr("magical_friends_ui.panel.turn")
        self.query_one("#mf-events", Static).border_title = tr("magical_friends_ui.panel.events")
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
        # lines written by the engine's describe() name things already (log.py); older saved
        # lines (cmd.*) carry ids and indexes, named here from the current state
        if line.description.key.startswith("magical_friends.log."):
            return line.description
        return humanize(line.description, self.state)

    def refresh_view(self) -> None:
        state = self.state
        self.query_one(BoardView).show(state, self.tile_names)
        self.query_one("#mf-round", Static).update(self.round_text(state))
        self.query_one("#mf-prompt", Static).update(self.prompt_text(state))
        self._show_wizards(state)
        self.query_one("#mf-turn", Static).update(self.turn_text(state))
        events = Text("\n").join(Text(tr(humanize(e, state))) for e in state.events)
        self.query_one("#mf-events", Static).update(events or Text("–", style="dim"))
        self.refresh_bindings()

    def round_text(self, state: GameState) -> Text:
        # one line at 120 columns with every part shown (lava or bonus round, Hell up, the
        # catapult held, the demo label): the symbols ✿ ⇈ ⇊ ⇗ are in the legend, words are short
        out = Text()
        if state.phase == "over":
            out.append(" " + tr("magical_friends_ui.header.over") + " ", style="bold reverse")
        elif state.round == 0:
            out.append(" " + tr("magical_friends_ui.header.before") + " ", style="bold reverse")
        else:
            out.append(
                " "
                + tr(msg("magical_friends_ui.header.round", round=state.round, rounds=state.rounds))
                + " ",
                style="bold reverse",
            )
        upcoming = state.round + 1 if state.phase == "round_start" else state.round
        lava = state.options.lava_rounds
        if state.phase != "over" and state.round in lava and state.phase != "round_start":
            out.append("  ")
            out.append(" " + tr("magical_friends_ui.header.lava") + " ", style="bold white on red")
        elif state.phase == "round_start" and upcoming in lava and upcoming <= state.rounds:
            out.append("  ")
            out.append(
                " " + tr(msg("magical_friends_ui.header.lava_next", round=upcoming)) + " ",
                style="bold red",
            )
        if (
            state.phase != "over"
            and upcoming == state.options.bonus_round
            and upcoming <= state.rounds
        ):
            out.append("  ")
            out.append(
                " "
                + tr(
                    msg(
                        "magical_friends_ui.header.bonus",
                        round=upcoming,
                        pity=bonus_steps(replace(state, round=upcoming), "pity"),
                        dust=bonus_steps(replace(state, round=upcoming), "fairy_dust"),
                    )
                )
                + " ",
                style="bold black on yellow",
            )
        out.append("  ")
        if state.fairy_space:
            out.append(FAIRY + " ", style="bold magenta")
            out.append(tr(msg("magical_friends_ui.header.fairy", space=state.fairy_space)))
        elif state.board.of_kind("fairy_trail"):
            out.append(FAIRY + " ", style="bold magenta")
            out.append(tr("magical_friends_ui.header.no_fairy"), style="dim")
        out.append("  ")
        if state.stairway_up:
            out.append(
                SYMBOLS["highway"] + " " + tr("magical_friends_ui.header.stairway"),
                style="bold green",
            )
        else:
            out.append(HELL_SYMBOL + " " + tr("magical_friends_ui.header.hell"), style="bold red")
        out.append("  ")
        out.append(CATAPULT + " ", style="bold cyan")
        if state.catapult_holder is None:
            out.append(tr("magical_friends_ui.header.catapult_free"), style="dim")
        elif state.catapult_space is None:  # taken, not put on the board yet
            out.append(
                tr(
                    msg(
                        "magical_friends_ui.header.catapult_held",
                        wizard=state.wizards[state.catapult_holder].name,
                    )
                )
            )
        else:
            out.append(
                tr(
                    msg(
                        "magical_friends_ui.header.catapult",
                        wizard=state.wizards[state.catapult_holder].name,
                        space=state.catapult_space or "–",
                    )
                )
            )
        out.append("  ")
        if self.catalog_name == "demo":
            out.append(tr("magical_friends_ui.header.demo"), style="italic yellow")
        else:
            out.append(tr("magical_friends_ui.header.box"), style="dim")
        return out

    def prompt_text(self, state: GameState) -> Text:
        if state.pending:
            p = state.pending[0]
            return Text(
                tr(
                    msg(
                        "magical_friends_ui.prompt.highway",
                        creature=creature_label(state, p.creature),
                    )
                ),
                style="bold red",
            )
        if state.phase == "over":
            return Text(tr("magical_friends_ui.prompt.over"), style="bold")
        if state.phase == "round_start":
            return Text(
                tr(msg("magical_friends_ui.prompt.round_start", round=state.round + 1)),
                style="bold",
            )
        if state.phase == "artifacts":
            return Text(tr("magical_friends_ui.prompt.artifacts"), style="bold")
        wiz = state.current_wizard
        out = Text("▶ ", style="bold")
        out.append_text(wizard_text(state, wiz))
        # only the keys usable now (a card the wizard does not hold is not offered)
        usable = ["move", "summon"]
        w = state.wizards[wiz]
        if state.chili:
            usable.append("chili")
        if w.pity > 0:
            usable.append("pity")
        if w.fairy_dust > 0:
            usable.append("dust")
        usable.append("end")
        out.append(
            "  "
            + tr(
                msg(
                    "magical_friends_ui.prompt.turn",
                    n=state.turn_index + 1,
                    of=len(state.turn_order),
                    keys=" · ".join(tr(Msg(f"magical_friends_ui.prompt.key.{k}")) for k in usable),
                )
            ),
            style="bold",
        )
        return out

    def turn_text(self, state: GameState) -> Text:
        out = Text()
        if state.phase == "turns" or state.turn_order:
            out.append(tr("magical_friends_ui.turn.order") + " ")
            for pos, i in enumerate(state.turn_order):
                if pos:
                    out.append(" → ")
                name = wizard_text(state, i)
                if state.phase == "turns" and pos == state.turn_index:
                    name.stylize("reverse")
                elif pos < state.turn_index:
                    name.stylize("dim")
                out.append_text(name)
                if state.played and state.played[i] is not None:
                    out.append(f"({state.played[i]})", style="dim")
            out.append("\n")
        wiz = state.current_wizard
        if wiz is None:
            return out or Text("–", style="dim")
        friends = state.racing(wiz)
        if not friends:
            out.append(tr("magical_friends_ui.turn.no_friends") + "\n", style="dim")
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
        if wiz in state.dagger_ready:
            out.append(tr("magical_friends_ui.turn.dagger") + "\n", style="bold")
        out.append_text(self.power_text(state, wiz))
        return out

    def power_text(self, state: GameState, wiz: int) -> Text:
        """§2: the wizard's magic power this turn and where it comes from; Market B / E."""
        p = magic_power(state, wiz)
        out = Text()
        out.append("✦ ", style="bold magenta")
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
            style="dim",
        )
        if p.unknown:
            out.append(
                "\n" + tr(msg("magical_friends_ui.turn.power_unknown", what=", ".join(p.unknown))),
                style="italic yellow",
            )
        if extra_spell(state, wiz):
            out.append(
                "\n" + tr(msg("magical_friends_ui.turn.conjuring", power=p.conjuring)),
                style="magenta",
            )
        if fortune_teller(state, wiz):
            out.append("\n" + tr("magical_friends_ui.turn.fortune_teller"), style="magenta")
        return out

    def _show_wizards(self, state: GameState) -> None:
        table = self.query_one("#mf-wizards", DataTable)
        table.clear()
        for i in range(len(state.wizards)):
            v = wizard_view(state, i)
            name = Text("▶ " if state.current_wizard == i else "  ") + wizard_text(state, i)
            if v["catapult"]:
                name.append(" " + CATAPULT, style="bold cyan")
            trophies = str(v["trophies"])
            if v["neutral_trophies"]:
                trophies += f"+{v['neutral_trophies']}"
            table.add_row(
                name,
                str(v["racing"]),
                str(v["tavern"]),
                str(v["slain"]),
                str(v["pity"]),
                str(v["fairy_dust"]),
                trophies,
                number_ranges(v["artifacts_left"]) or "–",
            )

    # -- which keys apply now ------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted:
            return True
        try:
            state = self.state
        except Exception:
            return True
        if action in _ALWAYS:
            return True
        if action == "highway":
            return bool(state.pending)
        if state.pending:
            return False
        allowed = _PHASE_ACTIONS.get(state.phase, set())
        if action == "tally":
            return state.tally is not None
        if action == "move" and parameters and state.phase == "turns":
            how = parameters[0]
            wiz = state.current_wizard
            w = state.wizards[wiz]
            if how == "chili":
                return bool(state.chili)
            if how == "pity":
                return w.pity > 0
            if how == "fairy_dust":
                return w.fairy_dust > 0
            if how == "dagger":
                return wiz in state.dagger_ready
        if action == "catapult" and state.catapult_holder is None:
            return False
        return (
            action in allowed if action in {a for s in _PHASE_ACTIONS.values() for a in s} else True
        )

    # -- applying -------------------------------------------------------------------------
    def probe(self, cmd: Command) -> RuleError | None:
        """What the engine would say to ``cmd`` now (None = it would be applied)."""
        try:
            apply(self.state, cmd)
        except RuleError as exc:
            return exc
        return None

    def explain(self, error: CompanionError) -> Msg:
        """The engine's creature ids and wizard numbers, named as the table knows them."""
        return (
            humanize(error.message, self.state) if isinstance(error, RuleError) else (error.message)
        )

    def done(self, *commands: Command) -> bool:
        ok = self.do(*commands)
        if ok:
            self.after_step()
        return ok

    def after_step(self) -> None:
        state = self.state
        if state.pending:
            self.action_highway()
        elif state.phase == "over" and state.tally is not None:
            self.action_tally()

    async def ask(
        self, options: list[tuple[Any, str]], title: Msg, reason: Msg, always: bool = False
    ) -> Any:
        """One of ``options`` (value, label): none → None, one → it (``always``: still shown,
        so the keys typed are the same), else the table picks."""
        if not options:
            return None
        if len(options) == 1 and not always:
            return options[0][0]
        if len(options) == 1:  # a Choice needs two options; the dialog only reads these two
            one = OneOption(reason, (Option(options[0][0], text_msg(options[0][1])),))
            return await self.app.push_screen_wait(ChoiceDialog(one, title))  # type: ignore[arg-type]
        choice = Choice(reason, tuple(Option(v, text_msg(label)) for v, label in options))
        return await self.app.push_screen_wait(ChoiceDialog(choice, title))

    def _need(self, phase: str) -> bool:
        if self.state.pending:
            self.notify(tr("magical_friends_ui.error.pending"), severity="warning")
            return False
        if self.state.phase != phase:
            self.notify(
                tr(
                    msg(
                        "magical_friends_ui.error.phase",
                        phase=Msg(f"magical_friends.phase.{self.state.phase}"),
                    )
                ),
                severity="warning",
            )
            return False
        return True

    # -- round start and artifacts -------------------------------------------------------
    def action_start_round(self) -> None:
        if self._need("round_start"):
            self.done(StartRound())

    @work(exclusive=True)
    async def action_start_round_entered(self) -> None:
        if not self._need("round_start"):
            return
        sides = self.state.board.fairy_die_sides
        # which face puts the fairy where, as on the board's trail: "1 → f2 · 3,4 → f4"
        by_space: dict[str, list[int]] = {}
        for face in range(1, sides + 1):
            space = self.state.board.fairy_space_for(face)
            by_space.setdefault(space or "–", []).append(face)
        faces = " · ".join(f"{','.join(map(str, fs))} → {space}" for space, fs in by_space.items())
        values = await self.app.push_screen_wait(
            FormDialog(
                Msg("magical_friends_ui.form.fairy_title"),
                [
                    FormField(
                        "roll",
                        Msg("magical_friends_ui.form.fairy_roll"),
                        kind="dice",
                        sides=sides,
                        count=1,
                        hint=Msg("magical_friends_ui.form.fairy_faces", {"faces": faces}),
                    )
                ],
            )
        )
        if values:
            self.done(StartRound(fairy_roll=values["roll"][0]))

    @work(exclusive=True)
    async def action_artifacts(self) -> None:
        if not self._need("artifacts"):
            return
        state = self.state
        numbers = [a.number for a in state.artifacts]
        values: dict[str, Any] = {}
        intro: Msg | None = None
        while True:
            fields = []
            for i, w in enumerate(state.wizards):
                left = wizard_view(state, i)["artifacts_left"]
                hint = Msg(
                    "magical_friends_ui.form.artifacts_left", {"left": " ".join(map(str, left))}
                )
                if fortune_teller(state, i):
                    hint = Msg("magical_friends_ui.form.artifacts_left_b", {"left": hint})
                fields.append(
                    FormField(
                        f"w{i}",
                        Msg("magical_friends_ui.form.artifact", {"wizard": w.name}),
                        value=values.get(f"w{i}"),
                        minimum=min(numbers),
                        maximum=max(numbers),
                        hint=hint,
                    )
                )
            values = await self.app.push_screen_wait(
                FormDialog(Msg("magical_friends_ui.form.artifacts_title"), fields, intro=intro)
            )
            if not values:
                return
            cmd = PlayArtifacts(tuple(values[f"w{i}"] for i in range(len(state.wizards))))
            err = self.probe(cmd)
            if err is not None and err.message.key in (
                "magical_friends.artifacts.tie",
                "magical_friends.artifacts.order_needed",
            ):
                order = await self.ask_order(err, cmd)
                if order is None:
                    return
                cmd = replace(cmd, tie_order=order)
                err = self.probe(cmd)
            if err is None:
                self.done(cmd)
                return
            # a used artifact, ...: asked again with the numbers as typed and what is wrong
            intro = humanize(err.message, state)
            self.notify(tr(intro), severity="error")

    async def ask_order(self, err: RuleError, cmd: PlayArtifacts) -> tuple[int, ...] | None:
        """The table's order among the wizards whose artifacts tie (all of them for a box whose
        turn-order rule is unknown): one field per tied group, pre-filled in seat order from
        the start player; the others keep the artifacts' order."""
        state = self.state
        groups = tie_groups(state, cmd.played)
        if self.app.ties == "auto" and err.message.key == "magical_friends.artifacts.tie":
            order = tie_order(state, groups)
            self.notify(
                tr(
                    msg(
                        "magical_friends_ui.auto.tie",
                        order=", ".join(
                            " = ".join(state.wizards[i].name for i in g) for g in groups
                        ),
                    )
                )
            )
            return order
        texts = [" ".join(str(i + 1) for i in g) for g in groups]
        intro = err.message
        while True:
            # asked again with what was typed until it is an order or cancelled: the
            # artifacts already entered are not lost to a typo
            fields = []
            for k, g in enumerate(groups):
                who = ", ".join(f"{i + 1} = {state.wizards[i].name}" for i in g)
                label = (
                    Msg("magical_friends_ui.form.order")
                    if state.turn_order_rule is None
                    else Msg(
                        "magical_friends_ui.form.tie_group",
                        {"value": artifact_value(state, g[0], cmd.played[g[0]])},
                    )
                )
                fields.append(
                    FormField(
                        f"g{k}",
                        label,
                        kind="text",
                        value=texts[k],
                        hint=Msg("magical_friends_ui.form.order_hint", {"who": who}),
                    )
                )
            values = await self.app.push_screen_wait(
                FormDialog(Msg("magical_friends_ui.form.order_title"), fields, intro=intro)
            )
            if not values:
                return None
            texts = [values[f"g{k}"] for k in range(len(groups))]
            orders = []
            for g, text in zip(groups, texts, strict=True):
                parts = text.replace(",", " ").split()
                if not all(p.isdigit() for p in parts) or sorted(
                    int(p) - 1 for p in parts
                ) != sorted(g):
                    break
                orders.append(tuple(int(p) - 1 for p in parts))
            else:
                return tie_order(state, tuple(orders))
            bad = ", ".join(str(i + 1) for i in g)
            intro = msg("magical_friends_ui.error.tie_order", numbers=bad)
            self.notify(tr(intro), severity="error")

    # -- moves ----------------------------------------------------------------------------
    @work(exclusive=True)
    async def action_move(self, how: str) -> None:
        if not self._need("turns"):
            return
        state = self.state
        wiz = state.current_wizard
        power: dict[str, Any] = {}
        if how == "ability":
            power = await self.pick_ability(Msg(f"magical_friends_ui.how.{how}"))
            if not power:
                return
        pool = state.racing() if how == "ability" else state.racing(wiz)
        if how == "chili":
            pool = tuple(c for c in pool if c.id in state.chili)
        if how in BONUS:
            pool = tuple(c for c in pool if c.id not in state.bonus_moved)
        if not pool:
            self.notify(tr("magical_friends_ui.error.no_creature"), severity="warning")
            return
        # the list is shown even for one friend: "m 1 5" then always means friend 1, 5 steps
        # (skipped, the 1 would be taken as 1 step when the wizard is down to one friend)
        cid = await self.ask(
            [(c.id, f"{creature_label(state, c.id)} @ {c.where}") for c in pool],
            Msg(f"magical_friends_ui.how.{how}"),
            Msg("magical_friends_ui.pick.creature"),
            always=True,
        )
        if cid is None:
            return
        base: dict[str, Any] = {"creature": cid, "how": how, **power}
        steps: int | str | None = bonus_steps(state, how)
        if steps is None:
            steps = await self.app.push_screen_wait(
                StepsDialog(state, cid, allow_jump=how == "ability")
            )
        if steps is None:
            return
        if steps == JUMP:
            spaces = [s for s in state.board.order if s not in state.board.start_spaces]
            to = await self.ask(
                [(s, space_label(state, s)) for s in spaces],
                Msg("magical_friends_ui.pick.space_title"),
                Msg("magical_friends_ui.pick.space"),
            )
            if to is not None:
                self.done(Move(**base, to=to, jump=True))
            return
        cmd = await self.walk_command(cid, int(steps), base)
        if cmd is not None:
            self.done(cmd)

    async def walk_command(self, cid: str, steps: int, base: dict[str, Any]) -> Move | None:
        """The move of ``steps`` as the table saw it: where it ended, the branch, the cavern
        die; then any fork of a catapult throw or shot the move sets off."""
        state = self.state
        walks = list(destinations(state, cid, steps))
        if not walks:
            self.notify(tr(msg("magical_friends_ui.error.no_way", steps=steps)), severity="error")
            return None
        rolls: tuple[int, ...] = ()
        if any(w.cavern for w in walks):
            roll = await self.ask_cavern()
            if roll is None:
                return None
            if roll == 0:
                # the companion rolls: the way after the cavern is asked fork by fork
                return await self.complete(Move(**base, steps=steps))
            rolls = (roll,)
            walks = [w for w in walks if not w.cavern or w.cavern[0] == CAVERN_DIE[roll]]
        ends: list[str] = []
        for w in walks:
            if w.end not in ends:
                ends.append(w.end)
        end = await self.ask(
            [(e, space_label(state, e)) for e in ends],
            Msg("magical_friends_ui.pick.end_title"),
            Msg("magical_friends_ui.pick.end", {"steps": steps}),
        )
        if end is None:
            return None
        ways = [w for w in walks if w.end == end]
        if base["how"] != "dagger":
            # the way matters only where something happens on it (the cavern, solved above,
            # or the dagger's slaying): the engine takes any way to the reported end
            ways = ways[:1]
        way_options: list[tuple[tuple[str, ...], str]] = []
        for w in ways:
            if all(w.forks != f for f, _ in way_options):
                path = " → ".join(w.path)
                way_options.append((w.forks, tr(msg("magical_friends_ui.pick.via", path=path))))
        branches = await self.ask(
            way_options,
            Msg("magical_friends_ui.pick.way_title"),
            Msg("magical_friends_ui.pick.way"),
        )
        if branches is None:
            return None
        return await self.complete(
            Move(**base, to=end, steps=steps, branches=branches, cavern_rolls=rolls)
        )

    async def complete(self, cmd: Move) -> Move | None:
        """Ask the forks the engine still needs (walk, catapult throw, catapult shot)."""
        for _ in range(12):
            err = self.probe(cmd)
            if err is None or err.message.key != "magical_friends.move.branch_needed":
                return cmd  # applied as is: a rule error is shown by do()
            params = err.message.params
            options = [o.strip() for o in str(params["options"]).split(",")]
            pick = await self.ask(
                [(o, space_label(self.state, o)) for o in options],
                Msg("magical_friends_ui.pick.branch_title"),
                Msg("magical_friends_ui.pick.branch", {"space": params["space"]}),
            )
            if pick is None:
                return None
            cmd = self._add_branch(cmd, pick)
        return cmd

    def _add_branch(self, cmd: Move, pick: str) -> Move:
        if cmd.to is None:
            # the walk is not known yet (the companion rolls the cavern): forks are the walk's
            # until it stops asking for them; then they belong to the throw or the shot
            trial = replace(cmd, branches=(*cmd.branches, pick))
            err = self.probe(trial)
            if err is None or err.message.key == "magical_friends.move.branch_needed":
                return trial
        if self.state.catapult_space is not None and (
            cmd.throw_branches or self._ends_on_catapult(cmd)
        ):
            return replace(cmd, throw_branches=(*cmd.throw_branches, pick))
        return replace(cmd, shot_branches=(*cmd.shot_branches, pick))

    def _ends_on_catapult(self, cmd: Move) -> bool:
        if cmd.to is not None:
            return cmd.to == self.state.catapult_space
        return True

    async def ask_cavern(self) -> int | None:
        """The cavern die: the table's roll 1–6, or 0 for the companion to roll."""
        options: list[tuple[int, str]] = [(0, tr("magical_friends_ui.cavern.app_rolls"))]
        for face in range(1, 7):
            options.append((face, tr(f"magical_friends.cavern.{CAVERN_DIE[face]}")))
        choice = Choice(
            Msg("magical_friends_ui.cavern.reason"),
            tuple(Option(v, text_msg(label)) for v, label in options[1:] + options[:1]),
        )
        return await self.app.push_screen_wait(
            ChoiceDialog(choice, Msg("magical_friends_ui.cavern.title"))
        )

    # -- summon, slay, poison, catapult, highway -----------------------------------------
    @work(exclusive=True)
    async def action_summon(self) -> None:
        if not self._need("turns"):
            return
        state = self.state
        wiz = state.current_wizard
        # every kind, always in catalog order: a remembered digit never picks another creature;
        # a kind that cannot be summoned stays listed, greyed, with the reason
        options = []
        for k in state.kinds:
            why = unavailable(state, k.id)
            line = self._kind_line(k)
            if why is not None:
                reason = tr(msg(why, kind=kind_name(state, k.id)))
                line = "[dim]" + escape(f"{line} — {reason}") + "[/dim]"
            else:
                line = escape(line)
            options.append((k.id, line))
        while True:
            kind = await self.ask(
                options,
                Msg("magical_friends_ui.pick.kind_title"),
                Msg("magical_friends_ui.pick.kind", {"wizard": state.wizards[wiz].name}),
            )
            if kind is None:
                return
            why = unavailable(state, kind)
            if why is None:
                break
            self.notify(tr(msg(why, kind=kind_name(state, kind))), severity="error")
        # start spaces that lead to the same place are one answer: not asked
        space = await self.ask(
            [(s, space_label(state, s)) for s in distinct_summon_spaces(state, wiz)],
            Msg("magical_friends_ui.pick.summon_title"),
            Msg("magical_friends_ui.pick.summon_space"),
        )
        if space is not None:
            self.done(Summon(wiz, kind, space))

    def _kind_line(self, k) -> str:
        left = (
            "?"
            if k.copies is None
            else str(k.copies - sum(1 for c in self.state.creatures if c.kind == k.id))
        )
        return tr(
            msg(
                "magical_friends_ui.pick.kind_line",
                name=kind_name(self.state, k.id),
                alignment=Msg(f"magical_friends_ui.alignment.{k.alignment or 'unknown'}"),
                cost="?" if k.wand_cost is None else k.wand_cost,
                left=left,
            )
        )

    @work(exclusive=True)
    async def action_slay(self) -> None:
        if not self._need("turns"):
            return
        power = await self.pick_ability(Msg("magical_friends_ui.key.slay"))
        if not power:
            return
        state = self.state
        options: list[tuple[Any, str]] = [
            (("one", c.id), f"{creature_label(state, c.id)} @ {c.where}") for c in state.racing()
        ]
        for sid in state.board.order:
            if len(state.on_space(sid)) > 1 and sid != state.board.tavern:
                options.append(
                    (
                        ("all", sid),
                        tr(msg("magical_friends_ui.pick.all_on", space=space_label(state, sid))),
                    )
                )
        pick = await self.ask(
            options, Msg("magical_friends_ui.key.slay"), Msg("magical_friends_ui.pick.slay")
        )
        if pick is None:
            return
        what, target = pick
        self.done(
            Slay(creatures=(target,), **power) if what == "one" else Slay(space=target, **power)
        )

    @work(exclusive=True)
    async def action_poison(self) -> None:
        if not self._need("turns"):
            return
        power = await self.pick_ability(Msg("magical_friends_ui.key.poison"))
        if not power:
            return
        state = self.state
        cid = await self.ask(
            [(c.id, f"{creature_label(state, c.id)} @ {c.where}") for c in state.racing()],
            Msg("magical_friends_ui.key.poison"),
            Msg("magical_friends_ui.pick.poison"),
        )
        if cid is not None:
            self.done(Poison(cid, **power))

    async def pick_ability(self, title: Msg) -> dict[str, Any]:
        """§2: whose ability the current wizard uses, and that its wand cost is met. Numbers
        the catalog leaves unknown (the friend's wand cost, the wizard's wands) are asked.
        Returns the fields ``by``, ``ability``, ``wands``, ``cost`` of the command, or {}."""
        state = self.state
        wiz = state.current_wizard
        friends = state.racing(wiz)
        if not friends:
            self.notify(tr("magical_friends_ui.error.no_ability"), severity="warning")
            return {}
        p = magic_power(state, wiz)
        cid = await self.ask(
            [
                (
                    c.id,
                    tr(
                        msg(
                            "magical_friends_ui.pick.ability_line",
                            creature=creature_label(state, c.id),
                            space=c.where,
                            cost="?"
                            if state.kind(c.kind).wand_cost is None
                            else state.kind(c.kind).wand_cost,
                        )
                    ),
                )
                for c in friends
            ],
            title,
            Msg(
                "magical_friends_ui.pick.ability",
                {
                    "wizard": state.wizards[wiz].name,
                    "power": "?" if p.total is None else p.total,
                },
            ),
        )
        if cid is None:
            return {}
        fields: dict[str, Any] = {"by": wiz, "ability": cid}
        kind = state.kind(state.creature(cid).kind)
        asks = []
        if kind.wand_cost is None:
            asks.append(
                FormField(
                    "cost",
                    Msg(
                        "magical_friends_ui.ask.wand_cost", {"creature": creature_label(state, cid)}
                    ),
                    minimum=0,
                    maximum=20,
                    hint=Msg("magical_friends_ui.ask.card_hint"),
                )
            )
        if p.total is None:
            asks.append(
                FormField(
                    "wands",
                    Msg("magical_friends_ui.ask.power", {"wizard": state.wizards[wiz].name}),
                    minimum=0,
                    maximum=99,
                    hint=Msg("magical_friends_ui.ask.power_hint", {"what": ", ".join(p.unknown)}),
                )
            )
        if asks:
            values = await self.app.push_screen_wait(
                FormDialog(Msg("magical_friends_ui.ask.power_title"), asks)
            )
            if not values:
                return {}
            fields.update(values)
        try:
            check_ability(state, wiz, cid, fields.get("wands"), fields.get("cost"))
        except RuleError as exc:
            self.notify(tr(humanize(exc.message, state)), severity="error", timeout=8)
            return {}
        return fields

    @work(exclusive=True)
    async def action_catapult(self) -> None:
        if not self._need("turns"):
            return
        state = self.state
        spaces = [
            s for s in state.board.order if s not in (state.board.tavern, *state.board.start_spaces)
        ]
        to = await self.ask(
            [(s, space_label(state, s)) for s in spaces],
            Msg("magical_friends_ui.key.catapult"),
            Msg("magical_friends_ui.pick.catapult"),
        )
        if to is not None:
            self.done(MoveCatapult(to))

    @work(exclusive=True)
    async def action_highway(self) -> None:
        state = self.state
        if not state.pending:
            self.notify(tr("magical_friends_ui.error.no_pending"))
            return
        p = state.pending[0]
        names = ", ".join(creature_label(state, t) for t in p.targets)
        options: list[tuple[Any, str]] = [
            ((True, ()), tr(msg("magical_friends_ui.highway.all", targets=names))),
            ((False, ()), tr("magical_friends_ui.highway.none")),
        ]
        if not state.options.highway_all_or_nothing:
            options += [((True, (t,)), creature_label(state, t)) for t in p.targets]
        pick = await self.ask(
            options,
            Msg("magical_friends_ui.highway.title"),
            Msg(
                "magical_friends_ui.highway.reason",
                {"creature": creature_label(state, p.creature), "space": p.space},
            ),
        )
        if pick is not None:
            slay, targets = pick
            self.done(ResolveHighway(slay, targets))

    # -- end of turn, end of game, tally --------------------------------------------------
    def action_end_turn(self) -> None:
        if self._need("turns"):
            self.done(EndTurn())

    @work(exclusive=True)
    async def action_end_game(self) -> None:
        if self.state.phase == "over":
            self.action_tally()
            return
        if await self.app.push_screen_wait(Confirm(Msg("magical_friends_ui.confirm.end_game"))):
            self.done(EndGame())

    def action_tally(self) -> None:
        from .tally import TallyScreen

        if self.state.tally is None:
            self.notify(tr("magical_friends_ui.error.no_tally"))
            return
        self.app.push_screen(TallyScreen(self.state, self.catalog_name))

    # -- corrections ----------------------------------------------------------------------
    @work(exclusive=True)
    async def action_correct(self) -> None:
        what = await self.ask(
            [
                ("wizard", tr("magical_friends_ui.correct.wizard")),
                ("creature", tr("magical_friends_ui.correct.creature")),
                ("heart", tr("magical_friends_ui.correct.heart")),
                ("board", tr("magical_friends_ui.correct.board")),
            ],
            Msg("magical_friends_ui.correct.title"),
            Msg("magical_friends_ui.correct.reason"),
        )
        if what == "wizard":
            await self.correct_wizard()
        elif what == "creature":
            await self.correct_creature()
        elif what == "heart":
            await self.correct_heart()
        elif what == "board":
            await self.correct_board()

    async def correct_wizard(self) -> None:
        state = self.state
        i = await self.ask(
            [(i, w.name) for i, w in enumerate(state.wizards)],
            Msg("magical_friends_ui.correct.wizard"),
            Msg("magical_friends_ui.pick.wizard"),
        )
        if i is None:
            return
        w = state.wizards[i]
        values = await self.app.push_screen_wait(
            FormDialog(
                Msg("magical_friends_ui.correct.wizard_title", {"wizard": w.name}),
                [
                    FormField(
                        "pity", Msg("magical_friends_ui.field.pity"), value=w.pity, minimum=0
                    ),
                    FormField(
                        "dust", Msg("magical_friends_ui.field.dust"), value=w.fairy_dust, minimum=0
                    ),
                    FormField(
                        "neutral",
                        Msg("magical_friends_ui.field.neutral"),
                        value=w.neutral_trophies,
                        minimum=0,
                    ),
                    FormField(
                        "used",
                        Msg("magical_friends_ui.field.used"),
                        kind="text",
                        value=" ".join(map(str, w.artifacts_used)),
                        optional=True,
                        hint=Msg("magical_friends_ui.field.used_hint"),
                    ),
                ],
            )
        )
        if not values:
            return
        text = (values["used"] or "").replace(",", " ").split()
        if not all(p.isdigit() for p in text):
            self.notify(
                tr(msg("magical_friends_ui.error.numbers", text=values["used"])), severity="error"
            )
            return
        self.done(
            CorrectWizard(
                i,
                pity=values["pity"],
                fairy_dust=values["dust"],
                neutral_trophies=values["neutral"],
                artifacts_used=tuple(int(p) for p in text),
            )
        )

    async def correct_creature(self) -> None:
        state = self.state
        cid = await self.ask(
            [
                (c.id, f"{creature_label(state, c.id)} @ {where_label(state, c.where)}")
                for c in state.creatures
            ],
            Msg("magical_friends_ui.correct.creature"),
            Msg("magical_friends_ui.pick.creature"),
        )
        if cid is None:
            if not state.creatures:
                self.notify(tr("magical_friends_ui.error.no_creature"), severity="warning")
            return
        c = state.creature(cid)
        values = await self.app.push_screen_wait(
            FormDialog(
                Msg(
                    "magical_friends_ui.correct.creature_title",
                    {"creature": creature_label(state, cid)},
                ),
                [
                    FormField(
                        "where",
                        Msg("magical_friends_ui.field.where"),
                        kind="text",
                        value="slain" if c.where == SLAIN else c.where,
                        hint=Msg(
                            "magical_friends_ui.field.where_hint", {"tavern": state.board.tavern}
                        ),
                    ),
                    FormField(
                        "poisoned",
                        Msg("magical_friends_ui.field.poisoned"),
                        kind="choice",
                        value="y" if c.poisoned else "n",
                        choices=(
                            ("y", Msg("magical_friends_ui.yes")),
                            ("n", Msg("magical_friends_ui.no")),
                        ),
                    ),
                ],
            )
        )
        if not values:
            return
        where = values["where"].strip()
        self.done(
            CorrectCreature(
                cid, where=SLAIN if where == "slain" else where, poisoned=values["poisoned"] == "y"
            )
        )

    async def correct_heart(self) -> None:
        state = self.state
        slain = [c for c in state.creatures if c.where == SLAIN]
        if not slain:
            self.notify(tr("magical_friends_ui.error.no_slain"), severity="warning")
            return
        cid = await self.ask(
            [(c.id, creature_label(state, c.id)) for c in slain],
            Msg("magical_friends_ui.correct.heart"),
            Msg("magical_friends_ui.pick.creature"),
        )
        if cid is None:
            return
        who = ", ".join(f"{i + 1} = {w.name}" for i, w in enumerate(state.wizards))
        values = await self.app.push_screen_wait(
            FormDialog(
                Msg("magical_friends_ui.correct.heart"),
                [
                    FormField(
                        "holder",
                        Msg("magical_friends_ui.field.holder"),
                        minimum=0,
                        maximum=len(state.wizards),
                        hint=Msg("magical_friends_ui.field.holder_hint", {"who": who}),
                    )
                ],
            )
        )
        if values:
            holder = values["holder"]
            self.done(CorrectHeart(cid, holder=None if holder == 0 else holder - 1))

    async def correct_board(self) -> None:
        state = self.state
        who = ", ".join(f"{i + 1} = {w.name}" for i, w in enumerate(state.wizards))
        values = await self.app.push_screen_wait(
            FormDialog(
                Msg("magical_friends_ui.correct.board"),
                [
                    FormField(
                        "piece",
                        Msg("magical_friends_ui.field.piece"),
                        kind="choice",
                        value="s" if state.stairway_up else "h",
                        choices=(
                            ("s", Msg("magical_friends_ui.header.stairway")),
                            ("h", Msg("magical_friends_ui.header.hell")),
                        ),
                    ),
                    FormField(
                        "fairy",
                        Msg("magical_friends_ui.field.fairy"),
                        kind="text",
                        value=state.fairy_space or "-",
                        hint=Msg("magical_friends_ui.field.none_hint"),
                    ),
                    FormField(
                        "holder",
                        Msg("magical_friends_ui.field.catapult_holder"),
                        value=0 if state.catapult_holder is None else state.catapult_holder + 1,
                        minimum=0,
                        maximum=len(state.wizards),
                        hint=Msg("magical_friends_ui.field.holder_hint", {"who": who}),
                    ),
                    FormField(
                        "catapult",
                        Msg("magical_friends_ui.field.catapult_space"),
                        kind="text",
                        value=state.catapult_space or "-",
                        hint=Msg("magical_friends_ui.field.none_hint"),
                    ),
                    FormField(
                        "round",
                        Msg("magical_friends_ui.field.round"),
                        value=state.round,
                        minimum=0,
                        maximum=state.rounds,
                    ),
                ],
            )
        )
        if not values:
            return
        fairy = values["fairy"].strip()
        catapult = values["catapult"].strip()
        self.done(
            CorrectBoard(
                stairway_up=values["piece"] == "s",
                fairy_space="" if fairy == "-" else fairy,
                catapult_space="" if catapult == "-" else catapult,
                catapult_holder=values["holder"] - 1,
                round=values["round"],
            )
        )
