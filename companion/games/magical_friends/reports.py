"""A move as the table reports it, one question at a time (spec §5): the engine says what the
report still needs — the cavern die (of the move, or of a catapult throw or shot entering the
Dark Cavern), where the move ended, the way the Scheming Dagger took, a fork of the walk or of
a catapult throw or shot — as a typed question whose options are the more complete reports.
A die is the table's to enter by default; its last option lets the app roll it (the app then
logs the face). A screen asks until :func:`question` says nothing is missing, then
applies ``draft.move``; the headless runner answers the same questions.

Questions with one possible answer are answered here, never asked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.core.errors import RuleError
from companion.core.i18n import Msg
from companion.core.plan import Choice, Option

from .board import CAVERN_DIE, BranchNeeded, Walk
from .commands import Move
from .dice import DieNeeded
from .engine import apply
from .queries import destinations
from .state import GameState


@dataclass(frozen=True)
class Draft:
    """A report in progress: the move so far; ``app_rolls``: the app rolls the dice the
    table has not entered (the end is known only once it has); ``way``: the way along the
    board was given."""

    move: Move
    app_rolls: bool = False
    way: bool = False


@dataclass(frozen=True)
class Question:
    """``kind``: "cavern" (the move's die), "throw_cavern" / "shot_cavern" (a catapult's),
    "end", "way", "fork", "throw_fork" or "shot_fork"; each option's value is a
    :class:`Draft`."""

    kind: str
    title: Msg
    choice: Choice


def question(state: GameState, draft: Draft) -> tuple[Draft, Question | None]:
    """``draft`` with the questions that have one answer answered, and what its report still
    needs (None: ``draft.move`` is complete; apply may still refuse it, with the reason)."""
    for _ in range(64):
        found = _next(state, draft)
        if found is None:
            break
        kind, reason, options = found
        if len(options) != 1:
            if not options:
                break
            title = Msg(f"magical_friends.report.{kind}_title")
            return draft, Question(kind, title, Choice(reason, tuple(options)))
        draft = options[0].value
    return draft, None


def complete(state: GameState, draft: Draft) -> Draft:
    """``draft`` with every question answered by its first option, the cavern die by the app
    (the headless runner's report)."""
    for _ in range(64):
        draft, q = question(state, draft)
        if q is None:
            break
        pick = next((o for o in q.choice.options if o.value.app_rolls), q.choice.options[0])
        draft = pick.value
    return draft


def _next(state: GameState, d: Draft) -> tuple[str, Msg, list[Option]] | None:
    m = d.move
    if m.steps is not None and not m.jump and m.to is None and not d.app_rolls:
        walks = list(destinations(state, m.creature, m.steps))
        if not walks:
            return None
        if any(w.cavern for w in walks) and not m.cavern_rolls:
            return _cavern(d, "cavern")
        walks = _fitting(walks, m)
        ends = list(dict.fromkeys(w.end for w in walks))
        reason = Msg("magical_friends.report.end", {"steps": m.steps})
        return "end", reason, [_option(d, space_name(state, e), to=e) for e in ends]
    if m.to is not None and m.how == "dagger" and not d.way and not m.jump:
        # the way matters for the dagger (it slays along it), for nothing else
        ways = [w for w in _fitting(list(destinations(state, m.creature, m.steps or 0)), m)]
        ways = [w for w in ways if w.end == m.to] if m.steps is not None else []
        options = []
        for w in {w.forks: w for w in ways}.values():
            label = Msg("magical_friends.report.via", {"path": " → ".join(w.path)})
            options.append(Option(replace(d, move=replace(m, branches=w.forks), way=True), label))
        if len(options) > 1:
            return "way", Msg("magical_friends.report.way"), options
    return _fork(state, d)


def _fitting(walks: list[Walk], m: Move) -> list[Walk]:
    if not m.cavern_rolls:
        return walks
    path = CAVERN_DIE.get(m.cavern_rolls[0])
    return [w for w in walks if not w.cavern or w.cavern[0] == path]


def _cavern(d: Draft, what: str) -> tuple[str, Msg, list[Option]]:
    """The cavern die of ``what`` (the move's own way, or a catapult "throw" or "shot"): each
    face the table may have rolled, then the app's roll."""
    rolled = d.move.cavern_rolls
    options = [
        _option(
            d,
            Msg("magical_friends.report.face", {"face": face, "path": _path(path)}),
            cavern_rolls=(*rolled, face),
        )
        for face, path in CAVERN_DIE.items()
    ]
    options.append(Option(replace(d, app_rolls=True), Msg("magical_friends.report.app_rolls")))
    kind = "cavern" if what == "cavern" else f"{what}_cavern"
    return kind, Msg(f"magical_friends.report.{kind}"), options


FORK_KIND = {"branches": "fork", "throw_branches": "throw_fork", "shot_branches": "shot_fork"}


def _fork(state: GameState, d: Draft) -> tuple[str, Msg, list[Option]] | None:
    try:
        apply(state, d.move, ask_dice=not d.app_rolls)
    except BranchNeeded as need:
        taken = getattr(d.move, need.field)
        kind = FORK_KIND[need.field]  # the move's own way, or the catapult's throw or shot
        reason = Msg(f"magical_friends.report.{kind}", {"space": space_name(state, need.space)})
        return (
            kind,
            reason,
            [_option(d, space_name(state, o), **{need.field: (*taken, o)}) for o in need.options],
        )
    except DieNeeded as need:  # a catapult's throw or shot enters the Dark Cavern
        return _cavern(d, need.what)
    except RuleError:
        return None  # complete; the rule's refusal is the table's to read when it is applied
    return None


def _option(d: Draft, label: Msg, **change) -> Option:
    return Option(replace(d, move=replace(d.move, **change)), label)


def _path(path: str) -> Msg:
    return Msg(f"magical_friends.cavern.{path}")


def space_name(state: GameState, sid: str) -> Msg:
    """``p3 (Switch)``: a space by its id and what it is."""
    sp = state.board.spaces.get(sid)
    if sp is None or (sp.kind == "plain" and not sp.cavern_path):
        return Msg("magical_friends.report.space_plain", {"space": sid})
    if sp.kind == "market":
        what = Msg(f"magical_friends.market.{sp.market}")
    elif sp.cavern_path:
        what = _path(sp.cavern_path)
    else:
        what = Msg(f"magical_friends.kind.{sp.kind}")
    return Msg("magical_friends.report.space", {"space": sid, "what": what})
