"""Every cell's colours read back from Textual's SVG export, and the WCAG contrast of each
(issue 23). Used by tests/ui/test_contrast.py.

The SVG is Rich's ``Console.export_svg``: a ``<rect fill=…>`` behind each run of cells with a
background, a ``<text class=…>`` for each run of characters whose class names its ``fill``;
the cell of a run is its ``x`` over the character width, its line its ``y`` over the line
height (the numbers of ``export_svg``).
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from rich.cells import cell_len
from rich.color import Color as RichColor
from rich.color import ColorSystem

CHAR_WIDTH = 20 * 0.61  # export_svg: char_height 20, font_aspect_ratio 0.61
LINE_HEIGHT = 20 * 1.22

_STYLE = re.compile(r"\.(terminal-\d+-r\d+) \{ fill: (#[0-9a-f]{6})")
_RECT = re.compile(
    r'<rect fill="(#[0-9a-f]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
    r'height="[\d.]+" shape-rendering="crispEdges"/>'
)
_TEXT = re.compile(
    r'<text class="(terminal-\d+-r\d+)" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>'
)
_SCREEN = re.compile(r'<rect fill="(#[0-9a-f]{6})" stroke="rgba\(255,255,255,0.35\)"')

# Marks that are pictures, not words (WCAG 1.4.11, non-text contrast: 3:1): arrows, box
# drawing (borders), geometric shapes (● ▲ ◆), symbols and dingbats (★ ✕ ⚔).
GRAPHIC_BLOCKS = ((0x2190, 0x21FF), (0x2500, 0x257F), (0x25A0, 0x27BF), (0x2B00, 0x2BFF))
# Block elements (▁ ▎ ▌ █) are areas, not marks: Textual draws its scrollbars, its fields'
# frames and its toggles' sides with them, in the colour of the area they end.
AREAS = (0x2580, 0x259F)


@dataclass(frozen=True)
class Cell:
    row: int
    col: int
    char: str
    fg: tuple[int, int, int]
    bg: tuple[int, int, int]


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def backgrounds(svg: str) -> dict[tuple[int, int], tuple[int, int, int]]:
    """The background of each cell (row, col) of the export that has one of its own."""
    background: dict[tuple[int, int], tuple[int, int, int]] = {}
    for fill, x, y, width in _RECT.findall(svg):
        row = round((float(y) - 1.5) / LINE_HEIGHT)
        first = round(float(x) / CHAR_WIDTH)
        for col in range(first, first + round(float(width) / CHAR_WIDTH)):
            background[row, col] = _rgb(fill)
    return background


def cells(svg: str, inside=None) -> list[Cell]:
    """Every drawn character of the export but blanks and areas (``AREAS``), with its
    colours; only those for which ``inside(col, row)`` holds when it is given."""
    fills = dict(_STYLE.findall(svg))
    screen = _rgb(_SCREEN.search(svg).group(1))
    background = backgrounds(svg)
    out = []
    for cls, x, y, text in _TEXT.findall(svg):
        row = round((float(y) - 20) / LINE_HEIGHT)
        col = round(float(x) / CHAR_WIDTH)
        for char in html.unescape(text):
            drawn = not char.isspace() and not AREAS[0] <= ord(char) <= AREAS[1]
            if drawn and (inside is None or inside(col, row)):
                fg = _rgb(fills[cls])
                out.append(Cell(row, col, char, fg, background.get((row, col), screen)))
            col += cell_len(char)
    return out


# ratio, is_graphic and standard are cached: a screen has a few pairs of colours and characters
# over thousands of cells, each read five times (issue 26: the contrast tests' time)
def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2 relative luminance."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@cache
def ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cache
def is_graphic(char: str) -> bool:
    """A mark (border, ★, ▲, ●, ✕, arrow), not a letter, digit or punctuation."""
    code = ord(char)
    if any(lo <= code <= hi for lo, hi in GRAPHIC_BLOCKS):
        return True
    return unicodedata.category(char) == "So"


# The 16 colours as two terminals show them: xterm's defaults and the Linux console's (VGA).
XTERM = (
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
)  # fmt: skip
LINUX = (
    (0, 0, 0), (170, 0, 0), (0, 170, 0), (170, 85, 0), (0, 0, 170), (170, 0, 170),
    (0, 170, 170), (170, 170, 170), (85, 85, 85), (255, 85, 85), (85, 255, 85), (255, 255, 85),
    (85, 85, 255), (255, 85, 255), (85, 255, 255), (255, 255, 255),
)  # fmt: skip


@cache
def standard(rgb: tuple[int, int, int]) -> int:
    """The one of the 16 colours Rich sends for a true colour to a terminal of 16 colours
    (Textual's ColorSystem "standard": TERM=xterm, TERM=linux)."""
    return RichColor.from_rgb(*rgb).downgrade(ColorSystem.STANDARD).number


@dataclass(frozen=True)
class Low:
    where: str
    text: str
    ratio: float
    needed: float
    colours: str

    def __str__(self) -> str:
        return (
            f"{self.where}: {self.text!r} {self.ratio:.2f}:1 (needs {self.needed}:1; "
            f"{self.colours})"
        )


def low_contrast(
    svg: str, where: str, text_min=4.5, mark_min=3.0, palette=None, inside=None
) -> list[Low]:
    """The runs of characters under their minimum contrast: ``text_min`` for words,
    ``mark_min`` for marks (``is_graphic``). With a ``palette`` of 16 colours, each colour
    is first taken to the one of the 16 Rich sends, shown in that palette. Neighbouring
    characters of one line with the same colours make one run; a run seen again (a border's
    every line) is named once, at its first line."""
    runs: dict[tuple, list[Cell]] = {}
    order: list[tuple] = []
    last = None
    for cell in cells(svg, inside):
        fg, bg = cell.fg, cell.bg
        if palette is not None:
            fg, bg = palette[standard(fg)], palette[standard(bg)]
        needed = mark_min if is_graphic(cell.char) else text_min
        if ratio(fg, bg) >= needed:
            last = None
            continue
        if last is not None and last[0] == (cell.row, fg, bg) and cell.col <= last[1] + 1:
            key = last[2]
        else:
            key = (cell.row, cell.col, fg, bg)
            order.append(key)
            runs[key] = []
        runs[key].append(cell)
        last = ((cell.row, fg, bg), cell.col + cell_len(cell.char), key)
    lows: dict[tuple, Low] = {}
    for key in order:
        run = runs[key]
        text, col = "", run[0].col
        for c in run:
            text += " " * (c.col - col) + c.char
            col = c.col + cell_len(c.char)
        needed = max(mark_min if is_graphic(c.char) else text_min for c in run)
        fg, bg = ("#{:02x}{:02x}{:02x}".format(*rgb) for rgb in key[2:])
        colours = f"{fg} on {bg}"
        low = Low(f"{where}, line {run[0].row + 1}", text, ratio(key[2], key[3]), needed, colours)
        lows.setdefault((text, key[2], key[3]), low)
    return list(lows.values())


def scrollbar_lows(svg: str, where: str, bars, mark_min=3.0, palette=None) -> list[Low]:
    """The scrollbars (``bars``: their regions, x, y, width, height) whose thumb reads under
    ``mark_min`` against its track (a mark: WCAG 1.4.11). Textual draws a bar in two
    colours, its thumb's and its track's, each as the background of its cells (the thumb's
    ends as blocks of the one on the other); ``palette``: as in ``low_contrast``."""
    background, lows = backgrounds(svg), []
    for x, y, width, height in bars:
        cells = [(row, col) for row in range(y, y + height) for col in range(x, x + width)]
        colours = {background[cell] for cell in cells if cell in background}
        if palette is not None:
            colours = {palette[standard(rgb)] for rgb in colours}
        # one colour: the thumb in the track's, nothing tells them apart
        pairs = list(combinations(sorted(colours), 2)) or [(c, c) for c in colours]
        for a, b in pairs:
            if ratio(a, b) < mark_min:
                pair = " and ".join("#{:02x}{:02x}{:02x}".format(*rgb) for rgb in (a, b))
                text = f"scrollbar at column {x + 1}, thumb and track"
                lows.append(Low(f"{where}, line {y + 1}", text, ratio(a, b), mark_min, pair))
    return lows
