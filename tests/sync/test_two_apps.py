"""Two app instances on one game (issue 10, "One game, many devices"): Textual Pilot drives two
App objects on one SQLite file, and on one PostgreSQL database. Each follows the other's steps,
undos and redos within a second; a stale step is refused, followed and explained; a dialog open
when a remote step arrives is closed, its answer never saved. No fork: the stored history
replays to the state both show."""

from __future__ import annotations

import asyncio
import time

import pytest

from companion.core.i18n import set_language
from companion.store import Store
from companion.store.verify import verify_game
from companion.ui.app import Start, create_app
from companion.ui.dialogs import Dialog
from companion.ui.game_screen import GameScreen
from companion.ui.unicornus.screen import UnicornusScreen
from tests.unicornus_ui.demo import start


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


async def settle(two, until, within: float = 60.0) -> float:
    """Let both apps run until ``until()`` holds, then until they are idle; the seconds it
    took. ``within`` only guards against a hang: how fast a follower follows is measured by
    scripts/bench_sync.py, never by a test (the machine is shared)."""
    began = time.monotonic()
    while not until():
        if time.monotonic() - began > within:
            raise AssertionError("the other instance never followed")
        await asyncio.sleep(0.02)
    took = time.monotonic() - began
    await two.pa.pause()
    await two.pb.pause()
    return took


def notes(app) -> list[tuple[str, str]]:
    return [(n.title, n.message) for n in app._notifications]


class Two:
    """A and B: the same game open in two apps on one database."""

    def __init__(self, db_target):
        self.stores = [Store.open(db_target), Store.open(db_target)]
        self.apps = [create_app(self.stores[0], lang="en"), None]

    async def open(self, stack):
        a = self.apps[0]
        self.pa = await stack.enter_async_context(a.run_test(size=(120, 40)))
        await self.pa.pause()
        start(a, seed=0)
        await self.pa.pause()
        self.a = a.screen
        assert isinstance(self.a, UnicornusScreen)
        b = create_app(self.stores[1], Start("resume", game_id=self.a.session.id), lang="en")
        self.apps[1] = b
        self.pb = await stack.enter_async_context(b.run_test(size=(120, 40)))
        await self.pb.pause()
        self.b = b.screen
        assert isinstance(self.b, UnicornusScreen) and self.b.session is not self.a.session

    async def press(self, who: str, *keys: str) -> None:
        pilot = self.pa if who == "a" else self.pb
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    def in_step(self) -> bool:
        sa, sb = self.a.session, self.b.session
        return sa.revision == sb.revision and sa.cursor == sb.cursor and sa.state == sb.state

    def close(self):
        for s in self.stores:
            s.close()


async def check_one_history(two: Two) -> None:
    """Both show the same state; the stored game replays to it; nothing forked."""
    store = two.stores[0]
    assert verify_game(store, two.a.session.id) == []
    stored = store.open_game(two.a.session.id)
    for screen in (two.a, two.b):
        screen.take_remote(screen.session.fetch_remote())  # what the watcher would bring
        assert screen.session.log.commands() == stored.log.commands()
        assert screen.session.cursor == stored.cursor and screen.state == stored.state
    assert two.apps[0]._exception is None and two.apps[1]._exception is None


async def test_each_instance_follows_the_others_steps_undos_and_redos(db_target):
    from contextlib import AsyncExitStack

    two = Two(db_target)
    try:
        async with AsyncExitStack() as stack:
            await two.open(stack)
            for who, keys in [
                ("a", ("n",)),  # round 1 begins
                ("b", ("n",)),  # the event
                ("a", ("r",)),  # Annelie recruits
                ("b", ("p",)),  # Annelie procures
                ("a", ("ctrl+z",)),
                ("b", ("ctrl+z",)),
                ("a", ("ctrl+y",)),
                ("b", ("p",)),  # after an undo: a new step drops the redo tail everywhere
            ]:
                before = two.a.session.revision if who == "a" else two.b.session.revision
                await two.press(who, *keys)
                mine = two.a if who == "a" else two.b
                assert mine.session.revision == before + 1, (who, keys)  # written
                await settle(two, two.in_step)
            said = [m for _, m in notes(two.apps[1])]
            assert any(m.startswith("From another device: ") for m in said), said
            assert any("undone: " in m for m in notes_text(two.apps[0])), notes(two.apps[0])
            await check_one_history(two)
    finally:
        two.close()


def notes_text(app) -> list[str]:
    return [m for _, m in notes(app)]


async def test_a_stale_step_undo_or_redo_is_refused_and_reloaded_never_a_fork(
    db_target, monkeypatch
):
    """With nobody following (the watchers off), every key of the other instance is stale:
    it is refused, that instance takes what was saved and says what it was; its next key is
    then written."""
    from contextlib import AsyncExitStack

    monkeypatch.setattr(GameScreen, "_watch", lambda self: None)
    two = Two(db_target)
    try:
        async with AsyncExitStack() as stack:
            await two.open(stack)
            await two.press("a", "n", "n")  # round 1 and its event, on A
            await two.press("b", "n")  # B still shows the game before them: round 1 again
            assert two.in_step()  # refused: B followed
            title, text = notes(two.apps[1])[-1]
            assert title == "Changed on another device"
            assert text.startswith("Not saved: the game changed on another device first (")
            assert "Nothing was lost" in text
            await two.press("b", "r")  # now B is in step: written
            assert two.b.session.revision == two.a.session.revision + 1
            await two.press("a", "ctrl+z")  # A is stale: refused, follows B's recruit
            assert two.in_step() and notes(two.apps[0])[-1][0] == "Changed on another device"
            assert "recruit" in notes(two.apps[0])[-1][1].lower()
            await two.press("a", "ctrl+z")  # written now
            await two.press("b", "ctrl+z")  # stale: refused, follows the undo
            assert two.in_step() and "undone: " in notes(two.apps[1])[-1][1]
            await two.press("b", "ctrl+y")  # written: the recruit is back
            await two.press("a", "p")  # stale: refused, follows the redo
            assert two.in_step() and two.a.session.can_redo is False
            await two.press("a", "p")  # Annelie procures
            assert two.a.session.revision == two.b.session.revision + 1
            await check_one_history(two)
    finally:
        two.close()


async def test_a_dialog_open_when_a_remote_step_arrives_is_closed_and_its_answer_dropped(
    db_target,
):
    from contextlib import AsyncExitStack

    from companion.ui.dialogs import Confirm

    two = Two(db_target)
    try:
        async with AsyncExitStack() as stack:
            await two.open(stack)
            answered = []
            two.apps[1].push_screen(Confirm("sync.changed"), two.b.still_current(answered.append))
            await two.pb.pause()
            assert isinstance(two.apps[1].screen, Dialog)
            await two.press("a", "n")
            await settle(two, two.in_step)
            await settle(two, lambda: two.apps[1].screen is two.b)
            assert answered == [None]  # closed without an answer
            assert two.apps[1]._stack_changed > 0  # keys typed before it are dropped
            said = notes_text(two.apps[1])
            assert any("The question was closed" in m for m in said), said
            # an answer given just before the remote step came is dropped, not saved
            stale = two.b.still_current(answered.append)
            await two.press("a", "n")
            await settle(two, two.in_step)
            closed = len(notes(two.apps[1]))
            stale(True)
            await two.pb.pause()
            assert answered == [None] and len(notes(two.apps[1])) == closed + 1
            assert "The question was closed" in notes_text(two.apps[1])[-1]
            await check_one_history(two)
    finally:
        two.close()
