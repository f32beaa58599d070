"""What playing the screens by hand turned up (issue 5 follow-up): the forced take-back as one
plain step, the virtual deck's secret choices ("pass the laptop"), hands whose length differs
from the app's count, and bad input that names what is wrong."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from companion.core.game import Step, play
from companion.core.i18n import set_language, tr
from companion.games.insurrection import GAME, Setup, autoplay, engine
from companion.games.insurrection.catalog import load
from companion.games.insurrection.commands import Draw, March, Play, Take
from companion.games.insurrection.scoring import rule_summary
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog
from companion.ui.insurrection.new_game import NewGameScreen, leader_option
from companion.ui.insurrection.picker import CardPicker
from companion.ui.insurrection.quick_score import QuickScoreScreen
from companion.ui.insurrection.scoring_screen import ScoringScreen
from companion.ui.insurrection.secret import PassTo
from tests.insurrection_ui.helpers import demo_state, new_demo_game, resume_app
from tests.ui.keys import burst, handed_out


async def type_text(pilot, text: str) -> None:
    """``text`` typed fast (one burst, tests/ui/keys.py), done once every key is handed out:
    not a press and its idle waits per character."""
    burst(pilot.app, *text)
    await handed_out(pilot)


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def evil_at_end_of_turn(store):
    """Table's deck: 8 marks revealed; Ann's Moss Wyrm (2 marks) placed after she takes the
    clean Road Piper makes 10 (§3: Evil has won, the round goes on). Ben's Ember Imp cannot
    keep 10 with any take: he must take it back."""
    state = engine.new_game(load("demo"), ("Ann", "Ben"), seed=1)
    session = store.new_game(GAME, state, "Evil at the end of a turn", "demo")
    session.do(March(cards=("ghoul", "ghoul", "gravedigger", "piper")))
    session.do(Draw())
    session.do(Play(cards=("wyrm", "imp")))
    session.do(Take(card="piper", player="Ann"))
    assert session.state.evil_won and session.state.current.player == "Ben"
    assert engine.allowed_takes(session.state) == ((), True)
    return session


async def test_forced_take_back_is_one_plain_step(store):
    """§3: after the Evil win the prompt says Ben must take back his card, the forecast no
    longer forecasts a March, Enter takes it back and the log says who did it."""
    session = evil_at_end_of_turn(store)
    app = resume_app(store, session.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "Ben takes back Ember Imp instead of placing it" in text_of(screen, "#next")
        assert "no March" in text_of(screen, "#forecast")
        assert not screen.moment.allows("remove") and screen.moment.allows("take")
        await pilot.press("space")  # the one step there is
        await pilot.pause()
        state = screen.state
        assert state.phase == "hands" and state.outcome == "evil"
        assert "imp" in state.hand("Ben").known and "imp" not in state.area
        last = screen.session.history()[-1]
        assert last.description.params["player"] == "Ben"
        meter = text_of(screen, "#meter")
        assert "EVIL HAS WON" in meter and "ends after" not in meter


async def test_forced_take_back_can_wait(store):
    """The take-back waits for the advance key: resumed there, nothing is taken, and a
    correction may come first (a cancelled one changes nothing)."""
    session = evil_at_end_of_turn(store)
    app = resume_app(store, session.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = app.screen.state
        assert isinstance(app.screen.moment.next, Step) and app.screen.moment.next.confirm
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.state == before


def scout_turn_state(seed_range=range(1, 60)):
    """A virtual-deck game in its first round, at the turn of a card with the Scout icon."""
    for seed in seed_range:
        state = demo_state(seed)
        land = state.catalog.land(state.path[0])
        state = engine.apply(state, March(cards=tuple(state.deck[: land.reveal])))
        state = engine.apply(state, Draw())
        state = engine.apply(
            state, Play(cards=tuple(engine.prefill(state, p)[0] for p in state.players))
        )
        while state.phase == "turns":
            if state.catalog.card(state.current.card).scout and state.deck_count:
                return state
            takes, back = engine.allowed_takes(state)
            state = engine.apply(state, Take(card=takes[0] if takes else None, back=back))
    raise AssertionError("no seed with a Scout card played in round 1")


async def test_virtual_scout_shows_the_top_card_to_the_scout_alone(store):
    """§3.3 Scout: "look secretly at the top card": with the app's deck the board is hidden,
    then the top card is shown to the scouting player, who sends it to the bottom."""
    state = scout_turn_state()
    session = store.new_game(GAME, state, "Scout", "demo")
    player, top = state.current.player, state.deck[0]
    app = resume_app(store, session.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PassTo)
        assert player in text_of(app.screen, "#who")
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        shown = str(dialog.query_one(Static).render()) + " ".join(
            str(w.render()) for w in dialog.query(Static)
        )
        assert state.catalog.card(top).name["en"] in shown
        await pilot.press("1")  # to the bottom
        await pilot.pause()
        after = screen.state
        assert after.deck[-1] == top and after.current.scouted
        assert screen.session.history()[-1].description.params["player"] == player


async def test_the_pass_screen_hides_the_hand_until_enter(store):
    """§3.2: each player chooses in secret; Escape on the pass screen enters nothing."""
    game_id = new_demo_game(store, seed=4)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("space", "space", "space")  # March, Draw, the cards played
        await pilot.pause()
        assert isinstance(app.screen, PassTo)
        hand = engine.prefill(screen.state, screen.state.players[0])
        names = [screen.state.catalog.card(c).name["en"] for c in hand]
        shown = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert not any(n in shown for n in names)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.state.phase == "choose"


def table_deck_at_the_end(store, seed: int = 5) -> int:
    """A game on the table's own deck played to §4 (the hands to enter), step by step."""
    state = GAME.new_game(Setup(("Ann", "Ben", "Cleo")), load("demo"), seed)
    session = store.new_game(GAME, state, "Table's deck", "demo")
    for _cmd, after in play(GAME, state, autoplay.POLICY, do=session.do):
        if after.phase == "hands":
            break
    return session.id


async def test_a_hand_that_cannot_be_right_is_refused_saying_why(store):
    """§4 with the table's deck (issue 21: "a second Enter accepts after the warning: a wrong
    card goes into History"): a hand with fewer cards than the player holds is refused with
    the reason, however many times Enter is pressed, and stays as typed; completed, it is
    accepted, and the next hand opens at once."""
    game_id = table_deck_at_the_end(store)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        state = screen.state
        first = state.players[0]
        counted = engine.hand_sizes(state, first)[0]
        await pilot.press("n")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, CardPicker) and picker.expected == counted
        typed = list(picker.chosen)
        assert len(typed) < counted  # the app saw only the cards taken
        for _ in range(3):  # Enter again and again: never accepted
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is picker and picker.chosen == typed
        said = [str(n.message) for n in app._notifications]
        assert any(f"{first} holds {counted} cards" in m for m in said), said
        assert first not in screen.state.final_hands
        for card in autoplay.plausible_hand(state, first)[len(typed) :]:
            await type_text(pilot, card)  # the filter matches the id too
            await pilot.press("enter")
        await pilot.press("enter")  # the hand complete: accepted
        await pilot.pause()
        assert screen.state.final_hands[first] == autoplay.plausible_hand(state, first)
        nxt = app.screen  # the next hand, at once
        assert isinstance(nxt, CardPicker) and state.players[1] in str(nxt.title_msg.params)


async def test_the_app_s_deck_hands_are_revealed_with_one_key(store):
    """§4 with the app's deck: it dealt every card, so the advance key reveals the hands as
    it holds them; no picker opens, nothing is typed (the old flow took `n` into a filter)."""
    game_id = new_demo_game(store, seed=5, rounds=6)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        state = screen.state
        assert state.phase == "hands" and "n reveals the hands" in text_of(screen, "#next")
        await pilot.press("n")
        await pilot.pause()
        assert screen.state.final_hands == {p: engine.prefill(state, p) for p in state.players}
        assert not any(isinstance(s, CardPicker) and s.count is None for s in app.screen_stack)
        line = tr(screen.session.line(screen.session.cursor - 1))
        assert line.startswith("The hands revealed, as the app dealt them: Ann: ")


async def test_new_game_names_the_duplicate_and_the_count(store):
    """§2: "Ann" twice is named; one player says how many were entered."""
    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for seat, name in ((1, "Ann"), (2, "Ann")):
            app.screen.query_one(f"#seat-{seat}", Input).focus()
            await type_text(pilot, name)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "“Ann” is entered twice" in text_of(app.screen, "#error")
        app.screen.query_one("#seat-2", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "(now 1)" in text_of(app.screen, "#error")
        assert store.list_games() == []


async def test_quick_score_refuses_a_negative_graveyard(store):
    """A graveyard count of -1 is refused with a message naming the field; the hands entered
    stay; a right count then scores."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QuickScoreScreen)
        screen.query_one("#name-1", Input).value = "Ann"
        screen.hands[1] = ("goblin",)
        screen.query_one("#graveyard", Input).value = "-1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "Graveyard: “-1” is not a count" in text_of(screen, "#error")
        assert screen.hands[1] == ("goblin",)
        screen.query_one("#graveyard", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoringScreen)


async def test_round_line_names_the_round_the_march_opens(store):
    """Between rounds the header names the round about to start, like the prompt."""
    game_id = new_demo_game(store, seed=2, rounds=1)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.state.phase == "march" and app.screen.state.round == 1
        assert "Round 2/6" in text_of(app.screen, "#round")
        assert "Round 2" in text_of(app.screen, "#next")


async def test_the_leader_offer_says_what_each_leader_does(store):
    """§2: keeping one of two leaders is a choice made on what they bring: each option shows
    the leader's initiative, icons and game effect (not just a name), in the reader's language."""
    app = create_app(store, Start("demo", game_key="insurrection"), lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for seat, name in ((1, "Ann"), (2, "Ben")):
            app.screen.query_one(f"#seat-{seat}", Input).focus()
            await type_text(pilot, name)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        cat = load("demo")
        for option in dialog.choice.options:
            card = cat.card(option.value)
            text = tr(option.label, "ja")
            assert card.name["ja"] in text and f"i{card.initiative}" in text
            words = card.effect or card.text
            assert words is None or words["ja"] in text
            assert all(tr(f"insurrection.icon.{i}", "ja") in text for i in card.icons)
            # how it scores, in the words the breakdown uses (issue 5 follow-up)
            assert tr(rule_summary(cat, card), "ja") in text


@pytest.mark.parametrize(("lang", "label"), [("en", "effect: "), ("ja", "効果：")])
def test_a_leader_offered_reads_naturally_with_or_without_an_effect(lang, label):
    """§2 step 3, the tester's report: Thorn Warden's offer ended "(fictional) none" (the demo's
    text for no game effect, glued after the icons); a leader with no words ended in spaces.
    No demo leader carries such words now, no line ends in spaces, and a leader whose effect
    the owner typed shows it on a line of its own, named as the effect."""
    set_language(lang)
    try:
        demo = load("demo")
        for card in demo.leaders:
            text = tr(leader_option(demo, card.id))
            assert "none" not in text and "なし" not in text, text
            assert all(line == line.rstrip() for line in text.splitlines()), text
        words = {"en": "look at the top card", "ja": "山札の一番上を見る"}
        box = load("box", {"leaders": [{"id": "talin", "effect": words}]})
        lines = tr(leader_option(box, "talin")).splitlines()
        assert lines[1].strip() == label + words[lang] and words[lang] not in lines[0]
    finally:
        set_language("en")


async def test_new_game_refusal_is_in_view_at_80x24(store):
    """Played in tmux at 80×24: ctrl+s with no players seemed to do nothing, because the
    message ("Enter 2 to 6 players (now 0).") sits under the rule options, below the fold.
    The form scrolls it into view."""
    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert "(now 0)" in text_of(screen, "#error")
        assert in_view(screen.query_one("#error", Static))


async def test_quick_score_refusal_is_in_view_at_80x24(store):
    """The same on the quick score at 80×24: ctrl+s with nobody entered says so in view."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QuickScoreScreen)
        assert text_of(screen, "#error")
        assert in_view(screen.query_one("#error", Static))


def in_view(widget) -> bool:
    """Whether ``widget`` (a child of a scrolling form) is in the part of the form shown."""
    scroll = widget.parent
    top = scroll.scroll_offset.y
    return top <= widget.virtual_region.y < top + scroll.scrollable_content_region.height
