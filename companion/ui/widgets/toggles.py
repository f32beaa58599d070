"""Radio buttons and checkboxes whose mark says whether they are on, not only its colour.

Textual draws the same mark for on and off and tells them apart by colour alone, which is
lost under NO_COLOR, on a monochrome terminal and to a colour-blind player."""

from __future__ import annotations

from textual.widgets import Checkbox, RadioButton


class Radio(RadioButton):
    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "●" if self.value else "○"


class Check(Checkbox):
    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "✓" if self.value else " "
