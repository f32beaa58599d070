"""Pictures of the Unicornus Knights game screen (issue 4), demo catalog, fixed seed, at
120×40 (compact hexes) and 160×50 (expanded hexes)."""

import pytest

from companion.core.i18n import set_language
from companion.store import Store
from companion.ui.app import create_app
from tests.unicornus_ui.demo import start
from tests.unicornus_ui.test_play import ROUND_SEED


@pytest.fixture
def app():
    store = Store.open("sqlite://")
    yield create_app(store, lang="en")
    store.close()
    set_language("en")


def keys(*pressed):
    async def run_before(pilot):
        await pilot.pause()
        start(pilot.app, ROUND_SEED)
        await pilot.pause()
        for k in pressed:
            await pilot.press(k)
            await pilot.pause()

    return run_before


def test_map_at_the_start_120x40(snap_compare, app):
    """The map, header, characters and imperial units before round 1."""
    assert snap_compare(app, terminal_size=(120, 40), run_before=keys())


def test_map_at_the_start_160x50(snap_compare, app):
    """The expanded map uses the room of a 160×50 terminal."""
    assert snap_compare(app, terminal_size=(160, 50), run_before=keys())


# round 1 of the demo seed up to the Empire's tie, the choice open
TO_EMPIRE_TIE = ("n", "n", "n", "n", "n", "n", "n", "n", "1", "n", "n")


def test_empire_phase_with_a_choice_open_120x40(snap_compare, app):
    """§5.2: the Empire's plan (nearest first, reasons) and the table's choice, its options
    marked on the map."""
    assert snap_compare(app, terminal_size=(120, 40), run_before=keys(*TO_EMPIRE_TIE))


def test_empire_phase_with_a_choice_open_160x50(snap_compare, app):
    assert snap_compare(app, terminal_size=(160, 50), run_before=keys(*TO_EMPIRE_TIE))


def test_foresight_in_the_players_turn_120x40(snap_compare, app):
    """Issue 14: o shows what the Princess and the Empire would do if the players stopped now
    (her actions, ties with their options, every moving unit with its reason, the battles)."""
    assert snap_compare(app, terminal_size=(120, 40), run_before=keys("n", "n", "o"))


def test_move_destinations_with_the_foresight_160x50(snap_compare, app):
    """§4 Move with the foresight shown: the engine's destinations numbered beside the map
    and marked on it with the same numbers."""
    assert snap_compare(app, terminal_size=(160, 50), run_before=keys("n", "n", "o", "m"))


def test_foresight_what_if_a_recruit_120x40(snap_compare, app):
    """Issue 14: O lists the acting character's steps to preview (recruit, procure, moves,
    transports); picking one opens the view of the foresight after it (no step is made)."""
    assert snap_compare(app, terminal_size=(120, 40), run_before=keys("n", "n", "O", "1"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_foresight_key_in_the_players_footer_80x24(snap_compare, lang):
    """Issue 14: in the players' turn the footer offers o (foresight); at 80 columns the footer
    wraps rather than dropping it, in both languages."""
    store = Store.open("sqlite://")
    try:
        app = create_app(store, lang=lang)
        assert snap_compare(app, terminal_size=(80, 24), run_before=keys("n", "n"))
    finally:
        store.close()
        set_language("en")
