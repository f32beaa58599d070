"""A partial update draws only the widgets over what changed (companion/ui/compositor_repairs.py
``_only_what_changed``, issue 26), and sends the terminal exactly what Textual's own sends:
Textual draws every widget in the box around all the changed parts."""

from __future__ import annotations

import pytest
from textual._compositor import Compositor

from companion.ui import compositor_repairs
from tests.ui.demo_play import demo_play


def sent_both_ways(compositor: Compositor, console, seen: dict) -> object:
    """The companion's partial update, checked against Textual's from the same changes (with
    the same wide-character repair), as the terminal is sent them."""
    changed = set(compositor._dirty_regions)
    visible = dict(compositor.visible_widgets)
    ours = compositor_repairs._render_partial_update(compositor)
    compositor._dirty_regions.update(changed)
    theirs = compositor_repairs._wide_characters_whole(
        compositor_repairs._textual_render_partial_update(compositor)
    )
    if ours is None or theirs is None:
        assert ours is theirs
        return ours
    assert ours.spans == theirs.spans
    assert ours.render_segments(console) == theirs.render_segments(console)
    seen["updates"] += 1
    if len(changed) > 1:
        over = [
            w
            for w, (region, clip) in visible.items()
            if any(part.overlaps(region.intersection(clip)) for part in changed)
        ]
        seen["fewer"] += len(over) < len(visible)
    return ours


@pytest.mark.parametrize("key", ["unicornus", "insurrection", "magical-friends"])
async def test_a_partial_update_sends_what_textual_sends(key, monkeypatch) -> None:
    """A game played step by step, undone and redone, a question opened and closed over it:
    every partial update sends the same as Textual's, and many drew fewer widgets."""
    from companion.store import Store
    from companion.ui.app import Start, create_app
    from companion.ui.game_screen import GameScreen

    game, first, commands = demo_play(key, 30)
    store = Store.open("sqlite://")
    session = store.new_game(game, first, "steps", "demo")
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    seen = {"updates": 0, "fewer": 0}
    monkeypatch.setattr(
        Compositor,
        "render_partial_update",
        lambda compositor: sent_both_ways(compositor, app.console, seen),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):  # (pass the keyboard: not answered here)
            app.pop_screen()
            await pilot.pause()
        screen = app.screen
        for i, command in enumerate(commands):
            if screen.session.cursor > i:
                continue  # the app's own step made it
            screen.do(command)
            await pilot.pause()
            if i % 4 == 3:
                screen.action_undo()
                await pilot.pause()
                screen.action_redo()
                await pilot.pause()
            if i % 5 == 4:
                await pilot.press("f1")  # the help, over the game
                await pilot.press("escape")
            while app.screen is not screen:  # a question a step opened: not answered here either
                app.pop_screen()
                await pilot.pause()
    store.close()
    assert seen["updates"] > 20 and seen["fewer"] > 10, seen
