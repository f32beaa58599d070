"""Property tests of the battle mathematics (spec §6.1, §6.2)."""

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.core.rng import Rng
from companion.games.unicornus.battle import (
    CRITERIA,
    LEADER_FIRST,
    TABLE_OBJECTIVE,
    _effects,
    _score_fn,
    allocate_damage,
    best_assignment,
    evaluate_assignment,
    legal_splits,
    outcome_distribution,
    roll_battle,
    score,
)

diagrams = st.tuples(*[st.sampled_from(("hit", "miss", "loss"))] * 6)
objectives = st.sampled_from((TABLE_OBJECTIVE, LEADER_FIRST)) | st.permutations(CRITERIA).flatmap(
    lambda p: st.integers(1, len(p)).map(lambda k: tuple(p[:k]))
)


@st.composite
def enemies(draw):
    """(tokens, combat power, life left, leaderless) of an imperial unit."""
    leaderless = draw(st.booleans())
    tokens = draw(st.integers(0, 5))
    if leaderless:
        return tokens, 0, None, True
    return tokens, draw(st.integers(0, 5)), draw(st.none() | st.integers(1, 4)), False


def all_legal_assignments(faces, diagram, tokens, power, life, leaderless):
    """Every legal assignment, by brute force over (unassigned / token / character) per die."""
    n = len(faces)
    for targets in itertools.product((None, "t", "c"), repeat=n):
        on_tokens = tuple(i for i in range(n) if targets[i] == "t")
        on_char = tuple(i for i in range(n) if targets[i] == "c")
        try:
            yield evaluate_assignment(
                faces,
                diagram,
                tokens,
                power,
                tokens=on_tokens,
                character=on_char,
                enemy_life_left=life,
                leaderless=leaderless,
            )
        except RuleError:
            continue


@settings(max_examples=150, deadline=None)
@given(
    faces=st.lists(st.integers(1, 6), max_size=6).map(tuple),
    diagram=diagrams,
    enemy=enemies(),
    objective=objectives,
)
def test_best_assignment_is_never_beaten_by_a_legal_one(faces, diagram, enemy, objective):
    """§6.1 steps 3–4: no legal assignment scores higher on the objective than the best."""
    tokens, power, life, leaderless = enemy
    kw = dict(enemy_life_left=life, leaderless=leaderless)
    best = best_assignment(faces, diagram, tokens, power, objective=objective, **kw)
    # the proposal is itself legal and evaluates to what it claims
    assert (
        evaluate_assignment(
            faces, diagram, tokens, power, tokens=best.tokens, character=best.character, **kw
        )
        == best
    )
    top = max(score(a, objective) for a in all_legal_assignments(faces, diagram, *enemy))
    assert score(best, objective) == top


@settings(max_examples=40, deadline=None)
@given(n=st.integers(0, 20), diagram=diagrams, enemy=enemies(), objective=objectives)
def test_distribution_sums_to_exactly_one(n, diagram, enemy, objective):
    """§6.1 (exact odds): the outcomes and every marginal sum to exactly 1."""
    tokens, power, life, leaderless = enemy
    d = outcome_distribution(
        n, diagram, tokens, power, enemy_life_left=life, leaderless=leaderless, objective=objective
    )
    assert sum(o.probability for o in d.outcomes) == 1
    for marginal in (d.damage_taken, d.tokens_killed, d.character_damage):
        assert sum(marginal) == 1 and all(isinstance(p, Fraction) for p in marginal)
    assert d.expected_damage_taken == sum(k * p for k, p in enumerate(d.damage_taken))


@settings(max_examples=50, deadline=None)
@given(n=st.integers(0, 4), diagram=diagrams, enemy=enemies())
def test_distribution_equals_enumeration_of_every_face(n, diagram, enemy):
    """§6.1 (exact odds): the multiset count equals rolling out all 6ⁿ faces."""
    tokens, power, life, leaderless = enemy
    kw = dict(enemy_life_left=life, leaderless=leaderless)
    counts: dict[tuple[int, int, int], int] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        a = best_assignment(faces, diagram, tokens, power, **kw)
        trio = (a.damage_taken, a.tokens_killed, a.character_damage)
        counts[trio] = counts.get(trio, 0) + 1
    d = outcome_distribution(n, diagram, tokens, power, **kw)
    got = {(o.damage_taken, o.tokens_killed, o.character_damage): o.probability for o in d.outcomes}
    assert got == {k: Fraction(v, 6**n) for k, v in counts.items()}


def cubic_count(n, diagram, tokens, power, life, leaderless, objective):
    """The odds as they were counted before issue 26, kept as the oracle: every multiset of
    (hits, misses, losses), each solved by trying every number of losses assigned. Returns
    {(damage, tokens killed, character damage): weight}, the wiped-out and killed weights."""
    key = _score_fn(objective)
    fh, fm, fl = (diagram.count(r) for r in ("hit", "miss", "loss"))
    strength = tokens + (0 if leaderless else power)

    def solve(h, m, l):  # noqa: E741
        if leaderless:
            h1 = min(h, tokens)
            return _effects(h1, 0, h1 + min(m, tokens - h1), 0, tokens, strength, None, True)
        best = None
        for la in range(l + 1):
            k = h + m + la
            if k <= tokens:
                eff = _effects(h, 0, k, la, tokens, strength, life, False)
                cand = (key(*eff), -la, h)
                best = max(best or (cand, eff), (cand, eff))
                continue
            lo, hi = max(0, tokens - m - la), min(h, tokens)
            points = {lo, hi}
            if life is not None:
                points |= {b for b in (h - life, h - life + 1) if lo <= b <= hi}
            for h1 in points:
                eff = _effects(h1, h - h1, k, la, tokens, strength, life, False)
                cand = (key(*eff), -la, h1)
                best = max(best or (cand, eff), (cand, eff))
        return best[1]

    weights, wiped, killed = {}, 0, 0
    for h in range(n + 1) if fh else (0,):
        for m in range(n - h + 1) if fm else (0,):
            l = n - h - m  # noqa: E741
            if l and not fl:
                continue
            w = math.comb(n, h) * math.comb(n - h, m) * fh**h * fm**m * fl**l
            damage, killed_tokens, char_damage, is_killed, is_wiped = solve(h, m, l)
            trio = (damage, killed_tokens, char_damage)
            weights[trio] = weights.get(trio, 0) + w
            wiped += w if is_wiped else 0
            killed += w if is_killed else 0
    return weights, wiped, killed


@settings(max_examples=150, deadline=None)
@given(n=st.integers(0, 30), diagram=diagrams, enemy=enemies(), objective=objectives)
@example(n=25, diagram=("hit", "miss", "miss", "loss", "loss", "loss"), enemy=(3, 2, 2, False),
         objective=LEADER_FIRST)  # fmt: skip
@example(n=0, diagram=("hit",) * 6, enemy=(0, 0, None, False), objective=TABLE_OBJECTIVE)
def test_distribution_equals_the_cubic_count(n, diagram, enemy, objective):
    """§6.1 (exact odds): the odds counted with the misses and losses past the unit's strength
    taken together are exactly the odds of every multiset solved one by one."""
    tokens, power, life, leaderless = enemy
    d = outcome_distribution(
        n, diagram, tokens, power, enemy_life_left=life, leaderless=leaderless, objective=objective
    )
    weights, wiped, killed = cubic_count(n, diagram, *enemy, objective)
    total = 6**n
    assert {(o.damage_taken, o.tokens_killed, o.character_damage): o.probability
            for o in d.outcomes} == {t: Fraction(w, total) for t, w in weights.items()}  # fmt: skip
    assert len(d.outcomes) == len(weights)  # no outcome of probability 0
    if leaderless or life is not None:
        assert d.p_wiped_out == Fraction(wiped, total)
    if life is not None:
        assert d.p_character_killed == Fraction(killed, total)


@settings(max_examples=6, deadline=None, derandomize=True)  # fixed seeds: no flakes
@given(
    n=st.integers(1, 12),
    diagram=diagrams,
    enemy=enemies(),
    seed=st.integers(0, 2**31),
)
@example(
    n=15, diagram=("hit", "hit", "miss", "miss", "miss", "loss"), enemy=(6, 4, 4, False), seed=1
)
def test_distribution_agrees_with_a_seeded_monte_carlo(n, diagram, enemy, seed):
    """§6.1 (exact odds): 20 000 seeded rolls of the same battle, assigned by the best
    assignment, land within 5 standard errors of every exact probability."""
    tokens, power, life, leaderless = enemy
    kw = dict(enemy_life_left=life, leaderless=leaderless)
    exact = {
        (o.damage_taken, o.tokens_killed, o.character_damage): o.p
        for o in outcome_distribution(n, diagram, tokens, power, **kw).outcomes
    }
    samples = 20_000
    memo: dict[tuple[int, ...], tuple[int, int, int]] = {}
    seen: dict[tuple[int, int, int], int] = {}
    rng = Rng(seed)
    for _ in range(samples):
        faces, rng = roll_battle(rng, n)
        key = tuple(sorted(faces))
        if key not in memo:
            a = best_assignment(key, diagram, tokens, power, **kw)
            memo[key] = (a.damage_taken, a.tokens_killed, a.character_damage)
        seen[memo[key]] = seen.get(memo[key], 0) + 1
    assert set(seen) <= set(exact)
    for trio, p in exact.items():
        freq = seen.get(trio, 0) / samples
        assert abs(freq - p) <= 5 * math.sqrt(p * (1 - p) / samples) + 2 / samples, trio


def test_monte_carlo_check_can_fail():
    """The Monte Carlo comparison above notices a wrong distribution (here: a loss-free
    diagram's odds compared with rolls read on a loss-heavy one)."""
    exact = outcome_distribution(6, ("hit",) * 3 + ("miss",) * 3, 3, 2)
    rng, samples, bad = Rng(5), 4000, 0
    seen: dict[int, int] = {}
    for _ in range(samples):
        faces, rng = roll_battle(rng, 6)
        a = best_assignment(faces, ("hit",) * 2 + ("loss",) * 4, 3, 2)
        seen[a.damage_taken] = seen.get(a.damage_taken, 0) + 1
    for k, p in enumerate(exact.damage_taken):
        freq = seen.get(k, 0) / samples
        bad += (
            abs(freq - float(p)) > 5 * math.sqrt(float(p) * (1 - float(p)) / samples) + 2 / samples
        )
    assert bad > 0


@settings(max_examples=200, deadline=None)
@given(
    damage=st.integers(0, 12),
    tokens=st.integers(0, 8),
    life=st.integers(1, 6),
    char_damage=st.integers(0, 6),
    to_life=st.integers(0, 14),
)
def test_allocate_damage_never_leaves_a_dead_character_leading_tokens(
    damage, tokens, life, char_damage, to_life
):
    """§6.1 step 5: every accepted split keeps tokens only under a living character, uses
    all the damage, and matches legal_splits; some legal split always exists."""
    if char_damage >= life:
        with pytest.raises(RuleError):
            allocate_damage(damage, tokens, char_damage, life, to_life)
        return
    splits = legal_splits(damage, tokens, char_damage, life)
    assert splits  # everything on tokens first is always allowed
    try:
        tokens_left, new_damage = allocate_damage(damage, tokens, char_damage, life, to_life)
    except RuleError:
        assert (damage - to_life, to_life) not in splits
        return
    assert (damage - to_life, to_life) in splits
    assert not (new_damage >= life and tokens_left > 0)
    assert (tokens - tokens_left) + (new_damage - char_damage) == damage
    assert 0 <= tokens_left <= tokens


def test_best_assignment_exhaustively_for_small_battles():
    """§6.1 steps 3–4: for every result count up to 4 dice, every small enemy and several
    objectives, the best assignment scores as high as the best legal one."""
    diagram = ("hit", "hit", "hit", "miss", "miss", "loss")
    enemies_ = [(t, 0, None, True) for t in range(4)] + [
        (t, c, life, False) for t in range(4) for c in range(3) for life in (None, 1, 2)
    ]
    objectives_ = [TABLE_OBJECTIVE, LEADER_FIRST] + [(c,) for c in CRITERIA]
    objectives_ += [("wiped_out", "damage_taken"), ("enemy_loss", "damage_taken")]
    for n in range(5):
        for h, m in itertools.product(range(n + 1), repeat=2):
            if h + m > n:
                continue
            faces = (1,) * h + (4,) * m + (6,) * (n - h - m)
            for enemy in enemies_:
                legal = list(all_legal_assignments(faces, diagram, *enemy))
                for objective in objectives_:
                    best = best_assignment(
                        faces,
                        diagram,
                        enemy[0],
                        enemy[1],
                        enemy_life_left=enemy[2],
                        leaderless=enemy[3],
                        objective=objective,
                    )
                    top = max(score(a, objective) for a in legal)
                    assert score(best, objective) == top, (faces, enemy, objective)
