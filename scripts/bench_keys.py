"""Benchmark of every kind of key on real mid-game states (issue 26): not a timed test.

For each game, the demo game (3 players, seed 7) is played by the sensible table to its end.
Past the first third of that game, the first state where each kind of key does something is
taken, and a game is saved that reaches it: ``--steps`` steps in all (1,000 by default), the
last ones the real steps of the play (their log lines on screen), the first ``Note`` steps
(they change nothing but the log, which is what grows). It is resumed in the app in-process
(``app.run_test()``) and each key is timed ``--samples`` times (after one warm-up):

- ``step``: the advance key (``n``) taking the app's step (then ``ctrl+z``, untimed);
- ``open <action>`` / ``close <action>``: the key of each action of the moment that opens a
  question, a form or a view (the battle helper, the map choice, artifacts, steps, the card
  picker, pass-the-keyboard, scores and tallies, a correction), then Escape closing it;
  ``open next`` / ``close next``: ``n`` opening the moment's own question;
- ``undo``: ``ctrl+z`` taking a step back (the step made untimed first, redone after).

Two figures per key: CPU, the process's CPU time from the key sent until the app is idle
again (the work the key causes: the figure the goals are about), and to-screen, the wall time
from the key sent until the first frame that shows what it did (Textual renders a frame
before handing it to the driver: here the headless one, so no terminal's time is in it).
For a step, ``log late`` counts the samples whose first frame showed the board but not yet
the new log line at the bottom of the log panel.

A bare Textual app does the same kinds of thing in the same run (a label updated for a step
or undo, a small modal screen with a list pushed and popped with Escape): each row prints its
median's ratio to the bare app's. The machine may be shared: absolute numbers are noisy, the
ratios (of medians) less so. Goals: step p95 <= 25 ms CPU at 1,000 steps, open and close <= 33 ms.

    .venv/bin/python scripts/bench_keys.py
    .venv/bin/python scripts/bench_keys.py --samples 10 --games magical-friends --kinds step,open
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, update  # noqa: E402
from textual import events  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402
from textual.binding import Binding  # noqa: E402
from textual.containers import Vertical  # noqa: E402
from textual.screen import ModalScreen  # noqa: E402
from textual.widgets import OptionList, Static  # noqa: E402

from companion.core import codec  # noqa: E402
from companion.core.commands import Note, apply_command  # noqa: E402
from companion.core.errors import CompanionError  # noqa: E402
from companion.core.game import Ask, ConfirmFirst, Entry, Show, Step, Then, decide  # noqa: E402
from companion.core.i18n import msg  # noqa: E402
from companion.core.msgjson import dump_msg  # noqa: E402
from companion.games.registry import get_game, load_game_catalog, sensible_table  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.store.session import GAMES, SNAPSHOTS, STEPS  # noqa: E402
from companion.ui.app import Start, create_app  # noqa: E402
from companion.ui.widgets.game_log import GameLog  # noqa: E402

GAMES_TO_TIME = ("unicornus", "insurrection", "magical-friends")
KINDS = ("step", "open", "close", "undo")
OPENS = (Ask, Entry, Show, ConfirmFirst)  # what a key leads to when it opens a screen
ACT = re.compile(r"act\('(\w+)'\)")


@dataclass
class Case:
    """One kind of key on one state: ``action`` is the moment's action (``None``: the
    advance key), ``at`` how many real steps lead to the state."""

    name: str
    key_action: str | None
    at: int


def played(key: str) -> tuple[list, list]:
    """The demo game played to its end: (commands, states after each; states[0] the first)."""
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    policy, demo_setup = sensible_table(key, 7)
    state = game.new_game(demo_setup(catalog, 3), catalog, 7)
    commands, states = [], [state]
    for _ in range(5_000):
        cmd = decide(game.moment(state), state, policy)
        if cmd is None:
            break
        state = apply_command(game, state, cmd)
        commands.append(cmd)
        states.append(state)
    return commands, states


def opens(lead, state) -> bool:
    """Whether following ``lead`` opens a screen (a draft is followed to its first question)."""
    try:
        for _ in range(10):
            if not isinstance(lead, Then):
                break
            lead = lead.make(state)
    except CompanionError:
        return False
    return isinstance(lead, OPENS)


def cases(key: str, states: list) -> list[Case]:
    """The first state past the first third of the game where each kind of key does
    something (or the last one before it)."""
    game = get_game(key)
    found: dict[str, Case] = {}
    start = len(states) // 3
    for i in list(range(start, len(states))) + list(range(start - 1, 0, -1)):
        moment = game.moment(states[i])
        nxt = moment.next
        if isinstance(nxt, Step) and nxt.confirm:
            found.setdefault("step", Case("step", None, i))
            found.setdefault("undo", Case("undo", None, i))
        elif isinstance(nxt, Ask | Entry) and not nxt.at_once:
            found.setdefault("next", Case("next", None, i))
        for action in moment.actions:
            if action.allowed and opens(action.leads, states[i]):
                found.setdefault(action.name, Case(action.name, action.name, i))
    return sorted(found.values(), key=lambda c: (c.name not in ("step", "undo"), c.name))


def saved_game(store: Store, key: str, commands: list, state0, steps: int) -> int:
    """A game of ``steps`` steps whose last ones are ``commands`` (really made), the first
    ``Note`` steps on the first state, written in one transaction."""
    game = get_game(key)
    session = store.new_game(game, state0, f"bench {steps}", "demo")
    pad = max(0, steps - len(commands))
    text = codec.dump(state0, game.state_type)
    rows, snaps = [], []
    for i in range(pad):
        line = msg("ui.undo.done", step=f"bench note {i + 1}")
        rows.append(
            {
                "game_id": session.id,
                "idx": i,
                "command": codec.dump_command(Note.of(line)),
                "description": dump_msg(line),
            }
        )
        n = i + 1
        if n % store.snapshot_every == 0 or n == pad:
            kept = n % store.snapshot_every == 0
            snaps.append({"game_id": session.id, "idx": n, "state": text, "kept": kept})
    if rows:
        with store._begin() as conn:
            conn.execute(insert(STEPS), rows)
            conn.execute(insert(SNAPSHOTS), snaps)
            conn.execute(
                update(GAMES).where(GAMES.c.id == session.id).values(cursor=pad, length=pad)
            )
    session = store.open_game(session.id)
    for cmd in commands:
        session.do(cmd)
    return session.id


class Frames:
    """Notes when a frame is made (``App._display`` gets each frame once it is rendered; the
    headless driver then drops it) and whether it shows what a key should have done."""

    def __init__(self, app: App) -> None:
        self.app, self.shown, self.late = app, None, False
        self.expect, self.count = None, 0
        self.seen = asyncio.Event()
        display = app._display

        def frame(screen, renderable) -> None:
            display(screen, renderable)
            self.count += renderable is not None
            if renderable is not None and self.expect is not None and self.shown is None:
                if self.expect():
                    self.shown = time.perf_counter()
                    self.late = not self.log_shown()
                    self.seen.set()

        app._display = frame
        self.log_shown = lambda: True

    def arm(self, expect, log_shown=None) -> None:
        self.expect, self.shown, self.late = expect, None, False
        self.count = 0
        self.seen.clear()
        self.log_shown = log_shown or (lambda: True)


async def timed(pilot, frames: Frames, key: str, expect, log_shown=None) -> tuple[float, float]:
    """(CPU, to-screen) seconds of ``key``: sent as a terminal sends it, handled, drawn."""
    app = pilot.app
    frames.arm(expect, log_shown)
    event = events.Key(key, key if len(key) == 1 else ("\x1b" if key == "escape" else None))
    event.set_sender(app)
    w0, c0 = time.perf_counter(), time.process_time()
    app._driver.send_message(event)
    try:
        await asyncio.wait_for(frames.seen.wait(), 30)
    except TimeoutError:
        pass
    await pilot.pause()
    cpu = time.process_time() - c0
    if frames.shown is None:
        raise SystemExit(f"{key!r}: nothing shown on {type(app.screen).__name__}")
    return cpu, frames.shown - w0, frames.count


def last_line_shown(screen, index: int):
    def shown() -> bool:
        for log in screen.query(GameLog):
            if not log._shown or log._shown[-1].index != index:
                return False
            if log.max_scroll_y and log.scroll_y < log.max_scroll_y:
                return False
        return True

    return shown


async def time_case(store: Store, game_id: int, case: Case, kinds: set, samples: int) -> dict:
    app = create_app(store, Start("resume", game_id=game_id), lang="en")
    out: dict[str, list] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        frames = Frames(app)
        screen = app.screen
        session = screen.session
        key = "n"
        if case.key_action is not None:
            keys = [
                k
                for k, b in screen.active_bindings.items()
                if (m := ACT.fullmatch(b.binding.action or "")) and m.group(1) == case.key_action
            ]
            if not keys:  # an action the table reaches another way (a key of a dialog)
                return {}
            key = keys[0]
        for i in range(samples + 1):
            if case.name == "step" and "step" in kinds:
                cursor = session.cursor
                took = await timed(
                    pilot,
                    frames,
                    "n",
                    lambda cursor=cursor: session.cursor == cursor + 1,
                    last_line_shown(screen, cursor + 1),
                )
                if i:
                    out.setdefault("step", []).append((*took, frames.late))
                await pilot.press("ctrl+z")
                await pilot.pause()
            elif case.name == "undo" and "undo" in kinds:
                cursor = session.cursor
                await pilot.press("n")
                await pilot.pause()
                if session.cursor != cursor + 1:
                    raise SystemExit(f"{case.name}: 'n' made no step")
                took = await timed(
                    pilot, frames, "ctrl+z", lambda cursor=cursor: session.cursor == cursor
                )
                if i:
                    out.setdefault("undo", []).append((*took, False))
            elif case.name not in ("step", "undo") and kinds & {"open", "close"}:
                cursor = session.cursor
                took = await timed(
                    pilot, frames, key, lambda: app.screen is not screen and app.screen.is_mounted
                )
                if app.screen is screen or session.cursor != cursor:
                    raise SystemExit(f"{case.name}: {key!r} opened nothing")
                opened = type(app.screen).__name__
                if i and "open" in kinds:
                    out.setdefault(f"open {case.name} ({key}: {opened})", []).append((*took, False))
                took = await timed(pilot, frames, "escape", lambda: app.screen is screen)
                if i and "close" in kinds:
                    out.setdefault(f"close {case.name} ({opened})", []).append((*took, False))
                if session.cursor != cursor:
                    raise SystemExit(f"{case.name}: escape changed the game")
    return out


# -- the baseline: a bare Textual app doing the same kinds of thing ----------------------------
class BareDialog(ModalScreen):
    BINDINGS = [Binding("escape", "app.pop_screen")]
    DEFAULT_CSS = """
    BareDialog { align: center middle; }
    BareDialog > Vertical { width: 60; height: auto; border: thick $accent; background: $surface; }
    BareDialog OptionList { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Pick one")
            yield OptionList(*[f"{i}. an option" for i in range(1, 7)])


class Bare(App):
    BINDINGS = [Binding("n", "bump"), Binding("d", "dialog")]

    def compose(self) -> ComposeResult:
        yield Static("0", id="count")

    def action_bump(self) -> None:
        self.count = getattr(self, "count", 0) + 1
        self.query_one("#count", Static).update(str(self.count))

    def action_dialog(self) -> None:
        self.push_screen(BareDialog())


async def time_bare(samples: int) -> dict:
    app = Bare()
    out: dict[str, list] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        frames = Frames(app)
        base = app.screen
        for i in range(samples + 1):
            count = getattr(app, "count", 0)
            took = await timed(pilot, frames, "n", lambda c=count: app.count == c + 1)
            if i:
                out.setdefault("step", []).append((*took, False))
            took = await timed(pilot, frames, "d", lambda: app.screen is not base)
            if i:
                out.setdefault("open", []).append((*took, False))
            took = await timed(pilot, frames, "escape", lambda: app.screen is base)
            if i:
                out.setdefault("close", []).append((*took, False))
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))] * 1000


def row(label: str, times: list, base: list | None) -> str:
    cpu = [t[0] for t in times]
    wall = [t[1] for t in times]
    frames = sorted(t[2] for t in times)[len(times) // 2]
    late = sum(1 for t in times if t[3])
    p95 = pct(cpu, 0.95)
    # medians compared: one stall of the shared machine moves a p95 of 10 samples
    ratio = f"{pct(cpu, 0.5) / pct([t[0] for t in base], 0.5):5.1f}x" if base else "      "
    text = (
        f"  {label[:50]:50} {pct(cpu, 0.5):6.1f} {p95:6.1f} {ratio}"
        f"  {pct(wall, 0.5):6.1f} {pct(wall, 0.95):6.1f}  {frames:2d}"
    )
    return text + (f"   log late {late}/{len(times)}" if late else "")


async def main(samples: int, steps: int, games: list[str], kinds: set) -> None:
    bare = await time_bare(samples)
    print(f"every kind of key, in-process, {samples} samples each, {steps}-step games;")
    print("ms: CPU p50, p95, ratio of p50 to the bare app's same kind; to-screen p50, p95;")
    print("frames drawn (median) from the key until the app is idle")
    for kind in ("step", "open", "close"):
        print(row(f"bare Textual app: {kind}", bare[kind], None))
    for key in games:
        commands, states = played(key)
        print(f"{key} (played {len(commands)} steps)")
        for case in cases(key, states):
            if case.name in ("step", "undo") and case.name not in kinds:
                continue
            if case.name not in ("step", "undo") and not kinds & {"open", "close"}:
                continue
            store = Store.open("sqlite://")
            game_id = saved_game(store, key, commands[: case.at], states[0], steps)
            results = await time_case(store, game_id, case, kinds, samples)
            store.close()
            for label, times in results.items():
                kind = label.split()[0]
                base = bare["step" if kind == "undo" else kind]
                print(row(f"{label} @{case.at}", times, base))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--steps", type=int, default=1000, help="steps in each saved game")
    parser.add_argument("--games", default=",".join(GAMES_TO_TIME))
    parser.add_argument("--kinds", default=",".join(KINDS), help="of: " + ",".join(KINDS))
    args = parser.parse_args()
    asyncio.run(main(args.samples, args.steps, args.games.split(","), set(args.kinds.split(","))))
