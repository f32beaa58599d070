"""F1 (the help screen): its first frame with the guide, against the guide made whole first.

    .venv/bin/python scripts/bench_help.py [--runs 7] [--lang en|ja]

Each run opens F1 on the home screen, headless at 120x40, and times from the key to the help
screen's first frame that shows guide text (Textual's compositor refresh of the screen), and to
the whole guide drawn: as shipped (the first section drawn first, the rest added after it)
and, interleaved in the same run, as before (the viewer made with the whole guide). CPU time
of the process beside wall time: on a loaded machine the wall time also counts the waits for
a core. Medians; the ratio of the first frames' CPU time is the figure to watch (< 1).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from textual.widgets._markdown import MarkdownBlock

import companion.ui.help as help_screen
from companion.store import Store
from companion.ui.app import create_app


async def one(lang: str, whole: bool) -> tuple[float, float, float]:
    """(wall, CPU) to the first frame with guide text, CPU to the whole guide drawn."""
    cut, paint = help_screen.first_section, help_screen.HelpScreen._compositor_refresh
    if whole:
        help_screen.first_section = lambda text: (text, "")
    marks: dict[str, tuple[float, float]] = {}

    def painted(screen) -> None:
        paint(screen)
        guide = screen.query(help_screen.Guide)
        if "first" not in marks and guide and guide.first().document.query(MarkdownBlock):
            marks["first"] = (time.perf_counter() - wall, time.process_time() - cpu)

    store = Store.open("sqlite://")
    app = create_app(store, lang=lang)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            help_screen.HelpScreen._compositor_refresh = painted
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press("f1")
            while True:
                await asyncio.sleep(0.005)
                if "first" not in marks or not isinstance(app.screen, help_screen.HelpScreen):
                    continue
                guide = app.screen.query_one(help_screen.Guide)
                if not guide.rest and not guide.document.lock.is_locked:
                    return (*marks["first"], time.process_time() - cpu)
    finally:
        help_screen.first_section, help_screen.HelpScreen._compositor_refresh = cut, paint
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    shipped, before = [], []
    for _ in range(args.runs):
        shipped.append(asyncio.run(one(args.lang, whole=False)))
        before.append(asyncio.run(one(args.lang, whole=True)))
    for name, runs in (("first section first", shipped), ("whole guide first (before)", before)):
        wall, cpu, done = (statistics.median(r[i] for r in runs) for i in range(3))
        print(
            f"{name:28} first frame {wall:.2f}s wall, {cpu:.2f}s CPU; whole guide {done:.2f}s CPU"
        )
    ratio = statistics.median(r[1] for r in shipped) / statistics.median(r[1] for r in before)
    print(f"first frame CPU, shipped / before: {ratio:.2f}")


if __name__ == "__main__":
    main()
