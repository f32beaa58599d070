"""Chance where the table rolls (issue 24; spec /work/shared/rules/magical-friends.md §5 Dark
Cavern and Catapult, §4 bonus moves): the cavern die of a catapult throw or shot is the
table's to enter (or the app's to roll, logged), never the app's secret; the steps preview
branches over its faces with exact chances, and every preview equals the real moves over
every face of every die."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from companion.core.errors import RuleError
from companion.games.magical_friends import GAME, CorrectBoard, CorrectWizard, Move, apply
from companion.games.magical_friends.board import BranchNeeded
from companion.games.magical_friends.dice import DieNeeded
from companion.games.magical_friends.foresight import preview_move
from companion.games.magical_friends.moves import bonus_steps, movers
from companion.games.magical_friends.reports import Draft, question

from .helpers import BOARD_A, BOARD_B, in_turns, place
from .test_foresight import turn_states


def _catapult_before_the_cavern():
    """BOARD_B: the catapult on c1, a friend on p4: one step lands on it and the throw goes 2
    steps on, into the Dark Cavern (§5 Catapult: the cavern die is rolled where it lands)."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "p4")
    return apply(st, CorrectBoard(catapult_space="c1", catapult_holder=1)), cid


def test_the_catapult_throw_s_cavern_die_is_asked_of_the_table():
    """§5: the throw's die is a question (each face, or the app rolls it), named as the
    catapult's; the table's face decides the path; the app's roll is logged with its face."""
    st, cid = _catapult_before_the_cavern()
    draft, q = question(st, Draft(Move(cid, steps=1)))
    assert q is not None and q.kind == "throw_cavern"
    assert q.choice.reason.key == "magical_friends.report.throw_cavern"
    assert len(q.choice.options) == 7  # faces 1–6, then the app's roll
    ends = {}
    for face, option in enumerate(q.choice.options[:6], start=1):
        done, more = question(st, option.value)
        assert more is None and done.move.cavern_rolls == (face,)
        ends[face] = GAME.apply(st, done.move).creature(cid).where
    assert ends == {1: "cp1", 2: "cp1", 3: "cs1", 4: "cs1", 5: "cd1", 6: "cd1"}
    app = q.choice.options[6].value
    assert app.app_rolls and question(st, app)[1] is None
    after = GAME.apply(st, app.move)
    rolled = [e for e in after.events if e.key == "magical_friends.event.app_dice"]
    assert rolled and str(rolled[0].params["faces"]) in "123456"


def test_the_catapult_throw_s_preview_is_three_ways_at_one_third():
    """§5: the preview of that step is the three cavern paths at 1/3 each (not the app's
    future roll as a certainty), each what the move with that face does."""
    st, cid = _catapult_before_the_cavern()
    seen = [x for x in preview_move(st, cid, 1) if x.refused is None]
    assert sorted((x.cavern, x.chance) for x in seen) == [
        (("detour",), Fraction(1, 3)),
        (("poison",), Fraction(1, 3)),
        (("shortcut",), Fraction(1, 3)),
    ]
    for x in seen:
        after = GAME.apply(st, x.command)
        assert (after.events, after.creature(cid).where) == (x.events, x.end)


def test_a_pity_move_firing_the_catapult_says_it_is_the_catapult_s_shot():
    """§4 Pity Power (exactly 2 steps) onto the Goblin Workshop while its wizard holds the
    catapult fires it (§5); the shot's fork at w3 is asked as the catapult's shot."""
    st = in_turns(BOARD_A)
    st, cid = place(st, 0, "moss-knight", "s1")
    st = apply(st, CorrectWizard(0, pity=1))
    st = apply(st, CorrectBoard(catapult_holder=0))
    _, q = question(st, Draft(Move(cid, steps=2, how="pity")))
    assert q is not None and q.kind == "shot_fork"
    assert q.choice.reason.key == "magical_friends.report.shot_fork"
    assert q.title.key == "magical_friends.report.shot_fork_title"
    shots = {o.value.move.shot_branches for o in q.choice.options}
    assert shots == {("w4",), ("w4b",)}


# -- the property: every preview is the real moves over every face ---------------------------


def outcomes(state, cmd: Move, weight: Fraction = Fraction(1), out=None, asked=None):
    """Every way the real move goes: each fork the table may take (a pick: weight kept), each
    face 1–6 of every die it needs (the move's cavern die, a catapult throw's or shot's:
    1/6 each), applied by the engine; (forks, end, events) → total weight. ``asked``
    collects whose dice were needed."""
    out = {} if out is None else out
    asked = set() if asked is None else asked
    try:
        after = apply(state, cmd, ask_dice=True)
    except BranchNeeded as need:
        for opt in need.options:
            more = replace(cmd, **{need.field: (*getattr(cmd, need.field), opt)})
            outcomes(state, more, weight, out, asked)
        return out
    except DieNeeded as need:
        asked.add(need.what)
        for face in range(1, 7):
            more = replace(cmd, cavern_rolls=(*cmd.cavern_rolls, face))
            outcomes(state, more, weight / 6, out, asked)
        return out
    except RuleError as exc:
        key = (_forks(cmd), None, (exc.message,))
    else:
        # the command with every face entered, as the table would report it, applied plainly
        real = GAME.apply(state, cmd)
        assert real == after
        key = (_forks(cmd), real.creature(cmd.creature).where, real.events)
    out[key] = out.get(key, Fraction(0)) + weight
    return out


def _forks(cmd: Move):
    return (cmd.branches, cmd.throw_branches, cmd.shot_branches)


def foreseen(state, cid: str, steps: int, how: str):
    out: dict = {}
    for x in preview_move(state, cid, steps, how):
        events = x.events if x.refused is None else (x.refused,)
        key = (_forks(x.command), x.end, events)
        out[key] = out.get(key, Fraction(0)) + x.chance
    return out


def _with_catapult(state, rnd: random.Random):
    """The catapult put on a random space of the tiles (one time in three on a space that
    throws into the Dark Cavern), held by a random wizard (§5)."""
    spaces = [
        s
        for s in state.board.order
        if s != state.board.tavern and s not in state.board.start_spaces
    ]
    if rnd.random() < 1 / 3:
        spaces = [s for s in spaces if state.board.spaces[s].next == ("c2",)] or spaces
    holder = rnd.randrange(len(state.wizards))
    return replace(state, catapult_space=rnd.choice(spaces), catapult_holder=holder)


def test_every_preview_is_the_real_move_over_every_face():
    """§4, §5: for random states (random tile sides with the Dark Cavern, the catapult
    anywhere, basic moves of any count up to 12, Pity Power and Fairy Dust moves), the
    preview's ways are exactly the outcomes of the real move over every face of every die and
    every fork, with the same exact weights."""
    checked = dice = 0
    asked: set[str] = set()  # whose dice the moves needed
    for seed in range(8):
        rnd = random.Random(seed)
        for s in turn_states(seed, 6, side="t2-cavern"):
            wiz = s.current_wizard
            cards = tuple(
                replace(w, pity=1, fairy_dust=1) if i == wiz else w for i, w in enumerate(s.wizards)
            )
            s = replace(s, wizards=cards)
            for _ in range(3):
                t = _with_catapult(s, rnd)
                for how in ("basic", "pity", "fairy_dust"):
                    for c in movers(t, how):
                        n = bonus_steps(t, how) or rnd.randint(1, 12)
                        brute = outcomes(t, Move(c.id, steps=n, how=how), asked=asked)
                        assert foreseen(t, c.id, n, how) == brute
                        checked += 1
                        dice += any(weight != 1 for weight in brute.values())
    # not vacuous: dice decided some of them, a catapult throw's among them
    assert checked > 100 and dice and "throw" in asked
