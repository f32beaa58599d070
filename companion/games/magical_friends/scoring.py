"""The final tally (spec §3, §7): friends in the tavern and trophies, per the catalog's
scoring rule, with the catalog's tie-break."""

from __future__ import annotations

from companion.core.errors import RuleError
from companion.core.i18n import Msg

from .state import GameState, Tally

CATEGORIES = ("tavern", "tavern_poisoned", "trophies", "neutral_trophies")


def points_by_category(state: GameState, i: int) -> tuple[tuple[str, int], ...]:
    """Wizard ``i``'s points by what scores them (spec §7, the catalog's rule): friends in the
    tavern (healthy, poisoned), opponents' hearts won, neutral trophies; their sum is the
    wizard's total."""
    s = state.scoring
    if s.per_friend_in_tavern is None or s.per_trophy is None:
        raise RuleError("magical_friends.scoring.unknown")
    per_poisoned = (
        s.per_poisoned_friend_in_tavern
        if s.per_poisoned_friend_in_tavern is not None
        else s.per_friend_in_tavern
    )
    per_neutral = s.per_neutral_trophy if s.per_neutral_trophy is not None else s.per_trophy
    w = state.wizards[i]
    tavern = state.in_tavern(i)
    sick = sum(1 for c in tavern if c.poisoned)
    points = (
        (len(tavern) - sick) * s.per_friend_in_tavern,
        sick * per_poisoned,
        len(w.trophies) * s.per_trophy,
        w.neutral_trophies * per_neutral,
    )
    return tuple(zip(CATEGORIES, points, strict=True))


def tally(state: GameState) -> Tally:
    s = state.scoring
    points, friends, trophies, healthy = [], [], [], []
    for i, w in enumerate(state.wizards):
        tavern = state.in_tavern(i)
        well = sum(1 for c in tavern if not c.poisoned)
        points.append(sum(p for _, p in points_by_category(state, i)))
        friends.append(len(tavern))
        trophies.append(len(w.trophies) + w.neutral_trophies)
        healthy.append(well)
    best = max(points)
    winners = [i for i, p in enumerate(points) if p == best]
    measures = {"tavern_friends": friends, "trophies": trophies, "hearts_unpoisoned": healthy}
    for rule in s.tie_break:
        if len(winners) == 1 or rule == "shared":
            break
        top = max(measures[rule][i] for i in winners)
        winners = [i for i in winners if measures[rule][i] == top]
    return Tally(tuple(points), tuple(friends), tuple(trophies), tuple(winners))


def measures(state: GameState) -> dict[str, tuple[int, ...]]:
    """What the catalog's tie-break rules compare, per wizard (from the tally)."""
    t = state.tally
    assert t is not None
    healthy = tuple(
        sum(1 for c in state.in_tavern(i) if not c.poisoned) for i in range(len(state.wizards))
    )
    return {
        "tavern_friends": t.tavern_friends,
        "trophies": t.trophies,
        "hearts_unpoisoned": healthy,
    }


def ranking(state: GameState) -> tuple[int, ...]:
    """The wizards best first: points, then the tie-break measures in the catalog's order
    (the winners first), then seat order."""
    t = state.tally
    assert t is not None
    m = measures(state)
    rules = [r for r in state.scoring.tie_break if r in m]
    return tuple(
        sorted(
            range(len(state.wizards)),
            key=lambda i: (-t.points[i], i not in t.winners, *(-m[r][i] for r in rules), i),
        )
    )


def tie_break_steps(state: GameState) -> tuple[Msg, ...]:
    """How the tie-break went, step by step, for the wizards who tied on points."""
    t = state.tally
    if t is None:
        return ()
    best = max(t.points)
    tied = [i for i, p in enumerate(t.points) if p == best]
    if len(tied) < 2:
        return ()

    def names(ws) -> str:
        return ", ".join(state.wizards[i].name for i in ws)

    out = [Msg("magical_friends.tally.tied", {"points": best, "who": names(tied)})]
    m = measures(state)
    for rule in state.scoring.tie_break:
        if len(tied) == 1:
            break
        if rule == "shared":
            out.append(Msg("magical_friends.tally.shared"))
            break
        values = ", ".join(f"{state.wizards[i].name} {m[rule][i]}" for i in tied)
        top = max(m[rule][i] for i in tied)
        tied = [i for i in tied if m[rule][i] == top]
        out.append(
            Msg(
                "magical_friends.tally.rule",
                {"rule": Msg(f"magical_friends.tiebreak.{rule}"), "values": values},
            )
        )
    return tuple(out)
