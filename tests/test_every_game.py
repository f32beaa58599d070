"""One test over every registered game (OpenSpiel's ``games_sim_test`` is the model): random
legal play through the protocol (``companion.core.game``), for several seeds.

At every moment of the play, every action the moment lists is checked: an allowed one leads
somewhere (``Action.leads``), and following it as a table would (random picks, the sensible
table's entries) ends in a command the engine accepts, whose log line renders in English and
Japanese and names no id; a refused one says why and leads nowhere. The play goes on by the
moment's own next thing, or now and then by one of those actions. Every step is undone and
redone (the identity), states round-trip through the codec, and the outcome agrees with the
moment.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

from companion.core.codec import dump, dump_command, load, load_command
from companion.core.commands import Command, apply_command
from companion.core.errors import RuleError
from companion.core.game import Ask, Entry, Outcome, Policy, Show, decide, is_lead, settle
from companion.core.i18n import Msg, set_language, tr
from companion.core.steplog import StepLog
from companion.games.registry import GAME_KEYS, get_game, load_game_catalog, sensible_table

STEPS = 250  # steps of play per game and seed (a whole Insurrection game is about 150)
SEEDS = (1, 2)
OFTEN = 0.35  # how often the play goes on by a random allowed action rather than the moment


class RandomTable(Policy):
    """A table that picks at random among a question's options, enters what the sensible
    table enters (or the suggested value), and acts as the sensible table does."""

    def __init__(self, policy: Any, rng: random.Random) -> None:
        self.policy, self.rng = policy, rng

    def act(self, state: Any, moment: Any) -> Any:
        return self.policy.act(state, moment)

    def pick(self, state: Any, ask: Ask) -> Any:
        return self.rng.choice(ask.choice.options).value

    def enter(self, state: Any, entry: Entry) -> Any:
        return self.policy.enter(state, entry)


def catalog_ids(root: Any) -> set[str]:
    """The ids of everything the catalog names (an object with an ``id`` and a ``name``)
    whose id is not also how the table knows it."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(value: Any, depth: int) -> None:
        if depth > 6 or id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, dict):
            for v in value.values():
                walk(v, depth + 1)
            return
        if isinstance(value, list | tuple | set | frozenset):
            for v in value:
                walk(v, depth + 1)
            return
        ident, name = getattr(value, "id", None), getattr(value, "name", None)
        if isinstance(ident, str) and name is not None and len(ident) > 2:
            names = name.values() if isinstance(name, dict) else [name]
            if ident not in {str(n) for n in names}:
                found.add(ident)
        fields = (
            dataclasses.fields(value)
            if dataclasses.is_dataclass(value)
            else getattr(type(value), "model_fields", {})
        )
        for f in fields:
            walk(getattr(value, f if isinstance(f, str) else f.name, None), depth + 1)

    walk(root, 0)
    return found


def rendered(line: Msg) -> dict[str, str]:
    out = {}
    for lang in ("en", "ja"):
        set_language(lang)
        out[lang] = tr(line)
    set_language("en")
    return out


def check_line(key: str, line: Msg, ids: set[str], what: str) -> None:
    for lang, text in rendered(line).items():
        assert text and "{" not in text, f"{key}: {what}: {lang} line {text!r}"
        named = [i for i in ids if re.search(rf"(?<![\w.]){re.escape(i)}(?![\w])", text)]
        assert not named, f"{key}: {what}: the {lang} log line {text!r} names ids {named}"


def follow(state: Any, lead: Any, table: RandomTable) -> Any:
    """What following ``lead`` ends in (a command, a view, or nothing; ``None`` too when an
    answer on the way was refused with the engine's reason, e.g. a kind with no copy left)."""
    try:
        return settle(lead, state, table)
    except RuleError as exc:
        tr(exc.message)
        return None


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("key", GAME_KEYS)
def test_random_play_through_the_protocol(key: str, seed: int) -> None:
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    policy, demo_setup = sensible_table(key, seed)
    rng = random.Random(seed)
    table = RandomTable(policy, rng)
    log = StepLog(game, game.new_game(demo_setup(catalog, None), catalog, seed))
    ids = catalog_ids(catalog)
    performed: set[str] = set()
    listed: set[str] = set()
    for step in range(STEPS):
        state = log.state
        moment = game.moment(state)
        outcome = game.outcome(state)
        assert (outcome is None) == (not isinstance(moment.next, Outcome)), key
        if outcome is not None:
            assert moment.next == outcome
            check_line(key, outcome.reason, ids, "the outcome")
        tr(moment.prompt)
        commands: list[Command] = []
        for action in moment.actions:
            listed.add(action.name)
            if not action.allowed:
                assert isinstance(action.reason, Msg), f"{key}: {action.name} refused, no reason"
                tr(action.reason)
                continue
            assert is_lead(action.leads), f"{key}: the allowed {action.name!r} leads nowhere"
            end = follow(state, action.leads, table)
            if isinstance(end, Show) or end is None:
                performed.add(action.name)
                continue
            assert isinstance(end, Command), f"{key}: {action.name} ends in {end!r}"
            try:
                after = apply_command(game, state, end)
            except RuleError as exc:  # the engine listed it as allowed
                raise AssertionError(f"{key}: {action.name} led to a refused {end!r}") from exc
            check_line(key, game.describe(state, end, after), ids, action.name)
            performed.add(action.name)
            commands.append(end)
        if outcome is not None:
            break
        if moment.next is None and commands and rng.random() < OFTEN:
            cmd = rng.choice(commands)
        else:
            cmd = decide(moment, state, table)
            assert cmd is not None
        assert load_command(dump_command(cmd)) == cmd, f"{key}: {cmd!r}"
        after = log.do(cmd)
        check_line(key, log.line(log.cursor - 1), ids, f"step {step + 1}")
        assert log.undo() == cmd and log.state == state
        assert log.redo() == cmd and log.state == after
        if step % 10 == 0:
            assert load(game.state_type, dump(after)) == after, f"{key}: after step {step + 1}"
    # random play reaches most of what the table can do (not every rare action every seed)
    assert len(performed) >= len(listed) // 2, (key, sorted(listed - performed))
