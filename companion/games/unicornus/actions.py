"""The moment as the table meets it: the flow's moment (:mod:`companion.games.unicornus.flow`)
with the actions the table may take at any point beside it, each led by the engine and
refused with its reason:

- ``correct``: set any value (the table is the source of truth): an entry whose form the
  screen holds, answered with the commands the form made (one step however many values);
  a change that would end the game is confirmed first;
- ``ally``: §7, §9 — a Fate card beside a kingdom character makes its imperial character an
  ally (only such a character, never one marked "no fate"): a choice of those pairs;
- ``what_if``: the preview of the Princess and the Empire after a step of the acting
  character (:mod:`companion.games.unicornus.foresight`): a choice whose options are views.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from companion.core.commands import Command
from companion.core.errors import RuleError
from companion.core.game import Action, Ask, ConfirmFirst, Entry, Lead, Moment, Show, Then
from companion.core.i18n import Msg
from companion.core.plan import Choice, Option
from companion.games.unicornus import flow
from companion.games.unicornus.commands import Correct, Corrections, MakeAlly, Procure
from companion.games.unicornus.engine import apply
from companion.games.unicornus.foresight import preview_offered, what_ifs
from companion.games.unicornus.state import UKState

WHAT_IF = "unicornus.what_if"  # a Show: the preview after a step (its subject)


def moment(state: UKState, hid: str | None = None) -> Moment:
    """The moment for the table; ``hid``: the seat's character the table acts with, when it
    is not the flow's default (a seat of two players runs two)."""
    m = flow.moment(state)
    actions = m.actions
    if hid and hid != flow.acting(state) and m.next is None:
        actions = flow.player_actions(state, hid)
    who = hid or flow.acting(state)
    return replace(m, actions=(*actions, *table_actions(state, who)))


def table_actions(state: UKState, hid: str) -> tuple[Action, ...]:
    out = [correct_action(state)]
    if not state.outcome:
        out.append(ally_action(state))
    if preview_offered(state):
        out.append(what_if_action(state, hid))
    return tuple(out)


def correct_action(state: UKState) -> Action:
    entry = Entry("unicornus.correct", Msg("unicornus.flow.correct"), partial(corrected, state))
    return Action("correct", leads=entry)


def corrected(state: UKState, commands) -> Lead | None:
    """What the correction form's commands lead to: nothing (no value changed), the one
    command, or the changed values as one step; confirmed first when it would end the
    game (§8)."""
    commands = tuple(commands or ())
    if not commands:
        return None
    if len(commands) == 1:
        cmd: Command = commands[0]
    elif all(isinstance(c, Correct) for c in commands):
        cmd = Corrections(commands)
    else:
        raise RuleError("unicornus.rule.one_correction")
    after = apply(state, cmd)  # refused: the form says why
    end = flow.outcome(after)
    if end is not None and flow.outcome(state) is None:
        return ConfirmFirst(Msg("unicornus.flow.correct_ends", {"outcome": end.reason}), cmd)
    return cmd


def ally_action(state: UKState) -> Action:
    """§7: a Fate card's outcome may make its imperial character an ally of the kingdom
    character it lies beside; the pairs whose card lies on the table now."""
    options = tuple(
        Option(
            MakeAlly(c.id, c.bound_to),
            Msg(
                "unicornus.flow.choice_ally_option",
                {"imperial": flow.name(c.name), "hero": flow.name(state.hero(c.bound_to).name)},
            ),
        )
        for c in state.imperial
        if c.status == "board"
        and c.bound_to
        and flow.refusal(state, MakeAlly(c.id, c.bound_to)) is None
    )
    if not options:
        return Action("ally", Msg("unicornus.flow.no_ally"))
    choice = Choice(Msg("unicornus.flow.choice_ally"), options)
    return Action("ally", leads=Ask(choice, Msg("unicornus.flow.choice_ally_title"), tie=False))


def what_if_action(state: UKState, hid: str) -> Action:
    """The steps of ``hid`` the table may preview, each leading to its view (listed when the
    key is pressed: previewing every step of every moment would cost each step's redraw)."""
    if not hid or flow.refusal(state, Procure(hid)) is not None:
        return Action("what_if", Msg("unicornus.flow.no_what_if"))
    return Action("what_if", leads=Then(partial(_what_ifs, hid), ("what_if", hid)))


def _what_ifs(hid: str, state: UKState) -> Ask:
    options = tuple(Option(Show(WHAT_IF, o.value), o.label) for o in what_ifs(state, hid))
    choice = Choice(Msg("unicornus.foresight.what_if"), options)
    return Ask(choice, Msg("unicornus.flow.choice_what_if"), tie=False)
