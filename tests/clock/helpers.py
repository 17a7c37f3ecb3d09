"""What the clock tests share."""

from arbiter.clock import Clock, TimeControl


def started(text: str, first: str = "black", t: float = 0.0) -> Clock:
    """A clock for the time control ``text``, started at ``t`` with ``first`` to move."""
    return Clock(TimeControl.parse(text), first=first).start(t)  # type: ignore[arg-type]
