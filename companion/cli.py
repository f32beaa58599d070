"""The command line: ``companion [--db X] [--lang en|ja] [--theme NAME] [command]``.

Heavy imports (Textual, the store) happen inside the commands that need them, so
``companion --help`` and ``companion list`` start fast. Where ``--db``, ``--lang`` and
``--theme`` come from when they are not given: ``companion/cli_config.py``.
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

from companion import __version__, cli_config
from companion.cli_config import checked_theme, game_id, system_language
from companion.core import settings
from companion.core.errors import CompanionError
from companion.core.i18n import LANGUAGES, Msg, known_language, language, msg, set_language, tr
from companion.core.text import visible, wrap
from companion.games.registry import GAME_KEYS
from companion.store.precheck import default_db_path

EXIT_USAGE = 2


def _add_options(parser: argparse.ArgumentParser, helped: bool = True) -> None:
    """The options before a command: all the home screen reads (its parser shows no help: it
    reads no words for it, so that the home screen's start reads ui.toml alone)."""

    def words(key: str) -> str | None:
        return tr(key) if helped else None

    parser.add_argument("--db", metavar="PATH_OR_URL", help=words("cli.help.db"))
    parser.add_argument("--lang", choices=LANGUAGES, help=words("cli.help.lang"))
    parser.add_argument("--theme", metavar="NAME", help=words("cli.help.theme"))


# argparse's own words (Python's gettext message ids) and their keys in cli.toml: the help and
# the usage errors in the reader's language too (Python ships no Japanese for them)
ARGPARSE_WORDS = {
    "usage: ": "cli.argparse.usage",
    "positional arguments": "cli.argparse.positionals",
    "options": "cli.argparse.options",
    "show this help message and exit": "cli.argparse.help",
    "show program's version number and exit": "cli.argparse.version",
    "%(prog)s: error: %(message)s\n": "cli.argparse.error",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "the following arguments are required: %s": "cli.argparse.required",
    "one of the arguments %s is required": "cli.argparse.one_required",
    "not allowed with argument %s": "cli.argparse.not_allowed",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "expected one argument": "cli.argparse.expected_one",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
}


def _argparse_word(text: str) -> str:
    key = ARGPARSE_WORDS.get(text)
    if key is None or language() == "en":  # English is argparse's own (no locale file read)
        return text
    return tr(key)


argparse._ = _argparse_word  # type: ignore[attr-defined]  # argparse looks it up at each use


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, wrapped by terminal cells (a Japanese character takes two; argparse
    counts characters) and by the Japanese line-breaking rule (``core.text.wrap``)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(text, width))


class _Parser(argparse.ArgumentParser):
    """Every parser of the command line, subcommands' too, with :class:`HelpFormatter`."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


class _NotHome(Exception):
    """The command line is more than the home screen's options."""


class _HomeParser(argparse.ArgumentParser):
    def error(self, message: str):
        raise _NotHome(message)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line. ``companion`` with no command (the home screen) is read by a parser
    of the options alone: building every command's parser costs 15–20 ms of the start-up
    (issue 13). ``insurrection`` hands the words after it to its own tool (its help is that
    tool's). Anything else, help and mistakes included, goes to the whole parser, in the
    language the command would speak."""
    argv = sys.argv[1:] if argv is None else argv
    home = _HomeParser(prog="companion", add_help=False, allow_abbrev=False)
    _add_options(home, helped=False)
    before, tool = _split_at(argv, "insurrection")
    try:
        args = home.parse_args(before)
    except _NotHome:
        set_language(_help_language(home, before))
        return build_parser().parse_args(argv)
    args.command = None
    if tool is not None:
        args.command, args.args = "insurrection", tool
    return args


def _split_at(argv: list[str], command: str) -> tuple[list[str], list[str] | None]:
    """``argv`` cut before ``command`` when it is the command (only options before it):
    ``(options, words after it)``; else ``(argv, None)``."""
    i = 0
    while i < len(argv) and argv[i].startswith("--"):
        i += 1 if "=" in argv[i] else 2
    if i < len(argv) and argv[i] == command:
        return argv[:i], argv[i + 1 :]
    return argv, None


def _help_language(home: argparse.ArgumentParser, argv: list[str]) -> str:
    """The language of the help and the usage errors: the one the command would speak."""
    try:
        args, _rest = home.parse_known_args(argv)
        cli_config.apply(args)
    except (_NotHome, CompanionError):  # said again, in full, when the command runs
        return system_language()
    return peeked_language(args)


def peeked_language(args: argparse.Namespace) -> str:
    """The language of a command that does not open the store: ``--lang`` (or its variable or
    config line), else the one picked in the app (read from the save file as it is), else the
    system's."""
    if args.lang:
        return args.lang
    path = _save_file_path(args.db)
    if path is not None:
        from companion.store.precheck import peek_setting

        return known_language(peek_setting(path, settings.LANGUAGE), system_language())
    return system_language()


def build_parser() -> argparse.ArgumentParser:
    """The whole parser, built once for each language and save and config paths (its words
    and paths; reading argv does not change it): a build is about 10 ms, and a test suite
    calls ``main`` thousands of times."""
    return _built_parser(language(), str(default_db_path()), str(cli_config.config_path()))


@functools.cache
def _built_parser(lang: str, path: str, config: str) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="companion",
        description=tr("cli.help.description"),
        epilog=tr("cli.help.saves", path=path, config=config),
    )
    _add_options(parser)
    parser.add_argument(
        "--version",
        action="version",
        version=f"companion {__version__}",
        help=tr("cli.argparse.version"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("new", help=tr("cli.help.new"))
    p.add_argument("game", choices=GAME_KEYS)
    p = sub.add_parser("demo", help=tr("cli.help.demo"))
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("--autoplay", action="store_true", help=tr("cli.help.autoplay"))
    p.add_argument("--seed", type=int, default=1, help=tr("cli.help.seed"))
    p.add_argument("--players", type=int, help=tr("cli.help.players"))
    p = sub.add_parser("resume", help=tr("cli.help.resume"))
    p.add_argument("game_id", nargs="?", type=game_id, metavar="GAME_ID")
    p = sub.add_parser("verify", help=tr("cli.verify.help"))
    p.add_argument("game_id", nargs="?", type=game_id, metavar="GAME_ID")
    p.add_argument("--all", action="store_true", help=tr("cli.verify.help_all"))
    sub.add_parser("list", help=tr("cli.help.list"))
    from companion.cli_records import add_parsers as add_record_parsers

    add_record_parsers(sub, GAME_KEYS, game_id)
    p = sub.add_parser("docs", help=tr("cli.help.docs"))
    p.add_argument("game", nargs="?", choices=GAME_KEYS)

    cat = sub.add_parser("catalog", help=tr("cli.help.catalog"))
    cat_sub = cat.add_subparsers(dest="catalog_command", metavar="ACTION", required=True)
    p = cat_sub.add_parser("check", help=tr("cli.help.catalog_check"))
    p.add_argument("game", nargs="?", choices=GAME_KEYS)
    p.add_argument("--file", type=Path, help=tr("cli.help.catalog_file"))
    p = cat_sub.add_parser("export", help=tr("cli.help.catalog_export"))
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("path", type=Path)
    p = cat_sub.add_parser("import", help=tr("cli.help.catalog_import"))
    p.add_argument("game", choices=GAME_KEYS)
    from companion.cli_catalog import add_import_arguments

    add_import_arguments(p)

    from companion.cli_serve import add_arguments as add_serve_arguments

    add_serve_arguments(sub)

    # only listed here: parse_args hands the words after it to the tool, help included
    sub.add_parser("insurrection", help=tr("cli.help.insurrection"), add_help=False)
    return parser


RECORD_COMMANDS = {
    "stats": "stats_command",
    "export": "export_command",
    "import-game": "import_command",
}
TUI_COMMANDS = (
    None,
    "new",
    "demo",
    "resume",
    "docs",
    "serve",
    "view",
)  # these write to the terminal themselves


def main(argv: list[str] | None = None) -> int:
    """Every failure is a message on stderr and a non-zero exit, never a traceback: 2 for a
    bad file, argument or save, 1 for "not done" (declined, values unknown), 141 when the
    reader of our output went away (``| head``), 70 for a fault of the companion itself."""
    try:
        args = parse_args(argv)
    except SystemExit as exc:  # argparse has said what is wrong (or printed --help)
        return _exit_code(exc.code)
    try:
        cli_config.apply(args)  # the environment and the config file
    except CompanionError as exc:
        _say(f"companion: {exc}")
        return EXIT_USAGE
    if args.lang:
        set_language(args.lang)
    streams = sys.stdout, sys.stderr
    if args.command not in TUI_COMMANDS or getattr(args, "autoplay", False):
        sys.stdout, sys.stderr = VisibleWriter.wrap(sys.stdout), VisibleWriter.wrap(sys.stderr)
    try:
        return _guarded(args)
    finally:
        sys.stdout, sys.stderr = streams  # main() may be called in-process (tests)


def _guarded(args: argparse.Namespace) -> int:
    try:
        return _main(args)
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE
    except CompanionError as exc:
        _say(f"companion: {exc}")
        return getattr(exc, "exit_code", EXIT_USAGE)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        _say(
            "companion: "
            + tr("cli.os_error", where=visible(str(where)), problem=exc.strerror or str(exc))
        )
        return EXIT_USAGE
    except (MemoryError, RecursionError) as exc:
        _say("companion: " + tr("cli.too_large", problem=type(exc).__name__))
        return EXIT_USAGE
    except Exception as exc:  # noqa: BLE001  (the last line of defence: a message, not a trace)
        if type(exc).__module__.startswith("sqlalchemy"):
            problem = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            _say("companion: " + tr("cli.database_error", problem=visible(problem)))
            return EXIT_USAGE
        _say(
            "companion: "
            + tr("cli.internal_error", kind=type(exc).__name__, problem=visible(str(exc))[:300])
        )
        return EXIT_INTERNAL


EXIT_PIPE, EXIT_INTERNAL = 141, 70


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else EXIT_USAGE


def _say(text: str) -> None:
    try:
        print(text, file=sys.stderr)
    except (OSError, ValueError):  # stderr closed too: the exit code says it
        pass


def _silence_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null so the interpreter's final flush does not
    raise again (the recipe in Python's signal documentation)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
    except (OSError, AttributeError, ValueError):
        pass


class VisibleWriter:
    """A text stream whose writes have their control characters made visible
    (``core.text.visible``): what the CLI prints from files and saves cannot act on the
    terminal (newlines and tabs stay)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    @classmethod
    def wrap(cls, stream):
        if stream is None or isinstance(stream, cls):
            return stream
        return cls(stream)

    def write(self, text: str) -> int:
        self._stream.write(visible(text, lines=True))
        return len(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _main(args: argparse.Namespace) -> int:
    if args.command == "insurrection":
        from companion.games.insurrection.quickscore import main as quickscore

        set_language(peeked_language(args))
        return quickscore(args.args)
    if args.command == "catalog" and args.catalog_command == "check":
        if args.file is not None:
            return catalog_check(args.game, args.file)
        # the box as the owner has it: their saved transcription on top, as every screen shows
        return _with_store(args, lambda a, store: catalog_check(a.game, None, store))
    if args.command == "verify":
        from companion.cli_verify import verify_command

        return _with_store(args, verify_command)
    if args.command == "serve":
        from companion.cli_serve import serve_command

        return _with_store(args, serve_command)
    if args.command in RECORD_COMMANDS:
        from companion import cli_records

        return _with_store(args, getattr(cli_records, RECORD_COMMANDS[args.command]))
    if args.command == "demo" and args.autoplay:
        return _with_store(args, autoplay)
    if args.command in (None, "new", "demo"):
        return run_app_fast(args)
    if args.command == "list":
        return list_command(args)
    if args.command == "docs":
        set_language(peeked_language(args))
        return show_docs(args.game)
    return _with_store(args, _run)


def folding_markdown(text: str):
    """Rich Markdown whose tables fold a word too long for its column instead of cutting it to
    "…": a Japanese cell has no spaces, so to rich it is one long word (issue 13: never cut)."""
    from rich.markdown import Markdown, TableElement

    class FoldingTable(TableElement):
        def __rich_console__(self, console, options):
            for table in super().__rich_console__(console, options):
                for column in table.columns:
                    column.overflow = "fold"
                yield table

    class FoldingMarkdown(Markdown):
        elements = {**Markdown.elements, "table_open": FoldingTable}

    return FoldingMarkdown(text)


def show_docs(game: str | None) -> int:
    """``companion docs [GAME]``: the players' guide (of GAME), rendered in a terminal and
    as Markdown text otherwise (``| less``, a file)."""
    from companion.core.i18n import language
    from companion.docs import guide_path, read_guide

    text = read_guide(game, language())
    if sys.stdout.isatty():
        from rich.console import Console

        console = Console()
        console.print(folding_markdown(text))
        console.print(tr("cli.docs.where", path=str(guide_path(game, language()))), style="dim")
    else:
        sys.stdout.write(text)
    return 0


def _with_store(args: argparse.Namespace, command) -> int:
    store = _open_store(args.db)
    try:
        if not args.lang:  # the language chosen in the app's settings, else the system's
            args.lang = known_language(store.preference(settings.LANGUAGE), system_language())
            set_language(args.lang)
        return command(args, store)
    finally:
        store.close()


def autoplay(args: argparse.Namespace, store) -> int:
    """``companion demo GAME --autoplay``: a whole demo game played by the sensible table
    through the same moments the screen shows (one loop: ``companion.core.game.play``), every
    step saved as it is made and its log line printed."""
    from companion.core.game import play
    from companion.games.registry import demo_table, get_game, load_game_catalog, sensible_table
    from companion.store.listing import Seat

    game = get_game(args.game)
    catalog = load_game_catalog(args.game, "demo")
    policy, demo_setup = sensible_table(args.game, args.seed)
    try:
        setup = demo_setup(catalog, args.players)
    except ValueError as exc:
        print(tr("cli.autoplay.bad_setup", problem=str(exc)), file=sys.stderr)
        return EXIT_USAGE
    # kept as a message: the home list shows it in the language of the moment
    title = msg("cli.autoplay.title", game=Msg(f"ui.game.{args.game}"), seed=args.seed)
    state = game.new_game(setup, catalog, args.seed)
    seats = [
        Seat(name or tr("records.seat", n=n), colour, role)
        for n, (name, colour, role) in enumerate(demo_table(args.game, state), 1)
    ]
    session = store.new_game(game, state, title, "demo", players=seats)
    print(tr("cli.autoplay.started", id=session.id, title=session.title))
    for _cmd, _state in play(game, session.state, policy, do=session.do):
        print(f"{session.cursor:>5}. {tr(session.line(session.cursor - 1))}")
    outcome = session.outcome
    print(tr("cli.autoplay.ended", id=session.id, outcome=tr(outcome.reason)))
    return 0


def _open_store(db: str | None):
    from companion.store import Store

    return Store.open(db)


def _run(args: argparse.Namespace, store) -> int:
    if args.command == "list":
        return print_games(store.list_games())
    if args.command == "catalog":
        if args.catalog_command == "export":
            store.export_user_catalog(args.game, args.path)
            print(tr("cli.catalog.exported", path=str(args.path)))
            return 0
        from companion.cli_catalog import import_command

        return import_command(args, store)
    from companion.ui.app import Start, create_app

    if args.command == "resume":
        game_id = args.game_id or store.latest_game_id()
        if game_id is None:
            print(tr("cli.no_games"), file=sys.stderr)
            return 1
        # opened here so that a game that cannot be resumed fails with a message and exit 2
        start = Start("resume", game_id=game_id, session=store.open_game(game_id))
    elif args.command == "view":
        from companion.cli_serve import view_start

        start = view_start(args, store)
    else:
        raise AssertionError(args.command)
    app = create_app(store, start, args.lang, theme=checked_theme(args.theme))
    app.run()
    return app.return_code or 0  # a crash inside the app is not a success


def run_app_fast(args: argparse.Namespace) -> int:
    """Start the TUI before the store is imported: check the file and read the language with
    the standard library, then let the app open the store after its first frame.

    The cyclic garbage collector is off until that first frame (``CompanionApp.on_ready``
    turns it on): importing Textual's widgets and building the home screen make some 90,000
    objects that all live on, and collecting them on the way cost 30–50 ms of the start-up."""
    import gc

    gc.disable()
    try:
        return _run_app_fast(args)
    finally:
        gc.enable()  # also when the app stopped before its first frame


def _run_app_fast(args: argparse.Namespace) -> int:
    from companion.store.precheck import HOME_TABLES, check_version, inspect_file, peek_settings
    from companion.ui.app import Start, create_app

    path = _save_file(args.db)
    saved = {}
    if path is not None:  # a bad file stops us here; the rest of it, once home is drawn
        check_version(inspect_file(path, str(path), HOME_TABLES), str(path))
        saved = peek_settings(path, (settings.LANGUAGE, settings.THEME))
    start = Start(args.command, game_key=args.game) if args.command else Start()
    app = create_app(
        start=start,
        lang=args.lang or known_language(saved.get(settings.LANGUAGE), system_language()),
        open_store=lambda: _open_store(args.db),
        db_path=path,
        # the theme asked for, else the one picked last time, from its first frame
        theme=checked_theme(args.theme) or saved.get(settings.THEME),
    )
    app.run()
    return app.return_code or 0


def _save_file(db: str | None) -> Path | None:
    """The SQLite file behind ``--db`` (or the default one, its folder made); ``None`` for a
    URL."""
    if db is None:
        from companion.store.precheck import ensure_data_folder

        return ensure_data_folder()
    return _save_file_path(db)


def _save_file_path(db: str | None) -> Path | None:
    """The SQLite file behind ``--db`` (or the default one); ``None`` for a URL."""
    if db is not None and "://" in db:
        return None
    return Path(db).expanduser() if db is not None else default_db_path()


def list_command(args: argparse.Namespace) -> int:
    """``companion list``: a save file is read with ``sqlite3`` alone (``store.listing``); a
    URL, or a save the store must first bring up to date, goes through the store."""
    from companion.store.listing import list_file
    from companion.store.precheck import check_version, inspect_file

    path = _save_file(args.db)
    games = None
    if path is not None:
        check_version(inspect_file(path, str(path)), str(path))
        games = list_file(path)  # a hand-damaged row: a StoreError naming it
    if games is None:
        return _with_store(args, _run)
    set_language(peeked_language(args))
    return print_games(games)


def print_games(games) -> int:
    if not games:
        print(tr("cli.no_games"))
        return 0
    for info in games:
        where = tr(info.summary)
        if info.outcome is not None:
            where = tr(info.outcome.reason)
            if info.outcome.winners:
                where += "  " + tr("cli.winners", names=", ".join(info.outcome.winners))
        state = tr("cli.finished") if info.finished else ""
        print(
            f"{info.id:>4}  {info.last_played:%Y-%m-%d %H:%M}  "
            f"{tr('ui.game.' + info.game_key):<20} {info.title:<24} {where} {state}"
        )
    return 0


def catalog_check(game: str | None, file: Path | None, store=None) -> int:
    """Validate the shipped catalogs (or a user file) and list values still unknown: the box
    with the owner's saved transcription on top (``store``), counted by the same function as
    the app's screens (``registry.owner_catalog``)."""
    from companion.games.registry import catalog_gaps, owner_catalog

    keys = [game] if game else list(GAME_KEYS)
    if file is not None and game is None:
        print(tr("cli.catalog.file_needs_game"), file=sys.stderr)
        return EXIT_USAGE
    for key in keys:
        for name in ("box",) if file is not None else ("box", "demo"):
            user = store.user_catalog(key) if store is not None and name == "box" else None
            if file is not None:
                from companion.cli_catalog import check_file

                catalog = check_file(key, file)
                missing = catalog_gaps(key, catalog)
            else:
                catalog, missing = owner_catalog(key, name, user)
            print(
                tr(
                    "cli.catalog.checked_owner" if user else "cli.catalog.checked",
                    game=tr(f"ui.game.{key}"),
                    name=name,
                    unknown=len(missing),
                )
            )
            for path in missing:
                print(f"    ? {path}")
    return 0
