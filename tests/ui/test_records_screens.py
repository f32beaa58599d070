"""The records on screen (issue 11): History's columns and filter, the finished-game screen
(read only, its whole log, the BG Stats link as a QR code) and the Stats screen, on demo
games played to their end headless. Dates are fixed afterwards so the pictures stay put."""

from __future__ import annotations

import shutil

import pytest
import qrcode
from textual.widgets import DataTable

from companion.cli_records import export_text
from companion.core.i18n import set_language, tr
from companion.store import Store
from companion.store.records import stats
from companion.ui.app import create_app
from companion.ui.record import RecordScreen
from companion.ui.stats import StatsScreen
from companion.ui.widgets.game_log import GameLog
from companion.ui.widgets.qr import QRCode, qr_rows
from companion.ui.widgets.row_list import RowList

GAMES = ("unicornus", "insurrection", "magical-friends")


@pytest.fixture
def store(saved, tmp_path):
    db = tmp_path / "copy.db"
    shutil.copy(saved, db)
    s = Store.open(db)
    yield s
    s.close()
    set_language("en")


def modules(rows: list[str]) -> list[list[bool]]:
    out = []
    for row in rows:
        out.append([c in "█▀" for c in row])
        out.append([c in "█▄" for c in row])
    return out


def test_the_qr_rows_are_the_code_of_the_link():
    link = "https://app.bgstatsapp.com/createPlay.html?data=%7B%22a%22:1%7D"
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=2)
    qr.add_data(link)
    qr.make(fit=True)
    matrix = qr.get_matrix()
    drawn = modules(qr_rows(link))
    assert drawn[: len(matrix)] == matrix
    assert all(not any(row) for row in drawn[len(matrix) :])  # the padding row is light


async def test_history_shows_the_table_and_filters_by_game(store):
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one("#saved", RowList)
        assert table.row_count == 6
        labels = table.columns
        assert labels[:7] == ["Date", "Game", "Result", "Winner", "Players", "Rounds",
                              "Time played"]  # fmt: skip
        infos = {i.title: i for i in store.list_games()}
        for n in range(table.row_count):
            row = table.rows[n]
            info = infos[row[-1]]
            assert row[4] == ", ".join(info.players) and row[5] == str(info.outcome.round)
            assert row[6] == tr(
                "records.ui.hours", h=1, m=f"{(3000 + 600 * info.id) // 60 - 60:02d}"
            )
        for key in GAMES:
            await pilot.press("f")
            await pilot.pause()
            shown = {infos[row[-1]].game_key for row in table.rows}
            assert shown == {key} and table.row_count == 2
        await pilot.press("f")  # all again
        await pilot.pause()
        assert table.row_count == 6


async def test_a_finished_game_opens_read_only_with_its_log_and_qr(store):
    info = next(i for i in store.list_games() if i.game_key == "insurrection")
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one("#saved", RowList)
        table.highlighted = next(n for n, row in enumerate(table.rows) if row[-1] == info.title)
        table.focus()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RecordScreen) and screen.game_id == info.id
        session = store.open_game(info.id)
        assert len(screen.query_one(GameLog)._shown) == len(session.history())
        link = screen.query_one(QRCode).data
        assert link == export_text(store, info.id, "bgstats").strip()
        players = screen.query_one("#record-players", DataTable)
        assert [str(players.get_row_at(n)[1]) for n in range(players.row_count)] == list(
            info.players
        )
        for key in ("ctrl+z", "n", "space", "enter"):  # nothing here makes a step
            await pilot.press(key)
        await pilot.pause()
        assert store.open_game(info.id).cursor == session.cursor
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RecordScreen)


async def test_the_bgg_id_given_goes_into_the_link(store):
    info = next(i for i in store.list_games() if i.game_key == "magical-friends")
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.show_record(info.id)
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        for ch in "4242":
            await pilot.press(ch)
        await pilot.press("enter")
        await pilot.pause()
        assert "%22bggId%22:4242" in app.screen.query_one(QRCode).data
    assert "bggId" in export_text(store, info.id, "bgstats", 4242)


async def test_the_export_key_writes_the_three_files(store, tmp_path):
    info = store.list_games()[0]
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.show_record(info.id)
        await pilot.pause()
        app.screen.exports_dir = tmp_path / "out"
        await pilot.press("x")
        await pilot.pause()
    stem = tmp_path / "out" / f"{info.game_key}-{info.id}"
    assert stem.with_suffix(".json").read_text() == export_text(store, info.id, "json")
    assert stem.with_suffix(".csv").read_text() == export_text(store, info.id, "csv")
    assert (tmp_path / "out" / f"{stem.name}.bgstats.txt").exists()


async def test_the_advance_key_at_the_end_opens_the_finished_game_screen(store):
    info = next(i for i in store.list_games() if i.game_key == "magical-friends")
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(info.id)
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, RecordScreen) and app.screen.game_id == info.id


async def test_the_record_of_the_open_game_is_shown_again_until_the_game_changes(store):
    """Issue 26: the table's record (the end, Magical Friends' tally) is built once and shown
    again while nothing was played; after a step (here an undo) it is built anew, showing
    the game as it is."""
    info = next(i for i in store.list_games() if i.game_key == "magical-friends")
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(info.id)
        await pilot.pause()
        game = app.screen
        await pilot.press("n")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, RecordScreen)
        await pilot.press("escape")
        await pilot.pause()
        app.show_record(info.id, game.session)
        await pilot.pause()
        assert app.screen is first
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        app.show_record(info.id, game.session)
        await pilot.pause()
        again = app.screen
        assert isinstance(again, RecordScreen) and again is not first
        assert not first.is_attached  # the one replaced is not kept
        await pilot.press("escape")
        await pilot.pause()


async def test_the_record_shown_again_keeps_its_styles_until_the_theme_changes(store):
    """Issue 26: Textual styles every widget of a screen pushed again, a third of what the
    key that opens the table's record took; the record kept is styled again only when the
    app's CSS (a theme picked) changed since it was."""
    info = next(i for i in store.list_games() if i.game_key == "magical-friends")
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(info.id)
        await pilot.pause()
        game = app.screen
        app.show_record(info.id, game.session)
        await pilot.pause()
        record = app.screen
        styled = []
        style = record.update_node_styles
        record.update_node_styles = lambda *a, **k: styled.append(1) or style(*a, **k)
        for theme in (None, "textual-light"):
            await pilot.press("escape")
            await pilot.pause()
            if theme:
                app.theme = theme
                await pilot.pause()
            styled.clear()
            app.show_record(info.id, game.session)
            await pilot.pause()
            assert app.screen is record
            assert bool(styled) == bool(theme), theme


async def test_the_stats_screen_shows_the_figures(store):
    figures = stats(store.list_games())
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        princess = screen.query_one("#uk-princess", DataTable)
        rows = [[str(c) for c in princess.get_row_at(n)] for n in range(princess.row_count)]
        fig = figures["games"]["unicornus"]
        assert rows == [
            [
                tr("records.name", name=fig["princess_names"][k]),
                str(t["played"]),
                str(t["won"]),
                f"{round(t['rate'] * 100)}%",
            ]  # fmt: skip
            for k, t in fig["by_princess"].items()
        ]
        leaders = screen.query_one("#in-leaders", DataTable)
        assert leaders.row_count == len(figures["games"]["insurrection"]["leaders"])
        players = screen.query_one("#players", DataTable)
        assert [str(players.get_row_at(n)[0]) for n in range(players.row_count)] == list(
            figures["players"]
        )


def test_snapshot_stats_insurrection(snap_compare, saved, tmp_path):
    db = tmp_path / "snap.db"
    shutil.copy(saved, db)
    store = Store.open(db)

    async def run_before(pilot):
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()

    try:
        app = create_app(store, lang="en")
        assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)
    finally:
        store.close()
        set_language("en")


def test_snapshot_finished_game_with_qr(snap_compare, saved, tmp_path):
    db = tmp_path / "snap.db"
    shutil.copy(saved, db)
    store = Store.open(db)
    game_id = next(i.id for i in store.list_games() if i.game_key == "insurrection")

    async def run_before(pilot):
        pilot.app.show_record(game_id)
        await pilot.pause()

    try:
        app = create_app(store, lang="en")
        assert snap_compare(app, terminal_size=(140, 50), run_before=run_before)
    finally:
        store.close()
        set_language("en")


async def test_new_game_forms_start_with_the_last_table(store):
    """Insurrection seats and Magical Friends wizards come back as last played; the roster
    completes a name being typed."""
    from textual.widgets import Input, Select

    from companion.ui.app import Start

    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        seats = [app.screen.query_one(f"#seat-{i}", Input).value for i in (1, 2, 3, 4)]
        assert seats == ["Ann", "Ben", "Cleo", ""]
        field = app.screen.query_one("#seat-4", Input)
        assert await field.suggester.get_suggestion("cl") == "Cleo"  # any case
    app = create_app(store, Start("demo", game_key="magical-friends"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        last = store.last_table("magical-friends")
        names = [app.screen.query_one(f"#name-{i}", Input).value for i in range(len(last))]
        colours = [app.screen.query_one(f"#colour-{i}", Select).value for i in range(len(last))]
        assert names == [s.name for s in last] and colours == [s.colour for s in last]
        assert app.screen.query_one("#count", Input).value == str(len(last))


async def test_unicornus_asks_who_plays_each_seat(store):
    from textual.widgets import Input

    from companion.ui.app import Start

    app = create_app(store, Start("demo", game_key="unicornus"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        names = screen.query(".player-name").results(Input)
        for field, name in zip(names, ("Dora", "Emil", "Fay", "Gus"), strict=False):
            field.value = name
        await pilot.press("ctrl+s")
        await pilot.pause()
    game_id = store.latest_game_id("unicornus")
    seats = {i.id: i for i in store.list_games()}[game_id].seats
    assert [s.name for s in seats][:4] == ["Dora", "Emil", "Fay", "Gus"]
    assert all(s.role for s in seats)  # the characters each runs
    assert [s.name for s in store.last_table("unicornus")] == [s.name for s in seats]


async def test_h_then_enter_opens_the_highlighted_record(store):
    """Issue 23: after `h` the focus stayed on the games' list, so Enter started a new game;
    nothing showed which list had the focus. History takes the focus, and its box is drawn
    apart (a heavy border, not a colour alone)."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        games_box, saved_box = (app.screen.query_one(i) for i in ("#new-game", "#saved-box"))
        assert games_box.styles.border_top[0] == "heavy" != saved_box.styles.border_top[0]
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one("#saved", RowList)
        assert table.has_focus and table.highlighted == 0
        assert saved_box.styles.border_top[0] == "heavy" != games_box.styles.border_top[0]
        first = table.rows[0][-1]
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RecordScreen)
        assert screen.game_id == next(i.id for i in store.list_games() if i.title == first)


async def test_the_record_is_edited_and_the_edit_undone(store):
    """A finished play's names, a forgotten player, the start player, the location and the
    notes are edited on its record (e); the record shows them and says what changed; ctrl+z
    undoes the edit."""
    from textual.widgets import Input, Static

    from companion.ui.dialogs import FormDialog

    info = next(i for i in store.list_games() if i.game_key == "magical-friends")
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(RecordScreen(info.id))
        await pilot.pause()
        screen = app.screen
        await pilot.press("e")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-seat1", Input).value = "Renamed"
        form.query_one("#field-add", Input).value = "Forgotten"
        form.query_one("#field-start", Input).value = "2"
        form.query_one("#field-location", Input).value = "Club room"
        form.query_one("#field-notes", Input).value = "Close game"
        form.query_one("#ok").press()
        await pilot.pause()
        assert app.screen is screen
        head = str(screen.query_one("#record-head", Static).render())
        assert "Where: Club room" in head and "Notes: Close game" in head
        assert f"{info.table[0].name} renamed Renamed" in head
        table = screen.query_one("#record-players", DataTable)
        names = [str(table.get_row_at(r)[1]) for r in range(table.row_count)]
        assert names[0] == "Renamed" and names[-1] == "Forgotten"
        assert names[1].endswith("starts")
        assert table.get_row_at(0)[2].plain == str(info.score(info.table[0]))
        await pilot.press("ctrl+z")
        await pilot.pause()
        table = screen.query_one("#record-players", DataTable)
        assert [str(table.get_row_at(r)[1]) for r in range(table.row_count)] == list(info.players)
        assert "Where:" not in str(screen.query_one("#record-head", Static).render())


async def test_a_start_seat_the_play_has_not_is_refused_in_the_edit_form(store):
    """Bad input loses nothing: a start player's seat the play has not is said in the form,
    which stays open with what was typed (it was said after the form closed, all typed lost)."""
    from textual.widgets import Input

    from companion.ui.dialogs import FormDialog

    info = next(i for i in store.list_games() if i.game_key == "magical-friends")
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(RecordScreen(info.id))
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-notes", Input).value = "Close game"
        form.query_one("#field-start", Input).value = str(len(info.table) + 1)
        form.query_one("#ok").press()
        await pilot.pause()
        assert app.screen is form
        assert form.query_one("#field-notes", Input).value == "Close game"
        assert store.list_games()[0].record.notes != "Close game"


@pytest.mark.parametrize("key", GAMES)
async def test_every_new_game_form_asks_the_start_player_with_a_random_pick(key, tmp_path):
    """Each game's new-game form offers the start player's seat or a pick at random (the
    Insurrection field takes "?", §2 step 4); the pick is said and kept in the record."""
    from textual.widgets import Input

    from companion.ui.app import Start
    from companion.ui.widgets.start_player import RANDOM

    fresh = Store.open(tmp_path / "new.db")
    app = create_app(fresh, Start("demo", game_key=key), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        if key == "insurrection":
            for seat, name in enumerate(("Ann", "Ben", "Cleo"), 1):
                screen.query_one(f"#seat-{seat}", Input).value = name
            screen.query_one("#first", Input).value = "?"
        else:
            select = screen.query_one("#start" if key == "magical-friends" else "#start-player")
            assert RANDOM in [value for _, value in select._options]
            select.value = RANDOM
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
    game_id = fresh.latest_game_id(key)
    assert game_id is not None
    seats = {i.id: i for i in fresh.list_games()}[game_id].seats
    starts = [s.name for s in seats if s.start]
    assert len(starts) == 1
    assert f"Start player drawn at random: {starts[0]}." in said
    if key == "insurrection":
        assert seats[0].start  # the first player sits first
    fresh.close()


async def test_a_second_d_does_not_rename_the_last_table(store):
    """Issue 23: `d` pressed twice on home (a double tap, keys late under load): the second
    `d` belongs to the demo form that the first opened (type-ahead). With the last table's
    names already filled in, the form opens on Start, so that it cannot replace the first
    name (a field's text is selected when it takes the focus); Magical Friends' count takes
    digits only. With no names yet, the first name's field takes it, as typed."""
    from textual.widgets import Button, Input

    from companion.ui.app import Start

    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.focused, Button) and app.focused.id == "start"
        await pilot.press("d")
        await pilot.pause()
        assert app.screen.query_one("#seat-1", Input).value == "Ann"
    app = create_app(store, Start("demo", game_key="magical-friends"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        count = app.screen.query_one("#count", Input).value
        await pilot.press("d")
        await pilot.pause()
        assert app.screen.query_one("#count", Input).value == count
