"""What a live game does not allow a client: :class:`Refused` with the protocol's reason word
(docs/play-protocol.md, "Errors"), and the reason word of each match error."""

from __future__ import annotations

from arbiter.errors import ArbiterError
from arbiter.match import MatchError
from arbiter.match import errors as E

__all__ = ["Refused", "reason_of"]

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
