"""What is due when nobody acts: a flag that falls (seed 002 2.7.3, seed 000 3.10, 6.6) or a
late-arrival forfeit (seed 002 2.6, seed 000 3.9), and the first instant either will be.

:meth:`Match.tick <arbiter.match.Match.tick>` applies what :func:`due` finds and
:meth:`Match.deadline <arbiter.match.Match.deadline>` is :func:`deadline`; a handler refuses a
flag fall or a forfeit that is not due.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from arbiter.clock import Side
from arbiter.match import go as go_rules
from arbiter.match import toguz as toguz_rules
from arbiter.match.played import SIDES
from arbiter.match.state import MatchState
from arbiter.match.toguz import ToguzBoard

#: What is due: ``("flag", (side,))`` or ``("late", sides)``.
Due = tuple[str, tuple[Side, ...]]


def deadline(m: MatchState, lag: float = 0.0) -> float | None:
    """The first instant at which ``tick`` would apply something (a flag fall or a
    late-arrival forfeit) if nobody acts before, or ``None``.

    ``lag`` is the most network time the server credits a move (its lag cap): a flag is
    only declared once a move still on its way could no longer be in time.
    """
    if m.result is not None:
        return None
    candidates: list[float] = []
    late = late_instant(m)
    if late is not None:
        candidates.append(late)
    flag = flag_instant(m, lag)
    if flag is not None:
        candidates.append(flag)
    return min(candidates) if candidates else None


def _grace(m: MatchState) -> float:
    if isinstance(m.board, ToguzBoard):
        return float(m._toguz_conduct().completion_grace)
    return 0.0


def flag_due(m: MatchState, now: float, lag: float) -> Side | None:
    """The side whose flag has fallen by ``now`` (``lag`` credited), once a Toguz Korgool
    move in progress could no longer come (seed 000 6.6); ``None`` if none has."""
    if not m.clocked or m.status not in ("playing", "paused", "adjourned"):
        return None
    side = m.clock.flagged(now, lag=lag)
    if side is None:
        return None
    if m.clock.status == "running":
        fell = m.clock.deadline()
        assert fell is not None
        if now - lag < fell + _grace(m):
            return None  # a Toguz move in progress may still come (seed 000 6.6)
    return side


def flag_instant(m: MatchState, lag: float) -> float | None:
    """The first instant :func:`flag_due` finds a flag down (``lag`` credited), or ``None``."""
    if not m.clocked or m.status not in ("playing", "paused", "adjourned"):
        return None
    if m.clock.status != "running":
        at = m.clock.last_event
        if at is not None and m.clock.flagged(at) is not None:
            return at
        return None
    fell = m.clock.deadline(grace=lag)
    assert fell is not None
    return first_at(fell + _grace(m), lambda d: flag_due(m, d, 0.0) is not None)


def _absent_sides(m: MatchState) -> tuple[Side, ...]:
    conduct = m.settings.conduct
    if not conduct.late_forfeit or m.started_at is None or m.status == "over":
        return ()
    return tuple(s for s in SIDES if not m.is_present(s) and s not in m.excused)


def _late_limit(m: MatchState) -> float:
    conduct = m.settings.conduct
    if conduct.late_limit is not None:
        return float(conduct.late_limit)
    main = m.settings.time_control.main
    if isinstance(m.board, ToguzBoard):
        return toguz_rules.late_limit(main)
    return go_rules.late_limit(main)


def late_due(m: MatchState, now: float) -> tuple[Side, ...]:
    """The sides whose late-arrival forfeit is due at ``now`` (none, one or both)."""
    absent = _absent_sides(m)
    if not absent:
        return ()
    assert m.started_at is not None
    return absent if now > m.started_at + _late_limit(m) else ()


def late_instant(m: MatchState) -> float | None:
    """The first instant a late-arrival forfeit is due, or ``None``."""
    if not _absent_sides(m):
        return None
    assert m.started_at is not None
    limit = m.started_at + _late_limit(m)
    return first_at(limit, lambda d: bool(late_due(m, d)))


def due(m: MatchState, now: float, lag: float) -> Due | None:
    """What is due at ``now``: a flag fall or a late-arrival forfeit (whichever came first),
    or ``None``."""
    flag = flag_due(m, now, lag)
    late = late_due(m, now)
    if flag is not None and late:
        flag_at = flag_instant(m, 0.0)
        late_at = late_instant(m)
        if flag_at is not None and late_at is not None and late_at < flag_at:
            return ("late", late)
        return ("flag", (flag,))
    if flag is not None:
        return ("flag", (flag,))
    if late:
        return ("late", late)
    return None


def describe_due(found: Due) -> str:
    """Why an action waits for what is due: the flag or the forfeit decides first."""
    what, sides = found
    if what == "flag":
        return f"{sides[0]}'s flag has fallen: the flag decides first (tick the match)"
    names = " and ".join(sides)
    return f"{names} did not arrive in time: the late-arrival forfeit applies first (tick)"


def first_at(start: float, holds: Callable[[float], bool]) -> float:
    """The least float from ``start`` at which ``holds`` (a few steps at most: rounding)."""
    at = start
    for _ in range(64):
        if holds(at):
            return at
        at = math.nextafter(at, math.inf)
    return at  # pragma: no cover - the predicates hold within an ulp or two
