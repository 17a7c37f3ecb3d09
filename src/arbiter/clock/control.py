"""Time controls: the systems of seed 002 2.5, their short text form and their SGF form.

A time control is an immutable value. :meth:`TimeControl.parse` reads the short text form
(documented in ``docs/time-controls.md``) and ``str()`` writes it back, so
``TimeControl.parse(str(tc)) == tc`` for every control:

>>> TimeControl.parse("60m+3x30s")
ByoYomi(main=3600.0, periods=3, period=30.0, rest=0.0)
>>> str(TimeControl.parse("1h+25/10m"))
'60m+25/10m'
>>> str(Fischer(300, 3, cap=600))
'5m+3s cap 10m'
>>> TimeControl.parse("60m+3x30s").sgf()
(3600.0, '3x30 byo-yomi')
>>> TimeControl.parse("60m+3x30s").adjusted_minutes()
82.5

Grammar (case and blanks around ``+`` do not matter)::

    control  := DUR [ "+" overtime ]
    overtime := INT "x" DUR [ brk ]          Japanese byo-yomi: INT periods of DUR
              | stage { "," stage } [ " extra " INT ] [ brk ]
                                             Canadian: the periods (the last repeats),
                                             optional extra periods
              | DUR [ " cap " DUR ]          Fischer: DUR added per move, optional maximum
    stage    := INT "/" DUR                  INT moves in DUR
    brk      := " break " DUR                a break before the first period (seed 002 3.17.3)
    DUR      := [NUM "h"] [NUM "m"] [NUM "s"] (at least one part) | "0"
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from arbiter.clock.durations import (
    TimeControlError,
    count_value,
    format_duration,
    parse_duration,
    plain_number,
    seconds_value,
)
from arbiter.clock.sgf_overtime import read_overtime, sgf_seconds
from arbiter.clock.stages import (
    Stage,
    break_text,
    check_stages,
    format_stages,
    parse_stages,
    split_break,
    stage_of,
)
from arbiter.i18n import N_

__all__ = [
    "Absolute",
    "ByoYomi",
    "Canadian",
    "Fischer",
    "TimeControl",
    "TimeControlError",
    "format_duration",
    "parse_duration",
]


_TC = TypeVar("_TC", bound="TimeControl")

#: Readers of other text forms (:mod:`arbiter.clock.correspondence`): a control, or None.
READERS: list[Callable[[str], TimeControl | None]] = []


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A time system with its settings; build one of :class:`Absolute`, :class:`ByoYomi`,
    :class:`Canadian` or :class:`Fischer`, or read one with :meth:`parse`.

    ``main`` is the main (basic) time in seconds. All durations are seconds as floats.
    """

    main: float

    system: ClassVar[str] = ""

    def __post_init__(self) -> None:
        if type(self) is TimeControl:
            raise TypeError("TimeControl is abstract: use Absolute, ByoYomi, Canadian or Fischer")
        object.__setattr__(self, "main", seconds_value("main time", self.main))

    @classmethod
    def parse(cls: type[_TC], text: str) -> _TC:
        """Read a time control in the short text form (``60m``, ``60m+3x30s``, ``5m+3s cap 10m``).

        Called on a subclass, the text must be of that system:

        >>> Fischer.parse("5m+3s")
        Fischer(main=300.0, increment=3.0, cap=None)
        >>> Fischer.parse("60m")
        Traceback (most recent call last):
        ...
        arbiter.clock.durations.TimeControlError: time control '60m' is absolute, not fischer
        """
        control = _parse(text)
        if not isinstance(control, cls):
            raise TimeControlError(f"time control '{text}' is {control.system}, not {cls.system}")
        return control

    @staticmethod
    def from_sgf(tm: float | str, ot: str | None = None) -> TimeControl:
        """The control described by SGF ``TM`` (main time in seconds) and ``OT`` (overtime).

        ``OT`` is free text in SGF; the forms that programs commonly write are understood:
        ``5x30 byo-yomi``, ``25/600 Canadian``, ``25 moves / 10 min`` (GoGui), ``fischer 3``
        (also ``3 fischer``), with or without the system's name, in any case. No ``OT``, or an
        empty one, means absolute time.

        >>> TimeControl.from_sgf("3600", "5x30 byo-yomi")
        ByoYomi(main=3600.0, periods=5, period=30.0, rest=0.0)
        >>> TimeControl.from_sgf(1800, "25 moves / 10 min")
        Canadian(main=1800.0, moves=25, period=600.0, extra=0, later=(), rest=0.0)
        """
        main = sgf_seconds(tm, "TM")
        if ot is None or not ot.strip() or ot.strip().lower() in ("none", "absolute"):
            return Absolute(main)
        text = " ".join(ot.lower().replace("×", "x").split())
        for read in READERS:
            if (found := read(text)) is not None:
                return found
        overtime = read_overtime(text)
        if overtime is not None:
            system, fields = overtime
            return _SYSTEMS[system](main, **fields)
        raise TimeControlError(
            f"SGF overtime OT[{ot}] is not a form arbiter reads "
            "(e.g. '5x30 byo-yomi', '25/600 Canadian', 'fischer 3')"
        )

    def sgf(self) -> tuple[float, str | None]:
        """SGF ``TM`` (main time in seconds) and ``OT`` (``None`` for absolute time).

        >>> Canadian(3600, 25, 600).sgf()
        (3600.0, '25/600 Canadian')
        >>> Absolute(3600).sgf()
        (3600.0, None)
        """
        return self.main, None

    def adjusted_minutes(self) -> float:
        """The EGF adjusted time in minutes (for the tournament class in results files):
        basic + 45 × byo-yomi period (Japanese), basic + 60 × period / stones (Canadian),
        basic + 120 × increment (Fischer), all in minutes.

        >>> Absolute(3600).adjusted_minutes()
        60.0
        """
        return self.main / 60

    def overtime(self) -> str:
        """The overtime part of the text form, without the ``+``; empty for absolute time."""
        return ""

    def __str__(self) -> str:
        overtime = self.overtime()
        main = format_duration(self.main)
        return f"{main}+{overtime}" if overtime else main


@dataclass(frozen=True, slots=True)
class Absolute(TimeControl):
    """Main time only; the flag falls when it runs out (seed 002 2.5.2).

    >>> str(Absolute(3600))
    '60m'
    """

    system: ClassVar[str] = "absolute"

    def __post_init__(self) -> None:
        TimeControl.__post_init__(self)
        if self.main <= 0:
            raise TimeControlError("absolute time needs a main time above zero")


@dataclass(frozen=True, slots=True)
class ByoYomi(TimeControl):
    """Japanese byo-yomi: main time, then ``periods`` periods of ``period`` seconds each.

    A move made within a period keeps it; overrunning a period uses the next one; overrunning
    the last loses (seed 002 2.5.3, 2.5.5). ``rest``: the break the regulations give before
    the first period (seed 002 3.17.3), 0 for none.

    >>> str(ByoYomi(3600, 3, 30))
    '60m+3x30s'
    >>> str(ByoYomi(3600, 3, 30, rest=180))
    '60m+3x30s break 3m'
    """

    periods: int
    period: float
    rest: float = 0.0

    system: ClassVar[str] = "byo-yomi"

    def __post_init__(self) -> None:
        TimeControl.__post_init__(self)
        object.__setattr__(self, "periods", count_value("byo-yomi periods", self.periods))
        object.__setattr__(self, "period", seconds_value("the byo-yomi period", self.period))
        if self.period <= 0:
            raise TimeControlError("the byo-yomi period must be longer than zero")
        object.__setattr__(self, "rest", seconds_value("the break before byo-yomi", self.rest))

    def sgf(self) -> tuple[float, str | None]:
        return self.main, f"{self.periods}x{plain_number(self.period)} byo-yomi"

    def adjusted_minutes(self) -> float:
        return self.main / 60 + 45 * self.period / 60

    def overtime(self) -> str:
        return f"{self.periods}x{format_duration(self.period)}{break_text(self.rest)}"


@dataclass(frozen=True, slots=True)
class Canadian(TimeControl):
    """Canadian byo-yomi: main time, then periods of ``moves`` moves in ``period`` seconds.

    The period restarts after ``moves`` moves; overrunning it loses (seed 002 2.5.4), unless the
    event grants ``extra`` periods: each overrun then uses one and starts a fresh period
    (seed 002 2.5.5 lets the regulations sell them for a penalty, which the match layer applies).

    ``moves`` and ``period`` are the first period; ``later`` lists the periods after it when
    they differ (2.5.4: "for each period its own duration and number of stones"), as
    ``(moves, seconds)`` pairs, the last repeating. ``rest``: the break before the first period
    (seed 002 3.17.3), 0 for none.

    >>> str(Canadian(3600, 25, 600))
    '60m+25/10m'
    >>> str(Canadian(3600, 25, 600, extra=2))
    '60m+25/10m extra 2'
    >>> str(Canadian(3600, 25, 600, later=((15, 600),), rest=180))
    '60m+25/10m,15/10m break 3m'
    """

    moves: int
    period: float
    extra: int = 0
    later: tuple[Stage, ...] = ()
    rest: float = 0.0

    system: ClassVar[str] = "canadian"

    def __post_init__(self) -> None:
        TimeControl.__post_init__(self)
        object.__setattr__(self, "moves", count_value("moves per Canadian period", self.moves))
        object.__setattr__(self, "period", seconds_value("the Canadian period", self.period))
        object.__setattr__(self, "extra", count_value("extra periods", self.extra, minimum=0))
        if self.period <= 0:
            raise TimeControlError("the Canadian period must be longer than zero")
        object.__setattr__(self, "later", check_stages(self.later))
        object.__setattr__(self, "rest", seconds_value("the break before byo-yomi", self.rest))

    @property
    def stages(self) -> tuple[Stage, ...]:
        """Every period listed, the first included (the last repeats)."""
        return ((self.moves, self.period), *self.later)

    def stage(self, index: int) -> Stage:
        """Period ``index`` (0: the first) as ``(moves, seconds)``; the last listed repeats."""
        return stage_of(self.stages, index)

    def sgf(self) -> tuple[float, str | None]:
        periods = ",".join(f"{n}/{plain_number(t)}" for n, t in self.stages)
        return self.main, f"{periods} Canadian"

    def adjusted_minutes(self) -> float:
        return self.main / 60 + 60 * (self.period / 60) / self.moves

    def overtime(self) -> str:
        extra = f" extra {self.extra}" if self.extra else ""
        return f"{format_stages(self.stages)}{extra}{break_text(self.rest)}"


@dataclass(frozen=True, slots=True)
class Fischer(TimeControl):
    """Fischer time: main time, and ``increment`` seconds added after every move made
    (seed 002 2.5.2); with a ``cap``, an increment never takes the time above it.

    >>> str(Fischer(300, 3))
    '5m+3s'
    """

    increment: float
    cap: float | None = None

    system: ClassVar[str] = "fischer"

    def __post_init__(self) -> None:
        TimeControl.__post_init__(self)
        if self.main <= 0:
            raise TimeControlError("Fischer time needs a main time above zero")
        object.__setattr__(self, "increment", seconds_value("the increment", self.increment))
        if self.increment <= 0:
            raise TimeControlError("the Fischer increment must be above zero (else: absolute time)")
        if self.cap is not None:
            object.__setattr__(self, "cap", seconds_value("the cap", self.cap))
            if self.cap < self.main:
                raise TimeControlError(
                    f"the Fischer cap {format_duration(self.cap)} is below the main time "
                    f"{format_duration(self.main)}"
                )

    def sgf(self) -> tuple[float, str | None]:
        cap = f" cap {plain_number(self.cap)}" if self.cap is not None else ""
        return self.main, f"fischer {plain_number(self.increment)}{cap}"

    def adjusted_minutes(self) -> float:
        return self.main / 60 + 120 * self.increment / 60

    def overtime(self) -> str:
        cap = f" cap {format_duration(self.cap)}" if self.cap is not None else ""
        return f"{format_duration(self.increment)}{cap}"


_SUFFIX = re.compile(r"(?P<body>.*?)\s+(?P<word>cap|extra)\s+(?P<arg>\S+)")


def _parse(text: str) -> TimeControl:
    if not isinstance(text, str):
        raise TimeControlError(f"a time control is text like '60m+3x30s', not {text!r}")
    source = " ".join(text.lower().replace("×", "x").split())
    if not source:
        raise TimeControlError(
            N_("empty time control: write e.g. 60m, 60m+3x30s, 60m+25/10m, 5m+3s")
        )
    for read in READERS:
        if (found := read(source)) is not None:
            return found
    try:
        source, rest = split_break(source)
    except TimeControlError as error:
        raise TimeControlError(
            N_("time control '{text}': {error}"), text=text, error=error.text
        ) from None
    word: str | None = None
    arg = ""
    suffix = _SUFFIX.fullmatch(source)
    if suffix:
        source, word, arg = suffix["body"], suffix["word"], suffix["arg"]
    body = source.replace(" ", "")
    main_text, plus, overtime = body.partition("+")
    try:
        main = parse_duration(main_text)
        if rest is not None and ("x" not in overtime and "/" not in overtime):
            raise TimeControlError(
                N_("only byo-yomi (Japanese or Canadian) has a break before its first period")
            )
        if not plus:
            if word:
                raise TimeControlError(f"'{word}' needs an overtime before it")
            return Absolute(main)
        if "+" in overtime:
            raise TimeControlError(N_("only one '+' is allowed: MAIN+OVERTIME"))
        if "/" in overtime:
            if word == "cap":
                raise TimeControlError("Canadian byo-yomi takes no 'cap' (did you mean 'extra'?)")
            extra = _int(arg, "the number of extra periods") if word else 0
            (moves, seconds), *later = parse_stages(overtime)
            return Canadian(main, moves, seconds, extra, tuple(later), rest or 0.0)
        if "x" in overtime:
            count, _, period = overtime.partition("x")
            if word:
                raise TimeControlError(f"byo-yomi takes no '{word}'")
            return ByoYomi(
                main,
                _int(count, "the number of byo-yomi periods"),
                parse_duration(period),
                rest or 0.0,
            )
        if word == "extra":
            raise TimeControlError("Fischer time takes no 'extra' (did you mean 'cap'?)")
        cap = parse_duration(arg) if word else None
        return Fischer(main, parse_duration(overtime), cap)
    except TimeControlError as error:
        raise TimeControlError(
            N_("time control '{text}': {error}"), text=text, error=error.text
        ) from None


def _int(text: str, what: str) -> int:
    if not text.isdecimal():  # isdigit() takes "²", which int() refuses
        raise TimeControlError(
            N_("{what} must be a whole number, not '{text}'"), what=what, text=text
        )
    return int(text)


_SYSTEMS: dict[str, type[TimeControl]] = {c.system: c for c in (ByoYomi, Canadian, Fischer)}
