"""The "how far did it go?" dialog (the form of the engine's ``magical_friends.steps`` entry):
one line per step count with where that count ends, so the table presses the digit of the
count it moved (or j to put it on any space, where an ability may). A bonus card's move
(Pity Power, Fairy Dust) has one count: its line and preview, taken with its digit or Enter.
A count of 10 or more, typed, shows its preview under what was typed.

A digit is taken at once only when no longer count is possible from where the creature
stands (nothing is 10+ steps from the tavern, or the digit is 3 and the tavern is 25 steps
away: the one number rule of every dialog, ``dialogs.number_is_complete``). Otherwise the
count waits, showing what was typed, and Enter takes it, as the hint says: a second digit
never takes it early, so the Enter typed after it is not left over for the next dialog."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.core.game import Entry
from companion.core.i18n import Msg, msg, tr
from companion.games.magical_friends import (
    JUMP,
    SLAIN,
    GameState,
    MoveSeen,
    preview_move,
    step_ends,
    steps_to_tavern,
)
from companion.ui.colours import DANGER, MUTED, WARNING
from companion.ui.dialogs import Dialog, number_is_complete
from companion.ui.widgets.content import Hanging, as_text

from .names import CAVERN_RANGE, creature_label, humanize, space_label

MAX_STEPS = 9  # counts listed with where they end
PREVIEW_UNSAID = ("magical_friends.event.cavern", "magical_friends.event.app_dice")
# events whose words start with the space's name, which the line's head already says
SAID_BY_SPACE = ("switch", "highway_choice", "highway_spared", "chili", "gift_shop")


def effect_words(message: Msg, state: GameState) -> str:
    """An event where the move ends, without the space's name the head gave (said once)."""
    said = humanize(message, state)
    name = message.key.removeprefix("magical_friends.event.")
    if name not in SAID_BY_SPACE:
        return tr(said)
    if name == "switch":  # humanize said which side is up
        name = said.key.removeprefix("magical_friends_ui.event.")
    return tr(Msg(f"magical_friends_ui.steps.effect.{name}", said.params))


def ends_preview(state: GameState, cid: str, steps: int) -> str:
    ends = step_ends(state, cid, steps)
    if ends is None:
        return tr("magical_friends_ui.steps.cavern")
    return " | ".join(space_label(state, e) for e in ends) or "–"


def cavern_words(state: GameState, seen: MoveSeen) -> str:
    """The die faces of the cavern paths a way took ("3-4 shortcut, "), unless the space it
    ends on is the one path taken and its label says them already."""
    space = state.board.spaces.get(seen.end or "")
    if len(seen.cavern) == 1 and space is not None and space.cavern_path == seen.cavern[0]:
        return ""
    paths = (f"{CAVERN_RANGE[p]} {tr(f'magical_friends.cavern.{p}')}" for p in seen.cavern)
    return ", ".join(paths) + ", "


def effects_lines(state: GameState, cid: str, steps: int, how: str, power: dict) -> Text:
    """What each way of ``steps`` would trigger where it ends, as the engine's preview says
    (only the ways where something happens; a cavern path with its chance on the die)."""
    out = Text()
    said = set()  # two forks that end alike are said once
    for seen in preview_move(state, cid, steps, how, **power):
        if seen.refused is not None:
            if seen.refused not in said:
                said.add(seen.refused)
                out.append(f"     ⚠ {tr(seen.refused)}\n", style=WARNING)
            continue
        # the path is in the head; a die the preview rolled is not the table's
        events = [e for e in seen.events if e.key not in PREVIEW_UNSAID]
        if (not events and not seen.cavern) or (seen.end, seen.events, seen.chance) in said:
            continue
        said.add((seen.end, seen.events, seen.chance))
        end = "✝" if seen.end == SLAIN else space_label(state, seen.end or "")
        head = f"     → {end}"
        if seen.cavern:
            chance = f"{seen.chance.numerator}/{seen.chance.denominator}"
            head += f" ({cavern_words(state, seen)}{chance})"
        what = " · ".join(effect_words(e, state) for e in events) or "–"
        out.append(head + ": ", style=DANGER if seen.end == SLAIN else "bold")
        out.append(what + "\n", style=MUTED if seen.end != SLAIN else "$text-error")
    return out


class StepsDialog(Dialog[int | str | None]):
    """Dismisses with the step count, ``JUMP`` (ability: straight onto a space) or None."""

    DEFAULT_CSS = """
    StepsDialog { align: center middle; }
    StepsDialog > VerticalScroll { width: 78; max-width: 100%; height: auto; max-height: 100%;
                                   border: thick $text-accent; background: $surface;
                                   padding: 1 2; }
    StepsDialog #steps-list { height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, state: GameState, entry: Entry) -> None:
        super().__init__()
        self.define(state, entry)

    def define(self, state: GameState, entry: Entry) -> None:
        steps = entry.subject  # what the engine asks: whose move, of which kind, jump or not
        self.state, self.cid, self.allow_jump = state, steps.creature, steps.jump
        self.how, self.power = steps.how, dict(steps.power)
        self.exact = steps.exact  # a bonus card's one count (§4), else None
        self.longest = steps.exact or steps_to_tavern(state, self.cid)
        self.typed = ""

    def compose(self) -> ComposeResult:
        # scrolls on a short terminal (80×24): the count typed and the hint stay reachable
        with VerticalScroll():
            yield Static(id="steps-title", classes="section-title")
            yield Static(id="steps-from")
            yield Static(id="steps-list")
            yield Static(id="steps-typed")
            yield Static(tr("magical_friends_ui.steps.hint"), classes="hint")

    def on_mount(self) -> None:
        self.refill()

    def refill(self) -> None:
        title = msg("magical_friends_ui.steps.title", creature=creature_label(self.state, self.cid))
        self.query_one("#steps-title", Static).update(as_text(title))
        where = self.state.creature(self.cid).where
        said = (
            "magical_friends_ui.steps.from"
            if self.exact is None
            else ("magical_friends_ui.steps.exact")
        )
        space = space_label(self.state, where)
        self.query_one("#steps-from", Static).update(
            as_text(msg(said, space=space, steps=self.exact or 0))
        )
        lines = Text()
        first = self.exact or 1
        for n in range(first, min(MAX_STEPS, self.longest) + 1):
            lines.append(f"{n}", style="bold")
            lines.append(f"  {ends_preview(self.state, self.cid, n)}\n")
            lines.append_text(effects_lines(self.state, self.cid, n, self.how, self.power))
        if self.longest > MAX_STEPS:
            lines.append(
                tr(msg("magical_friends_ui.steps.longer", longest=self.longest)) + "\n",
                style="italic",
            )
        if self.allow_jump:
            lines.append("j", style="bold")
            lines.append("  " + tr("magical_friends_ui.steps.jump") + "\n")
        self.query_one("#steps-list", Static).update(Hanging(lines))
        self._show_typed()
        self.query_one(VerticalScroll).scroll_home(animate=False, immediate=True)

    def on_key(self, event) -> None:
        char = event.character
        if char and char.isdigit() and (self.typed or char != "0"):
            event.stop()
            self.typed += char
            n = int(self.typed)
            if len(self.typed) == 1 and number_is_complete(n, self.longest):
                self.dismiss(n)  # one digit and no longer count possible: taken now
            else:  # it could go on, or went on: Enter takes it, as the hint says
                self._show_typed()
        elif event.key == "enter" and (self.typed or self.exact):
            event.stop()
            self.dismiss(int(self.typed) if self.typed else self.exact)
        elif event.key == "backspace" and self.typed:
            event.stop()
            self.typed = self.typed[:-1]
            self._show_typed()
        elif char == "j" and self.allow_jump and not self.typed:
            event.stop()
            self.dismiss(JUMP)
        elif char and char.isprintable():
            # any other key: say what this dialog takes (0, letters, ...) instead of nothing
            event.stop()
            key = (
                "magical_friends_ui.steps.bad_key_jump"
                if self.allow_jump
                else ("magical_friends_ui.steps.bad_key")
            )
            self.notify(tr(msg(key, pressed=char, longest=self.longest)), severity="warning")

    def _show_typed(self) -> None:
        typed = self.query_one("#steps-typed", Static)
        if not self.typed:
            typed.update("")
            return
        n = int(self.typed)
        line = Text(f"{self.typed}_", style="bold reverse")
        line.append(
            "  "
            + tr(
                msg(
                    "magical_friends_ui.steps.typed",
                    steps=n,
                    ends=ends_preview(self.state, self.cid, n),
                )
            )
        )
        if n > MAX_STEPS:  # not in the list above: its preview here
            line.append("\n")
            line.append_text(effects_lines(self.state, self.cid, n, self.how, self.power))
        typed.update(Hanging(line))
        typed.call_after_refresh(typed.scroll_visible, animate=False)  # under the list at 80×24

    def action_cancel(self) -> None:
        self.dismiss(None)
