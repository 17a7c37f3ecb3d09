"""Time controls and the two-sided game clock (seed 002 2.5; seed 000 6, 9.3).

- :mod:`arbiter.clock.control`: the time systems (:class:`Absolute`, :class:`ByoYomi`,
  :class:`Canadian`, :class:`Fischer`), their short text form and SGF ``TM``/``OT``;
  :mod:`arbiter.clock.durations`: the durations of that text form;
  :mod:`arbiter.clock.stages`: Canadian periods that differ and the break before byo-yomi;
  :mod:`arbiter.clock.sgf_overtime`: the SGF ``OT`` forms other programs write;
  :mod:`arbiter.clock.correspondence`: :class:`Correspondence`, days per move.
- :mod:`arbiter.clock.clock`: :class:`Clock`, pure arithmetic on an injected monotonic time,
  with the referee's corrections; its states and play in :mod:`arbiter.clock.machine`, the
  time systems' arithmetic in :mod:`arbiter.clock.arithmetic`, :class:`ClockState` (one side's
  reading) in :mod:`arbiter.clock.reading`.
- :mod:`arbiter.clock.lag`: the online server's lag compensation.

See ``docs/time-controls.md``.

>>> clock = Clock(TimeControl.parse("60m"), first="white").start(0.0)
>>> clock = clock.press(30.0)
>>> clock.state("white", 45.0).main, clock.state("black", 45.0).main
(3570.0, 3585.0)
"""

from arbiter.clock.clock import (
    GO_FLOOR,
    LATE_CLOCK_FLOOR,
    SIDES,
    TOGUZ_FLOOR,
    Clock,
    ClockError,
    ClockState,
    Rule,
    Side,
    Status,
)
from arbiter.clock.control import (
    Absolute,
    ByoYomi,
    Canadian,
    Fischer,
    TimeControl,
)
from arbiter.clock.correspondence import Correspondence, is_correspondence
from arbiter.clock.durations import TimeControlError, format_duration, parse_duration
from arbiter.clock.lag import DEFAULT_LAG_CAP, LagCompensation, network_time

__all__ = [
    "DEFAULT_LAG_CAP",
    "GO_FLOOR",
    "LATE_CLOCK_FLOOR",
    "SIDES",
    "TOGUZ_FLOOR",
    "Absolute",
    "ByoYomi",
    "Canadian",
    "Clock",
    "ClockError",
    "ClockState",
    "Correspondence",
    "Fischer",
    "LagCompensation",
    "Rule",
    "Side",
    "Status",
    "TimeControl",
    "TimeControlError",
    "format_duration",
    "is_correspondence",
    "network_time",
    "parse_duration",
]
