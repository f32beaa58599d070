"""Two repairs of what Textual's compositor (8.2.8, the newest) draws on the terminal, each
found on the companion's screens and shown on Textual alone by a test in
``tests/ui/test_textual_private.py`` that fails once Textual does it itself, and one saving
(:func:`_only_what_changed`: a partial update draws only the widgets over what changed).

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

from collections.abc import Iterator

from textual._compositor import ChopsUpdate, Compositor, CompositorMap
from textual.geometry import Region

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
    return _wide_characters_whole(_only_what_changed(compositor))


def _wide_characters_whole(update: ChopsUpdate | None) -> ChopsUpdate | None:
    if update is not None:
        # each line's part ends where a widget's part of the line ends (its chop), past x2
        ends = update.chop_ends
        update.spans = [
            (y, x1, next((end for end in ends[y] if end >= x2), x2)) for y, x1, x2 in update.spans
        ]
    return update


def _only_what_changed(compositor: Compositor) -> ChopsUpdate | None:
    """Textual's partial update, drawing only the widgets over a changed part. Textual draws
    every widget in the box around all the changed parts, whole, and cuts each of their
    lines that has a change: a step that changes the prompt at the top and the footer at
    the bottom drew the whole screen (the map, every container) to send a few lines. The
    lines sent are the changed parts only (``ChopsUpdate.spans``), and only the widgets
    over them show there, so they are the same."""
    changed = list(compositor._dirty_regions)  # (Textual's update empties them)
    if len(changed) < 2:
        return _textual_render_partial_update(compositor)
    compositor._get_renders = lambda crop=None: _renders_over(compositor, changed)
    try:
        return _textual_render_partial_update(compositor)
    finally:
        del compositor._get_renders  # (Textual's own again)


def _renders_over(compositor: Compositor, changed: list[Region]) -> Iterator[tuple]:
    """What ``Compositor._get_renders`` gives (each widget drawn as Textual draws it) for the
    widgets over ``changed`` only."""
    overlaps = Region.overlaps
    for widget, (region, clip) in compositor.visible_widgets.items():
        shown = region.intersection(clip)
        if not shown or not any(overlaps(part, shown) for part in changed):
            continue
        if clip.contains_region(region):
            yield region, clip, widget.render_lines(Region(0, 0, region.width, region.height))
        else:
            x, y, width, height = shown
            yield (
                region,
                clip,
                widget.render_lines(Region(x - region.x, y - region.y, width, height)),
            )


def install() -> None:
    Compositor.full_map = property(_full_map)  # type: ignore[method-assign]
    Compositor.render_partial_update = _render_partial_update  # type: ignore[method-assign]
