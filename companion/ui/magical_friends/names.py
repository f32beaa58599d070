"""How the Magical Friends screens name things: wizards by name and colour, creatures by a short
token, spaces by id and symbol, and the engine's messages with names in place of indexes."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from companion.core.i18n import Msg, tr, tr_name
from companion.games.magical_friends import GameState

# Wizard colours offered at setup (message keys magical_friends_ui.colour.<key>) and how they
# are drawn: tokens are the owner's colour as background, so they read at a glance.
COLOURS = ("red", "blue", "green", "yellow", "magenta")
# the theme's strong colours (the theme has no purple: magenta takes $secondary; the letter of
# colour_tag tells them apart), under the theme's text colour that reads on each ($text)
COLOUR_STYLE = {
    "red": "$error",
    "blue": "$primary-darken-2",
    "green": "$success",
    "yellow": "$warning",
    "magenta": "$secondary",
}

# One narrow glyph per special space; the legend names them.
SYMBOLS = {
    "plain": "·",
    "start": "▸",
    "tavern": "★",
    "switch": "⇅",
    "portal": "◎",
    "workshop": "♜",
    "cavern": "◆",
    "lava": "≈",
    "highway": "⇈",
    "market": "$",
    "fairy_trail": "✧",
}
HELL_SYMBOL = "⇊"  # the highway spaces while Highway to Hell is up
FAIRY = "✿"
CATAPULT = "⇗"
POISONED = "☠"
CAVERN_RANGE = {"poison": "1-2", "shortcut": "3-4", "detour": "5-6"}


def colour_style(colour: str) -> str:
    return COLOUR_STYLE.get(colour, colour)


def colour_tag(colour: str) -> Text:
    """A wizard's colour as a letter too (R, 赤…): a creature's owner and the wizard it
    belongs to match without colour (NO_COLOR, a monochrome terminal)."""
    key = f"terminals.magical_friends.tag.{colour}"
    tag = tr(key) if colour in COLOUR_STYLE else colour[:1].upper()
    return Text(tag, style=f"bold $text on {colour_style(colour)}")


def wizard_text(state: GameState, i: int) -> Text:
    w = state.wizards[i]
    return Text(f"{w.name} ", style="bold") + colour_tag(w.colour)


def kind_name(state: GameState, kind_id: str) -> str:
    for k in state.kinds:
        if k.id == kind_id:
            return tr_name(k.name, kind_id)
    return kind_id


def artifact_words(state: GameState, number: int) -> str:
    """An artifact as the box names it: ``5 Scheming Dagger: a bonus move …`` ("" when the box
    has neither its name nor its effect)."""
    art = next((a for a in state.artifacts if a.number == number), None)
    if art is None or not (art.name or art.bonus):
        return ""
    out = f"{number} " + (tr_name(art.name, str(number)) if art.name else "")
    if art.bonus:
        out = out.rstrip() + ": " + tr_name(art.bonus, "")
    return out


def serial(cid: str) -> str:
    """The number the engine put at the end of a creature id (``moss-knight-3`` → ``3``)."""
    return cid.rsplit("-", 1)[-1]


def token(state: GameState, cid: str) -> str:
    """A short creature token: the initials of its kind and its number, e.g. ``MK3``."""
    c = state.creature(cid)
    words = kind_name(state, c.kind).split()
    if len(words) > 1:
        initials = "".join(w[0] for w in words[:2]).upper()
    else:  # one word: two letters, or one wide (Japanese) character
        initials = words[0][:1] if cell_len(words[0][:1]) > 1 else words[0][:2]
    return f"{initials}{serial(cid)}"


def token_text(state: GameState, cid: str) -> Text:
    c = state.creature(cid)
    colour = state.wizards[c.owner].colour
    text = Text(f"{token(state, cid)}", style=f"bold $text on {colour_style(colour)}")
    tag = colour_tag(colour)
    tag.stylize("reverse")  # the letter in the colour, beside the token on it
    text.append_text(tag)
    if c.poisoned:
        text.append(POISONED, style="bold $text on $success")
    return text


def creature_label(state: GameState, cid: str) -> str:
    """``MK3 · Moss Knight 3 (Alice)`` — for lists and the log (no square brackets: markup)."""
    try:
        c = state.creature(cid)
    except Exception:  # an id the state no longer has (corrected away): show it as it is
        return cid
    poison = f" {POISONED}" if c.poisoned else ""
    return (
        f"{token(state, cid)} · {kind_name(state, c.kind)} {serial(cid)}{poison} "
        f"({state.wizards[c.owner].name})"
    )


def space_label(state: GameState, sid: str) -> str:
    """``p3 ⇅ Switch`` — the id printed on the board overlay, its symbol and its kind."""
    sp = state.board.spaces.get(sid)
    if sp is None:
        return sid
    if sp.kind == "plain":
        if sp.cavern_path:
            return f"{sid} {CAVERN_RANGE[sp.cavern_path]} " + tr(
                f"magical_friends.cavern.{sp.cavern_path}"
            )
        return sid
    if sp.kind == "market":
        return f"{sid} $ " + tr(f"magical_friends.market.{sp.market}")
    sym = SYMBOLS.get(sp.kind, "?")
    if sp.kind == "highway" and not state.stairway_up:
        sym = HELL_SYMBOL
    return f"{sid} {sym} " + tr(f"magical_friends.kind.{sp.kind}")


# -- the engine's messages, with names -------------------------------------------------------

_WIZARD_PARAMS = ("wizard", "by", "holder")
# why a creature was slain or poisoned, as the engine names it (slaying.slay / poison)
CAUSES = ("ability", "fairy_dust", "lava", "cavern", "dagger", "catapult", "highway")
_WIZARD_LISTS = ("winners", "order")


def humanize(message: Msg, state: GameState) -> Msg:
    """The engine's message with wizard indexes, creature and kind ids replaced by names."""
    if message.key == "magical_friends.event.switch":  # which side is up, not "up: no"
        up = message.params.get("heaven")
        return Msg(f"magical_friends_ui.event.switch_{'heaven' if up else 'hell'}")
    params: dict[str, Any] = {}
    for key, value in message.params.items():
        params[key] = _humanize_value(key, value, state)
    return Msg(message.key, params)


def _wizard_name(state: GameState, value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(state.wizards):
        return state.wizards[value].name
    return value


def _humanize_value(key: str, value: Any, state: GameState) -> Any:
    if isinstance(value, Msg):
        return humanize(value, state)
    if key in _WIZARD_PARAMS:
        return _wizard_name(state, value)
    if key in _WIZARD_LISTS and isinstance(value, str):
        parts = [p.strip() for p in value.split(",") if p.strip()]
        if all(p.isdigit() for p in parts):
            return ", ".join(str(_wizard_name(state, int(p))) for p in parts)
        return value
    if key in ("creature", "ability") and isinstance(value, str):
        return creature_label(state, value)
    if key == "kind" and isinstance(value, str):
        return kind_name(state, value)
    if key == "how" and isinstance(value, str):
        return Msg(f"magical_friends_ui.how.{value}")
    if key == "cause" and value in CAUSES:
        return Msg(f"magical_friends_ui.cause.{value}")
    if key == "path" and isinstance(value, str):
        return Msg(f"magical_friends.cavern.{value}")
    if key in ("heaven", "slay") and isinstance(value, bool):
        return Msg("magical_friends_ui.yes" if value else "magical_friends_ui.no")
    if key in ("space", "to") and isinstance(value, str):
        return space_label(state, value)
    if key == "what" and isinstance(value, str):
        parts = [p.strip() for p in value.split(",")]
        return ", ".join(creature_label(state, p) if _is_creature(state, p) else p for p in parts)
    return value


def _is_creature(state: GameState, cid: str) -> bool:
    return any(c.id == cid for c in state.creatures)
