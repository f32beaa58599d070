"""Shared set-ups on the fictional demo board (data/magical_friends/demo.toml).

Board A: start → w1 w2(workshop) w3 → w4(switch)|w4b → w5 → l1 l2(lava) l3(lava) l4
         → h1 h2(highway) h3(highway) h4 → f1 f2..f5(fairy trail) f6 → tavern
Board B: start → p1 p2(portal) → p3(switch)|p3b → p4 → c1 c2(cavern: cp1 cp2 | cs1 | cd1 cd2 cd3)
         → c3 → m1 → mA mB mC | mD mE → m2 → g1 g2 g3 → tavern
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.magical_friends import (
    CorrectCreature,
    EndTurn,
    Options,
    PlayArtifacts,
    Setup,
    StartRound,
    Summon,
    apply,
    load,
    new_game,
)
from companion.games.magical_friends.state import GameState

BOARD_A = (("t1", "t1-workshop"), ("t2", "t2-lava"), ("t3", "t3-highway"), ("t4", "t4-fairy"))
BOARD_B = (("t1", "t1-portal"), ("t2", "t2-cavern"), ("t3", "t3-market"), ("t4", "t4-meadow"))

_DEMO = load("demo")


def game(
    board=BOARD_A, wizards: int = 2, options: Options | None = None, rounds: int = 8, seed: int = 1
) -> GameState:
    names = tuple((f"W{i}", f"colour{i}") for i in range(wizards))
    setup = Setup(wizards=names, tiles=board, rounds=rounds, options=options or Options())
    return new_game(_DEMO, setup, seed)


def start_round(st: GameState, fairy_roll: int | None = None) -> GameState:
    has_trail = bool(st.board.of_kind("fairy_trail"))
    return apply(st, StartRound(fairy_roll if has_trail else None))


def play(st: GameState, first: int = 0, dagger_for: int | None = None) -> GameState:
    """Play artifacts so that ``first`` goes first (highest value), others after in seat order."""
    played = []
    for i, w in enumerate(st.wizards):
        free = [
            a.number for a in st.artifacts if a.number not in w.artifacts_used and a.number != 5
        ]
        if i == dagger_for:
            played.append(5)
        elif i == first:
            played.append(max(free))
        else:
            played.append(min(free))
    order = tuple([first] + [i for i in range(len(st.wizards)) if i != first])
    return apply(st, PlayArtifacts(tuple(played), tie_order=order))


def in_turns(board=BOARD_A, fairy_roll: int = 1, **kw) -> GameState:
    """A new game in round 1, wizard 0's turn."""
    return play(start_round(game(board, **kw), fairy_roll))


def place(
    st: GameState, wizard: int, kind: str, where: str, poisoned: bool = False
) -> tuple[GameState, str]:
    st = apply(st, Summon(wizard, kind, st.board.start_spaces[0]))
    cid = st.creatures[-1].id
    st = apply(st, CorrectCreature(cid, where=where, poisoned=poisoned))
    return st, cid


def finish_round(st: GameState) -> GameState:
    while st.phase == "turns":
        st = apply(st, EndTurn())
    return st


def to_round(st: GameState, n: int, fairy_roll: int = 1) -> GameState:
    """Play empty rounds until round ``n`` has started and its turns begun."""
    while True:
        st = start_round(st, fairy_roll)
        st = play(st)
        if st.round == n:
            return st
        st = finish_round(st)


def at(st: GameState, cid: str) -> str:
    return st.creature(cid).where


def with_options(st: GameState, **kw) -> GameState:
    return replace(st, options=replace(st.options, **kw))


def caster(st: GameState, wizard: int, where: str = "s2") -> tuple[GameState, str]:
    """A friend whose ability the wizard can use (§2): a Puddle Toad (demo: wand cost 1, one
    wand of its own), standing on a start space out of the way."""
    return place(st, wizard, "puddle-toad", where)
