"""Issue 23's fixes at the Magical Friends table: the header announces lava, the workshop's
catapult and the highway only on boards that have them; the legend lists only the marks the
board has (the catapult ⇗ only with the Goblin Workshop)."""

from __future__ import annotations

from textual.widgets import Static

from companion.core.i18n import set_language
from companion.games.magical_friends import StartRound
from companion.games.magical_friends.flow import banner
from companion.store import Store
from companion.ui.app import Start, create_app

from .helpers import saved_game

# no lava (the cavern side), no workshop (the portal side), no highway (the market side)
WITHOUT = (("t1", "t1-portal"), ("t2", "t2-cavern"), ("t3", "t3-market"), ("t4", "t4-fairy"))
WITH = (("t1", "t1-workshop"), ("t2", "t2-lava"), ("t3", "t3-highway"), ("t4", "t4-fairy"))


def test_the_banner_says_only_what_the_board_has():
    store = Store.open("sqlite://")
    try:
        without = saved_game(store, sides=WITHOUT).state
        with_all = saved_game(store, sides=WITH).state
        lava_round = min(without.options.lava_rounds)
        for state, has in ((without, False), (with_all, True)):
            b = banner(state.__class__(**{**state.__dict__, "round": lava_round, "phase": "turns"}))
            assert b.lava_now is has and b.workshop is has and b.highway is has
    finally:
        store.close()


async def test_the_header_of_a_board_without_lava_nor_workshop():
    store = Store.open("sqlite://")
    try:
        session = saved_game(store, sides=WITHOUT)
        session.do(StartRound(fairy_roll=3))
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            header = app.screen.round_text(session.state).plain
            assert "workshop" not in header and "Lava" not in header and "Hell" not in header
            assert "Round 1" in header
            legend = str(app.screen.query_one("#mf-legend", Static).render())
            assert "⇗" not in legend and "atapult" not in legend  # no workshop: no catapult
            assert "✿" in legend  # the Fairy Trail side: the fairy is there
    finally:
        store.close()
        set_language("en")


async def test_the_legend_lists_the_catapult_on_a_board_with_the_workshop():
    store = Store.open("sqlite://")
    try:
        session = saved_game(store, sides=WITH)
        session.do(StartRound(fairy_roll=3))
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            legend = str(app.screen.query_one("#mf-legend", Static).render())
            assert "⇗ Catapult" in legend and "✿" in legend
    finally:
        store.close()
        set_language("en")


def test_refusals_name_cards_and_creatures_never_ids():
    """Issue 23: "The wizard holds no fairy_dust card" → the card's and the wizard's names;
    a creature in a refusal by its kind's name and number, not "moss-knight-1"."""
    from companion.core.errors import RuleError
    from companion.core.i18n import tr
    from companion.games.magical_friends import Move

    from .test_snapshots import _round_3

    store = Store.open("sqlite://")
    try:
        session = _round_3(store)
        state = session.state
        me = state.current_wizard
        mine = next(c for c in state.racing(me))
        other = next(c for c in state.racing() if c.owner != me)
        refused = []
        for cmd in (
            Move(mine.id, to=None, steps=1, how="fairy_dust"),
            Move(other.id, to=None, steps=1),
        ):
            try:
                session.game.apply(state, cmd)
            except RuleError as exc:
                refused.append(tr(exc.message))
        assert len(refused) == 2
        dust, not_yours = refused
        assert "Fairy Dust" in dust and state.wizards[me].name in dust, dust
        assert "fairy_dust" not in dust
        assert other.id not in not_yours and other.id.rsplit("-", 1)[-1] in not_yours, not_yours
    finally:
        store.close()


async def test_abilities_and_artifacts_from_the_box_appear_in_play():
    """Issue 23: the creature abilities and the artifacts' names and effects typed into the
    box were never shown in play. The artifacts' form names them (5, the Scheming Dagger,
    with its bonus move); the turn panel says each friend's ability and the artifact played;
    the pick of whose ability to use says what each does."""
    from companion.games.magical_friends import StartRound
    from companion.ui.magical_friends.forms import ArtifactsForm

    from .test_snapshots import _round_3

    store = Store.open("sqlite://")
    try:
        session = saved_game(store)
        session.do(StartRound(fairy_roll=3))
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
            assert isinstance(app.screen, ArtifactsForm)
            shown = " ".join(str(s.render()) for s in app.screen.query(Static))
            assert "5 Scheming Dagger: a bonus move that slays" in shown
        session = _round_3(store)  # Red's turn: its Puddle Toad is racing; Red played 7
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            turn = app.screen.turn_text(session.state).plain
            assert "poisons a creature next to it" in turn  # the toad's ability
            assert "Artifact 7 Silver Spoon" in turn
    finally:
        store.close()
        set_language("en")
