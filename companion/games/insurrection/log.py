"""The game log: what a step did, from the states on both sides (spec §2–§4, §7).

``describe(before, cmd, after)`` tells the story by name, never by id: who kept a leader (in
secret with the app's deck), what the March turned up and the corruption check that followed,
the cards played and the turn order, who Removed, Scouted and took which card, the check at
the end of each turn and what it caused, the hands revealed, the end-of-game effects, and the
outcome once the score is known. Every card is named from the catalog of the state that holds
it, so a card added on the spot is named too.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.commands import Command
from companion.core.i18n import Msg, msg
from companion.games.insurrection import flow
from companion.games.insurrection.commands import (
    Choose,
    CorrectCount,
    CorrectMove,
    CorrectProgress,
    Draw,
    EnterHand,
    KeepLeader,
    March,
    Play,
    Remove,
    ResolveEffect,
    RevealHands,
    Scout,
    Take,
)
from companion.games.insurrection.scoring import name_msg
from companion.games.insurrection.state import EVIL_AT, InsurrectionState

_SEP = {"en": ", ", "ja": "、"}


def card_name(state: InsurrectionState, cid: str) -> Msg:
    """A card as printed (a card the catalog does not know: its words as the table typed)."""
    if not state.catalog.has_card(cid):
        return msg("insurrection.name", en=cid, ja=cid)
    return name_msg(state.catalog.card(cid).name)


def card_list(state: InsurrectionState, cards: Sequence[str]) -> dict[str, str] | Msg:
    """Cards in a row, each language its way: "Goblin, Dragon" / "ゴブリン、ドラゴン"."""
    if not cards:
        return Msg("insurrection.log.no_cards")
    return _joined([[_names(state, c)[lang] for c in cards] for lang in ("en", "ja")])


def _names(state: InsurrectionState, cid: str) -> dict[str, str]:
    params = card_name(state, cid).params
    return {"en": str(params["en"]), "ja": str(params["ja"])}


def _joined(parts: list[list[str]]) -> dict[str, str]:
    return {lang: _SEP[lang].join(p) for lang, p in zip(("en", "ja"), parts, strict=True)}


def _per_player(state: InsurrectionState, cards: dict[str, Sequence[str]]) -> dict[str, str]:
    """ "Ann: Goblin, Dragon; Ben: Imp" / "Ann：ゴブリン、ドラゴン／Ben：インプ"."""
    out = {}
    for lang, between, colon in (("en", "; ", ": "), ("ja", "／", "：")):
        rows = []
        for player, hand in cards.items():
            names = _SEP[lang].join(_names(state, c)[lang] for c in hand)
            rows.append(f"{player}{colon}{names or '—'}")
        out[lang] = between.join(rows)
    return out


def _check(before: InsurrectionState, after: InsurrectionState, turn_end: bool) -> Msg:
    """The corruption check after a March (Evil wins at once) or a turn (Evil has won; the
    round is played out), with the marks face up."""
    tally = after.tally
    if after.outcome == "evil" and not turn_end:
        key = "evil_wins"
    elif turn_end and after.evil_won and not before.evil_won:
        key = "evil_has_won"
    elif turn_end and before.evil_won:
        key = "kept"
    else:
        key = "safe"
    return msg(f"insurrection.log.check.{key}", tally=tally, at=EVIL_AT)


def _by(player: str | None, line: Msg) -> Msg:
    return msg("insurrection.cmd.by", player=player, step=line) if player else line


def describe(before: InsurrectionState, cmd: Command, after: InsurrectionState) -> Msg:
    """The log line of ``cmd`` (see the module's doc); the step that completes the score says
    how the game ended (the winner, the tie-break)."""
    line = _line(before, cmd, after)
    ended = flow.outcome(after)
    if ended is not None and flow.outcome(before) is None:
        line = msg("insurrection.log.then", step=line, then=ended.reason)
    return line


def _line(before: InsurrectionState, cmd: Command, after: InsurrectionState) -> Msg:
    turn = before.current
    if isinstance(cmd, KeepLeader):
        if before.virtual:  # only the app knows what was dealt: the choice stays secret
            return msg("insurrection.log.leader_secret", player=cmd.player)
        return msg(
            "insurrection.log.leader", player=cmd.player, leader=card_name(after, cmd.leader)
        )
    if isinstance(cmd, March):
        revealed = after.area[len(before.area) :]
        land = after.catalog.land(after.path[after.token])
        return msg(
            "insurrection.log.march",
            round=after.round,
            land=name_msg(land.name),
            cards=card_list(after, revealed),
            check=_check(before, after, turn_end=False),
        )
    if isinstance(cmd, Draw):
        drawn = before.deck_count - after.deck_count
        if drawn == len(before.players):
            return msg("insurrection.log.draw", deck=after.deck_count)
        return msg("insurrection.log.draw_short", count=drawn, players=len(before.players))
    if isinstance(cmd, Choose):
        return msg("insurrection.cmd.Choose", player=cmd.player)
    if isinstance(cmd, Play):
        played = {p: (c,) for p, c in zip(before.players, cmd.cards, strict=True)}
        order = [t.player for t in after.turns]
        return msg(
            "insurrection.log.play",
            cards=_per_player(after, played),
            order={"en": ", ".join(order), "ja": "、".join(order)},
        )
    if isinstance(cmd, Remove):
        line = msg("insurrection.log.remove", card=card_name(after, cmd.target), tally=after.tally)
        return _by(turn.player if turn else cmd.player, line)
    if isinstance(cmd, Scout):
        if not cmd.face_up:
            return _by(turn.player if turn else cmd.player, Msg("insurrection.cmd.Scout.bottom"))
        card = after.area[-1]
        line = msg("insurrection.log.scout", card=card_name(after, card), tally=after.tally)
        return _by(turn.player if turn else cmd.player, line)
    if isinstance(cmd, Take) and turn is not None:
        played = card_name(after, turn.card)
        if cmd.back:
            line = msg("insurrection.log.take_back", played=played)
        elif cmd.card is None:
            line = msg("insurrection.log.take_nothing", played=played)
        else:
            line = msg("insurrection.log.take", card=card_name(after, cmd.card), played=played)
        line = msg("insurrection.log.then", step=line, then=_check(before, after, turn_end=True))
        if after.outcome is not None and before.outcome is None:
            line = msg(
                "insurrection.log.then",
                step=line,
                then=Msg(f"insurrection.log.over.{after.outcome}"),
            )
        return _by(turn.player, line)
    if isinstance(cmd, EnterHand):
        return msg(
            "insurrection.log.hand",
            player=cmd.player,
            count=len(cmd.cards),
            cards=card_list(after, cmd.cards),
        )
    if isinstance(cmd, RevealHands):
        shown = {p: after.final_hands[p] for p in after.players if p not in before.final_hands}
        return msg("insurrection.log.reveal_hands", hands=_per_player(after, shown))
    if isinstance(cmd, ResolveEffect):
        card = card_name(after, cmd.card)
        if cmd.take is None:
            return msg("insurrection.log.effect_unused", player=cmd.player, card=card)
        took = card_name(after, cmd.take)
        if cmd.give is None:
            return msg("insurrection.log.effect_take", player=cmd.player, card=card, take=took)
        return msg(
            "insurrection.log.effect_exchange",
            player=cmd.player,
            card=card,
            take=took,
            give=card_name(after, cmd.give),
        )
    if isinstance(cmd, CorrectMove):
        return msg(
            "insurrection.log.correct_move",
            card=card_name(after, cmd.card),
            source=_zone(cmd.source),
            dest=_zone(cmd.dest),
        )
    if isinstance(cmd, CorrectCount):
        if cmd.player is None:
            return msg("insurrection.log.correct_deck", count=cmd.count)
        return msg("insurrection.log.correct_hidden", player=cmd.player, count=cmd.count)
    if isinstance(cmd, CorrectProgress):
        return msg(
            "insurrection.log.correct_progress",
            round=cmd.round,
            phase=Msg(f"insurrection.phase.{cmd.phase}"),
        )
    return cmd.describe()  # UseLand, SetValues, CorrectOutcome: no card to name


def _zone(zone: str) -> Msg:
    if zone.startswith("hand:"):
        return msg("insurrection.zone.hand", player=zone.split(":", 1)[1])
    return Msg(f"insurrection.zone.{zone}")
