"""Translation helpers for widgets: key bindings whose descriptions are message keys."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import BindingsMap
from textual.dom import DOMNode

from companion.core.i18n import has_key, tr

# Textual's own words that a footer shows, and their message keys
TEXTUAL_WORDS = {"palette": "ui.key.palette"}


def translate_bindings(node: DOMNode) -> None:
    """Show each binding's description (a message key) in the current language.

    The original keys are kept so a language switch can translate again.
    """
    originals: dict[tuple[str, str], str] = node.__dict__.setdefault("_binding_keys", {})
    keys: dict[str, list] = {}
    for key, bindings in node._bindings.key_to_bindings.items():
        out = []
        for binding in bindings:
            original = originals.setdefault((key, binding.action), binding.description)
            word = TEXTUAL_WORDS.get(original, original)
            shown = tr(word) if has_key(word) else original  # Textual's others stay as they are
            out.append(replace(binding, description=shown))
        keys[key] = out
    node._bindings = BindingsMap.from_keys(keys)
