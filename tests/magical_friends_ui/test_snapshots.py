"""Pictures of the Magical Friends screens at fixed sizes with a fixed seed (issue 6, Tests):
the board in round 3 (lava) and the final tally."""

from textual.app import App

from companion.core.i18n import set_language
from companion.games.magical_friends import EndTurn, Move, PlayArtifacts, Poison, Slay
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.magical_friends import record_panel

from .helpers import play_to_round_3, saved_game


def _round_3(store):
    """Round 3 under way: lava has slain Red's knight on the bridge; Blue's imp is poisoned."""
    session = saved_game(store)
    play_to_round_3(session)
    session.do(PlayArtifacts((7, 1, 2)))  # Red, Green, Blue
    session.do(Poison("ember-imp-3", by=0, ability="puddle-toad-2"))  # Red's toad, cost 1
    return session


def test_board_in_round_3_120x40(snap_compare):
    store = Store.open("sqlite://")
    try:
        session = _round_3(store)
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        assert snap_compare(app, terminal_size=(120, 40))
    finally:
        store.close()
        set_language("en")


def test_board_in_round_3_160x50(snap_compare):
    store = Store.open("sqlite://")
    try:
        session = _round_3(store)
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        assert snap_compare(app, terminal_size=(160, 50))
    finally:
        store.close()
        set_language("en")


class _TallyApp(App):
    """The tally panel alone, as the record screen shows it under its head (the record's
    own head carries the day the game was started: not a fixed picture)."""

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session

    def compose(self):
        yield record_panel(self.session)


def test_final_tally_120x40(snap_compare):
    """A 3-round game: Green's moth reaches the tavern, Blue's imp slays Red's toad for a trophy."""
    store = Store.open("sqlite://")
    try:
        session = saved_game(store, rounds=3)
        play_to_round_3(session)
        session.do(PlayArtifacts((7, 1, 2)))  # Red, Green, Blue
        session.do(EndTurn())
        session.do(Move("lantern-moth-4", to="tavern", steps=1))
        session.do(EndTurn())
        # Blue's imp (cost 2): its own wand + artifact 1's: a trophy
        session.do(Slay(1, creatures=("puddle-toad-2",), ability="ember-imp-3"))
        session.do(EndTurn())
        assert session.state.phase == "over"
        assert snap_compare(_TallyApp(session), terminal_size=(120, 40))
    finally:
        store.close()
        set_language("en")


def test_steps_preview_names_the_effects_120x40(snap_compare):
    """Issue 14: the steps dialog says, for each count, what the move triggers where it ends
    (the engine's preview: lava this round, the cavern's paths with their chances, ...)."""
    store = Store.open("sqlite://")
    try:
        session = _round_3(store)
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        assert snap_compare(app, terminal_size=(120, 40), press=["m", "1"])
    finally:
        store.close()
        set_language("en")
