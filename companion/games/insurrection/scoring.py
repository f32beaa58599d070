"""End-of-game scoring (spec §4–§6): effects in initiative order, every card with a reason.

Input is an :class:`EndPosition` (the outcome, the rebel token's land, the graveyard count,
the face-up play area and every hand), so the same code scores a tracked game and a quick-score
file. Each card of a hand gives one :class:`CardLine` whose ``line`` says why, e.g.
``War Bear ×5: strict majority (5 vs 2) → 7 each = 35``. A ``"?"`` the score needs is reported
as a :class:`NeedsValue` (card and field) and the total stays unknown: never guessed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from companion.core.errors import RuleError
from companion.core.game import shared_places
from companion.core.i18n import Msg, msg
from companion.games.insurrection.catalog import (
    BaseMinusPerOther,
    ByOutcome,
    Card,
    Exchange,
    Feature,
    Flat,
    InsurrectionCatalog,
    Majority,
    Outcome,
    PerCardLacking,
    PerGraveyard,
    PerIcon,
    PerPair,
    PerPairOf,
    Scope,
    SetTable,
    SharedOrSole,
    Singles,
    TakeFaceUp,
    Term,
    Threshold,
    When,
)


def name_msg(names: dict[str, str]) -> Msg:
    """A catalog name as a Msg, so the UI shows it in its current language."""
    en = names.get("en") or next(iter(names.values()), "?")
    return msg("insurrection.name", en=en, ja=names.get("ja") or en)


@dataclass(frozen=True)
class EndPosition:
    outcome: Outcome
    token: str  # the land id under the rebel token
    graveyard: int
    face_up: tuple[str, ...]
    hands: tuple[tuple[str, tuple[str, ...]], ...]  # (player, card ids), seat order

    def hand(self, player: str) -> tuple[str, ...]:
        return dict(self.hands)[player]


@dataclass(frozen=True)
class EffectChoice:
    """What a player did with an end-of-game effect card; ``take`` None: not used."""

    player: str
    card: str
    take: str | None = None
    give: str | None = None  # the card given back face up (exchange only)


@dataclass(frozen=True)
class NeedsValue:
    """A ``"?"`` the score cannot do without: ask the user, never guess."""

    card: str
    field: str  # as companion.core.catalog.unknowns names it: persons[id=dragon].scoring[0].evil


@dataclass(frozen=True)
class CardLine:
    card: str
    count: int
    total: int | None
    line: Msg


@dataclass(frozen=True)
class PlayerScore:
    player: str
    lines: tuple[CardLine, ...]
    total: int | None


@dataclass(frozen=True)
class Standing:
    """A player's place (1 = first; players who share a place hold the same number, and the
    next place is skipped: 1, 1, 3); ``place`` None while the total is unknown."""

    place: int | None
    player: str
    total: int | None


@dataclass(frozen=True)
class ScoreSheet:
    outcome: Outcome
    players: tuple[PlayerScore, ...]
    needs: tuple[NeedsValue, ...]
    winner: str | None  # None while a value is needed or if the tie-break cannot decide
    explanation: Msg | None = None  # how the winner was found (tie-break spelled out)
    effects: tuple[Msg, ...] = field(default=())
    standings: tuple[Standing, ...] = ()  # best first (§4); see ``standings``

    @property
    def placed(self) -> bool:
        """Whether every player has a place: no total is unknown."""
        return all(s.place is not None for s in self.standings)

    @property
    def winners(self) -> tuple[str, ...]:
        """Who wins: the winner, or the players sharing first place when the tie-break cannot
        decide (§4); none while a total or a value the tie-break needs is unknown."""
        if self.needs or not self.placed:
            return ()
        return tuple(s.player for s in self.standings if s.place == 1)

    @property
    def by_place(self) -> tuple[PlayerScore, ...]:
        """The players' scores in the order of :attr:`standings` (best first)."""
        scores = {p.player: p for p in self.players}
        return tuple(scores[s.player] for s in self.standings)


# End-of-game effects (§4) ------------------------------------------------------------------


@dataclass(frozen=True)
class PendingEffect:
    player: str
    card: str
    initiative: int | None


# The most cards a hand can hold when the hands are revealed, before the end-of-game effects
# (§2 steps 2–3: 3 persons dealt and 1 leader kept; §3: each of the 6 rounds draws 1, plays 1
# and takes 1, so a hand grows by at most 1 a round).
HAND_MOST = 3 + 1 + 6
MOST_COPIES = 20  # of one person card (the catalog's range)


def box_size(cat: InsurrectionCatalog) -> int:
    """Every card the box can hold: the persons' copies (a count still ``"?"`` as the most a
    catalog allows) and the leaders."""
    return sum(MOST_COPIES if p.copies is None else p.copies for p in cat.persons) + len(
        cat.leaders
    )


def impossible(cat: InsurrectionCatalog, pos: EndPosition) -> tuple[tuple, Msg] | None:
    """What no game can end with, as (the field, the message): a hand larger than the rules
    let it grow, or more cards in the graveyard, the play area and the hands together than the
    box holds. None when the position can be."""
    for i, (player, hand) in enumerate(pos.hands):
        if len(hand) > HAND_MOST:
            return ("players", i, "hand"), msg(
                "insurrection.position.hand_too_big", player=player, count=len(hand), most=HAND_MOST
            )
    box = box_size(cat)
    cards = pos.graveyard + len(pos.face_up) + sum(len(h) for _, h in pos.hands)
    if cards > box:
        return ("graveyard",), msg(
            "insurrection.position.more_than_box",
            count=cards,
            graveyard=pos.graveyard,
            face_up=len(pos.face_up),
            hands=cards - pos.graveyard - len(pos.face_up),
            box=box,
        )
    return None


def pending_effects(cat: InsurrectionCatalog, pos: EndPosition) -> tuple[PendingEffect, ...]:
    """Effect cards in the hands, highest initiative first (§4); unknown initiatives last."""
    found = [
        PendingEffect(player, cid, cat.card(cid).initiative)
        for player, hand in pos.hands
        for cid in hand
        if cat.card(cid).end_effect is not None
    ]
    return tuple(sorted(found, key=lambda e: (e.initiative is None, -(e.initiative or 0))))


def effect_order_needs(cat: InsurrectionCatalog, pos: EndPosition) -> tuple[NeedsValue, ...]:
    """Two or more effects can only be ordered with their initiatives known."""
    pending = pending_effects(cat, pos)
    if len(pending) < 2:
        return ()
    return tuple(
        NeedsValue(e.card, f"{cat.path_of(e.card)}.initiative")
        for e in pending
        if e.initiative is None
    )


def apply_effect(
    cat: InsurrectionCatalog, pos: EndPosition, choice: EffectChoice, give_face_up: bool = True
) -> tuple[EndPosition, Msg]:
    """One end-of-game effect; raises RuleError when the choice is not allowed.
    ``give_face_up``: an exchange's given card goes face up into the play area (the rule
    option ``exchange_gives_face_up``; otherwise it leaves the hand and counts nowhere)."""
    hand = list(pos.hand(choice.player))
    if choice.card not in hand:
        raise RuleError("insurrection.effect.not_in_hand", player=choice.player, card=choice.card)
    effect = cat.card(choice.card).end_effect
    if effect is None:
        raise RuleError("insurrection.effect.none", card=choice.card)
    who = name_msg(cat.card(choice.card).name)
    if choice.take is None:
        return pos, msg("insurrection.effect.skipped", player=choice.player, card=who)
    face_up = list(pos.face_up)
    if choice.take not in face_up:
        raise RuleError("insurrection.effect.not_face_up", card=choice.take)
    taken = cat.card(choice.take)
    if isinstance(effect, TakeFaceUp) and effect.icon is not None:
        if taken.icons is None:
            raise RuleError("insurrection.effect.icons_unknown", card=choice.take)
        if effect.icon not in taken.icons:
            raise RuleError(
                "insurrection.effect.needs_icon", card=choice.take, icon=_icon(effect.icon)
            )
    face_up.remove(choice.take)
    hand.append(choice.take)
    if isinstance(effect, Exchange):
        if choice.give is None or choice.give not in hand:
            raise RuleError("insurrection.effect.give_missing", player=choice.player)
        hand.remove(choice.give)
        if give_face_up:
            face_up.append(choice.give)
        line = msg(
            "insurrection.effect.exchanged",
            player=choice.player,
            card=who,
            take=name_msg(taken.name),
            give=name_msg(cat.card(choice.give).name),
        )
    else:
        line = msg(
            "insurrection.effect.took", player=choice.player, card=who, take=name_msg(taken.name)
        )
    hands = tuple((p, tuple(hand) if p == choice.player else h) for p, h in pos.hands)
    return replace(pos, face_up=tuple(face_up), hands=hands), line


def apply_effects(
    cat: InsurrectionCatalog,
    pos: EndPosition,
    choices: Sequence[EffectChoice],
    give_face_up: bool = True,
) -> tuple[EndPosition, tuple[Msg, ...]]:
    """Apply every pending effect in initiative order; ``choices`` must follow that order
    (a pending effect without a choice is not used)."""
    pending = pending_effects(cat, pos)
    by_key = {(c.player, c.card): c for c in choices}
    extra = set(by_key) - {(e.player, e.card) for e in pending}
    if extra:
        player, card = sorted(extra)[0]
        raise RuleError("insurrection.effect.not_in_hand", player=player, card=card)
    lines: list[Msg] = []
    for effect in pending:
        choice = by_key.get((effect.player, effect.card), EffectChoice(effect.player, effect.card))
        if effect.card not in pos.hand(effect.player):  # given away by an earlier exchange
            continue
        pos, line = apply_effect(cat, pos, choice, give_face_up)
        lines.append(line)
    return pos, tuple(lines)


# Counting (§5) -------------------------------------------------------------------------------


class _Needs:
    def __init__(self, cat: InsurrectionCatalog) -> None:
        self.cat = cat
        self.items: list[NeedsValue] = []

    def add(self, card: str, field_name: str) -> None:
        item = NeedsValue(card, f"{self.cat.path_of(card)}.{field_name}")
        if item not in self.items:
            self.items.append(item)


def _count(
    cat: InsurrectionCatalog, cards: Iterable[str], feature: Feature, needs: _Needs
) -> int | None:
    """How many ``feature`` the cards carry; None (and asked for) if a card's value is '?'."""
    total: int | None = 0
    for cid in cards:
        card = cat.card(cid)
        if feature == "cards":
            n: int | None = 1
        elif feature == "corruption":
            n = card.corruption
            if n is None:
                needs.add(cid, "corruption")
        elif card.icons is None:
            n = None
            needs.add(cid, "icons")
        else:
            n = card.icons.count(feature)
        total = _add(total, n)
    return total


def _add(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a + b


def _noun(feature: Feature, count: int | None) -> Msg:
    """ "Soldier icon" / "Soldier icons" (English agrees with the count; Japanese does not)."""
    return Msg(f"insurrection.noun.{feature}.{'one' if count == 1 else 'many'}")


def _plural(key: str, count: int | None) -> str:
    """``key.one`` for exactly one, else ``key.many`` (English agrees with the count)."""
    return f"{key}.{'one' if count == 1 else 'many'}"


def _counted(feature: Feature, count: int | None) -> Msg:
    """ "3 Animal icons", "1 card" (Japanese: 動物アイコン3個, カード1枚)."""
    return Msg(_plural(f"insurrection.counted.{feature}", count), {"count": _show(count)})


def _scope(scope: Scope) -> Msg:
    return Msg(f"insurrection.scope.{scope}")


def _pairs(count: int | None) -> Msg | str:
    if count is None:
        return "?"
    return msg(f"insurrection.pairs.{'one' if count == 1 else 'many'}", count=count)


def _icon(icon: str) -> Msg:
    return Msg(f"insurrection.icon.{icon}")


def _listed(players: Sequence[str]) -> dict[str, str]:
    """Players named in a row, each language its way: "Ann, Ben" / "あき、ゆう"."""
    return {"en": ", ".join(players), "ja": "、".join(players)}


def _join(parts: Sequence[Msg], key: str = "insurrection.score.plus") -> Msg:
    out = parts[0]
    for part in parts[1:]:
        out = Msg(key, {"a": out, "b": part})
    return out


@dataclass
class _Ctx:
    cat: InsurrectionCatalog
    pos: EndPosition
    player: str
    hand: tuple[str, ...]
    needs: _Needs


@dataclass
class _Result:
    value: int | None  # per copy, or for the whole group if ``group``
    reason: Msg | None  # why, without the value; None: a plain number (a fixed value)
    group: bool = False


def _holds(when: When, pos: EndPosition) -> bool:
    if when.outcome is not None and when.outcome != pos.outcome:
        return False
    if when.token_on is not None and pos.token != when.token_on:
        return False
    return not (when.token_not_on is not None and pos.token == when.token_not_on)


def _cond_msg(when: When, cat: InsurrectionCatalog) -> Msg:
    parts: list[Msg] = []
    if when.outcome is not None:
        parts.append(Msg(f"insurrection.score.won.{when.outcome}"))
    if when.token_on is not None:
        parts.append(msg("insurrection.cond.token_on", land=_land_name(cat, when.token_on)))
    if when.token_not_on is not None:
        parts.append(msg("insurrection.cond.token_not_on", land=_land_name(cat, when.token_not_on)))
    return _join(parts, "insurrection.cond.and")


def _land_name(cat: InsurrectionCatalog, land_id: str) -> Msg | str:
    try:
        return name_msg(cat.land(land_id).name)
    except KeyError:
        return land_id


def _known(value: int | None, ctx: _Ctx, card: str, path: str) -> int | None:
    if value is None:
        ctx.needs.add(card, path)
    return value


def _mul(a: int | None, b: int) -> int | None:
    return None if a is None else a * b


def _signed(value: int | None) -> Msg | str:
    """``+ 3`` / ``− 5``: a base added at the end of a reason."""
    if value is None:
        return "+ ?"
    key = "insurrection.signed.plus" if value >= 0 else "insurrection.signed.minus"
    return Msg(key, {"value": abs(value)})


def _evaluate(term: Term, path: str, card: Card, count: int, ctx: _Ctx) -> _Result:
    """One term for one card id held ``count`` times by ``ctx.player``."""
    cat, pos, hand, needs = ctx.cat, ctx.pos, ctx.hand, ctx.needs
    cid = card.id

    def val(value: int | None, name: str) -> int | None:
        return _known(value, ctx, cid, f"{path}.{name}")

    def cards_in(scope: Scope) -> tuple[str, ...]:
        return hand if scope == "hand" else pos.face_up

    def counted(features, scope: Scope) -> tuple[int | None, list[int | None]]:
        """The summed count of ``features`` in ``scope`` and each feature's count."""
        total: int | None = 0
        counts: list[int | None] = []
        for feature in features:
            n = _count(cat, cards_in(scope), feature, needs)
            counts.append(n)
            total = _add(total, n)
        return total, counts

    if isinstance(term, Flat):
        return _Result(val(term.points, "points"), None)
    if isinstance(term, ByOutcome):
        points = val(term.good if pos.outcome == "good" else term.evil, pos.outcome)
        return _Result(points, Msg(f"insurrection.score.won.{pos.outcome}"))
    if isinstance(term, PerIcon):
        points = val(term.points, "points")
        total, counts = counted(term.features, term.scope)
        value = None if total is None else _mul(points, total)
        phrases = [_counted(f, n) for f, n in zip(term.features, counts, strict=True)]
        return _Result(
            value,
            Msg(
                _plural("insurrection.reason.per_icon", total),
                {
                    "points": _show(points),
                    "counted": _join(phrases, "insurrection.counted.and"),
                    "scope": _scope(term.scope),
                },
            ),
        )
    if isinstance(term, PerPair):
        points = val(term.points, "points")
        a = _count(cat, cards_in(term.scope), term.first, needs)
        b = _count(cat, cards_in(term.scope), term.second, needs)
        pairs = None if a is None or b is None else min(a, b)
        value = None if pairs is None else _mul(points, pairs)
        return _Result(
            value,
            msg(
                "insurrection.reason.per_pair",
                points=_show(points),
                first=_noun(term.first, 1),
                second=_noun(term.second, 1),
                scope=_scope(term.scope),
                a=_show(a),
                b=_show(b),
                pairs=_pairs(pairs),
            ),
        )
    if isinstance(term, PerPairOf):
        points = val(term.points, "points")
        n = _count(cat, cards_in(term.scope), term.feature, needs)
        pairs = None if n is None else n // 2
        value = None if pairs is None else _mul(points, pairs)
        return _Result(
            value,
            msg(
                "insurrection.reason.per_pair_of",
                points=_show(points),
                noun=_noun(term.feature, None),
                scope=_scope(term.scope),
                count=_show(n),
                pairs=_pairs(pairs),
            ),
        )
    if isinstance(term, SetTable):
        size = len(term.each)
        sets = [size] * (count // size) + ([count % size] if count % size else [])
        total: int | None = 0
        parts: list[Msg] = []
        for n in sets:
            each = val(term.each[n - 1], f"each[{n - 1}]")
            total = None if total is None or each is None else total + each * n
            if n == 1:
                parts.append(msg("insurrection.reason.set_single", each=_show(each)))
            else:
                parts.append(msg("insurrection.reason.set_part", size=n, each=_show(each)))
        return _Result(total, _join(parts, "insurrection.reason.set_and"), group=True)
    if isinstance(term, Majority):
        target = term.card or cid
        mine = Counter(hand)[target]
        others = max((Counter(h)[target] for p, h in pos.hands if p != ctx.player), default=0)
        if mine > others:
            points = val(term.points, "points")
            key = "insurrection.reason.majority"
        else:
            points = val(term.otherwise, "otherwise")
            key = "insurrection.reason.no_majority"
        return _Result(points, msg(key, mine=mine, others=others))
    if isinstance(term, SharedOrSole):
        target = term.card or cid
        holders = [p for p, h in pos.hands if p != ctx.player and target in h]
        name = name_msg(cat.card(target).name) if cat.has_card(target) else target
        if holders:
            points = val(term.shared, "shared")
            key = "insurrection.reason.shared.one"
            if len(holders) > 1:
                key = "insurrection.reason.shared.many"
            why = Msg(key, {"card": name, "players": _listed(holders)})
        else:
            points = val(term.sole, "sole")
            why = msg("insurrection.reason.sole", card=name)
        return _Result(points, why)
    if isinstance(term, PerGraveyard):
        points = val(term.points, "points")
        return _Result(
            _mul(points, pos.graveyard),
            Msg(
                _plural("insurrection.reason.per_graveyard", pos.graveyard),
                {"points": _show(points), "count": pos.graveyard},
            ),
        )
    if isinstance(term, Threshold):
        at_least = val(term.at_least, "at_least")
        total, counts = counted(term.features, term.scope)
        shown: Msg | str = str(_show(counts[0]))
        for n in counts[1:]:
            shown = msg("insurrection.score.plus", a=shown, b=_show(n))
        if len(counts) > 1:
            shown = msg("insurrection.counts.total", counts=shown, total=_show(total))
        params = {
            "noun": _join([_noun(f, None) for f in term.features], "insurrection.counted.and"),
            "scope": _scope(term.scope),
            "counts": shown,
        }
        if at_least is None or total is None:
            return _Result(None, Msg("insurrection.reason.threshold_unknown", params))
        if total >= at_least:
            points = val(term.points, "points")
            key = "insurrection.reason.threshold_met"
        else:
            points = val(term.otherwise, "otherwise")
            key = "insurrection.reason.threshold_not_met"
        return _Result(points, Msg(key, {**params, "at_least": at_least}))
    if isinstance(term, Singles):
        per = val(term.per_single, "per_single")
        base = val(term.base, "base")
        held = Counter(hand)
        singles = sum(1 for other, n in held.items() if other != cid and n == 1)
        value = None if per is None or base is None else per * singles + base
        return _Result(
            value,
            Msg(
                _plural("insurrection.reason.singles", singles),
                {"per": _show(per), "count": singles, "base": _signed(base)},
            ),
        )
    if isinstance(term, PerCardLacking):
        points = val(term.points, "points")
        lacking: int | None = 0
        skipped_self = False
        for other in hand:
            if other == cid and not term.include_self and not skipped_self:
                skipped_self = True
                continue
            icons = cat.card(other).icons
            if icons is None:
                needs.add(other, "icons")
                lacking = None
            elif term.icon not in icons:
                lacking = _add(lacking, 1)
        key = "insurrection.reason.per_card_lacking"
        if not term.include_self:
            key = "insurrection.reason.per_other_card_lacking"
        return _Result(
            None if lacking is None else _mul(points, lacking),
            Msg(
                _plural(key, lacking),
                {"points": _show(points), "icon": _icon(term.icon), "count": _show(lacking)},
            ),
        )
    if isinstance(term, BaseMinusPerOther):
        base = val(term.base, "base")
        per = val(term.per_other, "per_other")
        others = len(hand) - 1
        value = None if base is None or per is None else base - per * others
        return _Result(
            value,
            Msg(
                _plural("insurrection.reason.base_minus", others),
                {"base": _show(base), "per": _show(per), "count": others},
            ),
        )
    raise TypeError(f"unknown scoring term {term!r}")  # pragma: no cover - the union is closed


def _show(value: int | None) -> str | int:
    return "?" if value is None else value


def _alone(res: _Result, each: bool) -> Msg:
    """A term that is the card's whole score: "reason → value" (or just the value)."""
    if res.reason is None:
        key = "insurrection.score.bare_each" if each else "insurrection.score.bare"
        return Msg(key, {"value": _show(res.value)})
    key = "insurrection.score.alone_each" if each else "insurrection.score.alone"
    return Msg(key, {"reason": res.reason, "value": _show(res.value)})


def _in_sum(res: _Result, value: int | None) -> Msg:
    """A term inside a sum: "value (reason)"."""
    shown = _show(value)
    if res.reason is None:
        return msg("insurrection.score.bare", value=shown)
    return msg("insurrection.score.in_sum", value=shown, reason=res.reason)


def _sum(results: Sequence[_Result], count: int) -> Msg:
    """``2 + 6 (…) − 3 (…)``; per-copy terms of a card held with a set term get ``×n``."""
    grouped = any(r.group for r in results)
    out: Msg | None = None
    for res in results:
        negative = out is not None and res.value is not None and res.value < 0
        part = _in_sum(res, abs(res.value) if negative and res.value is not None else res.value)
        if grouped and not res.group and count > 1:
            part = msg("insurrection.score.times", term=part, count=count)
        if out is None:
            out = part
        elif negative:
            out = msg("insurrection.score.minus", a=out, b=part)
        else:
            out = msg("insurrection.score.plus", a=out, b=part)
    assert out is not None
    return out


def score_card(
    cat: InsurrectionCatalog, pos: EndPosition, player: str, card_id: str, needs: _Needs
) -> CardLine:
    """Every copy of ``card_id`` in ``player``'s hand, with the line that says why, as a
    player would say it at the table: ``War Bear ×5: strict majority (5 vs 2) → 7 each = 35``,
    ``Goat Herder: 1 + 6 (2 per Animal icon in hand (3)) = 7``."""
    hand = pos.hand(player)
    count = hand.count(card_id)
    card = cat.card(card_id)
    name = name_msg(card.name)
    label: Msg = (
        name if count == 1 else msg("insurrection.score.label_many", name=name, count=count)
    )
    if card.scoring is None:
        needs.add(card_id, "scoring")
        return CardLine(card_id, count, None, msg("insurrection.score.unknown_rules", label=label))
    ctx = _Ctx(cat, pos, player, hand, needs)
    results: list[_Result] = []
    for i, term in enumerate(card.scoring):
        if not _holds(term.when, pos):
            continue
        res = _evaluate(term, f"scoring[{i}]", card, count, ctx)
        if not term.when.always:
            cond = _cond_msg(term.when, cat)
            reason = cond if res.reason is None else None
            if reason is None:
                reason = msg("insurrection.score.cond_reason", cond=cond, reason=res.reason)
            res = _Result(res.value, reason, res.group)
        results.append(res)
    if not results:
        return CardLine(card_id, count, 0, msg("insurrection.score.nothing", label=label))
    total: int | None = 0
    for res in results:
        part = res.value if res.group else _mul(res.value, count)
        total = None if total is None or part is None else total + part
    if len(results) == 1:
        res = results[0]
        why = _alone(res, each=count > 1 and not res.group)
        if count == 1 or res.group:
            line = msg("insurrection.score.line.single", label=label, why=why)
        else:
            line = msg("insurrection.score.line.sum", label=label, why=why, total=_show(total))
    elif count > 1 and not any(r.group for r in results):
        per: int | None = 0
        for res in results:
            per = _add(per, res.value)
        line = msg(
            "insurrection.score.line.sum_each",
            label=label,
            why=_sum(results, count),
            per=_show(per),
            total=_show(total),
        )
    else:
        line = msg(
            "insurrection.score.line.sum", label=label, why=_sum(results, count), total=_show(total)
        )
    return CardLine(card_id, count, total, line)


def score_hand(
    cat: InsurrectionCatalog, pos: EndPosition, player: str, needs: _Needs
) -> PlayerScore:
    lines = tuple(
        score_card(cat, pos, player, cid, needs) for cid in dict.fromkeys(pos.hand(player))
    )
    total: int | None = 0
    for line in lines:
        total = None if total is None or line.total is None else total + line.total
    return PlayerScore(player, lines, total)


def known_cards(cat: InsurrectionCatalog, pos: EndPosition) -> None:
    """Refuse a hand holding a card that is not in the box."""
    for _, hand in pos.hands:
        for cid in hand:
            if not cat.has_card(cid):
                raise RuleError("insurrection.card.unknown", card=cid)


def score(
    cat: InsurrectionCatalog,
    pos: EndPosition,
    choices: Sequence[EffectChoice] = (),
    give_face_up: bool = True,
) -> ScoreSheet:
    """Apply the end-of-game effects in initiative order, then score every hand (§4, §6)."""
    known_cards(cat, pos)
    order_needs = effect_order_needs(cat, pos)
    if order_needs:
        return ScoreSheet(pos.outcome, (), order_needs, None)
    pos, effect_lines = apply_effects(cat, pos, choices, give_face_up)
    needs = _Needs(cat)
    players = tuple(score_hand(cat, pos, p, needs) for p, _ in pos.hands)
    winner, why = _winner(cat, pos, players, needs)
    return ScoreSheet(
        pos.outcome,
        players,
        tuple(needs.items),
        winner,
        why,
        effect_lines,
        standings(players, winner),
    )


def standings(players: Sequence[PlayerScore], winner: str | None) -> tuple[Standing, ...]:
    """Players best first, each with a place (§4). The tie-break of §4 decides who wins: the
    winner it names holds first place alone and the players it beat come next. Every other
    equal total shares its place (1, 1, 3): players tied for the win that no leader separates,
    and ties below first place, where §4 says nothing and has no Ruling, so the companion
    reads them as a table would: a shared place. Seat order among equals; unknown totals
    last, without a place."""
    known = sorted(
        (p for p in players if p.total is not None),
        key=lambda p: (-(p.total or 0), p.player != winner),
    )
    scores = [(p.player, p.total or 0) for p in known]
    won = (winner,) if winner else ()  # none: a tie for the win is shared, as any tie
    out: list[Standing] = [
        Standing(place, player, total)
        for place, (player, total) in zip(shared_places(scores, won), scores, strict=True)
    ]
    out += [Standing(None, p.player, None) for p in players if p.total is None]
    return tuple(out)


def _winner(
    cat: InsurrectionCatalog, pos: EndPosition, players: Sequence[PlayerScore], needs: _Needs
) -> tuple[str | None, Msg | None]:
    """Most points; a tie goes to the tied player holding the lowest-initiative leader (§4)."""
    if any(p.total is None for p in players) or not players:
        return None, None
    best = max(p.total or 0 for p in players)
    tied = [p.player for p in players if p.total == best]
    if len(tied) == 1:
        return tied[0], msg("insurrection.winner.most", player=tied[0], total=best)
    lowest: dict[str, tuple[int, str]] = {}
    for player in tied:
        for cid in pos.hand(player):
            if cat.is_leader(cid):
                ini = cat.card(cid).initiative
                if ini is None:
                    needs.add(cid, "initiative")
                    return None, None
                if player not in lowest or ini < lowest[player][0]:
                    lowest[player] = (ini, cid)
    # §4 names no winner when no tied player holds a leader, and the spec gives no Ruling
    # for it: the tied players share the win, as a table would read it (and share first
    # place in ``standings``). A tied player holding no leader loses to one who holds any.
    if not lowest:
        return None, msg("insurrection.winner.shared", players=_listed(tied), total=best)
    ranked = sorted(lowest.items(), key=lambda kv: kv[1][0])
    if len(ranked) > 1 and ranked[0][1][0] == ranked[1][1][0]:
        return None, msg("insurrection.winner.shared", players=_listed(tied), total=best)
    player, (ini, cid) = ranked[0]
    return player, msg(
        "insurrection.winner.tie_break",
        players=_listed(tied),
        total=best,
        player=player,
        leader=name_msg(cat.card(cid).name),
        initiative=ini,
    )


# How a card scores, before any hand is known (the leader offer at setup, §2) -------------
def rule_summary(cat: InsurrectionCatalog, card: Card) -> Msg:
    """One line saying how ``card`` scores, in the breakdown's words: "Good won → 7, Evil
    won → 2", "1 for each Soldier icon and Minion icon in hand". "?" where a value is not
    transcribed; a card whose rules are "?" says so."""
    if card.scoring is None:
        return Msg("insurrection.rule.unknown")
    if not card.scoring:
        return msg("insurrection.score.bare", value=0)
    # terms add up ("3 + Evil won: 1 for each …"); between two conditional ones "; " reads
    # as the table says it ("Good won → 0; Evil won → 5"), not as a sum of both
    out = _term_rule(card.scoring[0], card, cat)
    for before, term in zip(card.scoring, card.scoring[1:], strict=False):
        both = _conditional(before.when) and _conditional(term.when)
        key = "insurrection.rule.then" if both else "insurrection.score.plus"
        out = Msg(key, {"a": out, "b": _term_rule(term, card, cat)})
    return out


def _conditional(when: When) -> bool:
    return not (when.outcome is None and when.token_on is None and when.token_not_on is None)


def _term_rule(term: Term, card: Card, cat: InsurrectionCatalog) -> Msg:
    rule = _rule(term, card, cat)
    if not _conditional(term.when):
        return rule
    cond = _cond_msg(term.when, cat)
    if isinstance(term, Flat):
        return msg("insurrection.score.alone", reason=cond, value=_show(term.points))
    return msg("insurrection.rule.when", cond=cond, rule=rule)


def _nouns(features: Sequence[Feature]) -> Msg:
    return _join([_noun(f, 1) for f in features], "insurrection.counted.and")


def _rule(term: Term, card: Card, cat: InsurrectionCatalog) -> Msg:
    def named(cid: str | None) -> Msg | str:
        target = cid or card.id
        return name_msg(cat.card(target).name) if cat.has_card(target) else target

    if isinstance(term, Flat):
        return msg("insurrection.score.bare", value=_show(term.points))
    if isinstance(term, ByOutcome):
        return msg("insurrection.rule.by_outcome", good=_show(term.good), evil=_show(term.evil))
    if isinstance(term, PerIcon):
        key = "insurrection.rule.per_icon"
        if list(term.features) == ["cards"]:  # cards are counted in 枚, icons in 個
            key = "insurrection.rule.per_card"
        return msg(
            key,
            points=_show(term.points),
            noun=_nouns(term.features),
            scope=_scope(term.scope),
        )
    if isinstance(term, PerPair):
        return msg(
            "insurrection.rule.per_pair",
            points=_show(term.points),
            first=_noun(term.first, 1),
            second=_noun(term.second, 1),
            scope=_scope(term.scope),
        )
    if isinstance(term, PerPairOf):
        return msg(
            "insurrection.rule.per_pair_of",
            points=_show(term.points),
            noun=_noun(term.feature, None),
            scope=_scope(term.scope),
        )
    if isinstance(term, SetTable):
        return msg(
            "insurrection.rule.set_table",
            sizes="/".join(str(n) for n in range(1, len(term.each) + 1)),
            values="/".join(str(_show(v)) for v in term.each),
        )
    if isinstance(term, Majority):
        return msg(
            "insurrection.rule.majority",
            card=named(term.card),
            points=_show(term.points),
            otherwise=_show(term.otherwise),
        )
    if isinstance(term, SharedOrSole):
        return msg(
            "insurrection.rule.shared_or_sole",
            card=named(term.card),
            sole=_show(term.sole),
            shared=_show(term.shared),
        )
    if isinstance(term, PerGraveyard):
        return msg("insurrection.rule.per_graveyard", points=_show(term.points))
    if isinstance(term, Threshold):
        return msg(
            "insurrection.rule.threshold",
            noun=_join([_noun(f, None) for f in term.features], "insurrection.counted.and"),
            scope=_scope(term.scope),
            at_least=_show(term.at_least),
            points=_show(term.points),
            otherwise=_show(term.otherwise),
        )
    if isinstance(term, Singles):
        return msg("insurrection.rule.singles", per=_show(term.per_single), base=_signed(term.base))
    if isinstance(term, PerCardLacking):
        key = "insurrection.rule.per_card_lacking"
        if not term.include_self:
            key = "insurrection.rule.per_other_card_lacking"
        return Msg(key, {"points": _show(term.points), "icon": _icon(term.icon)})
    if isinstance(term, BaseMinusPerOther):
        return msg("insurrection.rule.base_minus", base=_show(term.base), per=_show(term.per_other))
    raise TypeError(f"unknown scoring term {term!r}")  # pragma: no cover - the union is closed
