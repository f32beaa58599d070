"""Help (F1): the app's own keys on the screen it was opened from, beside the players' guide of
that screen's game (the general guide on home), in a Markdown viewer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Markdown, MarkdownViewer, Static

from companion import docs
from companion.core.i18n import has_key, language, msg, tr
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.footer import Footer


def own_bindings(screen: Screen) -> Iterator[tuple[str, ActiveBinding]]:
    """The bindings of ``screen`` (its focused widgets and the app included) that are the
    app's own: their description is one of our message keys (``translate_bindings`` keeps
    it), not one of Textual's widget keys ("Scroll Left", "Focus Next", copy…)."""
    for key, active in screen.active_bindings.items():
        binding = active.binding
        originals = active.node.__dict__.get("_binding_keys", {})
        original = originals.get((key, binding.action))
        if not binding.description or not original or not has_key(original):
            continue
        yield key, active


def game_of(screen: Screen) -> str | None:
    """The game key of a game screen (it holds ``session``), else ``None``."""
    session = getattr(screen, "session", None)
    return getattr(getattr(session, "game", None), "key", None)


def first_section(text: str) -> tuple[str, str]:
    """``text`` cut before its second ``## `` heading (not inside a fenced block): the title
    and the first section, then the rest."""
    fenced, at, headings = False, 0, 0
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        elif line.startswith("## ") and not fenced:
            headings += 1
            if headings == 2:
                return text[:at], text[at:]
        at += len(line)
    return text, ""


class Guide(MarkdownViewer):
    """A guide page whose links never end the app: a web address or a file that is not a page
    of the guides (a screenshot) opens in the browser, another page of the guides opens here
    (``backspace`` goes back), an anchor scrolls to its heading. Textual's viewer read any
    link as a Markdown file relative to the working folder and raised when it was not one."""

    BINDINGS = [Binding("backspace", "page_back", "ui.help.key.page_back")]

    def __init__(self, page: Path, **kwargs) -> None:
        # Textual's widgets for a whole guide are most of F1's work (4-5 s on a loaded
        # machine before anything showed): the first section is drawn, then the rest added
        first, self.rest = first_section(page.read_text(encoding="utf-8"))
        super().__init__(
            first,
            show_table_of_contents=False,
            open_links=False,  # the document leaves its links to us
            **kwargs,
        )
        self.navigator.go(page.resolve())
        translate_bindings(self)

    def on_mount(self) -> None:
        self.call_after_refresh(self._append_rest)

    async def _append_rest(self) -> None:
        if self.rest:
            await self.document.append(self.rest)
            self.rest = ""  # once drawn: what tells the whole guide is there

    @property
    def page(self) -> Path:
        return self.navigator.location

    async def _on_markdown_link_clicked(self, message: Markdown.LinkClicked) -> None:
        message.stop()
        message.prevent_default()  # not MarkdownViewer's handler, the one that raised
        await self.follow(message.href)

    async def follow(self, href: str) -> None:
        link = urlsplit(href)
        if link.scheme:  # https:, mailto:, file:
            self.app.open_url(href)
            return
        if not link.path:
            self.document.goto_anchor(link.fragment)
            return
        target = (self.page.parent / unquote(link.path)).resolve()
        if not target.is_file():
            self.app.notify(msg("ui.help.no_page", page=href), severity="warning")
        elif target.suffix == ".md":
            await self.go(f"{target}#{link.fragment}" if link.fragment else target)
        else:
            self.app.open_url(target.as_uri())

    async def action_page_back(self) -> None:
        await self.back()


# the keys' table in its 46-cell panel: both columns plus a cell of padding each side
KEY_WIDTH, WORDS_WIDTH = 8, 30


class HelpScreen(Screen[None]):
    DEFAULT_CSS = """
    HelpScreen #help-keys { width: 46; border-right: tall $primary; padding: 0 1; }
    HelpScreen #help-keys DataTable { height: auto; }
    HelpScreen MarkdownViewer { padding: 0 1; }
    /* Textual sizes a table column by its longest space-separated word and cuts a longer word
       to "…", and a Japanese cell is one such "word": its column took the whole width and
       every cell was cut. Equal columns, and long words folded onto the next line. */
    HelpScreen MarkdownViewer.-no-spaces MarkdownTableContent {
        grid-columns: 1fr;
        & > .cell, & > .header { text-overflow: fold; }
    }
    """
    BINDINGS = [Binding("escape,f1,q", "app.pop_screen", "ui.key.back")]

    def __init__(self, under: Screen, game: str | None = None) -> None:
        super().__init__()
        self.under = under
        self.game = game
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="help-keys"):
                yield Static(tr("ui.help.title"), classes="section-title")
                yield DataTable(id="keys", show_cursor=False)
                yield Static(tr("ui.help.footer"))
            yield Guide(
                docs.guide_path(self.game, language()),
                id="guide",
                classes="-no-spaces" if language() == "ja" else "",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.show_title()
        table = self.query_one(DataTable)
        # the words' column has a width so that a long description wraps (Japanese, 80x24)
        # instead of running off the panel; each row is as high as its words
        table.add_column(tr("ui.help.col.key"), width=KEY_WIDTH)
        table.add_column(tr("ui.help.col.action"), width=WORDS_WIDTH)
        rows = [
            (self.app.get_key_display(active.binding), active.binding.description)
            for _key, active in own_bindings(self.under)
        ]
        for key, words in (*rows, ("ctrl+p", tr("ui.help.palette"))):
            table.add_row(key, words, height=None)
        self.query_one("#guide").focus()

    def show_title(self) -> None:
        self.title = tr("ui.help.guide_title", guide=self.query_one(Guide).page.name)

    def on_markdown_viewer_navigator_updated(self) -> None:
        self.show_title()
