"""The "how far did it go?" dialog: one line per step count with where that count ends, so
the table presses the digit of the count it moved (or j to put it on any space).

Counts of 10 or more are typed and confirmed with Enter: a digit is taken at once when no
longer count is possible from where the creature stands (nothing is 10+ steps from the
tavern, or the digit is 3 and the tavern is 25 steps away); otherwise it waits, showing
what was typed, for Enter or the next digit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.core.i18n import msg, tr
from companion.games.magical_friends import (
    SLAIN,
    GameState,
    preview_move,
    step_ends,
    steps_to_tavern,
)
from companion.ui.dialogs import Dialog, number_is_complete
from companion.ui.widgets.content import as_text

from .names import creature_label, humanize, space_label

MAX_STEPS = 9  # counts listed with where they end
JUMP = "jump"


def ends_preview(state: GameState, cid: str, steps: int) -> str:
    ends = step_ends(state, cid, steps)
    if ends is None:
        return tr("magical_friends_ui.steps.cavern")
    return " | ".join(space_label(state, e) for e in ends) or "–"


def effects_lines(state: GameState, cid: str, steps: int, how: str, power: dict) -> Text:
    """What each way of ``steps`` would trigger where it ends, as the engine's preview says
    (only the ways where something happens; a cavern path with its chance on the die)."""
    out = Text()
    said = set()  # two forks that end alike are said once
    for seen in preview_move(state, cid, steps, how, **power):
        if seen.refused is not None:
            if seen.refused not in said:
                said.add(seen.refused)
                out.append(f"     ⚠ {tr(seen.refused)}\n", style="yellow")
            continue
        events = [e for e in seen.events if e.key != "magical_friends.event.cavern"]
        if (not events and not seen.cavern) or (seen.end, seen.events, seen.chance) in said:
            continue
        said.add((seen.end, seen.events, seen.chance))
        end = "✝" if seen.end == SLAIN else space_label(state, seen.end or "")
        head = f"     → {end}"
        if seen.cavern:
            head += f" ({seen.chance.numerator}/{seen.chance.denominator})"
        what = " · ".join(tr(humanize(e, state)) for e in events) or "–"
        out.append(head + ": ", style="bold red" if seen.end == SLAIN else "bold")
        out.append(what + "\n", style="dim" if seen.end != SLAIN else "red")
    return out


class StepsDialog(Dialog[int | str | None]):
    """Dismisses with the step count, ``JUMP`` (ability: straight onto a space) or None."""

    DEFAULT_CSS = """
    StepsDialog { align: center middle; }
    StepsDialog > VerticalScroll { width: 78; max-width: 100%; height: auto; max-height: 100%;
                                   border: thick $accent; background: $surface;
                                   padding: 1 2; }
    StepsDialog #steps-list { height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(
        self,
        state: GameState,
        cid: str,
        allow_jump: bool = False,
        how: str = "basic",
        power: dict | None = None,
    ) -> None:
        super().__init__()
        self.state, self.cid, self.allow_jump = state, cid, allow_jump
        self.how, self.power = how, power or {}
        self.longest = steps_to_tavern(state, cid)
        self.typed = ""

    def compose(self) -> ComposeResult:
        # scrolls on a short terminal (80×24): the count typed and the hint stay reachable
        with VerticalScroll():
            yield Static(
                as_text(
                    msg(
                        "magical_friends_ui.steps.title",
                        creature=creature_label(self.state, self.cid),
                    )
                ),
                classes="section-title",
            )
            where = self.state.creature(self.cid).where
            yield Static(
                as_text(msg("magical_friends_ui.steps.from", space=space_label(self.state, where)))
            )
            lines = Text()
            for n in range(1, min(MAX_STEPS, self.longest) + 1):
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
            yield Static(lines, id="steps-list")
            yield Static(id="steps-typed")
            yield Static(tr("magical_friends_ui.steps.hint"), classes="hint")

    def on_key(self, event) -> None:
        char = event.character
        if char and char.isdigit() and (self.typed or char != "0"):
            event.stop()
            self.typed += char
            n = int(self.typed)
            if number_is_complete(n, self.longest):  # no longer count possible: taken now
                self.dismiss(min(n, self.longest))
            else:
                self._show_typed()
        elif event.key == "enter" and self.typed:
            event.stop()
            self.dismiss(int(self.typed))
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
        typed.update(line)
        typed.call_after_refresh(typed.scroll_visible, animate=False)  # under the list at 80×24

    def action_cancel(self) -> None:
        self.dismiss(None)
