"""The flow of a round (§3): what the table faces now, as a :class:`Moment` of
:mod:`companion.core.game`. Everything the game screen used to decide lives here.

In order: the outcome (§8); a Fate card to draw (§7: drawn as soon as a move brings the pair
together; the pair picked first when several characters qualify); a retreat before a battle
the Empire started (§5.2, asked once per character: staying is a :class:`StayAndFight`
step); a battle to fight (§6: an entry the battle helper answers; opened at once after a move
into a unit); then the phase — round start, the event (with the table's own deck: a numbered
list of the catalog's cards, or a new card's form), the players' turns (free: the actions
each with the engine's reason when refused and what it leads to when allowed; advancing ends
the turn), the Princess's actions one at a time (§5.1), the Empire (§5.2: every tied unit and
every conflict asked as a typed pick, then all moves at once, then the end of the phase), the
round end (§9 replacements, then the next round). The table's own actions beside the flow
(corrections, allies, what-if) are added by :mod:`companion.games.unicornus.actions`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from companion.core.commands import Command
from companion.core.errors import RuleError
from companion.core.game import Action, Ask, Entry, Lead, Moment, Outcome, Step
from companion.core.i18n import Msg
from companion.core.plan import Choice, Option
from companion.games.unicornus import empire
from companion.games.unicornus.combat import (
    assignment,
    is_princess_battle,
    princess_damage,
    retreat_options,
)
from companion.games.unicornus.commands import (
    BeginRound,
    DrawFate,
    DrawSupport,
    EndEmpire,
    EndRound,
    EndTurn,
    Move,
    MoveEmpire,
    PickEmpireMove,
    PickFatePair,
    PrincessAct,
    Procure,
    Recruit,
    ReplaceCharacter,
    ResolveBattle,
    RetreatBeforeBattle,
    RevealEvent,
    RollBattle,
    SettleConflict,
    StayAndFight,
    Transport,
)
from companion.games.unicornus.engine import apply
from companion.games.unicornus.princess import plan_princess
from companion.games.unicornus.rules import (
    event_level,
    fate_pick,
    free_starts,
    move_cost,
    retreat_cost,
)
from companion.games.unicornus.state import PRINCESS, Battle, Event, Hero, UKState
from companion.games.unicornus.words import count, space_label

PLAYER_ACTIONS = ("move", "recruit", "procure", "transport", "fate")


def outcome(state: UKState) -> Outcome | None:
    """§8: the kingdom won, or lost (round 10 over, or the Princess dead). A co-operative
    game: the whole table wins or loses together, so no player is named as the winner."""
    if not state.outcome:
        return None
    won = state.outcome == "win"
    return Outcome(
        "won" if won else "lost",
        Msg(f"unicornus.outcome.{state.outcome}", {"round": state.round}),
        round=state.round,
        facts=_facts(state),
    )


def _facts(state: UKState) -> dict:
    """What records keep of a finished game: the Princess card, the table's size, who ran
    which characters (by seat), and how it ended (``win``, ``loss_rounds``, ``loss_princess``)."""
    princess = state.heroes[0]
    names = {h.id: {"en": h.name[0], "ja": h.name[1]} for h in (*state.heroes, *state.reserve)}
    return {
        "ending": state.outcome,
        "princess": {"id": princess.id, "name": names[princess.id]},
        "players": state.players,
        "seats": [[{"id": c, "name": names.get(c, {"en": c})} for c in s] for s in state.seats],
    }


def moment(state: UKState) -> Moment:
    end = outcome(state)
    if end is not None:
        return Moment(end.reason, end)
    for pending in (_fate, _retreat, _battle):
        found = pending(state)
        if found is not None:
            return found
    phase = _PHASES.get(state.phase)
    if phase is None:  # a phase the table set by hand with nothing to do
        return Moment(Msg(f"unicornus.phase.{state.phase}"))
    return phase(state)


# --- helpers -------------------------------------------------------------------------------
def refusal(state: UKState, cmd: Command) -> RuleError | None:
    """Why the rules refuse ``cmd`` now, or ``None`` when it is legal."""
    try:
        apply(state, cmd)
    except RuleError as exc:
        return exc
    return None


def name(pair: tuple[str, str]) -> Msg:
    return Msg("unicornus.name", {"en": pair[0], "ja": pair[1] or pair[0]})


def _names(parts: list[tuple[str, str]]) -> dict[str, str]:
    """Several names as one parameter, each in the reader's language."""
    return {"en": ", ".join(p[0] for p in parts), "ja": "、".join(p[1] or p[0] for p in parts)}


def _join(msgs: list[Msg]) -> Msg:
    out = msgs[0]
    for m in msgs[1:]:
        out = Msg("unicornus.flow.and", {"first": out, "rest": m})
    return out


def _said(text: Msg, state: UKState) -> Msg:
    found = notices(state)
    return Msg("unicornus.flow.said", {"text": text, "notices": _join(found)}) if found else text


def _space(state: UKState, s: int) -> str:
    return state.board.names[s] if 0 <= s < len(state.board) else "—"


def seat_label(state: UKState, seat: int) -> Msg:
    """The seat as the table calls it: its player's name when one was typed at setup."""
    heroes = _names([state.hero(h).name for h in state.seats[seat]])
    player = state.player_name(seat)
    if player:
        return Msg("unicornus.flow.seat_named", {"player": player, "heroes": heroes})
    return Msg("unicornus.flow.seat", {"seat": seat + 1, "heroes": heroes})


def space_of(cmd: Command) -> int | None:
    """The space an answer points at, to mark it on the map (``None``: not a space)."""
    if isinstance(cmd, (PrincessAct, PickEmpireMove, RetreatBeforeBattle, Move)):
        return cmd.to if cmd.to >= 0 else None
    if isinstance(cmd, ResolveBattle):
        return cmd.retreat_to if cmd.retreat_to >= 0 else None
    if isinstance(cmd, SettleConflict):
        return cmd.winner
    return None


def ability(hero: Hero, key: str) -> Msg:
    """``hero``'s ability as the table is reminded of it: its transcribed text when there is
    one, else the bare reminder ``key`` (the card is on the table)."""
    if hero.ability[0] or hero.ability[1]:
        text = {"en": hero.ability[0] or hero.ability[1], "ja": hero.ability[1] or hero.ability[0]}
        return Msg(f"{key}_text", {"name": name(hero.name), "text": text})
    return Msg(key, {"name": name(hero.name)})


def notices(state: UKState) -> list[Msg]:
    """What the table should be reminded of now (§3 steps 1 and 3): ONGOING events, the
    start-of-round abilities at the round's start, the start-of-turn abilities of the seat
    whose turn begins — each with its text."""
    out: list[Msg] = []
    if state.phase in ("round_start", "event"):
        for ev in state.ongoing:
            out.append(Msg("unicornus.notice.ongoing", {"name": name(ev.name)}))
        for h in state.heroes:
            if h.on_board and "r" in h.timing:
                out.append(ability(h, "unicornus.notice.round_ability"))
    if state.phase == "players" and state.turn < state.players and not state.used:
        for hid in state.seats[state.current_seat]:
            h = state.hero(hid)
            if h.on_board and "t" in h.timing:
                out.append(ability(h, "unicornus.notice.turn_ability"))
    return out


def battle_abilities(state: UKState, b: Battle) -> list[Msg]:
    """The abilities that may be used in the battle ``b`` (§4): the character's "during
    battle" ability only when the Empire attacks it, its passive ability always, and what
    its allies give it (§9: the player gains their ally abilities)."""
    hero = state.hero(b.hero)
    out = []
    if "b" in hero.timing and b.attacker == "empire":
        out.append(ability(hero, "unicornus.notice.battle_ability"))
    if "p" in hero.timing and hero.id != PRINCESS:
        out.append(ability(hero, "unicornus.notice.passive_ability"))
    for cid in hero.allies:
        ally = state.imp(cid)
        if hero.id != PRINCESS and (ally.ally_ability[0] or ally.ally_ability[1]):
            en, ja = ally.ally_ability
            text = {"en": en or ja, "ja": ja or en}
            out.append(
                Msg("unicornus.notice.ally_ability", {"name": name(ally.name), "text": text})
            )
    return out


# --- before the phase: retreats, Fate, battles ----------------------------------------------
def retreat_offer(state: UKState) -> tuple[Battle, list[tuple[int, int]]] | None:
    """§5.2: the next attacked character who may retreat before the battle and was not asked
    yet, with the spaces it may retreat to and their cost."""
    if state.phase != "empire" or not state.empire_moved:
        return None
    for b in state.battles:
        if b.attacker != "empire" or b.rolled or b.hero == PRINCESS or b.hero in state.stays:
            continue
        hero = state.hero(b.hero)
        opts = [
            (n, retreat_cost(state, hero.tokens, n))
            for n in state.board.adj[hero.space]
            if refusal(state, RetreatBeforeBattle(hero.id, n)) is None
        ]
        if opts:
            return b, opts
    return None


def _retreat(state: UKState) -> Moment | None:
    offer = retreat_offer(state)
    if offer is None:
        return None
    battle, opts = offer
    hero = state.hero(battle.hero)
    choice = Choice(
        Msg(
            "unicornus.flow.choice_retreat",
            {"hero": name(hero.name), "space": _space(state, battle.space)},
        ),
        (Option(StayAndFight(hero.id), Msg("unicornus.flow.choice_stay")),)
        + tuple(
            Option(
                RetreatBeforeBattle(hero.id, n),
                Msg(
                    "unicornus.flow.choice_retreat_to",
                    {"space": space_label(state, n), "cost": count("supply", c)},
                ),
            )
            for n, c in opts
        ),
    )
    return Moment(
        Msg("unicornus.flow.retreat", {"hero": name(hero.name)}),
        Ask(choice, Msg("unicornus.flow.choice_retreat_title"), tie=False),
    )


def _fate(state: UKState) -> Moment | None:
    if not state.fate_pending:
        return None
    cid = state.fate_pending[0]
    imp = name(state.imp(cid).name)
    pick = dict(state.fate_pairs).get(cid) or fate_pick(state, cid)
    title = Msg("unicornus.flow.choice_fate_title")
    if isinstance(pick, Choice):  # several qualify: the players choose (Ruling)
        choice = Choice(
            pick.reason, tuple(Option(PickFatePair(cid, o.value), o.label) for o in pick.options)
        )
        first = PickFatePair(cid, pick.options[0].value, by_app=True) if pick.options else None
        who = Msg("unicornus.flow.fate_who")
        prompt = Msg("unicornus.flow.fate", {"imperial": imp, "hero": who})
        return Moment(prompt, Ask(choice, title, auto=first))
    words = {"imperial": imp, "hero": name(state.hero(pick).name)}
    choice = Choice(
        Msg("unicornus.flow.choice_fate", words),
        (
            Option(DrawFate(cid, pick, False), Msg("unicornus.flow.choice_fate_bound", words)),
            Option(DrawFate(cid, pick, True), Msg("unicornus.flow.choice_fate_ally", words)),
        ),
    )
    # what the card says is the table's to read, never a tie
    return Moment(Msg("unicornus.flow.fate", words), Ask(choice, title, tie=False))


def _battle(state: UKState) -> Moment | None:
    if not state.battles:
        return None
    b = state.battles[0]
    prompt = Msg(
        "unicornus.flow.battle",
        {"hero": name(state.hero(b.hero).name), "space": _space(state, b.space)},
    )
    said = battle_abilities(state, b)
    if said:  # what may be used in this battle, at its moment (§4)
        prompt = Msg("unicornus.flow.said", {"text": prompt, "notices": _join(said)})
    entry = Entry(
        "unicornus.battle",
        prompt,
        partial(battle_answer, state, b.space),
        subject=b.space,
        suggest=battle_suggest(state, b),
        # a move into a unit is fought at once, and so is a battle whose dice were just
        # rolled; the Empire's attacks wait for the advance key (the board follows first)
        at_once=b.attacker == "kingdom" or b.rolled,
    )
    return Moment(prompt, entry)


def battle_answer(state: UKState, space: int, cmd: Command) -> Lead:
    """The battle helper answers with the battle's next command: the roll, or the result.
    A result that leaves the imperial attackers a choice of retreat (§6.1 step 6) leads to
    that question, its options the spaces the rules accept (a tie: the app may pick)."""
    if not isinstance(cmd, (RollBattle, ResolveBattle)) or cmd.space != space:
        raise RuleError("unicornus.battle.none_here", space=space)
    if isinstance(cmd, RollBattle) or cmd.retreat_to >= 0:
        return cmd
    why = refusal(state, cmd)
    if why is None:
        return cmd
    if why.message.key != "unicornus.battle.choose_retreat":
        raise why
    b = next(x for x in state.battles if x.space == space)
    spaces = [
        n for n in retreat_options(state, b) if refusal(state, replace(cmd, retreat_to=n)) is None
    ]
    choice = Choice(
        Msg("unicornus.flow.choice_attackers_retreat", {"count": count("space", len(spaces))}),
        tuple(Option(replace(cmd, retreat_to=n), space_label(state, n)) for n in spaces),
    )
    auto = replace(cmd, retreat_to=spaces[0], by_app=True)
    return Ask(choice, Msg("unicornus.flow.choice_attackers_retreat_title"), auto=auto)


def battle_suggest(state: UKState, b: Battle) -> Command:
    """What a careful table does in a battle (§6): the app rolls, the best assignment, the
    damage on tokens first, the imperial attackers retreat to the first space offered."""
    if is_princess_battle(b):
        damage = princess_damage(state, b.space)
        return ResolveBattle(b.space, to_life=max(0, damage - state.princess.tokens))
    if not b.rolled:
        return RollBattle(b.space)
    taken = assignment(state, b.space).damage_taken
    retreat = -1
    if b.attacker == "empire":
        opts = retreat_options(state, b)
        retreat = opts[0] if len(opts) > 1 else -1
    hero = state.hero(b.hero)
    return ResolveBattle(b.space, to_life=max(0, taken - hero.tokens), retreat_to=retreat)


# --- the phases -----------------------------------------------------------------------------
def _round_start(state: UKState) -> Moment:
    text = Msg("unicornus.flow.round_start", {"round": state.round})
    return Moment(_said(text, state), Step(BeginRound(), text))


def event_ask(state: UKState) -> Ask:
    """§3 step 2: the table turned over a card other than the app's top card: the top card
    or one of this round's level (§2 step 6 stacks the levels in order)."""
    level = event_level(state, state.round)
    choice = Choice(
        Msg("unicornus.flow.choice_event"),
        tuple(
            Option(
                RevealEvent(e.id),
                Msg("unicornus.flow.choice_event_option", {"name": name(e.name), "level": e.level}),
            )
            for i, e in enumerate(state.deck)
            if e.level == level or i == 0
        ),
    )
    return Ask(choice, tie=False)


def table_cards(state: UKState) -> tuple[Event, ...]:
    """With the table's own deck: the catalog's cards the table may have turned over this
    round (this round's level, not yet revealed)."""
    level = event_level(state, state.round)
    return tuple(e for e in state.deck if e.level == level)


def _event(state: UKState) -> Moment:
    if state.table_deck:
        level = event_level(state, state.round)
        text = Msg("unicornus.flow.event_table", {"level": level})
        return Moment(_said(text, state), table_event_ask(state))
    if not state.deck:
        return Moment(Msg("unicornus.flow.deck_empty"))
    text = Msg("unicornus.flow.event")
    others = [e for e in state.deck[1:] if e.level == event_level(state, state.round)]
    actions = (Action("event", leads=event_ask(state)),) if others else ()
    return Moment(_said(text, state), Step(RevealEvent(state.deck[0].id), text), actions)


def table_event_ask(state: UKState) -> Ask:
    """§3 step 2 with the table's own deck: which card it turned over — one of the catalog's
    cards of this round's level (a digit), or a card the catalog lacks (its name, level and
    ONGOING flag entered; the engine checks the level order, §2 step 6)."""
    level = event_level(state, state.round)
    taken = frozenset(e.id for e in (*state.revealed, *state.deck))
    new = Entry(
        "unicornus.new_event",
        Msg("unicornus.flow.new_event", {"round": state.round, "level": level}),
        partial(_new_event, taken),
        subject=level,
    )
    choice = Choice(
        Msg("unicornus.flow.choice_table_event", {"level": level}),
        tuple(Option(RevealEvent(e.id), name(e.name)) for e in table_cards(state))
        + (Option(new, Msg("unicornus.flow.choice_new_event")),),
    )
    return Ask(choice, Msg("unicornus.flow.choice_table_event_title"), tie=False)


def _new_event(taken: frozenset[str], value: tuple) -> Command:
    """A card added on the spot: (English name, Japanese name, level, ONGOING)."""
    try:
        en, ja, level, ongoing = value
    except (TypeError, ValueError):
        raise RuleError("unicornus.rule.event_name") from None
    en, ja = (en or "").strip(), (ja or "").strip()
    if not (en or ja):
        raise RuleError("unicornus.rule.event_name")
    ident = new_event_id(en or ja, taken)
    return RevealEvent(ident, (en or ja, ja), int(level), bool(ongoing))


def new_event_id(name_en: str, taken: frozenset[str]) -> str:
    """An id for an event card the table added on the spot: from its name, never one the
    game already knows."""
    base = "".join(c if c.isalnum() else "_" for c in name_en.lower()).strip("_") or "event"
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}{n}", n + 1
    return ident


def seat_of_turn(state: UKState) -> tuple[str, ...]:
    """The characters whose player has the turn (none outside the players' phase)."""
    if state.phase != "players" or state.turn >= state.players:
        return ()
    return state.seats[state.current_seat]


def princess_left(state: UKState) -> int | None:
    """The Princess's actions left this phase (``None`` outside her phase)."""
    return state.princess_actions - state.princess_used if state.phase == "princess" else None


def acting(state: UKState) -> str:
    """The seat's character who acts by default: the first on the board with actions left."""
    seat = [h for h in seat_of_turn(state) if state.hero(h).on_board]
    with_actions = [h for h in seat if state.used_by(h) < state.actions_per_turn]
    return (with_actions or seat or [""])[0]


def move_targets(state: UKState, hid: str) -> list[tuple[int, int]]:
    """§4 Move: where ``hid`` may move now, with the cost."""
    if not hid:
        return []
    hero = state.hero(hid)
    return [
        (n, move_cost(state, hero.tokens, n))
        for n in state.board.adj[hero.space]
        if refusal(state, Move(hid, n)) is None
    ]


def receivers(state: UKState, hid: str) -> list[Hero]:
    """§4 Transport: the kingdom characters in the same or an adjacent area."""
    hero, b = state.hero(hid), state.board
    return [
        h
        for h in state.heroes
        if h.on_board and h.id != hid and b.areas_touch(b.area[hero.space], b.area[h.space])
    ]


@dataclass(frozen=True)
class Handover:
    """What a transport asks (§4 Transport): who gives, and to whom it may give (the kingdom
    characters in reach, in the order the form lists them)."""

    hero: str
    receivers: tuple[str, ...]


def _transport(hid: str, value: tuple[str, int, int]) -> Command:
    """The transport form answers (receiver, tokens, supplies)."""
    receiver, tokens, supplies = value
    return Transport(hid, receiver, tokens, supplies)


def move_ask(state: UKState, hid: str) -> Ask:
    """§4 Move: the spaces ``hid`` may move to now (from :func:`move_targets`), by number."""
    hero = state.hero(hid)
    choice = Choice(
        Msg("unicornus.flow.choice_move", {"hero": name(hero.name)}),
        tuple(
            Option(
                Move(hid, n),
                Msg(
                    "unicornus.flow.choice_move_to",
                    {"space": space_label(state, n), "cost": count("supply", c)},
                ),
            )
            for n, c in move_targets(state, hid)
        ),
    )
    return Ask(choice, Msg("unicornus.flow.choice_move_title"), tie=False)


def player_actions(state: UKState, hid: str) -> tuple[Action, ...]:
    """The actions of ``hid`` now (§4), each refused one with the rules' reason, each allowed
    one with what it leads to."""
    end = Action("end_turn", leads=EndTurn())
    base = refusal(state, Procure(hid)) if hid else None
    if not hid or base is not None:
        why = base.message if base is not None else Msg("unicornus.flow.not_players")
        return tuple(Action(a, why) for a in PLAYER_ACTIONS) + (end,)
    hero = state.hero(hid)
    near = receivers(state, hid)
    if not near:
        transport: Action = Action("transport", Msg("unicornus.flow.nobody_near"))
    else:
        sent = refusal(state, Transport(hid, near[0].id, 1, 0))
        transport = Action(
            "transport",
            sent.message if sent is not None else None,
            Entry(
                "unicornus.transport",
                Msg("unicornus.flow.transport", {"hero": name(hero.name)}),
                partial(_transport, hid),
                subject=Handover(hid, tuple(h.id for h in near)),
                suggest=(near[0].id, 1, 0),
            ),
        )
    fate = refusal(state, DrawSupport(hid))
    move = (
        Action("move", leads=move_ask(state, hid))
        if move_targets(state, hid)
        else Action("move", Msg("unicornus.flow.no_move"))
    )
    return (
        move,
        Action("recruit", leads=Recruit(hid)),
        Action("procure", leads=Procure(hid)),
        transport,
        Action("fate", fate.message, None)
        if fate is not None
        else Action("fate", leads=DrawSupport(hid)),
        end,
    )


def _players(state: UKState) -> Moment:
    hid = acting(state)
    hero = state.hero(hid) if hid else None
    text = Msg(
        "unicornus.flow.players",
        {
            "seat": seat_label(state, state.current_seat),
            "hero": name(hero.name) if hero else "—",
            "left": state.actions_per_turn - state.used_by(hid) if hero else 0,
            "actions": state.actions_per_turn,
        },
    )
    return Moment(_said(text, state), None, player_actions(state, hid), advance="end_turn")


def _princess(state: UKState) -> Moment:
    steps = plan_princess(state).steps
    if not steps:
        return Moment(Msg("unicornus.flow.princess_none"))
    step = steps[0]
    words = {
        "n": state.princess_used + 1,
        "actions": state.princess_actions,
        "reason": step.reason,
        "space": _space(state, step.to),
    }
    if step.choice is not None:
        choice = Choice(
            step.choice.reason,
            tuple(Option(PrincessAct("move", o.value), o.label) for o in step.choice.options),
        )
        auto = PrincessAct("move", step.choice.options[0].value, by_app=True)
        ask = Ask(choice, Msg("unicornus.flow.choice_princess"), auto=auto)
        return Moment(Msg("unicornus.flow.princess_tie", words), ask)
    key = "unicornus.flow.princess"
    if step.battle:
        key = "unicornus.flow.princess_battle"
    elif step.action == "procure":
        key = "unicornus.flow.princess_procure"
    return Moment(Msg(key, words), Step(PrincessAct(step.action, step.to), step.reason))


def merges(state: UKState, moves: tuple[tuple[int, int], ...]) -> list[Msg]:
    """§5.2 Merging, said before it happens: units that will share a space."""
    moved = dict(moves)
    where: dict[int, list] = {}
    for u in state.units:
        where.setdefault(moved.get(u.space, u.space), []).append(u)
    out = []
    for sp, units in sorted(where.items()):
        if len(units) > 1:
            parts = [
                (f"{n[0]} {u.tokens}", f"{n[1] or n[0]} {u.tokens}")
                if (n := state.imp(u.leader).name if u.leader else None)
                else (f"•{u.tokens}", f"•{u.tokens}")
                for u in units
            ]
            total = count("token", sum(u.tokens for u in units))
            words = {"space": _space(state, sp), "units": _names(parts), "tokens": total}
            out.append(Msg("unicornus.flow.merge", words))
    return out


def _empire(state: UKState) -> Moment:
    if state.empire_moved:
        text = Msg("unicornus.flow.empire_done")
        return Moment(text, Step(EndEmpire(), text))
    plan = empire.planned(state)
    tie = empire.open_tie(state, plan)
    if tie is not None:
        options = tie.choice.options
        choice = Choice(
            tie.choice.reason,
            tuple(Option(PickEmpireMove(tie.unit, o.value), o.label) for o in options),
        )
        unit = state.unit_at(tie.unit)
        who = name(state.imp(unit.leader).name) if unit and unit.leader else None
        title = Msg(
            "unicornus.flow.choice_empire_step",
            {"unit": who or Msg("unicornus.leaderless"), "origin": _space(state, tie.unit)},
        )
        auto = PickEmpireMove(tie.unit, options[0].value, by_app=True)
        return Moment(Msg("unicornus.flow.empire_tie"), Ask(choice, title, auto=auto))
    for sp, origins in empire.conflicts(state, plan):
        choice = Choice(
            Msg("unicornus.empire.conflict", {"space": space_label(state, sp)}),
            tuple(
                Option(
                    SettleConflict(sp, o, tuple(x for x in origins if x != o)),
                    empire.unit_option(state, o),
                )
                for o in origins
            ),
        )
        losers = tuple(x for x in origins if x != origins[0])
        auto = SettleConflict(sp, origins[0], losers, by_app=True)
        title = Msg("unicornus.flow.choice_empire_conflict")
        return Moment(Msg("unicornus.flow.empire_tie"), Ask(choice, title, auto=auto))
    moves = empire.moves(state, plan)
    said = merges(state, moves)
    reason = (
        Msg("unicornus.flow.merges", {"merges": _join(said)})
        if said
        else Msg("unicornus.flow.no_merges")
    )
    return Moment(Msg("unicornus.flow.empire"), Step(MoveEmpire(moves), reason))


def _round_end(state: UKState) -> Moment:
    if state.replace_due and state.reserve:
        seat = state.replace_due[0]
        free = free_starts(state)
        if not free:
            return Moment(Msg("unicornus.flow.no_start"))
        text = Msg("unicornus.flow.replace", {"seat": seat + 1})
        entry = Entry(
            "unicornus.replace",
            text,
            partial(_replacement, seat),
            subject=seat,
            suggest=(state.reserve[0].id, free[0]),
        )
        return Moment(text, entry)
    nxt = (state.start_player + 1) % state.players
    text = Msg("unicornus.flow.round_end", {"seat": seat_label(state, nxt)})
    return Moment(text, Step(EndRound(), text))


def _replacement(seat: int, value: tuple[str, int]) -> Command:
    """§9: the replacement form answers (character id, start space)."""
    character, space = value
    return ReplaceCharacter(seat, character, space)


_PHASES = {
    "round_start": _round_start,
    "event": _event,
    "players": _players,
    "princess": _princess,
    "empire": _empire,
    "round_end": _round_end,
}
