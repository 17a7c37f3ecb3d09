"""A Go position: an immutable value with the rules of play (seed 002 1.3–1.10).

A position knows its board, the side to move, the prisoners, the ko, how many passes ended the
last moves and the phase of the game: ``"playing"``; ``"marking"`` after two passes, when the
sides mark dead stones (1.10); ``"finished"`` when both accepted the same marking.

:class:`Position` is assembled in layers, each a module of its own: what a position holds and
its readings (:mod:`~arbiter.games.go.stones`), the rules of play with captures and ko
(:mod:`~arbiter.games.go.play`), the dead-stone phase (:mod:`~arbiter.games.go.marking`); this
module adds the ways to build one and its diagram.

>>> pos = Position.empty(9)
>>> pos = pos.play("E5").play("D5").play("pass")
>>> pos.to_move, pos.get("E5"), pos.captures("black")
('white', 'black', 0)
>>> pos.play("pass").phase
'marking'
>>> pos.play("E5")
Traceback (most recent call last):
...
arbiter.games.go.play.IllegalMove: White E5 is illegal: the point is occupied
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from arbiter.errors import ArbiterError
from arbiter.games.go.board import BLACK, EMPTY, WHITE, chain_at, geometry
from arbiter.games.go.color import COLORS, Color
from arbiter.games.go.coords import GTP_COLUMNS, Point
from arbiter.games.go.handicap import (
    MAX_STONES,
    HandicapError,
    handicap_points,
    max_fixed_handicap,
)
from arbiter.games.go.marking import Marking, PhaseError
from arbiter.games.go.play import IllegalMove
from arbiter.games.go.rules import Rules
from arbiter.games.go.stones import (
    CODE,
    FIELDS,
    NOBODY,
    NONE,
    MoveLike,
    Phase,
    index_of,
    make,
    point_name,
)
from arbiter.games.go.superko import Line, superko_key

__all__ = ["IllegalMove", "MoveLike", "Phase", "PhaseError", "Position", "SetupError"]


class SetupError(ArbiterError):
    """A position that cannot be set up as asked."""


class Position(Marking):
    """An immutable Go position; every action returns a new one.

    Build one with :meth:`empty`, :meth:`with_handicap` or :meth:`setup`. Besides the methods,
    a position has the fields ``rules``, ``phase``, ``passes``, ``ply``, ``handicap`` and
    ``zobrist_hash`` (see :class:`~arbiter.games.go.stones.Stones`).
    """

    __slots__ = ()

    @classmethod
    def empty(cls, size: int = 19, rules: Rules | None = None) -> Position:
        """The empty board of ``size`` with Black to move.

        >>> Position.empty(13).size
        13
        """
        return cls.setup(size, rules=rules)

    @classmethod
    def with_handicap(
        cls,
        size: int,
        stones: int,
        rules: Rules | None = None,
        points: Iterable[Point | str] | None = None,
    ) -> Position:
        """The start of a handicap game: ``stones`` black stones, White to move (seed 1.4).

        Without ``points`` the stones go on the fixed points of seed 002's appendix 1 (see
        :mod:`arbiter.games.go.handicap`). ``points`` places them freely, which the seed allows
        only with Chinese counting. A handicap of 0 or 1 is the empty board with Black to move.

        >>> pos = Position.with_handicap(19, 2)
        >>> pos.to_move, [p.gtp() for p in pos.stones("black")]
        ('white', ['D4', 'Q16'])
        """
        rules = rules or Rules()
        if isinstance(stones, bool) or not isinstance(stones, int) or not stones >= 0:
            raise HandicapError(f"a handicap is a number of stones from 0 to 9, not {stones!r}")
        if stones > MAX_STONES:
            raise HandicapError(f"a handicap has at most {MAX_STONES} stones, not {stones}")
        if points is None:
            placed: tuple[Point | str, ...] = handicap_points(size, stones)
        else:
            if rules.scoring != "chinese":
                raise HandicapError(
                    "free placement of handicap stones is only for Chinese counting "
                    "(seed 002, appendix 1); Japanese counting uses the fixed points"
                )
            placed = tuple(points)
            if stones <= 1 or len(placed) != stones:
                raise HandicapError(
                    f"a free handicap of {stones} needs {stones} points, not {len(placed)}"
                    if stones > 1
                    else "handicap 0 and 1 place no stones"
                )
        try:
            return cls.setup(
                size,
                black=placed,
                to_move="white" if stones >= 2 else "black",
                rules=rules,
                handicap=stones if stones >= 2 else 0,
            )
        except SetupError as exc:
            raise HandicapError(f"handicap stones must stand on different points: {exc}") from None

    @classmethod
    def setup(
        cls,
        size: int = 19,
        *,
        black: Iterable[Point | str] = (),
        white: Iterable[Point | str] = (),
        to_move: Color = "black",
        rules: Rules | None = None,
        captures: tuple[int, int] = (0, 0),
        handicap: int = 0,
    ) -> Position:
        """Any position: stones of both colours (points or GTP vertices), the side to move.

        ``captures`` are the stones Black and White have captured so far; ``handicap`` the
        number of handicap stones among Black's (it counts for Chinese compensation). A chain
        without liberties cannot be set up.

        >>> Position.setup(5, black=["A1"], white=["A2", "B1"])
        Traceback (most recent call last):
        ...
        arbiter.games.go.position.SetupError: the stone on A1 has no liberties
        """
        g = geometry(size)
        rules = rules or Rules()
        if to_move not in COLORS:
            raise SetupError(f"the side to move must be black or white, not {to_move!r}")
        board = bytearray(g.empty_board)
        h = 0
        for code, stones in ((BLACK, black), (WHITE, white)):
            for item in stones:
                i = index_of(g, item)
                if board[i] != EMPTY:
                    raise SetupError(f"two stones are set up on {point_name(g, i)}")
                board[i] = code
                h ^= g.zobrist[code][i]
        cid = [0] * len(board)
        libs: dict[int, set[int]] = {}
        members: dict[int, list[int]] = {}
        for i in g.points:
            if board[i] != EMPTY and not cid[i]:
                chain, liberties = chain_at(board, i, g.neighbours)
                if not liberties:
                    raise SetupError(f"the stone on {point_name(g, i)} has no liberties")
                for q in chain:
                    cid[q] = i
                members[i] = chain
                libs[i] = liberties
        if len(captures) != 2 or any(
            isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in captures
        ):
            raise SetupError(f"captures must be two counts, not {captures!r}")
        if isinstance(handicap, bool) or not isinstance(handicap, int) or handicap < 0:
            raise SetupError(f"handicap must be a number of stones, not {handicap!r}")
        to = CODE[to_move]
        line = None
        if rules.ko != "basic":
            line = Line([superko_key(rules, g, h, to)])
        return make(
            cls,
            g=g,
            b=bytes(board),
            cid=cid,
            libs=libs,
            members=members,
            to=to,
            ko=0,
            ko_color=0,
            caps=(captures[0], captures[1]),
            passes=0,
            rules=rules,
            h=h,
            line=line,
            ply=0,
            phase="playing",
            dead=NONE,
            accepted=NOBODY,
            handicap=handicap,
            last=None,
        )

    def edit(
        self,
        *,
        black: Iterable[Point | str] = (),
        white: Iterable[Point | str] = (),
        empty: Iterable[Point | str] = (),
        to_move: Color | None = None,
    ) -> Position:
        """This position with stones added (``black``, ``white``) or removed (``empty``), as
        SGF setup properties do; captures, rules and handicap stay, the ko is cleared and the
        superko history starts again from here.

        >>> pos = Position.empty(9).play("E5").edit(empty=["E5"], white=["A1"])
        >>> pos.get("E5"), pos.get("A1")
        (None, 'white')
        """
        g = self._g
        stones: dict[int, int] = {i: self._b[i] for i in g.points if self._b[i] != EMPTY}
        for item in empty:
            stones.pop(index_of(g, item), None)
        for code, items in ((BLACK, black), (WHITE, white)):
            for item in items:
                stones[index_of(g, item)] = code
        at = g.point_at
        return Position.setup(
            g.size,
            black=[cast(Point, at[i]) for i, v in stones.items() if v == BLACK],
            white=[cast(Point, at[i]) for i, v in stones.items() if v == WHITE],
            to_move=self.to_move if to_move is None else to_move,
            rules=self.rules,
            captures=self._caps,
            handicap=self.handicap,
        )

    # -- text -------------------------------------------------------------------------------

    def diagram(self) -> str:
        """The board as text: ``X`` black, ``O`` white, ``.`` empty, ``+`` star points.

        >>> print(Position.empty(5).play("C3").diagram())
           A B C D E
         5 . . . . . 5
         4 . . . . . 4
         3 . . X . . 3
         2 . . . . . 2
         1 . . . . . 1
           A B C D E
        """
        g = self._g
        size = g.size
        most = max_fixed_handicap(size)
        stars = set(handicap_points(size, most)) if most > 1 else set()
        letters = "   " + " ".join(GTP_COLUMNS[:size])
        rows = [letters]
        for r in range(size - 1, -1, -1):
            cells = []
            for col in range(size):
                point = Point(r, col)
                v = self._b[g.index[point]]
                cells.append(
                    "X" if v == BLACK else "O" if v == WHITE else "+" if point in stars else "."
                )
            rows.append(f"{r + 1:2} " + " ".join(cells) + f" {r + 1}")
        rows.append(letters)
        return "\n".join(rows)

    def __reduce__(self) -> tuple[Any, ...]:
        state = tuple(getattr(self, name) for name in FIELDS)
        return (_restore, (self._g.size, state[1:]))


def _restore(size: int, state: tuple[Any, ...]) -> Position:
    """Rebuild a pickled position (the geometry is shared per board size)."""
    return make(Position, geometry(size), *state)
