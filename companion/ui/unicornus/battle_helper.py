"""The battle helper (spec §6): one battle waiting on a space, from the odds to the result.

Player battle (§6.1): before rolling, the dice count (with the space's defence value) and the
exact outcome probabilities under the best assignment; the dice entered from the table or
rolled by the app (``RollBattle``); the best assignment proposed and editable die by die
(checked by the engine: every token first); the damage split among the legal ones (never
killing a character that still leads tokens); then ``ResolveBattle``. Princess battle (§6.2):
the damage computed, the table's split, applied.

It reads ``host.state``. It is the form of the engine's battle entry (``unicornus.battle``):
it dismisses with the battle's next command — the roll (``RollBattle``: the driver makes it,
and the entry, now rolled, opens again at once) or the result the table settled on — tried on
the entry's answer first (a refused one keeps it open and says why), or ``None`` when closed.
Where the imperial attackers retreat, when the players choose, is the question the entry's
answer leads to (the engine's, like every tie: the app picks it when it picks ties).
"""

from __future__ import annotations

from typing import Any

from rich.cells import set_cell_size
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from companion.core.errors import CompanionError
from companion.core.game import Ask, Entry
from companion.core.i18n import Msg, msg, tr
from companion.games.unicornus import (
    GAME,
    ResolveBattle,
    RollBattle,
    assignment,
    battle_abilities,
    battle_at,
    battle_odds,
    count,
    dice_for,
    is_princess_battle,
    legal_splits,
    princess_damage,
    result_label,
    table_assignment,
)
from companion.ui.colours import DANGER, GOOD, WARNING
from companion.ui.dialogs import Confirm, Dialog, FormField, parse_field
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.button import Button
from companion.ui.widgets.content import as_text

TOKEN, CHARACTER, NONE = "token", "character", "none"
BAR = 16  # width of a probability bar
MAX_ROWS = 8  # rows of a distribution before the tail is summed ("k or more")


def name(pair: tuple[str, str]) -> Msg:
    return Msg("unicornus.name", {"en": pair[0], "ja": pair[1]})


def bar(p: float, width: int = BAR) -> str:
    """A bar of eighths for a probability (one cell is 1/width)."""
    eighths = round(p * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (" ▏▎▍▌▋▊▉"[part] if part else "")).ljust(width)


def rows(dist: tuple, max_rows: int = MAX_ROWS) -> list[tuple[str, float]]:
    """(label, probability) rows of a marginal, the tail from ``max_rows - 1`` summed."""
    values = [float(p) for p in dist]
    while len(values) > 1 and values[-1] == 0:
        values.pop()
    if len(values) <= max_rows:
        return [(str(k), p) for k, p in enumerate(values)]
    head = [(str(k), values[k]) for k in range(max_rows - 1)]
    return head + [(f"{max_rows - 1}+", sum(values[max_rows - 1 :]))]


def pct(p: float) -> str:
    return f"{p * 100:5.1f}%"


class BattleHelper(Dialog[RollBattle | ResolveBattle | None]):
    CSS_PATH = "battle_helper.tcss"
    BINDINGS = [
        Binding("escape", "close", "unicornus_forms.key.close"),
        Binding("ctrl+r", "roll", "unicornus_forms.key.roll"),
        Binding("ctrl+s", "apply", "unicornus_forms.key.apply"),
    ]

    def __init__(self, screen: Any, entry: Entry) -> None:
        super().__init__()
        self.host, self.entry, self.space = screen, entry, entry.subject
        self.targets: list[str] = []  # per rolled die: token / character / none
        self.best: list[str] = []
        self.splits: list[tuple[int, int]] = []  # legal (to tokens, to life) splits shown
        self.damage: int | None = None  # damage the kingdom unit takes, once known
        translate_bindings(self)

    # --- what the state says ------------------------------------------------------------
    @property
    def state(self):
        return self.host.state

    @property
    def battle(self):
        return battle_at(self.state, self.space)

    def _space_name(self) -> Msg | str:
        """The space as the map names it, with the tile's printed name ("7.0 (Black Fen)")
        so the table finds the fight on the real board."""
        board = self.state.board
        tile = board.tile_name(self.space)
        if tile is None:
            return board.names[self.space]
        where = {"en": tile[0], "ja": tile[1] or tile[0]}
        return msg("unicornus_forms.battle.where", space=board.names[self.space], tile=where)

    def _enemy(self):
        unit = self.state.unit_at(self.space)
        ch = self.state.imp(unit.leader) if unit is not None and unit.leader else None
        return unit, ch

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        battle = self.battle
        with VerticalScroll(id="battle"):
            yield Static(self._title(battle), id="title", classes="section-title")
            yield Static(self._sides(battle), id="sides")
            if is_princess_battle(battle):
                yield from self._compose_princess()
            else:
                yield from self._compose_player(battle)
            with Horizontal(classes="buttons"):
                yield Button(tr("unicornus_forms.battle.close"), id="close")
                if is_princess_battle(battle) or battle.rolled:
                    yield Button(tr("unicornus_forms.battle.apply"), id="apply", variant="primary")

    def _title(self, battle) -> Text:
        hero = self.state.hero(battle.hero)
        unit, ch = self._enemy()
        enemy = name(ch.name) if ch else Msg("unicornus_forms.battle.leaderless")
        if is_princess_battle(battle):
            key = "unicornus_forms.battle.title_princess"
        elif battle.attacker == "kingdom":
            key = "unicornus_forms.battle.title_attack"
        else:
            key = "unicornus_forms.battle.title_defend"
        return Text(tr(msg(key, hero=name(hero.name), enemy=enemy, space=self._space_name())))

    def _sides(self, battle) -> Text:
        hero = self.state.hero(battle.hero)
        unit, ch = self._enemy()
        lines = [
            tr(
                msg(
                    "unicornus_forms.battle.hero_line",
                    hero=name(hero.name),
                    tokens=hero.tokens,
                    life=hero.life - hero.damage,
                    max=hero.life,
                )
            )
        ]
        tokens = unit.tokens if unit else 0
        if ch is not None:
            lines.append(
                tr(
                    msg(
                        "unicornus_forms.battle.enemy_line",
                        enemy=name(ch.name),
                        personality=Msg(f"unicornus_forms.personality.{ch.personality}"),
                        power=ch.combat_power,
                        life=ch.life_left,
                        tokens=count("token", tokens),
                        strength=tokens + ch.combat_power,
                    )
                )
            )
        else:
            lines.append(
                tr(
                    msg(
                        "unicornus_forms.battle.leaderless_line",
                        tokens=count("token", tokens),
                        strength=tokens,
                    )
                )
            )
        if not is_princess_battle(battle):
            diagram = hero.attack if battle.attacker == "kingdom" else hero.defence
            which = "attack" if battle.attacker == "kingdom" else "defence"
            faces = "  ".join(f"{i + 1}:{tr(result_label(r))}" for i, r in enumerate(diagram))
            lines.append(tr(msg(f"unicornus_forms.battle.diagram_{which}", faces=faces)))
        # the abilities this battle allows, at their moment (§4: DURING BATTLE when attacked)
        lines += [tr(m) for m in battle_abilities(self.state, battle)]
        return Text("\n".join(lines))

    # --- player battle ---
    def _compose_player(self, battle) -> ComposeResult:
        yield Static(self._dice_count(battle), id="dice-count")
        yield Static(as_text(self._odds()), id="odds")
        if not battle.rolled:
            yield Static(tr("unicornus_forms.battle.enter_dice"), classes="hint")
            with Horizontal(classes="dice-row"):
                yield Input(
                    id="dice-input",
                    placeholder=tr(
                        msg(
                            "unicornus_forms.battle.dice_placeholder",
                            count=count("die", dice_for(self.state, battle)),
                        )
                    ),
                )
                yield Button(tr("unicornus_forms.battle.roll"), id="roll")
            yield Static("", id="dice-error", classes="field-error")
            return
        self._init_targets()
        yield Static(tr("unicornus_forms.battle.assign_help"), classes="hint")
        yield OptionList(*self._dice_options(), id="dice")
        yield Static("", id="assign-result")
        yield Static(tr("unicornus_forms.battle.split_help"), classes="hint")
        yield OptionList(id="splits")

    def _dice_count(self, battle) -> Text:
        hero = self.state.hero(battle.hero)
        v = self.state.board.defence[self.space]
        n = dice_for(self.state, battle)
        tokens, dice = count("token", hero.tokens), count("die", n)
        if v and battle.attacker == "kingdom":
            line = msg("unicornus_forms.battle.dice_minus", tokens=tokens, v=v, n=dice)
        elif v:
            line = msg("unicornus_forms.battle.dice_plus", tokens=tokens, v=v, n=dice)
        else:
            line = msg("unicornus_forms.battle.dice_plain", tokens=tokens, n=dice)
        return Text(tr(line), style="bold")

    def _odds(self) -> Text:
        """The exact outcome distribution as three columns of bars and a summary line."""
        dist = battle_odds(self.state, self.space)
        hero = self.state.hero(self.battle.hero)
        unit, ch = self._enemy()
        columns = [
            (tr("unicornus_forms.battle.odds_damage"), rows(dist.damage_taken)),
            (tr("unicornus_forms.battle.odds_tokens"), rows(dist.tokens_killed)),
        ]
        if ch is not None:
            columns.append(
                (tr("unicornus_forms.battle.odds_character"), rows(dist.character_damage))
            )
        # three columns of 27 cells; a terminal under 104 columns (80x24) gets half bars
        bar_width = BAR if self.app.size.width >= 104 else BAR // 2
        width = 4 + bar_width + 7
        out = Text(tr("unicornus_forms.battle.odds_title") + "\n", style="bold")
        # padded by terminal cells (a Japanese heading is twice as wide as its letters); a
        # heading wider than its column wraps onto a second line rather than being cut
        wrapped = [Text(t).wrap(self.app.console, width) for t, _ in columns]
        for n in range(max(len(lines) for lines in wrapped)):
            heads = [lines[n].plain if n < len(lines) else "" for lines in wrapped]
            out.append("   ".join(set_cell_size(h, width) for h in heads) + "\n", style="underline")
        for i in range(max(len(r) for _, r in columns)):
            for j, (_, col) in enumerate(columns):
                if j:
                    out.append("   ")
                if i < len(col):
                    label, p = col[i]
                    out.append(f"{label:>3} ")
                    out.append(bar(p, bar_width), style="$text-success" if j else "$text-error")
                    out.append(pct(p) + " ")
                else:
                    out.append(" " * width)
            out.append("\n")
        # the hero dies when the damage exceeds every token and the life left (§6.1 step 5)
        deadly = hero.tokens + hero.life - hero.damage
        p_dies = float(sum(dist.damage_taken[deadly:], 0))
        parts = [
            tr(
                msg(
                    "unicornus_forms.battle.expected",
                    value=f"{float(dist.expected_damage_taken):.2f}",
                )
            ),
            tr(msg("unicornus_forms.battle.p_dies", hero=name(hero.name), p=pct(p_dies).strip())),
        ]
        if dist.p_wiped_out is not None:
            parts.append(
                tr(msg("unicornus_forms.battle.p_wipe", p=pct(float(dist.p_wiped_out)).strip()))
            )
        if dist.p_character_killed is not None and ch is not None:
            parts.append(
                tr(
                    msg(
                        "unicornus_forms.battle.p_killed",
                        enemy=name(ch.name),
                        p=pct(float(dist.p_character_killed)).strip(),
                    )
                )
            )
        out.append(" · ".join(parts))
        return out

    # --- the assignment ---
    def _init_targets(self) -> None:
        if self.targets:
            return
        best = assignment(self.state, self.space)
        n = len(self.battle.dice)
        self.best = [
            TOKEN if i in best.tokens else CHARACTER if i in best.character else NONE
            for i in range(n)
        ]
        self.targets = list(self.best)

    def _dice_options(self) -> list[ListOption]:
        hero = self.state.hero(self.battle.hero)
        diagram = hero.attack if self.battle.attacker == "kingdom" else hero.defence
        out = []
        for i, face in enumerate(self.battle.dice):
            label = tr(
                msg(
                    "unicornus_forms.battle.die",
                    n=i + 1,
                    face=face,
                    result=result_label(diagram[face - 1]),
                    target=Msg(f"unicornus_forms.battle.to_{self.targets[i]}"),
                )
            )
            out.append(ListOption(Text(label), id=f"die-{i}"))
        return out

    def current_assignment(self):
        """The assignment on screen (the table's edits checked by the engine), or raise."""
        tokens = tuple(i for i, t in enumerate(self.targets) if t == TOKEN)
        character = tuple(i for i, t in enumerate(self.targets) if t == CHARACTER)
        return table_assignment(self.state, self.space, tokens, character)

    def _show_assignment(self) -> None:
        result = self.query_one("#assign-result", Static)
        splits = self.query_one("#splits", OptionList)
        try:
            a = self.current_assignment()
        except CompanionError as exc:
            result.update(as_text(Text(str(exc), style=DANGER)))
            splits.clear_options()
            self.damage = None
            return
        unit, ch = self._enemy()
        line = msg(
            "unicornus_forms.battle.assign_result",
            damage=a.damage_taken,
            tokens=a.tokens_killed,
            character=a.character_damage,
        )
        text = Text(tr(line), style="bold")
        if a.wiped_out:
            text.append("  " + tr("unicornus_forms.battle.wiped_out"), style=GOOD)
        if self.targets != self.best:
            text.append("  " + tr("unicornus_forms.battle.edited"), style=WARNING)
        result.update(as_text(text))
        self.damage = a.damage_taken
        self._fill_splits(a.damage_taken)

    def _fill_splits(self, damage: int) -> None:
        hero = self.state.hero(self.battle.hero)
        splits = self.query_one("#splits", OptionList)
        splits.clear_options()
        try:
            legal = legal_splits(damage, hero.tokens, hero.damage, hero.life)
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            return
        self.splits = list(legal)
        for to_tokens, to_life in legal:
            dies = hero.damage + to_life >= hero.life
            label = tr(
                msg(
                    "unicornus_forms.battle.split_dies" if dies else "unicornus_forms.battle.split",
                    tokens=count("token", to_tokens),
                    life=to_life,
                    hero=name(hero.name),
                )
            )
            splits.add_option(ListOption(Text(label)))
        if legal:
            splits.highlighted = 0
        elif damage:
            self.notify(tr("unicornus_forms.battle.no_split"), severity="error")

    # --- princess battle ---
    def _compose_princess(self) -> ComposeResult:
        unit, ch = self._enemy()
        d = princess_damage(self.state, self.space)
        yield Static(
            Text(
                tr(
                    msg(
                        "unicornus_forms.battle.princess_damage",
                        life=ch.life_left if ch else 0,
                        tokens=unit.tokens if unit else 0,
                        allies=len(self.state.princess.allies),
                        damage=d,
                    )
                ),
                style="bold",
            ),
            id="princess-damage",
        )
        yield Static(tr("unicornus_forms.battle.split_help"), classes="hint")
        yield OptionList(id="splits")

    def on_mount(self) -> None:
        battle = self.battle
        if is_princess_battle(battle):
            self.damage = princess_damage(self.state, self.space)
            self._fill_splits(self.damage)
            self.query_one("#splits", OptionList).focus()
        elif battle.rolled:
            self._show_assignment()
            self.query_one("#dice", OptionList).focus()
        else:
            self.query_one("#dice-input", Input).focus()

    # --- actions ---------------------------------------------------------------------------
    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "dice-input":
            return
        error = self.query_one("#dice-error", Static)
        field = FormField("dice", Msg("unicornus_forms.battle.dice"), kind="dice")
        try:
            faces = parse_field(field, event.value)
        except ValueError as exc:
            error.update(as_text(str(exc)))  # what was typed stays in the box
            return
        expected = dice_for(self.state, self.battle)
        if len(faces) == expected:
            await self._roll(faces)
            return
        # another count is legal (a card or ability), but a typo ("35" for "356") is likelier:
        # ask, and keep what was typed if the answer is no
        question = msg(
            "unicornus_forms.battle.other_count", got=count("die", len(faces)), n=expected
        )
        error.update(as_text(question))

        async def answer(yes: bool | None) -> None:
            if yes:
                await self._roll(faces)

        self.app.push_screen(Confirm(question), answer)

    async def _roll(self, faces) -> None:
        self._answer(RollBattle(self.space, dice=tuple(faces)))

    async def action_roll(self) -> None:
        if is_princess_battle(self.battle) or self.battle.rolled:
            return
        self._answer(RollBattle(self.space))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "dice":
            if event.option_list.id == "splits":
                self.action_apply()
            return
        i = int(event.option.id.split("-")[1])
        unit, ch = self._enemy()
        cycle = [TOKEN, CHARACTER, NONE] if ch is not None else [TOKEN, NONE]
        self.targets[i] = cycle[(cycle.index(self.targets[i]) + 1) % len(cycle)]
        dice = event.option_list
        dice.replace_option_prompt_at_index(i, self._dice_options()[i].prompt)
        self._show_assignment()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "close":
            self.action_close()
        elif event.button.id == "apply":
            self.action_apply()
        elif event.button.id == "roll":
            await self.action_roll()

    def action_apply(self) -> None:
        battle = self.battle
        if not is_princess_battle(battle) and not battle.rolled:
            return
        if self.damage is None:
            self.notify(tr("unicornus_forms.battle.fix_assignment"), severity="error")
            return
        splits = self.query_one("#splits", OptionList)
        to_life = 0
        if self.splits:
            index = splits.highlighted if splits.highlighted is not None else 0
            to_life = self.splits[index][1]
        kw: dict[str, Any] = {"to_life": to_life}
        if not is_princess_battle(battle):
            if self.targets != self.best:
                kw["edited"] = True
                kw["tokens"] = tuple(i for i, t in enumerate(self.targets) if t == TOKEN)
                kw["character"] = tuple(i for i, t in enumerate(self.targets) if t == CHARACTER)
        self._answer(ResolveBattle(self.space, **kw))

    def _answer(self, cmd: RollBattle | ResolveBattle) -> None:
        """Close with ``cmd`` once the entry's answer takes it (refused: say why, stay open).
        A result that leads to the attackers' retreat is asked by the driver, or picked by
        the app when it picks ties (logged as its pick, §5.3)."""
        try:
            lead = self.entry.answer(cmd)
            if isinstance(lead, ResolveBattle | RollBattle):
                GAME.apply(self.state, lead)
        except CompanionError as exc:
            self.notify(tr(self.host.explain(exc)), severity="error")
            return
        if isinstance(lead, Ask) and lead.tie and self.app.ties == "auto":
            pick = next(o.label for o in lead.choice.options if o.value == lead.auto_command)
            self.notify(tr(msg("unicornus_forms.battle.auto_pick", pick=pick)))
            cmd = lead.auto_command
        self.dismiss(cmd)

    def action_close(self) -> None:
        self.dismiss(None)
