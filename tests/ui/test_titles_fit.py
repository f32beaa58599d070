"""No border title is cut (issue 13). Textual cuts a border's title or subtitle with "…" when it
is wider than the border; Japanese must wrap, never be cut, so a title that may be long moves
into the panel's body, where it wraps. Every game screen (mid-game), the home, stats, settings,
catalogs and help screens, and the record of a finished game of each game are opened at 80×24
and 120×40 in English and Japanese, and each border label shown is measured against its
border."""

from __future__ import annotations

import shutil

import pytest

from companion.cli import main
from companion.core.i18n import set_language
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.help import HelpScreen
from companion.ui.record import RecordScreen
from tests.ui.test_snapshots_terminal import GAMES

FINISHED = ("unicornus", "insurrection", "magical-friends")
# one process runs the module: its games (the module's saved fixture) are played once, not
# once in each process that runs one of its four tests (2 s of CPU each; issue 26)
pytestmark = pytest.mark.xdist_group("titles")
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def cut_titles(screen) -> list[str]:
    """The border titles and subtitles of ``screen`` that Textual would cut: wider than their
    border less its corners and, at each end that has a corner, a blank and a corner's room
    (textual/_styles_cache.py passes the width less 2 to _border.render_border_label, which
    keeps 2 cells more per corner)."""
    out = []
    for w in screen.query("*"):
        if not w.display or not w.visible or not w.region.width:
            continue
        border = w.styles.border
        corners = sum(edge[0] not in ("", "none", "hidden") for edge in (border.left, border.right))
        room = w.outer_size.width - 2 - 2 * corners
        for label, edge in ((w._border_title, border.top), (w._border_subtitle, border.bottom)):
            if label is None or edge[0] in ("", "none", "hidden"):
                continue
            if label.cell_length > room:
                out.append(
                    f"{type(screen).__name__} {type(w).__name__}#{w.id}: {label.plain!r} "
                    f"({label.cell_length} cells in {room})"
                )
    return out


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A whole demo game of each game, and each game's mid-game position of the 80×24
    snapshots."""
    db = tmp_path_factory.mktemp("titles") / "games.db"
    set_language("en")
    for key in FINISHED:
        assert main(["--db", str(db), "demo", key, "--autoplay", "--seed", "1"]) == 0
    store = Store.open(db)
    ongoing = {game: make(store) for game, make in GAMES.items()}
    store.close()
    return db, ongoing


@pytest.fixture
def store(saved, tmp_path):
    db = tmp_path / "copy.db"
    shutil.copy(saved[0], db)
    s = Store.open(db)
    yield s
    s.close()
    set_language("en")


@pytest.mark.parametrize("lang", ("en", "ja"))
@pytest.mark.parametrize("size", SIZES)
async def test_no_border_title_is_cut(store, saved, size, lang):
    cut: list[str] = []

    async def shown(pilot) -> None:
        """Wait for the screen's layout (a pushed screen is measured after its first pause)."""
        await pilot.pause()
        await pilot.pause()
        cut.extend(cut_titles(pilot.app.screen))

    app = create_app(store, lang=lang)
    async with app.run_test(size=SIZES[size]) as pilot:
        await shown(pilot)
        for key in ("t", "s", "c"):  # stats, settings, catalogs
            await pilot.press(key)
            await shown(pilot)
            app.pop_screen()
            await pilot.pause()
        app.push_screen(HelpScreen(app.screen))
        await shown(pilot)
        app.pop_screen()
        finished = [g.id for g in store.list_games() if g.finished]
        assert len(finished) == len(FINISHED)
        for game_id in finished:
            app.push_screen(RecordScreen(game_id))
            await shown(pilot)
            app.pop_screen()
            await pilot.pause()
    for game, game_id in saved[1].items():
        app = create_app(store, Start("resume", game_id=game_id), lang=lang)
        async with app.run_test(size=SIZES[size]) as pilot:
            await shown(pilot)
            if game == "unicornus":  # the players' turn, then its foresight panel
                for key in ("n", "n", "o"):
                    await pilot.press(key)
                    await pilot.pause()
                assert app.screen.foresight() is not None
                await shown(pilot)
    assert not cut, "\n".join(cut)
