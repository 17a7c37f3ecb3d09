"""Toguz Korgool in a match: the board's history and the game's own conduct rules (seed 000).

:class:`ToguzBoard` keeps every position of the game, so that a repetition can be claimed and a
position restored; the match layer adds clocks, draw offers and the referee.

The rules it implements:

- **The end on the board** (3.1, 3.4, 3.5): 82 korgools, 81 each, atsyz kalu.
- **Flag fall** (3.10 with 3.4): the flagged player's kazan decides: fewer than 81 loses, 81
  draws (more cannot be: 82 ends the game first). Korgools on the rows do not count.
- **Both flags down** (3.8, 6.9): drawn while both kazans hold 81 or fewer.
- **Chylymov's position** (3.7, 8.4, "the position repeated after 73 moves"): a claimable
  draw when the position on the board (pits, kazans, tuzes and the side to move) is the one
  that stood on it 73 full moves earlier (:meth:`ToguzBoard.repeats_after`); the event may
  also allow any recurrence (:meth:`ToguzBoard.repetitions`).
- **Late arrival** (3.9, 12.13): later than half the main time plus 30 seconds loses.

>>> from arbiter.match.settings import ToguzGame
>>> board = ToguzBoard.new(ToguzGame())
>>> board, text = board.play(7)
>>> text, board.to_move, board.kazans
('76', 'black', (10, 0))
>>> str(board.flag_result("black"))
'1(10)-0(0)'
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.clock import Side
from arbiter.errors import ArbiterError
from arbiter.games.toguz import Position
from arbiter.games.toguz.notation import play_and_describe
from arbiter.match.actors import Role, other_side
from arbiter.match.errors import IllegalMatchMove
from arbiter.match.result import MatchResult, Termination
from arbiter.match.settings import ToguzGame

__all__ = ["LATE_MARGIN", "ToguzBoard", "late_limit"]

LATE_MARGIN = 30.0
"""Seed 000 3.9: a player later than half the main time plus 30 seconds loses."""

_HALF = 81


def late_limit(main: float) -> float:
    """Seconds after the round start past which an absent player loses (seed 000 3.9).

    >>> late_limit(3600)
    1830.0
    """
    return main / 2 + LATE_MARGIN


@dataclass(frozen=True, slots=True)
class ToguzBoard:
    """A Toguz Korgool game's positions: ``positions[0]`` is the start, ``positions[n]`` the
    position after ``n`` moves; ``pits`` the moves played; ``texts`` their notation."""

    positions: tuple[Position, ...]
    pits: tuple[int, ...] = ()
    texts: tuple[str, ...] = ()

    @classmethod
    def new(cls, game: ToguzGame) -> ToguzBoard:
        """The start of a game."""
        return cls((game.position(),))

    # ----- reading

    @property
    def position(self) -> Position:
        """The current position."""
        return self.positions[-1]

    @property
    def start(self) -> Position:
        """The start position."""
        return self.positions[0]

    @property
    def ply(self) -> int:
        """Moves played so far."""
        return len(self.pits)

    @property
    def to_move(self) -> Side | None:
        """The side to move, ``None`` once the board has ended the game."""
        pos = self.position
        return None if pos.is_over else pos.to_move

    @property
    def turn_role(self) -> Role | None:
        """Always ``None``: one player a side."""
        return None

    @property
    def kazans(self) -> tuple[int, int]:
        """White's and Black's kazans."""
        return self.position.kazans

    def kazan(self, side: Side) -> int:
        """``side``'s kazan."""
        white, black = self.kazans
        return white if side == "white" else black

    def repetitions(self) -> int:
        """How many times the current position has stood on the board (1 the first time)."""
        key = self.position.repetition_key()
        return sum(1 for pos in self.positions if pos.repetition_key() == key)

    def repeats_after(self, moves: int) -> bool:
        """Whether the current position is the one that stood on the board ``moves`` full moves
        (``2 × moves`` single moves) earlier: Chylymov's position with ``moves`` = 73."""
        back = len(self.positions) - 1 - 2 * moves
        if back < 0:
            return False
        return self.positions[back].repetition_key() == self.position.repetition_key()

    def full_moves(self) -> int:
        """Full moves completed (both sides moved), for the event's move cap."""
        return self.ply // 2

    # ----- play

    def play(self, move: int | str, role: Role | None = None) -> tuple[ToguzBoard, str]:
        """The board after the side to move plays pit ``move``, and the move in the federation's
        notation; :class:`IllegalMatchMove` with the engine's reason if it cannot be played."""
        pit = _pit(move)
        try:
            after, note = play_and_describe(self.position, pit)
        except ArbiterError as exc:
            raise IllegalMatchMove(exc.template, **exc.params) from None
        text = str(note)
        return (
            ToguzBoard((*self.positions, after), (*self.pits, pit), (*self.texts, text)),
            text,
        )

    def restore(self, ply: int) -> ToguzBoard:
        """The board as it was after ``ply`` moves (seed 000 4.2)."""
        return ToguzBoard(self.positions[: ply + 1], self.pits[:ply], self.texts[:ply])

    # ----- results

    def board_result(self) -> MatchResult | None:
        """The result the board decided (82, 81-81, atsyz kalu), or ``None``."""
        pos = self.position
        result = pos.result
        if result is None:
            return None
        term: Termination
        if max(pos.kazans) >= pos.variant.to_win:
            term = "kazan"
        elif pos.atsyz_kalu and pos.kazans != (pos.variant.total // 2,) * 2:
            term = "atsyz-kalu"
        else:
            term = "draw-81"
        return MatchResult.toguz(result.winner, term, result.korgools)

    def result(self, winner: Side | None, termination: Termination) -> MatchResult:
        """A result with the kazans as they stand (seed 000 3.3 for a resignation)."""
        return MatchResult.toguz(winner, termination, self.kazans)

    def flag_result(self, side: Side) -> MatchResult:
        """``side``'s flag fell: its kazan decides (seed 000 3.10 with 3.4)."""
        half = self.position.variant.total // 2
        mine = self.kazan(side)
        winner: Side | None
        if mine > half:
            winner = side
        elif mine == half:
            winner = None
        else:
            winner = other_side(side)
        judged = self.result(winner, "time")
        board = self.board_result()
        # A move completed after the flag fell may also end the game on the board; the board's
        # reading stands when it names the same winner (e.g. the move reached 82).
        if board is not None and board.winner == judged.winner:
            return board
        return judged

    def both_flags_result(self) -> MatchResult:
        """Both flags down (seed 000 3.8): a draw while both kazans hold at most half."""
        half = self.position.variant.total // 2
        white, black = self.kazans
        if white > half or black > half:  # pragma: no cover - the board ends the game first
            return self.result("white" if white > half else "black", "kazan")
        return self.result(None, "both-flags")


def _pit(move: int | str) -> int:
    if isinstance(move, str):
        text = move.strip()
        if not text.isdigit():
            raise IllegalMatchMove(f"a Toguz Korgool move is a pit number, not {move!r}")
        return int(text)
    return move
