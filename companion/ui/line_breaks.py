"""Japanese line breaking in every wrapped text: Rich's and Textual's wrapping (one function,
``rich._wrap.divide_line``, that both import by name) folds a Japanese sentence at the last
cell, so a line could start with "、" or "。". :func:`install` makes both use the same breaks
moved by the rule (``companion.core.text.kinsoku_breaks``); text without Japanese marks is
wrapped exactly as before."""

from __future__ import annotations

import rich.text
import textual.content
from rich._wrap import divide_line as rich_divide_line

from companion.core.text import kinsoku_breaks


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    return kinsoku_breaks(text, width, fold, rich_divide_line)


def install() -> None:
    rich.text.divide_line = divide_line  # type: ignore[attr-defined]
    textual.content.divide_line = divide_line  # type: ignore[attr-defined]
