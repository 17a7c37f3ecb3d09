"""The superko rules' memory: the positions of one line of play (seed 002 1.7, seed 004).

Basic ko needs only the point that may not be retaken at once; positional and situational
superko forbid any earlier position again, so a position keeps the keys of the positions before
it on its line of play.
"""

from __future__ import annotations

from arbiter.games.go.board import WHITE, Geometry
from arbiter.games.go.rules import Rules


class Line:
    """The positions of one line of play, for the superko rules.

    Shared by every position of the line: a position at ply ``n`` only looks at entries up to
    ``n``, and a position that plays from the middle of a line starts a line of its own.
    """

    __slots__ = ("first", "keys")

    def __init__(self, keys: list[int]) -> None:
        self.keys = keys
        self.first: dict[int, int] = {}
        for ply, key in enumerate(keys):
            self.first.setdefault(key, ply)

    def extend(self, ply: int, key: int) -> Line:
        """The line of a position at ``ply`` whose key is ``key``, the one before it being on
        this line at ``ply - 1``."""
        if len(self.keys) == ply:
            self.keys.append(key)
            self.first.setdefault(key, ply)
            return self
        # Playing from the middle of a line: the new line shares only the past.
        return Line([*self.keys[:ply], key])


def superko_key(rules: Rules, g: Geometry, h: int, to: int) -> int:
    """The superko key of a board hash: with the side to move for situational superko."""
    if rules.ko == "situational-superko" and to == WHITE:
        return h ^ g.zobrist_white_to_move
    return h
