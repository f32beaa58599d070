"""The "how far did it go?" dialog: one line per step count with where that count ends, so
the table presses the digit of the count it moved (or j to put it on any space)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from companion.core.i18n import msg, tr
from companion.games.magical_friends import GameState
from companion.games.magical_friends.queries import destinations

from .names import creature_label, space_label

MAX_STEPS = 9
JUMP = "jump"


def ends_preview(state: GameState, cid: str, steps: int) -> str:
    walks = destinations(state, cid, steps)
    if not walks:
        return "–"
    if any(w.cavern for w in walks):
        return tr("magical_friends_ui.steps.cavern")
    ends = []
    for w in walks:
        if w.end not in ends:
            ends.append(w.end)
    return " | ".join(space_label(state, e) for e in ends)


class StepsDialog(ModalScreen[int | str | None]):
    """Dismisses with the step count, ``JUMP`` (ability: straight onto a space) or None."""

    DEFAULT_CSS = """
    StepsDialog { align: center middle; }
    StepsDialog > Vertical { width: 78; height: auto; border: thick $accent; background: $surface;
                             padding: 1 2; }
    StepsDialog #steps-list { height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, state: GameState, cid: str, allow_jump: bool = False) -> None:
        super().__init__()
        self.state, self.cid, self.allow_jump = state, cid, allow_jump

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                tr(
                    msg(
                        "magical_friends_ui.steps.title",
                        creature=creature_label(self.state, self.cid),
                    )
                ),
                classes="section-title",
            )
            where = self.state.creature(self.cid).where
            yield Static(
                tr(msg("magical_friends_ui.steps.from", space=space_label(self.state, where)))
            )
            lines = Text()
            for n in range(1, MAX_STEPS + 1):
                lines.append(f"{n}", style="bold")
                lines.append(f"  {ends_preview(self.state, self.cid, n)}\n")
            if self.allow_jump:
                lines.append("j", style="bold")
                lines.append("  " + tr("magical_friends_ui.steps.jump") + "\n")
            yield Static(lines, id="steps-list")
            yield Static(tr("magical_friends_ui.steps.hint"), classes="hint")

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            event.stop()
            self.dismiss(int(event.character))
        elif event.character == "j" and self.allow_jump:
            event.stop()
            self.dismiss(JUMP)
        elif event.character and event.character.isprintable():
            # any other key: say what this dialog takes (0, letters, ...) instead of nothing
            event.stop()
            key = (
                "magical_friends_ui.steps.bad_key_jump"
                if self.allow_jump
                else ("magical_friends_ui.steps.bad_key")
            )
            self.notify(tr(msg(key, pressed=event.character)), severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)
