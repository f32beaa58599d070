"""What the panels say: header, the phase banner, the kingdom and imperial panels, the details
of a space, the AIs' plans. Pure functions from the state to rich ``Text``, so the screen only
places them."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from companion.core.i18n import Msg, language, tr
from companion.games.unicornus import (
    PRINCESS,
    EmpirePlan,
    Hero,
    PrincessPlan,
    UKState,
    Unit,
    changed_options,
    count,
    describe_step,
    princess_left,
    seat_of_turn,
)
from companion.ui.colours import DANGER, MUTED, WARNING

from .hexmap import PERSONALITY_MARK, label

# the theme's colours (ui/colours.py); a character's side and personality are said by its
# mark too (PERSONALITY_MARK), "normal" imperial characters take the theme's text
GOLD = "$text-primary"
HERO = "$foreground"
PERSONALITY = {"defensive": "$text-primary", "normal": "", "aggressive": "$text-error"}
LEADERLESS = MUTED
ONGOING = "$text-error"


def personality_style(personality: str) -> str:
    return f"bold {PERSONALITY.get(personality, '')}".strip()


def imperial_name(ch) -> str:
    """An imperial character's name after its personality's mark, as on the map."""
    return f"{PERSONALITY_MARK.get(ch.personality, '?')}{name(ch.name)}"


def name(pair: tuple[str, str]) -> str:
    return pair[1] if language() == "ja" and pair[1] else pair[0]


def space_name(state: UKState, s: int) -> str:
    return state.board.names[s] if 0 <= s < len(state.board) else "—"


def seat_label(state: UKState, seat: int) -> Msg:
    heroes = ", ".join(name(state.hero(h).name) for h in state.seats[seat])
    player = state.player_name(seat)
    if player:
        return Msg("unicornus_ui.seat_named", {"player": player, "heroes": heroes})
    return Msg("unicornus_ui.seat", {"seat": seat + 1, "heroes": heroes})


def header(state: UKState) -> Text:
    out = Text()
    out.append(
        tr(Msg("unicornus_ui.header.round", {"round": state.round, "rounds": state.rounds})),
        style="bold",
    )
    out.append("  ·  ")
    out.append(tr(Msg(f"unicornus.phase.{state.phase}")), style=f"bold {GOLD}")
    out.append("  ·  ")
    out.append(
        tr(Msg("unicornus_ui.header.start", {"seat": seat_label(state, state.start_player)}))
    )
    changed = changed_options(state.options)
    out.append("  ·  ")
    if changed:
        out.append(
            tr(Msg("unicornus_ui.header.options_changed", {"n": len(changed)})), style="$text-error"
        )
    else:
        out.append(tr("unicornus_ui.header.rulings"), style=MUTED)
    out.append("\n")
    ev = state.current_event
    if ev is not None:
        out.append(tr("unicornus_ui.header.event"), style="bold")
        out.append(f" {name(ev.name)} ")
        out.append(tr(Msg("unicornus_ui.header.level", {"level": ev.level})), style=MUTED)
        if ev.ongoing:  # in force from the round it appears (§3 step 2)
            out.append(" " + tr("unicornus_ui.header.ongoing_mark"), style=DANGER)
        if any(ev.effect):  # only as the owner typed it from the card: never made up
            out.append(" — " + (name(ev.effect) or ev.effect[0] or ev.effect[1]))
    else:
        out.append(tr("unicornus_ui.header.no_event"), style=MUTED)
    ongoing = [e for e in state.ongoing if e is not ev]
    if ongoing:
        out.append("  ·  ")
        out.append(tr("unicornus_ui.header.ongoing"), style=f"bold {ONGOING}")
        out.append(" " + ", ".join(name(e.name) for e in ongoing))
    return out


TIMINGS = ("r", "t", "b", "p")


def ability_text(hero: Hero) -> Text:
    """A character's ability in short with its timing ("start of round · heal 1"), and what
    its allies give it (§9); empty when nothing was transcribed."""
    out = Text()
    text = name(hero.ability) if any(hero.ability) else ""
    if text:
        when = [tr(f"unicornus_ui.timing.{t}") for t in TIMINGS if t in hero.timing]
        if when:
            out.append(
                tr(Msg("unicornus_ui.timing.when", {"when": " / ".join(when)})), style="italic"
            )
        out.append(text)
    return out


def ally_texts(state: UKState, hero: Hero) -> list[Text]:
    out = []
    if hero.id == PRINCESS:
        return out  # her allies give no ability: each takes 1 damage off her battles (§9)
    for cid in hero.allies:
        ally = state.imp(cid)
        if any(ally.ally_ability):
            out.append(
                Text(
                    tr(
                        Msg(
                            "unicornus_ui.kingdom.ally_ability",
                            {"name": name(ally.name), "text": name(ally.ally_ability)},
                        )
                    )
                )
            )
    return out


def hero_initial(state: UKState, hero: Hero, width: int) -> str:
    if hero.id == PRINCESS:
        return tr("unicornus_ui.map.princess_initial")
    return label(state, hero.name, width)


def fit(text: str, width: int) -> str:
    """``text`` cut and padded to ``width`` terminal cells (Japanese characters take two)."""
    out, used = "", 0
    for ch in text:
        w = cell_len(ch)
        if used + w > width:
            break
        out, used = out + ch, used + w
    return out + " " * (width - used)


def kingdom_panel(state: UKState, active: str, width: int, name_width: int = 12) -> Text:
    """One line per kingdom character: tokens/command, supplies, damage/life, actions left,
    allies, the imperial characters bound to it by Fate. ``name_width``: cells for the name
    (wider under the map of a wide screen)."""
    out = Text()
    pad = " " * (max(2, width - 2) + 2)  # under the cursor mark and the map initials
    first, _, rest = tr("unicornus_ui.kingdom.columns").partition(" ")
    names = fit(first, name_width + 1) if name_width else ""  # 0: the initials only
    out.append(pad + names + rest.lstrip() + "\n", style=MUTED)
    seat = seat_of_turn(state)
    for h in state.heroes:
        mark = "▶" if h.id == active else " "
        style = "bold" if h.id in seat or h.id == active else ""
        if not h.alive:
            style = "strike " + MUTED
        ini = hero_initial(state, h, max(1, width - 2))
        out.append(mark, style=f"bold {GOLD}")
        out.append(
            fit(ini, max(2, width - 2)) + " ",
            style=f"bold {HERO}" if h.id != PRINCESS else f"bold {GOLD}",
        )
        if name_width:
            out.append(fit(name(h.name), name_width) + " ", style=style)
        out.append(f"{h.tokens:>2}/{h.command:<2} ")
        out.append(f"{h.supplies:>3}  ")
        life_style = DANGER if h.life - h.damage <= 1 else ""
        out.append(f"{h.damage}/{h.life:<2} ", style=life_style)
        if h.id == PRINCESS:
            left = princess_left(state)
            acts = f"{left}/{state.princess_actions}" if left is not None else "—"
        elif h.id in seat:
            acts = f"{state.actions_per_turn - state.used_by(h.id)}/{state.actions_per_turn}"
        else:
            acts = "—"
        out.append(f"{acts:>5} ")
        if h.id != PRINCESS:
            out.append(f"{h.support:>2} ")
        else:
            out.append("   ")
        extra = []
        if h.allies:
            extra.append("+" + ",".join(name(state.imp(a).name) for a in h.allies))
        bound = [c for c in state.imperial if c.bound_to == h.id and c.status == "board"]
        if bound:
            extra.append("∞" + ",".join(name(c.name) for c in bound))
        if h.seat >= 0:  # its player, by name when one was typed
            player = state.player_name(h.seat)
            extra.insert(0, player or tr(Msg("unicornus_ui.kingdom.seat", {"seat": h.seat + 1})))
        out.append(" ".join(extra), style=MUTED)
        out.append("\n")
        if h.id == active:  # the acting character's abilities, for the turn at hand
            for line in (ability_text(h), *ally_texts(state, h)):
                if line:
                    out.append(pad + "  ↳ ", style=MUTED)
                    out.append_text(line)
                    out.append("\n")
    out.rstrip()
    return out


def unit_text(state: UKState, unit: Unit) -> Text:
    out = Text()
    if unit.leader:
        ch = state.imp(unit.leader)
        out.append(imperial_name(ch), style=personality_style(ch.personality))
        out.append(
            " "
            + tr(
                Msg(
                    "unicornus_ui.unit.led",
                    {
                        "tokens": count("token", unit.tokens),
                        "power": ch.combat_power,
                        "life": ch.life_left,
                        "max": ch.life,
                        "personality": Msg(f"unicornus_ui.personality.{ch.personality}"),
                    },
                )
            )
        )
        if ch.bound_to:
            bound = state.known_hero(ch.bound_to)
            fate = (
                Msg("unicornus_ui.unit.fate", {"hero": name(bound.name)})
                if bound is not None
                else Msg("unicornus_ui.unit.fate_fallen")
            )
            out.append(" " + tr(fate), style=MUTED)
        if ch.no_fate:
            out.append(" " + tr("unicornus_ui.unit.no_fate"), style=MUTED)
    else:
        out.append(
            tr(Msg("unicornus_ui.unit.leaderless", {"tokens": count("token", unit.tokens)})),
            style=LEADERLESS,
        )
    return out


def imperial_panel(state: UKState) -> Text:
    out = Text()
    for u in state.units:
        out.append(f"{space_name(state, u.space):>5} ", style=MUTED)
        out.append_text(unit_text(state, u))
        out.append("\n")
    gone = [c for c in state.imperial if c.status != "board"]
    if gone:
        out.append(
            tr(
                Msg(
                    "unicornus_ui.imperial.gone",
                    {
                        "names": ", ".join(
                            f"{name(c.name)} ({tr(Msg(f'unicornus_ui.status.{c.status}'))})"
                            for c in gone
                        )
                    },
                )
            ),
            style=MUTED,
        )
    changed = changed_options(state.options)
    if changed:  # the table's rule options, beside what they change
        out.append("\n" + tr("unicornus_ui.imperial.options") + "\n", style="bold")
        for opt, value in changed:
            out.append(
                "  "
                + tr(
                    Msg(
                        "unicornus_ui.imperial.option",
                        {
                            "name": Msg(f"unicornus.option.{opt}"),
                            "value": Msg("unicornus.log.on" if value else "unicornus.log.off"),
                        },
                    )
                )
                + "\n"
            )
    out.rstrip()
    return out


def _tile_label(board, s: int) -> str:
    """The tile's position and, when the board knows it, its printed name ("5 Cinder Vale")."""
    tile = board.tile_name(s)
    return f"{board.area[s]} {name(tile)}" if tile else str(board.area[s])


def details(state: UKState, s: int) -> Text:
    """The selected space: name, tile, distance to the goal, printed marks, who stands there."""
    b = state.board
    out = Text()
    out.append(
        tr(
            Msg(
                "unicornus_ui.details.space",
                {
                    "space": b.names[s],
                    "tile": _tile_label(b, s),
                    "dist": count("step", b.dist[s]) if b.dist[s] < 999 else "∞",
                },
            )
        ),
        style="bold",
    )
    marks = []
    if b.impassable[s]:
        marks.append(tr("unicornus_ui.details.impassable"))
    if s == b.goal:
        marks.append(tr("unicornus_ui.details.goal"))
    for field in ("difficulty", "recruit", "resource", "defence"):
        v = getattr(b, field)[s]
        if v:
            marks.append(tr(Msg(f"unicornus_ui.details.{field}", {"n": v})))
    start = b.start[s]
    if start and start != "goal":
        kind, _, who = start.partition(":")
        label = who
        try:
            if kind == "imperial":
                label = name(state.imp(who).name)
            elif kind == "kingdom":
                label = name(state.hero(who).name)
        except KeyError:
            pass
        if kind == "princess":
            label = name(state.princess.name)
        marks.append(tr(Msg("unicornus_ui.details.start", {"who": label})))
    # The marks continue the space line, so the same separator runs between them.
    out.append(" · " + (" · ".join(marks) if marks else tr("unicornus_ui.details.plain")))
    hero = state.hero_at(s)
    unit = state.unit_at(s)
    if hero is not None:
        out.append("\n")
        out.append(name(hero.name), style=f"bold {HERO}")
        out.append(
            " "
            + tr(
                Msg(
                    "unicornus_ui.details.hero",
                    {
                        "tokens": hero.tokens,
                        "command": hero.command,
                        "supplies": count("supply", hero.supplies),
                        "damage": hero.damage,
                        "life": hero.life,
                    },
                )
            )
        )
        for line in (ability_text(hero), *ally_texts(state, hero)):
            if line:
                out.append("  ")
                out.append_text(line)
    if unit is not None:
        out.append("\n")
        out.append_text(unit_text(state, unit))
    battle = next((x for x in state.battles if x.space == s), None)
    if battle is not None:
        out.append("\n" + tr("unicornus_ui.details.battle"), style=DANGER)
    return out


def princess_plan(state: UKState, plan: PrincessPlan) -> Text:
    out = Text()
    out.append(
        tr(
            Msg(
                "unicornus_ui.princess.title",
                {"used": state.princess_used, "actions": state.princess_actions},
            )
        )
        + "\n",
        style="bold",
    )
    first = state.princess_used + 1
    for i, step in enumerate(plan.steps):
        style = "bold reverse" if i == 0 else ""
        if step.action == "move" and step.to >= 0:
            what = tr(Msg("unicornus_ui.princess.move", {"space": space_name(state, step.to)}))
        elif step.action == "move":
            what = tr("unicornus_ui.princess.move_choice")
        else:
            what = tr(Msg("unicornus_ui.princess.procure", {"gain": -step.cost}))
        out.append(f"{first + i}. {what}", style=style)
        out.append(f"  {tr(step.reason)}\n", style="" if i == 0 else MUTED)
    if plan.steps and (plan.steps[-1].choice is not None or plan.steps[-1].battle):
        rest = state.princess_actions - state.princess_used - len(plan.steps)
        if rest > 0:
            out.append(
                tr(Msg("unicornus_ui.princess.later", {"n": count("action", rest)})),
                style="italic " + MUTED,
            )
    out.rstrip()
    return out


def empire_plan(
    state: UKState, plan: EmpirePlan, picks: dict[int, int], forbid: tuple[tuple[int, int], ...]
) -> Text:
    """Every imperial unit in the helpful order (nearest a kingdom unit first): where it goes
    and why; the picks the table made; units that stay are dimmed."""
    out = Text()
    out.append(tr("unicornus_ui.empire.title") + "\n", style="bold")
    moving = [st for st in plan.steps if st.to >= 0 or st.choice is not None or st.unit in picks]
    staying = [st for st in plan.steps if st not in moving]
    for i, st in enumerate(moving, 1):
        unit = state.unit_at(st.unit)
        out.append(f"{i:>2}. ")
        out.append_text(_unit_short(state, unit))
        to = picks.get(st.unit, st.to)
        if to >= 0:
            out.append(f" {space_name(state, st.unit)} → {space_name(state, to)}", style="bold")
            if state.hero_at(to) is not None:
                out.append(" ⚔", style=DANGER)
        else:
            out.append(f" {space_name(state, st.unit)} → ?", style=f"bold {GOLD}")
        out.append(f"  {tr(st.reason)}", style="")
        if st.unit in picks:
            out.append("  " + tr("unicornus_ui.empire.picked"), style=f"italic {GOLD}")
        out.append("\n")
    if not moving:
        out.append(tr("unicornus_ui.empire.nobody_moves") + "\n", style="italic")
    if staying:
        out.append(tr(Msg("unicornus_ui.empire.staying", {"n": len(staying)})) + " ", style=MUTED)
        out.append(
            ", ".join(
                f"{_plain_unit(state, state.unit_at(st.unit))} {space_name(state, st.unit)}"
                for st in staying
            ),
            style=MUTED,
        )
    out.rstrip()
    return out


def _plain_unit(state: UKState, unit: Unit | None) -> str:
    if unit is None:
        return "?"
    if unit.leader:
        return f"{name(state.imp(unit.leader).name)} {unit.tokens}"
    return f"•{unit.tokens}"


def _unit_short(state: UKState, unit: Unit | None) -> Text:
    if unit is None:
        return Text("?")
    if unit.leader:
        ch = state.imp(unit.leader)
        return Text(
            f"{imperial_name(ch)} ({unit.tokens})",
            style=personality_style(ch.personality),
        )
    return Text(
        tr(Msg("unicornus_ui.unit.tokens", {"tokens": count("token", unit.tokens)})),
        style=LEADERLESS,
    )


def battles_panel(state: UKState) -> Text:
    out = Text()
    if state.battles:
        out.append(tr("unicornus_ui.empire.battles") + "\n", style="bold")
        for b in state.battles:
            unit = state.unit_at(b.space)
            out.append(f"  {space_name(state, b.space)} ", style=DANGER)
            out.append(name(state.hero(b.hero).name), style=f"bold {HERO}")
            out.append(" ⚔ ")
            out.append_text(_unit_short(state, unit))
            origins = ", ".join(space_name(state, o) for o in b.origins)
            out.append(
                "  " + tr(Msg("unicornus_ui.empire.from", {"origins": origins})) + "\n",
                style=MUTED,
            )
    if state.fate_pending:
        out.append(tr("unicornus_ui.empire.fate_waiting") + " ", style="bold")
        out.append(", ".join(name(state.imp(c).name) for c in state.fate_pending))
    out.rstrip()
    if not out:  # the Empire's battles fought (or none begun), no Fate card to draw
        out.append(tr("unicornus_ui.empire.no_battles"), style=MUTED)
    return out


def foresight_panel(state: UKState, seen, step=None) -> Text:
    """The engine's preview (``preview``), in the order it happens: the Princess's actions,
    her battles, Fate prompts, every imperial unit that moves with its reason (those that stay
    counted), the battles the Empire starts with their odds; ties shown as such, with their
    options (the preview took the first). A ``Msg`` is the rules' reason the hypothetical
    step is refused. ``step``: the hypothetical step previewed (None: the players stop now)."""
    out = Text()
    if isinstance(seen, Msg):
        out.append(tr(seen), style=WARNING)
        return out
    title = Msg("unicornus_ui.foresight.now")
    if step is not None:  # "what if" the acting character made this step first
        title = Msg("unicornus_ui.foresight.what_if", {"step": describe_step(step, state)})
    out.append(tr(title) + "\n", style="bold")
    n = 0
    staying = sum(1 for x in seen.of("empire") if x.space < 0)
    empire = [i for i, x in enumerate(seen.seen) if x.who == "empire"]
    for i, x in enumerate(seen.seen):
        if empire and i == empire[-1] + 1 and staying:  # after the Empire's moves
            out.append(tr(Msg("unicornus_ui.foresight.staying", {"n": staying})) + "\n", "dim")
        if x.who == "empire" and x.space < 0:
            continue
        if x.who == "princess":
            n += 1
            out.append(f" ♛{n}. ", style="bold")
            if x.space >= 0:  # a procure's reason says it procures
                where = Msg("unicornus_ui.princess.move", {"space": space_name(state, x.space)})
                out.append(tr(where) + "  ", style="bold")
            out.append(tr(x.text))
        elif x.who == "empire":
            unit = state.unit_at(x.origin)
            out.append("  ")
            out.append_text(_unit_short(state, unit))
            out.append(
                f" {space_name(state, x.origin)} → {space_name(state, x.space)}", style="bold"
            )
            out.append(f"  {tr(x.text)}")
        elif x.who == "battle":
            out.append(f"  ⚔ {tr(x.text)}: ", style=DANGER)
            out.append(tr(_battle_words(x)))
        else:  # a Fate card, a conflict of two imperial characters
            out.append(f"  ? {tr(x.text)}", style=WARNING)
        if x.tie is not None:
            options = ("、" if language() == "ja" else ", ").join(
                tr(o.label) for o in x.tie.options
            )
            out.append(
                "  " + tr(Msg("unicornus_ui.foresight.tie", {"options": options})),
                style="italic " + WARNING,
            )
        out.append("\n")
    if empire and empire[-1] == len(seen.seen) - 1 and staying:
        out.append(tr(Msg("unicornus_ui.foresight.staying", {"n": staying})) + "\n", "dim")
    out.append(tr(seen.stop), style="italic " + MUTED)
    return out


def _battle_words(x) -> Msg:
    if x.damage is not None:
        return Msg("unicornus_ui.foresight.princess_damage", {"damage": x.damage})
    f = x.odds.floats
    return Msg(
        "unicornus_ui.foresight.odds",
        {
            "taken": f"{f.expected_damage_taken:.1f}",
            "killed": f"{f.expected_tokens_killed:.1f}",
            "wiped": "?" if f.p_wiped_out is None else f"{f.p_wiped_out:.0%}",
        },
    )
