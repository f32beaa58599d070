"""The app's button: Textual's, but a key always presses it.

Textual ignores Enter or Space on a button still showing its last press (0.2 s), so the same
keys pressed a button fewer times typed fast than typed slowly: the battle helper's Roll, or a
kept form's Cancel pressed again just after the form was shown again (issue 26). A key is
the table's deliberate press; the guard against a double click stays on the mouse's click."""

from __future__ import annotations

from textual.widgets import Button as TextualButton


class Button(TextualButton):
    def action_press(self) -> None:
        self.press()
