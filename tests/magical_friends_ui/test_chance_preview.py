"""The steps preview tells chance as chance (issue 24; spec
/work/shared/rules/magical-friends.md §4 bonus moves, §5 Catapult and Dark Cavern): a catapult
throw into the Dark Cavern is shown as its three paths at 1/3 each and its die is asked of
the table; a Pity Power move shows its preview before it is taken and the catapult's shot
it fires is named as such; a count of 10 or more shows its preview when typed."""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import Static

from companion.core.i18n import set_language
from companion.games.magical_friends import GAME, CorrectBoard, CorrectWizard, apply
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog
from companion.ui.magical_friends.steps import StepsDialog
from tests.magical_friends.helpers import BOARD_A, BOARD_B, in_turns, place

from .helpers import keys


def _named(state):
    """Wizards with colours the screen can draw."""
    names = (("Red", "red"), ("Blue", "blue"))
    wizards = tuple(
        replace(w, name=n, colour=c) for w, (n, c) in zip(state.wizards, names, strict=True)
    )
    return replace(state, wizards=wizards)


def _app(store, state):
    session = store.new_game(GAME, _named(state), "Chance", "demo")
    set_language("en")
    return create_app(store, Start("resume", game_id=session.id), lang="en")


def _text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def _words(screen) -> str:
    """Everything the screen's text widgets show."""
    return " ".join(str(w.render()) for w in screen.query(Static))


async def test_the_catapult_throw_into_the_cavern_is_three_ways_and_asked():
    """The catapult on c1, a friend on p4: the 1-step line shows the three cavern paths at
    1/3 each; taking it asks the catapult's die, and the face entered decides the path."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "p4")
    st = apply(st, CorrectBoard(catapult_space="c1", catapult_holder=1))
    store = Store.open("sqlite://")
    app = _app(store, st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "m", "1")
        assert isinstance(app.screen, StepsDialog)
        listed = _text(app.screen, "#steps-list")
        one = listed.split("\n2  ")[0]
        for path in ("cd1", "cp1", "cs1"):
            assert path in one
        assert one.count("(1/3)") == 3
        await keys(pilot, "1", "enter")
        assert isinstance(app.screen, ChoiceDialog)
        assert "The catapult throws it into the Dark Cavern" in _words(app.screen)
        await keys(pilot, "3")  # the table rolled 3: the shortcut
        assert app.screen.state.creature(cid).where == "cs1"
    store.close()


async def test_a_pity_move_shows_its_preview_and_names_the_catapult_s_shot():
    """§4 Pity Power onto the Goblin Workshop while its wizard holds the catapult: the steps
    form lists its one count with the shot it fires; Enter takes it; the shot's fork is asked
    as the catapult's shot (issue 24: it asked "At w3, which way did it go?")."""
    st = in_turns(BOARD_A)
    st, cid = place(st, 0, "moss-knight", "s1")
    st = apply(st, CorrectWizard(0, pity=1))
    st = apply(st, CorrectBoard(catapult_holder=0))
    store = Store.open("sqlite://")
    app = _app(store, st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "p", "1")
        assert isinstance(app.screen, StepsDialog)
        listed = _text(app.screen, "#steps-list")
        assert listed.startswith("2  ") and "\n1  " not in listed
        assert "fires the catapult" in listed
        await keys(pilot, "enter")
        assert isinstance(app.screen, ChoiceDialog)
        assert "which way did the catapult's shot go?" in _words(app.screen)
    store.close()


async def test_a_count_of_ten_or_more_shows_its_preview_when_typed():
    """A count past the listed nine shows, under what was typed, the ways it can go with
    their chances on the cavern die (here 10 steps from s1, through the Dark Cavern)."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "s1")
    store = Store.open("sqlite://")
    app = _app(store, st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "m", "1", "1", "0")
        assert isinstance(app.screen, StepsDialog)
        typed = _text(app.screen, "#steps-typed")
        assert typed.startswith("10_") and typed.count("1/3)") >= 3, typed
        assert "is poisoned (Dark Cavern, poison path)" in typed
    store.close()


async def test_cavern_ways_wrap_indented_and_name_their_die_faces():
    """§5 Dark Cavern, found playing at 80x24: a way's words that wrap stay indented under
    its arrow (they ran on at the left edge), and a way that ends past the cavern says the
    die faces that took it there ("→ c3 (3-4 shortcut, 1/3)"; the cavern's own spaces say
    them in their names)."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "s1")
    store = Store.open("sqlite://")
    app = _app(store, st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "m", "1")
        assert isinstance(app.screen, StepsDialog)
        listed = _text(app.screen, "#steps-list")
        assert "→ c3 (3-4 shortcut, 1/3)" in listed
        assert "→ c3 (1-2 poison path, 1/3): MK1" in listed
        assert "→ cd1 5-6 detour (1/3)" in listed  # not said twice
        widget = app.screen.query_one("#steps-list", Static)
        rows = [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]
        assert any("is" in row and row.endswith("is") for row in rows), rows  # one wraps
        for row in rows:
            head = row.lstrip()
            assert not row or head[0].isdigit() or head[0] == "j" or row.startswith("     "), rows
    store.close()
