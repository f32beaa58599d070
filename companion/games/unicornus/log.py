"""The game log as the table would say it: spaces named as the map names them (``6.3``, with
the tile's printed name where it helps), characters and events by their catalog names.

The step log calls :func:`describe` with a state of the same game (the board and the cast of
characters never change during a game, so any state of it names things right). Nothing here
depends on values that change during play (tokens, supplies), which that state may not hold as
they were when the step was taken.
"""

from __future__ import annotations

from companion.core.commands import Command
from companion.core.i18n import Msg, has_key
from companion.games.unicornus import commands as c
from companion.games.unicornus.state import UKState


def name(pair: tuple[str, str]) -> dict[str, str]:
    """A catalog name as a ``Msg`` parameter: the translation layer picks the language."""
    return {"en": pair[0], "ja": pair[1] or pair[0]}


def space(state: UKState, s: int, tile: bool = False) -> Msg | str:
    """``6.3`` as the map shows it; with ``tile``, ``6.3 in Ashen Moor``."""
    b = state.board
    if not 0 <= s < len(b):
        return "—"
    label = b.names[s]
    t = b.tile_name(s) if tile else None
    if t is None:
        return label
    return Msg("unicornus.log.space_in", {"space": label, "tile": name(t)})


def hero(state: UKState, hid: str) -> dict[str, str] | str:
    for h in (*state.heroes, *state.reserve):
        if h.id == hid:
            return name(h.name)
    return hid


def imperial(state: UKState, cid: str) -> dict[str, str] | str:
    for ch in state.imperial:
        if ch.id == cid:
            return name(ch.name)
    return cid


def event(state: UKState, eid: str) -> dict[str, str] | str:
    for e in (*state.revealed, *state.deck):
        if e.id == eid:
            return name(e.name)
    return eid


def _field(field: str) -> Msg | str:
    key = f"unicornus.field.{field}"
    return Msg(key) if has_key(key) else field


def _value(state: UKState, target: str, field: str, value) -> Msg | str | int | dict:
    if isinstance(value, bool):
        return Msg("unicornus.log.yes" if value else "unicornus.log.no")
    if field == "space" and isinstance(value, int):
        return space(state, value)
    if field in ("bound_to", "leader") and isinstance(value, str):
        if not value:
            return Msg("unicornus.log.nobody")
        return hero(state, value) if field == "bound_to" else imperial(state, value)
    if field == "personality" and isinstance(value, str):
        key = f"unicornus.personality.{value}"
        return Msg(key) if has_key(key) else value
    return value


def _target(state: UKState, target: str) -> Msg | str | dict:
    kind, _, ident = target.partition(":")
    if kind == "hero":
        return hero(state, ident)
    if kind == "imperial":
        return imperial(state, ident)
    if kind == "unit" and ident.lstrip("-").isdigit():
        return Msg("unicornus.log.unit_on", {"space": space(state, int(ident))})
    if kind == "space" and ident.lstrip("-").isdigit():
        return Msg("unicornus.log.space", {"space": space(state, int(ident), tile=True)})
    if kind == "game":
        return Msg("unicornus.log.game")
    return target


def describe(cmd: Command, state: UKState) -> Msg:
    """The log line of ``cmd`` in the table's words."""
    if isinstance(cmd, c.PrincessAct):
        who = name(state.princess.name)
        if cmd.action == "move":
            return Msg(
                "unicornus.log.princess_move", {"who": who, "space": space(state, cmd.to, True)}
            )
        return Msg("unicornus.log.princess_procure", {"who": who})
    if isinstance(cmd, c.Move):
        return Msg(
            "unicornus.log.move",
            {"hero": hero(state, cmd.hero), "space": space(state, cmd.to, True)},
        )
    if isinstance(cmd, c.Recruit | c.Procure | c.DrawSupport):
        key = {
            c.Recruit: "unicornus.log.recruit",
            c.Procure: "unicornus.log.procure",
            c.DrawSupport: "unicornus.log.support",
        }[type(cmd)]
        return Msg(key, {"hero": hero(state, cmd.hero)})
    if isinstance(cmd, c.Transport):
        return Msg(
            "unicornus.log.transport",
            {
                "hero": hero(state, cmd.hero),
                "receiver": hero(state, cmd.receiver),
                "tokens": cmd.tokens,
                "supplies": cmd.supplies,
            },
        )
    if isinstance(cmd, c.RevealEvent):
        if cmd.event:
            return Msg("unicornus.log.event", {"event": event(state, cmd.event)})
        return Msg("unicornus.log.event_top")
    if isinstance(cmd, c.MoveEmpire):
        if not cmd.moves:
            return Msg("unicornus.log.empire_none")
        moves = ", ".join(f"{space(state, o)}→{space(state, t)}" for o, t in cmd.moves)
        return Msg("unicornus.log.empire", {"count": len(cmd.moves), "moves": moves})
    if isinstance(cmd, c.RetreatBeforeBattle):
        return Msg(
            "unicornus.log.retreat",
            {"hero": hero(state, cmd.hero), "space": space(state, cmd.to)},
        )
    if isinstance(cmd, c.RollBattle):
        where = space(state, cmd.space, True)
        if cmd.dice:
            dice = " ".join(str(d) for d in cmd.dice)
            return Msg("unicornus.log.dice", {"space": where, "dice": dice})
        return Msg("unicornus.log.rolled", {"space": where})
    if isinstance(cmd, c.ResolveBattle):
        parts = Msg(
            "unicornus.log.resolve",
            {"space": space(state, cmd.space, True), "damage": cmd.to_life},
        )
        extra = []
        if cmd.edited:
            extra.append(Msg("unicornus.log.resolve_edited"))
        if cmd.retreat_to >= 0:
            extra.append(
                Msg("unicornus.log.resolve_retreat", {"space": space(state, cmd.retreat_to)})
            )
        if not extra:
            return parts
        return Msg("unicornus.log.joined", {"first": parts, "rest": _join(extra)})
    if isinstance(cmd, c.DrawFate):
        who = cmd.hero
        if not who:  # the only candidate: the card on the character says whose it was
            for ch in state.imperial:
                if ch.id == cmd.imperial:
                    who = ch.bound_to
        if not who:
            return Msg("unicornus.log.fate_drawn", {"imperial": imperial(state, cmd.imperial)})
        return Msg(
            "unicornus.log.fate_ally" if cmd.ally else "unicornus.log.fate_bound",
            {"imperial": imperial(state, cmd.imperial), "hero": hero(state, who)},
        )
    if isinstance(cmd, c.MakeAlly):
        return Msg(
            "unicornus.log.fate_ally",
            {"imperial": imperial(state, cmd.imperial), "hero": hero(state, cmd.hero)},
        )
    if isinstance(cmd, c.ReplaceCharacter):
        return Msg(
            "unicornus.log.replace",
            {
                "seat": cmd.seat + 1,
                "hero": hero(state, cmd.character),
                "space": space(state, cmd.space, True),
            },
        )
    if isinstance(cmd, c.Correct):
        return Msg(
            "unicornus.log.correct",
            {
                "target": _target(state, cmd.target),
                "field": _field(cmd.field),
                "value": _value(state, cmd.target, cmd.field, cmd.value),
            },
        )
    if isinstance(cmd, c.PlaceUnit):
        key = "unicornus.log.place_led" if cmd.leader else "unicornus.log.place"
        return Msg(
            key,
            {
                "space": space(state, cmd.space, True),
                "tokens": cmd.tokens,
                "leader": imperial(state, cmd.leader),
            },
        )
    if isinstance(cmd, c.RemoveUnit):
        return Msg("unicornus.log.remove", {"space": space(state, cmd.space, True)})
    if isinstance(cmd, c.SetOption):
        key = f"unicornus.option.{cmd.name}"
        return Msg(
            "unicornus.log.option",
            {
                "name": Msg(key) if has_key(key) else cmd.name,
                "value": Msg("unicornus.log.on" if cmd.value else "unicornus.log.off"),
            },
        )
    return cmd.describe()


def _join(parts: list[Msg]) -> Msg:
    out = parts[0]
    for p in parts[1:]:
        out = Msg("unicornus.log.joined", {"first": out, "rest": p})
    return out
