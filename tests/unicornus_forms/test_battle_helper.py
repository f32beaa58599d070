"""The battle helper (issue 4) on a real saved session: dice entered or rolled, the proposed
assignment applied or edited, the damage split, the retreat choice, the princess battle."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from companion.core.i18n import set_language, tr
from companion.games.unicornus import GAME, assignment
from companion.games.unicornus.battle import legal_splits
from companion.games.unicornus.commands import ResolveBattle, RollBattle
from companion.ui.app import create_app
from companion.ui.dialogs import ChoiceDialog, Confirm
from companion.ui.unicornus.battle_helper import BattleHelper
from tests.unicornus_forms.hosts import attack_state, defence_state, open_battle, princess_state


async def open_helper(store, state, pilot, app):
    session = store.new_game(GAME, state, "battle", "demo")
    host = await open_battle(app, pilot, session)
    assert isinstance(app.screen, BattleHelper)
    return host, host.answers


def logged(host) -> list[str]:
    """The game log's steps (their command names), oldest first."""
    return [type(cmd).__name__ for cmd in host.session.log.commands()]


async def test_entered_dice_best_assignment_resolves_the_battle(store):
    """§6.1: the table's dice (4 5 2: hit, hit, miss) against strength 4 (2 tokens + combat
    power 2): the best assignment kills both tokens, 1 damage taken, put on a token; the
    defender survives so Annelie goes back to where she came from."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, results = await open_helper(store, attack_state(), pilot, app)
        helper = app.screen
        assert "Dice: 3 tokens = 3 dice" in str(helper.query_one("#dice-count", Static).render())
        odds = str(helper.query_one("#odds", Static).render())
        assert "57.9%" in odds  # P(damage taken = 1), from the exact distribution
        await pilot.press(*"4 5 2", "enter")
        await pilot.pause()
        assert host.state.battles[0].dice == (4, 5, 2)
        result = str(app.screen.query_one("#assign-result", Static).render())
        assert "Damage taken 1" in result and "enemy tokens killed 2" in result
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [type(r).__name__ for r in results] == ["RollBattle", "ResolveBattle"]
        s = host.state
        assert s.battles == () and s.hero("annelie").tokens == 2 and s.hero("annelie").space == 1
        assert s.unit_at(2).tokens == 0 and s.unit_at(2).leader == "morwen"
        assert logged(host)[-2:] == ["RollBattle", "ResolveBattle"]


async def test_nonsense_dice_are_refused_with_a_message_and_kept(store):
    """Dice from the table: a face outside 1..6 is refused, nothing is rolled, the text stays."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, _ = await open_helper(store, attack_state(), pilot, app)
        await pilot.press(*"4 9", "enter")
        await pilot.pause()
        error = str(app.screen.query_one("#dice-error", Static).render())
        assert "9" in error
        assert app.screen.query_one("#dice-input", Input).value == "4 9"
        assert not host.state.battles[0].rolled


async def test_another_dice_count_is_asked_before_it_is_rolled(store):
    """§6.1 step 1: 3 dice are due; "45" (a typo for 452?) is asked about, not rolled: "no"
    keeps the text to fix, "yes" rolls the 2 dice (a card may change the count)."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, _ = await open_helper(store, attack_state(), pilot, app)
        await pilot.press(*"45", "enter")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert "2 dice entered where the rules give 3" in str(app.screen.query_one(Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert not host.state.battles[0].rolled
        assert app.screen.query_one("#dice-input", Input).value == "45"
        assert "2 dice" in str(app.screen.query_one("#dice-error", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert host.state.battles[0].dice == (4, 5)


async def test_rolled_dice_are_the_seeded_roll_and_resolve(store):
    """The app rolls with the game's seeded generator: the same dice the engine gives."""
    state = attack_state()
    expected = GAME.apply(state, RollBattle(2)).battles[0].dice
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, results = await open_helper(store, state, pilot, app)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert host.state.battles[0].dice == expected
        rolled = host.state
        best = assignment(rolled, 2)
        # the proposed split puts the fewest points on the character (§6.1 step 5)
        to_life = legal_splits(best.damage_taken, 3, 0, 4)[0][1]
        want = GAME.apply(rolled, ResolveBattle(2, to_life=to_life))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [type(r).__name__ for r in results] == ["RollBattle", "ResolveBattle"]
        assert host.state.hero("annelie") == want.hero("annelie")
        assert host.state.units == want.units and host.state.imperial == want.imperial
        assert logged(host)[-2:] == ["RollBattle", "ResolveBattle"]


async def test_edited_assignment_is_what_the_engine_applies(store):
    """§6.1 step 3: the table takes die 3 off the character (dice need not all be assigned):
    strength 4 with 2 dice assigned is 2 damage instead of the best assignment's 1."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, results = await open_helper(store, attack_state(), pilot, app)
        await pilot.press(*"4 5 6", "enter")
        await pilot.pause()
        dice = app.screen.query_one("#dice", OptionList)
        assert "character" in str(dice.get_option_at_index(2).prompt)
        dice.focus()
        dice.highlighted = 2
        await pilot.press("enter")  # character -> not assigned
        await pilot.pause()
        result = str(app.screen.query_one("#assign-result", Static).render())
        assert "Damage taken 2" in result and "your assignment" in result
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [type(r).__name__ for r in results] == ["RollBattle", "ResolveBattle"]
        step = host.session.log.commands()[-1]
        assert logged(host)[-1] == "ResolveBattle"
        assert step.edited and step.character == ()
        assert "own die assignment" in tr(host.session.history()[-1].description)
        assert host.state.hero("annelie").tokens == 1 and host.state.imp("morwen").damage == 0


async def test_assignment_breaking_token_first_cannot_be_applied(store):
    """§6.1 step 3: a die on the character while a token has none is refused with a message."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, results = await open_helper(store, attack_state(), pilot, app)
        await pilot.press(*"4 5 6", "enter")
        await pilot.pause()
        dice = app.screen.query_one("#dice", OptionList)
        dice.focus()
        dice.highlighted = 0
        await pilot.press("enter")  # token -> character: token 1 is left without a die
        await pilot.pause()
        result = str(app.screen.query_one("#assign-result", Static).render())
        assert "Every enemy token needs a die" in result
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [type(r).__name__ for r in results] == ["RollBattle"] and host.state.battles


async def test_empire_attack_retreat_where_the_players_choose(store):
    """§6.1 step 6: merged attackers retreat together to an origin without a character, the
    players choosing; 2 + defence value 1 = 3 dice when the Empire attacks."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, results = await open_helper(store, defence_state(), pilot, app)
        count = str(app.screen.query_one("#dice-count", Static).render())
        assert "+ defence value 1" in count and "= 3 dice" in count
        await pilot.press(*"2 2 3", "enter")  # three misses: strength 3 cancelled
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("2")
        await pilot.pause()
        assert [type(r).__name__ for r in results] == ["RollBattle", "ResolveBattle"]
        assert host.session.log.commands()[-1].retreat_to == host.state.board.space("a2")
        b = host.state.board
        assert host.state.unit_at(b.space("a2")).leader == "morwen"
        assert host.state.unit_at(b.space("a3")) is None


async def test_princess_battle_split_within_the_rules(store):
    """§6.2: damage = life left 3 + 1 token − 0 allies = 4; the table puts 3 on her life and
    1 on her tokens (she keeps a token, so she may not die); the imperial unit is destroyed."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, results = await open_helper(store, princess_state(), pilot, app)
        text = str(app.screen.query_one("#princess-damage", Static).render())
        assert "= 4" in text
        splits = app.screen.query_one("#splits", OptionList)
        labels = [str(splits.get_option_at_index(i).prompt) for i in range(splits.option_count)]
        assert labels[0].startswith("2 tokens lost, 2 damage") and len(labels) == 3
        assert any(label.startswith("1 token lost, ") for label in labels)  # singular
        await pilot.press("down", "ctrl+s")
        await pilot.pause()
        assert [type(r).__name__ for r in results] == ["ResolveBattle"]
        p = host.state.princess
        assert (p.tokens, p.damage) == (1, 3)
        assert host.state.imp("vessa").status == "dead" and host.state.battles == ()


async def test_closing_leaves_the_battle_waiting(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host, results = await open_helper(store, attack_state(), pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        assert results == [] and host.state.battles and app.screen is host


async def test_title_names_the_tile_as_printed(store):
    """§6: the title says where the fight is as the table finds it: the space and its tile's
    printed name ("Battle on b0 (Black Fen)"), in the reader's language."""
    from dataclasses import replace

    state = attack_state()
    areas = len(set(state.board.area))
    board = replace(state.board, tiles=tuple(("Black Fen", "黒い沼地") for _ in range(areas)))
    state = replace(state, board=board)
    for lang, expected in (("en", "Battle on b0 (Black Fen)"), ("ja", "b0（黒い沼地）の戦闘")):
        set_language(lang)
        app = create_app(store, lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            await open_helper(store, state, pilot, app)
            assert expected in str(app.screen.query_one("#title", Static).render())
    set_language("en")


async def test_japanese_odds_headings_stand_over_their_columns(store):
    """§6.1 odds before rolling, in Japanese: each heading starts at the terminal cell where
    its column of figures starts (headings were padded by letters, and a Japanese letter
    takes two cells, pushing the headings off their columns)."""
    from rich.cells import cell_len

    set_language("ja")
    app = create_app(store, lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_helper(store, defence_state(), pilot, app)
        lines = app.screen._odds().plain.splitlines()
    set_language("en")
    heading, first_row = lines[1], lines[2]
    starts = [cell_len(heading[: heading.index(h)]) for h in heading.split() if h]
    assert len(starts) == 3 and starts[0] == 0
    assert starts[2] - starts[1] == starts[1]  # equal columns, by cells
    # each column of figures begins with its label right-aligned in 3 cells ("  0 ███ …")
    assert all(first_row[s + 2].isdigit() and first_row[s + 3] == " " for s in starts)
