"""What a match holds at one point of the game, and what can be read from it.

:class:`MatchState` is the value; the actions' handlers (:mod:`~arbiter.match.conduct`,
:mod:`~arbiter.match.referee`) build new states from it with :func:`dataclasses.replace`, and
:class:`~arbiter.match.match.Match`, the match as the rest of arbiter knows it, adds the way to
act on it (``new``, ``apply``, ``tick``) above them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arbiter.clock import Clock, ClockError, ClockState, Side
from arbiter.match.actions import ClaimGround
from arbiter.match.actors import Actor, other_side
from arbiter.match.errors import TimeWentBack, WrongPhase
from arbiter.match.go import GoBoard
from arbiter.match.log import LogEntry
from arbiter.match.played import Board, MoveRecord, ResignationProposal, Status, WarningRecord
from arbiter.match.result import MatchResult
from arbiter.match.settings import MatchSettings, Player, ToguzConduct
from arbiter.match.toguz import ToguzBoard

__all__ = ["MatchState"]


@dataclass(frozen=True, slots=True)
class MatchState:
    """What a match holds: every field is part of the value (two matches are equal when every
    field is). :class:`~arbiter.match.match.Match` is this value with the ways to act on it.

    - ``settings``: what the match was created with; ``board``: the game
      (:class:`~arbiter.match.toguz.ToguzBoard` or :class:`~arbiter.match.go.GoBoard`);
      ``clock``: the :class:`~arbiter.clock.Clock` (``clocked`` is false in a Toguz Korgool game
      begun without clocks).
    - ``status``: ``ready``, ``playing``, ``marking`` (Go dead stones), ``paused``,
      ``adjourned``, ``awaiting-decision`` (a referee must decide: ``awaiting`` says what),
      ``over``; ``resume_to``: the status a resumption returns to.
    - ``started_at``: the round start; ``present``: the players who arrived; ``excused``: sides
      a referee excused from the late-arrival forfeit.
    - ``moves``: the moves as played (:class:`MoveRecord`); ``draw_offer``: the side whose offer
      is pending; ``offers_black``/``offers_white``: offers made; ``warnings``;
      ``resignation``: a pair-go resignation proposal; ``swapped``: the colours as played are
      the settings' exchanged (seed 002 2.6.12).
    - ``result``: the :class:`~arbiter.match.result.MatchResult` once over; ``log``: every
      accepted action.
    """

    settings: MatchSettings
    board: Board
    clock: Clock
    status: Status = "ready"
    resume_to: Status | None = None
    awaiting: str | None = None
    clocked: bool = True
    started_at: float | None = None
    moves: tuple[MoveRecord, ...] = ()
    draw_offer: Side | None = None
    offers_black: int = 0
    offers_white: int = 0
    present: frozenset[Actor] = frozenset()
    excused: frozenset[Side] = frozenset()
    reset_pending: bool = False
    swapped: bool = False
    warnings: tuple[WarningRecord, ...] = ()
    resignation: ResignationProposal | None = None
    extra_black: int = 0
    extra_white: int = 0
    turn_time: float = 0.0
    turn_since: float | None = None
    result: MatchResult | None = None
    log: tuple[LogEntry, ...] = ()

    # ----- reading

    @property
    def kind(self) -> Literal["toguz", "go"]:
        """``"toguz"`` or ``"go"``."""
        return self.settings.kind

    @property
    def is_over(self) -> bool:
        """Whether the result is set."""
        return self.result is not None

    @property
    def to_move(self) -> Side | None:
        """The side to move, or ``None`` (before the start, in the dead-stone phase, at the end).

        While a referee has paused the game it is the side that will move on resumption."""
        if self.status in ("ready", "over", "marking"):
            return None
        return self.board.to_move

    @property
    def turn(self) -> Actor | None:
        """The player whose turn it is (in pair go, with the role: seed 004 3.3–3.4)."""
        side = self.to_move
        if side is None:
            return None
        return Actor.player(side, self.board.turn_role)

    @property
    def ply(self) -> int:
        """Moves made so far."""
        return self.board.ply

    @property
    def toguz(self) -> ToguzBoard:
        """The Toguz Korgool board (a :class:`~arbiter.match.errors.WrongPhase` in Go)."""
        if not isinstance(self.board, ToguzBoard):
            raise WrongPhase("this is a Go match")
        return self.board

    @property
    def go(self) -> GoBoard:
        """The Go board (a :class:`~arbiter.match.errors.WrongPhase` in Toguz Korgool)."""
        if not isinstance(self.board, GoBoard):
            raise WrongPhase("this is a Toguz Korgool match")
        return self.board

    @property
    def last_entry(self) -> LogEntry | None:
        """The log's last entry (the one the last :meth:`apply` added)."""
        return self.log[-1] if self.log else None

    def players(self, side: Side) -> tuple[Player, ...]:
        """Who plays ``side`` now: the settings' players, exchanged when a referee found the
        colours swapped and the game went on as played (seed 002 2.6.12)."""
        if self.swapped:
            side = other_side(side)
        return self.settings.players(side)

    def draw_offers_made(self, side: Side) -> int:
        """Draw offers ``side`` has made in this game (seed 000 8.2)."""
        return self.offers_black if side == "black" else self.offers_white

    def warnings_of(self, side: Side) -> tuple[WarningRecord, ...]:
        """The warnings ``side`` received in this game."""
        return tuple(w for w in self.warnings if w.side == side)

    def is_present(self, side: Side) -> bool:
        """Whether a player of ``side`` has arrived (reported present or acted)."""
        return any(a.side == side for a in self.present)

    def clock_state(self, side: Side, t: float) -> ClockState | None:
        """``side``'s clock at instant ``t`` (``None`` in a game played without clocks)."""
        if not self.clocked:
            return None
        try:
            return self.clock.state(side, t)
        except ClockError as exc:
            raise TimeWentBack(str(exc)) from None

    def claims(self, side: Side) -> tuple[ClaimGround, ...]:
        """The claims ``side`` could make now (see :class:`~arbiter.match.actions.Claim`)."""
        if self.result is not None or not isinstance(self.board, ToguzBoard):
            return ()
        found: list[ClaimGround] = []
        conduct = self._toguz_conduct()
        if self.status == "playing" and self._repetition_draw(conduct) is None:
            found.append("repetition")
        if self.status != "ready" and self._excess_offers(other_side(side)):
            found.append("draw-offers")
        if self.status == "playing" and self._cap_reached():
            found.append("move-cap")
        return tuple(found)

    # ----- the conduct rules of Toguz Korgool

    def _toguz_conduct(self) -> ToguzConduct:
        conduct = self.settings.conduct
        assert isinstance(conduct, ToguzConduct)
        return conduct

    def _repetition_draw(self, conduct: ToguzConduct) -> str | None:
        """``None`` when Chylymov's draw (or the event's repetition rule) holds now, else why
        not (seed 000 3.7, 8.4)."""
        assert isinstance(self.board, ToguzBoard)
        moves, times = conduct.chylymov_moves, conduct.repetitions
        if moves is not None and self.board.repeats_after(moves):
            return None
        seen = self.board.repetitions()
        if times is not None and seen >= times:
            return None
        why = []
        if moves is not None:
            why.append(f"this position did not stand on the board {moves} moves ago")
        if times is not None:
            why.append(f"it has stood there {_times(seen)}, the event's rule needs {_times(times)}")
        if not why:
            return "this event has no repetition draw"
        return "; ".join(why) + " (seed 000 3.7, 8.4)"

    def _excess_offers(self, side: Side) -> bool:
        if not isinstance(self.board, ToguzBoard):
            return False
        return self.draw_offers_made(side) > self._toguz_conduct().max_draw_offers

    def _cap_reached(self) -> bool:
        if not isinstance(self.board, ToguzBoard):
            return False
        cap = self._toguz_conduct().move_cap
        return cap is not None and self.board.full_moves() >= cap


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"
