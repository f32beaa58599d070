"""Radio buttons and checkboxes whose mark says whether they are on, not only its colour.

Textual draws the same mark for on and off and tells them apart by colour alone, which is
lost under NO_COLOR, on a monochrome terminal and to a colour-blind player."""

from __future__ import annotations

from textual.widgets import Checkbox, RadioButton


class Wraps:
    def get_content_height(self, container, viewport, width: int) -> int:
        """Textual's is one line; with ``text-wrap: wrap`` a long label takes the lines it
        wraps to (a rule option at 80 columns), never cut with "…"."""
        if self.styles.text_wrap != "wrap":
            return super().get_content_height(container, viewport, width)
        return max(1, len(self.render().wrap(width)))


class Radio(Wraps, RadioButton):
    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "●" if self.value else "○"


class Check(Wraps, Checkbox):
    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "✓" if self.value else " "
