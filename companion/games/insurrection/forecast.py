"""The chance that the next March reveal brings the face-up marks to 10 (spec §3.1, §7).

Exact, by counting: the next reveal turns up ``k`` cards; from the table's point of view every
card it has not seen (the deck *and* the cards hidden in hands, which were dealt or drawn from
the same shuffled deck) is equally likely to be any of them, so the ``k`` cards are a uniformly
random ``k``-subset of the unseen cards — a multivariate hypergeometric draw grouped by
corruption marks. Assumptions: the play area stays as it is now until that March (no further
Remove, take or Scout this round), and a Scout's choice to send a card to the bottom carries
no information (the scout's reasons are secret).

What is certain is counted first (:func:`reach`): the cards played this round go face up at
the end of their turns (§3 step 3.4), so in the turns phase the forecast gives the tally those
cards bring, and the lowest and highest tally the table can still reach at the next check (the
end of this turn) and at the end of the round by its Removes and takes (Scouts left out: what
they turn up is unknown). The next March is reckoned from the round's end with no marked card
leaving; :class:`ByMarch` adds the range the table's Removes and takes leave for it: the exact
chance that Evil wins by then (at a check of this round, or at that March's reveal) if the
table keeps the marks lowest, if no marked card leaves, and if it keeps them highest.
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
    pending: int = 0  # marks on the cards played this round and not yet face up
    turn: Reach | None = None  # the end of this turn (the next check), in the turns phase
    round: Reach | None = None  # the end of this round, in the turns phase
    by_march: ByMarch | None = None  # the chance Evil wins by the next March, in the turns phase

    @property
    def headline(self) -> Fraction | None:
        """The one figure to headline, never outside the range the table's choices leave:
        in the turns phase, the chance Evil wins by the next March if no marked card leaves
        the play area, when that is among the table's choices (``by_march.kept``), or the
        one chance every choice leaves; else None, and only the range
        (``by_march.least``–``most``) is exact. Before the turns (no take is known yet) the
        chance the reveal brings what is needed."""
        b = self.by_march
        if b is None:
            return self.probability
        if b.kept is None and b.least == b.most:
            return b.least
        return b.kept


@dataclass(frozen=True)
class ByMarch:
    """The chance that Evil wins at a check of this round or at the next March's reveal:
    ``least`` if every turn keeps the marks as low as it can, ``kept`` if no marked card
    leaves the play area, ``most`` if every turn keeps them as high as it can (the players'
    choices are not random: they span this range; the reveal is, exactly). Scouts left out.
    ``kept`` is None when no marked card leaving is not among the table's choices (every take
    left moves marks away: the tally it would keep lies above the highest the table can make)."""

    least: Fraction
    kept: Fraction | None
    most: Fraction


@dataclass(frozen=True)
class Reach:
    """The face-up marks at the checks to come: ``kept`` at the last if no marked card leaves
    the play area; ``least`` and ``most`` the lowest and highest the table can make there by
    its Removes and takes (without Scouts); ``certain``/``possible``: Evil wins at one of those
    checks whatever the table does / if the table lets it."""

    kept: int
    least: int
    most: int
    certain: bool
    possible: bool

    @property
    def can_keep(self) -> bool:
        """No marked card leaving is among the table's choices (else every take left moves
        marks away: ``kept`` lies above the highest the table can make)."""
        return self.least <= self.kept <= self.most


def reach(state: InsurrectionState, turns: int | None = None) -> Reach | None:
    """The checks at the end of the next ``turns`` turns of this round (all of them: None), in
    the turns phase. Greedy is exact: each turn taking (and Removing, with the icon) the
    most-marked face-up card gives the lowest tally at every check, the least-marked the
    highest (checked against every choice the engine allows in
    tests/insurrection/test_forecast.py)."""
    if state.phase != "turns" or state.current is None:
        return None
    left = state.turns[state.turn :]
    if turns is not None:
        left = left[:turns]
    area = [state.marks(c) for c in state.area]
    kept = sum(area) + sum(state.marks(t.card) for t in left)
    low, high = list(area), list(area)
    certain = possible = state.evil_won
    for t in left:
        card = state.catalog.card(t.card)
        if card.remove and not t.removed and low:
            low.remove(max(low))
        if low:
            low.remove(max(low))
        low.append(state.marks(t.card))
        # once Evil has won on this path, a take must keep 10 face up; if none can, the
        # played card is taken back (§3), so nothing changes
        if high and not (possible and sum(high) - min(high) + state.marks(t.card) < EVIL_AT):
            high.remove(min(high))
            high.append(state.marks(t.card))
        elif not high:
            high.append(state.marks(t.card))
        certain = certain or sum(low) >= EVIL_AT
        possible = possible or sum(high) >= EVIL_AT
    return Reach(kept, sum(low), sum(high), certain, possible)


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


def by_march(groups: dict[int, int], reveal: int, r: Reach) -> ByMarch:
    """:class:`ByMarch` from the round's reach ``r`` and the next reveal (``reveal`` cards
    from the unseen ``groups``, which no Remove or take changes: both move face-up cards).
    The greedy lowest path keeps every check at its lowest, so when Evil is not certain it
    wins at no check and ends lowest; likewise the highest (tests/insurrection/test_forecast.py
    checks it against every choice and every reveal)."""

    def at(end: int, won: bool) -> Fraction:
        return Fraction(1) if won else chance_at_least(groups, reveal, EVIL_AT - end)

    return ByMarch(
        least=at(r.least, r.certain),
        # with no mark leaving the tally only grows
        kept=at(r.kept, r.kept >= EVIL_AT) if r.can_keep else None,
        most=at(r.most, r.possible),
    )


def forecast(state: InsurrectionState) -> Forecast | None:
    """The chance for the next March (``land`` "" when none is to come), and in the turns
    phase what this turn and this round can bring; None once the game is over."""
    if state.outcome is not None:
        return None
    # after an Evil win no March comes: the round's turns end the game (§3)
    if state.evil_won or state.token + 1 >= len(state.path):
        if state.phase != "turns":
            return None
        pending = sum(state.marks(t.card) for t in state.turns[state.turn :])
        return Forecast(
            Fraction(0), state.tally, 0, 0, 0, "", pending, reach(state, 1), reach(state)
        )
    land = state.catalog.land(state.path[state.token + 1])
    deck = state.deck_count
    if state.phase == "prepare":  # this round's draws still come out of the deck first
        deck -= min(len(state.players), deck)
    reveal = min(land.reveal or 0, deck)
    groups: dict[int, int] = {}
    for cid, n in state.deck_composition().items():
        marks = state.marks(cid)
        groups[marks] = groups.get(marks, 0) + n
    pending = 0
    if state.phase == "turns":
        pending = sum(state.marks(t.card) for t in state.turns[state.turn :])
    needed = EVIL_AT - state.tally - pending
    rounds = reach(state)
    return Forecast(
        probability=chance_at_least(groups, reveal, needed),
        tally=state.tally,
        reveal=reveal,
        needed=needed,
        unseen=sum(groups.values()),
        land=land.id,
        pending=pending,
        turn=reach(state, 1),
        round=rounds,
        by_march=by_march(groups, reveal, rounds) if rounds is not None else None,
    )
