"""The final tally (spec §3, §7): friends in the tavern and trophies, per the catalog's
scoring rule, with the catalog's tie-break."""

from __future__ import annotations

from companion.core.errors import RuleError

from .state import GameState, Tally


def tally(state: GameState) -> Tally:
    s = state.scoring
    if s.per_friend_in_tavern is None or s.per_trophy is None:
        raise RuleError("magical_friends.scoring.unknown")
    per_poisoned = (
        s.per_poisoned_friend_in_tavern
        if s.per_poisoned_friend_in_tavern is not None
        else s.per_friend_in_tavern
    )
    per_neutral = s.per_neutral_trophy if s.per_neutral_trophy is not None else s.per_trophy
    points, friends, trophies, healthy = [], [], [], []
    for i, w in enumerate(state.wizards):
        tavern = state.in_tavern(i)
        sick = sum(1 for c in tavern if c.poisoned)
        well = len(tavern) - sick
        points.append(
            well * s.per_friend_in_tavern
            + sick * per_poisoned
            + len(w.trophies) * s.per_trophy
            + w.neutral_trophies * per_neutral
        )
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
