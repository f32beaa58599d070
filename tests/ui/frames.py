"""The frames an app draws in a test: ``App._display`` gets each frame once it is rendered
(the headless driver then drops it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App


def frames(app: App, kept: Callable[[Any, Any], Any] = lambda screen, drawn: drawn) -> list:
    """What ``kept(screen, renderable)`` makes of each frame ``app`` draws from now on."""
    drawn: list = []
    display = app._display

    def frame(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None:
            drawn.append(kept(screen, renderable))

    app._display = frame
    return drawn
