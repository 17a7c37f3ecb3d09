"""One game as played: the rules engine, the clock, the players and the conduct rules.

A :class:`Match` is an immutable value. :meth:`Match.apply` takes an action with the instant it
happened and who took it, and returns the new match with one more entry in its log; an action
the rules do not allow raises a :class:`~arbiter.match.errors.MatchError` that says why, and
the match is unchanged. Replaying the log on the same settings rebuilds an equal match
(:func:`replay`), which is how a server restores its games after a restart.

>>> from arbiter.match import Actor, MatchSettings, Move, Start
>>> m = Match.new(MatchSettings.toguz("60m", white="Asanov", black="Toktogulov"))
>>> m = m.apply(Start(), 0.0, Actor.referee())
>>> m = m.apply(Move(7), 12.5, Actor.player("white"))
>>> m.to_move, m.moves[-1].text, m.moves[-1].spent
('black', '76', 12.5)
>>> m.clock_state("white", 20.0).main, m.clock_state("black", 20.0).main
(3587.5, 3592.5)
>>> m.apply(Move(8), 21.0, Actor.player("white"))
Traceback (most recent call last):
...
arbiter.match.errors.NotYourTurn: it is Black's move, not White's

Nothing in the match reads the time: the caller passes it (the server its monotonic clock,
tests any numbers), and times never go back. A flag that falls while nobody acts is applied by
:meth:`Match.tick`, which a server calls at :meth:`Match.deadline`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Literal

from arbiter.clock import Clock, ClockError, ClockState, Side
from arbiter.errors import ArbiterError
from arbiter.match import actions as A
from arbiter.match import conduct, referee
from arbiter.match import go as go_rules
from arbiter.match import toguz as toguz_rules
from arbiter.match.actions import Action, ClaimGround
from arbiter.match.actors import SYSTEM, Actor, other_side
from arbiter.match.errors import (
    ActionError,
    ClockRefused,
    GameOver,
    IllegalMatchMove,
    MatchError,
    NotPermitted,
    Overdue,
    TimeWentBack,
    WrongPhase,
)
from arbiter.match.go import GoBoard
from arbiter.match.log import LogEntry
from arbiter.match.played import (
    DESCRIBE_STATUS,
    SIDES,
    Board,
    MoveRecord,
    ResignationProposal,
    Status,
    WarningRecord,
)
from arbiter.match.result import MatchResult
from arbiter.match.settings import GoGame, MatchSettings, Player, ToguzConduct
from arbiter.match.toguz import ToguzBoard

__all__ = [
    "Match",
    "MoveRecord",
    "ResignationProposal",
    "Status",
    "WarningRecord",
    "replay",
]


@dataclass(frozen=True, slots=True)
class Match:
    """A game being played; build one with :meth:`new`, advance it with :meth:`apply` and
    :meth:`tick`. Every field is part of the value (two matches are equal when every field is).

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

    # ----- construction

    @classmethod
    def new(cls, settings: MatchSettings) -> Match:
        """A match ready to start (:class:`~arbiter.match.actions.Start`)."""
        if not isinstance(settings, MatchSettings):
            raise ActionError(f"a match is created from MatchSettings, not {settings!r}")
        board: Board
        if isinstance(settings.game, GoGame):
            board = GoBoard.new(settings.game)
        else:
            board = ToguzBoard.new(settings.game)
        return cls(settings, board, Clock(settings.time_control, first=settings.first))

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
        if self.status == "playing" and self.board.repetitions() >= conduct.repetitions:
            found.append("repetition")
        if self.status != "ready" and self._excess_offers(other_side(side)):
            found.append("draw-offers")
        if self.status == "playing" and self._cap_reached():
            found.append("move-cap")
        return tuple(found)

    def view(self, t: float) -> dict[str, Any]:
        """What everyone may see at instant ``t``, JSON-ready (what a server broadcasts):
        ``seq`` (log entries so far), ``status``, ``ply``, ``to_move``, ``turn`` (an actor),
        ``clocks`` (each side's reading, ``null`` without clocks) and ``running``,
        ``draw_offer`` and ``draw_offers`` made, ``awaiting`` (what a referee must decide),
        ``moves`` (as written), ``position`` (Toguz Korgool: the FEN; Go: ``null``, the moves
        say it), ``deadline`` and ``result``.

        >>> from arbiter.match import Actor, MatchSettings, Start
        >>> m = Match.new(MatchSettings.toguz("60m")).apply(Start(), 0, Actor.referee())
        >>> v = m.view(30)
        >>> v["to_move"], v["clocks"]["white"]["main"], v["running"]
        ('white', 3570.0, 'white')
        """
        now = _instant(t)
        clocks: dict[str, dict[str, Any]] | None = None
        if self.clocked:
            clocks = {}
            for side in SIDES:
                state = self.clock_state(side, now)
                assert state is not None
                clocks[side] = {
                    "main": state.main,
                    "periods": state.periods,
                    "moves_left": state.moves_left,
                    "period_left": state.period_left,
                    "extra_periods": state.extra_periods,
                    "flagged": state.flagged,
                }
        turn = self.turn
        return {
            "seq": len(self.log),
            "game": self.kind,
            "status": self.status,
            "ply": self.ply,
            "to_move": self.to_move,
            "turn": None if turn is None else turn.to_json(),
            "clocks": clocks,
            "running": self.clock.running_side if self.clocked else None,
            "draw_offer": self.draw_offer,
            "draw_offers": {side: self.draw_offers_made(side) for side in SIDES},
            "awaiting": self.awaiting,
            "moves": [m.text for m in self.moves],
            "position": self.board.position.fen() if isinstance(self.board, ToguzBoard) else None,
            "deadline": self.deadline(),
            "result": None if self.result is None else self.result.to_json(),
        }

    # ----- time: deadlines and the flag

    def deadline(self, lag: float = 0.0) -> float | None:
        """The first instant at which :meth:`tick` would apply something (a flag fall or a
        late-arrival forfeit) if nobody acts before, or ``None``.

        ``lag`` is the most network time the server credits a move (its lag cap): a flag is
        only declared once a move still on its way could no longer be in time.
        """
        if self.result is not None:
            return None
        candidates: list[float] = []
        late = self._late_instant()
        if late is not None:
            candidates.append(late)
        flag = self._flag_instant(lag)
        if flag is not None:
            candidates.append(flag)
        return min(candidates) if candidates else None

    def tick(self, t: float) -> Match:
        """Apply what is due at ``t`` with nobody acting: a flag fall (seed 002 2.7.3, seed 000
        3.10) or a late-arrival forfeit (seed 002 2.6, seed 000 3.9), by the system actor.
        Returns this match unchanged when nothing is due."""
        if self.result is not None:
            return self
        now = _instant(t)
        if self.log and now < self.log[-1].t:
            raise TimeWentBack(f"time {now!r} is before the last action at {self.log[-1].t!r}")
        due = self._due(now, 0.0)
        if due is None:
            return self
        what, sides = due
        if what == "flag":
            return self.apply(A.FlagFall(sides[0]), t, SYSTEM)
        return self.apply(A.LateForfeit(sides), t, SYSTEM)

    # ----- acting

    def apply(self, action: Action, t: float, actor: Actor) -> Match:
        """The match after ``actor`` takes ``action`` at instant ``t``, with the log entry added
        (:attr:`last_entry`). Raises a :class:`~arbiter.match.errors.MatchError` subclass that
        says why when the action is not allowed; the match is then unchanged."""
        if not isinstance(action, Action):
            raise ActionError(f"not an action: {action!r}")
        if not isinstance(actor, Actor):
            raise ActionError(f"not an actor: {actor!r}")
        now = _instant(t)
        if self.result is not None:
            raise GameOver(f"the game is over ({self.result}, {self.result.termination})")
        if self.log and now < self.log[-1].t:
            raise TimeWentBack(
                f"time {now!r} is before the last action at {self.log[-1].t!r}: times never go back"
            )
        self._check_actor(action, actor)
        if not isinstance(action, _NOT_DELAYED):
            lag = action.lag if isinstance(action, A.Move) else 0.0
            due = self._due(now, lag)
            # A referee may still excuse a late player whose forfeit is due but not applied.
            if due is not None and not (isinstance(action, A.Excuse) and due[0] == "late"):
                raise Overdue(self._describe_due(due))
        before = self
        if actor.is_player and actor not in self.present and not isinstance(action, A.Arrive):
            before = self._arrived(actor, now)  # acting is arriving
        handler = _HANDLERS[type(action)]
        try:
            new = handler(before, action, now, actor)
        except MatchError:
            raise
        except ClockError as exc:
            raise ClockRefused(str(exc)) from None
        except ArbiterError as exc:
            raise IllegalMatchMove(exc.template, **exc.params) from None
        entry = LogEntry(len(self.log), now, actor, action)
        return replace(new, log=(*self.log, entry))

    # ----- checks

    def _check_actor(self, action: Action, actor: Actor) -> None:
        if isinstance(action, A.FlagFall):
            if actor.is_player:
                self._check_player(actor)
            return
        if isinstance(action, A.LateForfeit | A.Start):
            if actor.is_player:
                raise NotPermitted(f"only a referee or the system may {_verb(action)}")
            return
        if action.referee:
            if not actor.is_referee:
                raise NotPermitted(f"only a referee may {_verb(action)}; {actor} is not one")
            return
        if not actor.is_player:
            raise NotPermitted(f"only a player of the game may {_verb(action)}, not the {actor}")
        self._check_player(actor)

    def _check_player(self, actor: Actor) -> None:
        if self.settings.pair and actor.role is None:
            raise NotPermitted("in pair go a player is the man or the woman of a side")
        if not self.settings.pair and actor.role is not None:
            raise NotPermitted("roles exist only in pair go")

    # ----- what is due

    def _toguz_conduct(self) -> ToguzConduct:
        conduct = self.settings.conduct
        assert isinstance(conduct, ToguzConduct)
        return conduct

    def _grace(self) -> float:
        if isinstance(self.board, ToguzBoard):
            return float(self._toguz_conduct().completion_grace)
        return 0.0

    def _flag_due(self, now: float, lag: float) -> Side | None:
        if not self.clocked or self.status not in ("playing", "paused", "adjourned"):
            return None
        side = self.clock.flagged(now, lag=lag)
        if side is None:
            return None
        if self.clock.status == "running":
            fell = self.clock.deadline()
            assert fell is not None
            if now - lag < fell + self._grace():
                return None  # a Toguz move in progress may still come (seed 000 6.6)
        return side

    def _flag_instant(self, lag: float) -> float | None:
        if not self.clocked or self.status not in ("playing", "paused", "adjourned"):
            return None
        if self.clock.status != "running":
            at = self.clock.last_event
            if at is not None and self.clock.flagged(at) is not None:
                return at
            return None
        fell = self.clock.deadline(grace=lag)
        assert fell is not None
        return _first_at(fell + self._grace(), lambda d: self._flag_due(d, 0.0) is not None)

    def _absent_sides(self) -> tuple[Side, ...]:
        conduct = self.settings.conduct
        if not conduct.late_forfeit or self.started_at is None or self.status == "over":
            return ()
        return tuple(s for s in SIDES if not self.is_present(s) and s not in self.excused)

    def _late_limit(self) -> float:
        conduct = self.settings.conduct
        if conduct.late_limit is not None:
            return float(conduct.late_limit)
        main = self.settings.time_control.main
        if isinstance(self.board, ToguzBoard):
            return toguz_rules.late_limit(main)
        return go_rules.late_limit(main)

    def _late_due(self, now: float) -> tuple[Side, ...]:
        absent = self._absent_sides()
        if not absent:
            return ()
        assert self.started_at is not None
        return absent if now > self.started_at + self._late_limit() else ()

    def _late_instant(self) -> float | None:
        if not self._absent_sides():
            return None
        assert self.started_at is not None
        limit = self.started_at + self._late_limit()
        return _first_at(limit, lambda d: bool(self._late_due(d)))

    def _due(self, now: float, lag: float) -> tuple[str, tuple[Side, ...]] | None:
        flag = self._flag_due(now, lag)
        late = self._late_due(now)
        if flag is not None and late:
            flag_at = self._flag_instant(0.0)
            late_at = self._late_instant()
            if flag_at is not None and late_at is not None and late_at < flag_at:
                return ("late", late)
            return ("flag", (flag,))
        if flag is not None:
            return ("flag", (flag,))
        if late:
            return ("late", late)
        return None

    def _describe_due(self, due: tuple[str, tuple[Side, ...]]) -> str:
        what, sides = due
        if what == "flag":
            return f"{sides[0]}'s flag has fallen: the flag decides first (tick the match)"
        names = " and ".join(sides)
        return f"{names} did not arrive in time: the late-arrival forfeit applies first (tick)"

    # ----- helpers for the handlers

    def _require(self, *statuses: Status) -> None:
        if self.status not in statuses:
            raise WrongPhase(f"cannot do that now: {DESCRIBE_STATUS[self.status]}")

    def _excess_offers(self, side: Side) -> bool:
        if not isinstance(self.board, ToguzBoard):
            return False
        return self.draw_offers_made(side) > self._toguz_conduct().max_draw_offers

    def _cap_reached(self) -> bool:
        if not isinstance(self.board, ToguzBoard):
            return False
        cap = self._toguz_conduct().move_cap
        return cap is not None and self.board.full_moves() >= cap

    def _pause_turn(self, now: float) -> Match:
        """The turn's thinking time stops counting (a pause, the dead-stone phase)."""
        if self.turn_since is None:
            return self
        return replace(self, turn_time=self.turn_time + (now - self.turn_since), turn_since=None)

    def _stop_clock(self, now: float) -> Clock:
        if not self.clocked or self.clock.status in ("stopped", "ready"):
            return self.clock
        return self.clock.stop(now)

    def _end(self, result: MatchResult, now: float) -> Match:
        """The match over with ``result``: the clock stops, pending offers and proposals lapse."""
        ended = self._pause_turn(now)
        return replace(
            ended,
            clock=self._stop_clock(now),
            status="over",
            resume_to=None,
            awaiting=None,
            draw_offer=None,
            resignation=None,
            result=result,
        )

    def _suspend(self, now: float, status: Status, awaiting: str | None = None) -> Match:
        """The match paused, adjourned or awaiting a decision: the clock stops, the thinking
        time of the turn stops counting, and a resumption returns to the status before."""
        back = self.resume_to if self.status in ("paused", "adjourned") else self.status
        clock = self.clock
        if self.clocked and clock.status == "running":
            clock = clock.pause(now)
        return replace(
            self._pause_turn(now),
            clock=clock,
            status=status,
            resume_to=back,
            awaiting=awaiting,
        )

    def _arrived(self, actor: Actor, now: float) -> Match:
        """``actor`` is present; the first arrival after both sides were absent at the start
        restarts the clocks reduced (seed 002 2.6.4), unless moves were already entered."""
        m = replace(self, present=self.present | {actor})
        if (
            m.reset_pending
            and m.status == "playing"
            and m.clocked
            and m.started_at is not None
            and now > m.started_at
            and m.clock.status == "running"
            and m.board.ply == 0
        ):
            m = replace(
                m,
                clock=m.clock.restart_reduced(now),
                turn_time=0.0,
                turn_since=now,
            )
        if m.reset_pending:
            m = replace(m, reset_pending=False)
        return m


_HANDLERS: dict[type[Action], Callable[[Match, Any, float, Actor], Match]] = {
    **conduct.HANDLERS,
    **referee.HANDLERS,
}
assert set(_HANDLERS) == set(A.ACTION_TYPES.values())

# Actions that are not refused when a flag fall or a forfeit is due: they are those events,
# or a referee's entry that overrides them.
_NOT_DELAYED = (A.FlagFall, A.LateForfeit, A.SetResult, A.BothFlagsDown)


def _verb(action: Action) -> str:
    return action.type.replace("-", " ")


def _instant(t: object) -> float:
    if isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t):
        raise TimeWentBack(f"an instant is a finite number of seconds, not {t!r}")
    return float(t)


def _first_at(start: float, holds: Callable[[float], bool]) -> float:
    """The least float from ``start`` at which ``holds`` (a few steps at most: rounding)."""
    at = start
    for _ in range(64):
        if holds(at):
            return at
        at = math.nextafter(at, math.inf)
    return at  # pragma: no cover - the predicates hold within an ulp or two


def replay(settings: MatchSettings, entries: Iterable[LogEntry]) -> Match:
    """Rebuild a match from its settings and log; an equal match to the one that wrote it.

    Each entry's action is applied again at its instant by its actor; an entry out of order
    (``seq``) or one the match refuses raises :class:`~arbiter.match.errors.MatchError`.
    """
    m = Match.new(settings)
    for entry in entries:
        if entry.seq != len(m.log):
            raise ActionError(f"log entry {entry.seq} is out of order: expected {len(m.log)}")
        try:
            m = m.apply(entry.action, entry.t, entry.actor)
        except MatchError as exc:
            raise type(exc)(f"log entry {entry.seq}: {exc}") from None
    return m
