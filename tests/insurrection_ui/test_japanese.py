"""Playing a whole game in Japanese (issue 5 follow-up): what read badly or was cut off."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from companion.core.i18n import set_language
from companion.ui.app import Start, create_app
from companion.ui.insurrection.secret import PassTo
from tests.insurrection_ui.helpers import new_demo_game


def shown_lines(widget: Static) -> list[str]:
    """The lines a widget shows on screen, as the terminal draws them."""
    region = widget.region
    return [strip.text.rstrip() for strip in widget.render_lines(region.reset_offset)]


async def test_pass_screen_breaks_japanese_between_sentences(store):
    """§2 step 3 (leader kept in secret): the pass screen's words in Japanese break after a
    sentence (the terminal folded "（§2）" as "（§2" / "）"; the players' screens cite no
    section of the spec since issue 23)."""
    game_id = new_demo_game(store, seed=4)
    app = create_app(store, Start("resume", game_id=game_id), lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        from companion.core.i18n import msg

        app.push_screen(
            PassTo(
                msg("insurrection_ui.secret.pass", player="あき"),
                msg("insurrection_ui.secret.leader", player="あき"),
            )
        )
        await pilot.pause()
        lines = [line for line in shown_lines(app.screen.query_one("#body", Static)) if line]
        assert any("秘密裏に1枚を残します。" in line for line in lines), lines
        assert "§" not in "".join(lines)
        assert all(line.endswith("。") for line in lines), lines
        assert len(lines) == 3


async def test_game_title_names_the_game_once(store):
    """The header read "インサレクション 2026-11-29 — インサレクション": a title that already
    names the game gets no sub-title; another title still says which game it is."""
    set_language("ja")
    game_id = new_demo_game(store, title="インサレクション 2026-11-29")
    other_id = new_demo_game(store, title="土曜の会")
    for gid, sub in ((game_id, ""), (other_id, "インサレクション")):
        app = create_app(store, Start("resume", game_id=gid), lang="ja")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.screen.sub_title == sub


def test_unseen_cards_keep_their_count_on_their_line():
    """The deck panel's unseen cards (§1 the deck): an entry is never split by the wrap, so
    "×3 ●1" is not left at the start of a line without its card."""
    from rich.console import Console

    from companion.ui.insurrection.views import deck_panel
    from tests.insurrection_ui.helpers import demo_state

    set_language("ja")
    text = deck_panel(demo_state(seed=4))
    console = Console(width=68, file=None, legacy_windows=False)
    for line in text.wrap(console, 68):
        assert not line.plain.startswith(("×", "●")), line.plain


async def test_hands_prompt_lists_players_with_the_japanese_comma(store):
    """§4 (hands revealed): the prompt lists the players still to enter as "あき、ゆう", and
    the hand picker lists the chosen cards the same way."""
    from companion.core.game import play
    from companion.games.insurrection import GAME, Setup, autoplay
    from companion.games.insurrection.catalog import load
    from companion.ui.insurrection.picker import CardPicker, all_cards_picks

    set_language("ja")
    state = GAME.new_game(Setup(("あき", "ゆう", "はる")), load("demo"), 4)  # the table's deck
    session = store.new_game(GAME, state, "t", "demo")
    for _cmd, after in play(GAME, state, autoplay.POLICY, do=session.do):
        if after.phase == "hands":
            break
    app = create_app(store, Start("resume", game_id=session.id), lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "あき、ゆう" in str(app.screen.query_one("#next", Static).render())
        picker = CardPicker("t", all_cards_picks(load("demo")), count=None)
        app.push_screen(picker)
        await pilot.pause()
        picker.chosen.extend(["piper", "imp"])
        picker._show_picked()
        shown = " ".join(str(w.render()) for w in picker.query(Static))
        assert "、" in shown and ", " not in shown.split("：", 1)[-1].split("\n")[0]


async def test_scoring_reasons_in_japanese_are_never_cut_off(store):
    """§6 breakdown lines: in Japanese a reason has no spaces, and the panel cut it with "…"
    ("手札の動物アイコンと堕落マークの組 …"); every line is shown whole, wrapped."""
    from companion.games.insurrection import GAME, engine
    from companion.games.insurrection.commands import EnterHand, ResolveEffect
    from tests.insurrection_ui.helpers import demo_state, play_round

    set_language("ja")
    players = ("あき", "ゆう", "はる")
    session = store.new_game(GAME, demo_state(4, players), "t", "demo")
    while session.state.phase != "hands":
        play_round(session)
    for p in players:
        session.do(EnterHand(player=p, cards=engine.prefill(session.state, p)))
    while (due := engine.next_effect(session.state)) is not None:
        session.do(ResolveEffect(player=due[0], card=due[1]))
    app = create_app(store, Start("resume", game_id=session.id), lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        panels = list(app.screen.query(".player"))
        assert panels
        for panel in panels:
            shown = "".join(shown_lines(panel))
            assert "…" not in shown, shown


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_new_game_choices_are_not_cut_off(store, lang):
    """§2 setup: the deck and Path choices show whole (in Japanese the deck's box lost its
    right edge and the first-game checkbox its end)."""
    from textual.containers import Vertical
    from textual.widgets import Checkbox, RadioSet

    app = create_app(store, Start("demo", game_key="insurrection"), lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for box in (*app.screen.query(RadioSet), app.screen.query_one(Checkbox)):
            column = next(a for a in box.ancestors if isinstance(a, Vertical))
            assert box.region.right <= column.region.right, (box.id, box.region, column.region)
