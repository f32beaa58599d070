"""Widgets removed or moved are drawn away even when Textual lays the screen out lazily.

Textual's compositor (8.2.8, the newest) keeps a map of where every widget is. A repaint of a
widget that is not on screen (a scrollbar, a hidden container) or a scroll marks that map out
of date; the next question about a widget's place then builds it again, quietly. A widget
removed in between (an expired toast, asking its hidden rack for its size) is then missing
from both the rebuilt map and the next layout's, so no layout finds it gone: it stayed drawn
on the terminal until the window was resized. :func:`install` makes the quiet rebuild mark
what it finds changed for repaint, as a layout does. ``tests/ui/test_textual_private.py``
shows the fault on Textual alone and fails once Textual's own rebuild changes.
"""

from __future__ import annotations

from textual._compositor import Compositor, CompositorMap

_textual_full_map = Compositor.full_map  # the property, as Textual defines it


def _full_map(compositor: Compositor) -> CompositorMap:
    if compositor.root is None or not compositor._full_map_invalidated:
        return _textual_full_map.fget(compositor)
    # what the last layout placed: the widgets on screen after a scroll, else the whole map
    before = compositor._visible_map
    if before is None:
        before = compositor._full_map
    after = _textual_full_map.fget(compositor)
    compositor._dirty_regions.update(
        region
        for _, geometry in after.items() ^ before.items()
        if (region := geometry.clip.intersection(geometry.region))
    )
    return after


def install() -> None:
    Compositor.full_map = property(_full_map)  # type: ignore[method-assign]
