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

The match's fields and readings are :class:`~arbiter.match.state.MatchState`; the actions'
handlers (:mod:`~arbiter.match.conduct`, :mod:`~arbiter.match.referee`) work on that value and
this module dispatches to them.

Nothing in the match reads the time: the caller passes it (the server its monotonic clock,
tests any numbers), and times never go back. A flag that falls while nobody acts is applied by
:meth:`Match.tick`, which a server calls at :meth:`Match.deadline`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, cast

from arbiter.clock import Clock, ClockError
from arbiter.errors import ArbiterError
from arbiter.match import actions as A
from arbiter.match import conduct, placement, referee
from arbiter.match import due as due_rules
from arbiter.match.actions import Action
from arbiter.match.actors import SYSTEM, Actor
from arbiter.match.errors import (
    ActionError,
    ClockRefused,
    GameOver,
    IllegalMatchMove,
    MatchError,
    NotPermitted,
    Overdue,
    TimeWentBack,
)
from arbiter.match.go import GoBoard
from arbiter.match.log import LogEntry
from arbiter.match.played import (
    SIDES,
    Board,
    MoveRecord,
    ResignationProposal,
    Status,
    WarningRecord,
)
from arbiter.match.settings import GoGame, MatchSettings
from arbiter.match.state import MatchState
from arbiter.match.steps import arrived
from arbiter.match.toguz import ToguzBoard

__all__ = [
    "Match",
    "MoveRecord",
    "ResignationProposal",
    "Status",
    "WarningRecord",
    "replay",
]


class Match(MatchState):
    """A game being played; build one with :meth:`new`, advance it with :meth:`apply` and
    :meth:`tick`. Its fields are those of :class:`~arbiter.match.state.MatchState`, and two
    matches are equal when every field is.
    """

    __slots__ = ()

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
                    "rest": state.rest,
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
        return due_rules.deadline(self, lag)

    def tick(self, t: float) -> Match:
        """Apply what is due at ``t`` with nobody acting: a flag fall (seed 002 2.7.3, seed 000
        3.10) or a late-arrival forfeit (seed 002 2.6, seed 000 3.9), by the system actor.
        Returns this match unchanged when nothing is due."""
        if self.result is not None:
            return self
        now = _instant(t)
        if self.log and now < self.log[-1].t:
            raise TimeWentBack(f"time {now!r} is before the last action at {self.log[-1].t!r}")
        due = due_rules.due(self, now, 0.0)
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
            due = due_rules.due(self, now, lag)
            # A referee may still excuse a late player whose forfeit is due but not applied.
            if due is not None and not (isinstance(action, A.Excuse) and due[0] == "late"):
                raise Overdue(due_rules.describe_due(due))
        before: MatchState = self
        if actor.is_player and actor not in self.present and not isinstance(action, A.Arrive):
            before = arrived(self, actor, now)  # acting is arriving
        handler = _HANDLERS[type(action)]
        try:
            # A handler builds on the match it is given (dataclasses.replace keeps its class).
            new = cast(Match, handler(before, action, now, actor))
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


_HANDLERS: dict[type[Action], Callable[[MatchState, Any, float, Actor], MatchState]] = {
    **conduct.HANDLERS,
    **referee.HANDLERS,
    **placement.HANDLERS,
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
