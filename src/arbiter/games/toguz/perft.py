"""Perft: the number of move sequences of a given length, the standard check of a move generator.

A finished game ends a sequence early; such sequences are not counted at greater depths.

>>> from arbiter.games.toguz import Position
>>> [perft(Position.initial(), d) for d in range(1, 5)]
[9, 73, 613, 5199]
"""

from arbiter.games.toguz import _core
from arbiter.games.toguz.position import Position


def perft(pos: Position, depth: int) -> int:
    """Count the move sequences of exactly ``depth`` moves from ``pos`` (compiled)."""
    if depth < 0:
        raise ValueError("depth must be at least 0")
    return _core.perft(pos._s, depth)


def perft_python(pos: Position, depth: int) -> int:
    """The same count through the public API, one Position per move (slow; for checks)."""
    if depth == 0:
        return 1
    return sum(perft_python(pos.play(m), depth - 1) for m in pos.legal_moves())
