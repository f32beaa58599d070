"""Small readable game fixtures for the Unicornus Knights scenario tests.

``game(board_text, heroes=..., units=...)`` builds a state straight from a text board
(``board_from_text``), named spaces and a few units, so a test reads like the rule it checks.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.rng import Rng
from companion.games.unicornus.board import board_from_text
from companion.games.unicornus.state import (
    PRINCESS,
    Event,
    Hero,
    Imperial,
    Options,
    UKState,
    Unit,
)

ALL_HIT = ("hit",) * 6
ALL_MISS = ("miss",) * 6
DIAGRAM = ("loss", "miss", "miss", "hit", "hit", "hit")


def hero(
    hid: str,
    space: int,
    *,
    tokens=2,
    supplies=10,
    command=6,
    life=4,
    seat=0,
    damage=0,
    allies=(),
    attack=DIAGRAM,
    defence=DIAGRAM,
    timing="",
) -> Hero:
    return Hero(
        hid,
        (hid.title(), hid),
        seat,
        space,
        tokens,
        supplies,
        command,
        life,
        damage=damage,
        attack=attack,
        defence=defence,
        allies=tuple(allies),
        timing=timing,
    )


def princess(space: int, **kw) -> Hero:
    kw.setdefault("tokens", 0)
    kw.setdefault("life", 5)
    return replace(hero(PRINCESS, space, **kw), seat=-1, attack=(), defence=())


def imperial(
    cid: str, personality="normal", combat_power=2, life=3, no_fate=True, **kw
) -> Imperial:
    return Imperial(cid, (cid.title(), cid), personality, combat_power, life, no_fate, **kw)


def events(n=10, ongoing=()) -> tuple[Event, ...]:
    return tuple(
        Event(
            f"ev{i}", (f"Event {i}", f"イベント{i}"), 1 + (i >= 3) + (i >= 6), f"ev{i}" in ongoing
        )
        for i in range(n)
    )


def game(
    text: str,
    *,
    heroes=(),
    units=(),
    imps=(),
    phase="players",
    players=None,
    options=None,
    seats=None,
    **kw,
) -> UKState:
    board = board_from_text(text)
    heroes = list(heroes)
    if not any(h.id == PRINCESS for h in heroes):
        heroes.insert(0, princess(-1))  # off the board unless the test places her
    heroes.sort(key=lambda h: h.id != PRINCESS)
    player_heroes = [h for h in heroes if h.seat >= 0]
    if seats is None:
        seats = tuple((h.id,) for h in player_heroes) or (("nobody",),)
    players = players or max(2, len(seats))
    if len(seats) < players:
        seats = tuple(seats) + tuple(() for _ in range(players - len(seats)))
    kw.setdefault("deck", events())
    return UKState(
        board=board,
        options=options or Options(),
        players=players,
        seats=tuple(seats),
        heroes=tuple(heroes),
        reserve=(),
        imperial=tuple(imps),
        units=tuple(sorted(units, key=lambda u: u.space)),
        phase=phase,
        rng=Rng(1),
        **kw,
    )


def sp(state: UKState, name: str) -> int:
    return state.board.space(name)


def unit(state_or_board, name, tokens=1, leader="") -> Unit:
    board = getattr(state_or_board, "board", state_or_board)
    return Unit(board.space(name), tokens, leader)
