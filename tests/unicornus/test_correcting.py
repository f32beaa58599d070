"""What a correction may set (the table is the source of truth): the targets from a space,
each value as it stands, and the steps of the table's values — one ``Correct`` per changed
value, a whole unit placed or removed; every step is one ``apply`` takes."""

from companion.games.unicornus import (
    GAME,
    Correct,
    PlaceUnit,
    RemoveUnit,
    correction_targets,
    correction_values,
    corrections,
)
from tests.unicornus_ui.demo import demo_state


def test_the_targets_of_a_space_are_what_stands_there_then_the_game():
    s = demo_state()
    led = next(u for u in s.units if u.leader)
    assert correction_targets(s, led.space) == (
        ("unit", led.space),
        ("imperial", led.leader),
        ("remove", led.space),
        ("space", led.space),
        ("game", ""),
    )
    hero = s.heroes[1]
    assert correction_targets(s, hero.space)[:2] == (("hero", hero.id), ("place", hero.space))


def test_only_the_values_changed_become_steps_each_one_apply_takes():
    s = demo_state()
    hero = s.heroes[1]
    now = {v.key: v.now for v in correction_values(s, "hero", hero.id)}
    assert now["tokens"] == hero.tokens and now["space"] == hero.space
    assert corrections(s, "hero", hero.id, now) == []  # nothing changed: no step
    steps = corrections(s, "hero", hero.id, {**now, "tokens": hero.tokens + 1, "alive": True})
    assert steps == [Correct(f"hero:{hero.id}", "tokens", hero.tokens + 1)]
    assert GAME.apply(s, steps[0]).hero(hero.id).tokens == hero.tokens + 1
    game = {v.key: v for v in correction_values(s, "game", "")}
    assert game["start_player"].high == s.players - 1  # a seat, from 0
    assert corrections(s, "game", "", {"round": s.round + 1}) == [
        Correct("game", "round", s.round + 1)
    ]


def test_a_unit_is_placed_or_removed_whole():
    s = demo_state()
    unit = s.units[0]
    assert corrections(s, "remove", unit.space, {}) == [RemoveUnit(unit.space)]
    free = next(n for n in range(len(s.board)) if not s.unit_at(n) and not s.hero_at(n))
    assert corrections(s, "place", free, {"tokens": 3}) == [PlaceUnit(free, 3, "")]
