"""Playing Magical Friends on the screen with the keyboard (issue 6, Screens; spec §3–§6)."""

from companion.core.i18n import set_language
from companion.games.magical_friends import SLAIN, Options
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog, Confirm, FormDialog
from companion.ui.magical_friends.screen import MagicalFriendsScreen
from companion.ui.magical_friends.steps import StepsDialog
from companion.ui.record import RecordScreen

from .helpers import (
    ARTIFACTS_RED_FIRST,
    GAME_KEY,
    keys,
    play_to_round_3,
    saved_game,
    screen_state,
    setup_demo_with_lava_side,
)


async def test_three_rounds_with_a_switch_flip_and_lava_keys_only(store):
    """§6 round start (lava in round 3 slays what stands on the bridge, Pity Power to the owner),
    §5 Switch (ending on it flips the piece), §5 Lava Bridge (moving onto it in round 3 slays);
    every step entered with keys on the demo."""
    app = create_app(store, Start("demo", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await setup_demo_with_lava_side(pilot)
        state = screen_state(app)
        assert state.board.tiles[1] == ("t2", "t2-lava")
        assert [w.name for w in state.wizards] == ["Red", "Blue"]
        assert "demo, fictional" in str(app.screen.query_one("#mf-round").render())

        # round 1: r starts it (fairy die rolled), a + two artifacts give the order
        await keys(pilot, "r", "a", "1", "enter", "2", "enter")
        state = screen_state(app)
        assert (state.round, state.phase, state.turn_order) == (1, "turns", (1, 0))
        assert state.fairy_space is not None
        # Blue: summon a Moss Knight (s, kind 1; s1 and s2 lead to the same place: not asked),
        # move it 6 steps to the bridge
        await keys(pilot, "s", "1")
        assert screen_state(app).creatures[-1].where == "s1"
        await keys(pilot, "m", "1")
        assert isinstance(app.screen, StepsDialog)  # one friend, still picked with 1
        await keys(pilot, "6", "t")
        state = screen_state(app)
        assert state.creature("moss-knight-1").where == "l2" and state.current_wizard == 0
        # Red: summon, 3 steps end at p3 or p3b (a fork): pick p3, the switch
        assert state.stairway_up
        await keys(pilot, "s", "1", "m", "1", "3")
        assert isinstance(app.screen, ChoiceDialog)
        await keys(pilot, "1", "t")
        state = screen_state(app)
        assert state.creature("moss-knight-2").where == "p3"
        assert not state.stairway_up  # flipped: Highway to Hell up
        assert (state.round, state.phase) == (1, "round_start")

        # round 2: nobody moves
        await keys(pilot, "r", "a", "3", "enter", "4", "enter", "t", "t")
        assert screen_state(app).phase == "round_start"

        # round 3: lava rises at the start: Blue's knight on l2 is slain, Blue gets Pity Power
        await keys(pilot, "r")
        state = screen_state(app)
        assert state.round == 3
        assert state.creature("moss-knight-1").where == SLAIN
        assert state.wizards[1].pity == 1
        assert "LAVA" in str(app.screen.query_one("#mf-round").render())
        await keys(pilot, "a", "6", "enter", "5", "enter")  # Red 6, Blue 5: Red first
        # Red moves onto the bridge during the lava round: slain too (p3 → p4 → l1 → l2)
        await keys(pilot, "m", "1", "3", "t")
        state = screen_state(app)
        assert state.creature("moss-knight-2").where == SLAIN
        assert state.wizards[0].pity == 1
        # Blue has no friend racing: the turn just ends
        await keys(pilot, "t")
        state = screen_state(app)
        assert (state.round, state.phase) == (3, "round_start")
        assert len(app.screen.session.history()) == 17  # 8 + 4 + 5 steps


async def test_fork_cavern_roll_and_pity_power_move(store):
    """§5 Dark Cavern (announce the distance, then the die picks the path: 1–2 poison) and §4
    Pity Power (exactly 2 steps, one bonus move per friend per turn), entered with keys."""
    app = create_app(store, Start("demo", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "ctrl+s", "r", "a", "1", "enter", "2", "enter")
        # Blue (first) summons; 7 steps from s1 pass the cavern entry c2: the table rolled 2
        await keys(pilot, "s", "1", "m", "1", "7")
        assert isinstance(app.screen, ChoiceDialog)  # the cavern die
        await keys(pilot, "2")
        state = screen_state(app)
        knight = state.creature("moss-knight-1")
        assert knight.where == "cp1" and knight.poisoned
        # a correction gives Blue a Pity Power card; p moves exactly 2 steps
        # correct (C) → a wizard's cards (1) → Blue (2): Pity Power 1
        await keys(pilot, "C", "1", "2")
        assert isinstance(app.screen, FormDialog)
        await keys(pilot, "ctrl+a", "ctrl+k", "1", "enter", "enter", "enter", "enter")
        state = screen_state(app)
        assert state.wizards[1].pity == 1
        await keys(pilot, "p", "1", "enter")  # the one friend, listed; its 2 steps shown
        state = screen_state(app)
        assert state.creature("moss-knight-1").where == "c3"  # cp1 → cp2 → c3
        assert state.wizards[1].pity == 0
        assert "moss-knight-1" in state.bonus_moved


async def test_resume_mid_round_after_the_app_is_closed(tmp_path):
    """The game is saved after every step: closing mid-round and reopening with a new app
    shows the same round, turn and board, and play goes on."""
    path = tmp_path / "mf.db"
    store = Store.open(path)
    try:
        app = create_app(store, Start("demo", game_key=GAME_KEY), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await keys(
                pilot,
                "ctrl+s",
                "r",
                "a",
                "1",
                "enter",
                "2",
                "enter",
                "s",
                "1",
                "m",
                "1",
                "2",
                "enter",
            )
            before = screen_state(app)
            game_id = app.screen.session.id
        assert before.creature("moss-knight-1").where == "p2"
    finally:
        store.close()
    store = Store.open(path)
    try:
        app = create_app(store, Start("resume", game_id=game_id), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            after = screen_state(app)
            assert after == before
            assert (after.round, after.phase, after.current_wizard) == (1, "turns", 1)
            await keys(pilot, "m", "1", "2", "enter", "t")  # 20+ steps could be typed: 2 waits
            state = screen_state(app)
            assert state.creature("moss-knight-1").where == "p4"
            assert state.current_wizard == 0
    finally:
        store.close()
        set_language("en")


async def test_bad_input_in_forms_keeps_the_game_as_it_was(store):
    """Forms check what is typed; the engine refuses what the rules refuse (§6 artifacts once
    per game); a correction naming no space changes nothing. No step is added."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = screen_state(app)
        steps = len(app.screen.session.history())
        # an artifact number out of range: the form says so and stays open
        await keys(pilot, "a", "1", "2", "enter", "1", "enter", "2", "enter")
        assert isinstance(app.screen, FormDialog)
        assert "at most" in str(app.screen.query_one("#error-w0").render()).lower()
        await keys(pilot, "escape")
        # an artifact already used (Red played 3 in round 1): the engine refuses it; the form
        # opens again with the numbers as typed and what is wrong, so nothing is lost
        await keys(pilot, "a", "3", "enter", "7", "enter", "8", "enter")
        assert isinstance(app.screen, FormDialog)
        from textual.widgets import Input

        assert [i.value for i in app.screen.query(Input)] == ["3", "7", "8"]
        texts = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "already" in texts and "Red" in texts
        await keys(pilot, "escape")
        assert isinstance(app.screen, MagicalFriendsScreen)
        assert screen_state(app) == before
        # a wizard's Pity Power set to "-1" or "x": refused by the form
        await keys(
            pilot, "C", "1", "1", "ctrl+a", "ctrl+k", "x", "enter", "enter", "enter", "enter"
        )
        assert isinstance(app.screen, FormDialog)
        await keys(pilot, "escape")
        # a creature put on a space that does not exist: refused by the engine
        await keys(pilot, "C", "2", "2", "ctrl+a", "ctrl+k", *"zz9", "enter", "enter")
        assert isinstance(app.screen, MagicalFriendsScreen)
        assert screen_state(app) == before
        assert len(app.screen.session.history()) == steps
        assert any("no space zz9" in str(n.message) for n in app._notifications)


async def test_corrections_are_logged_and_undone(store):
    """Every correction is a step of the log: the board correction flips the piece back, and
    ctrl+z undoes it (design: the table is the source of truth)."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not screen_state(app).stairway_up
        steps = len(app.screen.session.history())
        await keys(
            pilot, "C", "4", "ctrl+a", "ctrl+k", "s", "enter", "enter", "enter", "enter", "enter"
        )
        assert screen_state(app).stairway_up
        assert len(app.screen.session.history()) == steps + 1
        await keys(pilot, "ctrl+z")
        assert not screen_state(app).stairway_up


async def test_highway_to_hell_opens_a_decision(store):
    """§5 Highway to Hell: an evil creature ending there with Hell up may slay the others: the
    screen asks at once, and the answer is a step."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, *ARTIFACTS_RED_FIRST)
        state = screen_state(app)
        assert state.turn_order == (0, 2, 1)
        # a correction puts Red's toad on h3 (C, creature, the toad), then Blue's imp
        # (on h2) moves 1 step onto it with Highway to Hell up
        await keys(pilot, "C", "2", "2", "ctrl+a", "ctrl+k", *"h3", "enter", "enter")
        assert screen_state(app).creature("puddle-toad-2").where == "h3"
        await keys(pilot, "t", "t")  # Red, Green
        assert screen_state(app).current_wizard == 1
        await keys(pilot, "m", "1", "1")  # Blue's imp h2 → h3, Highway to Hell up
        assert isinstance(app.screen, ChoiceDialog)  # opened at once
        assert app.screen_stack[-2].state.pending
        await keys(pilot, "1")  # slay
        state = screen_state(app)
        assert not state.pending
        assert state.creature("puddle-toad-2").where == SLAIN
        assert state.wizards[1].trophies == ("puddle-toad-2",)


async def test_game_end_shows_the_tally(store):
    """§7 the final tally: after the last turn of the last round the record screen opens with
    the tally as its panel: friends in the tavern, trophies, points and the winner (demo: 3
    per friend); back on the game, v shows it again."""
    session = saved_game(store, rounds=3)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # Red 7, Blue 1, Green 2: Red, Green, Blue; Green's moth f6 → tavern in 1 step
        await keys(pilot, *ARTIFACTS_RED_FIRST, "t", "m", "1", "1", "t", "t")
        assert isinstance(app.screen, RecordScreen)
        tally = app.screen.session.state.tally
        assert tally.points == (0, 0, 3) and tally.winners == (2,)
        assert "Winner: Green" in str(app.screen.query_one("#tally-winner").render())
        await keys(pilot, "escape")
        assert isinstance(app.screen, MagicalFriendsScreen)
        await keys(pilot, "v")
        assert isinstance(app.screen, RecordScreen)
        assert app.screen.query_one("#mf-tally")


async def test_abilities_name_the_friend_and_need_its_wand_cost(store):
    """§2: the "This turn" panel shows the wizard's magic power; an ability (slay, poison,
    ability move) names the friend whose ability it is; one whose wand cost is above the
    power is refused with the cost and the power, and nothing changes."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # Red 7 (no wand), Blue 1, Green 2 (1 wand each): Red, Green, Blue
        await keys(pilot, *ARTIFACTS_RED_FIRST)
        panel = str(app.screen.query_one("#mf-turn").render())
        assert "Magic power 1" in panel  # Red's toad: 1 wand, artifact 7: none
        # k: Red's only friend (the toad, cost 1) is the ability; slay Blue's imp (option 2)
        await keys(pilot, "k")
        assert isinstance(app.screen, ChoiceDialog)
        await keys(pilot, "2")
        state = screen_state(app)
        assert state.creature("ember-imp-3").where == SLAIN
        assert state.wizards[0].trophies == ("ember-imp-3",)
        steps = len(app.screen.session.history())
        await keys(pilot, "t", "o")  # Green: the moth costs 3, Green has 1 (artifact 2)
        assert isinstance(app.screen, MagicalFriendsScreen)
        assert len(app.screen.session.history()) == steps + 1  # only the end of turn
        assert any(
            "costs 3 wands" in str(n.message) and "only 1 magic power" in str(n.message)
            for n in app._notifications
        )


async def test_summon_list_keeps_its_numbers_and_greys_a_discarded_kind(store):
    """§3 last of its kind, the other reading (option none_racing; the Ruling keeps a kind
    with figures never summoned): the lava slew Red's only Moss Knight, so its summon card is
    discarded; the summon list still shows it as 1 (greyed, with the reason) so the other
    kinds keep their digits; picking it is refused with the engine's reason, nothing changes."""
    session = saved_game(store, options=Options(last_of_its_kind="none_racing"))
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, *ARTIFACTS_RED_FIRST)  # Red first
        state = screen_state(app)
        assert "moss-knight" in state.discarded_kinds
        await keys(pilot, "s")
        assert isinstance(app.screen, ChoiceDialog)
        values = [o.value.what for o in app.screen.choice.options]
        assert values == [k.id for k in state.kinds]  # every kind, catalog order
        first = str(app.screen.query_one("OptionList").get_option_at_index(0).prompt)
        assert "discard pile" in first
        await keys(pilot, "1")
        assert isinstance(app.screen, MagicalFriendsScreen)  # refused, with the reason
        assert screen_state(app) == state
        assert any("discard pile" in str(n.message) for n in app._notifications)
        await keys(pilot, "s", "2")  # the second kind
        # where: the start (s1 and s2 lead to the same place: one option) or Red's Portal
        assert isinstance(app.screen, ChoiceDialog)
        assert [o.value.space for o in app.screen.choice.options] == ["s1", "p2"]
        await keys(pilot, "1")
        after = screen_state(app)
        assert after.creatures[-1].kind == state.kinds[1].id
        assert after.creatures[-1].where == "s1"


async def test_end_game_and_corrections_are_actions_the_engine_may_refuse(store):
    """Issue 21: ``e`` (end the game) and ``C`` (correct) are actions of the moment: while the
    Highway to Hell waits for its answer (§5) ``e`` is refused with the engine's reason and
    nothing changes; later ``e`` asks first, then ends the game and opens the record (§7);
    during a turn the advance key ends the turn."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, *ARTIFACTS_RED_FIRST)
        assert screen_state(app).current_wizard == 0
        await keys(pilot, "n")  # the advance key: the end of Red's turn
        assert screen_state(app).current_wizard == 2
        await keys(pilot, "t", "C", "2", "2", "ctrl+a", "ctrl+k", *"h3", "enter", "enter")
        assert screen_state(app).creature("puddle-toad-2").where == "h3"
        await keys(pilot, "m", "1", "1")  # Blue's imp h2 → h3, Hell up: asked at once
        assert isinstance(app.screen, ChoiceDialog)
        await keys(pilot, "escape", "e")
        assert isinstance(app.screen, MagicalFriendsScreen)
        state = screen_state(app)
        assert state.pending and state.phase == "turns"
        assert any("Decide the open choice first" in str(n.message) for n in app._notifications)
        await keys(pilot, "h", "2", "e")  # spare; then the end, asked first
        assert isinstance(app.screen, Confirm)
        await keys(pilot, "y")
        assert isinstance(app.screen, RecordScreen)
        assert app.screen.session.state.phase == "over"
