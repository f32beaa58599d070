"""Keys typed as a terminal sends them, and waits on what they do.

``Pilot.press`` waits, after every key, until the process has looked idle for 20 ms twice:
some 40–60 ms a key however little the key does, and on a loaded machine a process starved
of the processor looks idle too. Tests that type much send a field's keys at once
(:func:`burst`) and then wait for what those keys must do, a condition they name
(:func:`until`), or until the app has handed out every key (:func:`handed_out`): as fast as
the app is, and as slow as it has to be.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual import events
from textual.keys import _character_to_key

BOUND = 120.0  # seconds: only stops a hang (a condition never met is a failure naming it)


def character(key: str) -> str | None:
    if len(key) == 1:
        return key
    return {"enter": "\r", "tab": "\t", "escape": "\x1b", "space": " "}.get(key)


def burst(app, *keys: str) -> None:
    """``keys`` (key names, or single characters such as ``-``) as a terminal sends keys typed
    fast: all queued before the app handles any."""
    for key in keys:
        if len(key) == 1:
            event = events.Key(_character_to_key(key), key)
        else:
            event = events.Key(key, character(key))
        event.set_sender(app)
        app._driver.send_message(event)


async def until(pilot, done: Callable[[], bool], what: str | Callable[[], str]) -> None:
    """Let the app work until ``done()``: after each round of the messages queued on its
    screen (one at least), look (and give its timers a moment when nothing came of it).
    ``what`` may be a function: what was reached instead, said when it never is."""
    loop = asyncio.get_running_loop()
    end = loop.time() + BOUND
    while True:
        await pilot._wait_for_screen()
        if done():
            return
        if loop.time() > end:
            raise AssertionError(f"never done: {what() if callable(what) else what}")
        await asyncio.sleep(0.005)


async def typed(pilot, keys: list[str], done: Callable[[], bool], what: str) -> None:
    """Send ``keys`` at once, then let the app work until ``done()``."""
    burst(pilot.app, *keys)
    await until(pilot, done, f"{what} after {keys}")


async def handed_out(pilot) -> None:
    """Until the app has handed out every key it was sent (the app hands them out one at a
    time, some only once a screen is drawn), then a round for what they opened to be drawn.
    A few idle pauses are not enough on a loaded machine: a process starved of the processor
    looks idle too."""
    app = pilot.app

    def done() -> bool:  # none left in the app's queue or the screen's, none held or at work
        return (
            app._message_queue.empty() and app.screen._message_queue.empty() and not app._keys_busy
        )

    await until(pilot, done, "every key handed out")
    await pilot.pause()
    await pilot.pause()
