"""The Magical Friends game screen: the header announcing the round's effects, the board, the
wizard panels, the turn panel, the last step's effects, the game log, and the keys that report
what the table did.

The engine's flow (``games/magical_friends/flow.py``) says what the table faces; the table
driver (``ui/table.py``) runs it. This screen draws, and holds the dialogs a report needs:
which friend, how far (the engine's report questions ask the rest), which kind, which target.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from companion.core.errors import CompanionError
from companion.core.game import Ask, Entry, Outcome
from companion.core.i18n import Msg, msg, tr
from companion.core.plan import Choice, Option
from companion.core.steplog import HistoryLine
from companion.games.magical_friends import (
    SLAIN,
    CorrectBoard,
    CorrectCreature,
    CorrectHeart,
    CorrectWizard,
    Draft,
    EndGame,
    EndTurn,
    GameState,
    Move,
    MoveCatapult,
    Poison,
    Slay,
    Summon,
    ability_unknowns,
    banner,
    bonus_steps,
    caster_refusal,
    casters,
    catapult_spaces,
    extra_spell,
    fairy_entry,
    fortune_teller,
    jump_spaces,
    load,
    magic_power,
    move_pool,
    poison_targets,
    report_question,
    rules,
    slay_targets,
    summon_choices,
    summon_kinds,
    wizard_view,
)
from companion.ui.dialogs import ChoiceDialog, Confirm, FormDialog, FormField
from companion.ui.table import TableScreen
from companion.ui.widgets.content import content_key, set_content
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.game_log import GameLog

from .board import BoardView, tile_names
from .forms import ArtifactsForm, FairyForm
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


@dataclass(frozen=True)
class OneOption:
    """A list of one for ``ChoiceDialog`` (``Choice`` wants two): the friend list is shown
    even when there is one friend, so a digit typed by habit means the same thing."""

    reason: Msg
    options: tuple[Option, ...]


def text_msg(text: str) -> Msg:
    return Msg("magical_friends_ui.text", {"text": text})


NARROW = 60  # columns below which the panels stack (a phone's browser: ~40)


class MagicalFriendsScreen(TableScreen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-normal")]  # a phone: one column
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
        Binding("e", "end_game", "magical_friends_ui.key.end_game", show=False),
        Binding("C", "correct", "magical_friends_ui.key.correct"),
    ]

    def __init__(self, session: Any, **kwargs) -> None:
        super().__init__(session, **kwargs)
        self.catalog_name = getattr(session, "catalog_name", "box")
        self._tile_names: list[str] | None = None
        self._wizard_rows: tuple | None = None  # what the wizards' table shows

    # the footer names what a turn can do; chili, Fairy Dust and the dagger are in the prompt
    # while they can be done (pressed otherwise, they say why not)

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
                yield Static(id="mf-rules")
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
        set_content(self.query_one("#mf-round", Static), self.round_text(state))
        set_content(self.query_one("#mf-prompt", Static), self.prompt_text(state))
        self._show_wizards(state)
        set_content(self.query_one("#mf-turn", Static), self.turn_text(state))
        events = Text("\n").join(Text(tr(humanize(e, state))) for e in state.events)
        set_content(self.query_one("#mf-events", Static), events or Text("–", style="dim"))
        # the rule options the game was started with (a save keeps its own)
        set_content(self.query_one("#mf-rules", Static), tr(rules(state.options)))

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
                msg("magical_friends_ui.header.round", round=state.round, rounds=state.rounds)
            )
        out.append(" " + head + " ", style="bold reverse")
        if b.lava_now:
            out.append("  ")
            out.append(" " + tr("magical_friends_ui.header.lava") + " ", style="bold white on red")
        elif b.lava_next is not None:
            out.append("  ")
            out.append(
                " " + tr(msg("magical_friends_ui.header.lava_next", round=b.lava_next)) + " ",
                style="bold red",
            )
        if b.bonus_round is not None:
            out.append("  ")
            bonus = msg(
                "magical_friends_ui.header.bonus", round=b.bonus_round, pity=b.pity, dust=b.dust
            )
            out.append(" " + tr(bonus) + " ", style="bold black on yellow")
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
            out.append(tr("magical_friends_ui.header.demo"), style="italic yellow")
        else:
            out.append(tr("magical_friends_ui.header.box"), style="dim")
        return out

    def prompt_text(self, state: GameState) -> Text:
        """The moment's sentence and the keys for what it allows now."""
        # the driver's moment (computed once per state) when it is the game's own state
        moment = self.moment if state is self.state else self.session.game.moment(state)
        out = Text()
        style = "bold red" if isinstance(moment.next, Ask) else "bold"
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
        """The wizards' table, filled again only when a row changed (a DataTable refill costs
        a layout and a repaint)."""
        rows = []
        for i in range(len(state.wizards)):
            v = wizard_view(state, i)
            name = Text("▶ " if state.current_wizard == i else "  ") + wizard_text(state, i)
            if v["catapult"]:
                name.append(" " + CATAPULT, style="bold cyan")
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
        for row in rows:
            table.add_row(*row)

    # -- the driver's hooks ----------------------------------------------------------------
    def name_ids(self, message: Msg) -> Msg:
        """The engine's creature ids and wizard numbers, named as the table knows them."""
        return humanize(message, self.state)

    def do(self, *commands) -> bool:
        """A table step; a question it raises (the Highway to Hell, a tie) is asked at once,
        and the end shows the tally."""
        ok = super().do(*commands)
        nxt = self.moment.next
        if ok and isinstance(nxt, Ask):
            self.call_after_refresh(self._ask_now, nxt)
        elif ok and isinstance(nxt, Outcome):
            self.call_after_refresh(self.perform_tally)
        return ok

    def _ask_now(self, question: Ask) -> None:
        if self.moment.next == question and not self.busy:
            self.action_advance()

    def advance_free(self) -> None:
        self.action_act("end_turn")

    def entry_screen(self, entry: Entry) -> Screen:
        if entry.kind == "magical_friends.artifacts":
            return ArtifactsForm(self.state, entry)
        if entry.kind == "magical_friends.fairy":
            return FairyForm(entry)
        return super().entry_screen(entry)

    def perform_start_round(self) -> None:
        self.action_advance()

    def perform_fairy_roll(self) -> None:
        self.enter(fairy_entry(self.state))

    def perform_artifacts(self) -> None:
        self.action_advance()

    def perform_order(self) -> None:
        self.action_advance()

    def perform_highway(self) -> None:
        self.action_advance()

    def perform_end_turn(self) -> None:
        self.do(EndTurn())

    def perform_tally(self) -> None:
        from .tally import TallyScreen

        if not self.busy and self.state.tally is not None:
            self.app.push_screen(TallyScreen(self.state, self.catalog_name))

    async def pick(
        self, options: list[tuple[Any, str]], title: Msg, reason: Msg, always: bool = False
    ) -> Any:
        """One of ``options`` (value, label): none → None, one → it (``always``: still shown,
        so the keys typed are the same), else the table picks."""
        if not options:
            return None
        if len(options) == 1 and not always:
            return options[0][0]
        opts = tuple(Option(v, text_msg(label)) for v, label in options)
        choice = OneOption(reason, opts) if len(opts) == 1 else Choice(reason, opts)
        return await self.app.push_screen_wait(ChoiceDialog(choice, title))  # type: ignore[arg-type]

    def creature_line(self, cid: str) -> str:
        return f"{creature_label(self.state, cid)} @ {self.state.creature(cid).where}"

    # -- moves: the friend and the steps here, the rest is the engine's questions ---------
    def perform_move(self) -> None:
        self.report_move("basic")

    def perform_chili(self) -> None:
        self.report_move("chili")

    def perform_pity(self) -> None:
        self.report_move("pity")

    def perform_fairy_dust(self) -> None:
        self.report_move("fairy_dust")

    def perform_dagger(self) -> None:
        self.report_move("dagger")

    def perform_ability(self) -> None:
        self.report_move("ability")

    @work(exclusive=True)
    async def report_move(self, how: str) -> None:
        state = self.state
        power: dict[str, Any] = {}
        if how == "ability":
            power = await self.pick_ability(Msg(f"magical_friends_ui.how.{how}"))
            if not power:
                return
        # the list is shown even for one friend: "m 1 5" then always means friend 1, 5 steps
        # (skipped, the 1 would be taken as 1 step when the wizard is down to one friend)
        cid = await self.pick(
            [(c.id, self.creature_line(c.id)) for c in move_pool(state, how)],
            Msg(f"magical_friends_ui.how.{how}"),
            Msg("magical_friends_ui.pick.creature"),
            always=True,
        )
        if cid is None:
            return
        steps: int | str | None = bonus_steps(state, how)
        if steps is None:
            steps = await self.app.push_screen_wait(
                StepsDialog(state, cid, allow_jump=how == "ability", how=how, power=power)
            )
        if steps is None:
            return
        if steps == JUMP:
            to = await self.pick(
                [(s, space_label(state, s)) for s in jump_spaces(state)],
                Msg("magical_friends_ui.pick.space_title"),
                Msg("magical_friends_ui.pick.space"),
            )
            if to is not None:
                self.do(Move(cid, how=how, to=to, jump=True, **power))
            return
        draft = Draft(Move(cid, steps=int(steps), how=how, **power))
        while True:
            draft, question = report_question(self.state, draft)
            if question is None:
                break
            draft = await self.app.push_screen_wait(ChoiceDialog(question.choice, question.title))
            if draft is None:
                return
        self.do(draft.move)

    # -- summon, slay, poison, catapult ---------------------------------------------------
    @work(exclusive=True)
    async def perform_summon(self) -> None:
        state = self.state
        wiz = state.current_wizard
        # every kind, always in catalog order: a remembered digit never picks another creature;
        # a kind that cannot be summoned stays listed, with the reason
        kinds = summon_kinds(state)
        options = []
        for k, why in kinds:
            line = self._kind_line(k)  # shown as text (a name may hold brackets)
            options.append((k.id, line if why is None else f"{line} — {tr(why)}"))
        refused = {k.id: why for k, why in kinds if why is not None}
        while True:
            kind = await self.pick(
                options,
                Msg("magical_friends_ui.pick.kind_title"),
                Msg("magical_friends_ui.pick.kind", {"wizard": state.wizards[wiz].name}),
            )
            if kind is None:
                return
            if kind not in refused:
                break
            self.notify(tr(refused[kind]), severity="error")
        # start spaces that lead to the same place are one answer: not asked
        space = await self.pick(
            [(s, space_label(state, s)) for s in summon_choices(state)],
            Msg("magical_friends_ui.pick.summon_title"),
            Msg("magical_friends_ui.pick.summon_space"),
        )
        if space is not None:
            self.do(Summon(wiz, kind, space))

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
    async def perform_slay(self) -> None:
        power = await self.pick_ability(Msg("magical_friends_ui.key.slay"))
        if not power:
            return
        state = self.state
        options: list[tuple[Any, str]] = [
            ((what, target), self.creature_line(target))
            if what == "one"
            else (
                (what, target),
                tr(msg("magical_friends_ui.pick.all_on", space=space_label(state, target))),
            )
            for what, target in slay_targets(state)
        ]
        pick = await self.pick(
            options, Msg("magical_friends_ui.key.slay"), Msg("magical_friends_ui.pick.slay")
        )
        if pick is not None:
            what, target = pick
            self.do(
                Slay(creatures=(target,), **power) if what == "one" else Slay(space=target, **power)
            )

    @work(exclusive=True)
    async def perform_poison(self) -> None:
        power = await self.pick_ability(Msg("magical_friends_ui.key.poison"))
        if not power:
            return
        cid = await self.pick(
            [(c.id, self.creature_line(c.id)) for c in poison_targets(self.state)],
            Msg("magical_friends_ui.key.poison"),
            Msg("magical_friends_ui.pick.poison"),
        )
        if cid is not None:
            self.do(Poison(cid, **power))

    async def pick_ability(self, title: Msg) -> dict[str, Any]:
        """§2: whose ability the current wizard uses; the numbers the catalog leaves unknown
        (the friend's wand cost, the wizard's wands) are asked. Returns the fields ``by``,
        ``ability``, ``wands``, ``cost`` of the command, or {} (the engine's refusal said)."""
        state = self.state
        wiz = state.current_wizard
        p = magic_power(state, wiz)

        def line(c) -> str:
            cost = state.kind(c.kind).wand_cost
            return tr(
                msg(
                    "magical_friends_ui.pick.ability_line",
                    creature=creature_label(state, c.id),
                    space=c.where,
                    cost="?" if cost is None else cost,
                )
            )

        power = "?" if p.total is None else p.total
        cid = await self.pick(
            [(c.id, line(c)) for c in casters(state)],
            title,
            Msg(
                "magical_friends_ui.pick.ability",
                {"wizard": state.wizards[wiz].name, "power": power},
            ),
        )
        if cid is None:
            return {}
        fields: dict[str, Any] = {"by": wiz, "ability": cid}
        unknown = ability_unknowns(state, cid)
        asks = []
        if "cost" in unknown:
            label = Msg(
                "magical_friends_ui.ask.wand_cost", {"creature": creature_label(state, cid)}
            )
            asks.append(
                FormField(
                    "cost",
                    label,
                    minimum=0,
                    maximum=20,
                    hint=Msg("magical_friends_ui.ask.card_hint"),
                )
            )
        if "wands" in unknown:
            label = Msg("magical_friends_ui.ask.power", {"wizard": state.wizards[wiz].name})
            hint = Msg("magical_friends_ui.ask.power_hint", {"what": ", ".join(p.unknown)})
            asks.append(FormField("wands", label, minimum=0, maximum=99, hint=hint))
        if asks:
            values = await self.app.push_screen_wait(
                FormDialog(Msg("magical_friends_ui.ask.power_title"), asks)
            )
            if not values:
                return {}
            fields.update(values)
        why = caster_refusal(state, cid, fields.get("wands"), fields.get("cost"))
        if why is not None:
            self.notify(tr(humanize(why, state)), severity="error", timeout=8)
            return {}
        return fields

    @work(exclusive=True)
    async def perform_catapult(self) -> None:
        state = self.state
        to = await self.pick(
            [(s, space_label(state, s)) for s in catapult_spaces(state)],
            Msg("magical_friends_ui.key.catapult"),
            Msg("magical_friends_ui.pick.catapult"),
        )
        if to is not None:
            self.do(MoveCatapult(to))

    # -- the end of the game --------------------------------------------------------------
    @work(exclusive=True)
    async def action_end_game(self) -> None:
        if self.moment.outcome is not None:
            self.perform_tally()
            return
        if await self.app.push_screen_wait(Confirm(Msg("magical_friends_ui.confirm.end_game"))):
            self.do(EndGame())

    # -- corrections ----------------------------------------------------------------------
    @work(exclusive=True)
    async def action_correct(self) -> None:
        what = await self.pick(
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
        i = await self.pick(
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
        self.do(
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
        cid = await self.pick(
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
        self.do(
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
        cid = await self.pick(
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
            self.do(CorrectHeart(cid, holder=None if holder == 0 else holder - 1))

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
        self.do(
            CorrectBoard(
                stairway_up=values["piece"] == "s",
                fairy_space="" if fairy == "-" else fairy,
                catapult_space="" if catapult == "-" else catapult,
                catapult_holder=values["holder"] - 1,
                round=values["round"],
            )
        )
