"""The map redraws only the rows of the spaces a step changed (issue 26), and those rows are
all that changed: after every step of a Princess and Empire phase, each line the map keeps
drawn is the line it would draw afresh."""

from textual.geometry import Region

from companion.ui.app import create_app
from companion.ui.unicornus.hexmap import HexMap
from companion.ui.unicornus.screen import UnicornusScreen
from tests.unicornus_ui.test_play import open_demo, press, quiet_state


def stale_lines(hm: HexMap) -> list[int]:
    width = hm.size.width
    return [
        y
        for y in range(hm.size.height)
        if hm.render_lines(Region(0, y, width, 1))[0].text != hm.render_line(y).text
    ]


async def test_the_map_kept_after_each_step_is_the_map_drawn_afresh(store):
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_demo(app, pilot, state=quiet_state())
        hm = scr.query_one(HexMap)
        moved = 0
        for _ in range(16):
            before = tuple(hm.occupant(s) for s in range(len(hm.coords)))
            await press(pilot, "n")
            assert isinstance(app.screen, UnicornusScreen)
            assert stale_lines(hm) == []
            moved += before != tuple(hm.occupant(s) for s in range(len(hm.coords)))
            if scr.state.phase == "round_end":
                break
        assert moved >= 2  # the Princess and the Empire moved on the map


async def test_the_cursor_moved_redraws_the_rows_it_left_and_reached(store):
    """A map question moves the cursor to each option highlighted, beneath the dialog, whose
    backdrop is drawn again with it: only the two rows are drawn again (issue 26), and the
    map kept shows the cursor where it is."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_demo(app, pilot, state=quiet_state())
        hm = scr.query_one(HexMap)
        hm.render_lines(hm.size.region)  # all drawn
        start = hm.cursor
        far = max(range(len(hm.coords)), key=lambda s: abs(hm.coords[s][1] - hm.coords[start][1]))
        drawn: list[int] = []
        draw = hm.render_line
        hm.render_line = lambda y: drawn.append(y) or draw(y)
        hm.move_to(far)
        hm.render_lines(hm.size.region)
        rows = {(hm.coords[s][1] - hm.r0) * 2 for s in (start, far)}
        assert sorted(drawn) == sorted(y + d for y in rows for d in (0, 1))
        del hm.render_line
        assert stale_lines(hm) == []
