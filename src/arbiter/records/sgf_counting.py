"""The count of a Go game in SGF: the territory of each colour (``TB``/``TW``) on the last node,
as SGF FF[4] and the programs players use (OGS, Sabaki, CGoban) write it, the points under dead
stones included.

Writing: a game counted after both sides accepted the dead stones gets ``TB``/``TW``. Reading:
when play ended with two passes and the last node marks territory, every stone standing in the
other colour's territory is marked dead and the marking accepted, so the record's final position
is the counted one (the record viewer and the game sheet show its territory and count). A
marking that the position cannot take (stones of a colour on its own territory only, a game not
ended by passes) is ignored: the record's moves and result stand as written.
"""

from __future__ import annotations

from sgfmill import sgf

from arbiter.errors import ArbiterError
from arbiter.games.go import Position
from arbiter.games.go.coords import Point
from arbiter.games.go.scoring import territory

__all__ = ["read_counting", "write_counting"]


def write_counting(node: sgf.Node, position: Position) -> None:
    """Mark on ``node`` the territory of a counted ``position`` (nothing if it was not
    counted)."""
    if position.phase != "finished":
        return
    marks = territory(position)
    for identifier, colour in (("TB", "black"), ("TW", "white")):
        points = {(p.row, p.col) for p, owner in marks if owner == colour}
        if points:
            node.set(identifier, points)


def read_counting(node: sgf.Node, position: Position) -> Position:
    """``position`` with the dead stones the territory of ``node`` implies marked and accepted;
    ``position`` itself when the node marks no territory or it does not fit."""
    if position.phase != "marking" or not (node.has_property("TB") or node.has_property("TW")):
        return position
    try:
        owned = {
            colour: {Point(r, c) for r, c in node.get(identifier)}
            for identifier, colour in (("TB", "black"), ("TW", "white"))
            if node.has_property(identifier)
        }
        counted = position
        for colour, points in owned.items():
            enemy = "white" if colour == "black" else "black"
            for point in sorted(points):
                if counted.get(point) == enemy and point not in counted.dead_stones:
                    counted = counted.toggle_dead(point)
        counted = counted.accept("black").accept("white")
    except (ArbiterError, ValueError, KeyError):
        return position
    return counted
