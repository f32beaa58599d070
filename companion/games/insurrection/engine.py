"""The pure rules of a tracked game: ``new_game`` and ``apply`` (spec §2–§4).

Flow of phases: setup → (march → prepare → choose → turns)×≤6 → hands → effects → over.
The corruption check runs after each March reveal (Evil wins at once) and after each turn
(Evil has won; the round's remaining turns are played, each ending with ≥ 10 marks face up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.core.catalog import unknowns
from companion.core.commands import Command
from companion.core.errors import RuleError
from companion.core.i18n import Msg, msg
from companion.core.rng import new_rng
from companion.games.insurrection.catalog import InsurrectionCatalog
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
from companion.games.insurrection.scoring import (
    EffectChoice,
    EndPosition,
    ScoreSheet,
    apply_effect,
    impossible,
    known_cards,
    pending_effects,
    score,
)
from companion.games.insurrection.state import (
    EVIL_AT,
    ROUNDS,
    Hand,
    InsurrectionState,
    Options,
    Turn,
    round_shown,
)
from companion.games.insurrection.values import parse_value, with_catalog_value

# Catalog fields a tracked game cannot run without (scoring values are asked for at the end).
_PLAY_FIELDS = ("copies", "corruption", "initiative", "remove", "scout", "reveal")


def play_unknowns(cat: InsurrectionCatalog) -> list[str]:
    return [p for p in unknowns(cat) if p.rsplit(".", 1)[-1] in _PLAY_FIELDS]


MIN_PLAYERS, MAX_PLAYERS = 2, 6  # the box's range
LEADERS_EACH = 2  # §2 step 3: two leaders are dealt to each player


def player_limit(cat: InsurrectionCatalog) -> int:
    """How many players the catalog seats: 6 at most, and 2 leaders dealt to each (§2)."""
    return min(MAX_PLAYERS, len(cat.leaders) // LEADERS_EACH)


def players_refusal(cat: InsurrectionCatalog, count: int) -> Msg | None:
    """Why ``count`` players cannot play with this catalog (None: they can); when leaders are
    short, how many more the catalog needs."""
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        return msg("insurrection.setup.players_range", count=count)
    more = LEADERS_EACH * count - len(cat.leaders)
    if more > 0:
        return msg("insurrection.setup.leaders_needed", count=count, more=more)
    return None


@dataclass(frozen=True)
class Setup:
    """What the table decides before the game (§2): players in seat order from the first
    player, the 4 middle lands (None: drawn by the app), the app's deck or the table's, a
    first game (basic lands only), the rule options."""

    players: tuple[str, ...]
    path: tuple[str, ...] | None = None
    virtual: bool = False
    first_game: bool = True
    options: Options | None = None


def new_game(
    catalog: InsurrectionCatalog,
    players: Sequence[str],
    *,
    path: Sequence[str] | None = None,
    seed: int | None = None,
    virtual: bool = False,
    first_game: bool = True,
    options: Options | None = None,
) -> InsurrectionState:
    """§2 setup. ``path``: the 4 middle land ids in order (None: drawn by the app; a first
    game uses 2 basic A and 2 basic B lands). Players are in seat order, first player first."""
    missing = play_unknowns(catalog)
    if missing:
        raise RuleError(
            "insurrection.catalog.incomplete", fields=", ".join(missing[:6]), count=len(missing)
        )
    players = tuple(players)
    if len(set(players)) != len(players):
        raise RuleError("insurrection.setup.players")
    refused = players_refusal(catalog, len(players))
    if refused is not None:
        raise RuleError(refused)
    rng = new_rng(seed)
    if path is None:
        basic = [land.id for land in catalog.lands if land.kind == "basic"]
        if first_game:
            a = [lid for lid in basic if catalog.land(lid).side == "A"]
            b = [lid for lid in basic if catalog.land(lid).side == "B"]
            a, rng = rng.shuffle(a)
            b, rng = rng.shuffle(b)
            pool = [*a[:2], *b[:2]]
        else:
            pool = [land.id for land in catalog.lands if land.kind in ("basic", "advanced")]
            pool_t, rng = rng.shuffle(pool)
            pool = list(pool_t[:4])
        middle, rng = rng.shuffle(pool)
    else:
        middle = tuple(path)
    if len(middle) != 4 or any(
        not _is_land(catalog, lid) or catalog.land(lid).kind not in ("basic", "advanced")
        for lid in middle
    ):
        raise RuleError("insurrection.setup.path")
    full_path = (
        catalog.land_of_kind("stronghold").id,
        *middle,
        catalog.land_of_kind("fortress").id,
    )
    copies = {p.id: p.copies or 0 for p in catalog.persons}
    total = sum(copies.values())
    if total < 3 * len(players):
        raise RuleError("insurrection.setup.deck_small")
    state = InsurrectionState(
        catalog=catalog,
        players=players,
        path=full_path,
        options=options or Options(),
        rng=rng,
        virtual=virtual,
        unseen=copies,
        deck_count=total - 3 * len(players),
    )
    if not virtual:
        return replace(state, hands=tuple(Hand(p, hidden=3) for p in players))
    deck, rng = rng.shuffle([cid for cid, n in copies.items() for _ in range(n)])
    hands = tuple(Hand(p, hidden=3, secret=deck[3 * i : 3 * i + 3]) for i, p in enumerate(players))
    leaders, rng = rng.shuffle([c.id for c in catalog.leaders])
    offers = {p: leaders[2 * i : 2 * i + 2] for i, p in enumerate(players)}
    return replace(state, rng=rng, deck=deck[3 * len(players) :], hands=hands, leader_offers=offers)


def _is_land(cat: InsurrectionCatalog, lid: str) -> bool:
    try:
        cat.land(lid)
    except KeyError:
        return False
    return True


# Helpers ---------------------------------------------------------------------------------


def _phase(state: InsurrectionState, *phases: str) -> None:
    if state.phase not in phases:
        raise RuleError("insurrection.phase.wrong", phase=Msg(f"insurrection.phase.{state.phase}"))


def _card(state: InsurrectionState, cid: str) -> None:
    if not state.catalog.has_card(cid):
        raise RuleError("insurrection.card.unknown", card=cid)


def _with_hand(state: InsurrectionState, hand: Hand) -> InsurrectionState:
    return replace(state, hands=tuple(hand if h.player == hand.player else h for h in state.hands))


def _see(state: InsurrectionState, cid: str) -> InsurrectionState:
    """A card the table had not seen turns face up: one fewer in the unseen pool."""
    _card(state, cid)
    if state.unseen.get(cid, 0) <= 0:
        raise RuleError("insurrection.card.none_unseen", card=cid)
    return replace(state, unseen={**state.unseen, cid: state.unseen[cid] - 1})


def _from_deck(state: InsurrectionState, named: str | None) -> tuple[InsurrectionState, str]:
    """Turn up the deck's top card (named by the table, or the virtual deck's top)."""
    if state.deck_count <= 0:
        raise RuleError("insurrection.deck.empty")
    if state.virtual:
        top = state.deck[0]
        if named is not None and named != top:
            raise RuleError("insurrection.deck.not_top", card=named, top=top)
        state = replace(state, deck=state.deck[1:])
        named = top
    if named is None:
        raise RuleError("insurrection.deck.name_card")
    state = _see(state, named)
    return replace(state, deck_count=state.deck_count - 1), named


def end_turn_options(state: InsurrectionState) -> dict[str | None, int]:
    """For the current turn: each possible take (card id; None = take back the played card)
    and the face-up marks it would leave at the end of the turn (§3)."""
    turn = state.current
    if turn is None:
        return {}
    tally, played = state.tally, state.marks(turn.card)
    out: dict[str | None, int] = {c: tally - state.marks(c) + played for c in state.area}
    out[None] = tally
    return out


def allowed_takes(state: InsurrectionState) -> tuple[tuple[str, ...], bool]:
    """The face-up cards the current player may take, and whether they must take back the
    played card instead (after an Evil win, §3)."""
    options = end_turn_options(state)
    cards = tuple(c for c in dict.fromkeys(state.area))
    if not state.evil_won:
        return cards, False
    ok = tuple(c for c in cards if options[c] >= EVIL_AT)
    if ok:
        return ok, False
    return (), True


# apply -------------------------------------------------------------------------------------


def apply(state: InsurrectionState, cmd: Command) -> InsurrectionState:
    handler = _HANDLERS.get(type(cmd))
    if handler is None:
        raise RuleError("core.rule.unknown_command", kind=cmd.kind)
    return handler(state, cmd)


def _keep_leader(state: InsurrectionState, cmd: KeepLeader) -> InsurrectionState:
    _phase(state, "setup")
    hand = state.hand(cmd.player)
    if not state.catalog.is_leader(cmd.leader):
        raise RuleError("insurrection.leader.not_leader", card=cmd.leader)
    if state.virtual and cmd.leader not in state.leader_offers.get(cmd.player, ()):
        raise RuleError("insurrection.leader.not_offered", card=cmd.leader)
    if any(cmd.leader in h.known for h in state.hands if h.player != cmd.player):
        raise RuleError("insurrection.leader.taken", card=cmd.leader)
    leaders = {c.id for c in state.catalog.leaders}
    known = tuple(c for c in hand.known if c not in leaders) + (cmd.leader,)
    kept = {**state.kept_leaders, cmd.player: cmd.leader}
    return _with_hand(replace(state, kept_leaders=kept), replace(hand, known=known))


def _march(state: InsurrectionState, cmd: March) -> InsurrectionState:
    _phase(state, "setup", "march")
    if state.virtual and state.phase == "setup":
        leaders = {c.id for c in state.catalog.leaders}
        if any(not any(c in leaders for c in h.known) for h in state.hands):
            raise RuleError("insurrection.leader.keep_first")
    token = state.token + 1
    land = state.catalog.land(state.path[token])
    count = min(land.reveal or 0, state.deck_count)
    named = cmd.cards
    if named is not None and len(named) != count:
        raise RuleError("insurrection.march.count", count=count, land=land.id)
    state = replace(state, round=state.round + 1, token=token, turns=(), turn=0)
    revealed: list[str] = []
    for i in range(count):
        state, cid = _from_deck(state, named[i] if named is not None else None)
        revealed.append(cid)
    state = replace(state, area=state.area + tuple(revealed))
    if state.tally >= EVIL_AT:  # §3.1: Evil wins and the game ends now
        return replace(state, evil_won=True, outcome="evil", phase="hands")
    return replace(state, phase="prepare")


def _draw(state: InsurrectionState, cmd: Draw) -> InsurrectionState:
    _phase(state, "prepare")
    order = state.players if state.options.draws_in_seat_order else tuple(reversed(state.players))
    for player in order:
        if state.deck_count <= 0:  # §3 clarifications: no reshuffle, the draw is skipped
            break
        hand = state.hand(player)
        if state.virtual:
            hand = replace(hand, secret=hand.secret + state.deck[:1])
            state = replace(state, deck=state.deck[1:])
        state = _with_hand(
            replace(state, deck_count=state.deck_count - 1), replace(hand, hidden=hand.hidden + 1)
        )
    return replace(state, phase="choose")


def _play_one(
    state: InsurrectionState, player: str, cid: str, in_front: Sequence[str]
) -> InsurrectionState:
    _card(state, cid)
    hand = state.hand(player)
    cat = state.catalog
    if cid in hand.known:
        known = list(hand.known)
        known.remove(cid)
        return _with_hand(state, replace(hand, known=tuple(known)))
    if cat.is_leader(cid):
        # A leader not entered at setup: the player's own kept leader, unless it is seen elsewhere.
        own = any(cat.is_leader(c) for c in hand.known)
        seen = (
            any(cid in h.known for h in state.hands) or cid in state.area or cid in state.graveyard
        )
        if own or seen or cid in in_front:
            raise RuleError("insurrection.play.not_in_hand", player=player, card=cid)
        return state
    if state.virtual:
        if cid not in hand.secret:
            raise RuleError("insurrection.play.not_in_hand", player=player, card=cid)
        secret = list(hand.secret)
        secret.remove(cid)
        hand = replace(hand, secret=tuple(secret))
    if hand.hidden <= 0:
        raise RuleError("insurrection.play.not_in_hand", player=player, card=cid)
    state = _see(state, cid)
    return _with_hand(state, replace(hand, hidden=hand.hidden - 1))


def _choose(state: InsurrectionState, cmd: Choose) -> InsurrectionState:
    """§3.2: one player's secret pick (the app's deck: only it knows the hands)."""
    _phase(state, "choose")
    if not state.virtual:
        raise RuleError("insurrection.choose.table_deck")
    if cmd.player not in state.players:
        raise RuleError("insurrection.choose.no_player", player=cmd.player)
    _play_one(state, cmd.player, cmd.card, ())  # refused unless the card is in the hand
    return replace(state, chosen={**state.chosen, cmd.player: cmd.card})


def _play(state: InsurrectionState, cmd: Play) -> InsurrectionState:
    _phase(state, "choose")
    if len(cmd.cards) != len(state.players):
        raise RuleError("insurrection.play.one_each", count=len(state.players))
    for i, (player, cid) in enumerate(zip(state.players, cmd.cards, strict=True)):
        state = _play_one(state, player, cid, cmd.cards[:i])
    seat = {p: i for i, p in enumerate(state.players)}
    sign = 1 if state.options.initiative_ties_by_seat else -1
    turns = sorted(
        (Turn(p, c) for p, c in zip(state.players, cmd.cards, strict=True)),
        key=lambda t: (-(state.catalog.card(t.card).initiative or 0), sign * seat[t.player]),
    )
    return replace(state, turns=tuple(turns), turn=0, phase="turns", chosen={})


def _turn_of(state: InsurrectionState, player: str | None) -> Turn:
    """The current turn; a step naming another player is refused (entered for the wrong
    player: the table is elsewhere than the app thinks)."""
    _phase(state, "turns")
    turn = state.current
    assert turn is not None
    if player is not None and player != turn.player:
        raise RuleError("insurrection.turn.not_yours", player=player, current=turn.player)
    return turn


def _set_turn(state: InsurrectionState, turn: Turn) -> InsurrectionState:
    turns = list(state.turns)
    turns[state.turn] = turn
    return replace(state, turns=tuple(turns))


def _use_land(state: InsurrectionState, cmd: UseLand) -> InsurrectionState:
    turn = _turn_of(state, cmd.player)
    land = state.catalog.land(state.path[state.token])
    if land.kind != "advanced" and land.effect is None:
        raise RuleError("insurrection.land.no_effect")
    if turn.land_used or turn.removed or turn.scouted:  # §3: land effects come first
        raise RuleError("insurrection.land.too_late")
    return _set_turn(state, replace(turn, land_used=True))


def _remove(state: InsurrectionState, cmd: Remove) -> InsurrectionState:
    turn = _turn_of(state, cmd.player)
    if not state.catalog.card(turn.card).remove:
        raise RuleError("insurrection.remove.no_icon")
    if turn.removed:
        raise RuleError("insurrection.remove.done")
    if cmd.target not in state.area:
        raise RuleError("insurrection.card.not_face_up", card=cmd.target)
    area = list(state.area)
    area.remove(cmd.target)
    after = replace(state, area=tuple(area), graveyard=state.graveyard + (cmd.target,))
    after = _set_turn(after, replace(turn, removed=True))
    if state.evil_won:
        takes, back = allowed_takes(after)
        forced_back_ok = state.options.remove_may_force_take_back and after.tally >= EVIL_AT
        empty_ok = not after.area and after.marks(turn.card) >= EVIL_AT
        if not takes and not forced_back_ok and not empty_ok:
            raise RuleError("insurrection.evil.remove_too_many", card=cmd.target)
    return after


def _scout(state: InsurrectionState, cmd: Scout) -> InsurrectionState:
    turn = _turn_of(state, cmd.player)
    if not state.catalog.card(turn.card).scout:
        raise RuleError("insurrection.scout.no_icon")
    if turn.scouted:
        raise RuleError("insurrection.scout.done")
    if state.deck_count <= 0:
        raise RuleError("insurrection.deck.empty")
    state = _set_turn(state, replace(turn, scouted=True))
    if not cmd.face_up:
        if state.virtual:
            state = replace(state, deck=state.deck[1:] + state.deck[:1])
        return state
    state, cid = _from_deck(state, cmd.card)
    return replace(state, area=state.area + (cid,))


def _take(state: InsurrectionState, cmd: Take) -> InsurrectionState:
    turn = _turn_of(state, cmd.player)
    hand = state.hand(turn.player)
    takes, must_back = allowed_takes(state)
    if cmd.back:
        forced = state.evil_won and (must_back or not state.options.take_back_only_if_forced)
        if not forced:
            raise RuleError("insurrection.take.back_not_allowed")
        state = _with_hand(state, replace(hand, known=hand.known + (turn.card,)))
    else:
        if cmd.card is None:
            if state.area:
                raise RuleError("insurrection.take.must_take")
        elif cmd.card not in state.area:
            raise RuleError("insurrection.card.not_face_up", card=cmd.card)
        elif must_back:
            raise RuleError("insurrection.take.must_take_back")
        elif cmd.card not in takes:
            raise RuleError("insurrection.evil.take_too_many", card=cmd.card)
        area = list(state.area)
        if cmd.card is not None:
            area.remove(cmd.card)
            state = _with_hand(state, replace(hand, known=hand.known + (cmd.card,)))
        state = replace(state, area=(*area, turn.card))
    if state.tally >= EVIL_AT:  # §3: checked at the end of every turn
        state = replace(state, evil_won=True)
    return _next_turn(state)


def _next_turn(state: InsurrectionState) -> InsurrectionState:
    if state.turn + 1 < len(state.turns):
        return replace(state, turn=state.turn + 1)
    if state.evil_won:
        return replace(state, outcome="evil", phase="hands")
    if state.round >= ROUNDS:
        return replace(state, outcome="good", phase="hands")
    return replace(state, phase="march", turns=(), turn=0)


# End of game (§4) ---------------------------------------------------------------------------


def prefill(state: InsurrectionState, player: str) -> tuple[str, ...]:
    """The cards the app saw ``player`` take or keep and not play (plus, with a virtual deck,
    the cards it dealt them)."""
    hand = state.hand(player)
    return hand.known + hand.secret


def quick_end(
    catalog: InsurrectionCatalog, position: EndPosition, effects: Sequence[EffectChoice] = ()
) -> InsurrectionState:
    """A game the app did not track, at its end (the quick score): the hands revealed, the
    effects resolved, ready to score and to keep in the records like a tracked game. Refused
    like the quick score's file: a position no game can end with (§2, §3), a card not in the
    box, an effect not allowed (§4). Good wins only after round 6 (§4); when Evil won the
    round is not known (0)."""
    known_cards(catalog, position)
    found = impossible(catalog, position)
    if found is not None:
        raise RuleError(found[1])
    score(catalog, position, effects)  # an effect not allowed is refused here
    ends = {catalog.land_of_kind(k).id for k in ("stronghold", "fortress")}
    middle = [position.token] if position.token not in ends else []
    middle += [land.id for land in catalog.lands if land.id not in ends and land.id not in middle]
    path = (catalog.land_of_kind("stronghold").id, *middle[:4], catalog.land_of_kind("fortress").id)
    players = tuple(p for p, _ in position.hands)
    return InsurrectionState(
        catalog=catalog,
        players=players,
        path=path,
        hands=tuple(Hand(p, known=h) for p, h in position.hands),
        area=position.face_up,
        buried=position.graveyard,
        round=ROUNDS if position.outcome == "good" else 0,
        token=path.index(position.token) if position.token in path else len(path) - 1,
        phase="over",
        outcome=position.outcome,
        final_hands=dict(position.hands),
        effects=tuple(effects),
    )


def end_position(state: InsurrectionState) -> EndPosition:
    if state.outcome is None:
        raise RuleError("insurrection.end.not_over")
    return EndPosition(
        outcome=state.outcome,
        token=state.path[max(state.token, 0)],
        graveyard=len(state.graveyard) + state.buried,
        face_up=state.area,
        hands=tuple((p, state.final_hands.get(p, ())) for p in state.players),
    )


def next_effect(state: InsurrectionState) -> tuple[str, str] | None:
    """The (player, card) whose end-of-game effect is due, in initiative order, or None."""
    if len(state.final_hands) < len(state.players):
        return None
    pos = end_position(state)
    done = {(c.player, c.card): c for c in state.effects}
    for effect in pending_effects(state.catalog, pos):
        if effect.card not in pos.hand(effect.player):
            continue
        choice = done.get((effect.player, effect.card))
        if choice is None:
            return effect.player, effect.card
        pos, _ = apply_effect(state.catalog, pos, choice, state.options.exchange_gives_face_up)
    return None


def hand_sizes(state: InsurrectionState, player: str) -> tuple[int, ...]:
    """How many cards ``player`` may hold at the end, by the app's count (§2–§3: 3 dealt, a
    leader kept, one drawn and one played a round, one taken a turn): exactly the count,
    or one more with the table's deck when the leader kept was never entered (the app could
    not count it)."""
    n = state.hand_size(player)
    if state.virtual or player in state.kept_leaders:
        return (n,)
    if any(state.catalog.is_leader(c) for c in state.hand(player).known):
        return (n,)
    return (n, n + 1)


def _check_hand(state: InsurrectionState, player: str, cards: Sequence[str]) -> None:
    """A hand that cannot be right is refused, saying why: a card not in the box, more
    copies of a card than the box holds, or more or fewer cards than the player holds."""
    cat = state.catalog
    for cid in dict.fromkeys(cards):
        _card(state, cid)
        copies = 1 if cat.is_leader(cid) else cat.card(cid).copies or 0
        if cards.count(cid) > copies:
            raise RuleError(
                "insurrection.hand.copies", card=cid, count=cards.count(cid), copies=copies
            )
    sizes = hand_sizes(state, player)
    if len(cards) not in sizes:
        key = "insurrection.hand.count" if len(sizes) == 1 else "insurrection.hand.count_or"
        raise RuleError(key, player=player, expected=sizes[0], count=len(cards))


def _enter_hand(state: InsurrectionState, cmd: EnterHand) -> InsurrectionState:
    _phase(state, "hands", "effects", "over")
    if cmd.player not in state.players:
        raise RuleError("insurrection.player.unknown", player=cmd.player)
    _check_hand(state, cmd.player, cmd.cards)
    return _hands_in(state, {cmd.player: tuple(cmd.cards)})


def _hands_in(state: InsurrectionState, hands: dict[str, tuple[str, ...]]) -> InsurrectionState:
    """The hands revealed (the effects are resolved again on them); the next phase."""
    state = replace(state, final_hands={**state.final_hands, **hands}, effects=())
    if len(state.final_hands) < len(state.players):
        return replace(state, phase="hands")
    return replace(state, phase="effects" if next_effect(state) else "over")


def _reveal_hands(state: InsurrectionState, cmd: RevealHands) -> InsurrectionState:
    """§4 with the app's deck: every hand not yet revealed, as the app holds it."""
    _phase(state, "hands")
    if not state.virtual:
        raise RuleError("insurrection.hand.table_deck")
    left = [p for p in state.players if p not in state.final_hands]
    return _hands_in(state, {p: prefill(state, p) for p in left})


def _resolve_effect(state: InsurrectionState, cmd: ResolveEffect) -> InsurrectionState:
    _phase(state, "effects")
    due = next_effect(state)
    if due != (cmd.player, cmd.card):
        raise RuleError("insurrection.effect.not_due", card=cmd.card)
    choice = EffectChoice(cmd.player, cmd.card, cmd.take, cmd.give)
    pos = end_position(state)
    for earlier in state.effects:  # check the choice against the position it meets
        pos, _ = apply_effect(state.catalog, pos, earlier, state.options.exchange_gives_face_up)
    apply_effect(state.catalog, pos, choice, state.options.exchange_gives_face_up)
    state = replace(state, effects=state.effects + (choice,))
    return replace(state, phase="effects" if next_effect(state) else "over")


def final_score(state: InsurrectionState) -> ScoreSheet:
    """The score sheet once hands are entered and effects resolved."""
    _phase(state, "over")
    return score(
        state.catalog, end_position(state), state.effects, state.options.exchange_gives_face_up
    )


# Corrections --------------------------------------------------------------------------------


def _zone_take(state: InsurrectionState, zone: str, cid: str) -> InsurrectionState:
    if zone == "deck":
        if state.deck_count <= 0:
            raise RuleError("insurrection.deck.empty")
        state = _see(state, cid)
        if state.virtual:
            if cid not in state.deck:
                raise RuleError("insurrection.correct.not_there", card=cid, zone=zone)
            deck = list(state.deck)
            deck.remove(cid)
            state = replace(state, deck=tuple(deck))
        return replace(state, deck_count=state.deck_count - 1)
    if zone in ("area", "graveyard"):
        cards = list(getattr(state, zone))
        if cid not in cards:
            raise RuleError("insurrection.correct.not_there", card=cid, zone=zone)
        cards.remove(cid)
        return replace(state, **{zone: tuple(cards)})
    if zone.startswith("hand:"):
        hand = _zone_hand(state, zone)
        if cid not in hand.known:
            raise RuleError("insurrection.correct.not_there", card=cid, zone=zone)
        known = list(hand.known)
        known.remove(cid)
        return _with_hand(state, replace(hand, known=tuple(known)))
    raise RuleError("insurrection.correct.zone", zone=zone)


def _zone_put(state: InsurrectionState, zone: str, cid: str) -> InsurrectionState:
    if zone == "deck":
        if state.catalog.is_leader(cid):
            raise RuleError("insurrection.correct.zone", zone=zone)
        deck = state.deck + (cid,) if state.virtual else state.deck
        return replace(
            state,
            deck=deck,
            deck_count=state.deck_count + 1,
            unseen={**state.unseen, cid: state.unseen.get(cid, 0) + 1},
        )
    if zone in ("area", "graveyard"):
        return replace(state, **{zone: getattr(state, zone) + (cid,)})
    if zone.startswith("hand:"):
        hand = _zone_hand(state, zone)
        return _with_hand(state, replace(hand, known=hand.known + (cid,)))
    raise RuleError("insurrection.correct.zone", zone=zone)


def _zone_hand(state: InsurrectionState, zone: str) -> Hand:
    try:
        return state.hand(zone.split(":", 1)[1])
    except KeyError:
        raise RuleError("insurrection.correct.zone", zone=zone) from None


def _correct_move(state: InsurrectionState, cmd: CorrectMove) -> InsurrectionState:
    _card(state, cmd.card)
    _zone_put(state, cmd.dest, cmd.card)  # check the destination before moving
    return _zone_put(_zone_take(state, cmd.source, cmd.card), cmd.dest, cmd.card)


def _correct_count(state: InsurrectionState, cmd: CorrectCount) -> InsurrectionState:
    if cmd.count < 0:
        raise RuleError("insurrection.correct.negative")
    if cmd.player is None:
        return replace(state, deck_count=cmd.count)
    if cmd.player not in state.players:
        raise RuleError("insurrection.player.unknown", player=cmd.player)
    return _with_hand(state, replace(state.hand(cmd.player), hidden=cmd.count))


def _correct_progress(state: InsurrectionState, cmd: CorrectProgress) -> InsurrectionState:
    if not 0 <= cmd.round <= ROUNDS or not -1 <= cmd.token < len(state.path):
        raise RuleError("insurrection.correct.progress")
    if cmd.phase == "turns" and not 0 <= cmd.turn < len(state.turns):
        raise RuleError("insurrection.correct.progress")
    outcome = state.outcome if cmd.phase == "hands" else None
    return replace(
        state,
        round=cmd.round,
        token=cmd.token,
        phase=cmd.phase,
        turn=cmd.turn,
        evil_won=cmd.evil_won,
        outcome=outcome,
    )


def _correct_outcome(state: InsurrectionState, cmd: CorrectOutcome) -> InsurrectionState:
    _phase(state, "hands", "effects", "over")
    return replace(state, outcome=cmd.outcome, evil_won=cmd.outcome == "evil")


def _set_values(state: InsurrectionState, cmd: SetValues) -> InsurrectionState:
    cat = state.catalog
    for path, raw in cmd.values:
        cat = with_catalog_value(cat, path, parse_value(path, raw))
    return replace(state, catalog=cat)


PROGRESS_PHASES = ("march", "prepare", "choose", "turns", "hands")  # what a correction may set


def progress_now(state: InsurrectionState) -> CorrectProgress:
    """The progress as it stands, as a correction would set it (the form's starting values)."""
    phase = state.phase if state.phase in PROGRESS_PHASES else "march"
    return CorrectProgress(state.round, state.token, phase, state.turn, state.evil_won)  # type: ignore[arg-type]


def is_over(state: InsurrectionState) -> bool:
    """Evil or Good has won: the hands, effects and scores remain (§4)."""
    return state.phase in ("hands", "effects", "over")


_HANDLERS = {
    SetValues: _set_values,
    KeepLeader: _keep_leader,
    March: _march,
    Draw: _draw,
    Choose: _choose,
    Play: _play,
    UseLand: _use_land,
    Remove: _remove,
    Scout: _scout,
    Take: _take,
    EnterHand: _enter_hand,
    RevealHands: _reveal_hands,
    ResolveEffect: _resolve_effect,
    CorrectMove: _correct_move,
    CorrectCount: _correct_count,
    CorrectProgress: _correct_progress,
    CorrectOutcome: _correct_outcome,
}


def summary(state: InsurrectionState) -> Msg:
    if state.outcome is not None:
        return msg(
            "insurrection.summary.over", outcome=Msg(f"insurrection.outcome.{state.outcome}")
        )
    return msg(
        "insurrection.summary.round",
        round=round_shown(state),
        rounds=ROUNDS,
        phase=Msg(f"insurrection.phase.{state.phase}"),
        tally=state.tally,
    )
