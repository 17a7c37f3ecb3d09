"""The time control, as recorded and printed, and whether the event is played online."""

from __future__ import annotations

from arbiter.events.settings.codecs import Codec, flag, words
from arbiter.events.settings.setting import Spec, Typed, Values, const


def time_control() -> Codec:
    """A time control in its short text form (``60m+3x30s``), kept as its canonical text."""

    def parse(text: str) -> object:
        # the clock is imported when a time control is read, not whenever settings are
        from arbiter.clock.control import TimeControl

        return str(TimeControl.parse(text))

    return words(parse, "e.g. 60m+3x30s")


SPECS: tuple[Spec, ...] = (
    Spec(
        "time_control",
        "time control, e.g. 60m+3x30s or 60m (recorded, printed)",
        time_control(),
        const(""),
    ),
    Spec(
        "online",
        "played online (the EGF rates an online Go event as class D)",
        flag(),
        const(False),
    ),
)


class TimeSettings(Values):
    """The time settings, typed."""

    __slots__ = ()

    #: The time control as text ("" when not set).
    time_control = Typed(str)
    #: Whether the event is played online (its EGF class is D).
    online = Typed(bool)
