"""Japanese line breaking (issue 23): "、" and "。" started lines wherever text wrapped, in
Textual's widgets, Rich's output and the command line's help."""

import html
import re

from hypothesis import given
from hypothesis import strategies as st
from rich._wrap import divide_line
from rich.text import Text
from textual.app import App
from textual.widgets import Static

from companion.core.text import NO_LINE_END, NO_LINE_START, kinsoku_breaks, wrap
from companion.ui.line_breaks import divide_line as companion_divide_line

# folded by cells, "。" and "、" fall at the start of lines 2 and 3 at width 10 (5 characters)
SENTENCE = "あいうえおかきくけこ。さしすせそたちつて、なにぬねの「はひふへ」ほまみむめも。"


def lines_of(text: str, breaks: list[int]) -> list[str]:
    return [text[a:b] for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True)]


def test_rich_alone_starts_lines_with_marks_and_the_rule_moves_them():
    plain = lines_of(SENTENCE, divide_line(SENTENCE, 10))
    assert [line for line in plain if line[0] in NO_LINE_START]  # what the rule is for
    ruled = lines_of(SENTENCE, kinsoku_breaks(SENTENCE, 10, True, divide_line))
    assert "".join(ruled) == SENTENCE
    assert not [line for line in ruled if line[0] in NO_LINE_START], ruled
    assert not [line for line in ruled[:-1] if line[-1] in NO_LINE_END], ruled
    assert max(len(line) for line in ruled) <= 5


@given(st.text(alphabet="abc de,.()-", max_size=80), st.integers(min_value=1, max_value=30))
def test_text_without_japanese_marks_wraps_as_before(text, width):
    assert kinsoku_breaks(text, width, True, divide_line) == divide_line(text, width, True)


@given(
    st.text(alphabet="あいうえお、。「」ーっabc ", max_size=60),
    st.integers(min_value=2, max_value=20),
)
def test_every_line_fits_and_nothing_is_lost(text, width):
    from rich.cells import cell_len

    ruled = lines_of(text, kinsoku_breaks(text, width, True, divide_line))
    assert "".join(ruled) == text
    assert all(cell_len(line.rstrip()) <= width for line in ruled)
    lines = wrap(text, width)
    assert all(cell_len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == "".join(text.split())


async def test_a_textual_widget_breaks_japanese_by_the_rule():
    assert companion_divide_line  # the ui package installed it on import

    class Shown(App):
        CSS = "Static { width: 10; }"

        def compose(self):
            yield Static(SENTENCE)

    app = Shown()
    async with app.run_test(size=(30, 12)) as pilot:
        await pilot.pause()
        svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, words in re.findall(
        r'<text [^>]*x="([\d.]+)" y="([\d.]+)"[^>]*clip-path[^>]*>([^<]*)<', svg
    ):
        rows.setdefault(float(y), []).append((float(x), html.unescape(words)))
    shown = ["".join(w for _, w in sorted(rows[y])).strip() for y in sorted(rows)]
    shown = [line for line in shown if line]
    assert "".join(shown) == SENTENCE
    assert not [line for line in shown if line[0] in NO_LINE_START], shown


def test_a_katakana_word_is_not_broken_when_it_fits_a_line():
    """Issue 23: the guide's title broke "コンパニオ / ン"; a run of katakana is a word, the
    line breaks before it (a word longer than a line is still folded)."""
    text = "これはテーブルコンパニオンです"
    for width in range(20, 29):  # the word is 20 cells
        ruled = lines_of(text, kinsoku_breaks(text, width, True, divide_line))
        assert "".join(ruled) == text
        assert any("テーブルコンパニオン" in line for line in ruled), (width, ruled)
        assert any("テーブルコンパニオン" in line for line in wrap(text, width)), width
    long = "ア" * 30
    assert all(
        len(line) <= 5 for line in lines_of(long, kinsoku_breaks(long, 10, True, divide_line))
    )


# an ability under its creature (Magical Friends) or acting character (Unicornus Knights)
ABILITY = "  ↳ 同じスペースのクリーチャーを1体退治する"


async def test_an_arrow_keeps_the_first_words_of_its_text_on_its_line():
    """Tester's report: a lone "↳" on its own line before an ability's text in Japanese. The
    text has no space to break at, so wrapping moved it whole to the next line; in a
    ``Hanging`` text the arrow is part of the line's indent, and the text wraps beside it,
    its next lines under its first character."""
    from companion.ui.widgets.content import Hanging

    class Shown(App):
        CSS = "Static { width: 40; }"

        def compose(self):
            yield Static(Hanging(Text("Imp 2 @ h3\n" + ABILITY + "\n✦ power")))

    app = Shown()
    async with app.run_test(size=(60, 30)) as pilot:
        static = app.query_one(Static)
        for width in range(12, 45):
            static.styles.width = width
            await pilot.pause()
            shown = [s.text.rstrip() for s in static.render_lines(static.size.region)]
            shown = [line for line in shown if line]
            assert "↳" not in [line.strip() for line in shown], (width, shown)
            at = next(i for i, line in enumerate(shown) if "↳" in line)
            assert shown[at].startswith("  ↳ 同"), (width, shown)
            text = [shown[at][4:]]
            for line in shown[at + 1 :]:
                if not line.startswith("    "):  # the ability's lines end
                    break
                text.append(line[4:])
            assert "".join(text) == ABILITY[4:], (width, shown)
            assert shown[-1] == "✦ power" and shown[0] == "Imp 2 @ h3", (width, shown)
