"""A game with the table's own deck, 4 players, in English, to the end (§7 "what the companion
tracks"): the app asks only for public facts, the hands stay secret until §4, and entering
the hands at the end is quick (pre-filled, how many are left, one key to accept)."""

from __future__ import annotations

import random

from textual.widgets import Input, RadioButton, Static

from companion.games.insurrection import GAME, engine
from companion.games.insurrection.catalog import load
from companion.games.insurrection.commands import Draw, March, Play, Take
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog
from companion.ui.insurrection.board import InsurrectionScreen
from companion.ui.insurrection.picker import CardPicker
from companion.ui.record import RecordScreen
from tests.insurrection_ui.helpers import resume_app

PLAYERS = ("Ann", "Ben", "Cleo", "Dev")


def _unseen(state) -> list[str]:
    return sorted(c for c, n in state.deck_composition().items() for _ in range(n))


def table_game(store, seed: int = 3) -> int:
    """§3 with the table's deck: leaders kept secret (no KeepLeader), each reveal and each
    played card entered by name as the table shows them, draws not named (they are secret)."""
    cat = load("demo")
    session = store.new_game(GAME, engine.new_game(cat, PLAYERS, seed=seed), "Table", "demo")
    rng = random.Random(seed)
    while session.state.phase not in ("hands", "effects", "over"):
        s = session.state
        land = cat.land(s.path[s.token + 1])
        pool = _unseen(s)
        rng.shuffle(pool)
        session.do(March(cards=tuple(pool[: min(land.reveal or 0, s.deck_count)])))
        if session.state.phase != "prepare":
            break
        session.do(Draw())  # §3.2: no names asked for the cards drawn
        s = session.state
        pool = _unseen(s)
        rng.shuffle(pool)
        session.do(Play(cards=tuple((s.hand(p).known or [pool.pop()])[0] for p in PLAYERS)))
        while session.state.phase == "turns":
            takes, back = engine.allowed_takes(session.state)
            session.do(Take(card=takes[0] if takes else None, back=back))
    return session.id


async def test_leaders_kept_secret_unless_entered(store):
    """§2 step 3 with the table's deck: the leaders stay secret (no key to press); a player
    may still enter theirs (k) to have the hand pre-filled at the end."""
    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for seat, name in enumerate(PLAYERS, start=1):
            app.screen.query_one(f"#seat-{seat}", Input).value = name
        app.screen.query_one("#deck-table", RadioButton).value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        board = app.screen
        state = board.state
        assert isinstance(board, InsurrectionScreen) and not state.virtual
        assert all(not state.hand(p).known for p in PLAYERS)
        await pilot.press("k")  # Ann enters her leader
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        await pilot.press("enter")  # the first leader listed
        await pilot.pause()
        assert app.screen is board
        leader = dialog.choice.options[0].value
        assert board.state.hand("Ann").known == (leader,)


async def test_hands_at_the_end_are_prefilled_and_accepted_with_one_key(store):
    """§4/§7: each hand opens pre-filled with the cards the app saw taken and not played and
    says how many are left to add; once complete, Enter accepts it; after the fourth hand the
    scores are shown."""
    game_id = table_game(store)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("space")
        await pilot.pause()
        for player in PLAYERS:
            picker = app.screen
            assert isinstance(picker, CardPicker)
            state = screen.state
            known = engine.prefill(state, player)
            assert tuple(picker.chosen) == known
            left = state.hand_size(player) - len(known)
            picked = str(picker.query_one("#picked", Static).render())
            assert f"{left} more to add" in picked
            # the player adds the cards only they knew (here: any unseen ones, by name)
            for card in _unseen(state)[:left]:
                picker.chosen.append(card)
            picker._show_picked()
            assert "more to add" not in str(picker.query_one("#picked", Static).render())
            # one card too many says so, and nothing asks to add the missing ones
            picker.chosen.append(picker.chosen[-1])
            picker._show_picked()
            said = str(picker.query_one("#picked", Static).render())
            assert "one more than the app counted: remove one" in said
            intro = str(picker.query_one("#intro", Static).render())
            assert "more to add" not in said and "add the rest" not in intro
            picker.chosen.pop()
            picker._show_picked()
            await pilot.press("enter")  # one key: the hand as it stands
            await pilot.pause()
        assert set(screen.state.final_hands) == set(PLAYERS)
        assert screen.state.phase == "over"  # no end-of-game effect held in this game
        assert isinstance(app.screen, RecordScreen)  # the record, with its score sheet
