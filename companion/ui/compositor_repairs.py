"""Two repairs of what Textual's compositor (8.2.8, the newest) draws on the terminal, each
found on the companion's screens and shown on Textual alone by a test in
``tests/ui/test_textual_private.py`` that fails once Textual does it itself.

- **A widget removed or moved is drawn away after a lazy layout.** The compositor keeps a
  map of where every widget is. A repaint of a widget that is not on screen (a scrollbar, a
  hidden container) or a scroll marks that map out of date; the next question about a
  widget's place then builds it again, quietly. A widget removed in between (an expired
  toast, asking its hidden rack for its size) is then missing from both the rebuilt map and
  the next layout's, so no layout finds it gone: it stayed drawn on the terminal until the
  window was resized. The quiet rebuild here marks what it finds changed for repaint, as a
  layout does.
- **A wide character is not cut at the right edge of a partial update.** A change drawn
  over part of a line (the toast gone from above the footer) ends where the change ends,
  and a Japanese character across that edge was cut in two and drawn as a blank ("パレット"
  lost its "ト"). Each changed part of a line is drawn on to the end of the widget's part of
  it there, which the compositor has rendered whole already.
"""

from __future__ import annotations

from textual._compositor import ChopsUpdate, Compositor, CompositorMap

_textual_full_map = Compositor.full_map  # the property, as Textual defines it
_textual_render_partial_update = Compositor.render_partial_update


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


def _render_partial_update(compositor: Compositor) -> ChopsUpdate | None:
    update = _textual_render_partial_update(compositor)
    if update is not None:
        # each line's part ends where a widget's part of the line ends (its chop), past x2
        ends = update.chop_ends
        update.spans = [
            (y, x1, next((end for end in ends[y] if end >= x2), x2)) for y, x1, x2 in update.spans
        ]
    return update


def install() -> None:
    Compositor.full_map = property(_full_map)  # type: ignore[method-assign]
    Compositor.render_partial_update = _render_partial_update  # type: ignore[method-assign]
