"""The abort of a casual game whose first moves are not made (as lichess does): until each side
has made its first move, the side to move has :data:`~arbiter.server.play.extras.ABORT_AFTER`
seconds from the start of its turn; past that the server aborts the game (no result, not
rated). Not in events, not in correspondence games (a day per move is no 30 seconds).

Pure: the state (:meth:`arbiter.server.play.state.GameState.due_at`) asks :func:`abort_at` when
the server must look, the builder (:meth:`arbiter.server.play.builder.Builder.settle`) applies
it.

>>> from arbiter.match import Actor, Match, MatchSettings, Start
>>> m = Match.new(MatchSettings.toguz("5m")).apply(Start(), 10.0, Actor.referee())
>>> abort_at(m, casual=True, epoch=1000.0), abort_at(m, casual=False, epoch=1000.0)
(1040.0, None)
"""

from __future__ import annotations

from arbiter.clock import is_correspondence
from arbiter.match import Match
from arbiter.server.play.extras import ABORT_AFTER

__all__ = ["abort_at"]


def abort_at(
    match: Match, *, casual: bool, epoch: float, computer: str | None = None
) -> float | None:
    """The Unix time at which a casual game is aborted if the side to move has not made its
    first move (``None``: no abort is pending). ``computer``: the seat the computer plays —
    its own thinking never aborts a game."""
    if not casual or match.status != "playing" or match.ply >= 2 or not match.clocked:
        return None
    if computer is not None and match.to_move == computer:
        return None
    if is_correspondence(match.settings.time_control):
        return None
    began = match.clock.turn_started
    if began is None:
        return None
    return epoch + began + ABORT_AFTER
