"""The quick-pairing queue of the lobby: a player asks for a preset (``toguz-3+2``,
``go9-5m+3x20s``, …) and is paired with the waiting player of that preset whose rating is
closest, when the two ratings are close enough. What is close enough widens the longer a
player waits (:func:`tolerance`), so that nobody waits forever for a perfect opponent.

The queue is a plain value of this process, with the time passed in; the lobby's board drives
it (:mod:`arbiter.server.play.lobby_board`). With Redis, the board builds one from the queue
every process shares to choose the pairs (:mod:`arbiter.server.play.lobby_redis`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

__all__ = [
    "BASE_RANGE",
    "MAX_RANGE",
    "WIDEN_PER_SECOND",
    "Pair",
    "QuickQueue",
    "Waiting",
    "tolerance",
]

BASE_RANGE: Final = 100.0
"""Rating points either side a player accepts on joining."""
WIDEN_PER_SECOND: Final = 10.0
"""Points the range widens by for every second waited."""
MAX_RANGE: Final = 500.0
"""The widest range: two players further apart are never paired by the queue."""


def tolerance(waited: float) -> float:
    """How far apart (rating points) a player who has waited ``waited`` seconds accepts an
    opponent: :data:`BASE_RANGE`, widening by :data:`WIDEN_PER_SECOND`, at most
    :data:`MAX_RANGE`.

    >>> tolerance(0), tolerance(10), tolerance(3600)
    (100.0, 200.0, 500.0)
    """
    return min(BASE_RANGE + WIDEN_PER_SECOND * max(waited, 0.0), MAX_RANGE)


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player in the queue: the account, the name shown, the preset asked for, the rating
    the pairing compares, and when the player joined."""

    user_id: int
    name: str
    preset: str
    rating: float
    since: float


@dataclass(frozen=True, slots=True)
class Pair:
    """Two players paired for a preset; ``first`` waited longer."""

    preset: str
    first: Waiting
    second: Waiting


def acceptable(a: Waiting, b: Waiting, now: float) -> bool:
    """Whether ``a`` and ``b`` may be paired at ``now``: the same preset, different accounts,
    and the ratings within both players' tolerance."""
    if a.preset != b.preset or a.user_id == b.user_id:
        return False
    gap = abs(a.rating - b.rating)
    return gap <= tolerance(now - a.since) and gap <= tolerance(now - b.since)


@dataclass
class QuickQueue:
    """The players waiting, at most once each (see the module)."""

    waiting: dict[int, Waiting] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.waiting)

    def __contains__(self, user_id: object) -> bool:
        return user_id in self.waiting

    def join(self, entry: Waiting) -> Pair | None:
        """Put ``entry`` in the queue (a player already waiting, for this preset or another,
        is waiting for the new one only) and pair it at once if an opponent fits; the pair
        made, if any (both players have left the queue then)."""
        self.waiting.pop(entry.user_id, None)
        best = self._closest(entry, entry.since)
        if best is None:
            self.waiting[entry.user_id] = entry
            return None
        del self.waiting[best.user_id]
        return Pair(entry.preset, best, entry)

    def leave(self, user_id: int) -> Waiting | None:
        """Take ``user_id`` out of the queue; what it was waiting for, if anything."""
        return self.waiting.pop(user_id, None)

    def match(self, now: float) -> list[Pair]:
        """Pair whoever can be paired at ``now`` (the ranges have widened since they joined):
        the longest-waiting player first, each with the closest acceptable rating."""
        pairs: list[Pair] = []
        for entry in sorted(self.waiting.values(), key=lambda w: (w.since, w.user_id)):
            if entry.user_id not in self.waiting:
                continue  # paired already in this pass
            del self.waiting[entry.user_id]
            best = self._closest(entry, now)
            if best is None:
                self.waiting[entry.user_id] = entry
                continue
            del self.waiting[best.user_id]
            pairs.append(Pair(entry.preset, entry, best))
        return pairs

    def _closest(self, entry: Waiting, now: float) -> Waiting | None:
        fits = [w for w in self.waiting.values() if acceptable(entry, w, now)]
        if not fits:
            return None
        return min(fits, key=lambda w: (abs(w.rating - entry.rating), w.since, w.user_id))
