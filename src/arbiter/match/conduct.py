"""The players' actions in a match, and what the clock and the arrival rules decide: moves,
draw offers, resignation, claims, the dead-stone phase, arrival, flag falls, late forfeits.

Each handler takes the match, the action, the instant and the actor (already checked to be a
player of the game, or the system for the clock's decisions), and returns the new match or
raises a :class:`~arbiter.match.errors.MatchError`; :meth:`arbiter.match.Match.apply` calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arbiter.clock import ByoYomi, Canadian, ClockState, Side
from arbiter.match import actions as A
from arbiter.match.actors import Actor, Role, other_side
from arbiter.match.due import flag_due, late_due
from arbiter.match.errors import (
    ClaimRejected,
    ConsentRequired,
    DrawOfferRefused,
    NotPermitted,
    NotYourTurn,
    WrongPhase,
)
from arbiter.match.go import GoBoard
from arbiter.match.played import DESCRIBE_STATUS, Board, MoveRecord, ResignationProposal
from arbiter.match.result import MatchResult
from arbiter.match.state import MatchState
from arbiter.match.steps import arrived, end, pause_turn, require, suspend
from arbiter.match.toguz import ToguzBoard


def _move(m: MatchState, a: A.Move, now: float, actor: Actor) -> MatchState:
    require(m, "playing")
    side = m.board.to_move
    assert side is not None
    assert actor.side is not None
    if actor.side != side:
        raise NotYourTurn(f"it is {side.capitalize()}'s move, not {actor.side.capitalize()}'s")
    role = m.board.turn_role
    if role is not None and actor.role != role:
        raise NotYourTurn(f"it is the {side.capitalize()} {role}'s turn, not the {actor}'s")
    if a.draw_offer and not isinstance(m.board, ToguzBoard):
        raise DrawOfferRefused("draw offers are a Toguz Korgool rule; a Go game has none")
    return play(m, a.move, side, role, now, a.lag, a.draw_offer, out_of_turn=False)


def play(
    m: MatchState,
    move: int | str,
    side: Side,
    role: Role | None,
    now: float,
    lag: float,
    offer: bool,
    *,
    out_of_turn: bool,
) -> MatchState:
    """``side`` (``role`` in pair go) plays ``move`` at ``now``: the clock is pressed (``lag``
    credited), the move recorded with its time, a draw ``offer`` counted, and the game ended
    when the board, or a flag that fell during a Toguz move in progress, decides it. Two passes
    in Go start the dead-stone phase with the clocks stopped."""
    clock = m.clock
    after_flag = False
    if m.clocked:
        if m.clock.flagged(now, lag=lag) is None:
            clock = m.clock.press(now, lag=lag)
        else:
            # Seed 000 6.6: the move in progress when the flag fell is completed (within the
            # grace; later moves were refused as overdue), then the flag is judged.
            after_flag = True
            clock = m.clock.stop(now)
    state = clock.state(side, now) if m.clocked else None
    board: Board
    if isinstance(m.board, GoBoard):
        time_left, periods_left = _sgf_clock(m, state)
        if out_of_turn:
            assert role is not None and isinstance(move, str)
            board, text = m.board.out_of_turn(
                role, move, time_left=time_left, periods_left=periods_left
            )
        else:
            board, text = m.board.play(move, role, time_left=time_left, periods_left=periods_left)
    else:
        board, text = m.board.play(move)
    ended = board.board_result()
    if offer and (ended is not None or after_flag):
        raise DrawOfferRefused("this move ends the game: there is no draw to offer with it")
    assert m.turn_since is not None
    spent = m.turn_time + max(0.0, now - lag - m.turn_since)
    record = MoveRecord(
        ply=m.board.ply + 1,
        side=side,
        role=role,
        move=move,
        text=text,
        t=now,
        spent=spent,
        clock=state,
        draw_offer=offer,
        out_of_turn=out_of_turn,
        after_flag=after_flag,
    )
    new = replace(
        m,
        board=board,
        clock=clock,
        moves=(*m.moves, record),
        draw_offer=side if offer else None,
        resignation=None,
        turn_time=0.0,
        turn_since=now,
    )
    if offer:
        new = _count_offer(new, side)
    if isinstance(board, GoBoard):
        new = _charge_extra_periods(new, side, now)
    if after_flag:
        return end(new, board.flag_result(side), now)
    if ended is not None:
        return end(new, ended, now)
    if isinstance(board, GoBoard) and board.phase == "marking":
        # Two passes end play: the dead-stone phase runs with the clocks stopped (decisions).
        paused = new.clock.pause(now) if new.clocked else new.clock
        return replace(pause_turn(new, now), clock=paused, status="marking")
    return new


def _count_offer(m: MatchState, side: Side) -> MatchState:
    if side == "black":
        return replace(m, offers_black=m.offers_black + 1)
    return replace(m, offers_white=m.offers_white + 1)


def _sgf_clock(m: MatchState, state: ClockState | None) -> tuple[float | None, int | None]:
    """SGF's BL/WL and OB/OW for a reading: main time, or in overtime the period's time and
    the periods (Japanese) or moves (Canadian) left."""
    if state is None:
        return None, None
    if state.flagged:
        return 0.0, None
    control = m.settings.time_control
    if state.main > 0 or not isinstance(control, ByoYomi | Canadian):
        return state.main, None
    if isinstance(control, ByoYomi):
        return state.period_left, state.periods
    return state.period_left, state.moves_left


def _charge_extra_periods(m: MatchState, side: Side, now: float) -> MatchState:
    """Canadian extra periods used are paid for in points (seed 002 2.5.5)."""
    control = m.settings.time_control
    penalty = getattr(m.settings.conduct, "extra_period_penalty", 0.0)
    if not m.clocked or not isinstance(control, Canadian) or not control.extra or not penalty:
        return m
    state = m.clock.state(side, now)
    if state.flagged:
        return m
    used = control.extra - state.extra_periods
    charged = m.extra_black if side == "black" else m.extra_white
    if used <= charged:
        return m
    board = m.go
    for n in range(charged + 1, used + 1):
        board = board.penalise(side, penalty, f"Canadian extra period {n}")
    if side == "black":
        return replace(m, board=board, extra_black=used)
    return replace(m, board=board, extra_white=used)


def _accept_draw(m: MatchState, a: A.AcceptDraw, now: float, actor: Actor) -> MatchState:
    _pending_offer_to(m, actor)
    return end(m, m.board.result(None, "agreement"), now)


def _decline_draw(m: MatchState, a: A.DeclineDraw, now: float, actor: Actor) -> MatchState:
    _pending_offer_to(m, actor)
    return replace(m, draw_offer=None)


def _pending_offer_to(m: MatchState, actor: Actor) -> Side:
    require(m, "playing", "paused", "adjourned")
    offer = m.draw_offer
    if offer is None:
        raise DrawOfferRefused("there is no draw offer to answer")
    if actor.side == offer:
        raise DrawOfferRefused(f"{offer.capitalize()} made the offer; only the opponent answers it")
    return offer


def _resign(m: MatchState, a: A.Resign, now: float, actor: Actor) -> MatchState:
    if m.status == "ready":
        raise WrongPhase("the game has not started: a referee sets the result of a game not played")
    assert actor.side is not None
    if m.settings.pair:
        _check_turn(m, actor, "resign")
        proposal = m.resignation
        if proposal is None or proposal.proposer != actor or not proposal.consented:
            raise ConsentRequired(
                "in pair go a player resigns only after the partner consented (seed 004 3.7): "
                "propose the resignation first"
            )
    return end(m, m.board.result(other_side(actor.side), "resignation"), now)


def _check_turn(m: MatchState, actor: Actor, what: str) -> None:
    turn = m.turn
    if m.status not in ("playing", "paused", "adjourned") or turn is None:
        raise WrongPhase(f"nobody may {what} now: {DESCRIBE_STATUS[m.status]}")
    if actor != turn:
        raise NotYourTurn(f"only the player whose turn it is ({turn}) may {what} (seed 004 3.7)")


def _propose_resignation(
    m: MatchState, a: A.ProposeResignation, now: float, actor: Actor
) -> MatchState:
    if not m.settings.pair:
        raise WrongPhase("resignation is proposed to a partner only in pair go; just resign")
    _check_turn(m, actor, "propose a resignation")
    return replace(m, resignation=ResignationProposal(actor))


def _answer_resignation(m: MatchState, actor: Actor, consent: bool) -> MatchState:
    if not m.settings.pair:
        raise WrongPhase("there are no partners to consult outside pair go")
    proposal = m.resignation
    if proposal is None or proposal.consented:
        raise WrongPhase("no resignation proposal awaits an answer")
    partner = proposal.proposer
    if actor.side != partner.side or actor.role == partner.role:
        raise NotPermitted(f"only the {partner}'s partner answers the proposal")
    return replace(m, resignation=ResignationProposal(partner, True) if consent else None)


def _consent_resignation(
    m: MatchState, a: A.ConsentResignation, now: float, actor: Actor
) -> MatchState:
    return _answer_resignation(m, actor, True)


def _refuse_resignation(
    m: MatchState, a: A.RefuseResignation, now: float, actor: Actor
) -> MatchState:
    return _answer_resignation(m, actor, False)


def _claim(m: MatchState, a: A.Claim, now: float, actor: Actor) -> MatchState:
    if not isinstance(m.board, ToguzBoard):
        raise ClaimRejected(f"the claim {a.ground!r} is a Toguz Korgool rule")
    conduct = m._toguz_conduct()
    assert actor.side is not None
    if a.ground == "repetition":
        require(m, "playing")
        why = m._repetition_draw(conduct)
        if why is not None:
            raise ClaimRejected(why)
        return end(m, m.board.result(None, "repetition"), now)
    if a.ground == "draw-offers":
        require(m, "playing", "paused", "adjourned")
        opponent = other_side(actor.side)
        made = m.draw_offers_made(opponent)
        if made <= conduct.max_draw_offers:
            raise ClaimRejected(
                f"{opponent.capitalize()} made {made} draw offer(s); the claim needs more than "
                f"{conduct.max_draw_offers} (seed 000 8.2)"
            )
        return end(m, m.board.result(actor.side, "draw-offers"), now)
    require(m, "playing")
    if not m._cap_reached():
        cap = conduct.move_cap
        raise ClaimRejected(
            "this event has no move cap"
            if cap is None
            else f"the move cap is {cap} full moves; {m.board.full_moves()} are played"
        )
    return suspend(m, now, "awaiting-decision", awaiting="move-cap")


def _mark_dead(m: MatchState, a: A.MarkDead, now: float, actor: Actor) -> MatchState:
    require(m, "marking")
    return replace(m, board=m.go.mark(a.point))


def _accept_marking(m: MatchState, a: A.AcceptMarking, now: float, actor: Actor) -> MatchState:
    require(m, "marking")
    assert actor.side is not None
    if actor.side in m.go.position.accepted:
        raise WrongPhase(f"{actor.side.capitalize()} has already accepted this marking")
    board = m.go.accept(actor.side)
    new = replace(m, board=board)
    ended = board.board_result()
    return end(new, ended, now) if ended is not None else new


def _resume_play(m: MatchState, a: A.ResumePlay, now: float, actor: Actor) -> MatchState:
    require(m, "marking")
    board = m.go.resume()
    clock = m.clock.resume(now) if m.clocked else m.clock
    return replace(m, board=board, clock=clock, status="playing", turn_time=0.0, turn_since=now)


def _arrive(m: MatchState, a: A.Arrive, now: float, actor: Actor) -> MatchState:
    if actor in m.present:
        raise WrongPhase(f"the {actor} has already arrived")
    return arrived(m, actor, now)


def _flag_fall(m: MatchState, a: A.FlagFall, now: float, actor: Actor) -> MatchState:
    if flag_due(m, now, 0.0) != a.side:
        raise ClaimRejected(f"{a.side}'s flag has not fallen")
    board = m.board
    return end(m, board.flag_result(a.side), now)


def _late_forfeit(m: MatchState, a: A.LateForfeit, now: float, actor: Actor) -> MatchState:
    late = late_due(m, now)
    if tuple(sorted(late)) != a.sides:
        raise ClaimRejected(
            "no late-arrival forfeit is due now"
            if not late
            else f"the late-arrival forfeit is due for {' and '.join(late)}"
        )
    if len(late) == 2:
        return end(m, MatchResult.double_forfeit(m.kind, "late-arrival"), now)
    return end(m, m.board.result(other_side(late[0]), "late-arrival"), now)


HANDLERS: dict[type[A.Action], Callable[[MatchState, Any, float, Actor], MatchState]] = {
    A.Move: _move,
    A.AcceptDraw: _accept_draw,
    A.DeclineDraw: _decline_draw,
    A.Resign: _resign,
    A.ProposeResignation: _propose_resignation,
    A.ConsentResignation: _consent_resignation,
    A.RefuseResignation: _refuse_resignation,
    A.Claim: _claim,
    A.MarkDead: _mark_dead,
    A.AcceptMarking: _accept_marking,
    A.ResumePlay: _resume_play,
    A.Arrive: _arrive,
    A.FlagFall: _flag_fall,
    A.LateForfeit: _late_forfeit,
}
"""The handler of each player's action (and of the clock's and arrival's decisions)."""
