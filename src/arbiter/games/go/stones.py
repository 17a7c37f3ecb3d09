"""What a Go position holds: the stones and their chains, the side to move, the prisoners, the
ko, the passes and the phase; how to read them, and how a new position is filled.

This is the bottom of :class:`~arbiter.games.go.position.Position`, which adds the rules of
play (:mod:`~arbiter.games.go.play`), the marking of dead stones
(:mod:`~arbiter.games.go.marking`) and the ways to set a position up. The fields are slots
filled once, when a position is made; nothing changes them afterwards.
"""

from __future__ import annotations

from typing import Any, Literal, Self, TypeVar, cast

from arbiter.errors import Text
from arbiter.games.go.board import BLACK, EMPTY, WHITE, Geometry
from arbiter.games.go.color import Color
from arbiter.games.go.coords import CoordinateError, Point, parse_move
from arbiter.games.go.rules import Rules
from arbiter.games.go.superko import Line
from arbiter.i18n import N_

Phase = Literal["playing", "marking", "finished"]

#: What :meth:`Position.play` accepts as a move: a point, a GTP vertex or ``"pass"``, or
#: ``None`` for the pass.
MoveLike = Point | tuple[int, int] | str | None

CODE: dict[Color, int] = {"black": BLACK, "white": WHITE}
COLOR: tuple[Color, Color, Color] = cast(Any, (None, "black", "white"))
NONE: frozenset[int] = frozenset()
NOBODY: frozenset[Color] = frozenset()

_new = object.__new__


class Stones:
    """The fields of a Go position and the readings of its board.

    Public fields: ``rules`` (the rules the game is played under), ``phase`` (``"playing"``,
    ``"marking"``: dead stones, after two passes, or ``"finished"``), ``passes`` (how many
    passes in a row ended the moves so far), ``ply`` (the number of moves, passes included,
    played since the start position), ``handicap`` (the number of handicap stones the game
    started with, 0 for none) and ``zobrist_hash`` (a 64-bit hash of the stones on the board:
    equal boards hash equal).
    """

    __slots__ = (
        "_accepted",
        "_b",
        "_caps",
        "_cid",
        "_dead",
        "_g",
        "_ko",
        "_ko_color",
        "_last",
        "_libs",
        "_line",
        "_members",
        "_to",
        "handicap",
        "passes",
        "phase",
        "ply",
        "rules",
        "zobrist_hash",
    )
    _accepted: frozenset[Color]
    _b: bytes
    _caps: tuple[int, int]
    _cid: list[int]
    _dead: frozenset[int]
    _g: Geometry
    _ko: int
    _ko_color: int
    _last: tuple[int, int] | None
    _libs: dict[int, set[int]]
    _line: Line | None
    _members: dict[int, list[int]]
    _to: int
    handicap: int
    passes: int
    phase: Phase
    ply: int
    rules: Rules
    zobrist_hash: int

    def __init__(self) -> None:
        raise TypeError("use Position.empty(), Position.with_handicap() or Position.setup()")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Position is immutable; play() returns a new one")

    def _derive(self, **changes: object) -> Self:
        """This position with the fields named in ``changes`` (slot names) replaced."""
        pos: Any = _new(_Builder)
        for name in FIELDS:
            setattr(pos, name, changes[name] if name in changes else getattr(self, name))
        pos.__class__ = type(self)
        return cast(Self, pos)

    # -- reading the position ---------------------------------------------------------------

    @property
    def size(self) -> int:
        """The board size (5 to 25)."""
        return self._g.size

    @property
    def to_move(self) -> Color:
        """The side to move."""
        return COLOR[self._to]

    @property
    def ko_point(self) -> Point | None:
        """The point the side to move may not take back at once (basic ko), if any."""
        if self._ko and self._ko_color == self._to:
            return self._g.point_at[self._ko]
        return None

    @property
    def last_move(self) -> tuple[Color, Point | None] | None:
        """The colour and the move (``None`` for a pass) of the last move, if any."""
        if self._last is None:
            return None
        color, i = self._last
        return COLOR[color], self._g.point_at[i] if i else None

    @property
    def board(self) -> tuple[tuple[Color | None, ...], ...]:
        """The whole board: ``board[row][col]`` is a colour or ``None``, row 0 at the bottom
        (line 1) and column 0 at the left (column A), as :class:`Point` counts them.

        >>> from arbiter.games.go import Position
        >>> Position.empty(5).play("B1").board[0]
        (None, 'black', None, None, None)
        """
        g = self._g
        b = self._b
        size = g.size
        return tuple(
            tuple(COLOR[b[(r + 1) * g.width + c + 1]] for c in range(size)) for r in range(size)
        )

    def get(self, point: Point | str) -> Color | None:
        """The colour of the stone on ``point``, or ``None`` if it is empty.

        >>> from arbiter.games.go import Position
        >>> Position.empty(9).play("C3").get("C3")
        'black'
        """
        return COLOR[self._b[index_of(self._g, point)]]

    def stones(self, color: Color) -> tuple[Point, ...]:
        """The points of ``color``'s stones, from A1 row by row."""
        code = CODE[color]
        b = self._b
        at = self._g.point_at
        return tuple(cast(Point, at[i]) for i in self._g.points if b[i] == code)

    def empty_points(self) -> tuple[Point, ...]:
        """The empty points, from A1 row by row."""
        b = self._b
        at = self._g.point_at
        return tuple(cast(Point, at[i]) for i in self._g.points if b[i] == EMPTY)

    def captures(self, color: Color) -> int:
        """How many of the opponent's stones ``color`` has captured during play."""
        return self._caps[0] if color == "black" else self._caps[1]

    def chain(self, point: Point | str) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
        """The chain of stones on ``point`` and its liberties (seed 1.6), both sorted.

        >>> from arbiter.games.go import Position
        >>> stones, liberties = Position.empty(9).play("A1").chain("A1")
        >>> [p.gtp() for p in liberties]
        ['B1', 'A2']
        """
        g = self._g
        i = index_of(g, point)
        if self._b[i] == EMPTY:
            raise CoordinateError(f"there is no stone on {point_name(g, i)}")
        k = self._cid[i]
        chain, liberties = self._members[k], self._libs[k]
        at = g.point_at
        return (
            tuple(cast(Point, at[j]) for j in sorted(chain)),
            tuple(cast(Point, at[j]) for j in sorted(liberties)),
        )

    # -- value semantics --------------------------------------------------------------------

    def _state(self) -> tuple[object, ...]:
        return (
            self._g.size,
            self._b,
            self._to,
            self._ko if self._ko_color == self._to else 0,
            self._caps,
            self.passes,
            self.phase,
            self._dead,
            self._accepted,
            self.rules,
            self.handicap,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stones):
            return NotImplemented
        return self._state() == other._state()

    def __hash__(self) -> int:
        return hash(self._state())

    def __repr__(self) -> str:
        return (
            f"<Position {self.size}×{self.size} ply {self.ply}, {self.to_move} to move, "
            f"{self.phase}>"
        )

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


#: The fields in the order :func:`make` takes them.
FIELDS = (
    "_g",
    "_b",
    "_cid",
    "_libs",
    "_members",
    "_to",
    "_ko",
    "_ko_color",
    "_caps",
    "passes",
    "rules",
    "zobrist_hash",
    "_line",
    "ply",
    "phase",
    "_dead",
    "_accepted",
    "handicap",
    "_last",
)


class _Builder(Stones):
    """The same slots without the guard: a new position is filled as a ``_Builder`` and then
    becomes a position of its own class (much faster than the slots' setters)."""

    __slots__ = ()
    __setattr__ = object.__setattr__  # type: ignore[assignment]


S = TypeVar("S", bound=Stones)


def make(
    cls: type[S],
    g: Geometry,
    b: bytes,
    cid: list[int],
    libs: dict[int, set[int]],
    members: dict[int, list[int]],
    to: int,
    ko: int,
    ko_color: int,
    caps: tuple[int, int],
    passes: int,
    rules: Rules,
    h: int,
    line: Line | None,
    ply: int,
    phase: Phase,
    dead: frozenset[int],
    accepted: frozenset[Color],
    handicap: int,
    last: tuple[int, int] | None,
) -> S:
    """A new position of class ``cls``; its chain tables are never changed afterwards."""
    pos: Any = _new(_Builder)
    pos._g = g
    pos._b = b
    pos._cid = cid
    pos._libs = libs
    pos._members = members
    pos._to = to
    pos._ko = ko
    pos._ko_color = ko_color
    pos._caps = caps
    pos.passes = passes
    pos.rules = rules
    pos.zobrist_hash = h
    pos._line = line
    pos.ply = ply
    pos.phase = phase
    pos._dead = dead
    pos._accepted = accepted
    pos.handicap = handicap
    pos._last = last
    pos.__class__ = cls
    return cast(S, pos)


def colour_text(c: int) -> Text:
    """Black or White (colour code 1 or 2), as text for people."""
    return Text(N_("Black") if c == 1 else N_("White"))


def index_of(g: Geometry, point: Point | tuple[int, int] | str) -> int:
    """The board index of a point given as a :class:`Point`, a pair or a GTP vertex."""
    if isinstance(point, str):
        point = Point.from_gtp(point, g.size)
    try:
        return g.index[point]  # type: ignore[index]
    except (KeyError, TypeError):
        pass
    if (
        isinstance(point, tuple)
        and len(point) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in point)
    ):
        raise CoordinateError(
            f"point (row {point[0]}, col {point[1]}) is off the {g.size}×{g.size} board"
        )
    raise CoordinateError(f"a point is a vertex such as 'D4' or a (row, col) pair, not {point!r}")


def move_index(g: Geometry, move: MoveLike) -> int:
    """The board index of a move, 0 for a pass."""
    if move is None:
        return 0
    if isinstance(move, str):
        parsed = parse_move(move, g.size)
        return 0 if parsed is None else g.index[parsed]
    return index_of(g, move)


def point_name(g: Geometry, i: int) -> str:
    """The GTP vertex of board index ``i`` (``"pass"`` for 0)."""
    point = g.point_at[i]
    return point.gtp() if point is not None else "pass"
