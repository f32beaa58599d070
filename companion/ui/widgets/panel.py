"""Widgets whose size only their parent's layout decides, laid out once per change.

Textual lays the screen out a second time whenever a widget's size changed in a layout: the
widget's ``virtual_size`` is a reactive that asks for a layout when set, and the layout sets
it. For a scrolling container that second layout places its scrollbars; for a widget with
no children or scrollbars (a panel of text, a footer key) it changes nothing but costs a
layout and a frame: on a game screen, a step that grows the events panel or changes a key's
words took two of each (issue 26). :class:`LaidOut` makes the new size part of the layout
that gave it.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Static


class LaidOut:
    """Mixin (before the widget class) for a widget with no children or scrollbars: a new
    size from the layout is drawn in that layout's frame (the layout marks the widget for
    it), without laying the screen out again or a frame of its own."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class Panel(LaidOut, Static):
    """A ``Static`` of a game screen (updated with ``widgets.content.set_content``)."""


class PanelBox(LaidOut, VerticalScroll, can_focus=False):
    """A box around a :class:`Panel` that scrolls when the panel is taller than the box may
    be (its ``max-height``): a scrollbar shows that more follows, where a panel alone cuts
    its last lines with no sign. Its new size is drawn in the layout that gave it, as a
    panel's is; a scrollbar that comes or goes lays the screen out again (Textual's
    ``show_vertical_scrollbar``)."""
