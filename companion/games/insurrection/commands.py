"""Insurrection commands: what the table enters, one step at a time (spec §2–§4, §7).

Cards are named by catalog id. The physical deck is shuffled by the table, so reveals and
scouted cards name what was turned up; with an app-shuffled (virtual) deck they may be left
out and the engine turns them up itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.core.commands import Command, command
from companion.core.i18n import Msg, msg

GAME_KEY = "insurrection"


def _cards(cards: tuple[str, ...] | None) -> str:
    return ", ".join(cards) if cards else "—"


@command(GAME_KEY)
@dataclass(frozen=True)
class KeepLeader(Command):
    """§2 step 3: the leader a player keeps (known to the app, secret on the screen)."""

    player: str
    leader: str

    def describe(self) -> Msg:
        return msg("insurrection.cmd.KeepLeader", player=self.player)


@command(GAME_KEY)
@dataclass(frozen=True)
class March(Command):
    """§3.1: the token moves on; ``cards`` are the persons revealed (None: virtual deck)."""

    cards: tuple[str, ...] | None = None

    def describe(self) -> Msg:
        return msg("insurrection.cmd.March", cards=_cards(self.cards))


@command(GAME_KEY)
@dataclass(frozen=True)
class Draw(Command):
    """§3.2: each player draws one card, unseen (skipped once the deck is empty)."""

    def describe(self) -> Msg:
        return msg("insurrection.cmd.Draw")


@command(GAME_KEY)
@dataclass(frozen=True)
class Play(Command):
    """§3.2: the cards revealed at once, one per player in seat order."""

    cards: tuple[str, ...]

    def describe(self) -> Msg:
        return msg("insurrection.cmd.Play", cards=_cards(self.cards))


@command(GAME_KEY)
@dataclass(frozen=True)
class Choose(Command):
    """§3.2 with the app's deck: the card one player will play, picked in secret on the
    player's own device (a seat view). The log says who has picked, never what; the cards are
    revealed together (one ``Play``) once every player has picked."""

    player: str
    card: str

    def describe(self) -> Msg:
        return msg("insurrection.cmd.Choose", player=self.player)


def _by(line: Msg, player: str | None) -> Msg:
    """A turn's step, prefixed with whose turn it is when the command says so."""
    return msg("insurrection.cmd.by", player=player, step=line) if player else line


# The steps of a turn may name the player whose turn it is (``player``): the log then says
# who did what, and the engine refuses a step entered for the wrong player.


@command(GAME_KEY)
@dataclass(frozen=True)
class UseLand(Command):
    """§3.3 step 1: the current player applies the land's effect (logged; ``note`` says how),
    or (``used`` False) lets it pass: either way its moment, before Remove and Scout, is over."""

    note: str = ""
    player: str | None = None
    used: bool = True

    def describe(self) -> Msg:
        if not self.used:
            return _by(Msg("insurrection.cmd.UseLand.declined"), self.player)
        return _by(msg("insurrection.cmd.UseLand", note=self.note), self.player)


@command(GAME_KEY)
@dataclass(frozen=True)
class Remove(Command):
    """§3.3 step 2: a face-up card goes to the graveyard."""

    target: str
    player: str | None = None

    def describe(self) -> Msg:
        return _by(msg("insurrection.cmd.Remove", target=self.target), self.player)


@command(GAME_KEY)
@dataclass(frozen=True)
class Scout(Command):
    """§3.3 step 2: the top card goes to the bottom, or face up (``card`` names it)."""

    face_up: bool
    card: str | None = None
    player: str | None = None

    def describe(self) -> Msg:
        if self.face_up:
            line = msg("insurrection.cmd.Scout.face_up", card=self.card or "?")
        else:
            line = msg("insurrection.cmd.Scout.bottom")
        return _by(line, self.player)


@command(GAME_KEY)
@dataclass(frozen=True)
class Take(Command):
    """§3.3 steps 3–4: take a face-up card (``back``: take back the played card, when forced),
    then place the played card face up; ends the turn. ``card`` None: nothing to take."""

    card: str | None = None
    back: bool = False
    player: str | None = None

    def describe(self) -> Msg:
        if self.back:
            return _by(msg("insurrection.cmd.Take.back"), self.player)
        return _by(msg("insurrection.cmd.Take", card=self.card or "—"), self.player)


@command(GAME_KEY)
@dataclass(frozen=True)
class EnterHand(Command):
    """§4: a player's hand as revealed at the end."""

    player: str
    cards: tuple[str, ...]

    def describe(self) -> Msg:
        return msg("insurrection.cmd.EnterHand", player=self.player, count=len(self.cards))


@command(GAME_KEY)
@dataclass(frozen=True)
class RevealHands(Command):
    """§4 with the app's deck: the hands are revealed as the app holds them (it dealt every
    card), confirmed by the table rather than typed again."""

    def describe(self) -> Msg:
        return Msg("insurrection.log.reveal_hands_plain")


@command(GAME_KEY)
@dataclass(frozen=True)
class ResolveEffect(Command):
    """§4: an end-of-game effect, in initiative order (``take`` None: not used)."""

    player: str
    card: str
    take: str | None = None
    give: str | None = None

    def describe(self) -> Msg:
        return msg(
            "insurrection.cmd.ResolveEffect",
            player=self.player,
            card=self.card,
            take=self.take or "—",
            give=self.give or "—",
        )


@command(GAME_KEY)
@dataclass(frozen=True)
class SetValues(Command):
    """§1: catalog values the score needs, as the table read them off the cards (each a path
    and the text typed, e.g. ``("persons[id=dragon].scoring[0].evil", "9")``)."""

    values: tuple[tuple[str, str], ...]

    def describe(self) -> Msg:
        return msg("insurrection.cmd.SetValues", count=len(self.values))


# Corrections: set any tracked value by hand --------------------------------------------

Zone = str  # "deck", "area", "graveyard" or "hand:<player>"


@command(GAME_KEY)
@dataclass(frozen=True)
class CorrectMove(Command):
    """Move one card between zones (a wrong reveal, take or Remove entered earlier)."""

    card: str
    source: Zone
    dest: Zone

    def describe(self) -> Msg:
        return msg(
            "insurrection.cmd.CorrectMove", card=self.card, source=self.source, dest=self.dest
        )


@command(GAME_KEY)
@dataclass(frozen=True)
class CorrectCount(Command):
    """Set the deck's size or a hand's count of unseen cards (``player`` None: the deck)."""

    count: int
    player: str | None = None

    def describe(self) -> Msg:
        return msg("insurrection.cmd.CorrectCount", target=self.player or "deck", count=self.count)


@command(GAME_KEY)
@dataclass(frozen=True)
class CorrectProgress(Command):
    """Set the round, the token's place, the phase, the turn and whether Evil has won."""

    round: int
    token: int
    phase: Literal["march", "prepare", "choose", "turns", "hands"]
    turn: int = 0
    evil_won: bool = False

    def describe(self) -> Msg:
        return msg("insurrection.cmd.CorrectProgress", round=self.round, phase=self.phase)


@command(GAME_KEY)
@dataclass(frozen=True)
class CorrectOutcome(Command):
    outcome: Literal["good", "evil"]

    def describe(self) -> Msg:
        return msg(
            "insurrection.cmd.CorrectOutcome", outcome=Msg(f"insurrection.outcome.{self.outcome}")
        )
