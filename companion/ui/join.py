"""The join codes on the host's screen (``companion serve``): one QR code at a time, with its
address and what it opens; the players scan theirs in turn.

The QR code is the app's one drawing of them (:mod:`companion.ui.widgets.qr`: half blocks,
black on white whatever the theme, with the quiet zone), so a phone's camera reads it off
the terminal.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from companion.core.game import NOTHING
from companion.core.i18n import msg, tr
from companion.ui.dialogs import Confirm, Dialog
from companion.ui.widgets.qr import QRCode


class JoinDialog(Dialog[None]):
    """The codes of ``join`` (``companion serve``'s web server: ``codes``, ``url(code)``,
    ``local_only``, ``revoke(n)``; each code's ``label``), one shown at a time:
    left/right or a digit picks one; ``r`` revokes the one shown (asked first: the pages open
    on it are told so and closed, and a new code takes its place); Escape closes (the server
    keeps serving)."""

    DEFAULT_CSS = """
    JoinDialog { align: center middle; }
    JoinDialog > Vertical { width: 62; max-width: 100%; height: auto; max-height: 100%;
                            border: thick $text-accent; padding: 0 1; background: $surface; }
    JoinDialog #which { text-style: bold; }
    JoinDialog #qr { width: auto; }
    JoinDialog #help, JoinDialog #where { color: $text-muted; }
    JoinDialog #body, JoinDialog #words { height: auto; }
    /* a short terminal (80×24): the words beside the code, which must be seen whole */
    JoinDialog.side > Vertical { width: 80; }
    JoinDialog.side #body { layout: horizontal; }
    JoinDialog.side #words { width: 1fr; padding-left: 2; }
    """
    BINDINGS = [
        Binding("right,down,tab", "show(1)", show=False),
        Binding("left,up,shift+tab", "show(-1)", show=False),
        Binding("escape,enter", "close", show=False),
        Binding("r", "revoke", show=False),
    ]
    asks = NOTHING  # the codes ask nothing of the game: a step made elsewhere leaves them open

    def __init__(self, join: Any) -> None:
        super().__init__()
        self.join, self.index = join, 0

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="which")
            with Vertical(id="body"):
                yield QRCode(self._url(), id="qr")
                with Vertical(id="words"):
                    yield Static(id="url")
                    yield Static(id="where")
                    yield Static(id="help")

    def on_mount(self) -> None:
        self._draw()

    def on_resize(self, event) -> None:
        self._fit()

    def _fit(self) -> None:
        """Side by side when the code, its title and the words under it (~6 lines) would not
        fit the terminal's height, which would cut the words off."""
        self.set_class(self.app.size.height < self.query_one(QRCode).lines + 10, "side")

    def _url(self) -> str:
        return self.join.url(self.join.codes[self.index])

    def _draw(self) -> None:
        codes = self.join.codes
        code, url = codes[self.index], self._url()
        which = msg("serve.join.which", n=self.index + 1, count=len(codes), label=code.label)
        self.query_one("#which", Static).update(Text(tr(which)))
        self.query_one(QRCode).show(url)
        self.query_one("#url", Static).update(Text(url))
        where = "serve.join.local_only" if self.join.local_only else "serve.join.network"
        self.query_one("#where", Static).update(Text(tr(where)))
        self.query_one("#help", Static).update(Text(tr(msg("serve.join.help", count=len(codes)))))
        self._fit()

    def action_show(self, step: int) -> None:
        self.index = (self.index + step) % len(self.join.codes)
        self._draw()

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit():
            n = int(event.character)
            if 1 <= n <= len(self.join.codes):
                self.index = n - 1
                self._draw()
                event.stop()

    def action_revoke(self) -> None:
        """A new code for the one shown, once the host says yes (a phone that lost it, a
        player who left the table)."""
        n = self.index + 1
        label = self.join.codes[self.index].label
        question = msg("serve.join.revoke_sure", n=n, label=label)

        async def answer(yes: bool | None) -> None:
            if not yes:
                return
            await self.join.revoke(n)
            self._draw()
            self.notify(tr(msg("serve.join.revoked", n=n, label=label)))

        self.app.push_screen(Confirm(question), answer)

    def action_close(self) -> None:
        self.dismiss(None)
