"""Where fixed handicap stones go: the seed's layout (appendix 1 of seed 002) and GTP's.

The seed's order on 19×19 (spec go.md): 2 = upper right and lower left 4-4, 3 = + lower right,
4 = all corners, 5 = + tengen, 6 = corners + left and right sides, 7 = + tengen, 8 = six + top
and bottom sides, 9 = all nine star points.

>>> [p.gtp() for p in handicap_points(19, 5)]
['Q16', 'D4', 'Q4', 'D16', 'K10']
>>> [p.gtp() for p in handicap_points(9, 3)]
['G7', 'C3', 'G3']
>>> [p.gtp() for p in handicap_points(19, 3, layout="gtp")]
['D4', 'Q16', 'D16']
"""

from __future__ import annotations

from typing import Literal

from arbiter.errors import ArbiterError
from arbiter.games.go.coords import Point, check_size

Layout = Literal["seed", "gtp"]

#: The most handicap stones a game may have (seed 002 appendix 1, seed 004 4.1).
MAX_STONES = 9


class HandicapError(ArbiterError):
    """A handicap that cannot be given on this board."""


def max_fixed_handicap(size: int, layout: Layout = "seed") -> int:
    """The most stones the fixed layout places on a board of ``size`` (0: no fixed layout).

    Seed layout: 9 on odd boards from 11×11 (13×13 and 19×19 per spec), 5 on 7×7 and 9×9 (the
    corners and the centre, spec for 9×9), 4 on even boards from 8×8, none below 7×7. GTP
    layout, as the GTP reference engine places them: 9 on odd boards from 9×9, 4 on 7×7 and on
    even boards, none below 7×7.

    >>> max_fixed_handicap(19), max_fixed_handicap(9), max_fixed_handicap(9, "gtp")
    (9, 5, 9)
    """
    size = check_size(size)
    if size < 7:
        return 0
    if size % 2 == 0:
        return 4
    if layout == "gtp":
        return 9 if size >= 9 else 4
    return 9 if size >= 11 else 5


def _star_line(size: int, layout: Layout) -> int:
    """The line (from 1) of the corner star points."""
    if layout == "gtp":
        return 4 if size >= 12 else 3
    return 4 if size >= 13 else 3


def handicap_points(size: int, stones: int, layout: Layout = "seed") -> tuple[Point, ...]:
    """The points of ``stones`` fixed handicap stones on a board of ``size``, in placing order.

    ``stones`` 0 and 1 give no stones (handicap 1 is Black's first move without komi).

    >>> handicap_points(9, 6)
    Traceback (most recent call last):
    ...
    arbiter.games.go.handicap.HandicapError: a fixed handicap on 9×9 has at most 5 stones, not 6
    """
    size = check_size(size)
    if isinstance(stones, bool) or not isinstance(stones, int) or stones < 0:
        raise HandicapError(f"a handicap is a number of stones from 0 to 9, not {stones!r}")
    if stones <= 1:
        return ()
    if layout not in ("seed", "gtp"):
        raise HandicapError(f"unknown handicap layout {layout!r}: choose seed or gtp")
    most = max_fixed_handicap(size, layout)
    if most == 0:
        raise HandicapError(f"there is no fixed handicap on {size}×{size}: place stones freely")
    if stones > most:
        raise HandicapError(
            f"a fixed handicap on {size}×{size} has at most {most} stones, not {stones}"
        )
    low = _star_line(size, layout) - 1
    high = size - 1 - low
    mid = size // 2
    lower_left, upper_right = Point(low, low), Point(high, high)
    lower_right, upper_left = Point(low, high), Point(high, low)
    centre = Point(mid, mid)
    left, right = Point(mid, low), Point(mid, high)
    top, bottom = Point(high, mid), Point(low, mid)
    if layout == "gtp":
        corners = [lower_left, upper_right, upper_left, lower_right]
    else:
        corners = [upper_right, lower_left, lower_right, upper_left]
    if stones <= 4:
        return tuple(corners[:stones])
    points = list(corners)
    if stones >= 6:
        points += [left, right]
    if stones >= 8:
        points += [top, bottom]
    if stones % 2 == 1:
        points.append(centre)
    return tuple(points)
