"""The progress bar shown while a pairing takes long (``arbiter event pair``, ``explain``, the
edits that pair a round again), and the bar of a count (``arbiter rating load``)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: A pairing that has not finished after this many seconds shows a progress bar.
PATIENCE = 1.0


@contextmanager
def progress_bar(patience: float = PATIENCE) -> Iterator[None]:
    """Show what the pairing does (on standard error, in a terminal) once it has taken more
    than ``patience`` seconds; nothing for quick pairings."""
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TaskID, TextColumn, TimeElapsedColumn

    from arbiter.events.swiss.system import listening

    state = {"stage": "pairing"}
    done = threading.Event()
    console = Console(stderr=True)
    shown: list[tuple[Progress, TaskID]] = []

    def hook(stage: str) -> None:
        state["stage"] = stage
        if shown:
            bar, task = shown[0]
            bar.update(task, description=stage)

    def watch() -> None:
        if done.wait(patience) or not console.is_terminal:
            return
        bar = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        )
        bar.start()
        shown.append((bar, bar.add_task(state["stage"], total=None)))
        done.wait()
        bar.stop()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        with listening(hook):
            yield
    finally:
        done.set()
        watcher.join(timeout=2)


@contextmanager
def count_bar(description: str, patience: float = PATIENCE) -> Iterator[Callable[[int, int], None]]:
    """A bar of the work done out of the work in all (on standard error, in a terminal), shown
    once the work has taken more than ``patience`` seconds (``arbiter rating load``). Yields
    the function to call with ``(done, total)`` as the work goes on."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    console = Console(stderr=True)
    started = time.monotonic()
    shown: list[Progress] = []

    def advance(done: int, total: int) -> None:
        if not shown:
            if time.monotonic() - started < patience or not console.is_terminal:
                return
            bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                console=console,
                transient=True,
            )
            bar.start()
            bar.add_task(description, total=total)
            shown.append(bar)
        shown[0].update(shown[0].task_ids[0], completed=done, total=total)

    try:
        yield advance
    finally:
        if shown:
            shown[0].stop()
