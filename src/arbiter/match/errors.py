"""The reasons a match refuses an action.

Every refused action raises a :class:`MatchError` (an :class:`~arbiter.errors.ArbiterError`,
so a ``ValueError``) whose message says why in one line, and the match is left exactly as it
was. The subclasses let a server answer precisely (e.g. "not your turn" to the client) without
reading the message.
"""

from __future__ import annotations

from arbiter.errors import ArbiterError

__all__ = [
    "ActionError",
    "ClaimRejected",
    "ClockRefused",
    "ConsentRequired",
    "DrawOfferRefused",
    "GameOver",
    "IllegalMatchMove",
    "MatchError",
    "NotPermitted",
    "NotYourTurn",
    "Overdue",
    "TimeWentBack",
    "WrongPhase",
]


class MatchError(ArbiterError):
    """An action the match refuses; nothing changed."""


class ActionError(MatchError):
    """An action or log entry that is malformed (unknown type, a field of the wrong kind)."""


class NotPermitted(MatchError):
    """The actor may not take this action at all (a referee's action by a player, a move by
    someone who does not play in the game)."""


class NotYourTurn(MatchError):
    """A move (or a turn-bound action) by a player whose turn it is not."""


class IllegalMatchMove(MatchError):
    """A move the rules of the game do not allow; the message is the engine's reason."""


class WrongPhase(MatchError):
    """An action that does not fit the state of the game now (a move before the start or
    during the dead-stone phase, a resumption when nothing is paused)."""


class GameOver(WrongPhase):
    """Any action after the result is set."""


class DrawOfferRefused(MatchError):
    """A draw offer, acceptance or decline the conduct rules do not allow now."""


class ConsentRequired(MatchError):
    """Pair go: a resignation without the partner's consent (seed 004 3.7)."""


class ClaimRejected(MatchError):
    """A claim whose grounds do not hold (no repetition, no excess draw offers, the move cap
    not reached, no flag down)."""


class ClockRefused(MatchError):
    """A clock correction the clock refuses (it would leave no time, the clock is stopped)."""


class Overdue(MatchError):
    """Something already happened that must be applied first: a flag has fallen or a
    late-arrival forfeit is due at this instant. Call :meth:`Match.tick` first."""


class TimeWentBack(MatchError):
    """An action at an instant before the last one in the log."""
