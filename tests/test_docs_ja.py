"""The players' guides in Japanese (issue 13): every guide the app shows has its docs/ja/ page.

A translation keeps the English page's structure (the same headings, in order, at the same
levels) and its code as it is (every fenced block of the English page appears unchanged), so a
reader of either language finds the same thing in the same place and can copy the same commands.
"""

import re

import pytest

from companion.docs import GUIDES, docs_dir, guide_path, read_guide

FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def heading_levels(text: str) -> list[int]:
    outside_code = FENCE.sub("", text)
    return [len(m.group(1)) for m in re.finditer(r"^(#+) ", outside_code, re.M)]


@pytest.mark.parametrize("game", list(GUIDES))
def test_every_guide_the_app_shows_is_translated(game):
    path = guide_path(game, "ja")
    assert path.parent == docs_dir() / "ja", f"{GUIDES[game]} has no docs/ja/ translation"
    assert read_guide(game, "ja") != read_guide(game, "en")


@pytest.mark.parametrize("game", list(GUIDES))
def test_a_translation_keeps_the_pages_headings_and_code(game):
    en, ja = read_guide(game, "en"), read_guide(game, "ja")
    assert heading_levels(ja) == heading_levels(en)
    for block in FENCE.findall(en):
        assert block in ja, f"a code block of {GUIDES[game]} is missing or changed:\n{block}"


def test_an_untranslated_language_falls_back_to_english():
    assert guide_path("unicornus", "xx") == docs_dir() / GUIDES["unicornus"]
    assert read_guide("unicornus", "ja").startswith("# Unicornus Knights（")


@pytest.mark.parametrize("game", list(GUIDES))
def test_japanese_paragraphs_are_not_broken_across_lines(game):
    """Markdown renders a line break inside a paragraph as a space, which splits a Japanese
    sentence where it wraps (F1 and `companion docs` both show it): a paragraph is one line."""
    prose = FENCE.sub("", read_guide(game, "ja")).split("\n")
    block = re.compile(r"^\s*(?:[-*] |\d+\. |\||#)")
    broken = [
        line
        for before, line in zip(prose, prose[1:], strict=False)
        if before.strip()
        and line.strip()
        and not block.match(line)
        and not before.lstrip().startswith(("|", "#"))
    ]
    assert not broken, f"{GUIDES[game]}: a paragraph goes on in a new line: {broken[0]!r}"


@pytest.mark.parametrize("game", list(GUIDES))
def test_companion_docs_in_a_terminal_cuts_no_japanese_cell(game):
    """`companion docs` renders with rich, whose table cut a Japanese cell (one long "word" to
    it) to "…" at 80 columns: nothing shown has a "…" the page does not have."""
    from rich.console import Console

    from companion.cli import folding_markdown

    text = read_guide(game, "ja")
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(folding_markdown(text))
    assert console.export_text().count("…") <= text.count("…")
