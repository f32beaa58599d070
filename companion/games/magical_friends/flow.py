"""What the table faces at each moment of a Magical Friends game (spec §6), as data.

:func:`moment` is the whole flow: the round start (the app's step: the round-8 notice, lava
in the lava rounds, the fairy die, rolled by the app unless the table enters its roll), the
artifacts (a value the table enters; a tie asks only the order among the tied wizards), the
turns (the table acts: summon, moves, abilities, the catapult, the end of the turn, each
refused one with the engine's reason), the decisions the table owes (``state.pending``: the
Highway to Hell, and a tie: both opened at once) and the end (:func:`outcome`, the final
tally). Every action carries what it leads to (``leads.py``: the questions a report needs,
from the lists in ``choices.py``, derived from ``apply``'s checks); the end of the game and
the corrections are actions of every moment, so the engine may refuse them too. The screens
and the headless runner read it; none of them decides what comes next.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from companion.core.game import Action, Ask, Entry, Moment, Outcome, Step
from companion.core.i18n import LANGUAGES, Msg, tr
from companion.core.plan import Choice, Option

from . import leads
from .choices import CASTING, TURN_ACTIONS, ability_refusal, refusal
from .commands import EndGame, OrderTie, PlayArtifacts, ResolveHighway, StartRound
from .engine import apply
from .log import creature, wizard
from .moves import bonus_steps
from .rounds import artifact_value, tie_groups, tie_to_order
from .scoring import points_by_category, ranking
from .state import GameState


def _names(state: GameState, wizards) -> str:
    return ", ".join(wizard(state, i) for i in wizards)


# -- the end ------------------------------------------------------------------------------


def outcome(state: GameState) -> Outcome | None:
    """The final tally as an outcome (spec §7): every wizard's points, best first with the
    catalog's tie-break applied; ``winners`` several when the tie-break shares the win."""
    t = state.tally
    if state.phase != "over" or t is None:
        return None
    winners = tuple(state.wizards[i].name for i in t.winners)
    key = "won" if len(winners) == 1 else "shared"
    return Outcome(
        result="finished",
        reason=Msg(f"magical_friends.outcome.{key}", {"winners": ", ".join(winners)}),
        winners=winners,
        scores=tuple((state.wizards[i].name, t.points[i]) for i in ranking(state)),
        round=state.round,
        facts={  # by wizard, in seat order: what Stats counts
            "wizards": [
                {
                    "name": w.name,
                    "colour": w.colour,
                    "tavern": t.tavern_friends[i],
                    "trophies": t.trophies[i],
                }
                for i, w in enumerate(state.wizards)
            ],
            # each wizard's points by category, as the tally shows them (records, CSV)
            "breakdown": {
                w.name: [
                    [key, _in_every_language(f"magical_friends.category.{key}"), points]
                    for key, points in points_by_category(state, i)
                ]
                for i, w in enumerate(state.wizards)
            },
        },
    )


def _in_every_language(key: str) -> dict[str, str]:
    """A word in every language, for the records (shown in the reader's)."""
    return {lang: tr(key, lang=lang) for lang in LANGUAGES}


# -- the moment ---------------------------------------------------------------------------


def moment(state: GameState) -> Moment:
    done = outcome(state)
    if done is not None:
        over = Msg("magical_friends.game.over")
        return Moment(
            done.reason,
            done,
            (Action("tally", leads=leads.record()), Action("end_game", over), _correct()),
        )
    if state.pending:
        ask = highway_ask(state)
        first = Msg("magical_friends.pending.first")
        return Moment(
            ask.choice.reason,
            ask,
            (Action("highway", leads=ask), Action("end_game", first), _correct()),
        )
    if state.phase == "round_start":
        return _round_start(state)
    if state.phase == "artifacts":
        group = tie_to_order(state)
        if group is not None:
            ask = tie_ask(state, group)
            return Moment(ask.choice.reason, ask, (Action("order", leads=ask), *_always()))
        entry = artifacts_entry(state)
        return Moment(entry.prompt, entry, (Action("artifacts", leads=entry), *_always()))
    wiz = state.current_wizard
    prompt = Msg(
        "magical_friends.flow.turn",
        {"wizard": wizard(state, wiz), "n": state.turn_index + 1, "of": len(state.turn_order)},
    )
    casting = ability_refusal(state)  # the same check answers ability, slay and poison
    actions = []
    for name in TURN_ACTIONS:
        why = casting if name in CASTING else refusal(state, name)
        actions.append(Action(name, why, None if why else leads.action_lead(state, name)))
    return Moment(prompt, None, (*actions, *_always()), advance="end_turn")


def _always() -> tuple[Action, ...]:
    """What the table may do at any moment of a game going on: end it, correct it."""
    return (Action("end_game", leads=leads.end_game()), _correct())


def _correct() -> Action:
    return Action("correct", leads=leads.correct())


def _round_start(state: GameState) -> Moment:
    if state.round >= state.rounds:  # a corrected round count: nothing left but the end
        end = Msg("magical_friends.flow.end")
        return Moment(end, Step(EndGame(), end), _always())
    n = state.round + 1
    effects = [Msg("magical_friends.flow.effect.round", {"round": n, "rounds": state.rounds})]
    if n == state.bonus_round:
        effects.append(Msg("magical_friends.flow.effect.bonus"))
    if n in state.options.lava_rounds:
        effects.append(Msg("magical_friends.flow.effect.lava"))
    if state.board.of_kind("fairy_trail"):
        effects.append(Msg("magical_friends.flow.effect.fairy"))
    reason = Msg("magical_friends.flow.round_start", {"effects": _join(effects)})
    if state.board.of_kind("fairy_trail"):
        roll = Action("fairy_roll", leads=fairy_entry(state))
    else:
        roll = Action("fairy_roll", Msg("magical_friends.fairy.no_trail"))
    return Moment(
        reason,
        Step(StartRound(), reason),
        (Action("start_round", leads=StartRound()), roll, *_always()),
    )


def _join(parts: list[Msg]) -> Msg:
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = Msg("magical_friends.flow.then", {"a": part, "b": out})
    return out


def fairy_entry(state: GameState) -> Entry:
    """The table's fairy die (§5 Fairy Trail); ``subject``: the faces that send the fairy to
    each trail space, ``((space, (face, ...)), ...)`` in face order."""
    sides = state.board.fairy_die_sides
    faces: dict[str, list[int]] = {}
    for face in range(1, sides + 1):
        faces.setdefault(state.board.fairy_space_for(face) or "-", []).append(face)
    return Entry(
        "magical_friends.fairy",
        Msg("magical_friends.flow.fairy_roll"),
        _fairy_answer,
        subject=tuple((space, tuple(fs)) for space, fs in faces.items()),
        minimum=1,
        maximum=sides,
        count=1,
    )


def _fairy_answer(roll) -> StartRound:
    """The table's roll (None: the app rolls it)."""
    return StartRound(fairy_roll=None if roll is None else int(roll))


def artifacts_entry(state: GameState) -> Entry:
    """The artifact each wizard played (§6): a tuple of numbers, one per wizard. Only the
    table knows them (no suggestion); ``answer`` refuses what the rules refuse."""
    numbers = [a.number for a in state.artifacts]
    return Entry(
        "magical_friends.artifacts",
        Msg("magical_friends.flow.artifacts"),
        partial(_artifacts_answer, state),
        subject=tuple(artifacts_left(state, i) for i in range(len(state.wizards))),
        minimum=min(numbers),
        maximum=max(numbers),
        count=len(state.wizards),
    )


def _artifacts_answer(state: GameState, played) -> PlayArtifacts:
    cmd = PlayArtifacts(tuple(int(n) for n in played))
    apply(state, cmd)  # raises RuleError for an artifact used already, unknown, ...
    return cmd


def artifacts_left(state: GameState, i: int) -> tuple[int, ...]:
    used = state.wizards[i].artifacts_used
    return tuple(a.number for a in state.artifacts if a.number not in used)


def tie_ask(state: GameState, group: tuple[int, ...]) -> Ask:
    """Who goes next among wizards whose artifacts tie (all of them when the box's turn-order
    rule is not transcribed: then it is no tie the app may pick)."""
    known = state.turn_order_rule is not None
    first = len(group) == len(next(g for g in tie_groups(state, state.played) if group[0] in g))
    key = ("tie" if known else "order") + ("" if first else "_next")
    value = artifact_value(state, group[0], state.played[group[0]])
    reason = Msg(f"magical_friends.flow.{key}", {"value": value, "who": _names(state, group)})
    options = tuple(
        Option(OrderTie(w), Msg("magical_friends.flow.goes_first", {"wizard": wizard(state, w)}))
        for w in group
    )
    return Ask(
        Choice(reason, options), Msg("magical_friends.flow.order_title"), tie=known, at_once=True
    )


def highway_ask(state: GameState) -> Ask:
    """§5 Highway to Hell: the evil creature may slay the others on the space (all or
    nothing; with the option off, the table may name one)."""
    p = state.pending[0]
    targets = _and(state, p.targets)
    options = [
        Option(ResolveHighway(True), Msg("magical_friends.flow.highway_all", {"targets": targets})),
        Option(ResolveHighway(False), Msg("magical_friends.flow.highway_none")),
    ]
    if not state.options.highway_all_or_nothing:
        options += [Option(ResolveHighway(True, (t,)), creature(state, t)) for t in p.targets]
    reason = Msg(
        "magical_friends.flow.highway", {"creature": creature(state, p.creature), "space": p.space}
    )
    title = Msg("magical_friends.flow.highway_title")
    return Ask(Choice(reason, tuple(options)), title, tie=False, at_once=True)


def _and(state: GameState, cids: tuple[str, ...]) -> Msg | str:
    if len(cids) == 1:
        return creature(state, cids[0])
    return Msg(
        "magical_friends.log.and", {"a": creature(state, cids[0]), "b": _and(state, cids[1:])}
    )


@dataclass(frozen=True)
class Banner:
    """What the header announces (§6): the game over, before its first round, or the round;
    lava risen this round or rising next round (only on a board with lava); the bonus round
    now or next, with its steps; whether the board has a workshop (the catapult's home) and
    the highway that turns between Hell and Heaven."""

    over: bool
    before: bool
    lava_now: bool
    lava_next: int | None
    bonus_round: int | None
    pity: int | None = None
    dust: int | None = None
    workshop: bool = True
    highway: bool = True


def banner(state: GameState) -> Banner:
    over = state.phase == "over"
    coming = state.phase == "round_start"
    nxt = state.round_named
    ahead = replace(state, round=nxt)
    bonus = nxt if not over and nxt == state.bonus_round and nxt <= state.rounds else None
    lava = state.options.lava_rounds if state.board.of_kind("lava") else ()
    return Banner(
        over=over,
        before=state.round == 0 and not over,
        lava_now=not over and not coming and state.round in lava,
        lava_next=nxt if coming and nxt in lava and nxt <= state.rounds else None,
        bonus_round=bonus,
        pity=bonus_steps(ahead, "pity") if bonus else None,
        dust=bonus_steps(ahead, "fairy_dust") if bonus else None,
        # a catapult taken stays to be said even if its workshop were gone
        workshop=bool(state.board.of_kind("workshop")) or state.catapult_holder is not None,
        highway=bool(state.board.of_kind("highway")),
    )
