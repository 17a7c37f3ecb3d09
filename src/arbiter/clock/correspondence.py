"""Correspondence time: days per move, with an optional maximum of days banked.

``1d/move`` gives the player to move one day; a move made in time gives the opponent a fresh
day, whatever was left. With a maximum (``3d/move max 10d``) the unused time is banked
instead: after a move the mover keeps what was left plus the days per move, never more than the
maximum (docs/decisions.md, "Correspondence and casual games"). The flag falls when the time
of the player to move runs out, as in absolute time; it is pure arithmetic like every other
system (:mod:`arbiter.clock.arithmetic`), so a server only has to check the deadline.

>>> TimeControl.parse("1d/move")
Correspondence(main=86400.0, bank=None)
>>> str(TimeControl.parse("3d / move max 10d"))
'3d/move max 10d'
>>> Correspondence.parse("7d/move").days
7.0
>>> TimeControl.parse("0.5d/move").sgf()
(43200.0, '0.5d/move')

Grammar (case and blanks do not matter; days only, decimals allowed)::

    correspondence := DAYS "/move" [ " max " DAYS ]
    DAYS           := NUM "d"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from arbiter.clock.control import READERS, TimeControl
from arbiter.clock.durations import NUMBER, TimeControlError, plain_number
from arbiter.i18n import N_

__all__ = ["DAY", "Correspondence", "format_days", "is_correspondence"]

DAY = 86400.0
"""Seconds in a day."""

_FORM = re.compile(rf"(?P<days>{NUMBER})d\s*/\s*move(?:\s+max\s+(?P<bank>{NUMBER})d)?")
_LOOKS_LIKE = re.compile(r".*/\s*move\b.*")


@dataclass(frozen=True, slots=True)
class Correspondence(TimeControl):
    """Correspondence time: ``main`` seconds per move (whole days or parts of one);
    ``bank``: the most time a player may hold (``None``: no banking, every move gets exactly
    ``main``).

    >>> str(Correspondence(3 * DAY, bank=10 * DAY))
    '3d/move max 10d'
    """

    bank: float | None = None

    system: ClassVar[str] = "correspondence"

    def __post_init__(self) -> None:
        TimeControl.__post_init__(self)
        if self.main <= 0:
            raise TimeControlError(N_("correspondence time needs days per move above zero"))
        if self.bank is not None:
            bank = float(self.bank)
            if bank < self.main:
                raise TimeControlError(
                    N_("the most days banked ({bank}) cannot be below the days per move ({days})"),
                    bank=format_days(bank),
                    days=format_days(self.main),
                )
            object.__setattr__(self, "bank", bank)

    @property
    def days(self) -> float:
        """Days per move."""
        return self.main / DAY

    def sgf(self) -> tuple[float, str | None]:
        # SGF has no correspondence form: OT carries the text form, which from_sgf reads back.
        return self.main, str(self)

    def overtime(self) -> str:
        return ""

    def __str__(self) -> str:
        bank = f" max {format_days(self.bank)}" if self.bank is not None else ""
        return f"{format_days(self.main)}/move{bank}"


def format_days(seconds: float) -> str:
    """Seconds written in days: ``1d``, ``0.5d``.

    >>> format_days(86400), format_days(129600)
    ('1d', '1.5d')
    """
    return f"{plain_number(float(Fraction(seconds) / Fraction(DAY)))}d"


def is_correspondence(control: object) -> bool:
    """Whether ``control`` is correspondence time (a server then keeps no reconnection
    window and no 30-second abort: players come and go between moves)."""
    return isinstance(control, Correspondence)


def read_correspondence(text: str) -> TimeControl | None:
    """The correspondence control written in ``text`` (lower case, blanks collapsed), or
    ``None`` when ``text`` is not of this form."""
    match = _FORM.fullmatch(text.strip())
    if match is None:
        if _LOOKS_LIKE.fullmatch(text):
            raise TimeControlError(
                N_(
                    "time control '{text}': write correspondence time as days per move, "
                    "e.g. 1d/move or 3d/move max 10d"
                ),
                text=text,
            )
        return None
    bank = match["bank"]
    return Correspondence(
        float(Fraction(match["days"]) * Fraction(DAY)),
        None if bank is None else float(Fraction(bank) * Fraction(DAY)),
    )


READERS.append(read_correspondence)
