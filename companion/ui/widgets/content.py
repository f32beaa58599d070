"""Words on widgets: :func:`as_text`, the one way text reaches a widget, and updating a
:class:`~textual.widgets.Static` only when what it shows changed.

Textual reads a plain ``str`` as markup almost everywhere (``Static``, ``Label``, ``Button``,
border titles, ``DataTable`` cells): a player named ``[/]Bob`` would raise a ``MarkupError``
on every redraw, ``[b]x`` and ``[Anna]`` would lose their brackets (or vanish) and
``[@click=app.quit]`` would become a link that quits. So nothing a person typed or a file held
reaches a widget as a ``str``: it goes through :func:`as_text` (Textual ``Content``, which is
never parsed), or is already a Rich ``Text``. ``tests/hardening/test_screen_text.py`` renders
every screen with such names and fails when one is parsed as markup or shown otherwise than
as typed.

``Static.update`` always refreshes, and by default asks the screen for a full layout: on a game
screen redrawn after every key, unchanged panels would cost a layout and a repaint each time.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content, Span
from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widget import Widget
from textual.widgets import Static

from companion.core.i18n import Msg, tr


def themed(text: Text) -> Content | Text:
    """``text`` as Textual ``Content`` when a style of it names the theme's variables
    (``"bold $text-error"``, the colours of ``ui/colours.py``): Rich cannot read them, Textual
    reads them against the theme shown, on every redraw. Other ``Text`` is left as it is."""
    spans = text.spans
    if not any(isinstance(span.style, str) and "$" in span.style for span in spans):
        if not (isinstance(text.style, str) and "$" in text.style):
            return text
    out = [Span(0, len(text.plain), text.style)] if text.style else []
    out += [
        Span(s, e, style if isinstance(style, str) else Style.from_rich_style(style))
        for s, e, style in spans
    ]
    return Content(text.plain, out)


def as_text(value: str | Msg | Text | Content | None) -> Content | Text:
    """``value`` shown as typed, never read as markup: a ``Msg`` translated (its names as
    they are), a ``str`` as it is; ``Text`` and ``Content`` are text already (a ``Text`` in
    the theme's colours made ``Content``: :func:`themed`)."""
    if isinstance(value, Text):
        return themed(value)
    if isinstance(value, Content):
        return value
    if isinstance(value, Msg):
        value = tr(value)
    return Content(value or "")


# marks that lead the text after them (an ability under the creature or character it belongs
# to: "  ↳ moves 1 extra step"); in :class:`Hanging` the mark is part of its line's indent
LEADS = ("↳ ",)


class Hanging(Visual):
    """Text whose lines wrap under their own first character: a line's leading spaces, and a
    mark of ``LEADS`` after them, are its indent, kept by the lines it wraps onto (a preview
    nested under a count stays nested when it wraps, instead of running on at the left edge).
    The text after a mark wraps in the room beside it, so the mark never stands alone on a
    line: a Japanese sentence has no space to break at, and was moved whole to the next line,
    leaving "↳" behind. ``marks_only``: only the lines led by a mark hang (a table's rows, whose
    leading space is a column, wrap as they would). ``str()``: the text."""

    def __init__(self, text: Text | Content, *, marks_only: bool = False) -> None:
        self.key = (Hanging, marks_only, content_key(text))  # what is drawn (set_content)
        self.marks_only = marks_only
        shown = as_text(text)
        self.content = shown if isinstance(shown, Content) else Content.from_rich_text(shown)
        self._wrapped: tuple[int, Content] | None = None  # (width, the lines at that width)

    def __str__(self) -> str:
        return self.content.plain

    def _at(self, width: int) -> Content:
        if self._wrapped is None or self._wrapped[0] != width:
            lines: list[Content] = []
            for line in self.content.split("\n", allow_blank=True):
                lines += self._hung(line, width)
            self._wrapped = (width, Content("\n").join(lines))
        return self._wrapped[1]

    def _hung(self, line: Content, width: int) -> list[Content]:
        """``line`` on the lines it wraps onto at ``width``, under its indent."""
        plain = line.plain
        spaces = len(plain) - len(plain.lstrip(" "))
        mark = next((m for m in LEADS if plain.startswith(m, spaces)), "")
        if mark:
            indent = spaces + len(mark)
            cells = cell_len(plain[:indent])
            if cell_len(plain) <= width or cells >= width // 2:
                return [line]
            parts = line[indent:].wrap(width - cells)
            return [line[:indent] + parts[0], *(Content(" " * cells) + p for p in parts[1:])]
        if self.marks_only or not 0 < spaces < width // 2:
            return [line]
        pad = Content(" " * spaces)
        return [pad + part for part in line[spaces:].wrap(width - spaces)]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self._at(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._at(width).get_height(rules, width)


def content_key(content: Any) -> Any:
    """What decides how ``content`` is drawn, comparable with ``==`` (``None``: not known)."""
    if isinstance(content, Hanging):
        return content.key
    if isinstance(content, str | Content):
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
    The screen is laid out again only when the widget's size may change (:func:`keeps_size`;
    never with ``layout=False``, where it cannot). A ``str`` or ``Msg`` is shown as text
    (:func:`as_text`)."""
    if isinstance(content, str | Msg):
        content = as_text(content)
    key = content_key(content)
    if isinstance(content, Text):
        content = themed(content)
    shown = getattr(widget, "_shown_key", None)  # (content, key) of the last update here
    if key is not None and shown is not None and shown[0] is widget.content and shown[1] == key:
        return False  # (updated elsewhere since, the widget's content is another object)
    widget._shown_key = (content, key)
    widget.update(content, layout=False)
    if layout and not keeps_size(widget):
        widget.refresh(layout=True)
    return True


def covered(widget: Widget) -> bool:
    """Whether ``widget``'s screen is beneath another (a dialog). Textual repaints such a
    screen whole after its first change, which the dialog's backdrop takes for no change
    (``dialogs.Dialog.refresh``); a layout names the regions that changed, and the backdrop
    is drawn again with them."""
    return not widget.is_attached or widget.screen is not widget.app.screen


def keeps_size(widget: Widget) -> bool:
    """Whether ``widget`` (without children), its content just changed, keeps the size the
    last layout gave it: its width and its ancestors' do not follow content, and its height
    does not or comes to the same at its width. Textual lays the whole screen out for any
    widget that asks (2-4 ms a step on a game screen), for a size that mostly stays."""
    region = widget.region  # where the last layout put it (empty: not laid out, or hidden)
    if not region.width or covered(widget):
        return False
    for node in widget.ancestors_with_self:
        width = node.styles.width
        if width is not None and width.is_auto:
            return False
    styles = widget.styles
    if styles.height is None or not styles.height.is_auto:
        return True
    least, most = styles.min_height, styles.max_height
    if (least is not None and not least.is_cells) or (most is not None and not most.is_cells):
        return False
    gutter = styles.gutter.height
    inner = region.width - styles.gutter.width
    height = widget.get_content_height(region.size, widget.app.size, inner)
    if styles.box_sizing == "border-box":
        height += gutter
    if least is not None:
        height = max(height, int(least.value))
    if most is not None:
        height = min(height, int(most.value))
    if styles.box_sizing != "border-box":
        height += gutter
    return height == region.height


def set_border_title(widget: Widget, title: str | Msg | Content) -> None:
    """``widget.border_title = title`` (as text) unless it is already that. Setting it
    repaints the whole widget (a panel's box: every line of its border and background); a
    title changed on a widget already drawn repaints only the border's top line, where it
    shows (Textual keeps it as ``Widget._border_title``)."""
    title = as_text(title)
    shown = getattr(widget, "_shown_title", None)  # (title, what Textual gives back of it)
    if shown is not None and shown[0] == title and shown[1] == widget.border_title:
        return
    if shown is None or not widget.outer_size:
        widget.border_title = title
    else:
        kept = Content.from_rich_text(title) if isinstance(title, Text) else title
        widget._border_title = widget.render_str(kept).expand_tabs(4).split()[0]  # as Textual
        left, top = widget.content_offset
        widget.refresh(Region(-left, -top, widget.outer_size.width, 1))
    widget._shown_title = (title, widget.border_title)
