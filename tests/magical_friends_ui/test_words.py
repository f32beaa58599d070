"""The engine's events in the table's words, in English and Japanese (found in a Japanese pass
over the screens: raw ids such as "fairy_dust" and "up: no")."""

from companion.core.i18n import set_language, tr
from companion.games.magical_friends import GameState, Move, PlayArtifacts, apply
from companion.store import Store
from companion.ui.magical_friends.names import humanize
from companion.ui.magical_friends.steps import effects_lines
from tests.magical_friends.helpers import BOARD_B, in_turns, place

from .helpers import ARTIFACTS_RED_FIRST, play_to_round_3, saved_game


def _events(state: GameState) -> str:
    return " | ".join(tr(humanize(e, state)) for e in state.events)


def _round_3(tmp_path) -> GameState:
    store = Store.open(tmp_path / "w.db")
    session = saved_game(store)
    play_to_round_3(session)
    state = session.state
    store.close()
    return state


def test_causes_and_the_switch_are_words_in_both_languages(tmp_path):
    """§3 slaying causes (lava at round start), §5 switch: no engine ids in the events."""
    state = _round_3(tmp_path)  # round 3 began: Red's Moss Knight died in the lava
    try:
        assert "(lava)" in _events(state)
        set_language("ja")
        assert "溶岩" in _events(state) and "lava" not in _events(state)
        set_language("en")
        state = apply(state, PlayArtifacts((7, 1, 2)))
        flipped = apply(state, Move("puddle-toad-2", to="p3", steps=1))  # Red: the switch
        assert "Stairway to Heaven is up" in _events(flipped)
        set_language("ja")
        assert "「天国への階段」が表" in _events(flipped)
    finally:
        set_language("en")


def test_the_steps_preview_names_the_space_once():
    """§5 switch and §5 market (chili contest, through the Dark Cavern): the line's head names the space, so the
    effect after it does not start with the space's name again (it said "Switch: Switch:")."""
    try:
        for lang, switch, chili in (("en", "Switch", "chili contest"), ("ja", "スイッチ", "チリ")):
            set_language(lang)
            state, cid = place(in_turns(BOARD_B), 0, "moss-knight", "p2")
            line = effects_lines(state, cid, 1, "basic", {}).plain
            assert line.count(switch) == 1 and ("Highway to Hell" in line or "地獄" in line)
            state, cid = place(in_turns(BOARD_B), 0, "moss-knight", "p4")
            lines = [
                s
                for n in range(1, 7)
                for s in effects_lines(state, cid, n, "basic", {}).plain.split("\n")
            ]
            chili_lines = [s for s in lines if chili.lower() in s.lower()]
            assert chili_lines and all(s.lower().count(chili.lower()) == 1 for s in chili_lines)
    finally:
        set_language("en")


async def test_header_fits_120_columns_prompt_offers_only_usable_keys_fairy_form_faces():
    """§6 round header at 120×40 in the widest rounds (lava, the round before the bonus round)
    with Hell up and the catapult held, in both languages; §4 the prompt offers p / d only
    to a wizard holding Pity Power / Fairy Dust; §6 the fairy-die form names each face's space."""
    from dataclasses import replace

    from rich.cells import cell_len

    from companion.core.i18n import set_language
    from companion.store import Store
    from companion.ui.app import Start, create_app
    from companion.ui.dialogs import FormDialog

    from .helpers import keys, play_to_round_3, saved_game

    for lang in ("en", "ja"):
        store = Store.open("sqlite://")
        session = saved_game(store)
        play_to_round_3(session)
        app = create_app(store, Start("resume", game_id=session.id), lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            st = screen.state
            for phase, rnd in (("turns", 3), ("turns", 6), ("round_start", 7), ("turns", 8)):
                wide = replace(
                    st,
                    round=rnd,
                    phase=phase,
                    stairway_up=False,
                    catapult_holder=2,
                    catapult_space=None,
                    fairy_space="f5",
                )
                assert cell_len(screen.round_text(wide).plain) <= 118  # padding 0 1
            if lang == "en":
                await keys(pilot, *ARTIFACTS_RED_FIRST)  # Red first
                st = screen.state
                assert st.wizards[0].fairy_dust == 0
                prompt = screen.prompt_text(st).plain
                assert "m move" in prompt and "d Fairy Dust" not in prompt
                no_pity = replace(st, wizards=(replace(st.wizards[0], pity=0), *st.wizards[1:]))
                assert "p Pity Power" not in screen.prompt_text(no_pity).plain
                with_pity = replace(st, wizards=(replace(st.wizards[0], pity=1), *st.wizards[1:]))
                assert "p Pity Power" in screen.prompt_text(with_pity).plain
        store.close()
    set_language("en")
    # the fairy-die form: every face with the space it sends the fairy to
    store = Store.open("sqlite://")
    session = saved_game(store)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.state.board
        await keys(pilot, "R")
        assert isinstance(app.screen, FormDialog)
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        for face in range(1, board.fairy_die_sides + 1):
            assert board.fairy_space_for(face) in text
        assert "1 → " + board.fairy_space_for(1) in text
    store.close()


async def test_the_wizards_table_headers_are_whole_in_japanese_at_120x40(store):
    """Issue 23: the last column's header, "残りのアーティファクト", was cut to "残りのア": the
    table ran wider than its panel. Every header fits in both languages."""
    from textual.widgets import DataTable

    from companion.ui.app import Start, create_app

    from .helpers import GAME_KEY, keys

    for lang in ("en", "ja"):
        app = create_app(store, Start("demo", game_key=GAME_KEY), lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            await keys(pilot, "ctrl+s")
            table = app.screen.query_one("#mf-wizards", DataTable)
            assert table.virtual_size.width <= table.scrollable_content_region.width, lang
    set_language("en")


async def test_the_last_step_panel_names_a_step_that_caused_nothing_more(store):
    """Tester's report: after a plain move or an end of turn the "Last step" panel showed
    "–". A step whose events are none is named by its log line, with a word saying it did
    nothing else; a step with events still shows them; before any step, "–"."""
    from textual.widgets import Static

    from companion.games.magical_friends import EndTurn, StartRound, Summon
    from companion.ui.app import Start, create_app

    session = saved_game(store)
    session.do(StartRound(fairy_roll=3))
    session.do(PlayArtifacts((3, 2, 1)))
    session.do(Summon(0, "moss-knight", "s1"))
    session.do(Move("moss-knight-1", to="l2", steps=6))  # a plain space: no event
    assert session.state.events == ()
    for lang, said, nothing_else in (
        ("en", "Red's Moss Knight 1 moves 6 steps to l2", "No other effect"),
        ("ja", "6ステップ移動してl2へ", "ほかの効果なし"),
    ):
        app = create_app(store, Start("resume", game_id=session.id), lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            panel = app.screen.query_one("#mf-events", Static)
            words = " ".join(str(panel.render()).split())  # as wrapped in the panel
            assert said in words and nothing_else in words and "–" not in words, words
            screen = app.screen
            screen.do(EndTurn())
            await pilot.pause()
            words = " ".join(str(panel.render()).split())
            ended = tr(screen.session.line(screen.session.cursor - 1))  # "End of Red's turn"
            assert ended in words and nothing_else in words, words
            screen.session.undo()  # the next language starts from the move again
    set_language("en")


async def test_an_abilitys_arrow_keeps_its_first_words_in_japanese(store):
    """Tester's report: a lone "↳" on its own line before an ability's text in Japanese.
    The Ember Imp's ability (43 cells with its arrow, the turn panel has 42 at most) has no
    space to break at and went whole under its arrow; the arrow keeps its first words, the
    rest wraps under them."""
    from companion.games.magical_friends import EndTurn, StartRound, Summon
    from companion.ui.app import Start, create_app
    from tests.hardening.fuzz_support import screen_text

    session = saved_game(store)
    session.do(StartRound(fairy_roll=3))
    session.do(PlayArtifacts((3, 2, 1)))
    session.do(Summon(0, "moss-knight", "s1"))
    session.do(EndTurn())
    session.do(Summon(1, "ember-imp", "s1"))  # Blue's turn: the Ember Imp and its ability
    for size in ((80, 24), (120, 40), (40, 60)):  # 40: a phone, the panels one under another
        app = create_app(store, Start("resume", game_id=session.id), lang="ja")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            lines = screen_text(app).splitlines()
        arrows = [line.split("↳", 1)[1].strip(" │▁▂▃▄▅▆▇█") for line in lines if "↳" in line]
        assert len(arrows) == 1 and arrows[0].startswith("同じスペースの"), (size, lines)
        if size == (40, 60):
            at = next(i for i, line in enumerate(lines) if "↳" in line)
            rest = lines[at + 1].strip(" │▁▂▃▄▅▆▇█")
            assert lines[at + 1].index(rest) == lines[at].index("↳") + 2, lines  # under it
            assert arrows[0] + rest == "同じスペースのクリーチャーを1体退治する", lines
    set_language("en")
