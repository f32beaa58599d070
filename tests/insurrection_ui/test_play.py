"""Insurrection's screens with keys (issue 5, Screens): the new-game flow, a full round on the
demo, resume, bad input, the end of the game and the scoring screen."""

from __future__ import annotations

from textual.widgets import Input, Static

from companion.core.i18n import tr
from companion.games.insurrection import GAME, engine
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog
from companion.ui.insurrection.board import InsurrectionScreen
from companion.ui.insurrection.new_game import NewGameScreen
from companion.ui.insurrection.picker import CardPicker
from companion.ui.insurrection.scoring_screen import ScoringScreen
from companion.ui.insurrection.secret import PassTo
from tests.insurrection_ui.helpers import PLAYERS, demo_state, new_demo_game, resume_app
from tests.ui.keys import burst, handed_out


async def type_text(pilot, text: str) -> None:
    """``text`` typed fast (one burst, tests/ui/keys.py), done once every key is handed out."""
    burst(pilot.app, *text)
    await handed_out(pilot)


def conserved(state) -> bool:
    """§7: every person card is somewhere: deck, play area, graveyard, hands, played."""
    return sum(state.person_locations().values()) == state.person_total()


async def test_full_round_on_the_demo_with_keys(store):
    """§2 setup then one round of §3 (March, Prepare, turns in initiative order), keys only."""
    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        for seat, name in ((1, "Ann"), (2, "Ben"), (3, "Cleo")):
            app.screen.query_one(f"#seat-{seat}", Input).focus()
            await type_text(pilot, name)
        app.screen.query_one("#seed", Input).focus()
        await type_text(pilot, "7")
        app.screen.query_one("#title", Input).focus()
        await type_text(pilot, "Round test")
        await pilot.press("ctrl+s")
        for _ in range(3):  # each player, in secret, keeps the first of the two leaders dealt
            await pilot.pause()
            assert isinstance(app.screen, PassTo)  # the offer is hidden until Enter
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InsurrectionScreen)
        assert screen.state.phase == "march" or screen.state.phase == "setup"

        await pilot.press("space")  # March: the virtual deck reveals
        await pilot.pause()
        state = screen.state
        assert state.round == 1 and state.phase == "prepare"
        revealed = len(state.area)
        assert revealed == state.catalog.land(state.path[0]).reveal

        await pilot.press("space")  # Prepare: everyone draws
        await pilot.pause()
        assert screen.state.phase == "choose"
        await pilot.press("space")  # each player chooses in secret
        for player in screen.state.players:
            await pilot.pause()
            assert isinstance(app.screen, PassTo)  # the board and every hand are hidden
            assert player in str(app.screen.query_one("#who", Static).render())
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, CardPicker)
            assert all(p.note for p in app.screen.picks)  # only this player's hand is offered
            assert sorted(p.id for p in app.screen.picks) == sorted(
                set(engine.prefill(screen.state, player))
            )
            await pilot.press("enter")
        await pilot.pause()
        state = screen.state
        assert state.phase == "turns" and len(state.turns) == 3
        inits = [state.catalog.card(t.card).initiative for t in state.turns]
        assert inits == sorted(inits, reverse=True)  # §3.3 descending initiative

        for turn in range(3):
            assert screen.state.turn == turn
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, CardPicker)
            await pilot.press("enter")
            await pilot.pause()
        state = screen.state
        assert state.phase == "march" and state.round == 1
        # each player took one card; the 3 played cards are face up; Enter on the first card
        # played a person, the kept leader (listed last) is still in hand
        assert len(state.area) == revealed - 3 + 3
        assert all(len(state.hand(p).known) == 2 for p in state.players)
        assert all(state.kept_leaders[p] in state.hand(p).known for p in state.players)
        assert conserved(state)
        # three leaders kept, March, Draw, Play, three takes
        assert screen.session.cursor == 3 + 1 + 1 + 1 + 3
        prompt = str(screen.query_one("#next", Static).render())
        assert "Round 2" in prompt and "March" in prompt


async def test_resume_after_closing_mid_round(tmp_path):
    """A game closed in the middle of a round comes back at the same turn (file database)."""
    path = tmp_path / "ins.db"
    store = Store.open(path)
    game_id = new_demo_game(store, seed=11)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("space")  # March
        await pilot.press("space")  # Draw
        await pilot.press("space")  # a hidden choice per player
        for _ in range(3):
            await pilot.pause()
            await pilot.press("enter")  # pass the keyboard
            await pilot.pause()
            await pilot.press("enter")  # the card chosen
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("enter")  # the first player's take
        await pilot.pause()
        before = app.screen.state
        assert before.phase == "turns" and before.turn == 1
    store.close()

    store = Store.open(path)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InsurrectionScreen)
        after = screen.state
        assert (after.phase, after.turn, after.area, after.turns) == (
            before.phase,
            before.turn,
            before.area,
            before.turns,
        )
        await pilot.press("ctrl+z")  # undo reaches back past the restart
        await pilot.pause()
        assert screen.state.turn == 0
    store.close()


async def test_bad_input_keeps_the_game_as_it_was(store):
    """§7 corrections: a card is moved only from where the engine has it (the places offered
    are the engine's); a leader nobody kept cannot move, and says so; a cancelled picker
    enters nothing; undo takes back the step before."""
    game_id = new_demo_game(store, seed=3)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        start, steps = screen.state, screen.session.cursor
        await pilot.press("c", "1")  # correct: move a card
        await pilot.pause()
        await type_text(pilot, "pale")
        await pilot.press("enter")
        await pilot.pause()
        where = app.screen
        assert "ghoul" in start.deck and not start.area  # a March ahead: nothing face up
        assert isinstance(where, ChoiceDialog)  # the Pale Ghoul is in the deck only
        assert [tr(o.label) for o in where.choice.options] == ["the deck"]
        await pilot.press("escape")
        await pilot.pause()
        kept = set(start.kept_leaders.values())
        unkept = next(c for c in start.catalog.leaders if c.id not in kept)
        await pilot.press("c", "1")
        await type_text(pilot, unkept.id)
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, CardPicker)  # the leader listed, saying why it cannot move
        row = str(picker.query_one("#options").get_option(unkept.id).prompt)
        assert f"{unkept.name['en']} cannot be moved" in row
        await pilot.press("enter")  # nothing to pick: the picker stays
        await pilot.pause()
        assert app.screen is picker
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert screen.state == start and screen.session.cursor == steps

        await pilot.press("space")  # March
        await pilot.pause()
        marched = screen.state
        await pilot.press("space")  # Draw
        await pilot.press("space")  # the cards played: cancel the first pass screen
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert screen.state.phase == "choose"  # the draw stands, no Play was entered
        assert screen.session.cursor == steps + 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.state == marched


async def test_after_an_evil_win_the_take_must_leave_ten(store):
    """§3: once Evil has won, later turns must end with 10 marks face up: the screen says so
    and the take picker refuses the cards that would leave fewer."""
    from companion.games.insurrection.commands import CorrectMove, Draw, March, Play, Take

    session = store.new_game(GAME, demo_state(9), "Evil", "demo")
    state = session.state
    session.do(March(cards=tuple(state.deck[:4])))
    session.do(Draw())
    session.do(Play(cards=tuple(engine.prefill(session.state, p)[0] for p in PLAYERS)))
    # the table finds more corrupt cards face up than entered: corrections bring the tally up
    cat = session.state.catalog
    for cid in sorted(session.state.deck, key=lambda c: -(cat.card(c).corruption or 0)):
        if session.state.tally >= 10:
            break
        session.do(CorrectMove(card=cid, source="deck", dest="area"))
    clean = [c for c in session.state.area if not session.state.catalog.card(c).corruption]
    session.do(Take(card=clean[0] if clean else session.state.area[0]))
    assert session.state.evil_won and session.state.phase == "turns"
    app = resume_app(store, session.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        banner = screen.query_one("#leave-ten", Static)
        assert banner.display and "at least 10" in str(banner.render())
        await pilot.press("t")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, CardPicker)
        takes, _ = engine.allowed_takes(screen.state)
        refused = {p.id for p in picker.picks if p.refused}
        assert refused and refused == set(screen.state.area) - set(takes)
        for pick in picker.picks:
            leaves = engine.end_turn_options(screen.state)[pick.id]
            assert (pick.id in refused) == (leaves < 10)


async def test_new_game_refuses_bad_players(store):
    """§2: 2–6 different players; nothing is saved until the form is right."""
    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#seat-1", Input).focus()
        await type_text(pilot, "Ann")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "2 to 6" in str(app.screen.query_one("#error", Static).render())
        assert store.list_games() == []


async def test_end_of_game_hands_and_scoring_screen(store):
    """§4 with the app's deck: one key reveals the hands as the app dealt them (nothing is
    typed again); the effects open one after another, in initiative order; then the record
    of the game shows every player's total as the engine computes it, and the tie-break;
    the score sheet opens again from the game (f), the same screen while nothing changed."""
    from companion.ui.insurrection.scoring_screen import SheetView
    from companion.ui.record import RecordScreen

    game_id = new_demo_game(store, seed=5, rounds=6)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        state = screen.state
        assert state.phase == "hands"
        await pilot.press("space")  # the hands, as the app dealt them
        await pilot.pause()
        assert screen.state.final_hands == {p: engine.prefill(state, p) for p in state.players}
        while screen.state.phase == "effects":  # "not used" is the first option
            assert isinstance(app.screen, CardPicker)
            await pilot.press("enter")
            await pilot.pause()
        assert screen.state.phase == "over"
        record = app.screen
        assert isinstance(record, RecordScreen)
        sheet = engine.final_score(screen.state)
        titles = [str(p.border_title) for p in record.query_one(SheetView).query(".player")]
        for player in sheet.players:
            assert player.total is not None
            assert f"{player.player} — {player.total} points" in titles
        assert sheet.winner is not None
        summary = str(record.query_one("#summary", Static).render())
        assert sheet.winner in summary and tr(sheet.explanation) in summary
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        scoring = app.screen
        assert isinstance(scoring, ScoringScreen)
        summary = str(scoring.query_one("#summary", Static).render())
        assert sheet.winner in summary
        # issue 26: shown again while the game is unchanged (building it was the key's time)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert app.screen is scoring
