"""What the server refuses, as exceptions that carry their HTTP status: raised by the services
(:mod:`arbiter.server.services.errors` names them too, with the translation of the core's
errors) and by the server's own machinery below them (the computer's quotas); the API
answers each with ``{"error": {"status", "message", "field", "current"}}``, the web pages show
the message."""

from __future__ import annotations

from typing import Any

__all__ = [
    "BadRequest",
    "Busy",
    "Conflict",
    "Forbidden",
    "Invalid",
    "NotAvailable",
    "NotFound",
    "ServiceError",
    "TooManyRequests",
    "Unauthenticated",
]


class ServiceError(Exception):
    """A refused request: ``status`` (HTTP), ``message``, the ``field`` at fault if any."""

    status = 400

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class BadRequest(ServiceError):
    """The request cannot be read (not JSON, not UTF-8, a missing upload)."""

    status = 400


class Unauthenticated(ServiceError):
    """Signing in is needed (or the credentials given are not valid)."""

    status = 401


class Forbidden(ServiceError):
    """Signed in, but the role does not allow it."""

    status = 403


class NotFound(ServiceError):
    """No such thing, or not visible to the caller."""

    status = 404


class Conflict(ServiceError):
    """The request conflicts with the current state; ``current`` is that state (e.g. the game
    as it is now, with its version)."""

    status = 409

    def __init__(self, message: str, field: str | None = None, current: Any = None) -> None:
        super().__init__(message, field)
        self.current = current


class Invalid(ServiceError):
    """A value the rules refuse."""

    status = 422


class TooManyRequests(ServiceError):
    """Too many attempts; ``retry_after`` seconds to wait."""

    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class NotAvailable(ServiceError):
    """A feature whose module is not part of this build yet."""

    status = 501


class Busy(TooManyRequests):
    """The server as a whole has no room for this now (the computer plays as many games as it
    may, the analyses' queue is full); ``retry_after`` seconds to wait."""

    status = 503
