"""The steps the actions' handlers share: checking the status, ending the game, suspending it
(a pause, an adjournment, a decision awaited), a player arriving.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.clock import Clock
from arbiter.match.actors import Actor
from arbiter.match.errors import WrongPhase
from arbiter.match.played import DESCRIBE_STATUS, Status
from arbiter.match.result import MatchResult
from arbiter.match.state import MatchState


def require(m: MatchState, *statuses: Status) -> None:
    """Refuse the action (:class:`~arbiter.match.errors.WrongPhase`) unless the match is in
    one of ``statuses``."""
    if m.status not in statuses:
        raise WrongPhase(f"cannot do that now: {DESCRIBE_STATUS[m.status]}")


def pause_turn(m: MatchState, now: float) -> MatchState:
    """The turn's thinking time stops counting (a pause, the dead-stone phase)."""
    if m.turn_since is None:
        return m
    return replace(m, turn_time=m.turn_time + (now - m.turn_since), turn_since=None)


def stop_clock(m: MatchState, now: float) -> Clock:
    """The clock stopped at ``now`` (as it is if it never ran or already stopped)."""
    if not m.clocked or m.clock.status in ("stopped", "ready"):
        return m.clock
    return m.clock.stop(now)


def end(m: MatchState, result: MatchResult, now: float) -> MatchState:
    """The match over with ``result``: the clock stops, pending offers and proposals lapse."""
    ended = pause_turn(m, now)
    return replace(
        ended,
        clock=stop_clock(m, now),
        status="over",
        resume_to=None,
        awaiting=None,
        draw_offer=None,
        resignation=None,
        result=result,
    )


def suspend(m: MatchState, now: float, status: Status, awaiting: str | None = None) -> MatchState:
    """The match paused, adjourned or awaiting a decision: the clock stops, the thinking
    time of the turn stops counting, and a resumption returns to the status before."""
    back = m.resume_to if m.status in ("paused", "adjourned") else m.status
    clock = m.clock
    if m.clocked and clock.status == "running":
        clock = clock.pause(now)
    return replace(
        pause_turn(m, now),
        clock=clock,
        status=status,
        resume_to=back,
        awaiting=awaiting,
    )


def arrived(m: MatchState, actor: Actor, now: float) -> MatchState:
    """``actor`` is present; the first arrival after both sides were absent at the start
    restarts the clocks reduced (seed 002 2.6.4), unless moves were already entered."""
    m = replace(m, present=m.present | {actor})
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
