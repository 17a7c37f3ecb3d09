"""The error answer every operation may give, and what each status means."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

__all__ = [
    "ERROR_WORDS",
    "WRITE_ERRORS",
    "ErrorBody",
    "ErrorDetail",
    "error_responses",
]


class ErrorDetail(BaseModel):
    """What went wrong."""

    status: int = Field(description="the HTTP status")
    message: str = Field(description="one readable line naming the problem")
    field: str | None = Field(None, description="the request field at fault, if one is")
    current: Any = Field(None, description="409: the current state (e.g. the game's version)")


class ErrorBody(BaseModel):
    """Every error answer."""

    error: ErrorDetail


#: What each error status means, as the OpenAPI schema says it.
ERROR_WORDS = {
    400: "the request cannot be read",
    401: "sign in (or a valid token) is needed",
    403: "the caller's role does not allow it",
    404: "no such thing (or not visible to the caller)",
    409: "conflicts with the current state (stale version, already done)",
    413: "the request body is larger than the server takes",
    422: "a value is refused (the message says why)",
    429: "too many attempts: wait Retry-After seconds",
    501: "not available in this build yet",
    503: "the database is busy or unreachable: try again after Retry-After seconds",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error answers an operation's service gives (the answers every
    operation of its kind gives are added by :mod:`arbiter.server.api.openapi`)."""
    return {s: {"model": ErrorBody, "description": ERROR_WORDS[s]} for s in statuses}


#: The refusals of a change to an event: signed out, not allowed, not found, stale, refused.
WRITE_ERRORS = error_responses(401, 403, 404, 409, 422)
