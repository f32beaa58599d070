"""What each action of a Magical Friends moment leads to (spec §2–§6), one question at a time.

A move: which friend (a list, even of one, so that ``m 1 5`` always means friend 1, five
steps), how far (an entry the screen's steps form takes, with the preview of each count; a
bonus card's move has its one count, shown with its preview before the table takes it), then the report's own questions
(``reports.question``: the cavern die, where it ended, a fork), ending in the ``Move``. An
ability: whose ability (the friend), the numbers the catalog does not know, the engine's
refusal when the wands fall short, then what it does. Summon: which kind (every kind in
catalog order, a refused one with its reason), where. Corrections: what, whom, then the
form. Each question is made from the game as it is when it is reached (:class:`Then`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.core.errors import RuleError
from companion.core.game import Ask, ConfirmFirst, Entry, Lead, Show, Then
from companion.core.i18n import Msg
from companion.core.plan import Choice, Option

from .choices import (
    ability_refusal,
    ability_unknowns,
    casters,
    catapult_spaces,
    jump_spaces,
    poison_targets,
    refusal,
    slain,
    slay_targets,
    summon_choices,
    summon_kinds,
)
from .commands import (
    CorrectBoard,
    CorrectCreature,
    CorrectHeart,
    CorrectWizard,
    EndGame,
    EndTurn,
    Move,
    MoveCatapult,
    Poison,
    Slay,
    Summon,
)
from .log import creature, wizard
from .moves import bonus_steps, copies_left, may_jump, movers
from .queries import magic_power, steps_to_tavern
from .reports import Draft, question, space_name
from .state import SLAIN, GameState
from .wands import check_ability

JUMP = "jump"  # the steps entry's answer for an ability putting a friend straight on a space
HOW = {"move": "basic"}  # an action's name → the move's kind (the others are the same word)


@dataclass(frozen=True)
class Steps:
    """What the steps entry (kind ``magical_friends.steps``) is about: how far ``creature``
    went on a move of kind ``how``; ``power``: the ability's fields (``by``, ``ability``,
    ``wands``, ``cost``) as pairs; ``jump``: it may be put on a space instead (answer
    :data:`JUMP`); ``exact``: the one count a bonus card's move goes (§4)."""

    creature: str
    how: str
    power: tuple[tuple[str, Any], ...] = ()
    jump: bool = False
    exact: int | None = None


@dataclass(frozen=True)
class Power:
    """What the power entry (kind ``magical_friends.power``) asks: the numbers of ``ability``'s
    use the catalog does not know (``"cost"``: its wand cost, ``"wands"``: the wizard's magic
    power; ``missing``: what the power is missing). The answer is a dict of them, each from 0
    to its ``*_most``."""

    ability: str
    wizard: int
    unknown: tuple[str, ...]
    missing: tuple[str, ...] = ()
    cost_most: int = 20
    wands_most: int = 99


def action_lead(state: GameState, name: str) -> Lead | None:
    """What choosing the turn's action ``name`` leads to (None: nothing, it is refused)."""
    if name == "end_turn":
        return EndTurn()
    if name == "summon":
        return Then(_summon_kinds, "summon")
    if name == "catapult":
        return Then(partial(_spaces, spaces=catapult_spaces, make=MoveCatapult), "catapult")
    if name == "ability":
        return casting(partial(_friends, how="ability"), "ability")
    if name == "slay":
        return casting(_slay_targets, "slay")
    if name == "poison":
        return casting(_poison_targets, "poison")
    return Then(partial(_friends, how=HOW.get(name, name)), name)


def end_game() -> ConfirmFirst:
    return ConfirmFirst(Msg("magical_friends.confirm.end_game"), EndGame())


def record() -> Show:
    """The finished game's record (the tally is its panel)."""
    return Show("magical_friends.record")


# -- moves ----------------------------------------------------------------------------------


def _at(state: GameState, cid: str) -> Msg:
    c = state.creature(cid)
    return Msg("magical_friends.pick.at", {"creature": creature(state, cid), "space": c.where})


def _friends(state: GameState, how: str, power: dict[str, Any] | None = None) -> Lead:
    """Which friend makes the move: always a list, even of one."""
    pool = movers(state, how)
    if not pool:
        raise RuleError(refusal(state, "move" if how == "basic" else how) or _not_now())
    options = tuple(
        Option(
            Then(partial(steps_entry, cid=c.id, how=how, power=power or {}), c.id),
            _at(state, c.id),
        )
        for c in pool
    )
    return Ask(
        Choice(Msg("magical_friends.pick.creature"), options),
        Msg(f"magical_friends.how.{how}"),
        tie=False,
    )


def steps_entry(state: GameState, cid: str, how: str, power: dict[str, Any]) -> Entry:
    """How far: the count, with the preview of each; a card's bonus move goes its one count
    (§4), asked all the same so that the table sees its preview before it is taken."""
    fixed = bonus_steps(state, how)
    longest = fixed if fixed is not None else steps_to_tavern(state, cid)
    subject = Steps(cid, how, tuple(power.items()), may_jump(how), fixed)
    return Entry(
        "magical_friends.steps",
        Msg("magical_friends.pick.steps", {"creature": creature(state, cid)}),
        partial(_steps_answer, subject),
        subject=subject,
        suggest=fixed or 1,
        minimum=fixed or 1,
        maximum=max(1, longest),
    )


def _steps_answer(subject: Steps, value: int | str) -> Lead:
    power = dict(subject.power)
    if value == JUMP:
        if not subject.jump:
            raise RuleError("magical_friends.move.jump_only_ability")

        def put(to: str) -> Move:
            return Move(subject.creature, to=to, how=subject.how, jump=True, **power)  # type: ignore[arg-type]

        return Then(partial(_spaces, spaces=jump_spaces, make=put), (subject, JUMP))
    steps = int(value)
    if steps < 1:
        raise RuleError("magical_friends.move.steps_positive")
    if subject.exact is not None and steps != subject.exact:
        raise RuleError("magical_friends.move.exact_steps", steps=subject.exact)
    return report(Draft(Move(subject.creature, steps=steps, how=subject.how, **power)))  # type: ignore[arg-type]


def report(draft: Draft) -> Then:
    """The report's next question (``reports.question``), or the move once it is complete."""
    return Then(partial(_report, draft=draft), draft)


def _report(state: GameState, draft: Draft) -> Lead:
    draft, q = question(state, draft)
    if q is None:
        return draft.move
    options = tuple(Option(report(o.value), o.label) for o in q.choice.options)
    return Ask(Choice(q.choice.reason, options), q.title, tie=False)


def _spaces(state: GameState, spaces: Callable[[GameState], tuple[str, ...]], make) -> Lead:
    options = tuple(Option(make(s), space_name(state, s)) for s in spaces(state))
    if not options:
        raise RuleError(_not_now())
    return Ask(
        Choice(Msg("magical_friends.pick.space"), options),
        Msg("magical_friends.pick.space_title"),
        tie=False,
    )


def _not_now() -> Msg:
    return Msg("magical_friends.move.not_now")


# -- abilities (§2) -------------------------------------------------------------------------


def casting(then: Callable[..., Lead], what: str) -> Then:
    """Whose ability the current wizard uses, the numbers the catalog does not know, then
    ``then(state, power)`` with the command's fields ``by``, ``ability``, ``wands``,
    ``cost``. The engine's own check refuses a friend whose wand cost is not met."""
    return Then(partial(_casters, then=then, what=what), what)


def _casters(state: GameState, then: Callable[..., Lead], what: str) -> Lead:
    friends = casters(state)
    if not friends:
        raise RuleError(ability_refusal(state) or _not_now())
    wiz = state.current_wizard
    options = tuple(
        Option(
            Then(partial(_cast, cid=c.id, then=then), (what, c.id)),
            _ability_line(state, c.id, c.kind),
        )
        for c in friends
    )
    if len(options) == 1:
        return options[0].value
    power = magic_power(state, wiz).total
    reason = Msg(
        "magical_friends.pick.ability",
        {"wizard": wizard(state, wiz), "power": "?" if power is None else power},
    )
    return Ask(Choice(reason, options), Msg(f"magical_friends.cast.{what}"), tie=False)


def _ability_line(state: GameState, cid: str, kind: str) -> Msg:
    """A friend whose ability may be used, with its cost and, as the box has it, the ability."""
    params = {"creature": _at(state, cid), "cost": _cost(state, kind)}
    ability = state.kind(kind).ability
    if ability:
        return Msg("magical_friends.pick.ability_said", {**params, "ability": ability})
    return Msg("magical_friends.pick.ability_line", params)


def _cost(state: GameState, kind: str) -> int | str:
    cost = state.kind(kind).wand_cost
    return "?" if cost is None else cost


def _cast(state: GameState, cid: str, then: Callable[..., Lead]) -> Lead:
    unknown = ability_unknowns(state, cid)
    if not unknown:
        return _powered(state, cid, then, {})
    wiz = state.current_wizard
    assert wiz is not None
    subject = Power(cid, wiz, unknown, magic_power(state, wiz).unknown)
    return Entry(
        "magical_friends.power",
        Msg("magical_friends.pick.power", {"creature": creature(state, cid)}),
        partial(_powered, state, cid, then),
        subject=subject,
        suggest={key: 0 for key in unknown},
    )


def _powered(state: GameState, cid: str, then: Callable[..., Lead], values: Any) -> Lead:
    values = dict(values or {})
    power = {"by": state.current_wizard, "ability": cid}
    for key in ("wands", "cost"):
        if values.get(key) is not None:
            power[key] = int(values[key])
    check_ability(state, state.current_wizard, cid, power.get("wands"), power.get("cost"))
    return then(state, power=power)


def _slay_targets(state: GameState, power: dict[str, Any]) -> Lead:
    options = []
    for what, target in slay_targets(state):
        if what == "one":
            options.append(Option(Slay(creatures=(target,), **power), _at(state, target)))
        else:
            label = Msg("magical_friends.pick.all_on", {"space": space_name(state, target)})
            options.append(Option(Slay(space=target, **power), label))
    return _pick(options, Msg("magical_friends.pick.slay"), Msg("magical_friends.cast.slay"))


def _poison_targets(state: GameState, power: dict[str, Any]) -> Lead:
    options = [Option(Poison(c.id, **power), _at(state, c.id)) for c in poison_targets(state)]
    return _pick(options, Msg("magical_friends.pick.poison"), Msg("magical_friends.cast.poison"))


def _pick(options: list[Option], reason: Msg, title: Msg) -> Lead:
    """A list of one is no question: its only option is what follows."""
    if not options:
        raise RuleError("magical_friends.pick.nothing")
    if len(options) == 1:
        return options[0].value
    return Ask(Choice(reason, tuple(options)), title, tie=False)


# -- summon (§3, §5 Portal) -----------------------------------------------------------------


def _summon_kinds(state: GameState) -> Ask:
    """Every kind, in catalog order (a remembered digit never picks another creature); one
    that cannot be summoned stays listed with the reason, and picking it says it."""
    wiz = state.current_wizard
    options = []
    for k, why in summon_kinds(state):
        left = copies_left(state, k.id)
        line = Msg(
            "magical_friends.pick.kind_line",
            {
                "name": dict(k.name),
                "alignment": Msg(f"magical_friends.alignment.{k.alignment or 'unknown'}"),
                "cost": "?" if k.wand_cost is None else k.wand_cost,
                "left": "?" if left is None else left,
            },
        )
        if why is None:
            options.append(Option(Then(partial(_summon_where, kind=k.id), k.id), line))
        else:
            refused = Msg("magical_friends.pick.refused", {"line": line, "why": why})
            options.append(Option(Then(partial(_refuse, why=why), k.id), refused))
    reason = Msg("magical_friends.pick.kind", {"wizard": wizard(state, wiz)})
    return Ask(Choice(reason, tuple(options)), Msg("magical_friends.pick.kind_title"), tie=False)


def _refuse(state: GameState, why: Msg) -> Lead:
    raise RuleError(why)


def _summon_where(state: GameState, kind: str) -> Lead:
    """Start spaces that lead to the same place are one answer: not asked."""
    wiz = state.current_wizard
    if wiz is None:
        raise RuleError(_not_now())
    options = [Option(Summon(wiz, kind, s), space_name(state, s)) for s in summon_choices(state)]
    return _pick(
        options, Msg("magical_friends.pick.summon_space"), Msg("magical_friends.pick.summon_title")
    )


# -- corrections (the table is the source of truth) ----------------------------------------


def correct() -> Ask:
    """What the table says is different: a wizard's cards, a creature, a heart, the board."""
    options = (
        Option(Then(_correct_wizard, "wizard"), Msg("magical_friends.correct.wizard")),
        Option(Then(_correct_creature, "creature"), Msg("magical_friends.correct.creature")),
        Option(Then(_correct_heart, "heart"), Msg("magical_friends.correct.heart")),
        Option(Then(_correct_board, "board"), Msg("magical_friends.correct.board")),
    )
    return Ask(
        Choice(Msg("magical_friends.correct.reason"), options),
        Msg("magical_friends.correct.title"),
        tie=False,
    )


def _correct_wizard(state: GameState) -> Ask:
    options = tuple(
        Option(
            Entry(
                "magical_friends.correct_wizard",
                Msg("magical_friends.correct.wizard_title", {"wizard": w.name}),
                partial(_wizard_answer, i),
                subject=i,
                suggest={
                    "pity": w.pity,
                    "dust": w.fairy_dust,
                    "neutral": w.neutral_trophies,
                    "used": " ".join(map(str, w.artifacts_used)),
                },
            ),
            Msg("magical_friends.pick.wizard_line", {"wizard": w.name}),
        )
        for i, w in enumerate(state.wizards)
    )
    return Ask(
        Choice(Msg("magical_friends.pick.wizard"), options),
        Msg("magical_friends.correct.wizard"),
        tie=False,
    )


def _wizard_answer(i: int, values: dict[str, Any]) -> CorrectWizard:
    text = str(values.get("used") or "").replace(",", " ").split()
    if not all(p.isdigit() for p in text):
        raise RuleError("magical_friends.correct.numbers", text=values.get("used") or "")
    return CorrectWizard(
        i,
        pity=values["pity"],
        fairy_dust=values["dust"],
        neutral_trophies=values["neutral"],
        artifacts_used=tuple(int(p) for p in text),
    )


def _correct_creature(state: GameState) -> Ask:
    if not state.creatures:
        raise RuleError("magical_friends.correct.no_creature")
    options = []
    for c in state.creatures:
        entry = Entry(
            "magical_friends.correct_creature",
            Msg("magical_friends.correct.creature_title", {"creature": creature(state, c.id)}),
            partial(_creature_answer, c.id),
            subject=c.id,
            suggest={"where": "slain" if c.where == SLAIN else c.where, "poisoned": c.poisoned},
        )
        where = Msg("magical_friends.log.slain") if c.where == SLAIN else c.where
        label = Msg("magical_friends.pick.at", {"creature": creature(state, c.id), "space": where})
        options.append(Option(entry, label))
    return Ask(
        Choice(Msg("magical_friends.pick.creature"), tuple(options)),
        Msg("magical_friends.correct.creature"),
        tie=False,
    )


def _creature_answer(cid: str, values: dict[str, Any]) -> CorrectCreature:
    where = str(values["where"]).strip()
    return CorrectCreature(
        cid, where=SLAIN if where == "slain" else where, poisoned=bool(values["poisoned"])
    )


def _correct_heart(state: GameState) -> Ask:
    dead = slain(state)
    if not dead:
        raise RuleError("magical_friends.correct.no_slain")
    options = tuple(
        Option(
            Entry(
                "magical_friends.correct_heart",
                Msg("magical_friends.correct.heart_title", {"creature": creature(state, c.id)}),
                partial(_heart_answer, c.id),
                subject=c.id,
                suggest=0,
                minimum=0,
                maximum=len(state.wizards),
            ),
            creature(state, c.id),
        )
        for c in dead
    )
    return Ask(
        Choice(Msg("magical_friends.pick.creature"), options),
        Msg("magical_friends.correct.heart"),
        tie=False,
    )


def _heart_answer(cid: str, holder: int) -> CorrectHeart:
    """``holder``: 0 for nobody, else the wizard's seat number (1-based)."""
    return CorrectHeart(cid, holder=None if int(holder) == 0 else int(holder) - 1)


def _correct_board(state: GameState) -> Entry:
    return Entry(
        "magical_friends.correct_board",
        Msg("magical_friends.correct.board"),
        _board_answer,
        suggest={
            "stairway_up": state.stairway_up,
            "fairy": state.fairy_space or "-",
            "holder": 0 if state.catapult_holder is None else state.catapult_holder + 1,
            "catapult": state.catapult_space or "-",
            "round": state.round,
        },
        maximum=state.rounds,
    )


def _board_answer(values: dict[str, Any]) -> CorrectBoard:
    fairy = str(values["fairy"]).strip()
    catapult = str(values["catapult"]).strip()
    return CorrectBoard(
        stairway_up=bool(values["stairway_up"]),
        fairy_space="" if fairy == "-" else fairy,
        catapult_space="" if catapult == "-" else catapult,
        catapult_holder=int(values["holder"]) - 1,
        round=int(values["round"]),
    )
