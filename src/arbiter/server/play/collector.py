"""Garbage collection for live play.

A live game keeps its history in memory, so most objects made by a
move live as long as the game; CPython's generational collector, which rescans survivors
until they reach the oldest generation, spent 20–110 ms per young collection on them under
``bench/load.py`` — a stall of every game at once. So each heartbeat freezes the survivors
(``gc.freeze``: the collector stops looking at them, reference counting still frees them).
Cyclic garbage comes from HTTP requests (a move makes none), so when requests were answered
since the last heartbeat, it first collects the objects not frozen yet — the last second's,
a few milliseconds; with moves only, it does not (at 1,000 games that collection alone added
15 ms to the p99). What is frozen is never collected as a cycle, so a freeze while a long request
is being answered (an 800 kB record being parsed) would keep its garbage for good: the freeze
waits while an HTTP request older than :data:`LONG_REQUEST` is in flight (at most
:data:`MOST_SKIPS` heartbeats). Cycles frozen anyway are recovered by a full collection, which
stops every game of the process for as long as it walks every object (about 0.5 s at 1,000
games): so it runs only once the process's resident memory has doubled since the last one (and
passed :data:`MEMORY_FLOOR`), never on a timer — an hourly one was the longest pause of a
day's play, and what it found was a few cycles. The memory is read from ``/proc/self/statm``, a
few microseconds — ``gc.get_freeze_count()`` walks every frozen object, and called each second
it was itself the stall (10–80 ms). ``bench/load.py`` prints the peak memory and the live games'
latency with this policy.
"""

from __future__ import annotations

import gc
import logging
import os
import time
from collections.abc import Callable

from arbiter.server.guard import InFlight

__all__ = [
    "LONG_REQUEST",
    "MEMORY_FLOOR",
    "MOST_SKIPS",
    "Collector",
    "resident_bytes",
]

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes() -> int | None:
    """The process's resident memory (Linux), or ``None`` where it cannot be read cheaply."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


log = logging.getLogger("arbiter.play")

LONG_REQUEST = 0.25
"""An HTTP request in flight longer than this delays the freeze (see the module)."""
MOST_SKIPS = 30
"""Heartbeats in a row whose freeze may wait for long requests."""
MEMORY_FLOOR = 1024 * 1024 * 1024
"""Resident bytes below which memory never brings a full collection forward."""


class Collector:
    """The policy of the module, applied at each heartbeat by :meth:`tick`."""

    def __init__(
        self, inflight: InFlight, memory: Callable[[], int | None] = resident_bytes
    ) -> None:
        self.inflight = inflight
        self.memory = memory
        self.collected = time.monotonic()
        self.memory_limit = MEMORY_FLOOR
        self.skipped = 0
        self.answered = inflight.answered

    def tick(self) -> None:
        """Collect and freeze the last second's survivors; now and then, collect everything."""
        used = self.memory()
        if used is not None and used > self.memory_limit:
            self.full()
            return
        if self.inflight.oldest() > LONG_REQUEST and self.skipped < MOST_SKIPS:
            self.skipped += 1
            return
        self.skipped = 0
        if self.inflight.answered != self.answered:
            self.answered = self.inflight.answered
            gc.collect()  # the objects not frozen yet: the last second's
        gc.freeze()

    def full(self) -> None:
        """Collect everything, frozen or not, and freeze the survivors again."""
        began = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.collected = time.monotonic()
        used = self.memory()
        self.memory_limit = max(MEMORY_FLOOR, 2 * used) if used is not None else MEMORY_FLOOR
        self.skipped = 0
        # Every game of the process waited meanwhile: worth an operator's eye.
        log.warning(
            "full collection (memory doubled): %d objects in %.0f ms",
            found,
            (time.perf_counter() - began) * 1e3,
        )
