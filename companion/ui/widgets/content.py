"""Updating a :class:`~textual.widgets.Static` only when what it shows changed.

``Static.update`` always refreshes, and by default asks the screen for a full layout: on a game
screen redrawn after every key, unchanged panels would cost a layout and a repaint each time.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static


def content_key(content: Any) -> Any:
    """What decides how ``content`` is drawn, comparable with ``==`` (``None``: not known)."""
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return (
            content.plain,
            tuple(content.spans),
            content.style,
            content.justify,
            content.overflow,
            content.no_wrap,
            content.end,
            content.tab_size,
        )
    return None


def set_content(widget: Static, content: Any, *, layout: bool = True) -> bool:
    """``widget.update(content)`` unless it already shows the same; True if it updated.
    ``layout=False`` where the widget's size cannot change with its content (fixed size)."""
    key = content_key(content)
    shown = getattr(widget, "_shown_key", None)  # (content, key) of the last update here
    if key is not None and shown is not None and shown[0] is widget.content and shown[1] == key:
        return False  # (updated elsewhere since, the widget's content is another object)
    widget._shown_key = (content, key)
    widget.update(content, layout=layout)
    return True


def set_border_title(widget: Widget, title: str) -> None:
    """``widget.border_title = title`` unless it is already that (setting it always repaints)."""
    shown = getattr(widget, "_shown_title", None)  # (title, what Textual gives back of it)
    if shown is not None and shown[0] == title and shown[1] == widget.border_title:
        return
    widget.border_title = title
    widget._shown_title = (title, widget.border_title)
