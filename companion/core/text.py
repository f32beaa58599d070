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
