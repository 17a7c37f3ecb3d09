"""What a live game does not allow a client: :class:`Refused` with the protocol's reason word
(docs/play-protocol.md, "Errors"), the reason word of each match error, and
:func:`database_unavailable` (the database cannot be reached: ``unavailable``, try again)."""

from __future__ import annotations

from sqlalchemy import exc as sa

from arbiter.errors import ArbiterError
from arbiter.match import MatchError
from arbiter.match import errors as E

__all__ = ["UNAVAILABLE", "Refused", "database_unavailable", "reason_of"]

UNAVAILABLE = "the database is not answering (restarting?): nothing was stored, try again"
"""The message of the ``unavailable`` error."""

_REASONS: dict[type[MatchError], str] = {
    E.NotYourTurn: "not-your-turn",
    E.IllegalMatchMove: "illegal-move",
    E.DrawOfferRefused: "draw-offer-refused",
    E.ConsentRequired: "consent-required",
    E.ClaimRejected: "claim-rejected",
    E.NotPermitted: "not-permitted",
    E.GameOver: "game-over",
    E.WrongPhase: "wrong-phase",
    E.Overdue: "overdue",
    E.TimeWentBack: "time-went-back",
    E.ClockRefused: "clock-refused",
    E.ActionError: "malformed",
}


class Refused(ArbiterError):
    """A client's request the game does not allow; ``reason`` is the protocol's word."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def reason_of(exc: MatchError) -> str:
    """The protocol's reason word for a match error."""
    for cls in type(exc).__mro__:
        if cls in _REASONS and issubclass(cls, MatchError):
            return _REASONS[cls]
    return "refused"


def database_unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` says the database could not be reached or its connection broke (the
    server restarting, the network): the request was not stored and may be sent again — as
    opposed to a bug, which stays an internal error. A commit whose connection broke after
    the server stored it is safe to resend too: the room finds the event taken, reloads, and
    the resent move is then refused as out of turn."""
    if isinstance(exc, sa.OperationalError | sa.InterfaceError):
        return True
    if isinstance(exc, sa.DBAPIError) and exc.connection_invalidated:
        return True
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is a dependency
        return False
    return isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError)
