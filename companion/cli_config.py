"""Where the command line's choices come from, so a club sets its database once; and the values
its commands share (a game's number, a theme).

For the database, the language and the theme, the first of: the flag (``--db``, ``--lang``,
``--theme``), the environment (``COMPANION_DB``, ``COMPANION_LANG``, ``COMPANION_THEME``), the
config file (``config.toml`` in the user's config folder: ``db = "…"``, ``lang = "ja"``,
``theme = "…"``); then, for the language and the theme, what was picked in the app (its saved
settings, read by the commands that open the save); then the default: the save file in the
user's data folder, the system's language (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ja_*`` is
Japanese) and Textual's theme. Standard library and platformdirs only: read on every start.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import platformdirs

from companion.core.errors import CompanionError
from companion.core.i18n import LANGUAGES, tr
from companion.core.text import visible

ENVIRONMENT = {"db": "COMPANION_DB", "lang": "COMPANION_LANG", "theme": "COMPANION_THEME"}


class ConfigError(CompanionError):
    """A config file or an environment variable the companion cannot use: names it."""


def config_path() -> Path:
    return platformdirs.user_config_path("companion") / "config.toml"


def read_config(path: Path | None = None) -> dict[str, str]:
    """The config file's settings (none when there is no file); a file that is not TOML, or a
    name or value we do not know, is a :class:`ConfigError` naming the file and the problem."""
    path = path or config_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError("cli.config.unreadable", file=str(path), problem=exc.strerror) from None
    import tomllib

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError("cli.config.unreadable", file=str(path), problem=str(exc)) from None
    unknown = sorted(set(data) - set(ENVIRONMENT))
    if unknown:
        raise ConfigError(
            "cli.config.unknown", file=str(path), name=unknown[0], known=", ".join(ENVIRONMENT)
        )
    for name, value in data.items():
        if not isinstance(value, str) or not value:
            raise ConfigError("cli.config.not_text", file=str(path), name=name)
    if "db" in data and "://" not in data["db"]:  # a file: relative to the config file
        data["db"] = str(path.parent / Path(data["db"]).expanduser())
    return data


def apply(args: argparse.Namespace) -> None:
    """Fill ``args.db``, ``args.lang`` and ``args.theme`` left out on the command line from the
    environment, then the config file (``None`` when neither says: the saved setting or the
    default decides). A value that cannot be used says where it came from."""
    config: dict[str, str] | None = None
    for name, variable in ENVIRONMENT.items():
        if getattr(args, name, None) is not None:
            continue
        value, where = os.environ.get(variable) or None, variable
        if value is None:
            config = read_config() if config is None else config
            value, where = config.get(name), str(config_path())
        if name == "lang" and value is not None and value not in LANGUAGES:
            raise ConfigError(
                "cli.config.bad_lang", where=where, value=value, known=", ".join(LANGUAGES)
            )
        setattr(args, name, value)


def system_language() -> str:
    """The language of the system's locale, the first set of ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` (POSIX's order): ``ja_JP.UTF-8`` is Japanese; anything else is English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "ja" if value.split("_")[0].split(".")[0] == "ja" else "en"
    return "en"


# the command line's own values, shared by its commands --------------------------------


def game_id(text: str) -> int:
    """A saved game's number (SQLite's integers stop at 2**63 - 1)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(tr("cli.bad_game_id", value=visible(text))) from None
    if not 1 <= value < 2**63:
        raise argparse.ArgumentTypeError(tr("cli.bad_game_id", value=visible(text)))
    return value


def checked_theme(name: str | None) -> str | None:
    """``--theme NAME`` (or its environment variable or config line) if Textual has it; else
    a :class:`ConfigError` listing the themes."""
    if name is None:
        return None
    from textual.theme import BUILTIN_THEMES

    if name not in BUILTIN_THEMES:
        raise ConfigError(
            "cli.config.bad_theme", value=name, known=", ".join(sorted(BUILTIN_THEMES))
        )
    return name
