"""The forecast's words (issue 24; spec /work/shared/rules/insurrection.md §3, §3.1): the
headline never lies outside the range printed below it, and a chance of one half or more is
said in words, not by its colour alone."""

from __future__ import annotations

import re

import pytest

from companion.core.game import play
from companion.core.i18n import set_language
from companion.games.insurrection import GAME
from companion.games.insurrection.autoplay import POLICY
from companion.games.insurrection.forecast import forecast
from companion.ui.insurrection.views import forecast_line
from tests.insurrection_ui.helpers import demo_state

PERCENT = r"(\d+\.\d)%"


def positions(seed: int, count: int = 30):
    """Turns-phase states of a 3-player demo game played by the sensible table (random
    positions: the game's seed deals and plays it)."""
    out = []
    for _, s in play(GAME, demo_state(seed), POLICY):
        if s.phase == "turns":
            out.append(s)
            if len(out) == count:
                break
    return out


def shown(state) -> tuple[float | None, tuple[float, float] | None, str]:
    """The headline's figure ("Forecast: 46.6%"), the range printed below it ("0.0%–26.5%")
    and the whole text."""
    text = forecast_line(state).plain
    head = re.search(r"Forecast: " + PERCENT, text)
    span = re.search(PERCENT + "–" + PERCENT, text)
    return (
        float(head.group(1)) if head else None,
        (float(span.group(1)), float(span.group(2))) if span else None,
        text,
    )


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_headline_lies_inside_the_range_it_prints(seed):
    """§3.1: on random positions of ordinary demo games, the headline's figure (when there is
    one) lies within the range printed below it (issue 24: "Forecast: 46.6%" above
    "Evil wins by the next March: 0.0%–26.5%")."""
    set_language("en")
    for s in positions(seed):
        head, span, text = shown(s)
        if head is not None and span is not None:
            assert span[0] <= head <= span[1], text


def test_the_issue_s_position_shows_the_range_alone():
    """Seed 2, round 1 of a 3-player demo: no marked card staying is not among the choices
    (every take left moves marks away), so no figure from today's marks is headlined: the
    screen showed "Forecast: 3.5%" above "0.0%–0.7%"."""
    set_language("en")
    for _, s in play(GAME, demo_state(2), POLICY):
        f = forecast(s)
        if s.phase == "turns" and f and f.land and f.by_march and f.by_march.kept is None:
            break
    head, span, text = shown(s)
    # (the issue's own figures were 0.0%-0.7%; the seeded play now keeps its leaders, §3.2)
    assert head is None and span is not None, text


def test_above_one_half_the_words_say_it():
    """A chance of one half or more is drawn bold red and said in words as well."""
    set_language("en")
    for seed in range(1, 30):
        for s in positions(seed, 20):
            f = forecast(s)
            if f and f.land and f.by_march and f.by_march.kept and f.by_march.kept >= 0.5:
                assert "more likely than not" in forecast_line(s).plain
                return
    pytest.fail("no position with a chance of one half or more")


def test_the_marks_line_says_only_what_the_table_can_make():
    """§3: when every take left moves marks away, "6 marks if none leaves" is not among the
    table's choices (found playing: "6 marks if none leaves; the table can make 0–5"); the
    line gives the range alone, and one figure when the range is one."""
    set_language("en")
    moved = one = 0
    for seed in range(1, 9):
        for s in positions(seed):
            f = forecast(s)
            text = forecast_line(s).plain
            for r in (f.turn, f.round):
                if r is None:
                    continue
                if r.least == r.most:
                    one += 1
                    assert f"{r.least} marks whatever the table takes" in text, text
                elif not r.can_keep:
                    moved += 1
                    assert f"{r.kept} marks if none leaves" not in text, text
                    assert f"the table can make {r.least}–{r.most}" in text, text
    assert moved and one
