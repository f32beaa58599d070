"""Text from files and people, made safe to show: no control character reaches a screen.

A name imported from a catalog, a player's name or a value read from a save may carry
terminal escape sequences (ESC ``[`` …, OSC title changes, C1 controls such as CSI ``\\x9b``)
that would recolour the terminal, change its title or move the cursor. :func:`visible` shows
each control character as a visible symbol instead (``ESC`` → ``␛``), so the text is still
readable and nothing in it acts on the terminal.

It is applied where text enters: catalog loading (every string), the store's titles, ``tr()``
parameters (so every translated line a screen or the CLI shows) and the CLI's own output.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

# C0 controls, DEL, C1 controls; Unicode bidi overrides and isolates (they reorder what is
# shown); line and paragraph separators.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
_KEEP_LINES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟ (␛ for ESC)
    if code == 0x7F:
        return "\u2421"  # ␡
    return f"<U+{code:04X}>"  # C1 controls and bidi marks have no picture


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character shown as a symbol. ``lines=True`` keeps
    newlines and tabs (multi-line messages); otherwise they are shown too (one-line names)."""
    pattern = _KEEP_LINES if lines else _CONTROL
    if pattern.search(text) is None:
        return text
    return pattern.sub(_picture, text)


def visible_data(value: Any) -> Any:
    """Every string inside plain data (dicts, lists: a parsed TOML file) made visible; keys too."""
    stack: list[Any] = []
    if isinstance(value, str):
        return visible(value)
    if not isinstance(value, dict | list):
        return value
    # iterative, so a deeply nested value cannot exhaust the stack
    root: Any = {} if isinstance(value, dict) else []
    stack.append((value, root))
    while stack:
        src, dst = stack.pop()
        items = src.items() if isinstance(src, dict) else enumerate(src)
        for key, item in items:
            if isinstance(item, dict | list):
                new: Any = {} if isinstance(item, dict) else []
                stack.append((item, new))
            elif isinstance(item, str):
                new = visible(item)
            else:
                new = item
            if isinstance(dst, dict):
                dst[visible(key) if isinstance(key, str) else key] = new
            else:
                dst.append(new)
    return root


def depth(value: Any, limit: int) -> int:
    """How deeply ``value`` nests lists and tables, counted up to ``limit + 1`` (iterative)."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            level += 1
            deepest = max(deepest, level)
            if level > limit:
                return level
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, level) for child in children)
    return deepest


# Japanese line breaking (JIS X 4051's kinsoku): a line never starts with a closing mark, a
# small kana or the long-vowel mark, nor ends with an opening bracket.
NO_LINE_START = frozenset(
    "、。，．・：；！？）」』】〕〉》］｝〙〗ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶーゝゞヽヾ々"
)
NO_LINE_END = frozenset("（「『【〔〈《［｛〘〖")
# a run of katakana is a word (コンパニオン, ウニコルヌス): a line breaks before it, not inside,
# unless the word is longer than a line (kanji compounds have no such mark to tell them)
KATAKANA = "ァ-ヺー"
_KATAKANA = re.compile(f"[{KATAKANA}]")
_KINSOKU = re.compile(f"[{''.join(sorted(NO_LINE_START | NO_LINE_END))}{KATAKANA}]")


def kinsoku_breaks(
    text: str, width: int, fold: bool, divide: Callable[[str, int, bool], list[int]]
) -> list[int]:
    """Where ``divide`` (Rich's ``divide_line``: the offsets at which the lines of ``text``
    wrapped to ``width`` cells start) breaks ``text``, with each break that would start a line
    with a mark of ``NO_LINE_START`` (or end one with ``NO_LINE_END``) moved back: the
    character before goes down with it, and the rest is wrapped again from there."""
    breaks = divide(text, width, fold)
    if not breaks or _KINSOKU.search(text) is None:
        return breaks
    out: list[int] = []
    start = 0
    while breaks:
        at = _allowed_break(text, start, breaks[0])
        out.append(at)
        if at == breaks[0]:
            breaks = breaks[1:]
        else:
            breaks = [at + b for b in divide(text[at:], width, fold)]
        start = at
    return out


def _allowed_break(text: str, start: int, at: int) -> int:
    """``at``, or the nearest break before it (after ``start``, the line's own start) that
    the rule allows; ``at`` when the whole line is such marks."""

    def bad(i: int) -> bool:
        return (
            text[i] in NO_LINE_START
            or text[i - 1] in NO_LINE_END
            or bool(_KATAKANA.match(text[i - 1]) and _KATAKANA.match(text[i]))
        )

    moved = at
    while moved - 1 > start and bad(moved):
        moved -= 1
    return at if bad(moved) else moved


# what :func:`wrap` keeps together: a space, a run of Latin letters, digits and ASCII marks (a
# word), a run of katakana (a word), or any other single character (Japanese breaks between
# any two other characters)
_TOKEN = re.compile(f" |[!-~\u00a0-\u024f]+|[{KATAKANA}]+|.")


def wrap(text: str, width: int) -> list[str]:
    """``text`` (its runs of white space made one space) on lines of at most ``width`` terminal
    cells — a Japanese character takes two — broken at a space or between two Japanese
    characters, never before a mark of ``NO_LINE_START`` nor after one of ``NO_LINE_END`` (the
    character before goes down with it); a word longer than a line is folded. For text the
    companion lays out itself (the command line's help)."""
    from rich.cells import cell_len, chop_cells

    width = max(width, 2)
    lines: list[list[str]] = [[]]
    for token in _TOKEN.findall(" ".join(text.split())):
        line = lines[-1]
        if token == " " or cell_len("".join(line) + token) <= width:
            if line or token != " ":
                line.append(token)
            continue
        carried = [token]
        if token in NO_LINE_START and len(line) > 1 and line[-1] != " ":
            carried.insert(0, line.pop())
        while len(line) > 1 and line[-1] in NO_LINE_END:
            carried.insert(0, line.pop())
        while line and line[-1] == " ":
            line.pop()
        pieces = chop_cells("".join(carried), width)  # one piece unless a word is too long
        lines[-1:] = [line, *([piece] for piece in pieces)] if line else [[p] for p in pieces]
    return ["".join(line).rstrip() for line in lines]
