"""The players' guides (``docs/*.md``), shipped inside the package.

In a checkout they are read from ``docs/``; an installed wheel carries them as
``companion/_docs`` (see ``pyproject.toml``). F1 shows them in the app and
``companion docs [GAME]`` prints them. Standard library only.

A guide translated into Japanese sits beside the English one in ``docs/ja/`` under the same
name; the reader's language picks it, and a guide not translated yet is shown in English.
"""

from __future__ import annotations

from pathlib import Path

GUIDES = {
    None: "guide.md",
    "unicornus": "unicornus-knights.md",
    "insurrection": "insurrection.md",
    "magical-friends": "magical-friends.md",
}


def docs_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "docs", here / "_docs"):
        if (candidate / GUIDES[None]).is_file():
            return candidate
    return here / "_docs"


def guide_path(game: str | None = None, lang: str = "en") -> Path:
    """The guide of ``game`` (a game key), or the general one, in ``lang`` when translated."""
    name = GUIDES.get(game, GUIDES[None])
    if lang != "en" and (translated := docs_dir() / lang / name).is_file():
        return translated
    return docs_dir() / name


def read_guide(game: str | None = None, lang: str = "en") -> str:
    return guide_path(game, lang).read_text(encoding="utf-8")
