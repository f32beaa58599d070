"""The state of a tracked Insurrection game (spec §2, §3, §7) and its rule options.

What the table sees is tracked exactly: the Path and the token, the face-up play area, the
graveyard, the deck's size, the cards each player took, and each hand's count of cards drawn
unseen. ``unseen`` is the composition of the cards the table has not seen (the deck and the
hidden hand cards together): the forecast draws from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Literal

from companion.core.i18n import Msg, msg
from companion.core.rng import Rng
from companion.games.insurrection.catalog import InsurrectionCatalog
from companion.games.insurrection.scoring import EffectChoice

Phase = Literal["setup", "march", "prepare", "choose", "turns", "hands", "effects", "over"]
ROUNDS = 6
EVIL_AT = 10  # face-up corruption marks for Evil to win (§3)


@dataclass(frozen=True)
class Options:
    """The companion's readings where the spec is open; each default is the Ruling."""

    # §3: taking back the played card is allowed only when no other take leaves 10 marks.
    take_back_only_if_forced: bool = True
    # §3: after an Evil win, a Remove is refused if it would leave the take-back as the only
    # way to keep 10 marks (the seed's Benjamin cannot Remove at all).
    remove_may_force_take_back: bool = False
    # Equal initiatives (two copies of a card played): seat order from the first player.
    initiative_ties_by_seat: bool = True
    # When the deck runs out during Prepare, the draws go in seat order from the first player.
    draws_in_seat_order: bool = True
    # Liohra's exchange puts the given card face up in the play area.
    exchange_gives_face_up: bool = True


OPTION_NAMES = tuple(f.name for f in fields(Options))  # the rule options, in the form's order
RULINGS = Options()  # each option at the companion's Ruling


def changed_options(options: Options) -> tuple[str, ...]:
    """The options a game set away from their Ruling."""
    return tuple(n for n in OPTION_NAMES if getattr(options, n) != getattr(RULINGS, n))


def rules_line(options: Options) -> Msg:
    """The rules a game plays by, for its header and log: the Rulings, or those set apart."""
    changed = [
        msg(f"insurrection.option.{n}.{'on' if getattr(options, n) else 'off'}")
        for n in changed_options(options)
    ]
    if not changed:
        return Msg("insurrection.rules.rulings")
    listed = changed[0]
    for more in changed[1:]:
        listed = Msg("insurrection.rules.list", {"a": listed, "b": more})
    return msg("insurrection.rules.changed", options=listed)


@dataclass(frozen=True)
class Hand:
    player: str
    known: tuple[str, ...] = ()  # cards the table saw this player take (or keep) and not play
    hidden: int = 0  # cards dealt or drawn unseen
    secret: tuple[str, ...] = ()  # virtual deck only: what the hidden cards are


@dataclass(frozen=True)
class Turn:
    player: str
    card: str  # the card played this round
    land_used: bool = False  # the land's moment has passed: its effect used, or declined
    removed: bool = False
    scouted: bool = False


@dataclass(frozen=True)
class InsurrectionState:
    catalog: InsurrectionCatalog
    players: tuple[str, ...]  # seat order, first player first
    path: tuple[str, ...]  # 6 land ids: stronghold, 4 lands, fortress
    options: Options = field(default_factory=Options)
    rng: Rng = field(default_factory=lambda: Rng(0))
    virtual: bool = False  # an app-shuffled deck (demo): reveals and draws come from ``deck``
    deck: tuple[str, ...] = ()  # virtual only, top first
    deck_count: int = 0
    unseen: dict[str, int] = field(default_factory=dict)
    hands: tuple[Hand, ...] = ()
    leader_offers: dict[str, tuple[str, ...]] = field(default_factory=dict)  # virtual only
    kept_leaders: dict[str, str] = field(default_factory=dict)  # §2 step 3, for the records
    area: tuple[str, ...] = ()  # face-up play area, in the order placed
    graveyard: tuple[str, ...] = ()
    buried: int = 0  # cards in the graveyard by count alone (a quick score: the table's count)
    round: int = 0
    token: int = -1  # index into ``path``; -1 is left of the Stronghold
    phase: Phase = "setup"
    turns: tuple[Turn, ...] = ()  # this round, in initiative order
    turn: int = 0  # index into ``turns``
    evil_won: bool = False  # Evil has won; the game ends after this round's turns (§3)
    outcome: Literal["good", "evil"] | None = None
    final_hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    effects: tuple[EffectChoice, ...] = ()
    # §3.2 with the app's deck: cards picked in secret on the players' devices (``Choose``),
    # not yet revealed; the ``Play`` that reveals them empties it
    chosen: dict[str, str] = field(default_factory=dict)

    # Derived views ------------------------------------------------------------------------
    def marks(self, card_id: str) -> int:
        value = self.catalog.card(card_id).corruption
        return value or 0  # a new game refuses a catalog with unknown corruption

    @property
    def tally(self) -> int:
        """Face-up corruption marks in the play area (§3)."""
        return sum(self.marks(c) for c in self.area)

    @property
    def land_id(self) -> str | None:
        return self.path[self.token] if self.token >= 0 else None

    @property
    def current(self) -> Turn | None:
        return self.turns[self.turn] if self.phase == "turns" else None

    def hand(self, player: str) -> Hand:
        for hand in self.hands:
            if hand.player == player:
                return hand
        raise KeyError(player)

    def hand_size(self, player: str) -> int:
        hand = self.hand(player)
        return len(hand.known) + hand.hidden

    def deck_composition(self) -> dict[str, int]:
        """Card ids the table has not seen (deck and hidden hand cards), with counts."""
        return {k: v for k, v in self.unseen.items() if v}

    @property
    def hands_shown(self) -> bool:
        """Every hand was shown at the end (§4): what is not yet seen is the deck."""
        return len(self.final_hands) == len(self.players)

    def still_unseen(self) -> dict[str, int]:
        """:meth:`deck_composition` as the table reads it: the hands shown at the end (§4,
        ``final_hands``) are seen, their hidden cards what each showed beyond the cards the
        table knew it held. (A hand entered again still picks from the deck composition.)"""
        unseen = Counter(self.deck_composition())
        for hand in self.hands:
            shown = self.final_hands.get(hand.player)
            if shown is not None:
                unseen -= Counter(shown) - Counter(hand.known)
        return dict(unseen)

    def person_total(self) -> int:
        return sum(p.copies or 0 for p in self.catalog.persons)

    def person_locations(self) -> Counter[str]:
        """How many person cards are where: deck, area, graveyard, hands (for conservation)."""
        leaders = {c.id for c in self.catalog.leaders}
        out: Counter[str] = Counter()
        out["deck"] = self.deck_count
        out["area"] = sum(1 for c in self.area if c not in leaders)
        out["graveyard"] = sum(1 for c in self.graveyard if c not in leaders)
        out["hands"] = sum(
            h.hidden + sum(1 for c in h.known if c not in leaders) for h in self.hands
        )
        out["played"] = (
            sum(1 for t in self.turns[self.turn :] if t.card not in leaders)
            if self.phase == "turns"
            else 0
        )
        return out


def round_shown(state: InsurrectionState) -> int:
    """The round the table names (the header, the saved-games list): before the March, the
    one about to start (§3.1)."""
    return state.round + 1 if state.phase in ("setup", "march") else state.round
