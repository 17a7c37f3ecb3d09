"""The dead-stone phase (seed 002 1.10): after two passes the sides mark the dead stones.

Either side marks or unmarks whole chains; any change withdraws both sides' acceptance; once
both accepted the same marking the game is finished. A disagreement resumes play.
"""

from __future__ import annotations

from typing import Self, cast

from arbiter.errors import ArbiterError
from arbiter.games.go.board import EMPTY
from arbiter.games.go.color import COLORS, Color
from arbiter.games.go.coords import Point
from arbiter.games.go.play import Playing
from arbiter.games.go.stones import NOBODY, NONE, index_of, point_name


class PhaseError(ArbiterError):
    """An action that does not fit the phase of the game (e.g. marking stones during play)."""


class Marking(Playing):
    """A Go position with the marking of dead stones."""

    __slots__ = ()

    @property
    def dead_stones(self) -> tuple[Point, ...]:
        """The stones marked dead, from A1 row by row."""
        at = self._g.point_at
        return tuple(cast(Point, at[i]) for i in sorted(self._dead))

    @property
    def accepted(self) -> frozenset[Color]:
        """The sides that accepted the current marking of dead stones."""
        return self._accepted

    def toggle_dead(self, point: Point | str) -> Self:
        """Mark the chain on ``point`` dead, or alive again if it was marked dead.

        Either side may do it; any change withdraws both sides' acceptance.

        >>> from arbiter.games.go import Position
        >>> pos = Position.setup(9, black=["A1"]).pass_move().pass_move()
        >>> [p.gtp() for p in pos.toggle_dead("A1").dead_stones]
        ['A1']
        """
        if self.phase != "marking":
            raise PhaseError("dead stones are marked only after two passes end play")
        g = self._g
        i = index_of(g, point)
        if self._b[i] == EMPTY:
            raise PhaseError(f"there is no stone on {point_name(g, i)} to mark")
        chain = self._members[self._cid[i]]
        dead = self._dead - set(chain) if i in self._dead else self._dead | set(chain)
        return self._derive(_dead=dead, _accepted=NOBODY, phase="marking")

    def accept(self, color: Color) -> Self:
        """``color`` accepts the current marking; once both sides did, the game is finished."""
        if self.phase != "marking":
            raise PhaseError("there is no marking of dead stones to accept now")
        if color not in COLORS:
            raise PhaseError(f"a marking is accepted by black or white, not {color!r}")
        accepted = self._accepted | {color}
        return self._derive(
            _accepted=accepted, phase="finished" if len(accepted) == 2 else "marking"
        )

    def resume(self) -> Self:
        """Play goes on after a disagreement about dead stones; the side to move moves first
        (the side that did not pass last, spec go.md), and the marks are cleared."""
        if self.phase != "marking":
            raise PhaseError("play can only resume from the marking of dead stones")
        return self._derive(_dead=NONE, _accepted=NOBODY, phase="playing", passes=0)
