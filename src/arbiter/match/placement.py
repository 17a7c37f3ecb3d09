"""Black places free handicap stones (seed 002 appendix 1, note: «При игре по китайским
правилам форовые камни выставляются черными на доску произвольным образом» — with Chinese
rules Black places the handicap stones on the board freely).

The game opens with Black's clock running and an empty board; each
:class:`~arbiter.match.actions.PlaceHandicap` puts one stone on an empty point, and the last
one presses Black's clock, as a move would: White moves first, as in every handicap game
(seed 002 1.4). Until then White cannot move and Black cannot play an ordinary move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arbiter.i18n import N_
from arbiter.match import actions as A
from arbiter.match.actors import Actor
from arbiter.match.errors import NotYourTurn, WrongPhase
from arbiter.match.go import GoBoard
from arbiter.match.state import MatchState
from arbiter.match.steps import require

__all__ = ["HANDLERS"]


def _place(m: MatchState, a: A.PlaceHandicap, now: float, actor: Actor) -> MatchState:
    require(m, "playing")
    board = m.board
    if not isinstance(board, GoBoard) or not board.placing:
        raise WrongPhase(N_("there are no free handicap stones to place in this game"))
    if actor.side != "black":
        raise NotYourTurn(N_("Black places the handicap stones; White moves after them"))
    board, last = board.place(a.point)
    if not last:
        return replace(m, board=board)
    clock = m.clock
    if m.clocked:
        clock = clock.press(now)
    return replace(m, board=board, clock=clock, turn_time=0.0, turn_since=now)


HANDLERS: dict[type[A.Action], Callable[[MatchState, Any, float, Actor], MatchState]] = {
    A.PlaceHandicap: _place,
}
