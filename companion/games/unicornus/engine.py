"""``apply(state, command)``: the round flow (§3), player actions (§4), the AIs' moves (§5),
fate (§7), deaths and replacements (§9), the end (§8) and corrections. Battles are in
:mod:`companion.games.unicornus.combat`."""

from __future__ import annotations

from dataclasses import fields, replace

from companion.core.errors import RuleError
from companion.games.unicornus import combat
from companion.games.unicornus.board import distances
from companion.games.unicornus.commands import (
    BeginRound,
    Correct,
    Corrections,
    DrawFate,
    DrawSupport,
    EndEmpire,
    EndRound,
    EndTurn,
    MakeAlly,
    Move,
    MoveEmpire,
    PickEmpireMove,
    PickFatePair,
    PlaceUnit,
    PrincessAct,
    Procure,
    Recruit,
    RemoveUnit,
    ReplaceCharacter,
    ResolveBattle,
    RetreatBeforeBattle,
    RevealEvent,
    RollBattle,
    SetOption,
    SettleConflict,
    StayAndFight,
    Transport,
)
from companion.games.unicornus.empire import conflicts, planned
from companion.games.unicornus.rules import (
    after_princess,
    check_fate,
    event_level,
    fate_candidates,
    fate_pick,
    free_starts,
    kill_imperial,
    kingdom_spaces,
    make_ally,
    merge_units,
    move_cost,
    retreat_cost,
    set_hero_damage,
)
from companion.games.unicornus.state import (
    Battle,
    Event,
    Hero,
    Options,
    UKState,
    Unit,
    with_hero,
    with_imperial,
    with_units,
)
from companion.games.unicornus.words import count


def _phase(state: UKState, *phases: str) -> None:
    if state.outcome:
        raise RuleError("unicornus.rule.game_over")
    if state.phase not in phases:
        raise RuleError("unicornus.rule.wrong_phase", phase=state.phase)


def _no_battle(state: UKState) -> None:
    if state.battles:
        raise RuleError(
            "unicornus.rule.battle_pending", space=state.board.names[state.battles[0].space]
        )


def _no_fate(state: UKState) -> None:
    if state.fate_pending:
        raise RuleError("unicornus.rule.fate_pending", imperial=state.fate_pending[0])


def _hero(state: UKState, hid: str) -> Hero:
    try:
        return state.hero(hid)
    except KeyError:
        raise RuleError("unicornus.rule.no_such_hero", hero=hid) from None


def _space(state: UKState, s: int) -> None:
    if not 0 <= s < len(state.board):
        raise RuleError("unicornus.rule.no_such_space", space=s)


# --- round flow (§3) ---
def _begin_round(state: UKState, cmd: BeginRound) -> UKState:
    _phase(state, "round_start")
    return replace(state, phase="event")


def _reveal_event(state: UKState, cmd: RevealEvent) -> UKState:
    _phase(state, "event")
    if state.table_deck:
        return _table_event(state, cmd)
    if not state.deck:
        raise RuleError("unicornus.rule.deck_empty")
    index = 0
    if cmd.event:
        ids = [e.id for e in state.deck]
        if cmd.event not in ids:
            raise RuleError("unicornus.rule.no_such_event", event=cmd.event)
        index = ids.index(cmd.event)
    card = state.deck[index]
    if index:  # the app's own stack is in level order; a card the table names must fit it
        _check_level(state, card)
    return _revealed(state, card, state.deck[:index] + state.deck[index + 1 :])


def _table_event(state: UKState, cmd: RevealEvent) -> UKState:
    """The table turned over a card of its own deck: one of the catalog's, or one added on the
    spot. §2 step 6 stacks the levels in order, so this round's card has this round's level."""
    if any(e.id == cmd.event for e in state.revealed):
        raise RuleError("unicornus.rule.event_again", event=cmd.event)
    card = next((e for e in state.deck if e.id == cmd.event), None)
    if card is None:
        if not cmd.event or not cmd.name or not cmd.name[0].strip():
            raise RuleError("unicornus.rule.no_such_event", event=cmd.event or "—")
        if not 1 <= cmd.level <= len(state.event_levels):
            raise RuleError("unicornus.rule.event_level_range", level=cmd.level)
        ja = cmd.name[1] if len(cmd.name) > 1 else ""
        card = Event(cmd.event, (cmd.name[0], ja), cmd.level, cmd.ongoing)
    _check_level(state, card)
    return _revealed(state, card, tuple(e for e in state.deck if e.id != card.id))


def _check_level(state: UKState, card: Event) -> None:
    want = event_level(state, state.round)
    if card.level != want:
        raise RuleError(
            "unicornus.rule.event_level", level=card.level, want=want, round=state.round
        )


def _revealed(state: UKState, card: Event, deck: tuple[Event, ...]) -> UKState:
    return replace(
        state,
        deck=deck,
        revealed=(*state.revealed, card),
        event_round=state.round,
        phase="players",
        turn=0,
        used=(),
        fate_drawn=(),
    )


def _end_turn(state: UKState, cmd: EndTurn) -> UKState:
    _phase(state, "players")
    _no_battle(state)
    _no_fate(state)
    turn = state.turn + 1
    if turn < state.players:
        return replace(state, turn=turn, used=(), fate_drawn=())
    return replace(state, turn=turn, used=(), fate_drawn=(), phase="princess", princess_used=0)


def _end_empire(state: UKState, cmd: EndEmpire) -> UKState:
    _phase(state, "empire")
    _no_battle(state)
    _no_fate(state)
    if state.round >= state.rounds:  # §8.2: round 10 ends without a win
        return replace(state, phase="over", outcome="loss_rounds", stays=())
    return replace(state, phase="round_end", stays=())


def _replace_character(state: UKState, cmd: ReplaceCharacter) -> UKState:
    """§9: in the round end step, an unused character on a free start space."""
    _phase(state, "round_end")
    if cmd.seat not in state.replace_due:
        raise RuleError("unicornus.rule.no_replacement_due", seat=cmd.seat)
    new = next((h for h in state.reserve if h.id == cmd.character), None)
    if new is None:
        raise RuleError("unicornus.rule.not_in_reserve", hero=cmd.character)
    _space(state, cmd.space)
    board = state.board
    if cmd.space not in free_starts(state):
        raise RuleError("unicornus.rule.not_free_start", space=board.names[cmd.space])
    new = replace(new, seat=cmd.seat, space=cmd.space)
    seats = list(state.seats)
    # the dead character's id is replaced in its seat; other characters of the seat stay
    dead = [h for h in seats[cmd.seat] if not state.hero(h).alive]
    seats[cmd.seat] = tuple(cmd.character if h == dead[0] else h for h in seats[cmd.seat])
    heroes = tuple(h for h in state.heroes if h.id != dead[0]) + (new,)
    state = replace(
        state,
        heroes=heroes,
        seats=tuple(seats),
        reserve=tuple(h for h in state.reserve if h.id != cmd.character),
        replace_due=tuple(s for s in state.replace_due if s != cmd.seat),
    )
    return check_fate(state)


def _end_round(state: UKState, cmd: EndRound) -> UKState:
    _phase(state, "round_end")
    _no_fate(state)
    if state.replace_due and state.reserve:  # §9: the replacement is placed in this step
        raise RuleError("unicornus.rule.replace_first", seat=state.replace_due[0])
    # §3.6: the Princess passes to the player on the left, the new start player
    return replace(
        state,
        round=state.round + 1,
        phase="round_start",
        start_player=(state.start_player + 1) % state.players,
        turn=0,
        replace_due=(),
    )


# --- player actions (§4) ---
def _actor(state: UKState, hid: str) -> Hero:
    _phase(state, "players")
    _no_battle(state)
    hero = _hero(state, hid)
    if hid not in state.seats[state.current_seat]:
        raise RuleError("unicornus.rule.not_your_turn", hero=hid)
    if not hero.on_board:
        raise RuleError("unicornus.rule.hero_not_on_board", hero=hid)
    if state.used_by(hid) >= state.actions_per_turn:
        raise RuleError("unicornus.rule.no_actions_left", hero=hid, actions=state.actions_per_turn)
    return hero


def _count(state: UKState, hid: str) -> UKState:
    n = state.used_by(hid) + 1
    used = tuple(p for p in state.used if p[0] != hid) + ((hid, n),)
    return replace(state, used=used)


def _recruit(state: UKState, cmd: Recruit) -> UKState:
    hero = _actor(state, cmd.hero)
    gain = state.board.recruit[hero.space]  # 0 outside villages, towns and fortresses
    hero = replace(hero, tokens=min(hero.command, hero.tokens + gain))
    return _count(with_hero(state, hero), hero.id)


def _procure(state: UKState, cmd: Procure) -> UKState:
    hero = _actor(state, cmd.hero)
    hero = replace(hero, supplies=hero.supplies + (state.board.resource[hero.space] or 1))
    return _count(with_hero(state, hero), hero.id)


def check_move(state: UKState, hero: Hero, to: int) -> int:
    """§4 Move legality; returns the cost."""
    _space(state, to)
    board = state.board
    if to not in board.adj[hero.space]:
        raise RuleError("unicornus.rule.not_adjacent", space=board.names[to])
    if board.impassable[to]:
        raise RuleError("unicornus.rule.impassable", space=board.names[to])
    other = state.hero_at(to)
    if other is not None and other.id != hero.id:
        raise RuleError("unicornus.rule.kingdom_there", space=board.names[to], hero=other.id)
    cost = move_cost(state, hero.tokens, to)
    if cost > hero.supplies:
        raise RuleError(
            "unicornus.rule.cannot_afford", cost=count("supply", cost), supplies=hero.supplies
        )
    return cost


def _move_hero(state: UKState, hero: Hero, to: int, cost: int) -> UKState:
    """Move a kingdom unit; entering an imperial unit starts a battle inside this move."""
    origin = hero.space
    state = with_hero(state, replace(hero, space=to, supplies=hero.supplies - cost))
    if state.unit_at(to) is not None:
        battle = Battle(to, hero.id, "kingdom", (origin,))
        state = replace(state, battles=(*state.battles, battle))
    return check_fate(state)


def _move(state: UKState, cmd: Move) -> UKState:
    hero = _actor(state, cmd.hero)
    cost = check_move(state, hero, cmd.to)
    return _count(_move_hero(state, hero, cmd.to, cost), hero.id)


def _transport(state: UKState, cmd: Transport) -> UKState:
    hero = _actor(state, cmd.hero)
    recv = _hero(state, cmd.receiver)
    board = state.board
    if recv.id == hero.id or not recv.on_board:
        raise RuleError("unicornus.rule.bad_receiver", hero=cmd.receiver)
    if not board.areas_touch(board.area[hero.space], board.area[recv.space]):
        raise RuleError("unicornus.rule.too_far", hero=cmd.receiver)
    if cmd.tokens < 0 or cmd.supplies < 0 or (cmd.tokens == 0 and cmd.supplies == 0):
        raise RuleError("unicornus.rule.nothing_sent")
    if cmd.tokens > hero.tokens or cmd.supplies > hero.supplies:
        raise RuleError("unicornus.rule.not_enough_to_send")
    if cmd.supplies > 10 * cmd.tokens:  # each token escorts up to 10 supplies
        raise RuleError(
            "unicornus.rule.escort", tokens=count("token", cmd.tokens), supplies=cmd.supplies
        )
    hero = replace(hero, tokens=hero.tokens - cmd.tokens, supplies=hero.supplies - cmd.supplies)
    recv = replace(
        recv,
        tokens=min(recv.command, recv.tokens + cmd.tokens),
        supplies=recv.supplies + cmd.supplies,
    )
    return _count(with_hero(with_hero(state, hero), recv), hero.id)


def _draw_support(state: UKState, cmd: DrawSupport) -> UKState:
    hero = _actor(state, cmd.hero)
    if hero.id in state.fate_drawn:
        raise RuleError("unicornus.rule.fate_once", hero=hero.id)
    state = with_hero(state, replace(hero, support=hero.support + 1))
    return _count(replace(state, fate_drawn=(*state.fate_drawn, hero.id)), hero.id)


# --- the Princess (§5.1) ---
def _princess_act(state: UKState, cmd: PrincessAct) -> UKState:
    _phase(state, "princess")
    _no_battle(state)
    if state.princess_used >= state.princess_actions:
        raise RuleError("unicornus.rule.princess_done")
    p = state.princess
    if cmd.action == "procure":
        state = with_hero(
            state, replace(p, supplies=p.supplies + (state.board.resource[p.space] or 1))
        )
    elif cmd.action == "move":
        cost = check_move(state, p, cmd.to)
        if state.board.dist[cmd.to] > state.board.dist[p.space]:
            raise RuleError("unicornus.rule.princess_away")
        state = _move_hero(state, p, cmd.to, cost)
    else:
        raise RuleError("unicornus.rule.bad_action", action=cmd.action)
    state = replace(state, princess_used=state.princess_used + 1)
    return after_princess(state)


# --- the Empire (§5.2) ---
def _move_empire(state: UKState, cmd: MoveEmpire) -> UKState:
    _phase(state, "empire")
    _no_battle(state)
    _no_fate(state)
    if state.empire_moved:
        raise RuleError("unicornus.empire.moved_twice")
    board = state.board
    leaders = {u.space for u in state.units if u.leader}
    heroes = kingdom_spaces(state)
    origins = [o for o, _ in cmd.moves]
    if len(set(origins)) != len(origins):
        raise RuleError("unicornus.empire.moved_twice")
    moved: dict[int, int] = dict(cmd.moves)
    led_targets: dict[int, int] = {}
    for origin, to in cmd.moves:
        unit = state.unit_at(origin)
        if unit is None:
            raise RuleError(
                "unicornus.empire.no_unit",
                space=board.names[origin] if 0 <= origin < len(board) else origin,
            )
        _space(state, to)
        if to not in board.adj[origin]:
            raise RuleError("unicornus.rule.not_adjacent", space=board.names[to])
        if board.impassable[to]:
            raise RuleError("unicornus.rule.impassable", space=board.names[to])
        if unit.leader:
            if to in leaders:
                raise RuleError("unicornus.empire.character_there", space=board.names[to])
            if to in led_targets:
                raise RuleError("unicornus.empire.conflict_unresolved", space=board.names[to])
            led_targets[to] = origin
    units = [replace(u, space=moved.get(u.space, u.space)) for u in state.units]
    state = with_units(state, merge_units(units))
    battles = []
    for space, hero in sorted(heroes.items()):
        came = tuple(sorted(o for o, t in cmd.moves if t == space))
        if came:
            battles.append(Battle(space, hero.id, "empire", came))
    state = replace(
        state, battles=tuple(battles), empire_moved=True, empire_picks=(), empire_forbid=()
    )
    return check_fate(state)


def _empire_pick(state: UKState) -> None:
    """The table picks in the Empire phase before the moves (§5.2, §5.3)."""
    _phase(state, "empire")
    _no_battle(state)
    if state.empire_moved:
        raise RuleError("unicornus.empire.moved_twice")


def _pick_empire_move(state: UKState, cmd: PickEmpireMove) -> UKState:
    _empire_pick(state)
    step = next((st for st in planned(state).steps if st.unit == cmd.unit), None)
    if step is None:
        raise RuleError("unicornus.empire.no_unit", space=_name(state, cmd.unit))
    if step.choice is None or cmd.to not in [o.value for o in step.choice.options]:
        raise RuleError("unicornus.flow.not_an_option", space=_name(state, cmd.to))
    picks = tuple(p for p in state.empire_picks if p[0] != cmd.unit)
    return replace(state, empire_picks=(*picks, (cmd.unit, cmd.to)))


def _settle_conflict(state: UKState, cmd: SettleConflict) -> UKState:
    _empire_pick(state)
    origins = dict(conflicts(state, planned(state))).get(cmd.space)
    if origins is None:
        raise RuleError("unicornus.flow.no_conflict", space=_name(state, cmd.space))
    if cmd.winner not in origins or set(cmd.losers) != set(origins) - {cmd.winner}:
        raise RuleError("unicornus.flow.not_an_option", space=_name(state, cmd.winner))
    return replace(
        state,
        empire_picks=tuple(p for p in state.empire_picks if p[0] not in cmd.losers),
        empire_forbid=(*state.empire_forbid, *((o, cmd.space) for o in cmd.losers)),
    )


def _stay_and_fight(state: UKState, cmd: StayAndFight) -> UKState:
    _phase(state, "empire")
    battle = next((b for b in state.battles if b.hero == cmd.who), None)
    if battle is None or battle.attacker != "empire" or battle.rolled:
        raise RuleError("unicornus.rule.no_retreat_now", hero=cmd.who)
    return replace(state, stays=(*(h for h in state.stays if h != cmd.who), cmd.who))


def _name(state: UKState, space: int) -> str | int:
    return state.board.names[space] if 0 <= space < len(state.board) else space


def _retreat_before(state: UKState, cmd: RetreatBeforeBattle) -> UKState:
    """§5.2: before the battle, to an adjacent empty space other than where the attacker came
    from, for the move cost + 2 supplies."""
    _phase(state, "empire")
    battle = next((b for b in state.battles if b.hero == cmd.hero), None)
    if battle is None or battle.attacker != "empire" or battle.rolled:
        raise RuleError("unicornus.rule.no_retreat_now", hero=cmd.hero)
    hero = state.hero(cmd.hero)
    board = state.board
    _space(state, cmd.to)
    if cmd.to in battle.origins:
        raise RuleError("unicornus.rule.retreat_origin", space=board.names[cmd.to])
    if cmd.to not in board.adj[hero.space] or board.impassable[cmd.to]:
        raise RuleError("unicornus.rule.not_adjacent", space=board.names[cmd.to])
    if state.hero_at(cmd.to) or state.unit_at(cmd.to):
        raise RuleError("unicornus.rule.retreat_not_empty", space=board.names[cmd.to])
    cost = retreat_cost(state, hero.tokens, cmd.to)
    if cost > hero.supplies:
        raise RuleError(
            "unicornus.rule.cannot_afford", cost=count("supply", cost), supplies=hero.supplies
        )
    state = with_hero(state, replace(hero, space=cmd.to, supplies=hero.supplies - cost))
    state = replace(state, battles=tuple(b for b in state.battles if b is not battle))
    return check_fate(state)


# --- fate and allies (§7, §9) ---
def _draw_fate(state: UKState, cmd: DrawFate) -> UKState:
    if state.outcome:
        raise RuleError("unicornus.rule.game_over")
    if cmd.imperial not in state.fate_pending:
        raise RuleError("unicornus.rule.no_fate_due", imperial=cmd.imperial)
    hid = cmd.hero or dict(state.fate_pairs).get(cmd.imperial, "")
    if not hid:  # the companion picks when only one qualifies or the option says so
        pick = fate_pick(state, cmd.imperial)
        if not isinstance(pick, str):
            raise RuleError("unicornus.rule.fate_choose", imperial=cmd.imperial)
        hid = pick
    if hid not in fate_candidates(state, cmd.imperial):
        raise RuleError("unicornus.rule.not_fate_pair", imperial=cmd.imperial, hero=hid)
    state = replace(state, fate_pairs=tuple(p for p in state.fate_pairs if p[0] != cmd.imperial))
    if cmd.ally:
        return make_ally(state, cmd.imperial, hid)
    state = with_imperial(state, replace(state.imp(cmd.imperial), bound_to=hid))
    return replace(state, fate_pending=tuple(c for c in state.fate_pending if c != cmd.imperial))


def _pick_fate_pair(state: UKState, cmd: PickFatePair) -> UKState:
    if cmd.imperial not in state.fate_pending:
        raise RuleError("unicornus.rule.no_fate_due", imperial=cmd.imperial)
    if isinstance(fate_pick(state, cmd.imperial), str):
        raise RuleError("unicornus.flow.no_fate_tie")
    if cmd.hero not in fate_candidates(state, cmd.imperial):
        raise RuleError("unicornus.rule.not_fate_pair", imperial=cmd.imperial, hero=cmd.hero)
    pairs = tuple(p for p in state.fate_pairs if p[0] != cmd.imperial)
    return replace(state, fate_pairs=(*pairs, (cmd.imperial, cmd.hero)))


def _named(pair: tuple[str, str]) -> dict[str, str]:
    """A name as a message parameter (the reader's language), never an id."""
    return {"en": pair[0], "ja": pair[1] or pair[0]}


def _make_ally(state: UKState, cmd: MakeAlly) -> UKState:
    try:
        ch = state.imp(cmd.imperial)
    except KeyError:
        raise RuleError("unicornus.rule.no_such_imperial", imperial=cmd.imperial) from None
    if not _hero(state, cmd.hero).alive:
        raise RuleError("unicornus.rule.hero_not_on_board", hero=cmd.hero)
    if ch.status != "board":
        raise RuleError("unicornus.rule.not_on_board", imperial=cmd.imperial)
    # §7: only a Fate card makes an ally, and it lies beside the character it was drawn for
    who = _named(ch.name)
    if ch.no_fate:
        raise RuleError("unicornus.rule.ally_no_fate", imperial=who)
    if ch.bound_to != cmd.hero:
        hero = _named(state.hero(cmd.hero).name)
        raise RuleError("unicornus.rule.ally_not_bound", imperial=who, hero=hero)
    return check_fate(make_ally(state, cmd.imperial, cmd.hero))


# --- corrections ---
_HERO_FIELDS = {"space", "tokens", "supplies", "damage", "command", "life", "support", "alive"}
_IMP_FIELDS = {"personality", "combat_power", "life", "damage", "no_fate", "bound_to", "status"}
_SPACE_FIELDS = {"difficulty", "impassable", "recruit", "resource", "defence"}
_GAME_FIELDS = {"round", "phase", "start_player", "turn", "princess_used", "outcome"}


# the least a corrected count may be (§1: nobody has fewer than no tokens; life is printed)
_LEAST = {"tokens": 0, "supplies": 0, "damage": 0, "support": 0, "combat_power": 0}
_LEAST_ONE = {"command", "life"}


def _check_count(field: str, value: object) -> None:
    """Corrections obey what moves obey: counts are never negative, a life or a command at
    least 1 (issue 9: −4 tokens were accepted)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return
    least = 1 if field in _LEAST_ONE else _LEAST.get(field)
    if least is not None and value < least:
        raise RuleError("unicornus.rule.too_few", field=field, value=value, least=least)


def _correct(state: UKState, cmd: Correct) -> UKState:
    kind, _, ident = cmd.target.partition(":")
    value = cmd.value
    _check_count(cmd.field, value)
    if kind == "hero":
        hero = _hero(state, ident)
        if cmd.field not in _HERO_FIELDS:
            raise RuleError("unicornus.rule.bad_field", field=cmd.field)
        if cmd.field == "space":
            _space(state, int(value))
            other = state.hero_at(int(value))
            if other is not None and other.id != hero.id:
                raise RuleError(
                    "unicornus.rule.kingdom_there",
                    space=state.board.names[int(value)],
                    hero=other.id,
                )
        if cmd.field == "damage":
            return check_fate(set_hero_damage(state, hero, int(value)))
        return check_fate(with_hero(state, replace(hero, **{cmd.field: value})))
    if kind == "imperial":
        try:
            ch = state.imp(ident)
        except KeyError:
            raise RuleError("unicornus.rule.no_such_imperial", imperial=ident) from None
        if cmd.field not in _IMP_FIELDS:
            raise RuleError("unicornus.rule.bad_field", field=cmd.field)
        if cmd.field == "personality" and value not in ("defensive", "normal", "aggressive"):
            raise RuleError("unicornus.rule.bad_value", field=cmd.field, value=value)
        if cmd.field == "status":
            return check_fate(_correct_status(state, ch, str(value)))
        ch = replace(ch, **{cmd.field: value})
        state = with_imperial(state, ch)
        if ch.damage >= ch.life and ch.status == "board":
            state = kill_imperial(state, ch.id)
        return check_fate(state)
    if kind == "unit":
        unit = state.unit_at(int(ident))
        if unit is None:
            raise RuleError("unicornus.empire.no_unit", space=ident)
        if cmd.field not in ("tokens", "leader", "space"):
            raise RuleError("unicornus.rule.bad_field", field=cmd.field)
        if cmd.field == "space":
            _space(state, int(value))
        if cmd.field == "leader" and value:
            _leader_free(state, str(value), unit)
        new = replace(unit, **{cmd.field: value})
        # a unit moved onto another merges at once (§5.2)
        units = [u for u in state.units if u is not unit] + [new]
        return check_fate(with_units(state, merge_units(units)))
    if kind == "space":
        # a printed value of a space, as the table reads it on the tile
        _space(state, int(ident))
        if cmd.field not in _SPACE_FIELDS:
            raise RuleError("unicornus.rule.bad_field", field=cmd.field)
        board = state.board
        values = list(getattr(board, cmd.field))
        values[int(ident)] = bool(value) if cmd.field == "impassable" else int(value)
        board = replace(board, **{cmd.field: tuple(values)})
        if cmd.field == "impassable":  # d(s) of §5.1 runs over passable spaces
            board = replace(board, dist=distances(board.adj, board.impassable, board.goal))
        return replace(state, board=board)
    if kind == "game":
        if cmd.field not in _GAME_FIELDS:
            raise RuleError("unicornus.rule.bad_field", field=cmd.field)
        return replace(state, **{cmd.field: value})
    raise RuleError("unicornus.rule.bad_target", target=cmd.target)


def _correct_status(state: UKState, ch, value: str) -> UKState:
    """A status set by hand has the rules' effects, or is refused with the reason: an ally
    (§9) leaves the board — its tokens stay as a leaderless unit — and joins the character
    its Fate card binds it to (the Princess: one less damage in her battles, §6.2); dead
    (§9) leaves its tokens leaderless too; back on the board it needs a space (place it)."""
    if value == ch.status:
        return state
    if value == "ally":
        if not ch.bound_to:
            raise RuleError("unicornus.rule.ally_whose", imperial=ch.id)
        if ch.status != "board":
            raise RuleError("unicornus.rule.not_on_board", imperial=ch.id)
        return make_ally(state, ch.id, ch.bound_to)
    if value == "dead":
        state = _leave_ally(state, ch)
        return kill_imperial(state, ch.id)
    if value == "board":
        raise RuleError("unicornus.rule.place_to_board", imperial=ch.id)
    raise RuleError("unicornus.rule.bad_value", field="status", value=value)


def _leave_ally(state: UKState, ch) -> UKState:
    """An ally no longer: the character it joined loses it."""
    if ch.status != "ally" or not ch.bound_to:
        return state
    hero = state.hero(ch.bound_to)
    return with_hero(state, replace(hero, allies=tuple(a for a in hero.allies if a != ch.id)))


def _leader_free(state: UKState, leader: str, unit: Unit | None = None) -> None:
    """An imperial character who exists and leads no other unit: one character, one space."""
    try:
        state.imp(leader)
    except KeyError:
        raise RuleError("unicornus.rule.no_such_imperial", imperial=leader) from None
    other = next((u for u in state.units if u.leader == leader and u is not unit), None)
    if other is not None:
        raise RuleError(
            "unicornus.rule.leads_elsewhere", imperial=leader, space=state.board.names[other.space]
        )


def _place_unit(state: UKState, cmd: PlaceUnit) -> UKState:
    _check_count("tokens", cmd.tokens)
    _space(state, cmd.space)
    if cmd.leader:
        try:
            ch = state.imp(cmd.leader)
        except KeyError:
            raise RuleError("unicornus.rule.no_such_imperial", imperial=cmd.leader) from None
        state = _leave_ally(state, ch)
        state = with_imperial(state, replace(ch, status="board"))
    units = [u for u in state.units if u.leader != cmd.leader or not cmd.leader]
    units.append(Unit(cmd.space, cmd.tokens, cmd.leader))
    return check_fate(with_units(state, merge_units(units)))


def _remove_unit(state: UKState, cmd: RemoveUnit) -> UKState:
    if state.unit_at(cmd.space) is None:
        raise RuleError("unicornus.empire.no_unit", space=cmd.space)
    return with_units(state, [u for u in state.units if u.space != cmd.space])


def _set_option(state: UKState, cmd: SetOption) -> UKState:
    if cmd.name not in {f.name for f in fields(Options)}:
        raise RuleError("unicornus.rule.no_such_option", name=cmd.name)
    return replace(state, options=replace(state.options, **{cmd.name: bool(cmd.value)}))


def _corrections(state: UKState, cmd: Corrections) -> UKState:
    for change in cmd.changes:
        state = _correct(state, change)
    return state


HANDLERS = {
    BeginRound: _begin_round,
    RevealEvent: _reveal_event,
    EndTurn: _end_turn,
    EndEmpire: _end_empire,
    ReplaceCharacter: _replace_character,
    EndRound: _end_round,
    Recruit: _recruit,
    Procure: _procure,
    Move: _move,
    Transport: _transport,
    DrawSupport: _draw_support,
    PrincessAct: _princess_act,
    MoveEmpire: _move_empire,
    RetreatBeforeBattle: _retreat_before,
    PickEmpireMove: _pick_empire_move,
    SettleConflict: _settle_conflict,
    StayAndFight: _stay_and_fight,
    PickFatePair: _pick_fate_pair,
    RollBattle: combat.roll_battle,
    ResolveBattle: combat.resolve_battle,
    DrawFate: _draw_fate,
    MakeAlly: _make_ally,
    Correct: _correct,
    Corrections: _corrections,
    PlaceUnit: _place_unit,
    RemoveUnit: _remove_unit,
    SetOption: _set_option,
}


def apply(state: UKState, cmd) -> UKState:
    handler = HANDLERS.get(type(cmd))
    if handler is None:
        raise RuleError("core.rule.unknown_command", kind=cmd.kind)
    return handler(state, cmd)
