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
class ScoreSheet:
    outcome: Outcome
    players: tuple[PlayerScore, ...]
    needs: tuple[NeedsValue, ...]
    winner: str | None  # None while a value is needed or if the tie-break cannot decide
    explanation: Msg | None = None  # how the winner was found (tie-break spelled out)
    effects: tuple[Msg, ...] = field(default=())


# End-of-game effects (§4) ------------------------------------------------------------------


@dataclass(frozen=True)
class PendingEffect:
    player: str
    card: str
    initiative: int | None


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
    cat: InsurrectionCatalog, pos: EndPosition, choice: EffectChoice
) -> tuple[EndPosition, Msg]:
    """One end-of-game effect; raises RuleError when the choice is not allowed."""
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
    cat: InsurrectionCatalog, pos: EndPosition, choices: Sequence[EffectChoice]
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
        pos, line = apply_effect(cat, pos, choice)
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


def _feature_msg(feature: Feature, scope: Scope) -> Msg:
    return Msg(f"insurrection.feature.{scope}.{feature}")


def _icon(icon: str) -> Msg:
    return Msg(f"insurrection.icon.{icon}")


def _join(parts: Sequence[Msg]) -> Msg:
    out = parts[0]
    for part in parts[1:]:
        out = msg("insurrection.score.plus", a=out, b=part)
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
    why: Msg
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
        parts.append(Msg(f"insurrection.outcome.{when.outcome}"))
    if when.token_on is not None:
        parts.append(msg("insurrection.cond.token_on", land=_land_name(cat, when.token_on)))
    if when.token_not_on is not None:
        parts.append(msg("insurrection.cond.token_not_on", land=_land_name(cat, when.token_not_on)))
    out = parts[0]
    for part in parts[1:]:
        out = msg("insurrection.cond.and", a=out, b=part)
    return out


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


def _evaluate(term: Term, path: str, card: Card, count: int, ctx: _Ctx) -> _Result:
    """One term for one card id held ``count`` times by ``ctx.player``."""
    cat, pos, hand, needs = ctx.cat, ctx.pos, ctx.hand, ctx.needs
    cid = card.id

    def val(value: int | None, name: str) -> int | None:
        return _known(value, ctx, cid, f"{path}.{name}")

    def cards_in(scope: Scope) -> tuple[str, ...]:
        return hand if scope == "hand" else pos.face_up

    def counted(features, scope: Scope) -> tuple[int | None, list[Msg]]:
        """The summed count of ``features`` in ``scope``, and a message per feature."""
        total: int | None = 0
        parts = []
        for feature in features:
            n = _count(cat, cards_in(scope), feature, needs)
            total = _add(total, n)
            parts.append(
                msg(
                    "insurrection.score.counted",
                    feature=_feature_msg(feature, scope),
                    count=_show(n),
                )
            )
        return total, parts

    if isinstance(term, Flat):
        points = val(term.points, "points")
        return _Result(points, msg("insurrection.score.flat", value=_show(points)))
    if isinstance(term, ByOutcome):
        points = val(term.good if pos.outcome == "good" else term.evil, pos.outcome)
        return _Result(
            points,
            msg(
                "insurrection.score.by_outcome",
                outcome=Msg(f"insurrection.outcome.{pos.outcome}"),
                value=_show(points),
            ),
        )
    if isinstance(term, PerIcon):
        points = val(term.points, "points")
        total, parts = counted(term.features, term.scope)
        value = None if total is None else _mul(points, total)
        return _Result(
            value,
            msg(
                "insurrection.score.per_icon",
                points=_show(points),
                what=_join(parts),
                value=_show(value),
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
                "insurrection.score.per_pair",
                points=_show(points),
                first=_feature_msg(term.first, term.scope),
                a=_show(a),
                second=_feature_msg(term.second, term.scope),
                b=_show(b),
                pairs=_show(pairs),
                value=_show(value),
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
                "insurrection.score.per_pair_of",
                points=_show(points),
                feature=_feature_msg(term.feature, term.scope),
                count=_show(n),
                pairs=_show(pairs),
                value=_show(value),
            ),
        )
    if isinstance(term, SetTable):
        size = len(term.each)
        sets = [size] * (count // size) + ([count % size] if count % size else [])
        total: int | None = 0
        for n in sets:
            each = val(term.each[n - 1], f"each[{n - 1}]")
            total = None if total is None or each is None else total + each * n
        return _Result(
            total,
            msg(
                "insurrection.score.set_table",
                sets=" + ".join(str(n) for n in sets),
                value=_show(total),
            ),
            group=True,
        )
    if isinstance(term, Majority):
        target = term.card or cid
        mine = Counter(hand)[target]
        others = max((Counter(h)[target] for p, h in pos.hands if p != ctx.player), default=0)
        if mine > others:
            points = val(term.points, "points")
            key = "insurrection.score.majority"
        else:
            points = val(term.otherwise, "otherwise")
            key = "insurrection.score.no_majority"
        return _Result(points, msg(key, mine=mine, others=others, value=_show(points)))
    if isinstance(term, SharedOrSole):
        target = term.card or cid
        holders = [p for p, h in pos.hands if p != ctx.player and target in h]
        name = name_msg(cat.card(target).name) if cat.has_card(target) else target
        if holders:
            points = val(term.shared, "shared")
            why = msg(
                "insurrection.score.shared",
                card=name,
                players=", ".join(holders),
                value=_show(points),
            )
        else:
            points = val(term.sole, "sole")
            why = msg("insurrection.score.sole", card=name, value=_show(points))
        return _Result(points, why)
    if isinstance(term, PerGraveyard):
        points = val(term.points, "points")
        value = _mul(points, pos.graveyard)
        return _Result(
            value,
            msg(
                "insurrection.score.per_graveyard",
                points=_show(points),
                count=pos.graveyard,
                value=_show(value),
            ),
        )
    if isinstance(term, Threshold):
        at_least = val(term.at_least, "at_least")
        total, parts = counted(term.features, term.scope)
        if at_least is None or total is None:
            return _Result(None, msg("insurrection.score.threshold_unknown", what=_join(parts)))
        if total >= at_least:
            points = val(term.points, "points")
            key = "insurrection.score.threshold_met"
        else:
            points = val(term.otherwise, "otherwise")
            key = "insurrection.score.threshold_not_met"
        return _Result(
            points, msg(key, what=_join(parts), total=total, at_least=at_least, value=_show(points))
        )
    if isinstance(term, Singles):
        per = val(term.per_single, "per_single")
        base = val(term.base, "base")
        held = Counter(hand)
        singles = sum(1 for other, n in held.items() if other != cid and n == 1)
        value = None if per is None or base is None else per * singles + base
        return _Result(
            value,
            msg(
                "insurrection.score.singles",
                singles=singles,
                per=_show(per),
                base=_show(base),
                value=_show(value),
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
        value = None if lacking is None else _mul(points, lacking)
        return _Result(
            value,
            msg(
                "insurrection.score.per_card_lacking",
                points=_show(points),
                icon=_icon(term.icon),
                count=_show(lacking),
                value=_show(value),
            ),
        )
    if isinstance(term, BaseMinusPerOther):
        base = val(term.base, "base")
        per = val(term.per_other, "per_other")
        others = len(hand) - 1
        value = None if base is None or per is None else base - per * others
        return _Result(
            value,
            msg(
                "insurrection.score.base_minus",
                base=_show(base),
                per=_show(per),
                count=others,
                value=_show(value),
            ),
        )
    raise TypeError(f"unknown scoring term {term!r}")  # pragma: no cover - the union is closed


def _show(value: int | None) -> str | int:
    return "?" if value is None else value


def score_card(
    cat: InsurrectionCatalog, pos: EndPosition, player: str, card_id: str, needs: _Needs
) -> CardLine:
    """Every copy of ``card_id`` in ``player``'s hand, with the line that says why."""
    hand = pos.hand(player)
    count = hand.count(card_id)
    card = cat.card(card_id)
    name = name_msg(card.name)
    if card.scoring is None:
        needs.add(card_id, "scoring")
        return CardLine(
            card_id, count, None, msg("insurrection.score.unknown_rules", name=name, count=count)
        )
    ctx = _Ctx(cat, pos, player, hand, needs)
    results: list[_Result] = []
    for i, term in enumerate(card.scoring):
        if not _holds(term.when, pos):
            continue
        res = _evaluate(term, f"scoring[{i}]", card, count, ctx)
        if not term.when.always:
            res = _Result(
                res.value,
                msg("insurrection.score.when", cond=_cond_msg(term.when, cat), why=res.why),
                res.group,
            )
        results.append(res)
    if not results:
        return CardLine(
            card_id, count, 0, msg("insurrection.score.nothing", name=name, count=count)
        )
    total: int | None = 0
    for res in results:
        part = res.value if res.group else _mul(res.value, count)
        total = None if total is None or part is None else total + part
    why = _join([r.why for r in results])
    if count == 1:
        line = msg("insurrection.score.line_one", name=name, why=why, total=_show(total))
    elif all(not r.group for r in results):
        line = msg(
            "insurrection.score.line_each", name=name, count=count, why=why, total=_show(total)
        )
    else:
        parts = [
            r.why if r.group else msg("insurrection.score.times", why=r.why, count=count)
            for r in results
        ]
        line = msg(
            "insurrection.score.line_many",
            name=name,
            count=count,
            why=_join(parts),
            total=_show(total),
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


def score(
    cat: InsurrectionCatalog, pos: EndPosition, choices: Sequence[EffectChoice] = ()
) -> ScoreSheet:
    """Apply the end-of-game effects in initiative order, then score every hand (§4, §6)."""
    for _, hand in pos.hands:
        for cid in hand:
            if not cat.has_card(cid):
                raise RuleError("insurrection.card.unknown", card=cid)
    order_needs = effect_order_needs(cat, pos)
    if order_needs:
        return ScoreSheet(pos.outcome, (), order_needs, None)
    pos, effect_lines = apply_effects(cat, pos, choices)
    needs = _Needs(cat)
    players = tuple(score_hand(cat, pos, p, needs) for p, _ in pos.hands)
    winner, why = _winner(cat, pos, players, needs)
    return ScoreSheet(pos.outcome, players, tuple(needs.items), winner, why, effect_lines)


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
    if not lowest:
        return None, msg("insurrection.winner.shared", players=", ".join(tied), total=best)
    ranked = sorted(lowest.items(), key=lambda kv: kv[1][0])
    if len(ranked) > 1 and ranked[0][1][0] == ranked[1][1][0]:
        return None, msg("insurrection.winner.shared", players=", ".join(tied), total=best)
    player, (ini, cid) = ranked[0]
    return player, msg(
        "insurrection.winner.tie_break",
        players=", ".join(tied),
        total=best,
        player=player,
        leader=name_msg(cat.card(cid).name),
        initiative=ini,
    )
