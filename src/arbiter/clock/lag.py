"""Lag compensation for the online server (spec, clocks-and-online: the server's clock is
authoritative, and network time is not charged, up to a per-move cap, as lichess does).

A player's turn begins when the server sends the opponent's move (:attr:`Clock.turn_started`)
and ends when the server receives the reply. That interval holds the player's thinking and
the network time both ways. The server credits the measured network time, at most
:attr:`LagCompensation.cap` a move, and charges the rest:

>>> from arbiter.clock import Clock, TimeControl
>>> lag = LagCompensation(cap=1.0)
>>> clock = Clock(TimeControl.parse("5m+3s")).start(0.0)
>>> credit = lag.move_credit(clock, 10.0, network=0.4)  # received at 10.0; 0.4 s on the wire
>>> credit
0.4
>>> clock.flagged(10.0, lag=credit) is None             # still in time? then play the move
True
>>> clock.press(10.0, lag=credit).state("black", 10.0).main  # charged 9.6 s, then +3 s
293.4

The match layer logs the credit with the move, so that replaying ``press(t, lag=credit)``
rebuilds the same clock. A flag is declared only at :meth:`LagCompensation.flag_deadline`,
``cap`` after the clock's deadline, because a move still on its way may be credited that much.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from arbiter.clock.clock import Clock, ClockError

__all__ = ["DEFAULT_LAG_CAP", "LagCompensation", "network_time"]

DEFAULT_LAG_CAP = 1.0
"""Seconds credited at most per move (a decision, docs/decisions.md "Clocks")."""


def network_time(server_elapsed: float, client_elapsed: float) -> float:
    """The network time of a move: the turn as the server measured it less the thinking time
    the client measured, never negative.

    >>> network_time(10.0, 9.75)
    0.25
    >>> network_time(10.0, 10.5)  # a client claiming more than the server saw gets no credit
    0.0
    """
    return max(0.0, server_elapsed - client_elapsed)


@dataclass(frozen=True, slots=True)
class LagCompensation:
    """The server's lag policy: ``cap`` seconds of network time credited at most per move."""

    cap: float = DEFAULT_LAG_CAP

    def __post_init__(self) -> None:
        if (
            isinstance(self.cap, bool)
            or not isinstance(self.cap, int | float)
            or not math.isfinite(self.cap)
            or self.cap < 0
        ):
            raise ClockError(f"the lag cap must be a number of seconds ≥ 0, not {self.cap!r}")

    def credit(self, elapsed: float, network: float) -> float:
        """Seconds of a move's server-measured time ``elapsed`` not charged to the mover: the
        ``network`` time, at most ``cap`` and at most ``elapsed``.

        >>> LagCompensation(cap=1.0).credit(10.0, 2.5)
        1.0
        >>> LagCompensation(cap=1.0).credit(0.2, 0.5)
        0.2
        """
        if not (math.isfinite(elapsed) and math.isfinite(network)):
            raise ClockError("elapsed and network times must be finite")
        return max(0.0, min(network, self.cap, elapsed))

    def move_credit(self, clock: Clock, t: float, network: float) -> float:
        """The credit for a move the server receives at ``t`` on ``clock`` (running)."""
        began = clock.turn_started
        if clock.status != "running" or began is None:
            raise ClockError(f"cannot credit a move: the clock is {clock.status}")
        return self.credit(t - began, network)

    def flag_deadline(self, clock: Clock, t: float | None = None) -> float | None:
        """When the server may declare the running side's flag if no move has come: the
        clock's deadline plus ``cap``. At that instant ``clock.flagged(now, lag=cap)`` holds.
        """
        return clock.deadline(t, grace=self.cap)
