"""Random play: the move GTP's ``genmove`` answers and benchmarks play out.

A random move is uniformly chosen among the legal moves that do not fill a one-point eye of the
mover's own colour (an empty point whose neighbours are all the mover's stones); when there is
none, the move is a pass. Two such passes in a row end a random game.

>>> import random
>>> from arbiter.games.go.position import Position
>>> pos = Position.setup(5, black=["B1", "A2"], white=["E5"])
>>> random_move(pos, random.Random(1)) != Point(0, 0)  # A1 is Black's own eye
True
"""

from __future__ import annotations

import random as _random
import re

from arbiter.games.go.board import EMPTY
from arbiter.games.go.color import Color
from arbiter.games.go.coords import Point
from arbiter.games.go.position import Position

#: How many random probes before falling back to a shuffle of the empty points.
_PROBES = 8
_ZERO = re.compile(b"\\x00")


def fills_own_eye(position: Position, point: Point, color: Color | None = None) -> bool:
    """Whether a stone of ``color`` (the side to move) on ``point`` fills a one-point eye of
    its own colour."""
    g = position._g
    i = g.index[point]
    code = position._to if color is None else (1 if color == "black" else 2)
    b = position._b
    if b[i] != EMPTY:
        return False
    return all(b[n] == code for n in g.neighbours[i])


def random_move(
    position: Position, rng: _random.Random | None = None, color: Color | None = None
) -> Point | None:
    """A uniformly random legal move of ``color`` (the side to move by default) that does not
    fill its own one-point eye, or ``None`` (pass) when there is none.

    Probing random points and keeping the first acceptable one is uniform over the acceptable
    moves; when a few probes fail, drawing the empty points one by one without replacement
    finishes the choice, which is uniform as well.
    """
    if position.phase != "playing":
        return None
    rng = rng or _random.Random()
    g = position._g
    b = position._b
    c = position._to if color is None else (1 if color == "black" else 2)
    nbrs = g.neighbours
    points = g.points
    legal = position._legal
    at = g.point_at
    rand = rng.random
    n = len(points)
    for _ in range(_PROBES):
        i = points[int(rand() * n)]
        if b[i] != EMPTY:
            continue
        for m in nbrs[i]:
            if b[m] != c:
                break
        else:
            continue
        if legal(c, i):
            return at[i]
    # Only the border is not EMPTY off the board, so every zero byte is an empty point.
    empty = [m.start() for m in _ZERO.finditer(b)]
    left = len(empty)
    while left:
        k = int(rand() * left)
        i = empty[k]
        left -= 1
        empty[k] = empty[left]
        for m in nbrs[i]:
            if b[m] != c:
                break
        else:
            continue
        if legal(c, i):
            return at[i]
    return None


def random_game(
    position: Position, rng: _random.Random | None = None, max_moves: int | None = None
) -> tuple[Position, list[Point | None]]:
    """Play random moves from ``position`` until two passes in a row (or ``max_moves``).

    Returns the last position and the moves played.
    """
    rng = rng or _random.Random()
    limit = 3 * position.size**2 if max_moves is None else max_moves
    moves: list[Point | None] = []
    while position.phase == "playing" and len(moves) < limit:
        move = random_move(position, rng)
        position = position.play(move)
        moves.append(move)
    return position, moves
