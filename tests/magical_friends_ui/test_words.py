"""The engine's events in the table's words, in English and Japanese (found in a Japanese pass
over the screens: raw ids such as "fairy_dust" and "up: no")."""

from companion.core.i18n import set_language, tr
from companion.games.magical_friends import GameState, Move, PlayArtifacts, apply
from companion.store import Store
from companion.ui.magical_friends.names import humanize

from .helpers import play_to_round_3, saved_game


def _events(state: GameState) -> str:
    return " | ".join(tr(humanize(e, state)) for e in state.events)


def _round_3(tmp_path) -> GameState:
    store = Store.open(tmp_path / "w.db")
    session = saved_game(store)
    play_to_round_3(session)
    state = session.state
    store.close()
    return state


def test_causes_and_the_switch_are_words_in_both_languages(tmp_path):
    """§3 slaying causes (lava at round start), §5 switch: no engine ids in the events."""
    state = _round_3(tmp_path)  # round 3 began: Red's Moss Knight died in the lava
    try:
        assert "(lava)" in _events(state)
        set_language("ja")
        assert "溶岩" in _events(state) and "lava" not in _events(state)
        set_language("en")
        state = apply(state, PlayArtifacts((7, 1, 2)))
        flipped = apply(state, Move("puddle-toad-2", to="p3", steps=1))  # Red: the switch
        assert "Stairway to Heaven is up" in _events(flipped)
        set_language("ja")
        assert "「天国への階段」が表" in _events(flipped)
    finally:
        set_language("en")
