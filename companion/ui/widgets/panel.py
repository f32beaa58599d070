"""Widgets whose size only their parent's layout decides, laid out once per change.

Textual lays the screen out a second time whenever a widget's size changed in a layout: the
widget's ``virtual_size`` is a reactive that asks for a layout when set, and the layout sets
it. For a scrolling container that second layout places its scrollbars; for a widget with
no children or scrollbars (a panel of text, a footer key) it changes nothing but costs a
layout and a frame: on a game screen, a step that grows the events panel or changes a key's
words took two of each (issue 26). :class:`LaidOut` makes the new size part of the layout
that gave it.

Textual draws every row of a widget again whenever any of it changes, its border and
background included: a step that changes one line of a panel, or scrolls the log by a line,
redrew all their rows (a third of a step's drawing). :class:`KeptRows` draws a row again only
when what it shows changed.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import Static


class LaidOut:
    """Mixin (before the widget class) for a widget with no children or scrollbars: a new
    size from the layout is drawn in that layout's frame (the layout marks the widget for
    it), without laying the screen out again or a frame of its own."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class KeptRows:
    """Mixin (before the widget class; not a ``Widget`` itself, which would cut the chain of
    the widget's CSS types): a row between the border's is drawn once for as long as its
    content line and the widget's look stay the same (:meth:`_rows_look`); the others (the
    border's, a changed line's) Textual draws as always."""

    _rows_kept: dict[tuple, Strip] | None = None  # a content line's cells -> its row
    _look: tuple = ()

    def render_lines(self, crop: Region) -> list[Strip]:
        look = self._rows_look()
        if look != self._look or self._rows_kept is None:
            self._look, self._rows_kept = look, {}
        kept = self._rows_kept
        first = self.styles.gutter.top  # rows count from the border's
        end = self.outer_size.height - self.styles.gutter.bottom
        keys = [
            tuple((s.text, s.style) for s in self.render_line(y - first))
            if first <= y < end
            else None
            for y in crop.line_range
        ]
        rows = [kept.get(key) if key is not None else None for key in keys]
        width = self.outer_size.width
        n = 0
        while n < len(rows):  # each run of rows not kept drawn at once, at full width
            if rows[n] is not None:
                n += 1
                continue
            run = n
            while run < len(rows) and rows[run] is None:
                run += 1
            drawn = super().render_lines(Region(0, crop.y + n, width, run - n))
            for i, row in enumerate(drawn, start=n):
                rows[i] = row
                if (key := keys[i]) is not None:
                    kept[key] = row
            n = run
        if len(kept) > 2 * self.outer_size.height:  # only the rows just drawn stay kept
            self._rows_kept = {
                key: row for key, row in zip(keys, rows, strict=True) if key is not None
            }
        x1, x2 = crop.column_span
        if (x1, x2) != (0, width):
            return [row.crop(x1, x2) for row in rows]  # type: ignore[union-attr]
        return rows  # type: ignore[return-value]

    def _rows_look(self) -> tuple:
        """What a row's look depends on besides its content line (any change draws every
        row anew): the size, the theme, the styles (the border's colour follows the focus),
        the colours beneath, a link under the mouse."""
        styles = self.styles
        return (
            self.outer_size,
            self.app.theme,
            self.app.ansi_theme,
            self.has_focus,
            self.background_colors,
            styles.border,
            styles.outline,
            styles.padding,
            styles.tint,
            styles.text_opacity,
            styles.hatch if styles.has_rule("hatch") else None,
            self.opacity,
            self.hover_style,
            tuple(self.get_line_filters()),
        )


class Panel(KeptRows, LaidOut, Static):
    """A ``Static`` of a game screen (updated with ``widgets.content.set_content``)."""


class PanelBox(LaidOut, VerticalScroll, can_focus=False):
    """A box around a :class:`Panel` that scrolls when the panel is taller than the box may
    be (its ``max-height``): a scrollbar shows that more follows, where a panel alone cuts
    its last lines with no sign. Its new size is drawn in the layout that gave it, as a
    panel's is; a scrollbar that comes or goes lays the screen out again (Textual's
    ``show_vertical_scrollbar``)."""
