"""Secondary screens and dialogs at 80×24 (issue 13), each one a fix made for that size: the
finished game's record keeps its players and log and names the size its QR code needs
instead of being pushed off screen by it; the join codes put their words beside the code so
that the code and the words are both whole; the stats' tables stand one under another; the
battle helper's odds headings wrap instead of being cut (Japanese); the box's tile form fits
the width; the Magical Friends steps dialog scrolls. Fixed seeds and dates."""

from __future__ import annotations

import itertools
import shutil

import pytest

from companion.core.i18n import set_language
from companion.games.unicornus import GAME as UNICORNUS
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.web.codes import join_codes
from companion.web.server import WebServer
from tests.insurrection_ui.helpers import PLAYERS
from tests.insurrection_ui.test_seat_view import at_choose
from tests.unicornus_forms.hosts import battle_helper_opener, defence_state

SIZE = (80, 24)


@pytest.fixture
def finished(saved, tmp_path):
    db = tmp_path / "snap.db"
    shutil.copy(saved, db)
    store = Store.open(db)
    yield store
    store.close()
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_record_80x24(snap_compare, finished, lang):
    game_id = next(i.id for i in finished.list_games() if i.game_key == "insurrection")

    async def run_before(pilot):
        pilot.app.show_record(game_id)
        await pilot.pause()

    app = create_app(finished, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_stats_80x24(snap_compare, finished):
    async def run_before(pilot):
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(create_app(finished, lang="en"), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_join_codes_80x24(snap_compare, store, monkeypatch, lang):
    tokens = (f"token-{n}" for n in itertools.count(1))
    monkeypatch.setattr("companion.web.codes.secrets.token_urlsafe", lambda n: next(tokens))
    game_id = at_choose(store)
    app = create_app(store, Start("resume", game_id=game_id), lang=lang)
    codes = join_codes(store, game_id, PLAYERS)
    app.join = WebServer(store, store.open_game(game_id), codes)
    assert snap_compare(app, terminal_size=SIZE)  # companion serve opens with the codes


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_battle_helper_80x24(snap_compare, store, lang):
    state = defence_state()
    session = store.new_game(UNICORNUS, state, "Snapshot", "demo")
    app = create_app(store, lang=lang)
    opener = battle_helper_opener(app, session)
    assert snap_compare(app, terminal_size=SIZE, run_before=opener)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_unicornus_tile_form_80x24(snap_compare, store, lang):
    """The box's tile form was 100 columns wide whatever the terminal: at 80 its intro and
    the Japanese name's field were past the right edge. It now takes the screen's width."""
    from companion.games.unicornus import load_catalog
    from companion.ui.unicornus.catalog_forms import Request, TileForm

    app = create_app(store, lang=lang)

    async def open_form(pilot) -> None:
        await pilot.pause()
        app.push_screen(TileForm(load_catalog("box"), Request("new_tile", tile_kind="empire")))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=open_form)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_magical_friends_steps_80x24(snap_compare, store, lang):
    """The steps dialog was taller than 24 lines and did not scroll: the count typed ("1",
    which waits for Enter as 10-17 may follow) and the hint were below the screen. It scrolls
    to the count typed."""
    from tests.magical_friends_ui.test_snapshots import _round_3

    session = _round_3(store)
    app = create_app(store, Start("resume", game_id=session.id), lang=lang)
    assert snap_compare(app, terminal_size=SIZE, press=["m", "1", "1"])


# --- issue 23: every game's table screen and every new-game form at 80x24, both languages ---


@pytest.fixture
def fresh():
    store = Store.open("sqlite://")
    yield store
    store.close()
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_unicornus_enemy_turn_80x24(snap_compare, fresh, lang):
    """The Empire's turn: its plan (every moving unit) where the characters and the log were,
    the map on the Princess's space (u brings the characters back, i the legend)."""
    from tests.unicornus_ui.demo import start
    from tests.unicornus_ui.test_play import ROUND_SEED
    from tests.unicornus_ui.test_table_fixes import TO_EMPIRE

    async def run_before(pilot):
        await pilot.pause()
        start(pilot.app, ROUND_SEED)
        await pilot.pause()
        for key in TO_EMPIRE:
            await pilot.press(key)
            await pilot.pause()

    app = create_app(fresh, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_insurrection_table_80x24(snap_compare, fresh, lang):
    from tests.insurrection_ui.test_snapshots import mid_round

    app = create_app(fresh, Start("resume", game_id=mid_round(fresh)), lang=lang)
    assert snap_compare(app, terminal_size=SIZE)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_magical_friends_table_80x24(snap_compare, fresh, lang):
    from tests.magical_friends_ui.test_snapshots import _round_3

    app = create_app(fresh, Start("resume", game_id=_round_3(fresh).id), lang=lang)
    assert snap_compare(app, terminal_size=SIZE)


def _form(make, tabs: int = 0):
    async def run_before(pilot):
        await pilot.pause()
        pilot.app.push_screen(make())
        await pilot.pause()
        for _ in range(tabs):  # the focus moves the form to what it reaches
            await pilot.press("tab")
            await pilot.pause()

    return run_before


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_unicornus_new_game_80x24(snap_compare, fresh, lang):
    from companion.ui.unicornus.setup import NewGameScreen

    run_before = _form(lambda: NewGameScreen("demo", seed=7))
    assert snap_compare(create_app(fresh, lang=lang), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_magical_friends_new_game_80x24(snap_compare, fresh, lang):
    from companion.ui.magical_friends.setup import NewGameScreen

    run_before = _form(lambda: NewGameScreen("demo", seed=7))
    assert snap_compare(create_app(fresh, lang=lang), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("tabs", [0, 12])
def test_insurrection_new_game_80x24(snap_compare, fresh, monkeypatch, lang, tabs):
    """At 80 columns "The Path", "First game" and four of the five rule options were out of
    reach; they stand one under another and the rule options wrap. Twelve tabs later the
    form has scrolled to the rule options and the start."""
    from datetime import datetime

    from companion.ui.insurrection.new_game import NewGameScreen

    class Fixed(datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(2026, 1, 2, 12, 0)

    monkeypatch.setattr("companion.ui.insurrection.new_game.datetime", Fixed)
    run_before = _form(lambda: NewGameScreen("demo"), tabs)
    assert snap_compare(create_app(fresh, lang=lang), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("key", ["c", "s"])
def test_catalogs_and_settings_80x24(snap_compare, fresh, lang, key):
    """The catalogs' table was as narrow as its headers ("Unic", "ウニコ": a DataTable
    measures a Content cell as one cell wide); the settings fit."""
    assert snap_compare(create_app(fresh, lang=lang), terminal_size=SIZE, press=[key])
