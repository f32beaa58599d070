"""What the table faces next in a tracked game (spec §2–§4, §7): the one place that decides.

:func:`moment` says what happens now — the leader each player keeps (in secret with the app's
deck), the March (the app's step with its own deck, the cards revealed with the table's), the
draw, the cards played (secret picks), a turn's actions with the engine's reason for each one
refused, the forced take-back, the hands at the end (revealed by the app with its deck,
entered and checked with the table's), the end-of-game effects in initiative order, the
values the score still needs, the outcome; :func:`outcome` reads the final score sheet.

Every action of a moment carries what it leads to (``Action.leads``): a turn's land, Remove,
Scout and take (the advance key's action, ``Moment.advance``), the leader entered with the
table's deck, a look at one's hand and the score sheet (views), a hand entered again, and a
correction (:func:`correction`, one question at a time, each list the engine's). The
questions the table answers in a row (the leaders, the hands, the effects, the values) open
at once (``at_once``).

Entries of the game's own kinds carry a subject a screen can show without knowing a rule:

- ``insurrection.cards``: :class:`Cards` (pick cards among candidates; refused ones say why);
- ``insurrection.hand``: :class:`Cards` for a hand at the end (any length, pre-filled; a hand
  that cannot be right is refused with the engine's reason, ``Cards.refuse``);
- ``insurrection.leader``: :class:`LeaderPick` (a leader kept, in secret with the app's deck);
- ``insurrection.play``: :class:`Played` (one card per player, in secret with the app's deck);
- ``insurrection.scout``: :class:`Scouting` (bottom, or face up: the card turned up);
- ``insurrection.land``: the land's effect (the value is the note for the log);
- ``insurrection.effect``: :class:`EffectPick` (the value is ``(take, give)``);
- ``insurrection.values``: the catalog paths the score needs (the value maps path → text);
- ``insurrection.progress``: :class:`ProgressForm` (the value maps the fields of
  ``CorrectProgress`` to the engine's values).

Views (``Show``): ``insurrection.hand`` (:class:`HandSeen`, for its player's eyes) and
``insurrection.scores`` (the final score sheet).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.core.commands import Command
from companion.core.errors import CompanionError, RuleError
from companion.core.game import Action, Ask, Entry, Lead, Moment, Outcome, Show, Step, Then
from companion.core.i18n import Msg, msg
from companion.core.plan import Choice, Option
from companion.games.insurrection import engine
from companion.games.insurrection.catalog import Exchange, TakeFaceUp
from companion.games.insurrection.commands import (
    Choose,
    CorrectCount,
    CorrectMove,
    CorrectOutcome,
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
    SetValues,
    Take,
    UseLand,
)
from companion.games.insurrection.forecast import reach
from companion.games.insurrection.scoring import ScoreSheet, apply_effect, name_msg
from companion.games.insurrection.scoring import _listed as listed
from companion.games.insurrection.state import EVIL_AT, ROUNDS, InsurrectionState
from companion.games.insurrection.values import typed

NOT_USED = "-"  # an end-of-game effect left unused
TAKE_BACK = "<back>"  # take back the card just played (when the options allow it)
BOTTOM = "<bottom>"  # a scouted card goes to the bottom of the deck


@dataclass(frozen=True)
class Candidate:
    """A card that may be picked: ``copies`` left (None: any number), ``in_hand`` the app knows
    it is in the player's hand, ``note`` what it would do, ``refused`` why it cannot be picked,
    ``label`` the words of a special option (not a card: :data:`NOT_USED`, :data:`TAKE_BACK`)."""

    card: str
    copies: int | None = None
    in_hand: bool = False
    note: Msg | None = None
    refused: Msg | None = None
    label: Msg | None = None


@dataclass(frozen=True)
class Cards:
    """Cards to pick: ``count`` of them (None: any number, finished by the table), for
    ``player`` (``secret``: only that player may look: pass the keyboard first)."""

    candidates: tuple[Candidate, ...]
    count: int | None = 1
    player: str | None = None
    secret: bool = False
    title: Msg | None = None
    intro: Msg | None = None
    initial: tuple[str, ...] = ()
    expected: int | None = None  # the length the app counted (a hand at the end)
    # why the engine would refuse these cards as a whole (a hand that cannot be right), or None
    refuse: Callable[[tuple[str, ...]], Msg | None] | None = field(
        default=None, compare=False, repr=False
    )

    def first(self) -> tuple[str, ...]:
        """What a plain table picks: the initial cards, else the first candidates allowed."""
        if self.count is None:
            return self.initial
        out: list[str] = []
        for c in self.candidates:
            if c.refused is None:
                n = c.copies if c.copies is not None else self.count
                out += [c.card] * min(n, self.count - len(out))
        return tuple(out[: self.count])


@dataclass(frozen=True)
class LeaderPick:
    """§2 step 3: the leader ``player`` keeps of ``offers``; ``waiting``: every player still
    to keep one (the app asks them in seat order; a player may keep theirs on their own
    device meanwhile)."""

    player: str
    offers: tuple[str, ...]
    secret: bool
    waiting: tuple[str, ...] = field(default=(), compare=False)

    @property
    def question(self) -> Msg:
        return msg("insurrection.question.leader", player=self.player)

    def asked_by(self, moment: Moment) -> bool:
        """Still asked while ``player`` has a leader to keep (another player keeping theirs,
        here or on their device, leaves it so; keeping it elsewhere answers it)."""
        now = moment.next
        return (
            isinstance(now, Entry)
            and isinstance(now.subject, LeaderPick)
            and now.subject.secret == self.secret
            and self.player in now.subject.waiting
        )


@dataclass(frozen=True)
class Played:
    """§3.2: every player's card, in seat order, revealed at once (one ``Play``)."""

    state: InsurrectionState = field(repr=False, compare=False)
    players: tuple[str, ...] = ()
    secret: bool = False

    def cards(self, player: str, taken: tuple[str, ...] = ()) -> Cards:
        """What ``player`` may have played, after the players before chose ``taken``."""
        key = "chosen" if self.secret else "played"
        return Cards(
            play_candidates(self.state, player, taken),
            player=player,
            secret=self.secret,
            title=msg(f"insurrection.flow.pick.{key}", player=player),
            intro=Msg(f"insurrection.flow.pick.{key}_intro"),
        )

    def first(self) -> tuple[str, ...]:
        cards: tuple[str, ...] = ()
        for p in self.players:
            cards += self.cards(p, cards).first()[:1]
        return cards

    def asks_still(self, now: Any) -> bool:
        """Whether ``now`` (the pick the game asks after a change made elsewhere) still asks
        what this one asked: with the app's deck, players may pick on their own devices while
        the keyboard goes round, and are not asked again (the others' hands the same); with
        the table's deck only the same pick is."""
        if not isinstance(now, Played) or now.secret != self.secret or not now.players:
            return False
        if not self.secret and now.players != self.players:
            return False
        return set(now.players) <= set(self.players) and all(
            now.cards(p) == self.cards(p) for p in now.players
        )

    def due(self, player: str) -> PickDue:
        """``player``'s own part of this pick (the keyboard passed to them, their hand)."""
        return PickDue(player, self.cards(player))


@dataclass(frozen=True)
class PickDue:
    """One player's secret pick of the cards played (§3.2) while the keyboard goes round:
    still asked while the game waits for this player's card from the same hand (another
    player's pick on their own device leaves it so)."""

    player: str
    cards: Cards

    @property
    def question(self) -> Msg:
        return msg("insurrection.question.pick", player=self.player)

    def asked_by(self, moment: Moment) -> bool:
        now = moment.next
        return (
            isinstance(now, Entry)
            and isinstance(now.subject, Played)
            and self.player in now.subject.players
            and now.subject.cards(self.player) == self.cards
        )


@dataclass(frozen=True)
class Look(Action):
    """§3.2: the hands are secret and, with the app's deck, only the app holds them: a player
    may look at their own hand at any time before the end."""

    name: str = "look"
    state: InsurrectionState | None = field(default=None, compare=False, repr=False)

    def seen(self, player: str) -> HandSeen:
        """``player``'s hand as the app holds it now, for that player's eyes."""
        assert self.state is not None
        return HandSeen(player, engine.prefill(self.state, player))


@dataclass(frozen=True)
class HandSeen:
    """A hand shown to its player: still asked while the table may look and that hand is
    still ``cards`` (a card revealed or taken elsewhere makes what is shown out of date)."""

    player: str
    cards: tuple[str, ...]

    @property
    def question(self) -> Msg:
        return msg("insurrection.question.hand", player=self.player)

    def asked_by(self, moment: Moment) -> bool:
        look = moment.action("look")
        return isinstance(look, Look) and look.allowed and look.seen(self.player) == self


@dataclass(frozen=True)
class Scouting:
    player: str
    top: str | None  # the app's deck: the top card, for the scout's eyes only
    face_up: Cards | None  # the table's deck: which card was turned face up


@dataclass(frozen=True)
class EffectPick:
    player: str
    card: str
    take: Cards  # :data:`NOT_USED` first
    give: tuple[str, ...] | None  # an exchange: the hand to give one back from (with the take)
    kind: Msg


# the moment ------------------------------------------------------------------------------


def moment(state: InsurrectionState) -> Moment:
    phase = state.phase
    if phase in ("setup", "march"):
        return _march(state)
    if phase == "prepare":
        return Moment(
            msg("insurrection.flow.prepare"),
            Step(Draw(), msg("insurrection.flow.prepare")),
            _actions(state),
        )
    if phase == "choose":
        return _choose(state)
    if phase == "turns":
        return _turn(state)
    if phase == "hands":
        left = [p for p in state.players if p not in state.final_hands]
        if state.virtual:  # §4: the app dealt every card: the table confirms, never retypes
            prompt = msg("insurrection.flow.reveal_hands", outcome=_outcome_msg(state))
            return Moment(prompt, Step(RevealHands(), prompt), _actions(state))
        prompt = msg("insurrection.flow.hands", outcome=_outcome_msg(state), players=listed(left))
        return Moment(prompt, hand_entry(state, left[0]), _actions(state))
    if phase == "effects":
        due = engine.next_effect(state)
        assert due is not None
        prompt = msg("insurrection.flow.effect", player=due[0], card=_name(state, due[1]))
        return Moment(prompt, _effect_entry(state, *due), _actions(state))
    return _over(state)


def _actions(state: InsurrectionState, *turn: Action) -> tuple[Action, ...]:
    """The actions of any moment after the turn's own: the leader entered (the table's deck),
    a look at one's hand (the app's deck), the hands, the score sheet, a correction."""
    out = list(turn)
    if state.phase == "setup" and not state.virtual:
        left = _leader_left(state)
        if left:
            out.append(Action("leader", leads=leader_entry(state, left[0])))
        else:
            out.append(Action("leader", Msg("insurrection.flow.leaders_known")))
    if state.virtual and not engine.is_over(state):
        out.append(_look(state))  # only the app holds the hands: a player may look
    if engine.is_over(state):
        out.append(Action("hands", leads=Then(_hands_lead, "hands")))
    if state.phase == "over":
        out.append(Action("scores", leads=Show("insurrection.scores")))
    out.append(Action("correct", leads=Then(correction, "correct")))
    return tuple(out)


def _player_name(player: str) -> Msg:
    return msg("insurrection.name", en=player, ja=player)


def _whose(reason: Msg, players: tuple[str, ...], lead: Callable[[str], Lead]) -> Ask:
    """Whose hand (a player's name per option), leading to ``lead(player)``."""
    options = tuple(Option(lead(p), _player_name(p)) for p in players)
    return Ask(Choice(reason, options), title=Msg("insurrection.flow.whose_title"), tie=False)


def _look(state: InsurrectionState) -> Look:
    """§3.2: whose hand; that hand, shown to its player alone (a view: nothing changes)."""
    return Look(
        state=state,
        leads=_whose(
            Msg("insurrection.flow.whose_look"),
            state.players,
            lambda p: Show("insurrection.hand", HandSeen(p, engine.prefill(state, p))),
        ),
    )


def _hands_lead(state: InsurrectionState) -> Lead:
    """§4: a hand entered (again): those still to enter first, or anyone's to correct."""
    order = hands_order(state)
    if len(order) == 1:
        return hand_entry(state, order[0])
    return _whose(
        Msg("insurrection.flow.whose_hand"),
        order,
        lambda p: Then(lambda s: hand_entry(s, p), ("hand", p)),
    )


def _march(state: InsurrectionState) -> Moment:
    if state.virtual and state.phase == "setup":
        left = _leader_left(state)
        if left:
            prompt = msg("insurrection.flow.leader", player=left[0])
            return Moment(prompt, leader_entry(state, left[0]), _actions(state))
    cat = state.catalog
    land = cat.land(state.path[state.token + 1])
    count = min(land.reveal or 0, state.deck_count)
    prompt = msg(
        "insurrection.flow.march",
        round=state.round + 1,
        land=name_msg(land.name),
        count=count,
    )
    if state.virtual or count == 0:  # the app turns them up; named so the log says which
        nxt: Step | Entry = Step(March(cards=tuple(state.deck[:count])), prompt)
    else:
        cards = Cards(
            unseen_candidates(state),
            count=count,
            title=msg("insurrection.flow.pick.reveal", count=count, land=name_msg(land.name)),
            intro=Msg("insurrection.flow.pick.reveal_intro"),
        )
        nxt = Entry(
            "insurrection.cards",
            prompt,
            lambda picked: March(cards=tuple(picked)),
            subject=cards,
            count=count,
        )
    return Moment(prompt, nxt, _actions(state))


def _choose(state: InsurrectionState) -> Moment:
    """§3.2: the cards played. With the app's deck a player may pick on their own device
    (``Choose``, see :func:`seat`); the keyboard is passed round for the others, and the cards
    are revealed at once when everyone has picked."""
    waiting = tuple(p for p in state.players if p not in state.chosen)
    picked = len(state.players) - len(waiting)
    if not waiting:  # every pick is in: the app reveals them together
        prompt = Msg("insurrection.flow.reveal")
        cards = tuple(state.chosen[p] for p in state.players)
        return Moment(prompt, Step(Play(cards=cards), prompt, confirm=False), _actions(state))
    played = Played(state, waiting, state.virtual)
    prompt = (
        msg("insurrection.flow.choose_picked", picked=picked, players=len(state.players))
        if picked
        else Msg("insurrection.flow.choose")
    )

    def answer(cards: tuple[str, ...]) -> Play:
        if len(cards) != len(waiting):  # picked for a table that has changed since
            raise RuleError("insurrection.flow.picks_changed", players=listed(list(waiting)))
        given = dict(zip(waiting, cards, strict=True))
        return Play(cards=tuple(state.chosen.get(p) or given[p] for p in state.players))

    entry = Entry(
        "insurrection.play",
        prompt,
        answer,
        subject=played,
        suggest=played.first() if state.virtual else None,
        count=len(waiting),
    )
    return Moment(prompt, entry, _actions(state))


# seats: what one player's own device shows and may do ---------------------------------------


@dataclass(frozen=True)
class Seat:
    """What the device of the player in seat ``number`` (1 = the first player) may show: only
    this player's secrets. ``hand``: the cards the app knows this player holds (with the app's
    deck, all of them); ``pick``: the card to play, when this seat may pick it now (§3.2);
    ``picked``: the card picked and not yet revealed; ``leader``: the leader to keep (§2
    step 3), when still to keep; ``picks``: how many players have picked, of how many."""

    number: int
    player: str
    hand: tuple[str, ...]
    pick: Cards | None = None
    picked: str | None = None
    leader: LeaderPick | None = None
    picks: tuple[int, int] | None = None

    def choose(self, card: str) -> Command:
        """The step of this seat's pick."""
        return Choose(player=self.player, card=card)

    def keep(self, leader: str) -> Command:
        return KeepLeader(player=self.player, leader=leader)


def seats(state: InsurrectionState) -> tuple[str, ...]:
    """The seats a device may join, in seat order (each player's own secrets are only known to
    the app with its deck; with the table's deck the hands are the players' own cards)."""
    return state.players if state.virtual else ()


def seat(state: InsurrectionState, number: int) -> Seat:
    """Seat ``number``'s view (1-based); ``KeyError`` for a seat the game does not have."""
    if not 1 <= number <= len(state.players):
        raise KeyError(number)
    player = state.players[number - 1]
    hand = engine.prefill(state, player)
    if not state.virtual:
        return Seat(number, player, hand)
    pick = leader = None
    if state.phase == "choose":
        pick = Played(state, (player,), True).cards(player)
    if state.phase == "setup" and player in _leader_left(state):
        leader = leader_entry(state, player).subject
    return Seat(
        number,
        player,
        hand,
        pick=pick,
        picked=state.chosen.get(player),
        leader=leader,
        picks=picks(state),
    )


def picks(state: InsurrectionState) -> tuple[int, int] | None:
    """While the cards to play are picked in secret (§3.2, the app's deck): how many players
    have picked, of how many ("3 of 4 picked"); ``None`` at any other time."""
    if state.phase != "choose" or not state.virtual:
        return None
    return len(state.chosen), len(state.players)


def _turn(state: InsurrectionState) -> Moment:
    turn = state.current
    assert turn is not None
    cat = state.catalog
    card = cat.card(turn.card)
    actions: list[Action] = []
    if _land_has_effect(state):
        actions.append(_leading("land", _refusal(state, UseLand(player=turn.player)), _land_entry))
    if card.remove:
        actions.append(_leading("remove", _remove_refusal(state), _remove_entry))
    if card.scout:
        refused = _refusal(state, Scout(face_up=False, player=turn.player))
        actions.append(_leading("scout", refused, _scout_entry))
    forced = _forced_take(state)
    actions.append(_leading("take", None, _take_lead))
    prompt = msg(
        "insurrection.flow.turn",
        player=turn.player,
        card=_name(state, turn.card),
        initiative=card.initiative if card.initiative is not None else "?",
    )
    if forced is not None:
        prompt = forced.reason
        return Moment(prompt, forced, _actions(state, *actions), advance="take")
    land = _land_moment(state)
    if land is not None:
        return Moment(land.choice.reason, land, _actions(state, *actions), advance="take")
    return Moment(prompt, None, _actions(state, *actions), advance="take")


def _leading(name: str, reason: Msg | None, lead: Callable[[InsurrectionState], Lead]) -> Action:
    """A turn's action: refused with the engine's reason, or leading to ``lead``, made from the
    game as it is when the table chooses it (a take's notes weigh every card)."""
    return Action(name, reason, leads=None if reason is not None else Then(lead, name))


def _land_moment(state: InsurrectionState) -> Ask | None:
    """§3.3 step 1: at the start of a turn on a land with an effect, the land's words and
    whether the player applies it — before Remove and Scout (their moment ends it)."""
    turn = state.current
    assert turn is not None
    if not _land_has_effect(state) or turn.land_used or turn.removed or turn.scouted:
        return None
    land = state.catalog.land(state.land_id or "")
    words = land.effect or {"en": "", "ja": ""}
    reason = msg(
        "insurrection.flow.land_now", player=turn.player, land=name_msg(land.name), effect=words
    )
    declined = UseLand(player=turn.player, used=False)
    options = (
        Option(UseLand(player=turn.player), Msg("insurrection.flow.land_use")),
        Option(declined, Msg("insurrection.flow.land_pass")),
    )
    title = msg("insurrection.flow.land", land=name_msg(land.name))
    return Ask(Choice(reason, options), title=title, tie=False, auto=declined)


def _over(state: InsurrectionState) -> Moment:
    sheet = engine.final_score(state)
    needs = tuple(dict.fromkeys(n.field for n in sheet.needs if typed(n.field)))
    if needs:
        prompt = msg("insurrection.flow.values", count=len(needs))
        entry = Entry(
            "insurrection.values",
            prompt,
            lambda values: SetValues(values=tuple((p, str(v)) for p, v in dict(values).items())),
            subject=needs,
            at_once=True,  # the score waits for them
        )
        return Moment(prompt, entry, _actions(state))
    result = _outcome_of(state, sheet)
    prompt = result.reason if result is not None else msg("insurrection.flow.scores_open")
    return Moment(prompt, result, _actions(state))


# entries ---------------------------------------------------------------------------------


def leader_entry(state: InsurrectionState, player: str) -> Entry:
    """§2 step 3: the leader ``player`` keeps (the app's two offers, kept in secret; with the
    table's deck, any leader not seen elsewhere, entered only to pre-fill the hand)."""
    if state.virtual:
        offers = state.leader_offers[player]
    else:
        taken = {c for h in state.hands for c in h.known}
        offers = tuple(c.id for c in state.catalog.leaders if c.id not in taken)
    return Entry(
        "insurrection.leader",
        msg("insurrection.flow.leader", player=player),
        lambda leader: KeepLeader(player=player, leader=leader),
        subject=LeaderPick(player, tuple(offers), state.virtual, tuple(_leader_left(state))),
        suggest=offers[0],
        at_once=True,  # one player after another (§2 step 3)
    )


def hand_entry(state: InsurrectionState, player: str) -> Entry:
    """§4: ``player``'s hand as revealed, pre-filled with the cards the app saw (§7)."""
    initial = state.final_hands.get(player) or engine.prefill(state, player)
    cat = state.catalog
    cards = Cards(
        tuple(Candidate(c.id) for c in (*cat.persons, *cat.leaders)),
        count=None,
        player=player,
        title=msg("insurrection.flow.pick.hand", player=player),
        intro=msg("insurrection.flow.pick.hand_count", count=state.hand_size(player)),
        initial=tuple(initial),
        expected=engine.hand_sizes(state, player)[0],
        refuse=lambda picked: _refusal(state, EnterHand(player=player, cards=tuple(picked))),
    )
    return Entry(
        "insurrection.hand",
        cards.title or Msg("insurrection.flow.hands"),
        lambda picked: EnterHand(player=player, cards=tuple(picked)),
        subject=cards,
        suggest=tuple(initial),
        at_once=True,  # the hands one after another (§4)
    )


def hands_order(state: InsurrectionState) -> tuple[str, ...]:
    """Whose hands to enter: those still to enter, or everyone again (to correct one)."""
    left = tuple(p for p in state.players if p not in state.final_hands)
    return left or state.players


def _land_entry(state: InsurrectionState) -> Entry:
    """§3.3 step 1: the land's effect applied, with a note for the log of how."""
    turn = state.current
    player = turn.player if turn is not None else None
    land = state.catalog.land(state.path[state.token])
    return Entry(
        "insurrection.land",
        msg("insurrection.flow.land", land=name_msg(land.name)),
        lambda note: UseLand(note=note or "", player=player),
        subject=land.effect,
        suggest="",
    )


def _remove_entry(state: InsurrectionState) -> Entry:
    """§3.3 step 2: the face-up card Removed (each refused one with the engine's reason)."""
    turn = state.current
    player = turn.player if turn is not None else None
    cards = Cards(_remove_candidates(state), title=Msg("insurrection.flow.pick.remove"))
    return Entry(
        "insurrection.cards",
        Msg("insurrection.flow.pick.remove"),
        lambda picked: Remove(target=picked[0], player=player),
        subject=cards,
        suggest=cards.first(),
    )


def _take_lead(state: InsurrectionState) -> Lead:
    """§3.3 steps 3–4: the take that ends the turn (forced: the step itself)."""
    forced = _forced_take(state)
    return forced.command if forced is not None else _take_entry(state)


def _scout_entry(state: InsurrectionState) -> Entry:
    turn = state.current
    assert turn is not None
    player = turn.player
    face_up = None
    if not state.virtual:
        face_up = Cards(unseen_candidates(state), title=Msg("insurrection.flow.pick.scouted"))

    def answer(where: str) -> Command:
        if where == BOTTOM:
            return Scout(face_up=False, player=player)
        return Scout(face_up=True, card=where, player=player)

    return Entry(
        "insurrection.scout",
        msg("insurrection.flow.scout", player=player),
        answer,
        subject=Scouting(player, state.deck[0] if state.virtual else None, face_up),
        suggest=BOTTOM,
    )


def _take_entry(state: InsurrectionState) -> Entry:
    turn = state.current
    assert turn is not None
    options = engine.end_turn_options(state)
    takes, _ = engine.allowed_takes(state)
    candidates = [
        Candidate(
            cid,
            note=_take_note(state, options[cid]),
            refused=None
            if cid in takes
            else _refusal(state, Take(card=cid, player=turn.player))
            or msg("insurrection.flow.take_refused", tally=options[cid]),
        )
        for cid in dict.fromkeys(state.area)
    ]
    if state.evil_won and not state.options.take_back_only_if_forced:
        candidates.append(Candidate(TAKE_BACK, label=Msg("insurrection.flow.take_back_label")))
    cards = Cards(
        tuple(candidates),
        player=turn.player,
        title=msg("insurrection.flow.pick.take", player=turn.player),
        intro=msg("insurrection.flow.take_intro", card=_name(state, turn.card)),
    )

    def answer(picked: tuple[str, ...]) -> Command:
        if picked[0] == TAKE_BACK:
            return Take(back=True, player=turn.player)
        return Take(card=picked[0], player=turn.player)

    return Entry(
        "insurrection.cards",
        cards.title or Msg("insurrection.flow.take"),
        answer,
        subject=cards,
        suggest=cards.first(),
    )


def _forced_take(state: InsurrectionState) -> Step | None:
    """§3: the end of a turn with no choice: the take-back forced after an Evil win, or
    nothing face up to take (the played card is placed)."""
    turn = state.current
    assert turn is not None
    card = _name(state, turn.card)
    if engine.allowed_takes(state)[1]:
        reason = msg(
            "insurrection.flow.forced_back", player=turn.player, card=card, tally=state.tally
        )
        return Step(Take(back=True, player=turn.player), reason)
    if not state.area:
        reason = msg("insurrection.flow.nothing", card=card)
        return Step(Take(card=None, player=turn.player), reason)
    return None


def _effect_entry(state: InsurrectionState, player: str, card: str) -> Entry:
    cat = state.catalog
    effect = cat.card(card).end_effect
    pos = effect_position(state)
    face_up = list(dict.fromkeys(pos.face_up))
    if isinstance(effect, TakeFaceUp) and effect.icon is not None:
        face_up = [c for c in face_up if effect.icon in (cat.card(c).icons or [])]
    take = Cards(
        (
            Candidate(NOT_USED, label=Msg("insurrection.flow.effect.not_used")),
            *(Candidate(c) for c in face_up),
        ),
        player=player,
        title=msg("insurrection.flow.pick.effect", player=player, card=_name(state, card)),
    )
    kind = effect.kind if isinstance(effect, Exchange | TakeFaceUp) else "exchange"
    pick = EffectPick(
        player,
        card,
        take,
        pos.hand(player) if isinstance(effect, Exchange) else None,
        Msg(f"insurrection.flow.effect.{kind}"),
    )

    def answer(value: tuple[str, str | None]) -> Command:
        taken, given = value
        if taken == NOT_USED:
            return ResolveEffect(player=player, card=card)
        return ResolveEffect(player=player, card=card, take=taken, give=given)

    prompt = msg(
        "insurrection.flow.effect_intro", player=player, card=_name(state, card), kind=pick.kind
    )
    return Entry(
        "insurrection.effect",
        prompt,
        answer,
        subject=pick,
        suggest=(NOT_USED, None),
        at_once=True,  # the effects one after another, in initiative order (§4)
    )


def effect_position(state: InsurrectionState):
    """The end position as the next effect meets it (the earlier effects applied)."""
    pos = engine.end_position(state)
    for earlier in state.effects:
        pos, _ = apply_effect(state.catalog, pos, earlier, state.options.exchange_gives_face_up)
    return pos


# candidates --------------------------------------------------------------------------------


def unseen_candidates(state: InsurrectionState, taken: tuple[str, ...] = ()) -> tuple:
    """Cards the table has not seen yet, with the copies left (a reveal, a Scout)."""
    comp = state.deck_composition()
    return tuple(
        Candidate(p.id, copies=comp.get(p.id, 0) - taken.count(p.id))
        for p in state.catalog.persons
        if comp.get(p.id, 0) - taken.count(p.id) > 0
    )


def play_candidates(
    state: InsurrectionState, player: str, taken: tuple[str, ...] = ()
) -> tuple[Candidate, ...]:
    """What ``player`` may have revealed (§3.2): the cards in hand the app knows of; with the
    table's deck also any unseen person and a leader not yet seen anywhere."""
    cat = state.catalog
    hand = state.hand(player)
    known = list(hand.known) + (list(hand.secret) if state.virtual else [])
    # the leader last: a player who presses Enter on the first card plays a person, never
    # their leader by accident (a leader may be played, §3.2, but seldom is)
    known.sort(key=cat.is_leader)
    out = [Candidate(c, copies=known.count(c), in_hand=True) for c in dict.fromkeys(known)]
    if state.virtual:
        return tuple(out)
    seen = set(known)
    if hand.hidden > 0:
        out += [c for c in unseen_candidates(state, taken) if c.card not in seen]
    if not any(cat.is_leader(c) for c in hand.known):
        elsewhere = {c for h in state.hands for c in h.known} | set(state.area)
        elsewhere |= set(state.graveyard) | set(taken)
        out += [Candidate(c.id) for c in cat.leaders if c.id not in elsewhere]
    return tuple(out)


def _remove_candidates(state: InsurrectionState) -> tuple[Candidate, ...]:
    turn = state.current
    assert turn is not None
    return tuple(
        Candidate(
            cid,
            note=_remove_note(state, Remove(target=cid, player=turn.player)),
            refused=_refusal(state, Remove(target=cid, player=turn.player)),
        )
        for cid in dict.fromkeys(state.area)
    )


_EVIL_AT_CHECK = {
    "certain": Msg("insurrection.flow.pick.evil_certain"),
    "possible": Msg("insurrection.flow.pick.evil_possible"),
    "safe": Msg("insurrection.flow.pick.evil_safe"),
}


def _take_note(state: InsurrectionState, tally: int) -> Msg:
    """ "If I take this card, the tally becomes N" at the end of the turn, and whether Evil
    then wins (§3: checked at the end of every turn)."""
    if tally >= EVIL_AT and not state.evil_won:
        return msg("insurrection.flow.pick.tally_after_evil", tally=tally)
    return msg("insurrection.flow.pick.tally_after", tally=tally)


def _remove_note(state: InsurrectionState, cmd: Remove) -> Msg | None:
    """The marks left by the Remove, and what the take can then make of this turn's check."""
    try:
        after = engine.apply(state, cmd)
    except CompanionError:
        return None
    r = reach(after, 1)
    if r is None:
        return msg("insurrection.flow.pick.tally_after", tally=after.tally)
    return msg(
        "insurrection.flow.pick.remove_after",
        tally=after.tally,
        least=r.least,
        most=r.most,
        evil=_EVIL_AT_CHECK["certain" if r.certain else "possible" if r.possible else "safe"],
    )


def _remove_refusal(state: InsurrectionState) -> Msg | None:
    turn = state.current
    assert turn is not None
    if turn.removed:
        return Msg("insurrection.remove.done")
    if not state.area:
        return Msg("insurrection.flow.nothing_face_up")
    reasons = [c.refused for c in _remove_candidates(state)]
    return None if any(r is None for r in reasons) else reasons[0]


# corrections (spec §7: the table is the source of truth) -----------------------------------


@dataclass(frozen=True)
class ProgressForm:
    """A correction of the progress: ``now`` as it stands (the form's starting values), and
    the Path's length. The form's value maps each field of :class:`CorrectProgress` to the
    engine's value (the token's index, the turn's from 0). A form shows the values as the
    table counts them (:meth:`counted`) and answers with :meth:`uncounted` of what was typed."""

    now: CorrectProgress
    path: int
    phases: tuple[str, ...] = engine.PROGRESS_PHASES
    rounds: int = ROUNDS
    turns: int = engine.MAX_PLAYERS  # a round's turns at the most: one a player

    def counted(self) -> dict[str, Any]:
        """``now`` as the table counts it: the token from the Stronghold = 1, the turn from 1
        (ranges: round 0..``rounds``, token 0..``path``, turn 1..``turns``)."""
        n = self.now
        return {
            "round": n.round,
            "token": n.token + 1,
            "phase": n.phase,
            "turn": n.turn + 1,
            "evil_won": n.evil_won,
        }

    @staticmethod
    def uncounted(values: dict[str, Any]) -> dict[str, Any]:
        """Values counted as :meth:`counted` counts, as the engine counts them (the entry's
        answer)."""
        return {**values, "token": values["token"] - 1, "turn": values["turn"] - 1}


def correction(state: InsurrectionState) -> Ask:
    """What needs correcting: a card moved between zones, a count, the progress, and once the
    game is over the outcome; each leads to the command, one question at a time."""
    kinds: list[tuple[str, Lead]] = [
        ("move", _which_card(state)),
        ("counts", Then(_which_count, "counts")),
        ("progress", _progress_entry(state)),
    ]
    if engine.is_over(state):
        kinds.append(("outcome", _outcome_ask()))
    options = tuple(Option(lead, Msg(f"insurrection.correct.kind.{kind}")) for kind, lead in kinds)
    return Ask(
        Choice(Msg("insurrection.correct.reason"), options),
        title=Msg("insurrection.correct.title"),
        tie=False,
    )


def zones(state: InsurrectionState) -> tuple[tuple[str, Msg], ...]:
    """Where a card may be, as the engine names the zones, with their words."""
    out = [(z, Msg(f"insurrection.zone.{z}")) for z in ("deck", "area", "graveyard")]
    out += [(f"hand:{p}", msg("insurrection.zone.hand", player=p)) for p in state.players]
    return tuple(out)


def _which_card(state: InsurrectionState) -> Entry:
    """Any card the engine has somewhere it may move from (a leader nobody kept is nowhere)."""
    cat = state.catalog
    places = [z for z, _ in zones(state)]

    def candidate(card: str) -> Candidate:
        # the play area takes any card: a place a card may leave is one it may leave for there
        movable = any(_refusal(state, CorrectMove(card, z, "area")) is None for z in places)
        refused = None if movable else msg("insurrection.correct.nowhere", card=card)
        return Candidate(card, refused=refused)

    cards = Cards(
        tuple(candidate(c.id) for c in (*cat.persons, *cat.leaders)),
        title=Msg("insurrection.correct.which_card"),
    )
    return Entry(
        "insurrection.cards",
        Msg("insurrection.correct.which_card"),
        lambda picked: Then(lambda s: _move_from(s, picked[0]), ("move", picked[0])),
        subject=cards,
        suggest=cards.first(),
    )


def _moves(state: InsurrectionState, card: str) -> dict[str, tuple[str, ...]]:
    """Each zone ``card`` may be moved from, with the zones it may go to (the engine's)."""
    out: dict[str, tuple[str, ...]] = {}
    for source, _ in zones(state):
        dests = tuple(
            dest
            for dest, _ in zones(state)
            if dest != source and _refusal(state, CorrectMove(card, source, dest)) is None
        )
        if dests:
            out[source] = dests
    return out


def _move_from(state: InsurrectionState, card: str) -> Ask:
    moves, words = _moves(state, card), dict(zones(state))
    if not moves:
        raise RuleError("insurrection.correct.nowhere", card=card)
    options = tuple(
        Option(Then(lambda s, z=z: _move_to(s, card, z), ("move", card, z)), words[z])
        for z in moves
    )
    reason = msg("insurrection.correct.source", card=_name(state, card))
    return Ask(Choice(reason, options), title=Msg("insurrection.correct.title"), tie=False)


def _move_to(state: InsurrectionState, card: str, source: str) -> Ask:
    dests, words = _moves(state, card).get(source, ()), dict(zones(state))
    if not dests:
        raise RuleError("insurrection.correct.not_there", card=card, zone=source)
    options = tuple(Option(CorrectMove(card, source, z), words[z]) for z in dests)
    reason = msg("insurrection.correct.dest", card=_name(state, card), source=words[source])
    return Ask(Choice(reason, options), title=Msg("insurrection.correct.title"), tie=False)


def _which_count(state: InsurrectionState) -> Ask:
    """The deck's count, or the cards the app has not seen in a player's hand."""

    def entry(player: str | None) -> Entry:
        now = state.deck_count if player is None else state.hand(player).hidden
        prompt = (
            Msg("insurrection.correct.deck_count")
            if player is None
            else msg("insurrection.correct.hidden", player=player)
        )
        return Entry(
            "number",
            prompt,
            lambda n: CorrectCount(count=int(n), player=player),
            subject=player,
            suggest=now,
            minimum=0,
        )

    options = (Option(entry(None), Msg("insurrection.correct.deck_count")),) + tuple(
        Option(entry(p), msg("insurrection.correct.hidden", player=p)) for p in state.players
    )
    return Ask(
        Choice(Msg("insurrection.correct.kind.counts"), options),
        title=Msg("insurrection.correct.title"),
        tie=False,
    )


def _progress_entry(state: InsurrectionState) -> Entry:
    now = engine.progress_now(state)
    return Entry(
        "insurrection.progress",
        Msg("insurrection.correct.kind.progress"),
        lambda values: CorrectProgress(**dict(values)),
        subject=ProgressForm(now, len(state.path)),
        suggest={f: getattr(now, f) for f in ("round", "token", "phase", "turn", "evil_won")},
    )


def _outcome_ask() -> Ask:
    options = tuple(
        Option(CorrectOutcome(outcome=o), Msg(f"insurrection.outcome.{o}"))  # type: ignore[arg-type]
        for o in ("good", "evil")
    )
    return Ask(
        Choice(Msg("insurrection.correct.kind.outcome"), options),
        title=Msg("insurrection.correct.title"),
        tie=False,
    )


# outcome -----------------------------------------------------------------------------------


def outcome(state: InsurrectionState) -> Outcome | None:
    """How the game ended, from the final score sheet (§4): ``None`` before the scoring, or
    while the score needs values the table must still enter."""
    if state.phase != "over":
        return None
    return _outcome_of(state, engine.final_score(state))


def _outcome_of(state: InsurrectionState, sheet: ScoreSheet) -> Outcome | None:
    """The outcome from the game's final score sheet (scored once per moment)."""
    if sheet.needs or not sheet.placed:
        return None
    ranked = ranked_scores(sheet)
    reason = msg(
        "insurrection.flow.outcome",
        outcome=_outcome_msg(state),
        winner=sheet.explanation or Msg("insurrection.flow.no_winner"),
    )
    return Outcome(
        result=state.outcome or "good",
        reason=reason,
        winners=sheet.winners,
        scores=ranked,
        round=state.round or None,  # 0: a quick score of an Evil win, its round not known
        facts={**_facts(state), "breakdown": _breakdown(state, sheet)},
    )


def _breakdown(state: InsurrectionState, sheet: ScoreSheet) -> dict:
    """Each player's points card by card, as the score sheet shows them (records, CSV)."""
    cat = state.catalog
    return {
        p.player: [[c.card, dict(cat.card(c.card).name), c.total] for c in p.lines]
        for p in sheet.players
    }


def _facts(state: InsurrectionState) -> dict:
    """What records keep of the end: the ending and the leader each player kept (§2 step 3;
    ``None`` for a game saved before the app recorded it)."""
    cat = state.catalog

    def leader(player: str) -> dict | None:
        cid = state.kept_leaders.get(player)
        if cid is None:
            return None
        name = cat.card(cid).name
        return {"id": cid, "name": dict(name) if isinstance(name, dict) else {"en": str(name)}}

    return {
        "ending": state.outcome or "good",
        "leaders": {p: leader(p) for p in state.players},
    }


def ranked_scores(sheet: ScoreSheet) -> tuple[tuple[str, int], ...]:
    """Players by total, best first, in the sheet's standings (the winner first among
    equals; seat order otherwise)."""
    return tuple((s.player, s.total or 0) for s in sheet.standings)


# small helpers -----------------------------------------------------------------------------


def _leader_left(state: InsurrectionState) -> list[str]:
    cat = state.catalog
    return [p for p in state.players if not any(cat.is_leader(c) for c in state.hand(p).known)]


def _land_has_effect(state: InsurrectionState) -> bool:
    if state.land_id is None:
        return False
    land = state.catalog.land(state.land_id)
    return land.kind == "advanced" or land.effect is not None


def _refusal(state: InsurrectionState, cmd: Command) -> Msg | None:
    """Why the engine refuses ``cmd`` now (None: it would be accepted)."""
    try:
        engine.apply(state, cmd)
    except CompanionError as exc:
        return exc.message
    return None


def _name(state: InsurrectionState, cid: str) -> Msg:
    return name_msg(state.catalog.card(cid).name)


def _outcome_msg(state: InsurrectionState) -> Msg:
    return Msg(f"insurrection.outcome.{state.outcome or 'good'}")


__all__ = ["ROUNDS", "moment", "outcome"]
