"""Shared pieces of the Magical Friends screen tests: keys, the demo setup, fixed games."""

from __future__ import annotations

from companion.games.magical_friends import (
    EndTurn,
    Move,
    Options,
    PlayArtifacts,
    Setup,
    StartRound,
    Summon,
    load,
    new_game,
)
from companion.games.registry import get_game
from companion.ui.magical_friends.screen import MagicalFriendsScreen

GAME_KEY = "magical-friends"


async def keys(pilot, *presses: str) -> None:
    """Press keys one by one, letting dialogs open and workers run between them."""
    for key in presses:
        await pilot.press(key)
        await pilot.pause()
    await pilot.pause()


def screen_state(app):
    assert isinstance(app.screen, MagicalFriendsScreen), type(app.screen).__name__
    return app.screen.state


async def setup_demo_with_lava_side(pilot) -> None:
    """On the demo's new-game screen: 2 wizards (the defaults), tile 2 turned to its Lava side
    (tab to the tile-2 select, open it, one down), then start."""
    await keys(pilot, *["tab"] * 8, "enter", "down", "enter", "ctrl+s")


def saved_game(store, seed: int = 7, rounds: int = 8, sides=None, options=None):
    """A demo game played by commands up to the start of round 3 (lava), saved in ``store``:
    Red's Moss Knight waits on the Lava Bridge (l2), Blue's Ember Imp flipped the switch (p3)."""
    cat = load("demo")
    tiles = sides or (
        ("t1", "t1-portal"),
        ("t2", "t2-lava"),
        ("t3", "t3-highway"),
        ("t4", "t4-fairy"),
    )
    state = new_game(
        cat,
        Setup(
            wizards=(("Red", "red"), ("Blue", "blue"), ("Green", "green")),
            tiles=tiles,
            rounds=rounds,
            options=options or Options(),
        ),
        seed,
    )
    session = store.new_game(
        get_game(GAME_KEY), state, "Magical Friends (demo): Red, Blue, Green", "demo"
    )
    return session


# round 3's artifacts, typed: Red plays 7, Blue 1, Green 2 (the turn order Red, Green, Blue)
ARTIFACTS_RED_FIRST = ("a", "7", "enter", "1", "enter", "2", "enter")


def play_to_round_3(session) -> None:
    """Rounds 1 and 2 of :func:`saved_game`, then the start of round 3 (lava rises)."""
    session.do(StartRound(fairy_roll=3))
    session.do(PlayArtifacts((3, 2, 1)))  # highest first: Red, Blue, Green
    session.do(Summon(0, "moss-knight", "s1"))
    session.do(Move("moss-knight-1", to="l2", steps=6))
    session.do(Summon(0, "puddle-toad", "s2"))
    session.do(EndTurn())
    session.do(Summon(1, "ember-imp", "s1"))
    session.do(Move("ember-imp-3", to="p3", steps=3))  # the switch: Highway to Hell up
    session.do(EndTurn())
    session.do(Summon(2, "lantern-moth", "s2"))
    session.do(Move("lantern-moth-4", to="f4", steps=16))
    session.do(EndTurn())
    session.do(StartRound(fairy_roll=6))
    session.do(PlayArtifacts((4, 6, 5)))  # Blue, Green, Red
    session.do(Move("ember-imp-3", to="h2", steps=7))
    session.do(EndTurn())
    session.do(Move("lantern-moth-4", to="f6", steps=2))
    session.do(EndTurn())
    session.do(Move("puddle-toad-2", to="p2", steps=2))
    session.do(EndTurn())
    session.do(StartRound(fairy_roll=1))
