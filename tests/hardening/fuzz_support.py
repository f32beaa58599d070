"""Inputs for the fuzz tests (issue 9): values drawn from the catalog schemas' own limits.

``schema_limits(model)`` reads each field's constraints (``minimum``/``maximum``, lengths,
``enum``) from the pydantic JSON schema of a catalog model; ``nasty_values(limit)`` gives the
values a fuzzer should try there: the bounds, one past each, wrong types, huge numbers, text
with terminal escapes, deep nesting. A document is a demo catalog (or game file) with some of
its fields replaced by such values; ``mutate_bytes`` damages the TOML text itself.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import subprocess
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

ESCAPES = ["\x1b[31mred\x1b[0m", "\x1b]0;pwned\x07", "\x9b2J", "\x1bP+q\x1b\\", "a\x7fb", "\u202e"]

COUNTS: Counter = Counter()  # (suite, verdict) -> inputs, for the closing summary


def schema_limits(model: Any) -> dict[str, list[dict]]:
    """Field name -> the JSON schemas it has anywhere in ``model`` (constraints included)."""
    schema = model.model_json_schema()
    out: dict[str, list[dict]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for name, prop in (node.get("properties") or {}).items():
                out.setdefault(name, []).append(prop)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return out


def _bounds(prop: dict) -> list[Any]:
    values: list[Any] = []
    options = [prop, *prop.get("anyOf", []), *prop.get("allOf", [])]
    for p in options:
        if not isinstance(p, dict):
            continue
        for key, delta in (("minimum", -1), ("maximum", 1)):
            if key in p:
                values += [p[key], p[key] + delta]
        for key, delta in (("minItems", -1), ("maxItems", 1)):
            if key in p:
                n = max(0, p[key] + delta)
                values += [["hit"] * n, [1] * n]
        if "maxLength" in p:
            values.append("x" * (p["maxLength"] + 1))
        if "enum" in p:
            values += list(p["enum"]) + ["not-" + str(p["enum"][0])]
        if "const" in p:
            values.append(p["const"])
    return values


GENERIC: list[Any] = [
    -1,
    0,
    1,
    5,
    6,
    7,
    11,
    320,
    10**30,
    -(10**30),
    2**63,
    1.5,
    float("inf"),
    True,
    "?",
    "",
    "x" * 5000,
    [],
    {},
    ["x"],
    [["x"]],
    {"en": "x"},
    {"en": ESCAPES[0], "ja": ESCAPES[1]},
    *ESCAPES,
]


def nasty(limits: dict[str, list[dict]], field: str) -> st.SearchStrategy:
    schema_values = [v for prop in limits.get(field, []) for v in _bounds(prop)]
    pool = schema_values + GENERIC
    return st.one_of(
        st.sampled_from(pool),
        st.integers(min_value=-(10**6), max_value=10**6),
        st.text(max_size=20),
        st.builds(lambda n: _deep(n), st.integers(min_value=5, max_value=40)),
    )


def _deep(n: int) -> Any:
    value: Any = "x"
    for _ in range(n):
        value = [value]
    return value


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a document that holds a value (to replace), as a key/index path."""
    out: list[tuple] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.append((*prefix, key))
            out += paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out.append((*prefix, i))
            out += paths(value, (*prefix, i))
    return out


def replace_at(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {**doc, head: replace_at(doc[head], rest, value)}
    out = list(doc)
    out[head] = replace_at(doc[head], rest, value)
    return out


_BASE_PATHS: dict[int, tuple[dict, list[tuple]]] = {}  # id(base) -> base, paths(base)


def _base_paths(base: dict) -> list[tuple]:
    """``paths(base)``, found once a base document: each input's first change picks among
    them (issue 26: a thousand paths a catalog, walked again for every input)."""
    kept = _BASE_PATHS.get(id(base))
    if kept is None or kept[0] is not base:
        kept = _BASE_PATHS[id(base)] = base, paths(base)
    return kept[1]


@st.composite
def mutated(draw, base: dict, limits: dict[str, list[dict]], max_changes: int = 3) -> dict:
    """``base`` with 1..``max_changes`` of its values replaced by schema-derived nasty ones."""
    doc = base
    for _ in range(draw(st.integers(min_value=1, max_value=max_changes))):
        where = draw(st.sampled_from(_base_paths(doc) if doc is base else paths(doc)))
        field = next((p for p in reversed(where) if isinstance(p, str)), "")
        doc = replace_at(doc, where, draw(nasty(limits, field)))
    return doc


@st.composite
def mutate_bytes(draw, text: str) -> bytes:
    """The TOML text with bytes flipped, cut, duplicated or escapes inserted."""
    data = bytearray(text.encode("utf-8"))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        kind = draw(st.sampled_from(["flip", "cut", "insert", "dup", "truncate"]))
        if not data:
            break
        i = draw(st.integers(min_value=0, max_value=len(data) - 1))
        if kind == "flip":
            data[i] = draw(st.integers(min_value=0, max_value=255))
        elif kind == "cut":
            del data[i : i + draw(st.integers(min_value=1, max_value=40))]
        elif kind == "insert":
            piece = draw(
                st.sampled_from(
                    [b"\x1b]0;x\x07", b"[", b"]", b"=", b'"', b"\n[[", b"\x00", b"[" * 300]
                )
            )
            data[i:i] = piece
        elif kind == "dup":
            data[i:i] = data[i : i + 200]
        else:
            del data[i:]
    return bytes(data)


def db_digest(path: Path) -> str:
    """The content of a save (every row of every table), not its bytes: WAL checkpoints
    move bytes without changing anything."""
    con = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        h = hashlib.sha256()
        for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY 1"):
            for row in con.execute(f'SELECT * FROM "{name}" ORDER BY 1'):  # noqa: S608
                h.update(repr(row).encode())
        return h.hexdigest()
    finally:
        con.close()


# -- names as typed (issue 25) ----------------------------------------------------------------
# Each name: what comes before its stem, the stem (a word found nowhere else on a screen), what
# comes after. Markup would eat the brackets around the stem (or raise on ``[/]``), a terminal
# would act on the escape; shown as typed, the whole name is on the screen (control and bidi
# characters as ``core.text.visible`` shows them).
NAME_PARTS: tuple[tuple[str, str, str], ...] = (
    ("", "Xaq", "[/]"),
    ("[b]", "Xeb", ""),
    ("", "Xic", "[link=x]"),
    ("[@click=app.quit]", "Xod", ""),
    ("", "Xuf", "\x1b[31m"),
    ("", "Xyg", "\u202eR"),
    ("", "Xoh", "\u200bH"),
    ("[", "Xij", "]"),
    ("[/", "Xel", "]"),
    ("", "Xum", "\\[i]"),
)
NAMES: tuple[str, ...] = tuple("".join(parts) for parts in NAME_PARTS)
CUT = set("…│┃║▌▐█▏▕ ") | {chr(c) for c in range(0x2500, 0x25A0)}  # where a name may be cut


def misshown(text: str) -> list[str]:
    """Each place in a screen's text where a name of :data:`NAMES` is shown otherwise than as
    typed (its stem there, but not what surrounds it). A name cut by its column (``…``, a
    border, the end of the line) or shortened on the map (its first letters, then a count)
    is shown as typed as far as it goes."""
    from companion.core.text import visible

    out = []
    for line in text.splitlines():
        for pre, stem, post in NAME_PARTS:
            pre, post = visible(pre), visible(post)
            start = line.find(stem)
            while start != -1:
                before, after = line[:start], line[start + len(stem) :]
                if not (before.endswith(pre) or _cut(before[::-1], pre[::-1])) or not (
                    after.startswith(post) or _cut(after, post)
                ):
                    out.append(f"{pre}{stem}{post!s} shown as: {line.strip()!r}")
                start = line.find(stem, start + 1)
    return out


def _cut(shown: str, typed: str) -> bool:
    """``shown`` starts with a part of ``typed`` and then a cut (or the line ends; after a
    name, a count may follow its first letters)."""
    k = 0
    while k < len(typed) and k < len(shown) and shown[k] == typed[k]:
        k += 1
    return k < len(typed) and (k == len(shown) or shown[k] in CUT or shown[k].isdigit())


class MarkupWatch:
    """While on, every string handed to a markup parser (Textual's and Rich's) that holds a
    name of :data:`NAMES` is a name read as markup (escaped or not: Textual's ``escape``
    leaves ``[Xij]`` a tag and doubles the backslash of ``Xum\\[i]``): noted with the lines
    of the companion that handed it over (``read_as_markup``), and parsed without the name,
    so that one such place does not hide the next ones."""

    def __init__(self, stems: str | None = None) -> None:
        """``stems``: a pattern of the words that mark a name (default: NAMES' stems)."""
        self.found: dict[str, str] = {}  # where -> the markup
        self.stems = re.compile(stems or "|".join(stem for _, stem, _ in NAME_PARTS))

    def __enter__(self) -> MarkupWatch:
        import rich.markup
        import textual.markup

        self._saved = textual.markup.to_content, rich.markup.render
        to_content, render = self._saved

        def watched_to_content(markup, *a, **k):
            return to_content(self._note(markup), *a, **k)

        def watched_render(markup, *a, **k):
            return render(self._note(markup), *a, **k)

        textual.markup.to_content, rich.markup.render = watched_to_content, watched_render
        return self

    def __exit__(self, *exc) -> None:
        import rich.markup
        import textual.markup

        textual.markup.to_content, rich.markup.render = self._saved

    def _note(self, markup: str) -> str:
        import traceback

        if not isinstance(markup, str) or not self.stems.search(markup):
            return markup
        frames = [
            f"{Path(f.filename).name}:{f.lineno}"
            for f in traceback.extract_stack()
            if "/companion/" in f.filename and "/tests/" not in f.filename
        ]
        self.found.setdefault(" < ".join(reversed(frames[-3:])) or "?", markup)
        return "(a name)"

    def read_as_markup(self) -> list[str]:
        """Each place that handed a name to a markup parser, with the markup."""
        return [f"{where}: {markup!r}" for where, markup in self.found.items()]


def screen_text(app) -> str:
    """What the terminal shows of the app's screen, as text (dialogs over their backdrop)."""
    import io

    from rich.console import Console

    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        record=True,
        color_system=None,
        force_terminal=True,
        legacy_windows=False,
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False)


# -- read-only saves (issue 25) -----------------------------------------------------------------
@contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` and its files made read-only for this process, as on read-only media or a
    shared folder: ``chattr +i`` as root (root writes through permissions), ``chmod``
    otherwise. Skips where neither makes the files unwritable."""
    import pytest

    paths = [folder, *folder.iterdir()]
    if os.geteuid() == 0:
        try:
            done = subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True)
        except OSError:
            pytest.skip("no chattr: as root, nothing is read-only")

        def undo() -> None:
            subprocess.run(["chattr", "-i", *map(str, paths)], capture_output=True)

        if done.returncode != 0:
            undo()
            pytest.skip(f"chattr +i refused here: {done.stderr.decode().strip()}")
    else:
        modes = {p: p.stat().st_mode for p in paths}
        for p in paths:
            p.chmod(0o555 if p.is_dir() else 0o444)

        def undo() -> None:
            for p, mode in modes.items():
                p.chmod(mode)

    try:
        if os.access(folder, os.W_OK):
            pytest.skip("the folder stayed writable")
        yield
    finally:
        undo()
