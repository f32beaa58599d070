"""Battle mathematics of Unicornus Knights (spec §6): dice, die assignment, exact odds, damage.

Pure functions over plain values; no game state types. Results are frozen dataclasses that
round-trip through ``companion.core.codec``.

The model of a player battle (§6.1), in counts of dice results:

* the kingdom unit rolls ``n`` dice (:func:`dice_count`) and reads each on a diagram
  (face → ``"hit"`` / ``"miss"`` / ``"loss"``);
* the imperial unit has ``T`` tokens and total strength ``S = T + combat power``
  (a leaderless unit: ``S = T`` and no character to give dice to);
* the table assigns dice: at most one die per token, and dice go to the imperial character
  only once every token has one; dice may stay unassigned;
* with ``k`` dice assigned, ``a`` of them losses: damage taken = ``max(0, S - k) + a``;
  tokens killed = hits on tokens; character damage = hits on the character (capped at the
  character's life left, when known: hits past death change nothing).

What "best" means
-----------------
:data:`TABLE_OBJECTIVE` (the default) compares assignments lexicographically:

1. **least damage taken** — the kingdom's tokens cost actions to recruit and its
   characters' life never heals, so nothing the dice do to the Empire is worth a point of it;
2. **most enemy tokens killed** — a token killed lowers the unit's total strength in every
   later battle (and its move threat), while damage on the character changes nothing until
   the character dies; both lower a later princess battle (§6.2) by exactly 1;
3. **most damage on the imperial character**.

This order also finds a wipe-out whenever one is possible: a wipe kills every token (the
most possible), and then the most character damage kills the character; and a wipe never
costs damage (its hits fill the tokens, so no loss die is needed as a placeholder). It does
not trade a token for the character's death: with one hit left over and one token still
standing, it kills the token. :data:`LEADER_FIRST` prefers the character's death instead
(a leaderless remnant is normal, has no combat power and cannot be bound by fate). Any tuple
of :data:`CRITERIA` is an objective. Ties on every criterion go to the fewest loss dice.

Why it is cheap: with a character, assigning every hit and every miss is never worse on any
criterion (a miss only cancels strength; a hit also hurts the enemy), so an assignment is
fixed by two numbers — the losses assigned and the hits put on tokens — and each criterion
is monotone in the second between the break points listed in :func:`_solve`. The exact odds
enumerate the multisets of (hits, misses, losses) with multinomial weights, not 6ⁿ faces.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from companion.core.errors import RuleError
from companion.core.i18n import Msg
from companion.core.rng import Rng
from companion.games.unicornus.words import count

DiceDiagram = tuple[str, str, str, str, str, str]
"""Result of faces 1..6, each ``"hit"``, ``"miss"`` or ``"loss"``."""

HIT, MISS, LOSS = "hit", "miss", "loss"
RESULTS = (HIT, MISS, LOSS)

# Objective criteria. "damage_taken" is minimised, every other one maximised.
CRITERIA = (
    "damage_taken",
    "tokens_killed",
    "character_damage",
    "character_killed",  # needs the character's life left
    "wiped_out",  # every token killed and the character (if any) dead
    "enemy_loss",  # tokens killed + character damage: what a later princess battle saves
)
Objective = tuple[str, ...]
TABLE_OBJECTIVE: Objective = ("damage_taken", "tokens_killed", "character_damage")
LEADER_FIRST: Objective = ("damage_taken", "character_killed", "tokens_killed", "character_damage")


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Assignment:
    """Where each die went (§6.1 step 3) and what it does (§6.1 step 4).

    ``tokens[i]`` is the index (into ``faces``) of the die on enemy token ``i``; tokens are
    interchangeable, so only how many have a die matters. ``character`` and ``unassigned``
    hold die indices too.
    """

    faces: tuple[int, ...]
    tokens: tuple[int, ...]
    character: tuple[int, ...]
    unassigned: tuple[int, ...]
    damage_taken: int
    tokens_killed: int
    character_damage: int
    character_killed: bool
    wiped_out: bool


@dataclass(frozen=True)
class Outcome:
    damage_taken: int
    tokens_killed: int
    character_damage: int
    probability: Fraction

    @property
    def p(self) -> float:
        return float(self.probability)


@dataclass(frozen=True)
class DistributionFloats:
    """The float view of a :class:`Distribution` (for display)."""

    damage_taken: tuple[float, ...]
    tokens_killed: tuple[float, ...]
    character_damage: tuple[float, ...]
    expected_damage_taken: float
    expected_tokens_killed: float
    expected_character_damage: float
    p_wiped_out: float | None
    p_character_killed: float | None


@dataclass(frozen=True)
class Distribution:
    """Exact outcome distribution of a battle under the best assignment (§6.1, end).

    ``damage_taken[k]`` is P(damage taken = k), likewise for the other two marginals.
    ``p_wiped_out`` and ``p_character_killed`` are ``None`` when the unit has a character
    whose life left was not given.
    """

    n_dice: int
    diagram: DiceDiagram
    enemy_tokens: int
    enemy_combat_power: int
    enemy_life_left: int | None
    leaderless: bool
    objective: Objective
    outcomes: tuple[Outcome, ...]
    damage_taken: tuple[Fraction, ...]
    tokens_killed: tuple[Fraction, ...]
    character_damage: tuple[Fraction, ...]
    expected_damage_taken: Fraction
    expected_tokens_killed: Fraction
    expected_character_damage: Fraction
    p_wiped_out: Fraction | None
    p_character_killed: Fraction | None

    def p_damage_at_most(self, k: int) -> Fraction:
        return sum(self.damage_taken[: max(0, k + 1)], Fraction(0))

    @property
    def floats(self) -> DistributionFloats:
        def opt(x: Fraction | None) -> float | None:
            return None if x is None else float(x)

        return DistributionFloats(
            damage_taken=tuple(map(float, self.damage_taken)),
            tokens_killed=tuple(map(float, self.tokens_killed)),
            character_damage=tuple(map(float, self.character_damage)),
            expected_damage_taken=float(self.expected_damage_taken),
            expected_tokens_killed=float(self.expected_tokens_killed),
            expected_character_damage=float(self.expected_character_damage),
            p_wiped_out=opt(self.p_wiped_out),
            p_character_killed=opt(self.p_character_killed),
        )


# --------------------------------------------------------------------------- §6.1 step 1


def dice_count(tokens: int, defence_value: int, attacking: bool) -> int:
    """§6.1 step 1: one die per token; a space's defence value ``v`` takes ``v`` dice from a
    player who attacks and gives ``v`` to one the Empire attacks. Never below 0."""
    if tokens < 0 or defence_value < 0:
        raise ValueError("tokens and defence value cannot be negative")
    return max(0, tokens - defence_value) if attacking else tokens + defence_value


def roll_battle(rng: Rng, n_dice: int) -> tuple[tuple[int, ...], Rng]:
    """Roll ``n_dice`` six-sided dice with the game's seeded generator."""
    if n_dice < 0:
        raise ValueError("cannot roll a negative number of dice")
    return rng.roll(6, n_dice)


# --------------------------------------------------------------------------- checks


def _check_diagram(diagram: DiceDiagram) -> None:
    if len(diagram) != 6 or any(r not in RESULTS for r in diagram):
        raise ValueError(f"a dice diagram is 6 results among {RESULTS}, got {diagram!r}")


def _check_enemy(
    enemy_tokens: int, enemy_combat_power: int, enemy_life_left: int | None, leaderless: bool
) -> None:
    if enemy_tokens < 0 or enemy_combat_power < 0:
        raise ValueError("enemy tokens and combat power cannot be negative")
    if leaderless and (enemy_combat_power or enemy_life_left is not None):
        raise ValueError("a leaderless unit has no combat power and no life")
    if enemy_life_left is not None and enemy_life_left <= 0:
        raise ValueError("an imperial character with no life left is not in a battle")


def _check_objective(objective: Objective) -> None:
    unknown = [c for c in objective if c not in CRITERIA]
    if unknown or not objective:
        raise ValueError(f"objective criteria must be among {CRITERIA}, got {objective!r}")


def _check_faces(faces: tuple[int, ...]) -> None:
    for face in faces:
        if not (isinstance(face, int) and 1 <= face <= 6):
            raise RuleError("unicornus_battle.dice.bad_face", face=face)


# --------------------------------------------------------------------------- evaluation


def _score_fn(objective: Objective) -> Callable[[int, int, int, bool, bool], tuple[int, ...]]:
    """Build the sort key (larger is better) of an outcome for ``objective``."""
    _check_objective(objective)
    getters = {
        "damage_taken": lambda d, k, c, ck, w: -d,
        "tokens_killed": lambda d, k, c, ck, w: k,
        "character_damage": lambda d, k, c, ck, w: c,
        "character_killed": lambda d, k, c, ck, w: int(ck),
        "wiped_out": lambda d, k, c, ck, w: int(w),
        "enemy_loss": lambda d, k, c, ck, w: k + c,
    }
    parts = tuple(getters[c] for c in objective)
    return lambda d, k, c, ck, w: tuple(g(d, k, c, ck, w) for g in parts)


def score(assignment: Assignment, objective: Objective = TABLE_OBJECTIVE) -> tuple[int, ...]:
    """The objective's key of an assignment: a larger tuple is a better assignment."""
    a = assignment
    return _score_fn(objective)(
        a.damage_taken, a.tokens_killed, a.character_damage, a.character_killed, a.wiped_out
    )


def _effects(
    hits_tokens: int,
    hits_character: int,
    assigned: int,
    losses_assigned: int,
    enemy_tokens: int,
    strength: int,
    enemy_life_left: int | None,
    leaderless: bool,
) -> tuple[int, int, int, bool, bool]:
    """§6.1 step 4 on counts: (damage taken, tokens killed, character damage, killed, wiped)."""
    damage = max(0, strength - assigned) + losses_assigned
    char_damage = hits_character
    killed = False
    if enemy_life_left is not None:
        char_damage = min(hits_character, enemy_life_left)
        killed = hits_character >= enemy_life_left
    wiped = hits_tokens == enemy_tokens and (leaderless or killed)
    return damage, hits_tokens, char_damage, killed, wiped


def evaluate_assignment(
    faces: tuple[int, ...],
    diagram: DiceDiagram,
    enemy_tokens: int,
    enemy_combat_power: int,
    *,
    tokens: tuple[int, ...],
    character: tuple[int, ...] = (),
    enemy_life_left: int | None = None,
    leaderless: bool = False,
) -> Assignment:
    """Check and evaluate an assignment the table made (§6.1 steps 3–4).

    ``tokens`` and ``character`` are die indices into ``faces``; every other die is
    unassigned. Raises :class:`RuleError` when a die is unknown or used twice, when more
    dice than tokens go to tokens, or when a die goes to the character while a token still
    has none ("every token first").
    """
    _check_diagram(diagram)
    _check_enemy(enemy_tokens, enemy_combat_power, enemy_life_left, leaderless)
    faces = tuple(faces)
    _check_faces(faces)
    seen: set[int] = set()
    for die in (*tokens, *character):
        if not 0 <= die < len(faces):
            raise RuleError(
                "unicornus_battle.assign.unknown_die", die=die + 1, dice=count("die", len(faces))
            )
        if die in seen:
            raise RuleError("unicornus_battle.assign.die_twice", die=die + 1)
        seen.add(die)
    if len(tokens) > enemy_tokens:
        raise RuleError(
            "unicornus_battle.assign.too_many_for_tokens",
            dice=count("die", len(tokens)),
            tokens=count("token", enemy_tokens),
        )
    if character and leaderless:
        raise RuleError("unicornus_battle.assign.no_character")
    if character and len(tokens) < enemy_tokens:
        raise RuleError("unicornus_battle.assign.tokens_first", free=enemy_tokens - len(tokens))
    result = [diagram[f - 1] for f in faces]
    hits_tokens = sum(result[d] == HIT for d in tokens)
    hits_character = sum(result[d] == HIT for d in character)
    losses = sum(result[d] == LOSS for d in (*tokens, *character))
    strength = enemy_tokens + (0 if leaderless else enemy_combat_power)
    damage, killed_tokens, char_damage, killed, wiped = _effects(
        hits_tokens,
        hits_character,
        len(tokens) + len(character),
        losses,
        enemy_tokens,
        strength,
        enemy_life_left,
        leaderless,
    )
    return Assignment(
        faces=faces,
        tokens=tuple(tokens),
        character=tuple(character),
        unassigned=tuple(d for d in range(len(faces)) if d not in seen),
        damage_taken=damage,
        tokens_killed=killed_tokens,
        character_damage=char_damage,
        character_killed=killed,
        wiped_out=wiped,
    )


# --------------------------------------------------------------------------- best assignment


@dataclass(frozen=True)
class _Plan:
    """A best assignment on counts: how many of each result go to tokens / character."""

    h1: int
    m1: int
    l1: int
    h2: int
    m2: int
    l2: int
    effects: tuple[int, int, int, bool, bool]


def _solve(
    h: int,
    m: int,
    l: int,  # noqa: E741 - hits, misses, losses
    enemy_tokens: int,
    strength: int,
    life: int | None,
    leaderless: bool,
    key: Callable[[int, int, int, bool, bool], tuple[int, ...]],
) -> _Plan:
    """Best assignment of ``h`` hits, ``m`` misses and ``l`` losses.

    Leaderless: dice only go to tokens; hits first, then misses (each cancels a point),
    then losses (each cancels a point and deals one: never better, never needed).

    With a character, every hit and miss is assigned (never worse on any criterion); the
    choices left are ``la`` losses assigned and ``h1`` hits on tokens. For a fixed ``la``,
    every criterion is monotone in ``h1`` on the pieces ``[lo, h - life]`` and
    ``[h - life + 1, hi]``, so the lexicographic best lies at a piece's end.

    What the best assignment's effects depend on (:func:`outcome_distribution` counts on it):

    * losses up to ``S``, the unit's strength (≥ ``T``): past it, a loss assigned changes
      nothing but the damage, one more (``max(0, S - k)`` is 0, ``lo`` is 0): never better,
      and the fewest losses win a tie, so ``la`` stops at ``S``;
    * misses up to ``S``: past it, ``k ≥ S`` and ``lo`` is 0 whatever the misses;
    * hits up to ``H = max(S, T + life)`` when the life left is known: past it, every token
      may be hit and the character dies whatever ``h1``, and ``h - life`` lies past ``hi``
      (leaderless: up to ``T``; with the life unknown, every hit on the character counts).
    """
    T = enemy_tokens
    best: tuple | None = None
    plan: _Plan | None = None
    if leaderless:
        h1 = min(h, T)
        m1 = min(m, T - h1)
        eff = _effects(h1, 0, h1 + m1, 0, T, strength, None, True)
        return _Plan(h1, m1, 0, 0, 0, 0, eff)
    for la in range(min(l, strength) + 1):
        k = h + m + la
        if k <= T:  # every assigned die sits on a token
            eff = _effects(h, 0, k, la, T, strength, life, False)
            cand = (key(*eff), -la, h)
            if best is None or cand > best:
                best, plan = cand, _Plan(h, m, la, 0, 0, 0, eff)
            continue
        lo, hi = max(0, T - m - la), min(h, T)
        points = {lo, hi}
        if life is not None:
            for b in (h - life, h - life + 1):
                if lo <= b <= hi:
                    points.add(b)
        for h1 in points:
            eff = _effects(h1, h - h1, k, la, T, strength, life, False)
            cand = (key(*eff), -la, h1)
            if best is None or cand > best:
                m1 = min(m, T - h1)
                l1 = T - h1 - m1
                best, plan = cand, _Plan(h1, m1, l1, h - h1, m - m1, la - l1, eff)
    assert plan is not None
    return plan


def best_assignment(
    faces: tuple[int, ...],
    diagram: DiceDiagram,
    enemy_tokens: int,
    enemy_combat_power: int,
    *,
    enemy_life_left: int | None = None,
    leaderless: bool = False,
    objective: Objective = TABLE_OBJECTIVE,
) -> Assignment:
    """§6.1 steps 3–4: the best legal assignment of the rolled ``faces`` for ``objective``
    (see the module docstring for what "best" means and why)."""
    _check_diagram(diagram)
    _check_enemy(enemy_tokens, enemy_combat_power, enemy_life_left, leaderless)
    faces = tuple(faces)
    _check_faces(faces)
    by_result: dict[str, list[int]] = {r: [] for r in RESULTS}
    for i, f in enumerate(faces):
        by_result[diagram[f - 1]].append(i)
    hits, misses, losses = by_result[HIT], by_result[MISS], by_result[LOSS]
    strength = enemy_tokens + (0 if leaderless else enemy_combat_power)
    p = _solve(
        len(hits),
        len(misses),
        len(losses),
        enemy_tokens,
        strength,
        enemy_life_left,
        leaderless,
        _score_fn(objective),
    )
    to_tokens = (*hits[: p.h1], *misses[: p.m1], *losses[: p.l1])
    to_character = (
        *hits[p.h1 : p.h1 + p.h2],
        *misses[p.m1 : p.m1 + p.m2],
        *losses[p.l1 : p.l1 + p.l2],
    )
    used = set(to_tokens) | set(to_character)
    damage, killed_tokens, char_damage, killed, wiped = p.effects
    return Assignment(
        faces=faces,
        tokens=to_tokens,
        character=to_character,
        unassigned=tuple(i for i in range(len(faces)) if i not in used),
        damage_taken=damage,
        tokens_killed=killed_tokens,
        character_damage=char_damage,
        character_killed=killed,
        wiped_out=wiped,
    )


# --------------------------------------------------------------------------- exact odds


def outcome_distribution(
    n_dice: int,
    diagram: DiceDiagram,
    enemy_tokens: int,
    enemy_combat_power: int,
    *,
    enemy_life_left: int | None = None,
    leaderless: bool = False,
    objective: Objective = TABLE_OBJECTIVE,
) -> Distribution:
    """Exact distribution of (damage taken, tokens killed, character damage) when ``n_dice``
    are rolled on ``diagram`` and assigned by :func:`best_assignment` (§6.1, end).

    Counts the multisets of results: P(h hits, m misses, l losses) =
    n!/(h! m! l!) · fh^h · fm^m · fl^l / 6ⁿ where fh, fm, fl count the diagram's faces. The
    best assignment is the same past the caps of :func:`_solve` (misses and losses past the
    unit's strength, hits past the character's death), so the multisets are weighed by
    groups, for each ``h`` those with ``m ≥ S`` and ``l ≥ S`` at once, and each group is
    solved once: linear in the dice, not cubic (scripts/bench_battle.py, up to 60 dice).
    """
    if n_dice < 0:
        raise ValueError("cannot roll a negative number of dice")
    _check_diagram(diagram)
    _check_enemy(enemy_tokens, enemy_combat_power, enemy_life_left, leaderless)
    key = _score_fn(objective)
    fh, fm, fl = (diagram.count(r) for r in RESULTS)
    strength = enemy_tokens + (0 if leaderless else enemy_combat_power)
    # what decides the best assignment: misses and losses up to S, hits up to H once the
    # character's life left is known (see _solve); each such (h, m, l) is solved once
    cap_h = n_dice
    if leaderless or enemy_life_left is not None:
        cap_h = max(strength, enemy_tokens + (enemy_life_left or 0))
    groups: dict[tuple[int, int, int], int] = {}
    for h in range(n_dice + 1):
        wh = comb(n_dice, h) * fh**h
        if not wh:  # a diagram without hits
            continue
        rest = n_dice - h
        # the misses one by one below S and the losses below S; the rest at once
        apart = {*range(min(strength, rest + 1)), *range(max(0, rest - strength + 1), rest + 1)}
        parts = [(m, comb(rest, m) * fm**m * fl ** (rest - m)) for m in sorted(apart)]
        if rest >= 2 * strength:  # m and l both ≥ S: everything else of (fm + fl)^rest
            parts.append((strength, (fm + fl) ** rest - sum(w for _, w in parts)))
        for m, w in parts:
            if w:  # else results the diagram cannot give
                group = (min(h, cap_h), min(m, strength), min(rest - m, strength))
                groups[group] = groups.get(group, 0) + wh * w
    weights: dict[tuple[int, int, int], int] = {}
    wiped_w = killed_w = 0
    for (h, m, l), w in groups.items():  # noqa: E741
        p = _solve(h, m, l, enemy_tokens, strength, enemy_life_left, leaderless, key)
        damage, killed_tokens, char_damage, killed, wiped = p.effects
        trio = (damage, killed_tokens, char_damage)
        weights[trio] = weights.get(trio, 0) + w
        wiped_w += w if wiped else 0
        killed_w += w if killed else 0
    total = 6**n_dice

    def marginal(index: int) -> tuple[Fraction, ...]:
        acc = [0] * (max(t[index] for t in weights) + 1)
        for trio, w in weights.items():
            acc[trio[index]] += w
        return tuple(Fraction(w, total) for w in acc)

    def expected(index: int) -> Fraction:
        return Fraction(sum(t[index] * w for t, w in weights.items()), total)

    known = leaderless or enemy_life_left is not None
    return Distribution(
        n_dice=n_dice,
        diagram=diagram,
        enemy_tokens=enemy_tokens,
        enemy_combat_power=enemy_combat_power,
        enemy_life_left=enemy_life_left,
        leaderless=leaderless,
        objective=tuple(objective),
        outcomes=tuple(
            Outcome(d, k, c, Fraction(w, total)) for (d, k, c), w in sorted(weights.items())
        ),
        damage_taken=marginal(0),
        tokens_killed=marginal(1),
        character_damage=marginal(2),
        expected_damage_taken=expected(0),
        expected_tokens_killed=expected(1),
        expected_character_damage=expected(2),
        p_wiped_out=Fraction(wiped_w, total) if known else None,
        p_character_killed=(
            None if leaderless or enemy_life_left is None else Fraction(killed_w, total)
        ),
    )


# --------------------------------------------------------------------------- §6.1 step 5, §6.2


def legal_splits(
    damage: int, tokens: int, char_damage: int, life: int
) -> tuple[tuple[int, int], ...]:
    """§6.1 step 5 (and §6.2): every allowed (to_tokens, to_life) split of ``damage``,
    fewest on the character first. Each point removes a token or is 1 damage on the
    character, but the character may not die while it still leads tokens."""
    if min(damage, tokens, char_damage) < 0 or life <= 0:
        raise RuleError("unicornus_battle.alloc.negative")
    if char_damage >= life:
        raise RuleError("unicornus_battle.alloc.already_dead")
    splits = []
    for to_life in range(damage + 1):
        to_tokens = damage - to_life
        if to_tokens > tokens:
            continue
        if char_damage + to_life >= life and tokens - to_tokens > 0:
            continue
        splits.append((to_tokens, to_life))
    return tuple(splits)


def allocate_damage(
    damage: int, tokens: int, char_damage: int, life: int, to_life: int
) -> tuple[int, int]:
    """§6.1 step 5: put ``to_life`` points on the character and the rest on its tokens.

    Returns (tokens left, the character's new damage). Raises :class:`RuleError` when the
    split is impossible or would kill the character while it still leads tokens.
    """
    if min(damage, tokens, char_damage, to_life) < 0 or life <= 0:
        raise RuleError("unicornus_battle.alloc.negative")
    if char_damage >= life:
        raise RuleError("unicornus_battle.alloc.already_dead")
    if to_life > damage:
        raise RuleError("unicornus_battle.alloc.more_than_damage", to_life=to_life, damage=damage)
    to_tokens = damage - to_life
    if to_tokens > tokens:
        raise RuleError(
            "unicornus_battle.alloc.too_many_tokens",
            to_tokens=to_tokens,
            tokens=count("token", tokens),
        )
    tokens_left = tokens - to_tokens
    if char_damage + to_life >= life and tokens_left > 0:
        raise RuleError(
            "unicornus_battle.alloc.kills_leader", tokens_left=count("token", tokens_left)
        )
    return tokens_left, char_damage + to_life


def princess_battle_damage(
    imperial_life_left: int, imperial_tokens: int, princess_allies: int
) -> int:
    """§6.2: the Princess's unit takes the imperial character's life left plus the unit's
    tokens, less 1 per ally of the Princess, never below 0 (a leaderless unit: life 0)."""
    if min(imperial_life_left, imperial_tokens, princess_allies) < 0:
        raise ValueError("life, tokens and allies cannot be negative")
    return max(0, imperial_life_left + imperial_tokens - princess_allies)


# --------------------------------------------------------------------------- words


_CRITERION_LABELS = {
    "damage_taken": Msg("unicornus_battle.objective.damage_taken"),
    "tokens_killed": Msg("unicornus_battle.objective.tokens_killed"),
    "character_damage": Msg("unicornus_battle.objective.character_damage"),
    "character_killed": Msg("unicornus_battle.objective.character_killed"),
    "wiped_out": Msg("unicornus_battle.objective.wiped_out"),
    "enemy_loss": Msg("unicornus_battle.objective.enemy_loss"),
}


def describe_objective(objective: Objective = TABLE_OBJECTIVE) -> tuple[Msg, ...]:
    """The objective's criteria as messages, most important first (for the UI)."""
    _check_objective(objective)
    return tuple(_CRITERION_LABELS[c] for c in objective)


def result_label(result: str) -> Msg:
    """A die result's name (hit / miss / loss) as a message."""
    return {
        HIT: Msg("unicornus_battle.result.hit"),
        MISS: Msg("unicornus_battle.result.miss"),
        LOSS: Msg("unicornus_battle.result.loss"),
    }[result]
