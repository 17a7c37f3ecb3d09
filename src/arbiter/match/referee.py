"""The referees' actions in a match (seed 002 2.5.7, 2.6, 2.7.6, 3.18; seed 000 4.2, 6.7,
6.15, 12.11; seed 004): start, pause, adjourn and resume, clock corrections, warnings and
penalties, restoring a position, wrong colours or handicap, moves out of turn, both flags down,
excusing lateness, adjudication and results.

Each handler takes the match, the action, the instant and the actor (already checked to be a
referee) and returns the new match or raises a :class:`~arbiter.match.errors.MatchError`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Literal

from arbiter.clock import ByoYomi, Canadian, Clock, Side
from arbiter.match import actions as A
from arbiter.match.actors import Actor, other_side
from arbiter.match.conduct import play
from arbiter.match.errors import ClaimRejected, GameOver, WrongPhase
from arbiter.match.go import GoBoard
from arbiter.match.played import SIDES, Status, WarningRecord
from arbiter.match.result import MatchResult
from arbiter.match.settings import GoGame
from arbiter.match.state import MatchState
from arbiter.match.steps import end, pause_turn, require, stop_clock, suspend
from arbiter.match.toguz import ToguzBoard


def _out_of_turn(m: MatchState, a: A.OutOfTurnMove, now: float, actor: Actor) -> MatchState:
    require(m, "playing")
    if not m.settings.pair:
        raise WrongPhase("moves out of turn exist only in pair go")
    side = m.board.to_move
    assert side is not None
    return play(m, a.move, side, a.role, now, 0.0, False, out_of_turn=True)


def _start(m: MatchState, a: A.Start, now: float, actor: Actor) -> MatchState:
    require(m, "ready")
    if not a.clocks and isinstance(m.board, GoBoard):
        raise WrongPhase("a Go game starts with clocks (clocks introduced later: Toguz Korgool)")
    clock = m.clock.start(now) if a.clocks else m.clock
    nobody = not any(m.is_present(s) for s in SIDES)
    return replace(
        m,
        clock=clock,
        clocked=a.clocks,
        status="playing",
        started_at=now,
        turn_since=now,
        reset_pending=nobody and a.clocks and m.settings.conduct.reset_when_both_absent,
    )


def _pause(m: MatchState, a: A.Pause, now: float, actor: Actor) -> MatchState:
    require(m, "playing", "marking")
    return suspend(m, now, "paused")


def _adjourn(m: MatchState, a: A.Adjourn, now: float, actor: Actor) -> MatchState:
    require(m, "playing", "marking", "paused")
    return suspend(m, now, "adjourned")


def _resume(m: MatchState, a: A.Resume, now: float, actor: Actor) -> MatchState:
    if m.status == "awaiting-decision" and m.awaiting != "move-cap":
        raise WrongPhase("both flags are down: the referee sets the result (seed 002 2.7.6)")
    require(m, "paused", "adjourned", "awaiting-decision")
    back = m.resume_to or "playing"
    clock = m.clock
    since: float | None = None
    if back == "playing":
        since = now
        if m.clocked:
            clock = clock.resume(now)
    return replace(m, clock=clock, status=back, resume_to=None, awaiting=None, turn_since=since)


def _clock_rule(m: MatchState) -> Literal["go", "toguz"]:
    return "toguz" if isinstance(m.board, ToguzBoard) else "go"


def _require_clocks(m: MatchState) -> None:
    if m.status == "over":  # pragma: no cover - apply refuses first
        raise GameOver("the game is over")
    if not m.clocked:
        raise WrongPhase("the game is played without clocks: introduce the clocks first")


def _set_clock(m: MatchState, a: A.SetClock, now: float, actor: Actor) -> MatchState:
    _require_clocks(m)
    clock = m.clock.set_remaining(
        a.side,
        a.seconds,
        now,
        rule=_clock_rule(m),
        periods=a.periods,
        moves_left=a.moves_left,
        period_left=a.period_left,
    )
    return replace(m, clock=clock)


def _set_clocks(m: MatchState, a: A.SetClocks, now: float, actor: Actor) -> MatchState:
    _require_clocks(m)
    clock = m.clock.set_times(now, black=a.black, white=a.white, rule=_clock_rule(m))
    return replace(m, clock=clock)


def _split_time(m: MatchState, a: A.SplitTime, now: float, actor: Actor) -> MatchState:
    if not isinstance(m.board, ToguzBoard):
        raise WrongPhase("the equal split of a replaced clock is a Toguz Korgool rule (6.7)")
    _require_clocks(m)
    return replace(m, clock=m.clock.split_equally(now, a.used))


def _add_time(m: MatchState, a: A.AddTime, now: float, actor: Actor) -> MatchState:
    _require_clocks(m)
    return replace(m, clock=m.clock.add_time(a.side, a.seconds, now))


def _introduce_clocks(m: MatchState, a: A.IntroduceClocks, now: float, actor: Actor) -> MatchState:
    if not isinstance(m.board, ToguzBoard):
        raise WrongPhase("clocks introduced into a running game are a Toguz Korgool rule (6.15)")
    require(m, "playing", "paused", "adjourned")
    if m.clocked:
        raise WrongPhase("the game already has clocks")
    assert m.started_at is not None
    to_move = m.board.to_move
    assert to_move is not None
    clock = m.clock.introduce_late(now, m.started_at, to_move)
    if m.status != "playing":
        clock = clock.pause(now)
    return replace(m, clock=clock, clocked=True)


def _warn(m: MatchState, a: A.Warn, now: float, actor: Actor) -> MatchState:
    warning = WarningRecord(a.side, a.reason, now, m.board.ply)
    new = replace(m, warnings=(*m.warnings, warning))
    limit = m.settings.conduct.warnings_to_forfeit
    if limit is not None and len(new.warnings_of(a.side)) >= limit and m.status != "ready":
        return end(new, m.board.result(other_side(a.side), "warnings"), now)
    return new


def _penalise(m: MatchState, a: A.Penalise, now: float, actor: Actor) -> MatchState:
    if not isinstance(m.board, GoBoard):
        raise WrongPhase(
            "Toguz Korgool has no penalty points in a game; warnings count across the event "
            "(seed 000 12.11)"
        )
    return replace(m, board=m.board.penalise(a.side, a.points, a.reason))


def _restore(m: MatchState, a: A.RestorePosition, now: float, actor: Actor) -> MatchState:
    require(m, "playing", "paused", "adjourned")
    if a.ply >= m.board.ply:
        raise WrongPhase(
            f"{m.board.ply} moves are played: a position to restore is one before the last move "
            f"(ply 0 to {m.board.ply - 1})"
            if m.board.ply
            else "no move has been played: there is no earlier position"
        )
    board = m.board.restore(a.ply)
    # After two passes the restored game is in the dead-stone phase, with the clocks stopped.
    marking = isinstance(board, GoBoard) and board.phase == "marking"
    side = board.game.to_move if isinstance(board, GoBoard) else board.to_move
    assert side is not None
    clock = m.clock
    if m.clocked:
        clock = _hand_turn(clock, side, now)
        if marking and clock.status == "running":
            clock = clock.pause(now)
    phase: Status = "marking" if marking else "playing"
    suspended = m.status != "playing"
    return replace(
        m,
        board=board,
        clock=clock,
        status=m.status if suspended else phase,
        resume_to=phase if suspended else None,
        moves=m.moves[: a.ply],
        draw_offer=None,
        resignation=None,
        turn_time=0.0,
        turn_since=now if m.status == "playing" and not marking else None,
    )


def _hand_turn(clock: Clock, side: Side, now: float) -> Clock:
    """The clock with ``side`` to move and no time charged for the switch.

    The clock has no transition that hands the turn over without a move, so the switch is a
    press at an instant with nothing elapsed, after which the other side's time is set back to
    what it was (undoing a Fischer increment, a refilled byo-yomi period, a counted Canadian
    move)."""
    if clock.to_move == side:
        return clock
    other = clock.to_move
    before = clock.state(other, now)
    was_running = clock.status == "running"
    if was_running:
        clock = clock.pause(now)
    clock = clock.resume(now).press(now)
    control = clock.control
    overtime = before.main == 0
    clock = clock.set_remaining(
        other,
        before.main,
        now,
        rule="free",
        periods=before.periods if isinstance(control, ByoYomi) else None,
        moves_left=before.moves_left if overtime and isinstance(control, Canadian) else None,
        period_left=before.period_left
        if overtime and isinstance(control, ByoYomi | Canadian)
        else None,
    )
    return clock if was_running else clock.pause(now)


def _correct_setup(m: MatchState, a: A.CorrectSetup, now: float, actor: Actor) -> MatchState:
    if not isinstance(m.board, GoBoard):
        raise WrongPhase("wrong colours or handicap (seed 002 2.6.12) are a Go rule")
    require(m, "playing", "paused", "adjourned")
    game = m.settings.game
    assert isinstance(game, GoGame)
    if m.board.white_stones() >= 3:
        # The game goes on and counts with the colours and handicap as played.
        return replace(m, swapped=m.swapped != a.colours_swapped)
    handicap = m.board.handicap if a.handicap is None else a.handicap
    board = m.board.restart(game, handicap)
    # Black's clock runs while Black places free handicap stones.
    first: Side = "white" if handicap >= 2 and not board.placing else "black"
    clock = m.clock
    if m.clocked:
        round_start = clock.started_at
        assert round_start is not None
        if first == clock.first:
            if clock.status == "paused":
                clock = clock.resume(now)
            clock = clock.restart_reduced(now)
        else:
            fresh = Clock(m.settings.time_control, first=first)
            clock = fresh.introduce_late(now, round_start, first, floor=0.0)
    return replace(
        m,
        board=board,
        clock=clock,
        status="playing",
        resume_to=None,
        moves=(),
        draw_offer=None,
        resignation=None,
        turn_time=0.0,
        turn_since=now,
    )


def _both_flags(m: MatchState, a: A.BothFlagsDown, now: float, actor: Actor) -> MatchState:
    require(m, "playing", "paused", "adjourned")
    if isinstance(m.board, ToguzBoard):
        return end(m, m.board.both_flags_result(), now)
    stopped = replace(pause_turn(m, now), clock=stop_clock(m, now))
    return replace(stopped, status="awaiting-decision", resume_to=None, awaiting="both-flags")


def _excuse(m: MatchState, a: A.Excuse, now: float, actor: Actor) -> MatchState:
    if m.is_present(a.side):
        raise WrongPhase(f"{a.side.capitalize()} is present: there is no lateness to excuse")
    if a.side in m.excused:
        raise WrongPhase(f"{a.side.capitalize()} is already excused")
    return replace(m, excused=m.excused | {a.side})


def _adjudicate(m: MatchState, a: A.Adjudicate, now: float, actor: Actor) -> MatchState:
    if not isinstance(m.board, ToguzBoard):
        raise WrongPhase("adjudication at the move cap is a Toguz Korgool event setting")
    require(m, "playing", "paused", "adjourned", "awaiting-decision")
    if not m._cap_reached():
        cap = m._toguz_conduct().move_cap
        raise ClaimRejected(
            "this event has no move cap: set the result instead"
            if cap is None
            else f"the move cap of {cap} full moves is not reached ({m.board.full_moves()} played)"
        )
    return end(m, m.board.result(a.winner, "adjudication"), now)


def _set_result(m: MatchState, a: A.SetResult, now: float, actor: Actor) -> MatchState:
    return end(m, MatchResult.parse(m.kind, a.result, a.termination), now)


HANDLERS: dict[type[A.Action], Callable[[MatchState, Any, float, Actor], MatchState]] = {
    A.Start: _start,
    A.Pause: _pause,
    A.Adjourn: _adjourn,
    A.Resume: _resume,
    A.SetClock: _set_clock,
    A.SetClocks: _set_clocks,
    A.SplitTime: _split_time,
    A.AddTime: _add_time,
    A.IntroduceClocks: _introduce_clocks,
    A.Warn: _warn,
    A.Penalise: _penalise,
    A.RestorePosition: _restore,
    A.CorrectSetup: _correct_setup,
    A.OutOfTurnMove: _out_of_turn,
    A.BothFlagsDown: _both_flags,
    A.Excuse: _excuse,
    A.Adjudicate: _adjudicate,
    A.SetResult: _set_result,
}
"""The handler of each referee's action."""
