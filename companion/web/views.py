"""The views a moment's action leads to (a :class:`~companion.core.game.Show`: a look that
changes nothing), as panels for the page that asked for one.

Each is read from what the game computes (the Unicornus preview, the Insurrection score sheet
and hands, the Magical Friends tally); nothing is re-checked here. A view secret to one player
(an Insurrection hand) names that player: it is shown on that seat's page only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.errors import CompanionError
from companion.core.game import Show
from companion.core.i18n import Msg, language, msg, tr
from companion.games.registry import game_package
from companion.web.panels import Line, Panel, _space, card_label, pair


@dataclass(frozen=True)
class View:
    """A view's title and panels; ``secret``: the player whose eyes alone may see it."""

    title: Msg
    panels: tuple[Panel, ...]
    secret: str | None = None


def view(key: str, show: Show, state: Any) -> View | None:
    """``show`` as a page draws it (``None``: a view no page draws)."""
    make = _VIEWS.get(show.kind)
    return make(key, show, state) if make is not None else None


def drawn(show: Show) -> bool:
    """Whether a page draws ``show`` (without computing it: buttons ask this of every
    action)."""
    return show.kind in _VIEWS


def secret_of(show: Show) -> str | None:
    """The player a view is for alone (cheap: read from the lead, not computed)."""
    return show.subject.player if show.kind == "insurrection.hand" else None


# -- Unicornus Knights: "what if" (a step previewed, never made) -----------------------------


def _uk_what_if(key: str, show: Show, state: Any) -> View:
    g = game_package(key)
    step = show.subject
    title = msg("unicornus_ui.foresight.what_if", step=g.describe_step(step, state))
    try:
        seen = g.preview(state, step)
    except CompanionError as exc:  # the rules refuse the step: their reason
        return View(title, (Panel(Msg("web.uk.what_if"), (exc.message,), "what_if"),))
    lines: list[Line] = []
    staying = sum(1 for x in seen.of("empire") if x.space < 0)
    empire = [i for i, x in enumerate(seen.seen) if x.who == "empire"]
    stays = msg("unicornus_ui.foresight.staying", n=staying)
    n = 0
    for i, x in enumerate(seen.seen):
        if empire and i == empire[-1] + 1 and staying:  # after the Empire's moves
            lines.append(stays)
        if x.who == "empire" and x.space < 0:
            continue
        if x.who == "princess":
            n += 1
            where = (
                msg("unicornus_ui.princess.move", space=_space(state, x.space))
                if x.space >= 0
                else ""
            )
            line = msg("web.uk.seen_princess", n=n, where=where, text=x.text)
        elif x.who == "empire":
            line = msg(
                "web.uk.seen_empire",
                unit=_unit(state, x.origin),
                origin=_space(state, x.origin),
                to=_space(state, x.space),
                text=x.text,
            )
        elif x.who == "battle":
            line = msg("web.uk.seen_battle", text=x.text, odds=_battle_words(x))
        else:  # a Fate card, a conflict of two imperial characters
            line = msg("web.uk.seen_other", text=x.text)
        if x.tie is not None:
            comma = "、" if language() == "ja" else ", "
            options = comma.join(tr(o.label) for o in x.tie.options)
            tie = msg("unicornus_ui.foresight.tie", options=options)
            line = msg("web.with_note", text=line, note=tie)
        lines.append(line)
    if empire and empire[-1] == len(seen.seen) - 1 and staying:
        lines.append(stays)
    lines.append(seen.stop)
    return View(title, (Panel(Msg("web.uk.what_if"), tuple(lines), "what_if"),))


def _unit(state: Any, space: int) -> Msg:
    unit = state.unit_at(space)
    g = game_package("unicornus")
    if unit is None:
        return msg("web.text", text="?")
    if unit.leader:
        ch = state.imp(unit.leader)
        return msg("web.uk.unit_led", name=pair(ch.name), tokens=unit.tokens)
    return msg("web.uk.leaderless", tokens=g.count("token", unit.tokens))


def _battle_words(x: Any) -> Msg:
    if x.damage is not None:
        return msg("unicornus_ui.foresight.princess_damage", damage=x.damage)
    f = x.odds.floats
    return msg(
        "unicornus_ui.foresight.odds",
        taken=f"{f.expected_damage_taken:.1f}",
        killed=f"{f.expected_tokens_killed:.1f}",
        wiped="?" if f.p_wiped_out is None else f"{f.p_wiped_out:.0%}",
    )


# -- Insurrection: a hand (its player's alone), the score sheet ------------------------------


def _ins_hand(key: str, show: Show, state: Any) -> View:
    """§3.2: one player's hand, strongest initiative first (the order they would act in)."""
    seen = show.subject
    cat = state.catalog
    order = sorted(seen.cards, key=lambda c: -(cat.card(c).initiative or 0))
    cards = tuple(card_label(state, c) for c in order) or (Msg("web.none"),)
    title = msg("insurrection_ui.secret.hand_title", player=seen.player)
    return View(title, (Panel(title, cards, "hand"),), secret=seen.player)


def _ins_scores(key: str, show: Show, state: Any) -> View:
    """§4–§6: the outcome, the standings, and each player's cards with their reasons."""
    g = game_package(key)
    sheet = g.final_score(state)
    pos = g.end_position(state)
    try:
        land = g.name_msg(state.catalog.land(pos.token).name)
    except KeyError:
        land = pos.token
    head: list[Line] = [
        Msg(f"insurrection.outcome.{sheet.outcome}"),
        msg(
            "insurrection_ui.score.facts",
            token=land,
            graveyard=pos.graveyard,
            face_up=len(pos.face_up),
        ),
        *sheet.effects,
    ]
    if sheet.explanation is not None:
        head.append(sheet.explanation)
    if sheet.placed:
        # the engine's places, as the terminal shows them: a tie nothing parts shares one (§4)
        for s in sheet.standings:
            head.append(msg("web.ins.standing", place=s.place, player=s.player, total=s.total))
    elif sheet.needs:
        head.append(Msg("web.ins.waiting"))
    out = [Panel(Msg("insurrection_ui.score.title"), tuple(head), "scores")]
    for p in sheet.by_place:
        total = "?" if p.total is None else str(p.total)
        title = msg("insurrection_ui.score.player", player=p.player, total=total)
        if p.player in sheet.winners:
            title = msg("web.with_note", text=title, note=Msg("insurrection_ui.score.winner"))
        lines = tuple(
            msg(
                "web.ins.score_line",
                total="?" if line.total is None else line.total,
                line=line.line,
            )
            for line in p.lines
        )
        out.append(Panel(title, lines, "player"))
    return View(Msg("insurrection_ui.score.title"), tuple(out))


# -- Magical Friends: the final tally --------------------------------------------------------


def _mf_record(key: str, show: Show, state: Any) -> View:
    """§3, §7: friends in the tavern, trophies, points, the winner and the tie-break."""
    g = game_package(key)
    t = state.tally
    title = Msg("magical_friends_ui.tally.title")
    if t is None:  # the game is not over: no tally yet
        return View(title, (Panel(title, (Msg("web.none"),), "tally"),))
    rows: list[Line] = []
    for i in g.ranking(state):
        w = state.wizards[i]
        rows.append(
            msg(
                "web.mf.tally_row",
                star="★ " if i in t.winners else "",
                wizard=w.name,
                tavern=t.tavern_friends[i],
                poisoned=sum(1 for c in state.in_tavern(i) if c.poisoned),
                hearts=len(w.trophies),
                neutral=w.neutral_trophies,
                points=t.points[i],
            )
        )
    who = ", ".join(state.wizards[i].name for i in t.winners)
    one = len(t.winners) == 1
    rows.append(
        msg(
            "magical_friends_ui.tally.winner" if one else "magical_friends_ui.tally.winners",
            who=who,
        )
    )
    rows += g.tie_break_steps(state)
    s = state.scoring
    poisoned = s.per_poisoned_friend_in_tavern
    neutral = s.per_neutral_trophy
    rows.append(
        msg(
            "magical_friends_ui.tally.scoring",
            friend=s.per_friend_in_tavern,
            poisoned=poisoned if poisoned is not None else s.per_friend_in_tavern,
            trophy=s.per_trophy,
            neutral=neutral if neutral is not None else s.per_trophy,
        )
    )
    return View(title, (Panel(title, tuple(rows), "tally"),))


_VIEWS = {
    "unicornus.what_if": _uk_what_if,
    "insurrection.hand": _ins_hand,
    "insurrection.scores": _ins_scores,
    "magical_friends.record": _mf_record,
}
"""Every view the games lead to (``grep -rn "Show(" companion/games``)."""

__all__ = ["View", "drawn", "secret_of", "view"]
