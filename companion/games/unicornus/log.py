"""The game log as the table would say it: spaces named as the map names them (``6.3``, with
the tile's printed name where it helps), characters and events by their catalog names.

The step log calls :func:`describe` with the states *before* and *after* the step, when the
step is made, and stores the line; so a line may say what the step cost or gained ("moves to
6.3 (cost 2)", "procures 2 supplies", the damage of a battle), worked out from the state
before, and what it caused, read from the state after: the dice the app rolled, the event card
turned over, the units that merged, the characters who died. A log built without stored lines
asks again with a later state: then those figures cannot be worked out (the step would not
apply there) and the line says just what was done.
"""

from __future__ import annotations

from companion.core.commands import Command
from companion.core.errors import CompanionError
from companion.core.i18n import Msg, has_key
from companion.games.unicornus import battle as bmath
from companion.games.unicornus import commands as c
from companion.games.unicornus.flow import merges, seat_label
from companion.games.unicornus.rules import move_cost, retreat_cost
from companion.games.unicornus.state import UKState
from companion.games.unicornus.words import count


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
    h = state.known_hero(hid)
    return name(h.name) if h is not None else hid


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


def describe(cmd: Command, state: UKState, after: UKState | None = None) -> Msg:
    """The log line of ``cmd`` in the table's words (``after``: the state it made)."""
    line = _describe(cmd, state, after)
    caused = _caused(state, cmd, after) if after is not None else []
    return Msg("unicornus.log.joined", {"first": line, "rest": _join(caused)}) if caused else line


def _caused(before: UKState, cmd: Command, after: UKState) -> list[Msg]:
    """What a step caused beyond what it says: deaths it did not name (a battle names its
    own), the Fate cards now due, the outcome."""
    out: list[Msg] = []
    if not isinstance(cmd, c.ResolveBattle):
        alive = {h.id for h in before.heroes if h.alive}
        dead = {ch.id for ch in before.imperial if ch.status == "dead"}
        for h in after.heroes:
            if not h.alive and h.id in alive:
                out.append(Msg("unicornus.log.dies", {"who": name(h.name)}))
        for ch in after.imperial:
            if ch.status == "dead" and ch.id not in dead:
                out.append(Msg("unicornus.log.dies", {"who": name(ch.name)}))
    due = [x for x in after.fate_pending if x not in before.fate_pending]
    for cid in due:
        out.append(Msg("unicornus.log.fate_due", {"imperial": imperial(after, cid)}))
    if after.outcome and not before.outcome:
        out.append(Msg(f"unicornus.outcome.{after.outcome}", {"round": after.round}))
    return out


def _describe(cmd: Command, state: UKState, after: UKState | None) -> Msg:
    if isinstance(cmd, c.PrincessAct):
        line = _princess_act(cmd, state)
        if not cmd.by_app:
            return line
        return Msg("unicornus.pick.tie", {"reason": _princess_tie(state), "pick": line})
    if isinstance(cmd, (c.PickEmpireMove, c.SettleConflict, c.StayAndFight, c.PickFatePair)):
        return _pick(cmd, state)
    if isinstance(cmd, c.Move):
        return _move(cmd, state)
    if isinstance(cmd, c.Recruit):
        return _recruit(cmd, state)
    if isinstance(cmd, c.Procure):
        return _procure(cmd, state)
    if isinstance(cmd, c.DrawSupport):
        return Msg("unicornus.log.support", {"hero": hero(state, cmd.hero)})
    if isinstance(cmd, c.Transport):
        return Msg(
            "unicornus.log.transport",
            {
                "hero": hero(state, cmd.hero),
                "receiver": hero(state, cmd.receiver),
                "tokens": count("token", cmd.tokens),
                "supplies": count("supply", cmd.supplies),
            },
        )
    if isinstance(cmd, c.RevealEvent):
        if after is not None and after.revealed:  # a card added on the spot: by its name
            return Msg("unicornus.log.event", {"event": name(after.revealed[-1].name)})
        if cmd.event:
            return Msg("unicornus.log.event", {"event": event(state, cmd.event)})
        return Msg("unicornus.log.event_top")
    if isinstance(cmd, c.MoveEmpire):
        if not cmd.moves:
            return Msg("unicornus.log.empire_none")
        moves = ", ".join(f"{space(state, o)}→{space(state, t)}" for o, t in cmd.moves)
        line = Msg("unicornus.log.empire", {"count": count("unit", len(cmd.moves)), "moves": moves})
        merged = merges(state, cmd.moves)  # §5.2: said as it happens
        return (
            Msg("unicornus.log.joined", {"first": line, "rest": _join(merged)}) if merged else line
        )
    if isinstance(cmd, c.RetreatBeforeBattle):
        h = _hero_now(state, cmd.hero)
        if h is not None and 0 <= cmd.to < len(state.board):
            cost = retreat_cost(state, h.tokens, cmd.to)
            return Msg(
                "unicornus.log.retreat_cost",
                {
                    "hero": hero(state, cmd.hero),
                    "space": space(state, cmd.to),
                    "cost": count("supply", cost),
                },
            )
        return Msg(
            "unicornus.log.retreat",
            {"hero": hero(state, cmd.hero), "space": space(state, cmd.to)},
        )
    if isinstance(cmd, c.RollBattle):
        where = space(state, cmd.space, True)
        if cmd.dice:
            dice = " ".join(str(d) for d in cmd.dice)
            return Msg("unicornus.log.dice", {"space": where, "dice": dice})
        rolled = next((b.dice for b in after.battles if b.space == cmd.space), ()) if after else ()
        if rolled:  # the app's dice, face by face
            dice = " ".join(str(d) for d in rolled)
            return Msg("unicornus.log.rolled_faces", {"space": where, "dice": dice})
        return Msg("unicornus.log.rolled", {"space": where})
    if isinstance(cmd, c.ResolveBattle):
        parts = _battle_result(cmd, state) or Msg(
            "unicornus.log.resolve",
            {"space": space(state, cmd.space, True), "damage": cmd.to_life},
        )
        extra = []
        if cmd.edited:
            extra.append(Msg("unicornus.log.resolve_edited"))
        if cmd.retreat_to >= 0:
            key = "unicornus.log.resolve_retreat_auto" if cmd.by_app else ""
            extra.append(
                Msg(key or "unicornus.log.resolve_retreat", {"space": space(state, cmd.retreat_to)})
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
            "unicornus.log.ally",
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
    if isinstance(cmd, c.Corrections):
        return _join([_describe(x, state, None) for x in cmd.changes])
    if isinstance(cmd, c.EndTurn) and state.phase == "players" and state.turn < state.players:
        return Msg("unicornus.log.end_turn", {"seat": seat_label(state, state.current_seat)})
    if isinstance(cmd, c.PlaceUnit):
        key = "unicornus.log.place_led" if cmd.leader else "unicornus.log.place"
        return Msg(
            key,
            {
                "space": space(state, cmd.space, True),
                "tokens": count("token", cmd.tokens) if cmd.leader else cmd.tokens,
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


def _princess_tie(state: UKState) -> Msg | str:
    from companion.games.unicornus.princess import plan_princess

    steps = plan_princess(state).steps
    choice = steps[0].choice if steps else None
    return choice.reason if choice is not None else "—"


def _pick(cmd: Command, state: UKState) -> Msg:
    """The table's (or the app's) pick, as the game log has always said it (§5.3)."""
    from companion.games.unicornus import empire  # the planner; keep the log light

    auto = "_auto" if getattr(cmd, "by_app", False) else ""
    if isinstance(cmd, c.PickEmpireMove):
        step = next((st for st in empire.planned(state).steps if st.unit == cmd.unit), None)
        choice = step.choice if step is not None else None
        option = next((o for o in choice.options if o.value == cmd.to), None) if choice else None
        return Msg(
            f"unicornus.pick.empire_step{auto}",
            {
                "origin": space(state, cmd.unit),
                "reason": choice.reason if choice is not None else "—",
                "pick": option.label if option is not None else space(state, cmd.to),
            },
        )
    if isinstance(cmd, c.SettleConflict):
        return Msg(
            f"unicornus.pick.conflict{auto}",
            {"space": space(state, cmd.space), "pick": empire.unit_option(state, cmd.winner)},
        )
    if isinstance(cmd, c.StayAndFight):
        battle = next((b for b in state.battles if b.hero == cmd.who), None)
        where = space(state, battle.space) if battle is not None else "—"
        return Msg("unicornus.pick.no_retreat", {"hero": hero(state, cmd.who), "space": where})
    return Msg(
        f"unicornus.pick.fate_pair{auto}",
        {"imperial": imperial(state, cmd.imperial), "hero": hero(state, cmd.hero)},
    )


def _join(parts: list[Msg]) -> Msg:
    out = parts[0]
    for p in parts[1:]:
        out = Msg("unicornus.log.joined", {"first": out, "rest": p})
    return out


def _hero_now(state: UKState, hid: str):
    for h in state.heroes:
        if h.id == hid:
            return h
    return None


def _princess_act(cmd: c.PrincessAct, state: UKState) -> Msg:
    p = state.princess
    who = name(p.name)
    if cmd.action == "move":
        where = space(state, cmd.to, True)
        if p.on_board and 0 <= cmd.to < len(state.board):
            return Msg(
                "unicornus.log.princess_move_cost",
                {"who": who, "space": where, "cost": move_cost(state, p.tokens, cmd.to)},
            )
        return Msg("unicornus.log.princess_move", {"who": who, "space": where})
    if p.on_board:  # §5.1: the resource value of her space, at least 1
        gain = state.board.resource[p.space] or 1
        return Msg(
            "unicornus.log.princess_procure_gain",
            {"who": who, "gain": count("supply", gain), "now": p.supplies + gain},
        )
    return Msg("unicornus.log.princess_procure", {"who": who})


def _move(cmd: c.Move, state: UKState) -> Msg:
    h = _hero_now(state, cmd.hero)
    where = space(state, cmd.to, True)
    if h is None or not h.on_board or not 0 <= cmd.to < len(state.board):
        return Msg("unicornus.log.move", {"hero": hero(state, cmd.hero), "space": where})
    cost = move_cost(state, h.tokens, cmd.to)
    unit = state.unit_at(cmd.to)
    if unit is not None:  # §4: entering an imperial unit is an attack
        return Msg(
            "unicornus.log.move_attack",
            {"hero": name(h.name), "space": where, "cost": cost, "enemy": _unit(state, unit)},
        )
    return Msg("unicornus.log.move_cost", {"hero": name(h.name), "space": where, "cost": cost})


def _recruit(cmd: c.Recruit, state: UKState) -> Msg:
    h = _hero_now(state, cmd.hero)
    if h is None or not h.on_board:
        return Msg("unicornus.log.recruit", {"hero": hero(state, cmd.hero)})
    now = min(h.command, h.tokens + state.board.recruit[h.space])
    if now == h.tokens:
        return Msg("unicornus.log.recruit_none", {"hero": name(h.name)})
    return Msg(
        "unicornus.log.recruit_gain",
        {
            "hero": name(h.name),
            "gain": count("token", now - h.tokens),
            "now": now,
            "command": h.command,
        },
    )


def _procure(cmd: c.Procure, state: UKState) -> Msg:
    h = _hero_now(state, cmd.hero)
    if h is None or not h.on_board:
        return Msg("unicornus.log.procure", {"hero": hero(state, cmd.hero)})
    gain = state.board.resource[h.space] or 1  # §4 Procure: the resource value, at least 1
    return Msg(
        "unicornus.log.procure_gain",
        {"hero": name(h.name), "gain": count("supply", gain), "now": h.supplies + gain},
    )


def _unit(state: UKState, unit, whole: bool = False) -> Msg | dict[str, str]:
    """An imperial unit as the table calls it: its character (``whole``: "Gorm's unit"), or
    "the leaderless unit"."""
    if unit.leader:
        if whole:
            return Msg("unicornus.log.unit_of", {"who": imperial(state, unit.leader)})
        return imperial(state, unit.leader)
    return Msg("unicornus.log.leaderless")


def _battle_result(cmd: c.ResolveBattle, state: UKState) -> Msg | None:
    """§6.1 step 5 / §6.2: who lost what, worked out from the state before the battle is
    resolved; None when that state does not hold this battle (a log without stored lines)."""
    from companion.games.unicornus import combat  # combat imports rules; keep the log light

    battle = next((b for b in state.battles if b.space == cmd.space), None)
    unit = state.unit_at(cmd.space)
    h = _hero_now(state, battle.hero) if battle is not None else None
    if battle is None or unit is None or h is None:
        return None
    where = space(state, cmd.space, True)
    ch = state.imp(unit.leader) if unit.leader else None
    try:
        if combat.is_princess_battle(battle):
            damage = combat.princess_damage(state, cmd.space)
            left, dmg = bmath.allocate_damage(damage, h.tokens, h.damage, h.life, cmd.to_life)
            key = "unicornus.log.princess_battle"
            if dmg >= h.life:
                key = "unicornus.log.princess_battle_dies"
            return Msg(
                key,
                {
                    "space": where,
                    "who": name(h.name),
                    "damage": damage,
                    "tokens": count("token", h.tokens - left),
                    "life": dmg - h.damage,
                    "enemy": _unit(state, unit, whole=True),
                },
            )
        if not battle.rolled:
            return None
        if cmd.edited:
            a = combat.table_assignment(state, cmd.space, cmd.tokens, cmd.character)
        else:
            a = combat.assignment(state, cmd.space)
        left, dmg = bmath.allocate_damage(a.damage_taken, h.tokens, h.damage, h.life, cmd.to_life)
    except (CompanionError, ValueError, KeyError):
        return None
    parts = [
        Msg(
            "unicornus.log.battle_kingdom",
            {
                "space": where,
                "hero": name(h.name),
                "tokens": count("token", h.tokens - left),
                "life": dmg - h.damage,
            },
        ),
    ]
    if ch is not None:
        parts.append(
            Msg(
                "unicornus.log.battle_enemy",
                {
                    "enemy": _unit(state, unit),
                    "tokens": count("token", a.tokens_killed),
                    "life": a.character_damage,
                },
            )
        )
    else:
        parts.append(
            Msg("unicornus.log.battle_leaderless", {"tokens": count("token", a.tokens_killed)})
        )
    hero_dies = dmg >= h.life
    char_dies = ch is not None and ch.damage + a.character_damage >= ch.life
    if hero_dies:
        parts.append(Msg("unicornus.log.dies", {"who": name(h.name)}))
    if char_dies:
        parts.append(Msg("unicornus.log.dies", {"who": name(ch.name)}))
    enemy_holds = unit.tokens > a.tokens_killed or (ch is not None and not char_dies)
    if battle.attacker == "kingdom" and not hero_dies and enemy_holds:
        # §6.1 step 6: the defender holds the space, the attacker goes back
        parts.append(
            Msg(
                "unicornus.log.falls_back",
                {"who": name(h.name), "space": space(state, battle.origins[0])},
            )
        )
    return _join(parts)
