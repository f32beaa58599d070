"""Nonsense typed into the game screen's forms (issue 4): the transport form (§4 Transport)
and the correction forms. Every bad value gets a message beside its field, the form stays
open with everything typed, and nothing reaches the game until the answer fits."""

from dataclasses import replace

from textual.widgets import Input, Static

from companion.core.i18n import set_language
from companion.games.unicornus import GAME
from companion.games.unicornus.commands import BeginRound, RevealEvent
from companion.games.unicornus.state import with_hero
from companion.ui.app import create_app
from companion.ui.dialogs import ChoiceDialog, FormDialog
from companion.ui.unicornus.corrections import CheckedForm
from companion.ui.unicornus.screen import UnicornusScreen
from tests.unicornus_ui.demo import demo_state


def players_phase_with_a_neighbour():
    """Round 1, players phase; Bertram stands beside Annelie (the first to act)."""
    s = GAME.apply(GAME.apply(demo_state(0), BeginRound()), RevealEvent())
    a = s.hero("annelie")
    free = next(n for n in s.board.adj[a.space] if s.hero_at(n) is None and s.unit_at(n) is None)
    return with_hero(s, replace(s.hero("bertram"), space=free, tokens=1))


async def open_game(app, pilot, state) -> UnicornusScreen:
    await pilot.pause()
    app.start_game("unicornus", state, "demo", "demo")
    await pilot.pause()
    assert isinstance(app.screen, UnicornusScreen)
    return app.screen


def error(form, name: str) -> str:
    return str(form.query_one(f"#error-{name}", Static).render())


async def fill(app, pilot, **values) -> None:
    for name, text in values.items():
        app.screen.query_one(f"#field-{name}", Input).value = text
    app.screen.query_one("#ok").press()
    await pilot.pause()


async def test_transport_nonsense_stays_in_the_form(store):
    """§4 Transport: letters, negatives, 99, a receiver not listed, nothing sent, and supplies
    without an escort are each refused beside their field; the right answer is one step. The
    receiver is picked by number from the engine's list (issue 23: it was a typed id)."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_game(app, pilot, players_phase_with_a_neighbour())
        assert scr.active == "annelie"
        steps = len(scr.session.history())
        await pilot.press("t")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CheckedForm)
        assert "1 = Bertram (leads 1 of" in str(form.query(".field-hint").first().render())
        await fill(app, pilot, receiver="zed", tokens="x", supplies="-2")
        assert error(form, "receiver")
        await fill(app, pilot, receiver="9")
        assert error(form, "receiver")
        assert "“x”" in error(form, "tokens") and "At least 0" in error(form, "supplies")
        assert form.query_one("#field-tokens", Input).value == "x"
        await fill(app, pilot, receiver="1", tokens="99", supplies="0")
        assert error(form, "tokens")  # more than Annelie leads
        await fill(app, pilot, tokens="0", supplies="0")
        assert app.screen is form and "at least one token" in error(form, "tokens")
        await fill(app, pilot, tokens="0", supplies="5")
        assert app.screen is form and "10 supplies" in error(form, "supplies")
        assert form.query_one("#field-supplies", Input).value == "5"
        assert len(scr.session.history()) == steps  # nothing reached the game
        await fill(app, pilot, tokens="1", supplies="5")
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog)
        assert scr.state.hero("bertram").supplies == 10 + 5
        assert len(scr.session.history()) == steps + 1


async def test_correction_nonsense_stays_in_the_form(store):
    """Corrections: a space not on the board (was silently dropped), letters, a negative
    count, 99 as a round, a yes/no answered "q": each refused beside the field, kept."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_game(app, pilot, players_phase_with_a_neighbour())
        steps = len(scr.session.history())
        scr.map.move_to(scr.state.hero("annelie").space)
        await pilot.press("c", "1")  # Annelie's card
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CheckedForm)
        await fill(app, pilot, space="99.9", tokens="lots", supplies="-1", alive="q")
        assert "99.9" in error(form, "space")
        assert "“lots”" in error(form, "tokens") and error(form, "supplies")
        assert error(form, "alive")
        await fill(app, pilot, tokens="2", supplies="3", alive="y")
        assert app.screen is form and "99.9" in error(form, "space")  # not dropped
        here = scr.state.board.names[scr.state.hero("bertram").space]
        await fill(app, pilot, space=here)
        assert app.screen is form and "already stands" in error(form, "space")
        assert form.query_one("#field-space", Input).value == here
        assert len(scr.session.history()) == steps
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        # her card, place a unit, this space, another character, an imperial one, the game
        await pilot.press("6")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CheckedForm)
        await fill(app, pilot, round="99", start_player="0", princess_used="x")
        assert "At most 10" in error(form, "round") and error(form, "start_player")
        assert "“x”" in error(form, "princess_used")
        assert len(scr.session.history()) == steps


async def test_japanese_imperial_correction_takes_short_codes_and_numbers(store):
    """Corrections in Japanese: the choices are one-letter codes listed with Japanese words
    (no English word to type), the Fate bond is a number from a list of names in the hint,
    and the answer becomes the engine's values (§7 bound_to, status)."""
    set_language("ja")
    app = create_app(store, lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_game(app, pilot, players_phase_with_a_neighbour())
        imp = next(c for c in scr.state.imperial if c.status == "board")
        space = next(u.space for u in scr.state.units if u.leader == imp.id)
        scr.map.move_to(space)
        await pilot.press("c", "2")  # the unit, *its imperial character*, ...
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CheckedForm)
        labels = " ".join(str(w.render()) for w in form.query(".field-label"))
        assert "d = 防御的" in labels and "y = はい" in labels and "defensive" not in labels
        hints = " ".join(str(w.render()) for w in form.query(".field-hint"))
        assert "0 = なし" in hints and "アンネリー" in hints
        heroes = [h.id for h in scr.state.heroes]
        await fill(app, pilot, personality="x", bound_to="99")
        assert error(form, "personality") and error(form, "bound_to")
        await fill(app, pilot, personality="d", bound_to=str(heroes.index("annelie") + 1))
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog)
        ch = scr.state.imp(imp.id)
        assert ch.personality == "defensive" and ch.bound_to == "annelie"


async def test_replacement_form_numbers_the_characters_and_checks_the_space(store):
    """§9 round end: the replacement for a dead character is picked by number (its id is
    English), a start space not offered is refused beside the field, and the right answer
    puts the new character on the board."""
    s = demo_state(0)
    assert s.reserve, "the demo keeps unused characters for replacements"
    dead = replace(s.hero("annelie"), alive=False, space=-1)
    s = replace(with_hero(s, dead), phase="round_end", replace_due=(0,))
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_game(app, pilot, s)
        await pilot.press("n")  # the flow's replacement entry (§9): its form
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CheckedForm)
        hint = " ".join(str(w.render()) for w in form.query(".field-hint"))
        first = s.reserve[0]
        assert f"1 = {first.name[0]}" in hint
        space = form.query_one("#field-space", Input).value  # the first free start space
        await fill(app, pilot, character="x", space="zz")
        assert "“x”" in error(form, "character") and error(form, "space")
        await fill(app, pilot, character=str(len(s.reserve) + 1))
        assert error(form, "character") and app.screen is form
        await fill(app, pilot, character="1", space=space)
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog)
        assert scr.state.hero(first.id).space == scr.state.board.names.index(space)
