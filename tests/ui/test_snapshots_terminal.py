"""Every game's main screen and the home screen on a small terminal (80×24), in Textual's
light theme and in Japanese (issue 13): nothing cut off or overlapping, no text invisible on a
light background, Japanese wrapped rather than cut; under NO_COLOR (Textual reads it when the
app is made, and draws in greys) the map's sides and personalities still read. Fixed seeds,
in-memory saves (no dates)."""

from __future__ import annotations

import pytest

from companion.games.registry import get_game
from companion.ui.app import Start, create_app

SIZE = (80, 24)
VARIANTS = {"en": ("en", None), "light": ("en", "textual-light"), "ja": ("ja", None)}
NO_COLOR = {"en": "en", "ja": "ja"}


def _unicornus(store) -> int:
    from tests.unicornus_ui.demo import demo_state
    from tests.unicornus_ui.test_play import ROUND_SEED

    return store.new_game(get_game("unicornus"), demo_state(ROUND_SEED), "demo", "demo").id


def _insurrection(store) -> int:
    from tests.insurrection_ui.test_snapshots import mid_round

    return mid_round(store)


def _magical_friends(store) -> int:
    from tests.magical_friends_ui.test_snapshots import _round_3

    return _round_3(store).id


GAMES = {
    "unicornus": _unicornus,
    "insurrection": _insurrection,
    "magical_friends": _magical_friends,
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_home_80x24(snap_compare, store, variant):
    lang, theme = VARIANTS[variant]
    assert snap_compare(create_app(store, lang=lang, theme=theme), terminal_size=SIZE)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("game", GAMES)
def test_game_screen_80x24(snap_compare, store, game, variant):
    lang, theme = VARIANTS[variant]
    game_id = GAMES[game](store)
    app = create_app(store, Start("resume", game_id=game_id), lang=lang, theme=theme)
    assert snap_compare(app, terminal_size=SIZE)


@pytest.mark.parametrize("lang", NO_COLOR)
@pytest.mark.parametrize("game", GAMES)
def test_game_screen_no_color_80x24(snap_compare, store, monkeypatch, game, lang):
    monkeypatch.setenv("NO_COLOR", "1")
    game_id = GAMES[game](store)
    app = create_app(store, Start("resume", game_id=game_id), lang=lang)
    assert app.no_color
    assert snap_compare(app, terminal_size=SIZE)
