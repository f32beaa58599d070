"""Corrections obey the same rules as moves (issue 9, item 7; spec §1 and §5.2): one character
on one space, ids that exist, counts never negative."""

import pytest

from companion.core.errors import RuleError
from companion.games.unicornus import GAME
from companion.games.unicornus.commands import Correct, PlaceUnit
from tests.unicornus_ui.demo import demo_state


def test_a_leader_already_leading_a_unit_cannot_lead_a_second_one():
    s = demo_state()
    led = next(u for u in s.units if u.leader)
    leaderless = next(u for u in s.units if not u.leader)
    with pytest.raises(RuleError) as err:
        GAME.apply(s, Correct(f"unit:{leaderless.space}", "leader", led.leader))
    assert err.value.message.key == "unicornus.rule.leads_elsewhere"


def test_an_unknown_leader_is_a_rule_error_not_a_key_error():
    s = demo_state()
    leaderless = next(u for u in s.units if not u.leader)
    with pytest.raises(RuleError) as err:
        GAME.apply(s, Correct(f"unit:{leaderless.space}", "leader", "nobody"))
    assert err.value.message.key == "unicornus.rule.no_such_imperial"


@pytest.mark.parametrize(
    ("target", "field", "value"),
    [
        ("hero:annelie", "tokens", -4),
        ("hero:annelie", "supplies", -1),
        ("hero:annelie", "life", 0),
        ("hero:princess", "damage", -2),
    ],
)
def test_counts_below_what_the_rules_allow_are_refused(target, field, value):
    s = demo_state()
    with pytest.raises(RuleError) as err:
        GAME.apply(s, Correct(target, field, value))
    assert err.value.message.key == "unicornus.rule.too_few"


def test_a_unit_of_minus_tokens_cannot_be_placed():
    s = demo_state()
    free = next(i for i in range(len(s.board)) if s.unit_at(i) is None and s.hero_at(i) is None)
    with pytest.raises(RuleError):
        GAME.apply(s, PlaceUnit(free, -4))


def test_a_freed_leader_may_take_a_leaderless_unit():
    s = demo_state()
    led = next(u for u in s.units if u.leader)
    leaderless = next(u for u in s.units if not u.leader)
    s = GAME.apply(s, Correct(f"unit:{led.space}", "leader", ""))
    s = GAME.apply(s, Correct(f"unit:{leaderless.space}", "leader", led.leader))
    assert s.unit_at(leaderless.space).leader == led.leader
    assert [u.space for u in s.units if u.leader == led.leader] == [leaderless.space]


async def test_a_correction_that_ends_the_game_asks_first():
    """Damage 99 on the Princess would end the game (§8): the engine's correction leads to a
    confirmation first; no leaves the game as it was, yes ends it (the record opens)."""
    from companion.core.game import ConfirmFirst
    from companion.core.i18n import set_language
    from companion.store import Store
    from companion.ui.app import create_app
    from companion.ui.dialogs import Confirm
    from companion.ui.record import RecordScreen
    from tests.unicornus_ui.demo import start

    store = Store.open("sqlite://")
    try:
        app = create_app(store, lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            start(app)
            await pilot.pause()
            screen = app.screen
            entry = screen.moment.action("correct").leads
            harmless = entry.answer([Correct("hero:annelie", "supplies", 3)])
            assert harmless == Correct("hero:annelie", "supplies", 3)  # nothing ends: at once
            fatal = entry.answer([Correct("hero:princess", "damage", 99)])
            assert isinstance(fatal, ConfirmFirst)
            screen.perform(fatal)
            await pilot.pause()
            assert isinstance(app.screen, Confirm)
            assert app.screen.question.key == "unicornus.flow.correct_ends"
            await pilot.press("escape")  # no
            await pilot.pause()
            assert app.screen is screen and screen.session.cursor == 0
            screen.perform(fatal)
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert screen.session.cursor == 1 and screen.session.outcome.result == "lost"
            assert isinstance(app.screen, RecordScreen)
    finally:
        store.close()
        set_language("en")
