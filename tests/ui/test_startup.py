"""Fast to open (issue 13): the home lists saved games in its first frame without the store."""

import pytest
from textual.events import ScreenResume

from companion.store import Store
from companion.ui.app import create_app
from companion.ui.widgets.row_list import RowList
from tests.store.test_sessions import FinishingGame
from tests.tiny_game import TinyState


async def test_saved_games_show_before_the_store_is_opened(tmp_path):
    db = tmp_path / "saves.db"
    with Store.open(db, games={"tiny": FinishingGame()}) as store:
        store.new_game(FinishingGame(), TinyState(), "Friday game")
    opened = []

    def open_store():
        opened.append(True)
        return Store.open(db, games={"tiny": FinishingGame()})

    app = create_app(open_store=open_store, db_path=db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#saved", RowList)
        assert table.row_count == 1 and table.rows[0][0] == "Friday game"
        assert opened == []  # the home screen needs no store
        cleared = []
        table.set_rows = lambda *a: cleared.append(a)
        app.screen.reload_games()  # unchanged: nothing rebuilt
        app.screen.on_screen_resume(ScreenResume())
        assert cleared == []
        await pilot.press("tab")  # into the saved games: about to resume, so open it now
        await pilot.pause(0.05)
        app.store.list_games()
        assert opened == [True]
    app.store.close()


async def test_a_title_is_shown_as_typed(tmp_path):
    """A game's title is text from a person: markup in it is shown, not applied."""
    db = tmp_path / "saves.db"
    title = "[b]Friday[/b] at [red]Ann's"
    with Store.open(db, games={"tiny": FinishingGame()}) as store:
        store.new_game(FinishingGame(), TinyState(), title)
    app = create_app(open_store=lambda: Store.open(db, games={"tiny": FinishingGame()}), db_path=db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#saved", RowList)
        assert table.rows[0][0] == title
        shown = "".join(line.text for line in table.render_lines(table.size.region))
        assert title in shown
    if app.store_ready:
        app.store.close()


def test_the_collector_waits_for_the_first_frame(tmp_path, monkeypatch):
    """``companion`` starts with the cyclic garbage collector off (start-up makes only objects
    that live on) and turns it on with the first frame, for good."""
    import gc

    from textual.app import App

    from companion.cli import main
    from companion.ui.app import CompanionApp

    seen = {}
    mount = CompanionApp.on_mount

    async def on_mount(self):
        seen["building"] = gc.isenabled()
        await mount(self)

    async def ready(pilot):
        await pilot.pause()  # the auto-pilot may start before the app's on_ready has run
        seen["ready"] = gc.isenabled()
        pilot.app.exit()

    run = App.run
    monkeypatch.setattr(CompanionApp, "on_mount", on_mount)
    monkeypatch.setattr(
        App, "run", lambda self, **kw: run(self, headless=True, size=(120, 40), auto_pilot=ready)
    )
    assert main(["--db", str(tmp_path / "saves.db")]) == 0
    assert seen == {"building": False, "ready": True}
    assert gc.isenabled()


async def test_full_collections_wait_for_a_pause_without_keys(store):
    """While the app runs, the collector's full collections (20-80 ms) come when no key has
    come for a second, as often as the collector would make them; its own come ten times
    less often. The thresholds are as they were once the app ends (the tests run many apps)."""
    import gc

    from textual._time import get_time

    from companion.ui.app import FULL_COLLECTION_EVERY, IDLE_COLLECTION

    before = gc.get_threshold()
    app = create_app(store, lang="en")
    async with app.run_test() as pilot:
        await pilot.pause()
        assert gc.get_threshold() == (*before[:2], FULL_COLLECTION_EVERY)
        for _ in range(before[2]):
            gc.collect(1)  # younger collections: as many as make a full one due
        app._last_key = get_time()  # a key just now: it waits
        app._collect_when_idle()
        assert gc.get_count()[2] >= before[2]
        app._last_key = get_time() - IDLE_COLLECTION
        app._collect_when_idle()
        assert gc.get_count()[2] == 0
    assert gc.get_threshold() == before


async def test_start_up_throws_no_work_away(store, monkeypatch):
    """Until Ready, Textual batches the screen's updates and draws none of them: a frame
    rendered then is thrown away, so home renders none (``HomeScreen._compositor_refresh``),
    and its styles are in the app's sheet (app.tcss), so no screen's CSS makes Textual parse
    every sheet over again. Home's first frame comes once the app is ready."""
    from textual.app import App
    from textual.css.stylesheet import Stylesheet

    drawn, reparsed = [], []
    display, reparse = App._display, Stylesheet.reparse

    def record_display(app, screen, renderable):
        if renderable is not None:
            drawn.append((type(screen).__name__, app._batch_count > 0))
        display(app, screen, renderable)

    def record_reparse(sheet):
        reparsed.append(sheet)
        reparse(sheet)

    monkeypatch.setattr(App, "_display", record_display)
    monkeypatch.setattr(Stylesheet, "reparse", record_reparse)
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        assert ("HomeScreen", True) not in drawn  # nothing drawn to be thrown away
        assert reparsed == []
        await pilot.pause()
        assert ("HomeScreen", False) in drawn  # the first frame, after Ready


async def test_the_first_frame_has_the_footers_keys(store, monkeypatch):
    """The footer's keys are made with it (ui/widgets/footer.py), not after the first frame:
    that frame shows them, laid out with the footer's real height (two lines or more at 80
    columns), the height it keeps."""
    from textual.app import App

    first = []
    display = App._display

    def record_display(app, screen, renderable):
        if renderable is not None and not app._batch_count and not first:
            footer = screen.query_one("Footer")
            first.append(([k.key for k in footer.keys], footer.outer_size.height))
        display(app, screen, renderable)

    monkeypatch.setattr(App, "_display", record_display)
    app = create_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys, height = first[0]
        settled = app.screen.query_one("Footer").outer_size.height
        assert {"n", "d", "r", "q", "f1"} <= set(keys) and height == settled >= 2


async def test_the_first_frame_styles_each_widget_once(store, monkeypatch):
    """Styling is most of home's start-up beyond a bare app's: before the first frame, the
    widgets the focus does not move into are styled once each, as they are mounted: not again
    on the screen's first ScreenResume, nor the footer's keys again when it wraps."""
    from collections import Counter

    from textual.app import App
    from textual.css.stylesheet import Stylesheet

    styled, first = Counter(), []
    apply, display = Stylesheet.apply, App._display

    def record_apply(sheet, node, *args, **kwargs):
        styled[node] += 1
        apply(sheet, node, *args, **kwargs)

    def record_display(app, screen, renderable):
        if renderable is not None and not app._batch_count and not first:
            first.append(Counter(styled))
        display(app, screen, renderable)

    monkeypatch.setattr(Stylesheet, "apply", record_apply)
    monkeypatch.setattr(App, "_display", record_display)
    app = create_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        once = [
            screen.query_one("Footer"),
            screen.query_one("#saved-box"),
            screen.query_one("#saved"),
        ]
        assert screen.query_one("Footer").size.height > 1  # wrapped at 80 columns
        assert [first[0][widget] for widget in once] == [1] * len(once)


@pytest.mark.parametrize("how", ["cursor", "scroll"])
async def test_home_reads_the_saves_a_page_at_a_time(tmp_path, how):
    """Start-up flat in the number of saves (issue 26): the first frame lists a page of the
    saved games, most recent first, and the next page comes as the cursor or the view (the
    mouse wheel) nears the end."""
    from companion.ui.home import PAGE

    db = tmp_path / "saves.db"
    with Store.open(db, games={"tiny": FinishingGame()}) as store:
        for n in range(PAGE + 30):
            store.new_game(FinishingGame(), TinyState(), f"game {n}")
    app = create_app(open_store=lambda: Store.open(db, games={"tiny": FinishingGame()}), db_path=db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#saved", RowList)
        assert table.row_count == PAGE and table.rows[0][0] == f"game {PAGE + 29}"
        if how == "cursor":
            table.focus()
            await pilot.press("end")  # the last row read: the next page is read and shown
        else:
            table.scroll_end(animate=False)
        await pilot.pause()
        assert table.row_count == PAGE + 30 and table.rows[-1][0] == "game 0"
        assert len({option.id for option in table.options}) == PAGE + 30
        app.screen.reload_games()  # home shown again: as many as were shown, not rebuilt
        assert table.row_count == PAGE + 30
    if app.store_ready:
        app.store.close()


def test_damage_in_the_steps_alone_is_said_when_a_game_opens(tmp_path, monkeypatch, capsys):
    """Issue 26: before the first frame the command line checks only what home reads (start-up
    flat in the save's size). A save damaged in its steps alone shows home with its games; the
    damage is said, in the store's words, when a game opens, before anything is read or
    written (the file untouched, no WAL file made), and the app ends with exit 2."""
    import sqlite3

    from companion.cli import main
    from companion.ui.app import CompanionApp
    from tests.store.conftest import digest
    from tests.store.test_opening import scribble_over

    path = tmp_path / "d.db"
    assert main(["--db", str(path), "demo", "insurrection", "--autoplay"]) == 0
    con = sqlite3.connect(path)
    con.execute("UPDATE games SET finished = 0, outcome = NULL")  # listed on home
    con.commit()
    con.close()
    scribble_over(path, "steps")
    before = digest(path)
    capsys.readouterr()
    seen = []

    async def open_the_game(pilot):
        app = pilot.app
        await pilot.pause()
        rows = app.screen.query_one("#saved", RowList).row_count
        seen.append((type(app.screen).__name__, rows))
        await pilot.press("down", "r")  # into the list, and resume its game
        for _ in range(400):
            if app.return_code is not None:
                return
            await pilot.pause(0.02)
        app.exit()

    run = CompanionApp.run
    monkeypatch.setattr(
        CompanionApp,
        "run",
        lambda self, **kw: run(self, headless=True, size=(100, 30), auto_pilot=open_the_game),
    )
    assert main(["--db", str(path)]) == 2
    assert seen == [("HomeScreen", 1)]
    err = " ".join(capsys.readouterr().err.split())  # wrapped to the terminal
    assert f"companion: {path} looks damaged" in err and "left untouched" in err
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.db"]
