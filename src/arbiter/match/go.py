"""Go in a match: the engine's game plus what the match layer needs from it (seed 002, 004).

:class:`GoBoard` wraps an :class:`arbiter.games.go.Game` (the position, the record with who
played each move and the time left, penalties) and adds what a referee needs: restoring an
earlier position, restarting with the right handicap, the results of the conduct rules.

The rules it implements:

- **Flag fall** (2.7.2–2.7.3): a loss on time, ``B+T``/``W+T``.
- **Counting** (1.10–1.15): after two passes the sides mark dead stones; when both accept the
  same marking the game is counted (komi, penalties).
- **Late arrival** (2.6): later than half the main time, and in any case later than one hour,
  loses by forfeit.
- **Pair go** (seed 004): the order of the four players; a referee may enter a move played out
  of turn (3 points of penalty).
- **Free handicap placement** (seed 002 appendix 1, note: with Chinese counting Black places
  the handicap stones freely): the game opens in the ``placing`` phase, Black puts the stones
  one by one on empty points (:meth:`GoBoard.place`), then White moves first.

>>> from arbiter.match.settings import GoGame
>>> board = GoBoard.new(GoGame(size=9))
>>> board, text = board.play("E5")
>>> text, board.to_move
('E5', 'white')
>>> str(board.flag_result("white"))
'B+T'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.clock import Side
from arbiter.errors import ArbiterError
from arbiter.games.go import (
    Game,
    OutOfTurn,
    Penalty,
    Point,
    Position,
    Seat,
)
from arbiter.games.go import Result as GoResult
from arbiter.i18n import N_
from arbiter.match.actors import Role, other_side
from arbiter.match.errors import IllegalMatchMove, NotYourTurn, WrongPhase
from arbiter.match.result import MatchResult, Termination
from arbiter.match.settings import GoGame

__all__ = ["LATE_CAP", "GoBoard", "late_limit"]

LATE_CAP = 3600.0
"""Seed 002 2.6: a player later than one hour loses, whatever the main time."""


def late_limit(main: float) -> float:
    """Seconds after the round start past which an absent player loses (seed 002 2.6): half
    the main time, at most one hour.

    >>> late_limit(3600), late_limit(3 * 3600)
    (1800.0, 3600.0)
    """
    return min(main / 2, LATE_CAP)


@dataclass(frozen=True, slots=True)
class GoBoard:
    """A Go game as the match plays it: the engine's ``game`` and the penalties referees gave
    (kept apart so that restoring a position keeps them)."""

    game: Game
    referee_penalties: tuple[Penalty, ...] = ()
    #: Free handicap stones still to place in all (0: none, or all placed) and those placed.
    placing: int = 0
    placed: tuple[str, ...] = ()

    @classmethod
    def new(cls, settings: GoGame, handicap: int | None = None) -> GoBoard:
        """The start of a game (``handicap`` replaces the settings' handicap). With free
        placement and two stones or more the board is empty and Black places them first."""
        stones = settings.handicap if handicap is None else handicap
        free = settings.handicap_placement == "free" and stones >= 2
        try:
            game = Game.new(
                settings.size,
                rules=settings.rules,
                handicap=0 if free else stones,
                pair=settings.pair,
            )
        except ArbiterError as exc:
            raise WrongPhase(str(exc)) from None
        return cls(game, placing=stones if free else 0)

    # ----- reading

    @property
    def position(self) -> Position:
        """The current position (while Black places free handicap stones: those placed)."""
        if self.placing:
            start = self.game.start
            return Position.setup(start.size, black=self.placed, rules=start.rules)
        return self.game.position

    @property
    def start(self) -> Position:
        """The start position (with the handicap stones)."""
        return self.game.start

    @property
    def ply(self) -> int:
        """Moves (passes included) played so far."""
        return len(self.game.moves)

    @property
    def phase(self) -> str:
        """``"placing"`` (free handicap stones), ``"playing"``, ``"marking"`` or ``"finished"``."""
        return "placing" if self.placing else self.game.position.phase

    @property
    def to_move(self) -> Side | None:
        """The colour to move while play goes on (Black while placing), else ``None``."""
        if self.placing:
            return "black"
        return self.game.to_move if self.phase == "playing" else None

    @property
    def turn_role(self) -> Role | None:
        """Pair go: the role whose turn it is (seed 004 3.3–3.4); ``None`` otherwise."""
        turn = self.game.turn
        return turn.role if turn is not None and self.phase == "playing" else None

    @property
    def handicap(self) -> int:
        """The handicap stones the game started with (or free ones Black is placing)."""
        return self.placing or self.game.start.handicap

    def white_stones(self) -> int:
        """White stones on the board now (seed 002 2.6.12 counts them)."""
        return len(self.position.stones("white"))

    # ----- free handicap placement (seed 002 appendix 1, note)

    def place(self, point: str) -> tuple[GoBoard, bool]:
        """Black puts a free handicap stone on ``point`` (a GTP vertex, an empty point); the
        board, and whether that was the last stone (then White is to move)."""
        if not self.placing:
            raise WrongPhase(N_("there are no free handicap stones to place in this game"))
        start = self.game.start
        try:
            vertex = Point.from_gtp(point, start.size).gtp()
        except ArbiterError as exc:
            raise IllegalMatchMove(exc.template, **exc.params) from None
        if vertex in self.placed:
            raise IllegalMatchMove(
                N_("{point} is occupied: a handicap stone stands there"), point=vertex
            )
        placed = (*self.placed, vertex)
        if len(placed) < self.placing:
            return replace(self, placed=placed), False
        try:
            game = Game.new(
                start.size,
                rules=start.rules,
                handicap=self.placing,
                handicap_points=placed,
                pair=self.game.pair is not None,
            )
        except ArbiterError as exc:
            raise IllegalMatchMove(exc.template, **exc.params) from None
        kept = tuple(replace(p, ply=0) for p in self.referee_penalties)
        return GoBoard(replace(game, penalties=kept), kept), True

    # ----- play

    def play(
        self,
        move: int | str,
        role: Role | None = None,
        *,
        time_left: float | None = None,
        periods_left: int | None = None,
    ) -> tuple[GoBoard, str]:
        """The board after the side to move plays ``move`` (a GTP vertex or ``"pass"``), and the
        move as written; in pair go ``role`` must be the one whose turn it is."""
        return self._play(move, role, False, time_left, periods_left)

    def out_of_turn(
        self,
        role: Role,
        move: str,
        *,
        time_left: float | None = None,
        periods_left: int | None = None,
    ) -> tuple[GoBoard, str]:
        """Pair go, a referee's entry: ``role`` of the side to move played out of turn (seed
        004): the move stands and the side gets the penalty."""
        if self.game.pair is None:
            raise WrongPhase("moves out of turn exist only in pair go")
        if role == self.turn_role:
            raise WrongPhase(f"it is the {self.game.turn}'s turn: that is not out of turn")
        return self._play(move, role, True, time_left, periods_left)

    def _play(
        self,
        move: int | str,
        role: Role | None,
        by_referee: bool,
        time_left: float | None,
        periods_left: int | None,
    ) -> tuple[GoBoard, str]:
        if not isinstance(move, str):
            raise IllegalMatchMove(f"a Go move is a point such as 'Q16' or 'pass', not {move!r}")
        if self.placing:
            raise WrongPhase(
                N_("Black places the handicap stones first ({placed} of {total} placed)"),
                placed=len(self.placed),
                total=self.placing,
            )
        color = self.game.to_move
        seat = Seat(color, role) if role is not None and self.game.pair is not None else None
        try:
            game = self.game.play(
                move,
                seat=seat,
                by_referee=by_referee,
                time_left=time_left,
                periods_left=periods_left,
            )
        except OutOfTurn as exc:
            raise NotYourTurn(str(exc)) from None
        except ArbiterError as exc:
            raise IllegalMatchMove(exc.template, **exc.params) from None
        played = game.moves[-1]
        text = "pass" if played.move is None else played.move.gtp()
        return replace(self, game=game), text

    # ----- the dead-stone phase (seed 002 1.10)

    def mark(self, point: str) -> GoBoard:
        """Mark the chain on ``point`` dead, or alive again."""
        return self._engine(lambda g: g.toggle_dead(point))

    def accept(self, side: Side) -> GoBoard:
        """``side`` accepts the marking as it stands."""
        return self._engine(lambda g: g.accept(side))

    def resume(self) -> GoBoard:
        """Play resumes after a disagreement about the dead stones."""
        return self._engine(lambda g: g.resume())

    def _engine(self, step: object) -> GoBoard:
        assert callable(step)
        try:
            game = step(self.game)
        except ArbiterError as exc:
            raise IllegalMatchMove(exc.template, **exc.params) from None
        return replace(self, game=game)

    # ----- referees

    def penalise(self, side: Side, points: float, reason: str) -> GoBoard:
        """Take ``points`` from ``side``'s score (seed 002 1.14)."""
        try:
            game = self.game.penalize(side, points, reason)
        except ArbiterError as exc:
            raise IllegalMatchMove(exc.template, **exc.params) from None
        return GoBoard(game, (*self.referee_penalties, game.penalties[-1]))

    def restore(self, ply: int) -> GoBoard:
        """The board as it was after ``ply`` moves (seed 002 2.6.11): the moves are replayed
        from the start (so the ko and superko history is right; play resumed wherever it did
        after two passes); referees' penalties stay. After two passes it is in the dead-stone
        phase, with no stone marked."""
        old = self.game
        game = Game(start=old.start, position=old.start, info=old.info, pair=old.pair)
        for played in old.moves[:ply]:
            if game.position.phase == "marking":
                game = game.resume()  # play had resumed after two passes
            game = game.play(
                played.move,
                seat=played.seat,
                by_referee=played.out_of_turn,
                time_left=played.time_left,
                periods_left=played.periods_left,
                comment=played.comment,
            )
        kept = tuple(replace(p, ply=min(p.ply, ply)) for p in self.referee_penalties)
        return GoBoard(replace(game, penalties=(*game.penalties, *kept)), kept)

    def restart(self, settings: GoGame, handicap: int) -> GoBoard:
        """A new start with ``handicap`` stones (seed 002 2.6.12); referees' penalties stay."""
        fresh = GoBoard.new(settings, handicap)
        kept = tuple(replace(p, ply=0) for p in self.referee_penalties)
        return replace(fresh, game=replace(fresh.game, penalties=kept), referee_penalties=kept)

    # ----- results

    def board_result(self) -> MatchResult | None:
        """The count, once both sides accepted the dead stones; else ``None``."""
        if self.phase != "finished":
            return None
        return MatchResult.go(self.game.score().result, "points")

    def result(self, winner: Side | None, termination: Termination) -> MatchResult:
        """A result of the conduct rules: resignation ``R``, time ``T``, forfeits ``F``, a draw
        ``0``."""
        if winner is None:
            return MatchResult.go(GoResult.draw(), termination)
        if termination == "resignation":
            return MatchResult.go(GoResult.resignation(winner), termination)
        if termination == "time":
            return MatchResult.go(GoResult.time(winner), termination)
        return MatchResult.go(GoResult.forfeit(winner), termination)

    def flag_result(self, side: Side) -> MatchResult:
        """``side``'s flag fell: a loss on time (seed 002 2.7.2)."""
        return self.result(other_side(side), "time")
