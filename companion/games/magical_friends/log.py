"""The game log as the table would say it: wizards by name, creatures by their catalog name and
number ("Bo's Lantern Moth 3"), what the step did ("Start of round 4 (fairy die: 5 → f3)") and
what it caused (deaths and why, throws, trophies, Fairy Dust, the dice the app rolled), read
from the state after the step (``after.events``).

The step log calls :func:`describe` with the states on both sides of the step when it is made,
and stores the line; older saved lines keep the words they were stored with.
"""

from __future__ import annotations

from typing import Any

from companion.core.commands import Command
from companion.core.i18n import Msg

from . import commands as c
from .state import SLAIN, GameState, Options, changed_options, choice_key


def wizard(state: GameState, i: int | None) -> str:
    if i is None or not 0 <= i < len(state.wizards):
        return "?" if i is None else str(i)
    return state.wizards[i].name


def kind_name(state: GameState, kid: str) -> dict[str, str] | str:
    for k in state.kinds:
        if k.id == kid:
            return dict(k.name)
    return kid


def creature(state: GameState, cid: str, owner: bool = True) -> Msg | str:
    """``Bo's Lantern Moth 3`` (``owner=False``: ``Lantern Moth 3``)."""
    found = next((x for x in state.creatures if x.id == cid), None)
    if found is None:
        return cid
    number = cid.rsplit("-", 1)[-1]
    name = Msg("magical_friends.log.creature", {"kind": kind_name(state, found.kind), "n": number})
    if not owner:
        return name
    return Msg(
        "magical_friends.log.owned", {"wizard": wizard(state, found.owner), "creature": name}
    )


def where(state: GameState, sid: str) -> Msg | str:
    if sid == SLAIN:
        return Msg("magical_friends.log.slain")
    if sid == state.board.tavern:
        return Msg("magical_friends.kind.tavern")
    return sid


# what a step caused, said after it (the rest of the events is in the line, or is the notice
# of a round the table reads in the header)
CAUSED = frozenset(
    f"magical_friends.event.{key}"
    for key in (
        "slain",
        "poisoned",
        "trophy",
        "protected",
        "all_or_nothing",
        "cavern",
        "app_dice",
        "thrown",
        "fairy_dust",
        "switch",
        "catapult_pickup",
        "catapult_taken",
        "catapult_shot",
        "chili",
        "gift_shop",
        "highway_choice",
        "round_over",
        "game_over",
    )
)
_WIZARDS = ("wizard", "by", "holder")
_WIZARD_LISTS = ("winners", "order")


def named(event: Msg, state: GameState) -> Msg:
    """An event of the engine (``state.events``) with names for its ids: creatures, wizards,
    causes, cavern paths."""
    if event.key == "magical_friends.event.switch":
        up = "heaven" if event.params.get("heaven") else "hell"
        return Msg(f"magical_friends.log.switch_{up}")
    params = {}
    for key, value in event.params.items():
        if key in ("creature", "ability") and isinstance(value, str):
            value = creature(state, value)
        elif key in _WIZARDS and isinstance(value, int) and not isinstance(value, bool):
            value = wizard(state, value)
        elif key in _WIZARD_LISTS and isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
            if all(p.isdigit() for p in parts):
                value = ", ".join(wizard(state, int(p)) for p in parts)
        elif key == "cause" and isinstance(value, str):
            value = Msg(f"magical_friends.cause.{value}")
        elif key == "path" and isinstance(value, str):
            value = Msg(f"magical_friends.cavern.{value}")
        params[key] = value
    return Msg(event.key, params)


def _fairy_face(after: GameState) -> tuple[int, str] | None:
    for e in after.events:
        if e.key == "magical_friends.event.fairy":
            return e.params["roll"], e.params["space"]
    return None


def rules(options: Options) -> Msg:
    """The rule options a game is played by: "the Rulings", or those chosen otherwise."""
    changed = changed_options(options)
    if not changed:
        return Msg("magical_friends.rules.default")
    parts = [
        Msg(
            "magical_friends.rules.one",
            {
                "option": Msg(f"magical_friends.option.{name}"),
                "value": Msg(f"magical_friends.option.{name}.{choice_key(value)}"),
            },
        )
        for name, value in changed
    ]
    listed = parts[-1]
    for part in reversed(parts[:-1]):
        listed = Msg("magical_friends.rules.list", {"first": part, "rest": listed})
    return Msg("magical_friends.rules.changed", {"changed": listed})


def _start_round(cmd: c.StartRound, state: GameState, after: GameState | None) -> Msg:
    rnd = state.round + 1
    face = _fairy_face(after) if after is not None else None
    if face is None:
        return Msg("magical_friends.log.start_round", {"round": rnd})
    key = "start_round_entered" if cmd.fairy_roll is not None else "start_round_rolled"
    return Msg(f"magical_friends.log.{key}", {"round": rnd, "roll": face[0], "space": face[1]})


def describe(state: GameState, cmd: Command, after: GameState) -> Msg:
    """The log line of ``cmd`` made on ``state`` (the state before it), leading to ``after``:
    what was done, then what it caused."""
    line = _done(state, cmd, after)
    caused = [named(e, after) for e in after.events if e.key in CAUSED and not _said(cmd, e)]
    if not caused:
        return line
    listed = caused[-1]
    for part in reversed(caused[:-1]):
        listed = Msg("magical_friends.log.list", {"first": part, "rest": listed})
    return Msg("magical_friends.log.caused", {"line": line, "caused": listed})


def _said(cmd: Command, event: Msg) -> bool:
    """The event is what the line says already (the poisoning a ``Poison`` reports)."""
    return (
        isinstance(cmd, c.Poison)
        and event.key == "magical_friends.event.poisoned"
        and event.params.get("creature") == cmd.creature
    )


def _done(state: GameState, cmd: Command, after: GameState | None) -> Msg:
    """What ``cmd`` did, in words."""
    if isinstance(cmd, c.StartRound):
        line = _start_round(cmd, state, after)
        if state.round == 0:  # the first line of the game says which rules it is played by
            return Msg(
                "magical_friends.log.start_round_rules",
                {"line": line, "rules": rules(state.options)},
            )
        return line
    if isinstance(cmd, c.PlayArtifacts):
        played = ", ".join(f"{wizard(state, i)} {n}" for i, n in enumerate(cmd.played))
        if after is None or not after.turn_order:
            return Msg("magical_friends.log.artifacts", {"played": played})
        order = ", ".join(wizard(state, i) for i in after.turn_order)
        return Msg("magical_friends.log.artifacts_order", {"played": played, "order": order})
    if isinstance(cmd, c.OrderTie):
        who = wizard(state, cmd.wizard)
        if after is None or not after.turn_order:
            return Msg("magical_friends.log.order_tie", {"wizard": who})
        order = ", ".join(wizard(state, i) for i in after.turn_order)
        return Msg("magical_friends.log.order_tie_done", {"wizard": who, "order": order})
    if isinstance(cmd, c.Summon):
        return Msg(
            "magical_friends.log.summon",
            {
                "wizard": wizard(state, cmd.wizard),
                "kind": kind_name(state, cmd.creature_kind),
                "space": cmd.space,
            },
        )
    if isinstance(cmd, c.Move):
        return _move(cmd, state, after)
    if isinstance(cmd, c.MoveCatapult):
        who = wizard(state, state.catapult_holder)
        return Msg("magical_friends.log.catapult_by", {"wizard": who, "to": cmd.to})
    if isinstance(cmd, c.ResolveHighway):
        key = "highway_slay" if cmd.slay else "highway_spare"
        who = state.pending[0].creature if state.pending else ""
        return Msg(f"magical_friends.log.{key}", {"creature": creature(state, who)})
    if isinstance(cmd, c.Slay):
        what: Any = (
            _names(state, cmd.creatures)
            if cmd.creatures
            else Msg("magical_friends.log.all_on", {"space": cmd.space or "?"})
        )
        params = {"wizard": wizard(state, cmd.by), "what": what}
        if cmd.ability is None:
            return Msg("magical_friends.log.slay", params)
        return Msg(
            "magical_friends.log.slay_ability",
            {**params, "ability": creature(state, cmd.ability, owner=False)},
        )
    if isinstance(cmd, c.Poison):
        target = creature(state, cmd.creature)
        if cmd.ability is None:
            return Msg("magical_friends.log.poison", {"creature": target})
        return Msg(
            "magical_friends.log.poison_ability",
            {
                "creature": target,
                "ability": creature(state, cmd.ability),
            },
        )
    if isinstance(cmd, c.EndTurn):
        return Msg("magical_friends.log.end_turn", {"wizard": wizard(state, state.current_wizard)})
    if isinstance(cmd, c.EndGame):
        return Msg("magical_friends.cmd.end_game", {})
    if isinstance(cmd, c.CorrectWizard):
        return Msg("magical_friends.log.correct", {"what": wizard(state, cmd.wizard)})
    if isinstance(cmd, c.CorrectCreature | c.CorrectHeart):
        return Msg("magical_friends.log.correct", {"what": creature(state, cmd.creature)})
    return cmd.describe()


def _names(state: GameState, cids: tuple[str, ...]) -> Msg | str:
    names = [creature(state, cid) for cid in cids]
    if len(names) == 1:
        return names[0]
    return Msg("magical_friends.log.and", {"a": names[0], "b": _names(state, cids[1:])})


def _move(cmd: c.Move, state: GameState, after: GameState | None) -> Msg:
    who = creature(state, cmd.creature)
    if cmd.how == "ability" and cmd.ability is not None:
        how: Msg = Msg("magical_friends.log.how_ability", {"ability": creature(state, cmd.ability)})
    else:
        how = Msg(f"magical_friends.log.how.{cmd.how}")
    end: Any = cmd.to or "?"
    moved = next((x for x in after.creatures if x.id == cmd.creature), None) if after else None
    if moved is not None:
        end = where(after, moved.where)
    params = {"creature": who, "how": how, "steps": cmd.steps, "to": end}
    if moved is not None and moved.where == SLAIN:
        key = "move_steps_slain" if cmd.steps is not None else "move_slain"
        return Msg(f"magical_friends.log.{key}", params)
    if cmd.steps is not None:
        return Msg("magical_friends.log.move_steps", params)
    return Msg("magical_friends.log.move", params)
