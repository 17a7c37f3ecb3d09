"""A game of Go as played: the position plus the record, the players, penalties and the end.

A :class:`Game` is an immutable value like :class:`~arbiter.games.go.position.Position`. It adds
what a referee and a game record need: who plays (two players, or four in pair go with the order
of seed 004), every move with who played it and the time left, penalty points (seed 1.14) and the
results that are not counted on the board (resignation, time, forfeit, no result; seed 2.7).

>>> game = Game.new(9, rules=Rules.japanese(komi=6.5))
>>> game = game.play("E5").play("C3").resign("white")
>>> str(game.result), len(game.moves)
('B+R', 2)

Pair go:

>>> game = Game.new(19, handicap=2, pair=True)
>>> str(game.turn)
'White woman'
>>> game = game.play("Q4").play("C16")
>>> [str(m.seat) for m in game.moves], str(game.turn)
(['White woman', 'Black man'], 'White man')
>>> game = game.play("D17", seat=Seat("white", "woman"), by_referee=True)
>>> str(game.turn), game.penalty_points()
('Black woman', (0.0, 3.0))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from arbiter.errors import ArbiterError
from arbiter.games.go.color import COLORS, Color, opponent
from arbiter.games.go.coords import Point
from arbiter.games.go.pairgo import PairGoError, PairOrder, Seat
from arbiter.games.go.position import IllegalMove, MoveLike, Position
from arbiter.games.go.rank import Rank
from arbiter.games.go.result import Result
from arbiter.games.go.rules import Rules
from arbiter.games.go.scoring import Score, count

#: Points taken from a side that played out of turn in pair go (seed 004, spec pair-go.md).
OUT_OF_TURN_PENALTY = 3.0


class GameError(ArbiterError):
    """An action the game cannot take in its current state."""


class OutOfTurn(IllegalMove):
    """A pair-go move by the partner whose turn it is not."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player: a name and, if known, a rank."""

    name: str = ""
    rank: Rank | None = None

    def __str__(self) -> str:
        return f"{self.name} {self.rank}" if self.rank else self.name


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a record says about a game besides its moves.

    ``black`` and ``white`` hold one player each, or two in pair go: the man, then the woman.
    ``time_limit`` is the main time in seconds (SGF ``TM``), ``overtime`` the byo-yomi
    description (SGF ``OT``). ``extra`` keeps other SGF root properties as they were read, so a
    record keeps them when written back.
    """

    black: tuple[Player, ...] = ()
    white: tuple[Player, ...] = ()
    event: str = ""
    round: str = ""
    date: str = ""
    place: str = ""
    game_name: str = ""
    time_limit: float | None = None
    overtime: str = ""
    comment: str = ""
    extra: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __post_init__(self) -> None:
        for side in (self.black, self.white):
            if len(side) > 2:
                raise GameError("a side has one player, or two in pair go")
        if self.time_limit is not None and (
            not math.isfinite(self.time_limit) or self.time_limit < 0
        ):
            raise GameError(f"a time limit is a number of seconds, not {self.time_limit!r}")

    def players(self, color: Color) -> tuple[Player, ...]:
        """The player or players of ``color``."""
        return self.black if color == "black" else self.white


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """One move of the record: the colour, the point (``None`` for a pass) and, in pair go,
    the seat of the player who made it and whether it was out of turn. ``time_left`` and
    ``periods_left`` are the clock after the move (SGF ``BL``/``WL`` and ``OB``/``OW``)."""

    color: Color
    move: Point | None
    seat: Seat | None = None
    out_of_turn: bool = False
    time_left: float | None = None
    periods_left: int | None = None
    comment: str = ""


@dataclass(frozen=True, slots=True)
class Edit:
    """Stones added or removed after ``ply`` moves (SGF setup properties in the middle of a
    record: AB, AW, AE, PL)."""

    ply: int
    black: tuple[Point, ...] = ()
    white: tuple[Point, ...] = ()
    empty: tuple[Point, ...] = ()
    to_move: Color | None = None
    comment: str = ""


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points a referee took from ``color`` (seed 1.14), after ``ply`` moves."""

    color: Color
    points: float
    reason: str
    ply: int

    def __post_init__(self) -> None:
        if self.color not in COLORS:
            raise GameError(f"a penalty is given to black or white, not {self.color!r}")
        if (
            isinstance(self.points, bool)
            or not isinstance(self.points, int | float)
            or not math.isfinite(self.points)
            or self.points <= 0
        ):
            raise GameError(f"a penalty is a positive number of points, not {self.points!r}")

    def __str__(self) -> str:
        from arbiter.games.go.result import format_points

        text = f"Penalty: {format_points(self.points)} points to {self.color.capitalize()}"
        return f"{text} ({self.reason})" if self.reason else text


@dataclass(frozen=True, slots=True)
class Game:
    """A game in progress or over; every action returns a new :class:`Game`."""

    start: Position
    position: Position
    info: GameInfo = field(default_factory=GameInfo)
    moves: tuple[PlayedMove, ...] = ()
    pair: PairOrder | None = None
    penalties: tuple[Penalty, ...] = ()
    ended: Result | None = None
    edits: tuple[Edit, ...] = ()

    @classmethod
    def new(
        cls,
        size: int = 19,
        *,
        rules: Rules | None = None,
        handicap: int = 0,
        handicap_points: Iterable[Point | str] | None = None,
        info: GameInfo | None = None,
        pair: bool = False,
    ) -> Game:
        """A new game: fixed handicap stones by default, free ones (Chinese counting) with
        ``handicap_points``; ``pair`` for pair go (the order follows from the handicap)."""
        start = Position.with_handicap(size, handicap, rules, handicap_points)
        return cls(
            start=start,
            position=start,
            info=info or GameInfo(),
            pair=PairOrder.for_handicap(start.handicap) if pair else None,
        )

    # -- reading --------------------------------------------------------------------------

    @property
    def to_move(self) -> Color:
        """The colour to move."""
        return self.position.to_move

    @property
    def turn(self) -> Seat | None:
        """In pair go, the seat whose turn it is; ``None`` otherwise."""
        return None if self.pair is None else self.pair.seat(len(self.moves))

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.position.rules

    @property
    def is_over(self) -> bool:
        """Whether the game has a result."""
        return self.result is not None

    @property
    def result(self) -> Result | None:
        """The result: the one declared (resignation, time, …) or the count once both sides
        accepted the dead stones; ``None`` while the game goes on."""
        if self.ended is not None:
            return self.ended
        if self.position.phase == "finished":
            return self.score().result
        return None

    def penalty_points(self) -> tuple[float, float]:
        """The penalty points of Black and of White."""
        black = sum(p.points for p in self.penalties if p.color == "black")
        white = sum(p.points for p in self.penalties if p.color == "white")
        return (float(black), float(white))

    def score(self) -> Score:
        """The count of the current position with its dead stones and the penalties."""
        return count(self.position, penalties=self.penalty_points())

    # -- play -----------------------------------------------------------------------------

    def play(
        self,
        move: MoveLike,
        *,
        seat: Seat | None = None,
        by_referee: bool = False,
        time_left: float | None = None,
        periods_left: int | None = None,
        comment: str = "",
    ) -> Game:
        """The game after the side to move plays ``move`` (a point or vertex, or a pass).

        In pair go ``seat`` says who played (the player whose turn it is by default). A move
        out of turn is refused, unless a referee enters it (``by_referee``): then it stands,
        the skipped player loses the turn, and the side gets a 3-point penalty (seed 004).
        """
        self._check_open()
        color = self.position.to_move
        out_of_turn = False
        penalties = self.penalties
        if self.pair is None:
            if seat is not None:
                raise PairGoError("seats exist only in pair go")
        else:
            expected = self.pair.seat(len(self.moves))
            if seat is None:
                seat = expected
            if seat.color != color:
                raise OutOfTurn(
                    f"it is {color.capitalize()}'s move, not {seat.color.capitalize()}'s"
                )
            if seat != expected:
                if not by_referee:
                    raise OutOfTurn(f"it is the {expected}'s turn, not the {seat}'s")
                out_of_turn = True
                penalties = (
                    *penalties,
                    Penalty(
                        color,
                        OUT_OF_TURN_PENALTY,
                        f"{seat} played out of turn instead of the {expected}",
                        len(self.moves) + 1,
                    ),
                )
        position = self.position.play(move)
        last = position.last_move
        assert last is not None
        played = PlayedMove(
            color=color,
            move=last[1],
            seat=seat,
            out_of_turn=out_of_turn,
            time_left=time_left,
            periods_left=periods_left,
            comment=comment,
        )
        return replace(self, position=position, moves=(*self.moves, played), penalties=penalties)

    def pass_move(self, **details: object) -> Game:
        """The game after the side to move passes (same details as :meth:`play`)."""
        return self.play(None, **details)  # type: ignore[arg-type]

    # -- the dead-stone phase ---------------------------------------------------------------

    def toggle_dead(self, point: Point | str) -> Game:
        """Mark the chain on ``point`` dead or alive again (after two passes)."""
        self._check_open()
        return replace(self, position=self.position.toggle_dead(point))

    def accept(self, color: Color) -> Game:
        """``color`` accepts the marking; when both did, the game is counted and over."""
        self._check_open()
        return replace(self, position=self.position.accept(color))

    def resume(self) -> Game:
        """Play resumes after a disagreement about dead stones."""
        self._check_open()
        return replace(self, position=self.position.resume())

    # -- results and referees -----------------------------------------------------------------

    def resign(self, color: Color) -> Game:
        """``color`` resigns. In pair go only the side to move may resign (seed 004 3.7)."""
        self._check_open()
        if color not in COLORS:
            raise GameError(f"black or white resigns, not {color!r}")
        if self.pair is not None and color != self.to_move:
            raise PairGoError(
                f"in pair go only the player whose turn it is may resign: "
                f"it is the {self.turn}'s turn"
            )
        return replace(self, ended=Result.resignation(opponent(color)))

    def lose_on_time(self, color: Color) -> Game:
        """``color`` ran out of time."""
        self._check_open()
        return replace(self, ended=Result.time(opponent(color)))

    def forfeit(self, color: Color) -> Game:
        """``color`` loses by forfeit (regulations, e.g. a second warning, seed 3.18.2)."""
        self._check_open()
        return replace(self, ended=Result.forfeit(opponent(color)))

    def declare(self, result: Result) -> Game:
        """A referee's decision: no result, a draw, or a win (seed 2.7.6)."""
        self._check_open()
        return replace(self, ended=result)

    def edit(
        self,
        *,
        black: Iterable[Point | str] = (),
        white: Iterable[Point | str] = (),
        empty: Iterable[Point | str] = (),
        to_move: Color | None = None,
        comment: str = "",
    ) -> Game:
        """Add or remove stones (a record's setup, or a referee restoring the board)."""
        self._check_open()
        size = self.position.size

        def points(items: Iterable[Point | str]) -> tuple[Point, ...]:
            return tuple(
                Point.from_gtp(p, size) if isinstance(p, str) else Point(*p) for p in items
            )

        edit = Edit(len(self.moves), points(black), points(white), points(empty), to_move, comment)
        position = self.position.edit(
            black=edit.black, white=edit.white, empty=edit.empty, to_move=to_move
        )
        return replace(self, position=position, edits=(*self.edits, edit))

    def penalize(self, color: Color, points: float, reason: str = "") -> Game:
        """Take ``points`` from ``color``'s score (seed 1.14)."""
        self._check_open()
        penalty = Penalty(color, points, reason, len(self.moves))
        return replace(self, penalties=(*self.penalties, penalty))

    def _check_open(self) -> None:
        if self.ended is not None:
            raise GameError(f"the game is over ({self.ended})")
        if self.position.phase == "finished":
            raise GameError(f"the game is over ({self.score().result})")
