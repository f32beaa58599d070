"""Foresight: what the Princess (§5.1) and then the Empire (§5.2) would do if the players
stopped now, or after a step the table is thinking of ("what if").

:func:`preview` runs the game's own flow on the state (states are immutable and the random
generator lives in them, so the saved game and its future rolls are never touched): it ends
the remaining turns, takes the Princess's actions and the Empire's moves as the flow gives
them, and collects each as a :class:`Seen`. A tie the rules leave to the players is taken as
its first option (the app's auto pick) and shown as a tie with its options; a Fate card is
assumed to bind (the table reads the real card); a battle the Princess fights is resolved as
the flow suggests (§6.2 has no dice). The preview stops once the Empire has moved, listing
the Fate cards its move makes due (§7) and the battles it starts with their exact odds
(§6.1), or earlier at the outcome or at anything only the table can know. Because it is the real flow, the preview and the phase that follows
can never disagree (tests/unicornus/test_foresight.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.commands import Command
from companion.core.errors import RuleError
from companion.core.game import Ask, Entry, Outcome, Step
from companion.core.i18n import Msg
from companion.core.plan import Choice, Option
from companion.games.unicornus import empire
from companion.games.unicornus.battle import Distribution
from companion.games.unicornus.combat import battle_odds, is_princess_battle, princess_damage
from companion.games.unicornus.commands import (
    DrawFate,
    EndTurn,
    Move,
    MoveEmpire,
    PickEmpireMove,
    PickFatePair,
    PrincessAct,
    Procure,
    Recruit,
    SettleConflict,
    Transport,
)
from companion.games.unicornus.engine import apply
from companion.games.unicornus.flow import moment, move_targets, name, receivers, refusal
from companion.games.unicornus.log import describe
from companion.games.unicornus.rules import fate_pick
from companion.games.unicornus.state import UKState
from companion.games.unicornus.words import space_label

LIMIT = 60  # flow steps at most (her actions, the picks, her battles, the Empire's move)


@dataclass(frozen=True)
class Seen:
    """One thing the preview saw, in order.

    ``who``: ``"princess"`` (an action: ``space`` where she goes, -1 for procure),
    ``"empire"`` (a unit's move from ``origin`` to ``space``, -1 when it stays),
    ``"battle"`` (at ``space``: ``odds`` the exact distribution of a player battle, or
    ``damage`` the Princess's unit takes, §6.2), ``"fate"`` (a Fate card to draw: assumed to
    bind), ``"conflict"`` (two imperial characters want ``space``: the players choose).
    ``tie``: the rules leave it to the players; the preview took the first option."""

    who: str
    text: Msg
    space: int = -1
    origin: int = -1
    tie: Choice | None = None
    odds: Distribution | None = None
    damage: int | None = None
    hero: str = ""
    imperial: str = ""  # a Fate card's imperial character


@dataclass(frozen=True)
class Foresight:
    """The preview: what happens (``seen``), why it stops there (``stop``), and the state it
    reached (to draw on the map; never saved)."""

    seen: tuple[Seen, ...]
    stop: Msg
    state: UKState

    def of(self, who: str) -> tuple[Seen, ...]:
        return tuple(s for s in self.seen if s.who == who)

    @property
    def princess_commands(self) -> tuple[PrincessAct, ...]:
        return tuple(
            PrincessAct("move" if s.space >= 0 else "procure", s.space) for s in self.of("princess")
        )

    @property
    def empire_moves(self) -> tuple[tuple[int, int], ...]:
        return tuple((s.origin, s.space) for s in self.of("empire") if s.space >= 0)


def _empire_seen(state: UKState, ties: dict[int, Choice]) -> list[Seen]:
    """Every imperial unit of the plan the Empire follows, with its reason."""
    plan = empire.planned(state)
    out = []
    for st in plan.steps:
        to = empire.destination(state, st)
        out.append(Seen("empire", st.reason, to, st.unit, tie=ties.get(st.unit)))
    return out


def _battles(state: UKState) -> list[Seen]:
    """The battles waiting, each with what is certain of it: the Princess's damage (§6.2), or
    the exact odds of a player battle (§6.1)."""
    out = []
    for b in state.battles:
        words = {"hero": name(state.hero(b.hero).name), "space": space_label(state, b.space)}
        text = Msg(f"unicornus.foresight.battle_{b.attacker}", words)
        if is_princess_battle(b):
            dmg = princess_damage(state, b.space)
            out.append(Seen("battle", text, b.space, hero=b.hero, damage=dmg))
        else:
            odds = battle_odds(state, b.space)
            out.append(Seen("battle", text, b.space, hero=b.hero, odds=odds))
    return out


def _fate_seen(state: UKState, imperial: str, hero: str, tie: Choice | None = None) -> Seen:
    words = {
        "imperial": name(state.imp(imperial).name),
        "hero": name(state.hero(hero).name) if hero else "—",
    }
    text = Msg("unicornus.foresight.fate", words)
    return Seen("fate", text, hero=hero, tie=tie, imperial=imperial)


def _fates_due(state: UKState) -> list[Seen]:
    """Every Fate draw waiting (§7), with the pair it binds: several kingdom characters in
    reach are the players' choice (a tie, shown with its options)."""
    out = []
    for cid in state.fate_pending:
        pick = dict(state.fate_pairs).get(cid) or fate_pick(state, cid)
        if isinstance(pick, Choice):
            out.append(_fate_seen(state, cid, "", pick))
        else:
            out.append(_fate_seen(state, cid, pick))
    return out


def what_ifs(state: UKState, hid: str) -> tuple[Option, ...]:
    """The steps of ``hid`` the table may preview now (each legal by the rules): recruit,
    procure, each move, and to each character in reach a transport of each number of tokens
    with the most supplies they escort (10 a token, §4). Labels are the game log's words for
    the step."""
    if not hid:
        return ()
    hero = state.hero(hid)
    cmds: list[Command] = [Recruit(hid), Procure(hid)]
    cmds += [Move(hid, n) for n, _ in move_targets(state, hid)]
    cmds += [
        Transport(hid, r.id, n, min(hero.supplies, 10 * n))
        for r in receivers(state, hid)
        for n in range(1, hero.tokens + 1)
    ]
    return tuple(Option(cmd, describe(cmd, state)) for cmd in cmds if refusal(state, cmd) is None)


def end_turns(state: UKState) -> UKState:
    """The players stop now: every turn left this round ends (§3 step 3)."""
    while state.phase == "players" and not state.outcome:
        state = apply(state, EndTurn())
    return state


def preview_offered(state: UKState) -> bool:
    """Whether a preview has something to show: from the players' turns until the Empire has
    moved, while the game goes on (the screen shows its key only then)."""
    if state.outcome:
        return False
    return state.phase in ("players", "princess") or (
        state.phase == "empire" and not state.empire_moved
    )


def preview(state: UKState, *what_if: Command) -> Foresight:
    """What the Princess and the Empire would do after ``what_if`` (the table's hypothetical
    steps, applied first; a refused one raises ``RuleError`` with the rules' reason) if the
    players then ended their turns. Works from the players', the Princess's or the Empire's
    phase (before the Empire moves)."""
    s = state
    for cmd in what_if:
        s = apply(s, cmd)
    seen: list[Seen] = []
    empire_ties: dict[int, Choice] = {}
    if s.phase == "players":
        if s.battles or s.fate_pending:
            return Foresight((), Msg("unicornus.foresight.stop_pending"), s)
        s = end_turns(s)
    for _ in range(LIMIT):
        m = moment(s)
        nxt = m.next
        if isinstance(nxt, Outcome):
            return Foresight(tuple(seen), nxt.reason, s)
        if s.phase == "empire" and s.empire_moved:
            seen.extend(_fates_due(s))  # the draws the Empire's move makes due (§7)
            seen.extend(_battles(s))
            return Foresight(tuple(seen), Msg("unicornus.foresight.stop_moved"), s)
        if s.phase not in ("princess", "empire"):
            return Foresight(tuple(seen), Msg("unicornus.foresight.stop_phase"), s)
        if isinstance(nxt, Step):
            cmd = nxt.command
            if isinstance(cmd, PrincessAct):
                seen.append(Seen("princess", nxt.reason, cmd.to))
            elif isinstance(cmd, MoveEmpire):
                seen.extend(_empire_seen(s, empire_ties))
        elif isinstance(nxt, Ask):
            cmd = nxt.auto_command
            if isinstance(cmd, PrincessAct):
                seen.append(Seen("princess", nxt.choice.reason, cmd.to, tie=nxt.choice))
            elif isinstance(cmd, PickEmpireMove):
                empire_ties[cmd.unit] = nxt.choice
            elif isinstance(cmd, SettleConflict):
                seen.append(Seen("conflict", nxt.choice.reason, cmd.space, tie=nxt.choice))
            elif isinstance(cmd, PickFatePair):
                pass  # the pair is said with the card that follows
            elif isinstance(cmd, DrawFate):
                seen.append(_fate_seen(s, cmd.imperial, cmd.hero))
            else:  # a retreat, an event: only the table knows
                return Foresight(tuple(seen), nxt.choice.reason, s)
        elif isinstance(nxt, Entry) and nxt.kind == "unicornus.battle":
            b = s.battles[0]
            if not is_princess_battle(b):  # dice only the table (or the app) will roll
                seen.extend(_battles(s))
                return Foresight(tuple(seen), Msg("unicornus.foresight.stop_dice"), s)
            seen.extend(_battles(s)[:1])
            cmd = nxt.answer(nxt.suggest)
        else:
            return Foresight(tuple(seen), m.prompt, s)
        try:
            s = apply(s, cmd)
        except RuleError as exc:  # the flow offered what the rules refuse: say so, stop
            return Foresight(tuple(seen), exc.message, s)
    return Foresight(tuple(seen), Msg("unicornus.foresight.stop_phase"), s)
