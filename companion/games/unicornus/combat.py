"""Battle commands (§6) on the game state; the mathematics is in
:mod:`companion.games.unicornus.battle`.

A battle waits in ``state.battles`` from the move that started it. A player battle is
``RollBattle`` (dice entered from the table, or rolled with the state's generator) then
``ResolveBattle`` (the best assignment applied, or the table's own when ``edited``; the
players' damage split; the attacker's retreat). A princess battle (§6.2) has no dice: ``ResolveBattle`` alone.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import RuleError
from companion.games.unicornus import battle as math
from companion.games.unicornus.rules import (
    after_princess,
    check_fate,
    kill_hero,
    kill_imperial,
    merge_units,
)
from companion.games.unicornus.state import (
    PRINCESS,
    Battle,
    UKState,
    with_hero,
    with_imperial,
    with_units,
)


def battle_at(state: UKState, space: int) -> Battle:
    for b in state.battles:
        if b.space == space:
            return b
    raise RuleError("unicornus.battle.none_here", space=space)


def is_princess_battle(battle: Battle) -> bool:
    return battle.hero == PRINCESS


def dice_for(state: UKState, battle: Battle) -> int:
    """§6.1 step 1: dice = tokens, less/more the space's defence value (Ruling: allies add
    no dice unless the ``allies_add_dice`` option is on)."""
    hero = state.hero(battle.hero)
    n = math.dice_count(
        hero.tokens, state.board.defence[battle.space], battle.attacker == "kingdom"
    )
    if state.options.allies_add_dice:
        n += len(hero.allies)
    return n


def _enemy(state: UKState, battle: Battle):
    unit = state.unit_at(battle.space)
    if unit is None:
        raise RuleError("unicornus.battle.no_enemy", space=battle.space)
    if unit.leader:
        ch = state.imp(unit.leader)
        return unit, ch, {"enemy_life_left": ch.life_left}
    return unit, None, {"leaderless": True}


def _diagram(state: UKState, battle: Battle) -> tuple[str, ...]:
    hero = state.hero(battle.hero)
    return hero.attack if battle.attacker == "kingdom" else hero.defence


def battle_odds(state: UKState, space: int) -> math.Distribution:
    """The exact outcome distribution of the player battle at ``space`` before rolling."""
    battle = battle_at(state, space)
    if is_princess_battle(battle):
        raise RuleError("unicornus.battle.princess_no_dice")
    unit, ch, kw = _enemy(state, battle)
    return math.outcome_distribution(
        dice_for(state, battle),
        _diagram(state, battle),
        unit.tokens,
        ch.combat_power if ch else 0,
        **kw,
    )


def assignment(state: UKState, space: int) -> math.Assignment:
    """The best assignment of the dice rolled in the battle at ``space`` (to show)."""
    battle = battle_at(state, space)
    if not battle.rolled:
        raise RuleError("unicornus.battle.not_rolled")
    unit, ch, kw = _enemy(state, battle)
    return math.best_assignment(
        battle.dice, _diagram(state, battle), unit.tokens, ch.combat_power if ch else 0, **kw
    )


def table_assignment(
    state: UKState, space: int, tokens: tuple[int, ...], character: tuple[int, ...]
) -> math.Assignment:
    """The table's own assignment of the rolled dice (die indices on the enemy's tokens and on
    its character, the rest unassigned), checked against §6.1 step 3 and evaluated (step 4)."""
    battle = battle_at(state, space)
    if not battle.rolled:
        raise RuleError("unicornus.battle.not_rolled")
    unit, ch, kw = _enemy(state, battle)
    return math.evaluate_assignment(
        battle.dice,
        _diagram(state, battle),
        unit.tokens,
        ch.combat_power if ch else 0,
        tokens=tuple(tokens),
        character=tuple(character),
        **kw,
    )


def princess_damage(state: UKState, space: int) -> int:
    """§6.2: the damage the Princess's unit takes in the battle at ``space``."""
    battle = battle_at(state, space)
    unit, ch, _ = _enemy(state, battle)
    life_left = ch.life_left if ch else 0
    return math.princess_battle_damage(life_left, unit.tokens, len(state.princess.allies))


def roll_battle(state: UKState, cmd) -> UKState:
    battle = battle_at(state, cmd.space)
    if is_princess_battle(battle):
        raise RuleError("unicornus.battle.princess_no_dice")
    if battle.rolled:
        raise RuleError("unicornus.battle.already_rolled")
    if cmd.dice:
        # entered from the table (dice-count effects are the table's to apply before rolling)
        if any(not 1 <= f <= 6 for f in cmd.dice):
            raise RuleError("unicornus.battle.bad_die")
        dice, rng = tuple(cmd.dice), state.rng
    else:
        dice, rng = math.roll_battle(state.rng, dice_for(state, battle))
    new = replace(battle, dice=dice, rolled=True)
    return replace(state, rng=rng, battles=tuple(new if b is battle else b for b in state.battles))


def retreat_options(state: UKState, battle: Battle) -> list[int]:
    """§6.1 step 6 for imperial attackers: an origin without a character; else an adjacent
    valid space (tokens only is fine); else two spaces away over the characters."""
    board = state.board

    def free(s: int) -> bool:
        u = state.unit_at(s)
        return (
            s != battle.space
            and not board.impassable[s]
            and state.hero_at(s) is None
            and not (u and u.leader)
        )

    options = [o for o in battle.origins if free(o)]
    if options:
        return sorted(options)
    options = [n for n in board.adj[battle.space] if free(n)]
    if options:
        return sorted(options)
    two = {m for n in board.adj[battle.space] for m in board.adj[n]}
    return sorted(s for s in two if free(s) and s not in board.adj[battle.space])


def _split(damage: int, tokens: int, char_damage: int, life: int, to_life: int) -> tuple[int, int]:
    try:
        return math.allocate_damage(damage, tokens, char_damage, life, to_life)
    except ValueError as exc:  # the maths module may signal a bad split either way
        raise RuleError("unicornus.battle.bad_split", problem=str(exc)) from None


def resolve_battle(state: UKState, cmd) -> UKState:
    if state.outcome:
        raise RuleError("unicornus.rule.game_over")
    battle = battle_at(state, cmd.space)
    unit, ch, kw = _enemy(state, battle)
    hero = state.hero(battle.hero)
    rest = tuple(b for b in state.battles if b is not battle)
    if is_princess_battle(battle):
        # §6.2: she takes the damage, split by the players; the imperial unit is destroyed
        damage = princess_damage(state, cmd.space)
        tokens, dmg = _split(damage, hero.tokens, hero.damage, hero.life, cmd.to_life)
        state = with_units(state, [u for u in state.units if u is not unit])
        if ch is not None:
            state = with_imperial(state, replace(ch, status="dead", bound_to="", damage=ch.life))
        hero = replace(hero, tokens=tokens, damage=dmg)
        state = replace(with_hero(state, hero), battles=rest)
        if dmg >= hero.life:
            return kill_hero(state, hero)
        return after_princess(check_fate(state))
    if not battle.rolled:
        raise RuleError("unicornus.battle.not_rolled")
    if cmd.edited:
        a = table_assignment(state, cmd.space, cmd.tokens, cmd.character)
    else:
        a = assignment(state, cmd.space)
    tokens, dmg = _split(a.damage_taken, hero.tokens, hero.damage, hero.life, cmd.to_life)
    # the imperial unit's losses
    unit2 = replace(unit, tokens=unit.tokens - a.tokens_killed)
    state = with_units(state, [unit2 if u is unit else u for u in state.units])
    if ch is not None and a.character_damage:
        ch2 = replace(ch, damage=ch.damage + a.character_damage)
        state = with_imperial(state, ch2)
        if ch2.damage >= ch2.life:
            state = kill_imperial(state, ch.id)
    hero = replace(hero, tokens=tokens, damage=dmg)
    state = replace(with_hero(state, hero), battles=rest)
    if dmg >= hero.life:
        state = kill_hero(state, hero)
    enemy = state.unit_at(cmd.space)
    if battle.attacker == "kingdom":
        # the defender wiped out: the attacker stays; else it goes back (free, §6.1 step 6)
        if enemy is not None and hero.alive and dmg < hero.life:
            state = with_hero(state, replace(state.hero(hero.id), space=battle.origins[0]))
    elif enemy is not None and dmg < hero.life:
        options = retreat_options(state, battle)
        if cmd.retreat_to >= 0:
            if cmd.retreat_to not in options:
                raise RuleError("unicornus.battle.bad_retreat", space=cmd.retreat_to)
            to = cmd.retreat_to
        elif len(options) == 1:
            to = options[0]
        elif not options:
            to = cmd.space  # nowhere to go: it stays (the table may correct)
        else:
            raise RuleError("unicornus.battle.choose_retreat", count=len(options))
        units = [replace(u, space=to) if u.space == cmd.space else u for u in state.units]
        state = with_units(state, merge_units(units))
    return check_fate(state)
