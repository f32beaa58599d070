"""Links in the F1 guide (issue 23): clicking one crashed the app (Textual's viewer read every
link as a Markdown file relative to the working folder). A page of the guides opens in the
viewer, a picture or a web address goes to the browser, a missing page is a message."""

from pathlib import Path

from textual.widgets import Markdown, MarkdownViewer
from textual.widgets._markdown import MarkdownParagraph  # (not exported)

from companion.core.i18n import set_language
from companion.docs import docs_dir
from companion.ui.app import create_app
from companion.ui.help import Guide, HelpScreen
from tests.ui.keys import until


def guide_drawn(viewer: MarkdownViewer) -> bool:
    """The viewer's page is drawn: its blocks mounted, all of them (Textual mounts a long
    page in batches, under the document's lock; the guide adds all but its first section
    after the first is drawn)."""
    document = viewer.document
    return (
        bool(document.query(MarkdownParagraph))
        and not document.lock.is_locked
        and not getattr(viewer, "rest", "")
    )


async def guide(pilot) -> Guide:
    """The guide F1 opened, once its page is drawn (its paragraphs mounted)."""
    app = pilot.app
    await until(
        pilot,
        lambda: isinstance(app.screen, HelpScreen) and guide_drawn(app.screen.query_one(Guide)),
        "the guide is shown",
    )
    return app.screen.query_one(Guide)


def shows(viewer: Guide, heading: str) -> bool:
    return viewer.document.source.startswith(heading)


async def click_link(pilot, viewer: Guide, words: str, done, what: str) -> None:
    """Click, with the mouse, the first link whose text starts with ``words``: it starts its
    block (a list item), so it is at the block's top left corner once scrolled into view;
    then wait until ``done()``."""
    blocks = [
        b for b in viewer.document.query(MarkdownParagraph) if b._content.plain.startswith(words)
    ]
    assert blocks, f"no block starts with {words!r}"
    viewer.scroll_to_widget(blocks[0], top=True, animate=False)
    await pilot.pause()
    assert await pilot.click(blocks[0], offset=(1, 0))
    await until(pilot, done, what)


async def test_a_link_to_another_guide_opens_it_and_backspace_comes_back(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        viewer = await guide(pilot)
        await click_link(
            pilot,
            viewer,
            "Unicornus Knights",
            lambda: shows(viewer, "# Unicornus Knights"),
            "the page",
        )
        assert app.is_running and isinstance(app.screen, HelpScreen)
        assert viewer.page == (docs_dir() / "unicornus-knights.md").resolve()
        assert "unicornus-knights.md" in app.screen.title
        await pilot.press("backspace")
        await until(pilot, lambda: shows(viewer, "# The companion"), "back to the guide")


async def test_a_japanese_guide_link_opens_the_japanese_page(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        set_language("ja")
        app.push_screen(HelpScreen(app.screen, None))
        viewer = await guide(pilot)
        await click_link(
            pilot,
            viewer,
            "マジカルフレンズ",
            lambda: shows(viewer, "# Magical Friends（"),
            "the page",
        )
        assert app.is_running
        assert viewer.page == (docs_dir() / "ja" / "magical-friends.md").resolve()
    set_language("en")


async def test_a_picture_or_a_web_address_goes_to_the_browser(store, monkeypatch):
    opened: list[str] = []
    app = create_app(store)
    monkeypatch.setattr(app, "open_url", lambda url, **kw: opened.append(url))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        viewer = await guide(pilot)
        # the screenshots' links are inside a sentence: post what a click on them posts
        viewer.document.post_message(Markdown.LinkClicked(viewer.document, "web-seat-390.png"))
        viewer.document.post_message(Markdown.LinkClicked(viewer.document, "https://example.org/x"))
        await until(pilot, lambda: len(opened) == 2, "both links followed")
        assert app.is_running
        assert opened == [
            (docs_dir() / "web-seat-390.png").resolve().as_uri(),
            "https://example.org/x",
        ]
        assert viewer.document.source.startswith("# The companion")


async def test_a_missing_page_is_a_message(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        viewer = await guide(pilot)
        viewer.document.post_message(Markdown.LinkClicked(viewer.document, "nowhere.md"))
        await until(pilot, lambda: app._notifications, "a message")
        assert app.is_running and viewer.document.source.startswith("# The companion")
        assert any("nowhere.md" in str(n.message) for n in app._notifications)


def test_docs_dir_is_a_real_folder():
    assert Path(docs_dir(), "guide.md").is_file()


def test_a_guide_is_cut_after_its_first_section_and_nothing_is_lost():
    from companion.docs import GUIDES, read_guide
    from companion.ui.help import first_section

    for game in GUIDES:
        for lang in ("en", "ja"):
            text = read_guide(game, lang)
            first, rest = first_section(text)
            assert first + rest == text and rest.startswith("## ")
            assert first.count("\n## ") == 1  # the title, its words, one section


async def test_f1_draws_the_first_section_then_the_whole_guide():
    """F1 took 4-5 s under load, most of it Textual's widgets for the whole guide, made before
    anything showed (scripts/bench_help.py): the viewer is made with the first section, the
    rest added once it is drawn, and the whole guide is there in the end."""
    from companion.docs import guide_path, read_guide
    from companion.store import Store
    from companion.ui.help import first_section

    first, rest = first_section(read_guide(None, "en"))
    made = Guide(guide_path(None, "en"))
    assert made._markdown == first and made.rest == rest  # (MarkdownViewer's own attribute)
    store = Store.open("sqlite://")
    app = create_app(store, lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("f1")
            drawn = await guide(pilot)
            assert drawn.document.source == read_guide(None, "en")
    finally:
        store.close()
