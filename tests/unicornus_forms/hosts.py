"""A minimal host for the battle helper: a GameScreen over a real saved session, and small
battle states built with the engine (spec §6)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from companion.core.game import Ask
from companion.games.unicornus import GAME
from companion.games.unicornus.commands import Move, MoveEmpire, PrincessAct, StayAndFight
from companion.games.unicornus.state import Unit
from companion.ui.table import TableScreen
from tests.unicornus.scenario import game, hero, imperial, princess

# faces on the scenario diagram: 1 loss, 2-3 miss, 4-6 hit
MAP = """
a=a0 a=a1 b=b0 b=b1 c=c0 c=c1
  a=a2 ad1=a3 b=b2 b=b3 c=c2 c=c3
a=a4 a=a5 b=b4 b=b5 cG=g c=c5
"""


class Host(TableScreen):
    """What the battle helper needs of the game screen: the table driver (it opens the
    engine's battle entry, makes the command the helper answers with, follows what that
    leads to), and nothing else drawn. ``answers``: what the helper answered, in order."""

    def __init__(self, session, **kwargs) -> None:
        super().__init__(session, **kwargs)
        self.answers: list = []

    def compose(self) -> ComposeResult:
        yield Static("host", id="host")

    def entry_screen(self, entry):
        from companion.ui.unicornus.battle_helper import BattleHelper

        if entry.kind == "unicornus.battle":
            return BattleHelper(self, entry)
        return super().entry_screen(entry)

    def answer(self, entry, value):
        self.answers.append(value)
        return super().answer(entry, value)


async def open_battle(app, pilot, session) -> Host:
    """The game on a bare host screen, and the battle helper of its first battle over it
    (opened by itself when the kingdom attacked; by the advance key when the Empire did)."""
    host = Host(session)
    app.push_screen(host)
    await pilot.pause()
    stay = (
        [c for c in host.moment.next.commands if isinstance(c, StayAndFight)]
        if isinstance(host.moment.next, Ask)
        else []
    )
    if stay:  # §5.2: attacked, she could retreat first; she stays and fights
        host.do(stay[0])
        await pilot.pause()
    if app.screen is host:
        host.action_advance()
        await pilot.pause()
    return host


def attack_state():
    """Annelie (3 tokens) attacks Morwen (combat power 2, life 3) and 2 tokens on b0."""
    s = game(
        MAP,
        phase="players",
        heroes=[hero("annelie", 1, tokens=3)],
        units=[Unit(2, 2, "morwen")],
        imps=[imperial("morwen", personality="aggressive", combat_power=2, life=3)],
    )
    return GAME.apply(s, Move("annelie", 2))


def defence_state():
    """The Empire attacks Annelie (2 tokens) on a3 (defence value 1) from a1 and a2: two
    units merge and must retreat together to one of their origins, the players choosing."""
    b = game(MAP).board
    s = game(
        MAP,
        phase="empire",
        heroes=[hero("annelie", b.space("a3"), tokens=2)],
        units=[Unit(b.space("a1"), 1, "morwen"), Unit(b.space("a2"), 1)],
        imps=[imperial("morwen", combat_power=1, life=3)],
    )
    moves = ((b.space("a1"), b.space("a3")), (b.space("a2"), b.space("a3")))
    return GAME.apply(s, MoveEmpire(moves))


def princess_state():
    """The Princess (2 tokens, life 5) walks into Vessa (life 3) with 1 token: damage 4."""
    b = game(MAP).board
    s = game(
        MAP,
        phase="princess",
        heroes=[princess(b.space("b4"), tokens=2, life=5, supplies=10)],
        units=[Unit(b.space("b5"), 1, "vessa")],
        imps=[imperial("vessa", life=3)],
    )
    return GAME.apply(s, PrincessAct("move", b.space("b5")))


def battle_helper_opener(app, session):
    """A snapshot's ``run_before``: the game on a bare host screen, then the battle helper of
    its battle over it."""

    async def open_helper(pilot) -> None:
        await pilot.pause()
        await open_battle(app, pilot, session)

    return open_helper
