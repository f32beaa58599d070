"""The game screen's panels drawn from the state: the Path, the play area in two rows, the
corruption meter, the forecast, the deck, the round's turn order and the hands."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from rich.text import Text

from companion.core.i18n import msg, tr
from companion.games.insurrection import (
    EVIL_AT,
    ROUNDS,
    Forecast,
    InsurrectionState,
    allowed_takes,
    changed_options,
    march_forecast,
    round_shown,
    rules_line,
)
from companion.ui.colours import DANGER, GOOD, MARK_WARM, MUTED, WARNING
from companion.ui.insurrection.cards import (
    MARK,
    badges,
    chips,
    counted,
    land_name,
    listed,
    name,
    percent,
)

WARN_AT = 8  # the meter turns to a warning from 8 marks


def path_line(state: InsurrectionState) -> Text:
    """The Path left to right; the token stands on the current land (▲ before the start)."""
    cat = state.catalog
    text = Text()
    if state.token < 0:
        text.append("▲ ", style="bold " + MARK_WARM)
    for i, lid in enumerate(state.path):
        if i:
            text.append(" → ", style=MUTED)
        land = cat.land(lid)
        label = f"{land_name(cat, lid)} {land.reveal if land.reveal is not None else '?'}"
        if land.kind == "advanced":
            label += " ✦"
        if i == state.token:
            text.append(f"▲ {label}", style="bold reverse")
        elif i < state.token:
            text.append(label, style=MUTED)
        else:
            text.append(label)
    return text


def catalog_label(catalog_name: str) -> str:
    """Which catalog the game is played with: the fictional demo, or the owner's box."""
    return tr(f"insurrection_ui.catalog.{'demo' if catalog_name == 'demo' else 'box'}")


def round_line(state: InsurrectionState, catalog_label: str) -> Text:
    text = Text()
    # the March opens a round: before it, the round shown is the one about to start
    shown = round_shown(state)
    text.append(tr(msg("insurrection_ui.round", round=shown, rounds=ROUNDS)), style="bold")
    text.append("  ·  ")
    text.append(tr(f"insurrection.phase.{state.phase}"))
    text.append("  ·  ")
    text.append(
        tr("insurrection_ui.deck.virtual" if state.virtual else "insurrection_ui.deck.table")
    )
    text.append("  ·  ")
    text.append(catalog_label, style="italic")
    if changed_options(state.options):  # rules set away from the Rulings stay in view
        text.append("  ·  ")
        text.append(tr(rules_line(state.options)), style=WARNING)
    return text


def area_rows(state: InsurrectionState) -> Text:
    """§3.1's advice: cards with corruption on the upper row, cards without on the lower."""
    cat = state.catalog
    corrupt = [c for c in state.area if (cat.card(c).corruption or 0) > 0]
    clean = [c for c in state.area if not (cat.card(c).corruption or 0)]
    out = Text()
    out.append(tr("insurrection_ui.area.corrupt") + "  ", style="bold $text-error")
    out.append_text(chips(cat, corrupt) if corrupt else Text("—", style=MUTED))
    out.append("\n\n" + tr("insurrection_ui.area.clean") + "  ", style="bold $text-primary")
    out.append_text(chips(cat, clean) if clean else Text("—", style=MUTED))
    return out


def table_panels(state: InsurrectionState, catalog_label: str) -> dict[str, Text]:
    """What every device shows of the table, by the id of the panel that shows it: the round,
    the Path, the play area and the corruption meter (the board and a seat's phone alike)."""
    return {
        "round": round_line(state, catalog_label),
        "path": path_line(state),
        "area": area_rows(state),
        "meter": meter(state),
    }


def meter(state: InsurrectionState) -> Text:
    """``Corruption ●●●●●●●●○○ 8/10`` — yellow from 8, red with the Evil win."""
    tally = state.tally
    style = (
        "bold $text on $error"
        if tally >= EVIL_AT or state.evil_won
        else (WARNING if tally >= WARN_AT else "bold")
    )
    text = Text(tr("insurrection_ui.meter") + " ")
    shown = min(tally, EVIL_AT)
    text.append(MARK * shown + "○" * (EVIL_AT - shown) + f" {tally}/{EVIL_AT}", style=style)
    if state.outcome == "evil":
        text.append("  " + tr("insurrection_ui.evil_won_over"), style=DANGER)
    elif state.evil_won:
        text.append("  " + tr("insurrection_ui.evil_won"), style=DANGER)
    elif tally >= WARN_AT:
        text.append(
            "  " + tr(msg("insurrection_ui.meter.warn", left=EVIL_AT - tally)), style=WARNING
        )
    return text


def leave_ten(state: InsurrectionState) -> Text | None:
    """After an Evil win, the rule every later turn of the round meets (§3)."""
    if not state.evil_won or state.current is None:
        return None
    text = Text(tr("insurrection_ui.leave_ten"), style=DANGER)
    takes, back = allowed_takes(state)
    if back:
        turn = state.current
        assert turn is not None
        text.append("\n")
        text.append(
            tr(
                msg(
                    "insurrection_ui.take_back_forced",
                    player=turn.player,
                    card=name(state.catalog, turn.card),
                )
            ),
            style="$text-error",
        )
    return text


def chance_style(p) -> str:
    """A chance that Evil wins, by its colour: danger from even odds, a warning above none."""
    return DANGER if p >= 0.5 else (WARNING if p > 0 else GOOD)


def forecast_line(state: InsurrectionState) -> Text:
    fc = march_forecast(state)
    if fc is None:
        return Text(tr("insurrection_ui.forecast.none"), style=MUTED)
    text = Text()
    for label, r in (("turn", fc.turn), ("round", fc.round)):
        if r is None:
            continue
        verdict = "certain" if r.certain else "possible" if r.possible else "safe"
        style = {"certain": DANGER, "possible": WARNING, "safe": GOOD}[verdict]
        text.append(tr(f"insurrection_ui.foresight.{label}") + " ", style="bold")
        text.append(tr(f"insurrection_ui.foresight.{verdict}"), style=style)
        if r.least == r.most:
            words = msg("insurrection_ui.foresight.reach_one", marks=r.least)
        elif r.can_keep:
            words = msg("insurrection_ui.foresight.reach", kept=r.kept, least=r.least, most=r.most)
        else:  # "if none leaves" is not among the choices
            words = msg("insurrection_ui.foresight.reach_moved", least=r.least, most=r.most)
        text.append(" — " + tr(words) + "\n", style=MUTED)
    if not fc.land:
        text.append(tr("insurrection_ui.forecast.none"), style=MUTED)
        return text
    if fc.round is not None and fc.needed <= 0:  # Evil at the round's end unless marks leave
        return by_march_line(text, fc)
    p = fc.headline
    if p is None or (fc.by_march is not None and fc.by_march.kept is None):
        # some marked card must leave: the reveal's chance at today's marks is not among
        # the table's choices; the chance by the next March says the figure or the range
        return by_march_line(text, fc)
    text.append(tr("insurrection_ui.forecast.label") + " ", style="bold")
    chance(text, p)
    text.append(
        "  "
        + tr(
            msg(
                "insurrection_ui.forecast.detail",
                land=land_name(state.catalog, fc.land),
                reveal=fc.reveal,
                needed=max(fc.needed, 0),
                fraction=f" = {p.numerator}/{p.denominator}" if 0 < p < 1 else "",
                unseen=fc.unseen,
            )
        ),
        style=MUTED,
    )
    if fc.pending:
        text.append(
            "  " + tr(msg("insurrection_ui.foresight.pending", marks=fc.pending)), style=MUTED
        )
    if fc.by_march is not None:
        text.append("\n")
    return by_march_line(text, fc)


def chance(text: Text, p: Fraction, most: Fraction | None = None) -> None:
    """A chance (or the range ``p``–``most``) in the colour of its risk; from one half on the
    words say it too (never the colour alone)."""
    high = p if most is None else most
    style = chance_style(high)
    text.append(percent(p) if most is None else f"{percent(p)}–{percent(most)}", style=style)
    if high >= 0.5:
        likely = "likely" if most is None or p >= 0.5 else "may_be_likely"
        if p == 1:
            likely = "sure"
        text.append(" " + tr(f"insurrection_ui.forecast.{likely}"), style=style)


def by_march_line(text: Text, fc: Forecast) -> Text:
    """In the turns phase: the engine's chance that Evil wins by the next March, over the range
    the table's takes and Removes leave (the players choose; only the reveal is random)."""
    b = fc.by_march
    if b is None:
        text.rstrip()
        return text
    text.append(tr("insurrection_ui.foresight.by_march_label") + " ", style="bold")
    if b.kept is None:  # some marked card must leave: the table's range (one figure: exact)
        chance(text, b.least, None if fc.headline is not None else b.most)
        text.append(" " + tr("insurrection_ui.foresight.by_march_choices"), style=MUTED)
        return text
    chance(text, b.kept)
    if b.least == b.most:
        words = msg("insurrection_ui.foresight.by_march_one")
    else:
        words = msg(
            "insurrection_ui.foresight.by_march_range",
            least=percent(b.least),
            most=percent(b.most),
        )
    text.append(" " + tr(words), style=MUTED)
    return text


def deck_panel(state: InsurrectionState) -> Text:
    cat = state.catalog
    comp = state.still_unseen()
    text = Text()
    text.append(
        tr(
            msg(
                "insurrection_ui.deck.counts_shown"
                if state.hands_shown
                else "insurrection_ui.deck.counts",
                deck=state.deck_count,
                graveyard=len(state.graveyard),
                unseen=sum(comp.values()),
            )
        ),
        style="bold",
    )
    by_marks: Counter[int] = Counter()
    for cid, n in comp.items():
        by_marks[cat.card(cid).corruption or 0] += n
    if by_marks:
        text.append("\n" + tr("insurrection_ui.deck.by_marks") + " ")
        text.append(
            "  ".join(f"{MARK}{m}: {by_marks[m]}" for m in sorted(by_marks)), style="italic"
        )
    if comp:
        text.append("\n")
        parts = [
            # no space inside an entry: the terminal wraps at spaces, and "×3 ●1" alone on
            # the next line lost its card (Japanese names have no spaces of their own)
            f"{name(cat, cid)}×{n}" + (f"{MARK}{cat.card(cid).corruption}" if marks else "")
            for cid, n in sorted(comp.items(), key=lambda kv: (-kv[1], name(cat, kv[0])))
            for marks in [cat.card(cid).corruption or 0]
        ]
        text.append(" · ".join(parts), style=MUTED)
    if state.graveyard:
        text.append("\n" + tr("insurrection_ui.deck.graveyard") + " ")
        text.append(
            listed(
                f"{name(cat, c)}" + (f" ×{n}" if n > 1 else "") for c, n in counted(state.graveyard)
            ),
            style=MUTED,
        )
    return text


def turns_panel(state: InsurrectionState) -> Text:
    cat = state.catalog
    if not state.turns:
        return Text(tr("insurrection_ui.turns.none"), style=MUTED)
    text = Text()
    for i, turn in enumerate(state.turns):
        if i:
            text.append("\n")
        card = cat.card(turn.card)
        done = state.current is None or i < state.turn
        current = state.current is not None and i == state.turn
        marker = "▶ " if current else ("✓ " if done else "  ")
        style = "bold reverse" if current else ("dim" if done else "")
        text.append(f"{marker}{card.initiative or '?':>2}  {turn.player}", style=style)
        text.append(f"  {name(cat, turn.card)} {badges(cat, turn.card)}", style=style or "")
        flags = [
            tr(key)
            for flag, key in (
                (turn.land_used, "insurrection_ui.turns.land"),
                (turn.removed, "insurrection_ui.turns.removed"),
                (turn.scouted, "insurrection_ui.turns.scouted"),
            )
            if flag
        ]
        if flags:
            text.append("  (" + ", ".join(flags) + ")", style="italic")
    return text


def hands_panel(state: InsurrectionState) -> Text:
    """Hand sizes and the cards the table saw each player take (a kept leader stays secret; a
    leader taken face up from the play area was seen by all)."""
    cat = state.catalog
    text = Text()
    for i, player in enumerate(state.players):
        if i:
            text.append("\n")
        hand = state.hand(player)
        if player in state.kept_leaders:
            seen = [c for c in hand.known if c != state.kept_leaders[player]]
        else:  # no leader kept through the app (or a save from before it said which)
            seen = [c for c in hand.known if not cat.is_leader(c)]
        text.append(f"{player}", style="bold")
        if i == 0:
            text.append(" ⚑", style=MARK_WARM)
        text.append(
            "  " + tr(msg("insurrection_ui.hand.size", count=state.hand_size(player))),
        )
        if seen:
            text.append(
                "  " + listed(name(cat, c) + (f" ×{n}" if n > 1 else "") for c, n in counted(seen)),
                style=MUTED,
            )
    return text
