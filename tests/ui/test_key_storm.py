"""Key storms on each game's demo (issue 15): thousands of random keys, typed fast, from the
bindings of whatever is on screen; the app never exits, never raises, never leaves the game,
and the stored steps replay to the state on screen (see ``tests/ui/storm.py``)."""

from __future__ import annotations

import pytest

from companion.games.registry import get_game
from companion.ui.app import Start, create_app
from companion.ui.game_screen import GameScreen
from tests.insurrection_ui.helpers import new_demo_game
from tests.magical_friends_ui.helpers import play_to_round_3, saved_game
from tests.ui.storm import check_replay, storm
from tests.unicornus_ui.demo import demo_state

# keys per game: the 5,000 the issue asks for (60-100 s a game on a 2-core machine)
KEYS = {"unicornus": 5000, "insurrection": 5000, "magical-friends": 5000}


def unicornus_game(store) -> int:
    return store.new_game(get_game("unicornus"), demo_state(0), "storm", "demo").id


def insurrection_game(store) -> int:
    return new_demo_game(store, "storm", seed=7, rounds=1)


def magical_friends_game(store) -> int:
    session = saved_game(store)
    play_to_round_3(session)
    return session.id


@pytest.mark.parametrize(
    ("key", "make", "seed"),
    [
        ("unicornus", unicornus_game, 11),
        ("insurrection", insurrection_game, 12),
        ("magical-friends", magical_friends_game, 13),
    ],
    ids=["unicornus", "insurrection", "magical-friends"],
)
async def test_key_storm(store, key, make, seed) -> None:
    game_id = make(store)
    app = create_app(store, Start("resume", game_id=game_id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        report = await storm(app, pilot, seed=seed, count=KEYS[key])
        assert app.screen is game
        check_replay(app, game)
        assert report.keys == KEYS[key]
        assert report.moves > 0  # the storm played, too (steps, undos and redos)
