"""The chance that the next March reveal brings the face-up marks to 10 (spec §3.1, §7).

Exact, by counting: the next reveal turns up ``k`` cards; from the table's point of view every
card it has not seen (the deck *and* the cards hidden in hands, which were dealt or drawn from
the same shuffled deck) is equally likely to be any of them, so the ``k`` cards are a uniformly
random ``k``-subset of the unseen cards — a multivariate hypergeometric draw grouped by
corruption marks. Assumptions: the play area stays as it is now until that March (no further
Remove, take or Scout this round), and a Scout's choice to send a card to the bottom carries
no information (the scout's reasons are secret).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from companion.games.insurrection.state import EVIL_AT, InsurrectionState


@dataclass(frozen=True)
class Forecast:
    probability: Fraction
    tally: int  # face-up marks now
    reveal: int  # cards the next March turns up
    needed: int  # marks those cards must bring
    unseen: int  # cards not yet seen by the table
    land: str  # the land the token moves onto


def chance_at_least(groups: dict[int, int], draw: int, needed: int) -> Fraction:
    """P(the marks on ``draw`` cards taken at random reach ``needed``), where ``groups`` maps
    a number of marks to how many unseen cards carry it."""
    if needed <= 0:
        return Fraction(1)
    total = sum(groups.values())
    draw = min(draw, total)
    if draw <= 0:
        return Fraction(0)
    # ways[(j, s)]: ways to choose j cards bringing s marks (s capped at ``needed``)
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for marks, n in groups.items():
        nxt: dict[tuple[int, int], int] = {}
        for (j, s), w in ways.items():
            for i in range(0, min(n, draw - j) + 1):
                key = (j + i, min(needed, s + i * marks))
                nxt[key] = nxt.get(key, 0) + w * comb(n, i)
        ways = nxt
    return Fraction(ways.get((draw, needed), 0), comb(total, draw))


def forecast(state: InsurrectionState) -> Forecast | None:
    """The chance for the next March, or None when no March is to come."""
    # after an Evil win no March comes: the round's turns end the game (§3)
    if state.outcome is not None or state.evil_won or state.token + 1 >= len(state.path):
        return None
    land = state.catalog.land(state.path[state.token + 1])
    deck = state.deck_count
    if state.phase == "prepare":  # this round's draws still come out of the deck first
        deck -= min(len(state.players), deck)
    reveal = min(land.reveal or 0, deck)
    groups: dict[int, int] = {}
    for cid, n in state.deck_composition().items():
        marks = state.marks(cid)
        groups[marks] = groups.get(marks, 0) + n
    needed = EVIL_AT - state.tally
    return Forecast(
        probability=chance_at_least(groups, reveal, needed),
        tally=state.tally,
        reveal=reveal,
        needed=needed,
        unseen=sum(groups.values()),
        land=land.id,
    )
