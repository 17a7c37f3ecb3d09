"""How long this process stopped every game at once: the event loop's longest stall and the
longest garbage collection.

Every live game of a process shares one event loop, so anything that holds it — a collection,
a long computation, a blocking call — delays every move in flight by as much. :class:`Stalls`
measures it from inside: a ticker asks to wake every :data:`TICK` seconds and records how late
it woke, and a ``gc.callbacks`` hook times each collection. A stall longer than
:data:`WARN_AFTER` is logged as a warning (what an operator wants to know); when the
environment names a file in ``ARBITER_STALL_REPORT``, the figures are written there as JSON when
the process stops, with the longest stall and collection of each second of the last
:data:`SECONDS` (``bench/load.py`` prints the worst of the seconds it measured as the longest
server pause).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import time
from typing import Any

__all__ = ["REPORT_VARIABLE", "SECONDS", "TICK", "WARN_AFTER", "Stalls"]

log = logging.getLogger("arbiter.play")

TICK = 0.01
"""Seconds between two wake-ups of the ticker."""
WARN_AFTER = 0.2
"""A stall of the event loop longer than this (seconds) is logged."""
SECONDS = 3600
"""Seconds whose longest stall and collection are kept for the report."""
REPORT_VARIABLE = "ARBITER_STALL_REPORT"
"""The environment variable naming the file the figures are written to at stop."""


class Stalls:
    """The longest stall of the event loop and the longest collection (see the module)."""

    def __init__(self) -> None:
        self.longest = 0.0
        """Seconds the event loop woke late, at most (after the first :data:`TICK`)."""
        self.longest_collection = 0.0
        """Seconds of the longest garbage collection."""
        self.longest_generation = -1
        """The generation of that collection."""
        self.collections = [0, 0, 0]
        """Collections of each generation."""
        self._began = 0.0
        self.seconds: dict[int, list[float]] = {}
        """Unix second → [longest stall, longest collection] in it (the last :data:`SECONDS`)."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start measuring (on the running loop)."""
        gc.callbacks.append(self._collected)
        self._task = asyncio.get_running_loop().create_task(self._tick(), name="arbiter-stalls")

    async def _tick(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(TICK)
            late = time.perf_counter() - before - TICK
            if late > self.longest:
                self.longest = late
            second = self._second()
            second[0] = max(second[0], late)
            if late > WARN_AFTER:
                log.warning("every live game waited %.0f ms for the event loop", late * 1e3)

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            return
        took = time.perf_counter() - self._began
        generation = int(info.get("generation", 0))
        if took > self.longest_collection:
            self.longest_collection = took
            self.longest_generation = generation
        second = self._second()
        second[1] = max(second[1], took)
        if 0 <= generation < len(self.collections):
            self.collections[generation] += 1

    def _second(self) -> list[float]:
        now = int(time.time())
        second = self.seconds.get(now)
        if second is None:
            second = self.seconds[now] = [0.0, 0.0]
            self.seconds.pop(now - SECONDS, None)
        return second

    def figures(self) -> dict[str, Any]:
        """The figures so far, in milliseconds."""
        return {
            "longest_stall_ms": round(self.longest * 1e3, 1),
            "longest_collection_ms": round(self.longest_collection * 1e3, 1),
            "longest_collection_generation": self.longest_generation,
            "collections": list(self.collections),
            "seconds": {
                str(at): [round(v[0] * 1e3, 1), round(v[1] * 1e3, 1)]
                for at, v in sorted(self.seconds.items())
            },
        }

    def stop(self) -> None:
        """Stop measuring; write the figures where ``ARBITER_STALL_REPORT`` says."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._collected)
        path = os.environ.get(REPORT_VARIABLE)
        if path:
            try:
                with open(path, "w", encoding="utf-8") as out:
                    json.dump(self.figures(), out)
            except OSError as exc:
                log.warning("cannot write the stall report to %s: %s", path, exc)
