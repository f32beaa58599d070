"""The map: every space of the board drawn as a brick of a hex grid, two lines high.

Hexes sit in axial coordinates ``(q, r)`` (kept by the engine's board for drawing). Row ``r``
is a pair of terminal lines; a hex's column is ``2q + r`` half-cells, so the six neighbours of
a hex are the bricks left, right, and the two above and below that overlap it. Tiles (areas)
are told apart by shading: neighbouring tiles never share a shade.

Line 1 of a space: its printed marks (difficulty ▲, recruit reversed, resource bold,
defence underlined, ✕ impassable, ★ Lionel's start space) or a label (move choices, the path
step). Line 2: who stands there — a kingdom character (initial + tokens), the Princess (on
the theme's warning colour), an imperial unit with its personality's mark, in its colour, in
the hex's margin (so the side and the personality read without colour, e.g. under NO_COLOR),
or both when a battle waits.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from companion.core.i18n import tr
from companion.games.unicornus import PRINCESS, Board, UKState, default_layout, flower

# Colours are the theme's variables (issue 23), read when a line is drawn (``_palette``): a
# theme switched in play redraws the map in its colours. Tile shades: the theme's muted tones
# (dark on a dark theme, light on a light one), three for the lattice of tiles, a fourth when
# a board needs it; words on them are the theme's text, and what a colour adds is said by a
# mark too (the personality's mark, the recruit number reversed, defence underlined).
SHADES = ("$success-muted", "$primary-muted", "$warning-muted", "$error-muted")
PERSONALITY = {"defensive": "$text-primary", "normal": "$foreground", "aggressive": "$text-error"}
# an imperial unit's personality as a glyph as well as a colour (one cell, not East Asian
# ambiguous width); kingdom characters have none, so the mark also says the side
PERSONALITY_MARK = {"defensive": "▪", "normal": "▫", "aggressive": "▸"}
HERO = "bold $foreground"
PRINCESS_STYLE = "bold $text on $warning"
LEADERLESS = "$foreground"
MARK_STYLES = {
    "difficulty": "$foreground",
    "recruit": "bold reverse $foreground",
    "resource": "bold $foreground",
    "defence": "bold underline $foreground",
    "impassable": "bold $text-error",
    "goal": "bold $foreground",
}
# highlight backgrounds, by purpose: the theme's strong colours, everything on them in the
# text colour that reads on each ($text)
HIGHLIGHT = {
    "path": "$primary-darken-2",  # the Princess's planned path
    "option": "$warning",  # the options of an open choice
    "attack": "$error",  # planned imperial destinations / battles
    "origin": "$panel-lighten-3",  # planned imperial origins
}


def shade_areas(board: Board) -> dict[int, int]:
    """A colouring of the areas so that touching areas differ (backtracking, ≤ 4 colours)."""
    areas = sorted(set(board.area))
    colour: dict[int, int] = {}

    def place(i: int, k: int) -> bool:
        if i == len(areas):
            return True
        a = areas[i]
        for c in range(k):
            if all(colour.get(b) != c for b in board.area_adj[a]):
                colour[a] = c
                if place(i + 1, k):
                    return True
                del colour[a]
        return False

    for k in (3, 4):
        if place(0, k):
            return colour
    return {a: a % len(SHADES) for a in areas}


def board_coords(board: Board) -> tuple[tuple[int, int], ...]:
    """The hex of each space; states saved before the board kept its hexes fall back to the
    default layout (names ``pos.k``)."""
    if board.coords:
        return board.coords
    where = {p["pos"]: (p["a"], p["b"]) for p in default_layout()}
    out = []
    for name in board.names:
        pos, _, k = name.partition(".")
        a, b = where[int(pos)]
        out.append(flower(a, b)[int(k)])
    return tuple(out)


def _cut(text: str, width: int) -> str:
    """The start of ``text`` in ``width`` cells; at least its first character (a wide one in
    one cell overflows into the hex's margin rather than vanish)."""
    out = text[:1]
    for ch in text[1:]:
        if cell_len(out + ch) > width:
            break
        out += ch
    return out


# small kana: never a label by themselves (ャ, ッ, ィ... only lengthen or join the letter before)
SMALL_KANA = frozenset(
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)


def label(state: UKState, name: tuple[str, str], width: int) -> str:
    """A character's label on the map and beside the characters' panel: the start of its
    name, or, when that start is another character's too (Isolde and Ivo are both イ in
    Japanese), its first letter and a later one, or another of its letters."""
    from companion.core.i18n import language

    lang = language()
    names = tuple(c.name for c in (*state.heroes, *state.imperial) if c.id != PRINCESS)
    labels = _unique_labels(tuple(n[1] if lang == "ja" and n[1] else n[0] for n in names), width)
    text = name[1] if lang == "ja" and name[1] else name[0]
    return labels.get(text, _cut(text, width))


@lru_cache(maxsize=16)
def _unique_labels(names: tuple[str, ...], width: int) -> dict[str, str]:
    starts = {n: _cut(n, width) for n in names}
    alike = Counter(starts.values())
    out = {n: s for n, s in starts.items() if alike[s] == 1}
    taken = set(out.values())
    for n in names:
        if n in out:
            continue
        for candidate in _candidates(n, width):
            if candidate not in taken:
                break
        else:
            candidate = starts[n]
        out[n] = candidate
        taken.add(candidate)
    return out


def _candidates(name: str, width: int):
    """Labels for ``name`` in order of preference: its start, its first letter and a later
    one, any one of its letters (not a prolonged-sound mark ー, nor a small kana such as ャ
    or ッ, which reads as no name alone)."""
    letters = [
        ch for ch in name if unicodedata.category(ch) in ("Lu", "Ll", "Lo") and ch not in SMALL_KANA
    ]
    if not letters:
        return
    yield _cut(name, width)
    first = letters[0]
    for ch in letters[1:]:
        if cell_len(first + ch.lower()) <= width:
            yield first + ch.lower()
    for ch in letters:
        if cell_len(ch) <= width:
            yield ch


@dataclass(frozen=True)
class Mark:
    """A highlight on one space: a background purpose and an optional label for line 1."""

    kind: str
    label: str = ""


class HexMap(Widget, can_focus=True):
    """The board. Arrows / hjkl move the cursor; enter or a click activates a space."""

    DEFAULT_CSS = """
    HexMap { width: auto; height: auto; }
    """
    BINDINGS = [
        Binding("left,h", "cursor(-1, 0)", show=False),
        Binding("right,l", "cursor(1, 0)", show=False),
        Binding("up,k", "cursor(0, -1)", show=False),
        Binding("down,j", "cursor(0, 1)", show=False),
        Binding("enter", "activate", show=False),
    ]

    class Selected(Message):
        """The cursor moved to ``space``."""

        def __init__(self, space: int) -> None:
            super().__init__()
            self.space = space

    class Activated(Message):
        """Enter (or a click) on ``space``."""

        def __init__(self, space: int) -> None:
            super().__init__()
            self.space = space

    def __init__(self, state: UKState, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.cell = 4  # width of one hex in cells: 4 compact, 6 expanded
        self.cursor = state.princess.space if state.princess.on_board else 0
        self.marks: dict[int, Mark] = {}
        self._set_board(state.board)
        self._want_x: int | None = None
        self._shown: tuple | None = None  # (marks, occupants) last drawn by show()

    # --- geometry ---
    def _set_board(self, board: Board) -> None:
        self._board = board
        coords = board_coords(board)
        self.coords = coords
        self.index = {c: i for i, c in enumerate(coords)}
        rs = [r for _, r in coords]
        xs = [2 * q + r for q, r in coords]
        self.r0, self.rows = min(rs), max(rs) - min(rs) + 1
        self.in_row: dict[int, list[int]] = {}  # the spaces of each row, left to right
        for s, (_q, r) in enumerate(coords):
            self.in_row.setdefault(r, []).append(s)
        self.x0, self.span = min(xs), max(xs) - min(xs) + 1
        self.shade = shade_areas(board)

    def columns(self) -> int:
        return (self.span - 1) * self.cell // 2 + self.cell

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.columns()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.rows * 2

    def place(self, space: int) -> tuple[int, int]:
        """Top-left (column, line) of a space."""
        q, r = self.coords[space]
        return (2 * q + r - self.x0) * self.cell // 2, (r - self.r0) * 2

    def space_at(self, x: int, y: int) -> int | None:
        for s in self.in_row.get(y // 2 + self.r0, ()):
            col, _ = self.place(s)
            if col <= x < col + self.cell:
                return s
        return None

    # --- updates from the screen ---
    def show(self, state: UKState, marks: dict[int, Mark] | None = None) -> None:
        """Draw ``state`` with ``marks``: repainted only when what the map shows changed (its
        size changes only with the board)."""
        self.state = state
        marks = marks or {}
        if state.board is not self._board:
            self._set_board(state.board)
            self.marks = marks
            self._shown = None
            self.refresh(layout=True)
            return
        shown = (marks, tuple(self.occupant(s) for s in range(len(self.coords))))
        self.marks = marks
        if shown == self._shown:
            return
        before, self._shown = self._shown, shown
        if before is None:
            self.refresh()
            return
        # only the rows of the spaces that changed (a step moves a unit or two): the rest of
        # the map is not drawn again, and the frame is only as tall as what changed
        changed = {
            self.coords[s][1]
            for s in range(len(self.coords))
            if shown[1][s] != before[1][s] or marks.get(s) != before[0].get(s)
        }
        for r in sorted(changed):
            self._refresh_row(r)

    def _refresh_row(self, r: int) -> None:
        """Draw row ``r`` again (two lines), not the whole map."""
        self.refresh(Region(0, (r - self.r0) * 2, self.size.width, 2))

    def set_cell(self, width: int) -> None:
        if width != self.cell:
            self.cell = width
            self.refresh(layout=True)

    def move_to(self, space: int) -> None:
        if 0 <= space < len(self.coords) and space != self.cursor:
            before, self.cursor = self.cursor, space
            self._want_x = None
            # only the rows the cursor left and reached: a map question moves it to each
            # option highlighted, beneath the dialog, whose backdrop is drawn again with it
            for s in (before, space):
                if s < len(self.coords):  # (the cursor of a board since replaced: none)
                    self._refresh_row(self.coords[s][1])
            self.post_message(self.Selected(space))

    # --- keys and mouse ---
    def action_cursor(self, dx: int, dy: int) -> None:
        q, r = self.coords[self.cursor]
        x = 2 * q + r
        if dy == 0:
            nxt = self.index.get((q + dx, r))
            if nxt is not None:
                self.move_to(nxt)
            return
        want = self._want_x if self._want_x is not None else x
        # the two hexes overlapping this one in the row above/below; keep to the column
        pair = [(q, r + dy), (q - 1, r + dy)] if dy > 0 else [(q + 1, r + dy), (q, r + dy)]
        pair = [c for c in pair if c in self.index]
        if not pair:
            return
        pair.sort(key=lambda c: (abs(2 * c[0] + c[1] - want), -(2 * c[0] + c[1])))
        self.move_to(self.index[pair[0]])
        self._want_x = want

    def action_activate(self) -> None:
        self.post_message(self.Activated(self.cursor))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        space = self.space_at(offset.x, offset.y)
        if space is None:
            return
        self.focus()
        self.move_to(space)
        self.post_message(self.Activated(space))

    # --- drawing ---
    def terrain(self, s: int) -> list[tuple[str, str]]:
        b = self._board
        if b.impassable[s]:
            return [("✕" * (self.cell - 1), MARK_STYLES["impassable"])]
        out: list[tuple[str, str]] = []
        if s == b.goal:
            out.append(("★", MARK_STYLES["goal"]))
        if b.defence[s]:
            out.append((str(b.defence[s]), MARK_STYLES["defence"]))
        if b.recruit[s]:
            out.append((str(b.recruit[s]), MARK_STYLES["recruit"]))
        if b.resource[s]:
            out.append((str(b.resource[s]), MARK_STYLES["resource"]))
        if b.difficulty[s]:
            out.append(("▲" * min(b.difficulty[s], 2), MARK_STYLES["difficulty"]))
        return out

    def occupant(self, s: int) -> list[tuple[str, str]]:
        st = self.state
        out: list[tuple[str, str]] = []
        hero = st.hero_at(s)
        unit = st.unit_at(s)
        both = hero is not None and unit is not None
        room = self.cell - 1
        if hero is not None:
            if hero.id == PRINCESS:
                out.append(
                    (f"{tr('unicornus_ui.map.princess_initial')}{hero.tokens}", PRINCESS_STYLE)
                )
            else:
                w = 1 if both else room - len(str(hero.tokens))
                out.append((f"{label(st, hero.name, w)}{hero.tokens}", HERO))
        if unit is not None:
            if unit.leader:
                ch = st.imp(unit.leader)
                w = 1 if both else room - len(str(unit.tokens))
                text = f"{label(st, ch.name, w)}{unit.tokens}"
                style = "bold $foreground"  # its colour is its mark's, in the margin
            else:
                text, style = f"•{unit.tokens}", LEADERLESS
            out.append((text, style))
        return out

    def margin(self, s: int) -> tuple[str, str] | None:
        """The mark drawn in the left margin of line 2: an imperial leader's personality."""
        unit = self.state.unit_at(s)
        if unit is None or not unit.leader:
            return None
        ch = self.state.imp(unit.leader)
        colour = PERSONALITY.get(ch.personality, "$foreground")
        return PERSONALITY_MARK.get(ch.personality, "?"), f"bold {colour}"

    def _palette(self) -> dict[str, Style]:
        """Each style the map draws with (``SHADES``, ``HIGHLIGHT`` as backgrounds, the rest as
        written) in the theme shown now; a highlight's own text colour under ``"on " + bg``."""
        theme = self.app.theme
        if getattr(self, "_palette_of", None) != theme:
            parse = self.app.stylesheet.parse_style
            palette: dict[str, Style] = {}
            for spec in (*SHADES, *HIGHLIGHT.values()):
                palette[spec] = parse(f"on {spec}").rich_style
                palette["on " + spec] = parse(f"$text on {spec}").rich_style
            for spec in (
                *PERSONALITY.values(),
                *MARK_STYLES.values(),
                *(f"bold {c}" for c in PERSONALITY.values()),
                HERO,
                PRINCESS_STYLE,
                LEADERLESS,
                "bold $foreground",
            ):
                palette[spec] = parse(spec).rich_style
            self._palette_of, self._palette_styles = theme, palette
        return self._palette_styles

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        cells: list[tuple[str, Style]] = [(" ", Style())] * max(width, self.columns())
        palette = self._palette()
        r = y // 2 + self.r0
        top = y % 2 == 0
        for s in self.in_row.get(r, ()):
            col, _ = self.place(s)
            mark = self.marks.get(s)
            bg = SHADES[self.shade.get(self._board.area[s], 0) % len(SHADES)]
            lit = mark is not None and mark.kind in HIGHLIGHT
            if lit:
                bg = HIGHLIGHT[mark.kind]
            base = palette[bg]

            def drawn(spec: str, base=base, bg=bg, lit=lit) -> Style:
                """``spec`` on the hex; on a highlight, in the highlight's text colour."""
                style = base + palette[spec]
                keep = "reverse" in spec or " on " in spec  # its own colours
                return style + palette["on " + bg] if lit and not keep else style

            if top and mark is not None and mark.label:
                parts = [(mark.label, "bold $foreground")]
            else:
                parts = self.terrain(s) if top else self.occupant(s)
            margin = None if top else self.margin(s)
            # a left margin parts each hex; on line 2 it may carry the unit's personality
            body: list[tuple[str, Style]] = [
                (" ", base) if margin is None else (margin[0], drawn(margin[1]))
            ]
            for text, spec in parts:
                style = drawn(spec)
                for ch in text:
                    body.append((ch, style))
                    if cell_len(ch) == 2:  # a wide (Japanese) character fills two cells
                        body.append(("", style))
            body = body[: self.cell]
            if body[-1][0] and cell_len(body[-1][0]) == 2:  # never cut a wide character in half
                body[-1] = (" ", base)
            body += [(" ", base)] * (self.cell - len(body))
            if s == self.cursor:
                if margin is None:
                    body[0] = ("▐", drawn("bold $foreground"))
                    body = [body[0]] + [(c, st + Style(reverse=True)) for c, st in body[1:]]
                else:  # the personality's mark stays, in reverse like the rest
                    body = [(c, st + Style(reverse=True)) for c, st in body]
            for i, cell in enumerate(body):
                if 0 <= col + i < len(cells):
                    cells[col + i] = cell
        # a segment for each run of one style, not each cell: Textual filters, cuts and
        # tints (beneath a dialog) the line segment by segment
        segments: list[Segment] = []
        run, run_style = [], None
        for ch, style in cells[:width]:
            if style is not run_style and run:  # (equal styles are mostly one object)
                segments.append(Segment("".join(run), run_style))
                run = []
            run.append(ch)
            run_style = style
        if run:
            segments.append(Segment("".join(run), run_style))
        return Strip(segments, width)
