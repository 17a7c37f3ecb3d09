"""The board's geometry and the low-level algorithms the rules run on.

Internals of :mod:`arbiter.games.go.position`, kept apart for speed and clarity: a board is a
flat ``bytes`` with a one-point border (``EMPTY``, ``BLACK``, ``WHITE``, ``EDGE``); a point is its
index. Chains are found by flood fill that stops at the first liberty, which is all the rules
need to decide captures and suicide.
"""

from __future__ import annotations

import random
from functools import cache

from arbiter.games.go.coords import Point, check_size

EMPTY, BLACK, WHITE, EDGE = 0, 1, 2, 3


class Geometry:
    """Everything about a board size that never changes: indices, neighbours, hash keys."""

    __slots__ = (
        "empty_board",
        "index",
        "neighbours",
        "point_at",
        "points",
        "size",
        "width",
        "zobrist",
        "zobrist_white_to_move",
    )

    def __init__(self, size: int) -> None:
        self.size = size = check_size(size)
        # Row r, column c live at (r + 1) * width + c + 1; column 0 of every row is the border
        # that separates the right edge of one line from the left edge of the next.
        self.width = width = size + 1
        length = (size + 2) * width + 1
        board = bytearray([EDGE]) * length
        self.points: tuple[int, ...] = tuple(
            (r + 1) * width + c + 1 for r in range(size) for c in range(size)
        )
        point_at: list[Point | None] = [None] * length
        self.index: dict[Point, int] = {}
        for i in self.points:
            board[i] = EMPTY
            point = Point(i // width - 1, i % width - 1)
            point_at[i] = point
            self.index[point] = i
        self.point_at: tuple[Point | None, ...] = tuple(point_at)
        self.empty_board = bytes(board)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in (i - width, i - 1, i + 1, i + width) if board[n] != EDGE)
            if board[i] != EDGE
            else ()
            for i in range(length)
        )
        # Fixed seeds: a position hashes the same in every run.
        rng = random.Random(0x60 + size)
        self.zobrist: tuple[tuple[int, ...], ...] = (
            (0,) * length,
            tuple(rng.getrandbits(64) for _ in range(length)),
            tuple(rng.getrandbits(64) for _ in range(length)),
        )
        self.zobrist_white_to_move = rng.getrandbits(64)


@cache
def geometry(size: int) -> Geometry:
    """The shared :class:`Geometry` of a board size."""
    return Geometry(size)


def captured_chain(
    board: bytes | bytearray, start: int, nbrs: tuple[tuple[int, ...], ...]
) -> list[int]:
    """The chain at ``start`` if it has no liberty, else ``[]`` (the search stops at a liberty)."""
    color = board[start]
    chain = [start]
    seen = {start}
    i = 0
    while i < len(chain):
        for n in nbrs[chain[i]]:
            v = board[n]
            if v == EMPTY:
                return []
            if v == color and n not in seen:
                seen.add(n)
                chain.append(n)
        i += 1
    return chain


def chain_at(
    board: bytes | bytearray, start: int, nbrs: tuple[tuple[int, ...], ...]
) -> tuple[list[int], set[int]]:
    """The whole chain at ``start`` and its liberties."""
    color = board[start]
    chain = [start]
    seen = {start}
    liberties: set[int] = set()
    i = 0
    while i < len(chain):
        for n in nbrs[chain[i]]:
            v = board[n]
            if v == EMPTY:
                liberties.add(n)
            elif v == color and n not in seen:
                seen.add(n)
                chain.append(n)
        i += 1
    return chain, liberties


def region_at(
    board: bytes | bytearray, start: int, nbrs: tuple[tuple[int, ...], ...]
) -> tuple[list[int], int]:
    """The empty region at ``start`` and the colours bordering it (a bit mask of BLACK, WHITE)."""
    region = [start]
    seen = {start}
    borders = 0
    i = 0
    while i < len(region):
        for n in nbrs[region[i]]:
            v = board[n]
            if v == EMPTY:
                if n not in seen:
                    seen.add(n)
                    region.append(n)
            else:
                borders |= v
        i += 1
    return region, borders
