"""Rate limits for signing in: failed attempts per client address and per account, in a
sliding window, kept in the server process's memory.

Each server process counts on its own (several workers allow each their limit); an attacker
spread over many addresses still meets the per-account limit.

>>> clock = iter([0.0, 1.0, 2.0, 70.0]).__next__
>>> limiter = SlidingWindow(RateLimit(2, 60.0), clock=clock)
>>> limiter.hit("ip"), limiter.hit("ip"), limiter.retry_after("ip") > 0
(True, True, True)
>>> limiter.retry_after("ip")
0.0
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

from arbiter.server.config import RateLimit


class SlidingWindow:
    """Counts events per key over the last ``limit.seconds``; thread-safe."""

    def __init__(self, limit: RateLimit, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self._clock = clock
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _trim(self, key: str, now: float) -> deque[float]:
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self.limit.seconds:
            events.popleft()
        return events

    def hit(self, key: str) -> bool:
        """Count one event for ``key``; ``True`` while still within the limit."""
        with self._lock:
            now = self._clock()
            events = self._trim(key, now)
            events.append(now)
            if len(self._events) > 100_000:  # forget idle keys so memory stays bounded
                for stale in [k for k, v in self._events.items() if not v]:
                    del self._events[stale]
            return len(events) <= self.limit.attempts

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may try again (0 when it may now)."""
        with self._lock:
            now = self._clock()
            events = self._trim(key, now)
            if len(events) < self.limit.attempts:
                return 0.0
            return max(0.0, events[-self.limit.attempts] + self.limit.seconds - now)

    def reset(self, key: str) -> None:
        """Forget ``key``'s events (after a successful sign-in)."""
        with self._lock:
            self._events.pop(key, None)


class LoginLimiter:
    """The two limits on failed sign-ins: per client address and per account name."""

    def __init__(
        self,
        per_client: RateLimit,
        per_account: RateLimit,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clients = SlidingWindow(per_client, clock)
        self.accounts = SlidingWindow(per_account, clock)

    def wait(self, client: str, account: str) -> float:
        """Seconds the caller must wait before trying (0: go ahead)."""
        return max(self.clients.retry_after(client), self.accounts.retry_after(account.lower()))

    def failed(self, client: str, account: str) -> None:
        """Count a failed attempt."""
        self.clients.hit(client)
        self.accounts.hit(account.lower())

    def succeeded(self, account: str) -> None:
        """A successful sign-in clears the account's failures."""
        self.accounts.reset(account.lower())
