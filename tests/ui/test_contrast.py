"""Every screen readable in every theme (issue 23): text against its background by the WCAG 2
formula, read cell by cell from Textual's SVG export (tests/ui/contrast.py).

The rule: words (letters, digits, punctuation) need 4.5:1 (WCAG 1.4.3); marks that are
pictures — borders, ★ ▲ ● ✕ ⚔, arrows (Unicode symbols, shapes, box drawing) — need 3:1
(WCAG 1.4.11, non-text contrast). Blank cells are not read, but for a dialog's scrollbars:
their thumb, drawn in blanks, is a mark, 3:1 against its track.

Each screen (home, the three new-game forms, each game's table mid-game and its dialogs, the
record, stats, catalogs, settings, help) is drawn at 80×24 and 120×40 in Textual's dark
theme, its light theme and under NO_COLOR. The modes share one app: the theme is switched in
place, and NO_COLOR is Textual's own ``Monochrome`` filter, which Textual puts on an app made
under NO_COLOR (checked here) and which draws each colour as the grey of its brightness.

16 colours (``TERM=xterm``, ``TERM=linux``; Textual's colour system "standard"): Rich sends
each colour as the nearest of the 16 (``Color.downgrade``), which the terminal shows in its
own palette. The dark picture of every screen is taken to the 16 and read in xterm's and the
Linux console's palettes; there, with only 16 colours to choose from, words need 3:1 and
marks 2:1: nothing lands on its background's colour or one close to it.

A failure names the screen, the size, the mode, the text (a run of one line in one pair of
colours) and its ratio.
"""

from __future__ import annotations

import shutil

import pytest
from textual.filter import Monochrome

from companion.games.unicornus import GAME as UNICORNUS
from companion.store import Store
from companion.ui.app import Start, create_app
from tests.ui.contrast import LINUX, XTERM, low_contrast, scrollbar_lows

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
DARK, LIGHT = "textual-dark", "textual-light"


class Check:
    """Draws the screen on top in each mode and keeps what reads too faintly."""

    def __init__(self, app, pilot, size: str) -> None:
        self.app, self.pilot, self.size = app, pilot, size
        self.lows: list[str] = []
        self.bars = 0  # the dialogs' scrollbars read
        app.theme_changed_signal.unsubscribe(app)  # the theme switched here is not saved

    async def __call__(self, name: str, screen: str | None = None) -> None:
        """Read the screen on top (of the class named ``screen``, when given) in each mode."""
        app, pilot = self.app, self.pilot
        await pilot.pause()
        assert screen is None or type(app.screen).__name__ == screen, (name, app.screen)
        where = f"{name} {self.size}"
        inside, bars = None, []
        if app.screen.is_modal:  # what a dialog covers is not read (inactive, WCAG 1.4.3)
            regions = [w.region for w in app.screen.children if w.display]
            inside = lambda x, y: any(r.contains(x, y) for r in regions)  # noqa: E731
            bars = _scrollbars(app.screen)
            self.bars += len(bars)
        # the theme the app is in first, and no switch back: a switch (Textual restyles every
        # widget) was a quarter of the test's CPU, and a screen reads the same whichever
        # theme it was opened in (issue 26)
        modes = (("dark", DARK, False), ("NO_COLOR", DARK, True), ("light", LIGHT, False))
        if app.theme == LIGHT:
            modes = modes[2:] + modes[:2]
        for mode, theme, grey in modes:
            if grey:
                app._filters.append(Monochrome())
            app.theme = theme
            await pilot.pause()
            svg = app.export_screenshot()
            if grey:
                app._filters.pop()
            self.lows += map(str, low_contrast(svg, f"{where} {mode}", inside=inside))
            self.lows += map(str, scrollbar_lows(svg, f"{where} {mode}", bars))
            if mode == "dark":
                for palette_name, palette in (("xterm", XTERM), ("linux", LINUX)):
                    in_16 = f"{where} 16 colours ({palette_name})"
                    self.lows += map(str, low_contrast(svg, in_16, 3.0, 2.0, palette, inside))
                    self.lows += map(str, scrollbar_lows(svg, in_16, bars, 2.0, palette))


def _scrollbars(screen) -> list[tuple[int, int, int, int]]:
    """The regions of the scrollbars shown on ``screen`` (a dialog's: the thumb is a mark,
    3:1 against its track; the other screens keep Textual's scrollbars)."""
    bars = []
    for widget in screen.query("*"):
        for shown, bar in (
            (widget.show_vertical_scrollbar, "vertical_scrollbar"),
            (widget.show_horizontal_scrollbar, "horizontal_scrollbar"),
        ):
            region = getattr(widget, bar).region if shown and widget.display else None
            if region:
                bars.append(tuple(region))
    return bars


def test_no_color_is_textuals_monochrome_filter(store, monkeypatch):
    """What the test puts on an app for NO_COLOR is what Textual does under NO_COLOR."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app(store)
    assert app.no_color
    assert [type(f) for f in app._filters][-1] is Monochrome


async def test_the_reading_finds_a_faint_word_and_its_ratio():
    """The reader itself: a word drawn in a colour close to its background is found, with the
    WCAG ratio of its two colours; a word in the theme's text colour is not."""
    from textual.app import App
    from textual.widgets import Static

    class Faint(App):
        CSS = "#faint { color: $background-lighten-1; } #plain { color: $foreground; }"

        def compose(self):
            yield Static("faint words", id="faint")
            yield Static("plain words", id="plain")

    app = Faint()
    async with app.run_test(size=(30, 4)):
        lows = low_contrast(app.export_screenshot(), "faint")
    assert [(low.text, round(low.ratio, 2)) for low in lows] == [("faint words", 1.16)]


@pytest.fixture
def finished(saved, tmp_path):
    db = tmp_path / "contrast.db"
    shutil.copy(saved, db)
    store = Store.open(db)
    yield store
    store.close()


def _report(lows: list[str]) -> None:
    assert not lows, f"{len(lows)} runs of text under their contrast:\n" + "\n".join(lows)


@pytest.mark.parametrize("size", SIZES)
async def test_home_records_and_forms(finished, size):
    from companion.ui.games import game_ui
    from companion.ui.help import HelpScreen

    app = create_app(finished, lang="en")
    async with app.run_test(size=SIZES[size]) as pilot:
        check = Check(app, pilot, size)
        await check("home")
        for key, name in (("t", "Stats"), ("s", "Settings"), ("c", "Catalogs")):
            await pilot.press(key)
            await check(name.lower(), name + "Screen")
            app.pop_screen()
        app.push_screen(HelpScreen(app.screen))
        await check("help", "HelpScreen")
        app.pop_screen()
        for game in ("unicornus", "insurrection", "magical-friends"):
            game_id = next(g.id for g in finished.list_games() if g.game_key == game)
            app.show_record(game_id)
            await check(f"{game} record", "RecordScreen")
            app.pop_screen()
            app.push_screen(game_ui(game).new_game_screen("demo"))
            await check(f"{game} new game")
            app.pop_screen()
    _report(check.lows)


@pytest.mark.parametrize("size", SIZES)
async def test_unicornus(store, size):
    from tests.unicornus_forms.hosts import defence_state, open_battle
    from tests.unicornus_ui.demo import start
    from tests.unicornus_ui.test_play import ROUND_SEED

    app = create_app(store, lang="en")
    async with app.run_test(size=SIZES[size]) as pilot:
        check = Check(app, pilot, size)
        await pilot.pause()
        start(app, ROUND_SEED)
        await pilot.pause()
        await pilot.press("n", "n")
        await check("unicornus players' turn")
        await pilot.press("o")
        await check("unicornus foresight")
        assert app.screen.foresight() is not None
        await pilot.press("o")
        for key in ("n",) * 6 + ("1", "n", "n"):  # to the Empire's tie, its choice open
            await pilot.press(key)
            await pilot.pause()
        await check("unicornus map choice", "MapChoice")
        session = store.new_game(UNICORNUS, defence_state(), "Battle", "demo")
        await open_battle(app, pilot, session)
        await check("unicornus battle helper", "BattleHelper")
    _report(check.lows)


@pytest.mark.parametrize("size", SIZES)
async def test_insurrection(store, size):
    from companion.ui.insurrection import game_screen
    from tests.insurrection_ui.test_snapshots import finished, mid_round

    app = create_app(store, Start("resume", game_id=mid_round(store)), lang="en")
    async with app.run_test(size=SIZES[size]) as pilot:
        check = Check(app, pilot, size)
        await check("insurrection table")
        await pilot.press("t")
        await check("insurrection take picker", "CardPicker")
        await pilot.press("escape")
        await pilot.press("r")
        await check("insurrection remove picker", "CardPicker")
        await pilot.press("escape")
        app.push_screen(game_screen(store.open_game(finished(store))))
        await pilot.pause()
        await pilot.press("f")
        await check("insurrection scoring", "ScoringScreen")
    _report(check.lows)


@pytest.mark.parametrize("size", SIZES)
async def test_magical_friends(store, size):
    from companion.ui.magical_friends import game_screen
    from tests.magical_friends_ui.helpers import play_to_round_3, saved_game
    from tests.magical_friends_ui.test_snapshots import _round_3

    app = create_app(store, Start("resume", game_id=_round_3(store).id), lang="en")
    async with app.run_test(size=SIZES[size]) as pilot:
        check = Check(app, pilot, size)
        await check("magical friends table")
        await pilot.press("m", "1")
        await check("magical friends steps", "StepsDialog")
        await pilot.press("escape")
        session = saved_game(store)
        play_to_round_3(session)  # the artifacts not played yet
        app.push_screen(game_screen(session))
        await pilot.pause()
        await pilot.press("a")
        await check("magical friends artifacts", "ArtifactsForm")
    assert check.bars, "no dialog's scrollbar was read"  # the artifacts' form scrolls
    _report(check.lows)


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_muted_words_are_drawn_fainter_than_the_words_around_them(theme):
    """Tester's report: words styled MUTED (``$text-muted``, "auto 60%") came out pure white
    in a panel, brighter than the others: Content draws an "auto" colour at full strength.
    They are fainter than the panel's words, on both themes (and 4.5:1: the tests above)."""
    from rich.text import Text
    from textual.app import App, ComposeResult
    from textual.geometry import Region

    from companion.ui.colours import MUTED
    from companion.ui.widgets.content import set_content
    from companion.ui.widgets.panel import Panel

    class One(App):
        def compose(self) -> ComposeResult:
            yield Panel(id="panel")

    app = One()
    app.theme = theme
    async with app.run_test(size=(30, 3)) as pilot:
        panel = app.query_one(Panel)
        set_content(panel, Text("words ").append("muted", style=MUTED))
        await pilot.pause()
        row = panel.render_lines(Region(0, 0, *panel.outer_size))[0]
        colours = {s.text.strip(): s.style.color.triplet for s in row if s.text.strip()}
        background = next(s.style.bgcolor.triplet for s in row if s.style.bgcolor)

        def distance(rgb) -> int:  # from the background: how far the words stand out
            return sum(abs(a - b) for a, b in zip(rgb, background, strict=True))

        assert distance(colours["muted"]) < distance(colours["words"])
