"""Each game's public panels and a seat's own view, as plain data for the pages.

Everything here is read from what the game packages compute (their states, views, forecasts,
plans and log lines): a panel is a title and lines, each line a ``Msg`` (translated when the
page is drawn) or a ``str`` (a name a player typed: shown as text). No rule is checked here;
a seat's command is the one the game's seat view makes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.core.commands import Command
from companion.core.errors import CompanionError
from companion.core.game import Ask, Step, Then
from companion.core.i18n import Msg, msg
from companion.games.registry import game_package

Line = Msg | str


@dataclass(frozen=True)
class Panel:
    title: Msg
    lines: tuple[Line, ...]
    key: str = ""  # a name for the page's styles and tests ("hand", "path", ...)


@dataclass(frozen=True)
class Tap:
    """A choice a seat taps: ``op`` and ``arg`` are sent back; ``label`` is shown; a
    ``refused`` one is shown with why, and cannot be tapped."""

    op: str
    arg: Any
    label: Line
    note: Line | None = None
    refused: Line | None = None


@dataclass(frozen=True)
class SeatView:
    """What a seat's page shows of its own: who, what to do now, the taps, the panels."""

    who: Msg
    status: Msg
    taps: tuple[Tap, ...] = ()
    taps_title: Msg | None = None
    panels: tuple[Panel, ...] = ()


def named(key: str, message: Msg, state: Any) -> Msg:
    """``message`` with the game's ids named (Insurrection's card ids in a refusal)."""
    if key == "insurrection":
        return game_package(key).named(message, state)
    return message


def public(key: str, state: Any, moment: Any) -> tuple[Panel, ...]:
    """What every page shows of the table (no seat's secret)."""
    if key == "insurrection":
        return _insurrection_public(state)
    if key == "unicornus":
        return _unicornus_public(state, moment)
    if key == "magical-friends":
        return _magical_friends_public(state)
    return ()


def seats(key: str, state: Any) -> tuple[str, ...]:
    """The seats a device may join (a game whose views are all public has none)."""
    return tuple(game_package(key).seats(state)) if key == "insurrection" else ()


def seat_view(key: str, state: Any, number: int, moment: Any) -> SeatView | None:
    if key == "insurrection":
        return _insurrection_seat(state, number, moment)
    return None


def seat_command(
    key: str, state: Any, number: int, moment: Any, op: str, arg: Any
) -> Command | None:
    """The step of a seat's tap, when its seat view offers it now (``None`` otherwise)."""
    view = seat_view(key, state, number, moment)
    if view is None:
        return None
    tap = next((t for t in view.taps if t.op == op and t.arg == arg and t.refused is None), None)
    if tap is None:
        return None
    if key == "insurrection":
        g = game_package(key)
        if op == "scout":  # the game's own Scout entry makes the step (§3.3)
            return action_lead(key, state, moment, "scout").answer(arg)
        seat = g.seat(state, number)
        return seat.keep(arg) if op == "keep" else seat.choose(arg)
    return None


def action_lead(key: str, state: Any, moment: Any, name: str) -> Any:
    """What the moment's action ``name`` leads to once its draft is made (its question or
    step), or ``None`` when it is not allowed now."""
    action = moment.action(name)
    if action is None or action.reason is not None:
        return None
    lead = action.leads
    while isinstance(lead, Then):
        lead = lead.make(state)
    return lead


def percent(p: Fraction | float) -> str:
    return f"{float(p) * 100:.0f}%"


# -- Insurrection --------------------------------------------------------------------------


def leader_tap(op: str, state: Any, cid: str) -> Tap:
    """A leader to keep (§2 step 3), with how it scores in the engine's words (the terminal's
    leader choice says it too)."""
    scoring = game_package("insurrection").rule_summary(state.catalog, state.catalog.card(cid))
    return Tap(op, cid, card_label(state, cid), msg("web.ins.leader_scores", scoring=scoring))


def card_label(state: Any, cid: str) -> Msg:
    """A card as the table names it, with its corruption marks, Remove/Scout icons and
    initiative (what is printed on it)."""
    g = game_package("insurrection")
    cat = state.catalog
    try:
        card = cat.card(cid)
    except KeyError:
        return msg("web.text", text=cid)
    badges = []
    if cat.is_leader(cid):
        badges.append("★")
    if card.corruption:
        badges.append("●" * card.corruption if card.corruption <= 4 else f"●{card.corruption}")
    if card.remove:
        badges.append("⚔")
    if card.scout:
        badges.append("◉")
    if card.initiative is not None:
        badges.append(f"i{card.initiative}")
    return msg("web.card", name=g.name_msg(card.name), badges=" ".join(badges))


def _insurrection_public(state: Any) -> tuple[Panel, ...]:
    g = game_package("insurrection")
    cat = state.catalog
    out = []
    path = []
    for i, lid in enumerate(state.path):
        land = cat.land(lid)
        reveal = land.reveal if land.reveal is not None else "?"
        here = "▲ " if i == state.token else ""
        path.append(msg("web.ins.land", here=here, name=g.name_msg(land.name), reveal=reveal))
    if state.token < 0:
        path.insert(0, Msg("web.ins.before_path"))
    out.append(Panel(Msg("web.ins.path"), tuple(path), "path"))
    area = tuple(card_label(state, c) for c in state.area) or (Msg("web.none"),)
    out.append(Panel(Msg("web.ins.area"), area, "area"))
    lines: list[Line] = [msg("web.ins.tally", tally=state.tally, evil_at=g.EVIL_AT)]
    if state.evil_won:
        lines.append(Msg("web.ins.evil_won"))
    fc = g.march_forecast(state)
    if fc is not None and fc.land:
        # the range alone when no one figure lies within the table's choices (issue 24)
        head = fc.headline
        b = fc.by_march
        words = (
            percent(head)
            if head is not None or b is None
            else (f"{percent(b.least)}–{percent(b.most)}")
        )
        lines.append(msg("web.ins.forecast", chance=words, reveal=fc.reveal))
    lines.append(msg("web.ins.deck", deck=state.deck_count, graveyard=len(state.graveyard)))
    picked = g.picks(state)
    if picked is not None:
        lines.append(msg("web.ins.picks", picked=picked[0], players=picked[1]))
    out.append(Panel(Msg("web.ins.corruption"), tuple(lines), "tally"))
    if state.turns:
        order = tuple(
            msg(
                "web.ins.turn",
                here="▶ " if i == state.turn and state.phase == "turns" else "",
                player=t.player,
                card=card_label(state, t.card),
            )
            for i, t in enumerate(state.turns)
        )
        out.append(Panel(Msg("web.ins.turns"), order, "turns"))
    hands = tuple(
        msg("web.ins.hand_size", player=p, count=state.hand_size(p)) for p in state.players
    )
    out.append(Panel(Msg("web.ins.hands"), hands, "hands"))
    return tuple(out)


def _insurrection_seat(state: Any, number: int, moment: Any) -> SeatView | None:
    g = game_package("insurrection")
    try:
        view = g.seat(state, number)
    except KeyError:
        return None
    who = msg("web.seat.who", seat=view.number, player=view.player)
    taps: tuple[Tap, ...] = ()
    title = None
    turn = state.current
    scouting = (
        state.virtual
        and state.phase == "turns"
        and turn is not None
        and turn.player == view.player
        and moment.allows("scout")
    )
    if scouting:  # §3.3 Scout with the app's deck: the top card, for this player's eyes only
        top = action_lead("insurrection", state, moment, "scout").subject.top
        status = msg("web.ins.scout_seen", card=card_label(state, top))
        title = Msg("web.ins.scout")
        taps = (
            Tap("scout", g.BOTTOM, Msg("web.ins.scout_bottom")),
            Tap("scout", top, Msg("web.ins.scout_face_up")),
        )
    elif view.leader is not None:
        status = Msg("web.ins.keep_leader")
        title = Msg("web.ins.leaders")
        taps = tuple(leader_tap("keep", state, c) for c in view.leader.offers)
    elif view.pick is not None and view.picked is None:
        done, count = view.picks or (0, len(state.players))
        status = msg("web.ins.pick_now", picked=done, players=count)
        title = Msg("web.ins.pick")
        taps = tuple(
            Tap(
                "choose",
                c.card,
                card_label(state, c.card),
                note=msg("web.ins.copies", copies=c.copies) if (c.copies or 0) > 1 else None,
                refused=named("insurrection", c.refused, state) if c.refused else None,
            )
            for c in view.pick.candidates
        )
    elif view.picked is not None and view.picks is not None:
        status = msg(
            "web.ins.picked",
            card=card_label(state, view.picked),
            picked=view.picks[0],
            players=view.picks[1],
        )
    else:
        status = Msg("web.seat.wait")
    hand = tuple(card_label(state, c) for c in view.hand) or (Msg("web.none"),)
    mine = Panel(msg("web.ins.your_hand", player=view.player), hand, "hand")
    return SeatView(who, status, taps, title, (mine,))


# -- Unicornus Knights ---------------------------------------------------------------------


def pair(names: tuple[str, str]) -> dict[str, str]:
    """A name printed in English and Japanese (``(en, ja)``), as a message's parameter shows
    it in the reader's language."""
    return {"en": names[0], "ja": names[1] or names[0]}


def _space(state: Any, space: int) -> str:
    return state.board.names[space] if 0 <= space < len(state.board) else "—"


def _unicornus_public(state: Any, moment: Any) -> tuple[Panel, ...]:
    g = game_package("unicornus")
    heroes = []
    for h in state.heroes:
        allies = ", ".join(state.imp(a).name[0] for a in h.allies)
        heroes.append(
            msg(
                "web.uk.hero" if h.alive else "web.uk.hero_fallen",
                name=pair(h.name),
                space=_space(state, h.space),
                tokens=h.tokens,
                command=h.command,
                supplies=h.supplies,
                damage=h.damage,
                life=h.life,
                allies=msg("web.uk.allies", names=allies) if allies else "",
            )
        )
    units = []
    for u in state.units:
        if u.leader:
            ch = state.imp(u.leader)
            tokens = g.count("token", u.tokens)
            what = msg("web.uk.led", name=pair(ch.name), tokens=tokens, power=ch.combat_power)
        else:
            what = msg("web.uk.leaderless", tokens=g.count("token", u.tokens))
        units.append(msg("web.uk.unit", space=_space(state, u.space), what=what))
    out = [
        Panel(Msg("web.uk.characters"), tuple(heroes), "characters"),
        Panel(Msg("web.uk.units"), tuple(units) or (Msg("web.none"),), "units"),
    ]
    nxt = moment.next
    commands = (
        (nxt.command,) if isinstance(nxt, Step) else nxt.commands if isinstance(nxt, Ask) else ()
    )
    kinds = {type(c) for c in commands}
    if g.PrincessAct in kinds:  # the Princess's path, as the engine plans it (§5.1)
        plan = g.plan_princess(state)
        steps = tuple(
            msg(
                "web.uk.princess_step",
                what=msg("web.uk.princess_move", space=_space(state, st.to))
                if st.action == "move"
                else msg("web.uk.princess_procure", gain=-st.cost),
                reason=st.reason,
            )
            for st in plan.steps
        )
        out.append(Panel(Msg("web.uk.princess"), steps or (Msg("web.none"),), "princess"))
    if kinds & {g.MoveEmpire, g.PickEmpireMove, g.SettleConflict}:  # the Empire's plan (§5.2)
        plan = g.planned(state)
        steps = tuple(
            msg(
                "web.uk.empire_step",
                origin=_space(state, st.unit),
                to=_space(state, st.to) if st.to >= 0 else "?",
                reason=st.reason,
            )
            for st in plan.steps
            if st.to >= 0 or st.choice is not None
        )
        out.append(Panel(Msg("web.uk.empire"), steps or (Msg("web.uk.nobody_moves"),), "empire"))
    battles = []
    for b in state.battles:
        line = msg(
            "web.uk.battle", space=_space(state, b.space), hero=pair(state.hero(b.hero).name)
        )
        battles.append(line)
        try:
            odds = g.battle_odds(state, b.space)
        except CompanionError:  # the Princess's battle has no dice (§6.2)
            continue
        battles.append(
            msg(
                "web.uk.odds",
                damage=f"{float(odds.expected_damage_taken):.2f}",
                wiped=percent(odds.p_wiped_out) if odds.p_wiped_out is not None else "—",
            )
        )
    if battles:
        out.append(Panel(Msg("web.uk.battles"), tuple(battles), "battles"))
    return tuple(out)


# -- Magical Friends -----------------------------------------------------------------------


def names(value: dict[str, str] | None, fallback: str) -> dict[str, str]:
    """A catalog's names (``{"en": ..., "ja": ...}``) as a message's parameter."""
    value = value or {}
    en = value.get("en") or fallback
    return {"en": en, "ja": value.get("ja") or en}


def _magical_friends_public(state: Any) -> tuple[Panel, ...]:
    g = game_package("magical-friends")
    banner = g.banner(state)
    effects: list[Line] = [msg("web.mf.round", round=state.round_named, rounds=state.rounds)]
    if banner.lava_now:
        effects.append(Msg("web.mf.lava_now"))
    if banner.lava_next is not None:
        effects.append(msg("web.mf.lava_next", round=banner.lava_next))
    if banner.bonus_round is not None:
        effects.append(
            msg("web.mf.bonus", round=banner.bonus_round, pity=banner.pity, dust=banner.dust)
        )
    kinds = {k.id: k.name for k in state.kinds}

    def creature(c: Any) -> Msg:
        poisoned = Msg("web.mf.poisoned") if c.poisoned else ""
        return msg("web.mf.creature", kind=names(kinds.get(c.kind), c.kind), poisoned=poisoned)

    wizards = []
    for i, w in enumerate(state.wizards):
        v = g.wizard_view(state, i)
        wizards.append(
            msg(
                "web.mf.wizard",
                name=w.name,
                racing=v["racing"],
                tavern=v["tavern"],
                slain=v["slain"],
                pity=v["pity"],
                dust=v["fairy_dust"],
                trophies=v["trophies"],
            )
        )
    positions: list[Line] = []
    for space in g.board_view(state):
        marks = msg(
            "web.mf.marks",
            fairy=Msg("web.mf.fairy") if space.fairy else "",
            catapult=Msg("web.mf.catapult") if space.catapult else "",
        )
        for c in space.creatures:
            positions.append(
                msg(
                    "web.mf.position",
                    space=space.id,
                    marks=marks,
                    wizard=state.wizards[c.owner].name,
                    creature=creature(c),
                )
            )
    return (
        Panel(Msg("web.mf.effects"), tuple(effects), "effects"),
        Panel(Msg("web.mf.wizards"), tuple(wizards), "wizards"),
        Panel(Msg("web.mf.positions"), tuple(positions) or (Msg("web.none"),), "positions"),
    )
