"""A key storm: many random keys, typed fast, on a game screen (issue 15, "input discipline").

:func:`storm` presses ``count`` keys drawn (with a fixed seed) from the bindings of whatever
screen is on top (dialogs included), digits, Enter, Tab, Escape, Backspace and the arrows,
leaving out the keys that quit, open the command palette (whose commands quit) or leave the
game screen. Keys are sent the way a terminal sends them, without waiting for the app to be
idle (only the messages already queued are let through), with a full pause now and then.
After every key the app must still run, without an exception, with the game screen on the
stack. :func:`check_replay` then opens the game again from the store and replays its stored
steps: both must give the state on screen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.core import codec
from companion.core.commands import apply_command
from companion.ui.game_screen import LEAVE_KEY, GameScreen
from tests.ui.keys import burst, handed_out

LEFT_OUT = frozenset({"ctrl+q", "ctrl+c", "ctrl+p", LEAVE_KEY})
EXTRA = (
    *"0123456789",
    "enter",
    "enter",
    "tab",
    "escape",
    "backspace",
    "up",
    "down",
    "left",
    "right",
)


@dataclass
class StormReport:
    keys: int = 0
    steps_before: int = 0
    steps_after: int = 0
    moves: int = 0  # how often the game moved (a step, an undo or a redo) during the storm
    screens: dict[str, int] = field(default_factory=dict)  # top screen class -> keys sent to it


def key_pool(app) -> list[str]:
    bound = [k for k in app.screen.active_bindings if k not in LEFT_OUT]
    return [*bound, *EXTRA]


async def send(app, pilot, key: str) -> None:
    """``key`` as the terminal sends it; let the messages already queued through."""
    burst(app, key)
    await pilot._wait_for_screen()


def assert_alive(app, game: GameScreen, step: int, key: str, history: list[str]) -> None:
    recent = " ".join(history[-25:])
    assert app._exception is None, f"key {step} ({key!r}) raised; last keys: {recent}"
    assert app.is_running and app.return_code is None, f"key {step} ({key!r}) exited: {recent}"
    assert game in app.screen_stack, f"key {step} ({key!r}) left the game screen: {recent}"


async def storm(
    app,
    pilot,
    seed: int,
    count: int,
    pause_every: int = 16,
    game: GameScreen | None = None,
) -> StormReport:
    """``count`` keys; ``game``: the game screen, when the storm starts on a screen opened
    over it (a dialog)."""
    game = game or app.screen
    assert isinstance(game, GameScreen), type(game).__name__
    rnd = random.Random(seed)
    report = StormReport(steps_before=len(game.session.log))
    history: list[str] = []
    for i in range(count):
        key = rnd.choice(key_pool(app))
        name = type(app.screen).__name__
        report.screens[name] = report.screens.get(name, 0) + 1
        history.append(key)
        where = (game.session.cursor, len(game.session.log))
        await send(app, pilot, key)
        if i % pause_every == pause_every - 1:
            await pilot.pause()
        assert_alive(app, game, i, key, history)
        if (game.session.cursor, len(game.session.log)) != where:
            report.moves += 1
    # every key typed handed out and done (idle pauses are not enough on a loaded machine:
    # a key still held went to the next game a test opened)
    await handed_out(pilot)
    # close what is open (dialogs, the help, a scoring table): escape, one at a time
    for _ in range(10):
        if app.screen is game:
            break
        await pilot.press("escape")
        await handed_out(pilot)
        assert_alive(app, game, count, "escape", history)
    report.keys = count
    report.steps_after = len(game.session.log)
    return report


def check_replay(app, game: GameScreen) -> None:
    """The stored steps, opened again and replayed from the start, give the state on screen."""
    session = game.session
    kind = session.game.state_type
    shown = codec.dump(session.state, kind)
    opened = app.store.open_game(session.id)
    assert opened.cursor == session.cursor
    assert codec.dump(opened.state, kind) == shown
    state = opened.log.initial
    for cmd in opened.log.commands()[: opened.cursor]:
        state = apply_command(session.game, state, cmd)
    assert codec.dump(state, kind) == shown
