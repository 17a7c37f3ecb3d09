"""The shape of the schedule: knockout seeding and extra brackets, Scheveningen groups, the
boards of a team match.

>>> groups().parse("1,2,3/4,5,6")
((1, 2, 3), (4, 5, 6))
>>> seeding().parse("in-order"), seeding().load("number")
('in-order', 'spread-by-number')
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from arbiter.events.errors import SettingError
from arbiter.events.settings.codecs import Codec, Json, choice, flag, integer
from arbiter.events.settings.setting import Spec, Typed, Values, const
from arbiter.i18n import N_

Groups = tuple[tuple[int, ...], tuple[int, ...]]


def groups() -> Codec:
    """Scheveningen groups: ``auto``, or two lists of participant numbers ``1,2,3/4,5,6``."""

    def parse(text: str) -> object:
        value = text.strip().lower()
        if value == "auto":
            return "auto"
        halves = value.split("/")
        if len(halves) != 2:
            raise ValueError(
                f"expected 'auto' or two lists of numbers such as 1,2,3/4,5,6, not {text!r}"
            )
        found: list[tuple[int, ...]] = []
        for half in halves:
            try:
                numbers = tuple(int(x) for x in half.split(",") if x.strip())
            except ValueError:
                raise ValueError(f"groups are participant numbers, not {text!r}") from None
            if not numbers:
                raise ValueError(f"a Scheveningen group cannot be empty: {text!r}")
            found.append(numbers)
        every = found[0] + found[1]
        if len(set(every)) != len(every):
            raise ValueError(f"a participant can be in one group only: {text!r}")
        return (found[0], found[1])

    def show_groups(v: object) -> str:
        if v == "auto":
            return "auto"
        return "/".join(",".join(str(n) for n in part) for part in cast(Groups, v))

    def dump(v: object) -> Json:
        if v == "auto":
            return "auto"
        g = cast(Groups, v)
        return [list(g[0]), list(g[1])]

    def load(j: Json) -> object:
        if j == "auto":
            return "auto"
        if not (isinstance(j, list) and len(j) == 2 and all(isinstance(x, list) for x in j)):
            raise ValueError(f"expected 'auto' or two lists of numbers, not {j!r}")
        parts = cast(list[list[int]], j)
        return parse("/".join(",".join(str(n) for n in part) for part in parts))

    return Codec(parse, show_groups, dump, load, "auto | 1,2,3/4,5,6")


#: How a knockout places its seeds, each named after what it does: strongest first and spread
#: apart (seed 002 2.8.2, last paragraph), by number and spread apart, or by number in the
#: order of the list, the first with the second (2.8.2, first paragraph).
SEEDINGS = ("spread-by-strength", "spread-by-number", "in-order")

#: The names event files written before the choices were named after what they do still hold.
OLD_SEEDINGS = {"strength": "spread-by-strength", "number": "spread-by-number"}


def seeding() -> Codec:
    """A knockout's seeding; ``strength`` is read as ``spread-by-strength``. From a file
    ``number`` is read as ``spread-by-number`` (what it did); typed, ``number`` is refused, as
    it does not say whether the seeds are spread or play in order."""
    base = choice(*SEEDINGS)

    def parse(raw: str) -> object:
        value = raw.strip().lower()
        if value == "number":
            raise SettingError(
                N_(
                    "seeding=number is gone: write spread-by-number (by number, seeds spread "
                    "apart) or in-order (by number, the first with the second)"
                )
            )
        return base.parse(OLD_SEEDINGS.get(value, value))

    def load(j: Json) -> object:
        value = str(j).strip().lower()
        return base.parse(OLD_SEEDINGS.get(value, value))

    return replace(base, parse=parse, load=load)


SPECS: tuple[Spec, ...] = (
    Spec(
        "seeding",
        "knockout seeding: spread-by-strength (rating, rank; favourites spread apart), "
        "spread-by-number, in-order (by number: 1-2, 3-4, ...)",
        seeding(),
        const("spread-by-strength"),
        fixed=True,
    ),
    Spec("third_place", "knockout: a match for 3rd place", flag(), const(False), fixed=True),
    Spec(
        "consolation",
        "knockout: a consolation bracket for first-round losers",
        flag(),
        const(False),
        fixed=True,
    ),
    Spec(
        "full_placement",
        "knockout: the improved Olympic system that places everyone",
        flag(),
        const(False),
        fixed=True,
    ),
    Spec(
        "groups",
        "Scheveningen groups: auto or 1,2,3/4,5,6",
        groups(),
        const("auto"),
        fixed=True,
    ),
    Spec("group_standings", "Scheveningen: separate standings per group", flag(), const(False)),
    Spec(
        "boards",
        "team events: boards per match (0: the smallest team's size)",
        integer(0, 20),
        const(0),
        fixed=True,
    ),
)


class ScheduleSettings(Values):
    """The schedule settings, typed."""

    __slots__ = ()

    #: ``spread-by-strength``, ``spread-by-number`` or ``in-order``.
    seeding = Typed(str)
    #: A match for 3rd place.
    third_place = Typed(bool)
    #: A consolation bracket.
    consolation = Typed(bool)
    #: The improved Olympic system.
    full_placement = Typed(bool)
    #: Separate standings per Scheveningen group.
    group_standings = Typed(bool)
    #: Boards per team match (0: the smallest team's size).
    boards = Typed(int)

    @property
    def groups(self) -> Groups | None:
        """Explicit Scheveningen groups, or ``None`` for automatic groups."""
        value = self.value("groups")
        return None if value == "auto" else cast(Groups, value)
