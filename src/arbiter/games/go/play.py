"""The rules of play (seed 002 1.5–1.8): where a stone may go, captures, suicide, ko and superko.

A stone is legal on an empty point when its chain keeps a liberty, possibly by taking the last
liberty of opposing chains, which are then removed; it may not retake a ko at once, and under a
superko rule it may not make an earlier position again. Two passes in a row end play.
"""

from __future__ import annotations

from typing import Self, cast

from arbiter.errors import ArbiterError, Text
from arbiter.games.go.board import BLACK, EMPTY
from arbiter.games.go.color import Color
from arbiter.games.go.coords import Point
from arbiter.games.go.stones import (
    CODE,
    NOBODY,
    NONE,
    MoveLike,
    Stones,
    colour_text,
    make,
    move_index,
    point_name,
)
from arbiter.games.go.superko import Line, superko_key
from arbiter.i18n import N_


class IllegalMove(ArbiterError):
    """A move the rules do not allow; the message says why."""


class Playing(Stones):
    """A Go position with the rules of play: :meth:`play`, :meth:`is_legal` and the rest."""

    __slots__ = ()

    def is_legal(self, move: MoveLike, color: Color | None = None) -> bool:
        """Whether ``color`` (the side to move by default) may play ``move`` now.

        A pass is legal whenever play goes on. Off-board or unreadable points raise
        :class:`~arbiter.games.go.coords.CoordinateError`.
        """
        if self.phase != "playing":
            return False
        i = move_index(self._g, move)
        if i == 0:
            return True
        return self._legal(self._to if color is None else CODE[color], i)

    def _legal(self, c: int, i: int) -> bool:
        b = self._b
        if b[i] != EMPTY or (i == self._ko and c == self._ko_color):
            return False
        if self._line is not None:
            return not isinstance(self._check(c, i), str)
        # Without superko a stone is legal when it has an empty neighbour, joins a chain with
        # another liberty, or takes a chain whose last liberty it fills (seed 1.6).
        cid = self._cid
        libs = self._libs
        for n in self._g.neighbours[i]:
            v = b[n]
            if v == EMPTY:
                return True
            if v == c:
                if len(libs[cid[n]]) > 1:
                    return True
            elif len(libs[cid[n]]) == 1:
                return True
        return False

    def why_illegal(self, move: MoveLike, color: Color | None = None) -> str | None:
        """Why ``color`` (the side to move by default) may not play ``move``, or ``None``."""
        if self.phase == "marking":
            return "play has stopped after two passes: resume play first"
        if self.phase == "finished":
            return "the game is over"
        i = move_index(self._g, move)
        if i == 0:
            return None
        check = self._check(self._to if color is None else CODE[color], i)
        return check if isinstance(check, str) else None

    def legal_moves(self) -> tuple[Point, ...]:
        """The points the side to move may play, from A1 row by row (passing is also legal)."""
        if self.phase != "playing":
            return ()
        at = self._g.point_at
        legal = self._legal
        c = self._to
        return tuple(cast(Point, at[i]) for i in self._g.points if legal(c, i))

    def play(self, move: MoveLike) -> Self:
        """The position after the side to move plays ``move`` (a point or vertex, or a pass).

        >>> from arbiter.games.go import Position
        >>> pos = Position.setup(5, black=["A2"], white=["A1"])
        >>> after = pos.play("B1")
        >>> after.get("A1"), after.captures("black"), after.to_move
        (None, 1, 'white')
        """
        return self._play(self._to, move_index(self._g, move))

    def play_as(self, color: Color, move: MoveLike) -> Self:
        """The position after ``color`` plays ``move``, whoever was to move.

        For setups, GTP (which lets a side play twice) and records that do so; the game itself
        uses :meth:`play`.
        """
        if color not in CODE:
            raise IllegalMove(f"a move is played by black or white, not {color!r}")
        return self._play(CODE[color], move_index(self._g, move))

    def pass_move(self) -> Self:
        """The position after the side to move passes."""
        return self._play(self._to, 0)

    def _play(self, c: int, i: int) -> Self:
        if self.phase != "playing":
            raise IllegalMove(
                N_("{colour} cannot move: play has stopped after two passes: resume play first")
                if self.phase == "marking"
                else N_("{colour} cannot move: the game is over"),
                colour=colour_text(c),
            )
        g = self._g
        o = 3 - c
        if i == 0:
            passes = self.passes + 1
            return self._derive(
                _to=o,
                _ko=0,
                _ko_color=0,
                passes=passes,
                _line=self._next_line(self.zobrist_hash, o),
                ply=self.ply + 1,
                phase="marking" if passes >= 2 else "playing",
                _dead=NONE,
                _accepted=NOBODY,
                _last=(c, 0),
            )
        check = self._check(c, i)
        if isinstance(check, str):
            raise IllegalMove(
                N_("{colour} {point} is illegal: {reason}"),
                colour=colour_text(c),
                point=point_name(g, i),
                reason=Text(check),
            )
        own, opp, captured, h = check
        nbrs = g.neighbours
        board = bytearray(self._b)
        board[i] = c
        cid = self._cid[:]
        libs = self._libs.copy()
        members = self._members.copy()
        # The new chain: the stone and the chains it joins, labelled by the largest of them.
        if own:
            head = own[0]
            for k in own:
                if len(members[k]) > len(members[head]):
                    head = k
            stones = [*members[head], i]
            liberties = set(libs[head])
            for k in own:
                if k != head:
                    joined = members.pop(k)
                    stones += joined
                    for q in joined:
                        cid[q] = head
                    liberties |= libs.pop(k)
        else:
            head = i
            stones = [i]
            liberties = set()
        cid[i] = head
        for n in nbrs[i]:
            if board[n] == EMPTY:
                liberties.add(n)
        liberties.discard(i)
        members[head] = stones
        libs[head] = liberties
        for k in opp:
            if k not in captured:
                reduced = set(libs[k])
                reduced.discard(i)
                libs[k] = reduced
        taken = 0
        ko = 0
        caps = self._caps
        if captured:
            fresh = {head}
            for k in captured:
                gone = members.pop(k)
                del libs[k]
                taken += len(gone)
                for q in gone:
                    board[q] = EMPTY
                    cid[q] = 0
                for q in gone:
                    for n in nbrs[q]:
                        if board[n] == c:
                            k2 = cid[n]
                            if k2 not in fresh:
                                libs[k2] = set(libs[k2])
                                fresh.add(k2)
                            libs[k2].add(q)
            if taken == 1 and len(stones) == 1 and len(liberties) == 1:
                # A lone stone took a lone stone and has that point as its only liberty: the
                # opponent may not take back at once (seed 1.7).
                ko = next(iter(liberties))
            caps = (caps[0] + taken, caps[1]) if c == BLACK else (caps[0], caps[1] + taken)
        return make(
            type(self),
            g,
            bytes(board),
            cid,
            libs,
            members,
            o,
            ko,
            o,
            caps,
            0,
            self.rules,
            h,
            self._next_line(h, o),
            self.ply + 1,
            "playing",
            NONE,
            NOBODY,
            self.handicap,
            (c, i),
        )

    def _check(self, c: int, i: int) -> tuple[list[int], list[int], list[int], int] | str:
        """Why ``c`` may not play ``i``, or what the move touches: the heads of the own chains
        it joins, of the opposing chains next to it and of those it captures, and the new
        board hash."""
        b = self._b
        if b[i] != EMPTY:
            return N_("the point is occupied")
        if i == self._ko and c == self._ko_color:
            return N_("it retakes the ko at once (seed 1.7)")
        cid = self._cid
        libs = self._libs
        own: list[int] = []
        opp: list[int] = []
        captured: list[int] = []
        breathes = False
        for n in self._g.neighbours[i]:
            v = b[n]
            if v == EMPTY:
                breathes = True
            elif v == c:
                k = cid[n]
                if k not in own:
                    own.append(k)
                    if len(libs[k]) > 1:
                        breathes = True
            else:
                k = cid[n]
                if k not in opp:
                    opp.append(k)
                    if len(libs[k]) == 1:
                        captured.append(k)
                        breathes = True
        if not breathes:
            return N_("it is suicide: the stone would have no liberties (seed 1.6)")
        g = self._g
        h = self.zobrist_hash ^ g.zobrist[c][i]
        if captured:
            zo = g.zobrist[3 - c]
            members = self._members
            for k in captured:
                for q in members[k]:
                    h ^= zo[q]
        line = self._line
        if line is not None:
            seen = line.first.get(superko_key(self.rules, g, h, 3 - c))
            if seen is not None and seen <= self.ply:
                return f"it repeats an earlier position ({self.rules.ko})"
        return own, opp, captured, h

    def _next_line(self, h: int, to: int) -> Line | None:
        """The superko line of the next position, whose board hashes to ``h`` with ``to`` to
        move (``None`` under basic ko)."""
        line = self._line
        if line is None:
            return None
        return line.extend(self.ply + 1, superko_key(self.rules, self._g, h, to))
