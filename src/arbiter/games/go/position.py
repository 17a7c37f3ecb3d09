"""A Go position: an immutable value with the rules of play (seed 002 1.3–1.10).

A position knows its board, the side to move, the prisoners, the ko, how many passes ended the
last moves and the phase of the game: ``"playing"``; ``"marking"`` after two passes, when the
sides mark dead stones (1.10); ``"finished"`` when both accepted the same marking.

>>> pos = Position.empty(9)
>>> pos = pos.play("E5").play("D5").play("pass")
>>> pos.to_move, pos.get("E5"), pos.captures("black")
('white', 'black', 0)
>>> pos.play("pass").phase
'marking'
>>> pos.play("E5")
Traceback (most recent call last):
...
arbiter.games.go.position.IllegalMove: White E5 is illegal: the point is occupied
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, cast

from arbiter.errors import ArbiterError, Text
from arbiter.games.go.board import (
    BLACK,
    EMPTY,
    WHITE,
    Geometry,
    chain_at,
    geometry,
)
from arbiter.games.go.color import COLORS, Color
from arbiter.games.go.coords import GTP_COLUMNS, CoordinateError, Point, parse_move
from arbiter.games.go.handicap import (
    MAX_STONES,
    HandicapError,
    handicap_points,
    max_fixed_handicap,
)
from arbiter.games.go.rules import Rules
from arbiter.i18n import N_

Phase = Literal["playing", "marking", "finished"]

#: What :meth:`Position.play` accepts as a move: a point, a GTP vertex or ``"pass"``, or
#: ``None`` for the pass.
MoveLike = Point | tuple[int, int] | str | None

_CODE: dict[Color, int] = {"black": BLACK, "white": WHITE}
_COLOR: tuple[Color, Color, Color] = cast(Any, (None, "black", "white"))


def _colour_text(c: int) -> Text:
    """Black or White (colour code 1 or 2), as text for people."""
    return Text(N_("Black") if c == 1 else N_("White"))


_new = object.__new__


class IllegalMove(ArbiterError):
    """A move the rules do not allow; the message says why."""


class PhaseError(ArbiterError):
    """An action that does not fit the phase of the game (e.g. marking stones during play)."""


class SetupError(ArbiterError):
    """A position that cannot be set up as asked."""


class _Line:
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


class Position:
    """An immutable Go position; every action returns a new one.

    Build one with :meth:`empty`, :meth:`with_handicap` or :meth:`setup`.
    """

    __slots__ = (
        "_accepted",
        "_b",
        "_caps",
        "_cid",
        "_dead",
        "_g",
        "_handicap",
        "_hash",
        "_ko",
        "_ko_color",
        "_last",
        "_libs",
        "_line",
        "_members",
        "_passes",
        "_phase",
        "_ply",
        "_rules",
        "_to",
    )
    _accepted: frozenset[Color]
    _b: bytes
    _caps: tuple[int, int]
    _cid: list[int]
    _dead: frozenset[int]
    _g: Geometry
    _handicap: int
    _hash: int
    _ko: int
    _ko_color: int
    _last: tuple[int, int] | None
    _libs: dict[int, set[int]]
    _line: _Line | None
    _members: dict[int, list[int]]
    _passes: int
    _phase: Phase
    _ply: int
    _rules: Rules
    _to: int

    def __init__(self) -> None:
        raise TypeError("use Position.empty(), Position.with_handicap() or Position.setup()")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Position is immutable; play() returns a new one")

    # -- construction -----------------------------------------------------------------------

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
                i = _index(g, item)
                if board[i] != EMPTY:
                    raise SetupError(f"two stones are set up on {_name(g, i)}")
                board[i] = code
                h ^= g.zobrist[code][i]
        cid = [0] * len(board)
        libs: dict[int, set[int]] = {}
        members: dict[int, list[int]] = {}
        for i in g.points:
            if board[i] != EMPTY and not cid[i]:
                chain, liberties = chain_at(board, i, g.neighbours)
                if not liberties:
                    raise SetupError(f"the stone on {_name(g, i)} has no liberties")
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
        to = _CODE[to_move]
        line = None
        if rules.ko != "basic":
            line = _Line([_key(rules, g, h, to)])
        pos = _make(
            g,
            bytes(board),
            cid,
            libs,
            members,
            to,
            0,
            0,
            (captures[0], captures[1]),
            0,
            rules,
            h,
            line,
            0,
            "playing",
            _NONE,
            _NOBODY,
            handicap,
            None,
        )
        return pos

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
            stones.pop(_index(g, item), None)
        for code, items in ((BLACK, black), (WHITE, white)):
            for item in items:
                stones[_index(g, item)] = code
        at = g.point_at
        return Position.setup(
            g.size,
            black=[cast(Point, at[i]) for i, v in stones.items() if v == BLACK],
            white=[cast(Point, at[i]) for i, v in stones.items() if v == WHITE],
            to_move=self.to_move if to_move is None else to_move,
            rules=self._rules,
            captures=self._caps,
            handicap=self._handicap,
        )

    # -- reading the position ---------------------------------------------------------------

    @property
    def size(self) -> int:
        """The board size (5 to 25)."""
        return self._g.size

    @property
    def rules(self) -> Rules:
        """The rules the game is played under."""
        return self._rules

    @property
    def to_move(self) -> Color:
        """The side to move."""
        return _COLOR[self._to]

    @property
    def phase(self) -> Phase:
        """``"playing"``, ``"marking"`` (dead stones, after two passes) or ``"finished"``."""
        return self._phase

    @property
    def passes(self) -> int:
        """How many passes in a row ended the moves so far."""
        return self._passes

    @property
    def ply(self) -> int:
        """The number of moves (passes included) played since the start position."""
        return self._ply

    @property
    def handicap(self) -> int:
        """The number of handicap stones the game started with (0 for none)."""
        return self._handicap

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
        return _COLOR[color], self._g.point_at[i] if i else None

    @property
    def zobrist_hash(self) -> int:
        """A 64-bit hash of the stones on the board (equal boards hash equal)."""
        return self._hash

    @property
    def board(self) -> tuple[tuple[Color | None, ...], ...]:
        """The whole board: ``board[row][col]`` is a colour or ``None``, row 0 at the bottom
        (line 1) and column 0 at the left (column A), as :class:`Point` counts them.

        >>> Position.empty(5).play("B1").board[0]
        (None, 'black', None, None, None)
        """
        g = self._g
        b = self._b
        size = g.size
        return tuple(
            tuple(_COLOR[b[(r + 1) * g.width + c + 1]] for c in range(size)) for r in range(size)
        )

    def get(self, point: Point | str) -> Color | None:
        """The colour of the stone on ``point``, or ``None`` if it is empty.

        >>> Position.empty(9).play("C3").get("C3")
        'black'
        """
        return _COLOR[self._b[_index(self._g, point)]]

    def stones(self, color: Color) -> tuple[Point, ...]:
        """The points of ``color``'s stones, from A1 row by row."""
        code = _CODE[color]
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

        >>> stones, liberties = Position.empty(9).play("A1").chain("A1")
        >>> [p.gtp() for p in liberties]
        ['B1', 'A2']
        """
        g = self._g
        i = _index(g, point)
        if self._b[i] == EMPTY:
            raise CoordinateError(f"there is no stone on {_name(g, i)}")
        k = self._cid[i]
        chain, liberties = self._members[k], self._libs[k]
        at = g.point_at
        return (
            tuple(cast(Point, at[j]) for j in sorted(chain)),
            tuple(cast(Point, at[j]) for j in sorted(liberties)),
        )

    # -- the rules of play ------------------------------------------------------------------

    def is_legal(self, move: MoveLike, color: Color | None = None) -> bool:
        """Whether ``color`` (the side to move by default) may play ``move`` now.

        A pass is legal whenever play goes on. Off-board or unreadable points raise
        :class:`~arbiter.games.go.coords.CoordinateError`.
        """
        if self._phase != "playing":
            return False
        i = _move_index(self._g, move)
        if i == 0:
            return True
        return self._legal(self._to if color is None else _CODE[color], i)

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
        if self._phase == "marking":
            return "play has stopped after two passes: resume play first"
        if self._phase == "finished":
            return "the game is over"
        i = _move_index(self._g, move)
        if i == 0:
            return None
        check = self._check(self._to if color is None else _CODE[color], i)
        return check if isinstance(check, str) else None

    def legal_moves(self) -> tuple[Point, ...]:
        """The points the side to move may play, from A1 row by row (passing is also legal)."""
        if self._phase != "playing":
            return ()
        at = self._g.point_at
        legal = self._legal
        c = self._to
        return tuple(cast(Point, at[i]) for i in self._g.points if legal(c, i))

    def play(self, move: MoveLike) -> Position:
        """The position after the side to move plays ``move`` (a point or vertex, or a pass).

        >>> pos = Position.setup(5, black=["A2"], white=["A1"])
        >>> after = pos.play("B1")
        >>> after.get("A1"), after.captures("black"), after.to_move
        (None, 1, 'white')
        """
        return self._play(self._to, _move_index(self._g, move))

    def play_as(self, color: Color, move: MoveLike) -> Position:
        """The position after ``color`` plays ``move``, whoever was to move.

        For setups, GTP (which lets a side play twice) and records that do so; the game itself
        uses :meth:`play`.
        """
        if color not in _CODE:
            raise IllegalMove(f"a move is played by black or white, not {color!r}")
        return self._play(_CODE[color], _move_index(self._g, move))

    def pass_move(self) -> Position:
        """The position after the side to move passes."""
        return self._play(self._to, 0)

    def _play(self, c: int, i: int) -> Position:
        if self._phase != "playing":
            raise IllegalMove(
                N_("{colour} cannot move: play has stopped after two passes: resume play first")
                if self._phase == "marking"
                else N_("{colour} cannot move: the game is over"),
                colour=_colour_text(c),
            )
        g = self._g
        o = 3 - c
        if i == 0:
            line = self._line
            if line is not None:
                line = self._extend(line, _key(self._rules, g, self._hash, o))
            passes = self._passes + 1
            pos = _make(
                g,
                self._b,
                self._cid,
                self._libs,
                self._members,
                o,
                0,
                0,
                self._caps,
                passes,
                self._rules,
                self._hash,
                line,
                self._ply + 1,
                "marking" if passes >= 2 else "playing",
                _NONE,
                _NOBODY,
                self._handicap,
                (c, 0),
            )
            return pos
        check = self._check(c, i)
        if isinstance(check, str):
            raise IllegalMove(
                N_("{colour} {point} is illegal: {reason}"),
                colour=_colour_text(c),
                point=_name(g, i),
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
        line = self._line
        if line is not None:
            line = self._extend(line, _key(self._rules, g, h, o))
        pos = _make(
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
            self._rules,
            h,
            line,
            self._ply + 1,
            "playing",
            _NONE,
            _NOBODY,
            self._handicap,
            (c, i),
        )
        return pos

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
        h = self._hash ^ g.zobrist[c][i]
        if captured:
            zo = g.zobrist[3 - c]
            members = self._members
            for k in captured:
                for q in members[k]:
                    h ^= zo[q]
        line = self._line
        if line is not None:
            seen = line.first.get(_key(self._rules, g, h, 3 - c))
            if seen is not None and seen <= self._ply:
                return f"it repeats an earlier position ({self._rules.ko})"
        return own, opp, captured, h

    def _extend(self, line: _Line, key: int) -> _Line:
        ply = self._ply + 1
        if len(line.keys) == ply:
            line.keys.append(key)
            line.first.setdefault(key, ply)
            return line
        # Playing from the middle of a line: the new line shares only the past.
        return _Line([*line.keys[:ply], key])

    # -- the dead-stone phase (seed 1.10) ------------------------------------------------------

    @property
    def dead_stones(self) -> tuple[Point, ...]:
        """The stones marked dead, from A1 row by row."""
        at = self._g.point_at
        return tuple(cast(Point, at[i]) for i in sorted(self._dead))

    @property
    def accepted(self) -> frozenset[Color]:
        """The sides that accepted the current marking of dead stones."""
        return self._accepted

    def toggle_dead(self, point: Point | str) -> Position:
        """Mark the chain on ``point`` dead, or alive again if it was marked dead.

        Either side may do it; any change withdraws both sides' acceptance.

        >>> pos = Position.setup(9, black=["A1"]).pass_move().pass_move()
        >>> [p.gtp() for p in pos.toggle_dead("A1").dead_stones]
        ['A1']
        """
        if self._phase != "marking":
            raise PhaseError("dead stones are marked only after two passes end play")
        g = self._g
        i = _index(g, point)
        if self._b[i] == EMPTY:
            raise PhaseError(f"there is no stone on {_name(g, i)} to mark")
        chain = self._members[self._cid[i]]
        dead = self._dead - set(chain) if i in self._dead else self._dead | set(chain)
        return self._marking(dead, frozenset(), "marking")

    def accept(self, color: Color) -> Position:
        """``color`` accepts the current marking; once both sides did, the game is finished."""
        if self._phase != "marking":
            raise PhaseError("there is no marking of dead stones to accept now")
        if color not in COLORS:
            raise PhaseError(f"a marking is accepted by black or white, not {color!r}")
        accepted = self._accepted | {color}
        return self._marking(self._dead, accepted, "finished" if len(accepted) == 2 else "marking")

    def resume(self) -> Position:
        """Play goes on after a disagreement about dead stones; the side to move moves first
        (the side that did not pass last, spec go.md), and the marks are cleared."""
        if self._phase != "marking":
            raise PhaseError("play can only resume from the marking of dead stones")
        return self._marking(frozenset(), frozenset(), "playing", passes=0)

    def _marking(
        self,
        dead: frozenset[int],
        accepted: frozenset[Color],
        phase: Phase,
        passes: int | None = None,
    ) -> Position:
        pos = _make(
            self._g,
            self._b,
            self._cid,
            self._libs,
            self._members,
            self._to,
            self._ko,
            self._ko_color,
            self._caps,
            self._passes if passes is None else passes,
            self._rules,
            self._hash,
            self._line,
            self._ply,
            phase,
            dead,
            accepted,
            self._handicap,
            self._last,
        )
        return pos

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

    # -- value semantics --------------------------------------------------------------------

    def _state(self) -> tuple[object, ...]:
        return (
            self._g.size,
            self._b,
            self._to,
            self._ko if self._ko_color == self._to else 0,
            self._caps,
            self._passes,
            self._phase,
            self._dead,
            self._accepted,
            self._rules,
            self._handicap,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._state() == other._state()

    def __hash__(self) -> int:
        return hash(self._state())

    def __repr__(self) -> str:
        return (
            f"<Position {self.size}×{self.size} ply {self._ply}, {self.to_move} to move, "
            f"{self._phase}>"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        state = tuple(getattr(self, name) for name in _FIELDS)
        return (_restore, (self._g.size, state[1:]))

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self


_NONE: frozenset[int] = frozenset()
_NOBODY: frozenset[Color] = frozenset()
_FIELDS = (
    "_g",
    "_b",
    "_cid",
    "_libs",
    "_members",
    "_to",
    "_ko",
    "_ko_color",
    "_caps",
    "_passes",
    "_rules",
    "_hash",
    "_line",
    "_ply",
    "_phase",
    "_dead",
    "_accepted",
    "_handicap",
    "_last",
)


class _Builder(Position):
    """The same slots without the guard: a new position is filled as a ``_Builder`` and then
    becomes a :class:`Position` (much faster than the slots' setters)."""

    __slots__ = ()
    __setattr__ = object.__setattr__  # type: ignore[assignment]


def _make(
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
    line: _Line | None,
    ply: int,
    phase: Phase,
    dead: frozenset[int],
    accepted: frozenset[Color],
    handicap: int,
    last: tuple[int, int] | None,
) -> Position:
    """A new position; its chain tables are never changed afterwards."""
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
    pos._passes = passes
    pos._rules = rules
    pos._hash = h
    pos._line = line
    pos._ply = ply
    pos._phase = phase
    pos._dead = dead
    pos._accepted = accepted
    pos._handicap = handicap
    pos._last = last
    pos.__class__ = Position
    return cast(Position, pos)


def _restore(size: int, state: tuple[Any, ...]) -> Position:
    """Rebuild a pickled position (the geometry is shared per board size)."""
    return _make(geometry(size), *state)


def _key(rules: Rules, g: Geometry, h: int, to: int) -> int:
    """The superko key of a board hash: with the side to move for situational superko."""
    if rules.ko == "situational-superko" and to == WHITE:
        return h ^ g.zobrist_white_to_move
    return h


def _index(g: Geometry, point: Point | tuple[int, int] | str) -> int:
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


def _move_index(g: Geometry, move: MoveLike) -> int:
    """The board index of a move, 0 for a pass."""
    if move is None:
        return 0
    if isinstance(move, str):
        parsed = parse_move(move, g.size)
        return 0 if parsed is None else g.index[parsed]
    return _index(g, move)


def _name(g: Geometry, i: int) -> str:
    point = g.point_at[i]
    return point.gtp() if point is not None else "pass"
