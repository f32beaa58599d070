"""Each game's public panels and a seat's own view, as plain data for the pages.

Everything here is read from what the game packages compute (their states, views, forecasts,
plans and log lines): a panel is a title and lines, each line a ``Msg`` (translated when the
page is drawn) or a ``str`` (a name a player typed: shown as text). No rule is checked here;
a seat's command is the one the game's seat view makes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from importlib import import_module
from typing import Any

from companion.core.commands import Command
from companion.core.i18n import Msg, msg

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
    arg: str
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


def _game(key: str) -> Any:
    return import_module(
        {
            "unicornus": "companion.games.unicornus",
            "insurrection": "companion.games.insurrection",
            "magical-friends": "companion.games.magical_friends",
        }[key]
    )


def named(key: str, message: Msg, state: Any) -> Msg:
    """``message`` with the game's ids named (Insurrection's card ids in a refusal)."""
    if key == "insurrection":
        return _game(key).named(message, state)
    return message


def public(key: str, state: Any) -> tuple[Panel, ...]:
    """What every page shows of the table (no seat's secret)."""
    if key == "insurrection":
        return _insurrection_public(state)
    if key == "unicornus":
        return _unicornus_public(state)
    if key == "magical-friends":
        return _magical_friends_public(state)
    return ()


def seats(key: str, state: Any) -> tuple[str, ...]:
    """The seats a device may join (a game whose views are all public has none)."""
    module = _game(key)
    return tuple(module.seats(state)) if hasattr(module, "seats") else ()


def seat_view(key: str, state: Any, number: int) -> SeatView | None:
    if key == "insurrection":
        return _insurrection_seat(state, number)
    return None


def seat_command(key: str, state: Any, number: int, op: str, arg: Any) -> Command | None:
    """The step of a seat's tap, when its seat view offers it now (``None`` otherwise)."""
    view = seat_view(key, state, number)
    if view is None:
        return None
    tap = next((t for t in view.taps if t.op == op and t.arg == arg and t.refused is None), None)
    if tap is None:
        return None
    if key == "insurrection":
        seat = _game(key).seat(state, number)
        return seat.keep(arg) if op == "keep" else seat.choose(arg)
    return None


def percent(p: Fraction | float) -> str:
    return f"{float(p) * 100:.0f}%"


# -- Insurrection --------------------------------------------------------------------------


def _card(state: Any, cid: str) -> Msg:
    """A card as the table names it, with its corruption marks, Remove/Scout icons and
    initiative (what is printed on it)."""
    g = _game("insurrection")
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
    g = _game("insurrection")
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
    area = tuple(_card(state, c) for c in state.area) or (Msg("web.none"),)
    out.append(Panel(Msg("web.ins.area"), area, "area"))
    lines: list[Line] = [msg("web.ins.tally", tally=state.tally, evil_at=g.EVIL_AT)]
    if state.evil_won:
        lines.append(Msg("web.ins.evil_won"))
    fc = g.march_forecast(state)
    if fc is not None and fc.land:
        lines.append(msg("web.ins.forecast", chance=percent(fc.probability), reveal=fc.reveal))
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
                card=_card(state, t.card),
            )
            for i, t in enumerate(state.turns)
        )
        out.append(Panel(Msg("web.ins.turns"), order, "turns"))
    hands = tuple(
        msg("web.ins.hand_size", player=p, count=state.hand_size(p)) for p in state.players
    )
    out.append(Panel(Msg("web.ins.hands"), hands, "hands"))
    return tuple(out)


def _insurrection_seat(state: Any, number: int) -> SeatView | None:
    g = _game("insurrection")
    try:
        view = g.seat(state, number)
    except KeyError:
        return None
    who = msg("web.seat.who", seat=view.number, player=view.player)
    taps: tuple[Tap, ...] = ()
    title = None
    if view.leader is not None:
        status = Msg("web.ins.keep_leader")
        title = Msg("web.ins.leaders")
        taps = tuple(Tap("keep", c, _card(state, c)) for c in view.leader.offers)
    elif view.pick is not None and view.picked is None:
        done, count = view.picks or (0, len(state.players))
        status = msg("web.ins.pick_now", picked=done, players=count)
        title = Msg("web.ins.pick")
        taps = tuple(
            Tap(
                "choose",
                c.card,
                _card(state, c.card),
                note=msg("web.ins.copies", copies=c.copies) if (c.copies or 0) > 1 else None,
                refused=named("insurrection", c.refused, state) if c.refused else None,
            )
            for c in view.pick.candidates
        )
    elif view.picked is not None and view.picks is not None:
        status = msg(
            "web.ins.picked",
            card=_card(state, view.picked),
            picked=view.picks[0],
            players=view.picks[1],
        )
    else:
        status = Msg("web.seat.wait")
    hand = tuple(_card(state, c) for c in view.hand) or (Msg("web.none"),)
    mine = Panel(msg("web.ins.your_hand", player=view.player), hand, "hand")
    return SeatView(who, status, taps, title, (mine,))


# -- Unicornus Knights ---------------------------------------------------------------------


def _unicornus_public(state: Any) -> tuple[Panel, ...]:
    return ()


# -- Magical Friends -----------------------------------------------------------------------


def _magical_friends_public(state: Any) -> tuple[Panel, ...]:
    return ()
