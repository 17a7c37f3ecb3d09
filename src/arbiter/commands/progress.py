"""The progress bar shown while a pairing takes long (``arbiter event pair``, ``explain``, the
edits that pair a round again)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
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
